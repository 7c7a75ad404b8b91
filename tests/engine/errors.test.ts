/**
 * Every error code the engine can return (RuleErrorCode), each from a position in the notation;
 * a refused action leaves the state exactly as it was (the state is deep-frozen, so any attempt to
 * mutate it would also throw).
 */
import { describe, expect, it } from "vitest";
import { applyAction, createGame, fromNotation, resign, type RuleErrorCode } from "../../src/engine";
import { deepFreeze, expectRefused, pos } from "./support";

// a: seed d3, small d4, large d6; b: small d5. Sun at position 1 (shadows west): d5 shades d4.
const BOARD = "..../...../....../..a0a1b1a3./....../...../....";
const RICH = `PS1 2:00000000:a R2 a a 0 ${BOARD} 20:3000:1100:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
const POOR = `PS1 2:00000000:a R2 a a 0 ${BOARD} 0:3000:1100:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
const NO_SEED = `PS1 2:00000000:a R2 a a 0 ${BOARD} 20:3000:0100:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
const USED = `PS1 2:00000000:a R2 a a 0 ${BOARD} 20:3000:1100:-/0:4000:0000:- 9.7.5.0 d4.c3 0 00000000`;
const HEAVY = `PS1 2H:00000000:a R2 a a 0 ${BOARD} 20:3000:1110:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
const ENDED = `PS1 2:00000000:a E18 b b 2 ${BOARD} 20:3000:1100:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
const SETUP =
  "PS1 2:00000000:a S0 b b 1 a1.../...../....../......./....../...../.... 0:4432:2310:-/0:4432:2410:- 9.7.5.0 - 1 00000000";
const SETUP_NO_SMALL =
  "PS1 2:00000000:a S0 a a 2 a1.../...../....../......./....../...../...b1 0:4432:2010:-/0:4432:2310:- 9.7.5.0 - 2 00000000";

const ACTION_ERRORS: [RuleErrorCode, string, unknown][] = [
  ["MALFORMED_ACTION", RICH, null],
  ["MALFORMED_ACTION", RICH, undefined],
  ["MALFORMED_ACTION", RICH, 42],
  ["MALFORMED_ACTION", RICH, "endTurn"],
  ["MALFORMED_ACTION", RICH, []],
  ["MALFORMED_ACTION", RICH, [{ type: "endTurn" }]],
  ["MALFORMED_ACTION", RICH, {}],
  ["MALFORMED_ACTION", RICH, { type: 7 }],
  ["MALFORMED_ACTION", RICH, { type: "fly" }],
  ["MALFORMED_ACTION", RICH, { type: "EndTurn" }],
  ["MALFORMED_ACTION", RICH, { type: "resign", seat: 0 }],
  ["MALFORMED_ACTION", RICH, { type: "toString" }],
  ["MALFORMED_ACTION", RICH, { type: "buy" }],
  ["MALFORMED_ACTION", RICH, { type: "buy", piece: "tree" }],
  ["MALFORMED_ACTION", RICH, { type: "buy", piece: 0 }],
  ["MALFORMED_ACTION", RICH, { type: "grow" }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: null }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: { q: 0 } }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: { q: "0", r: "0" } }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: { q: 0.5, r: 0 } }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: [0, 0] }],
  ["MALFORMED_ACTION", RICH, { type: "grow", cell: 18 }],
  ["MALFORMED_ACTION", RICH, { type: "collect", cell: true }],
  ["MALFORMED_ACTION", RICH, { type: "plant", from: "d4" }],
  ["MALFORMED_ACTION", RICH, { type: "plant", to: "c3" }],
  ["MALFORMED_ACTION", RICH, { type: "endTurn", seat: "a" }],
  ["MALFORMED_ACTION", RICH, { type: "endTurn", seat: 0.5 }],
  ["MALFORMED_ACTION", RICH, { type: "endTurn", seat: null }],
  ["MALFORMED_ACTION", SETUP, { type: "place" }],
  ["GAME_OVER", ENDED, { type: "endTurn" }],
  ["GAME_OVER", ENDED, { type: "grow", cell: "d4" }],
  ["GAME_OVER", ENDED, { type: "buy", piece: "seed", seat: 1 }],
  ["NOT_YOUR_TURN", RICH, { type: "endTurn", seat: 1 }],
  ["NOT_YOUR_TURN", RICH, { type: "buy", piece: "seed", seat: 3 }],
  ["NOT_YOUR_TURN", SETUP, { type: "place", cell: "a4", seat: 0 }],
  ["WRONG_PHASE", SETUP, { type: "endTurn" }],
  ["WRONG_PHASE", SETUP, { type: "buy", piece: "seed" }],
  ["WRONG_PHASE", RICH, { type: "place", cell: "a1" }],
  ["NOT_ON_BOARD", RICH, { type: "grow", cell: { q: 4, r: 0 } }],
  ["NOT_ON_BOARD", RICH, { type: "grow", cell: { q: 2, r: 2 } }],
  ["NOT_ON_BOARD", RICH, { type: "grow", cell: "h1" }],
  ["NOT_ON_BOARD", RICH, { type: "grow", cell: "d8" }],
  ["NOT_ON_BOARD", RICH, { type: "collect", cell: { q: 0, r: -4 } }],
  ["NOT_ON_BOARD", RICH, { type: "plant", from: "d4", to: { q: -4, r: 4 } }],
  ["NOT_ON_BOARD", RICH, { type: "plant", from: { q: 1e9, r: 0 }, to: "c3" }],
  ["NOT_ON_BOARD", SETUP, { type: "place", cell: { q: 3, r: 1 } }],
  ["NOT_AN_EDGE_CELL", SETUP, { type: "place", cell: "d4" }],
  ["NOT_AN_EDGE_CELL", SETUP, { type: "place", cell: "b2" }],
  ["CELL_OCCUPIED", SETUP, { type: "place", cell: "a1" }],
  ["CELL_OCCUPIED", RICH, { type: "plant", from: "d4", to: "d5" }],
  ["CELL_OCCUPIED", RICH, { type: "plant", from: "d4", to: "d3" }],
  ["CELL_EMPTY", RICH, { type: "grow", cell: "d7" }],
  ["CELL_EMPTY", RICH, { type: "collect", cell: "c3" }],
  ["CELL_EMPTY", RICH, { type: "plant", from: "c3", to: "c4" }],
  ["NOT_YOUR_PIECE", RICH, { type: "grow", cell: "d5" }],
  ["NOT_YOUR_PIECE", RICH, { type: "collect", cell: "d5" }],
  ["NOT_YOUR_PIECE", RICH, { type: "plant", from: "d5", to: "c4" }],
  ["WRONG_SIZE", RICH, { type: "grow", cell: "d6" }],
  ["WRONG_SIZE", RICH, { type: "collect", cell: "d4" }],
  ["WRONG_SIZE", RICH, { type: "collect", cell: "d3" }],
  ["WRONG_SIZE", RICH, { type: "plant", from: "d3", to: "d2" }],
  ["OUT_OF_RANGE", RICH, { type: "plant", from: "d4", to: "b2" }],
  ["OUT_OF_RANGE", RICH, { type: "plant", from: "d6", to: "d2" }],
  ["CELL_ALREADY_USED", USED, { type: "grow", cell: "d4" }],
  ["CELL_ALREADY_USED", USED, { type: "plant", from: "d4", to: "c4" }],
  ["CELL_ALREADY_USED", USED, { type: "plant", from: "d6", to: "c3" }],
  ["NOT_ENOUGH_LIGHT", POOR, { type: "buy", piece: "seed" }],
  ["NOT_ENOUGH_LIGHT", POOR, { type: "grow", cell: "d3" }],
  ["NOT_ENOUGH_LIGHT", POOR, { type: "plant", from: "d4", to: "c3" }],
  ["NOT_ENOUGH_LIGHT", POOR, { type: "collect", cell: "d6" }],
  ["NOT_AVAILABLE", RICH, { type: "grow", cell: "d4" }],
  ["NOT_AVAILABLE", NO_SEED, { type: "plant", from: "d4", to: "c3" }],
  ["NOT_AVAILABLE", SETUP_NO_SMALL, { type: "place", cell: "a4" }],
  ["COLUMN_EMPTY", RICH, { type: "buy", piece: "small" }],
  ["COLUMN_EMPTY", RICH, { type: "buy", piece: "large" }],
  ["IN_SHADOW", HEAVY, { type: "grow", cell: "d4" }],
  ["IN_SHADOW", HEAVY, { type: "plant", from: "d4", to: "c3" }],
];

describe("every error code, state untouched", () => {
  it.each(ACTION_ERRORS)("%s: %s + %o", (code, text, action) => {
    expectRefused(pos(text), action, code);
  });

  it("ALREADY_RESIGNED", () => {
    const state = pos(`PS1 2:00000000:a R2 a a 0 ${BOARD} 20:3000:1100:-/0:4000:0000:-! 9.7.5.0 - 0 00000000`);
    const before = structuredClone(state);
    const r = resign(state, 1);
    expect(r.ok ? "ok" : r.error.code).toBe("ALREADY_RESIGNED");
    expect(state).toEqual(before);
  });

  it("BAD_OPTIONS and BAD_NOTATION", () => {
    const created = createGame({ players: 7 });
    expect(created.ok ? "ok" : created.error.code).toBe("BAD_OPTIONS");
    const parsed = fromNotation("PS1");
    expect(parsed.ok ? "ok" : parsed.error.code).toBe("BAD_NOTATION");
  });

  it("the tables above produce every code the engine declares", () => {
    const declared: Record<RuleErrorCode, true> = {
      MALFORMED_ACTION: true,
      GAME_OVER: true,
      NOT_YOUR_TURN: true,
      WRONG_PHASE: true,
      NOT_ON_BOARD: true,
      NOT_AN_EDGE_CELL: true,
      CELL_OCCUPIED: true,
      CELL_EMPTY: true,
      NOT_YOUR_PIECE: true,
      WRONG_SIZE: true,
      OUT_OF_RANGE: true,
      CELL_ALREADY_USED: true,
      NOT_ENOUGH_LIGHT: true,
      NOT_AVAILABLE: true,
      COLUMN_EMPTY: true,
      IN_SHADOW: true,
      ALREADY_RESIGNED: true,
      BAD_OPTIONS: true,
      BAD_NOTATION: true,
    };
    const produced = new Set<string>(ACTION_ERRORS.map(([code]) => code));
    produced.add("ALREADY_RESIGNED").add("BAD_OPTIONS").add("BAD_NOTATION");
    expect(produced).toEqual(new Set(Object.keys(declared)));
  });

  it("the same actions, made legal by the position, are accepted", () => {
    // guards against a table that only passes because a position is broken
    const rich = deepFreeze(pos(RICH));
    for (const action of [
      { type: "grow", cell: "d3" },
      { type: "plant", from: "d4", to: "c3" },
      { type: "plant", from: "d6", to: "b4" },
      { type: "collect", cell: "d6" },
      { type: "buy", piece: "seed" },
      { type: "endTurn", seat: 0 },
    ]) {
      const r = applyAction(rich, action);
      expect(r.ok, JSON.stringify(action)).toBe(true);
    }
    expect(applyAction(pos(SETUP), { type: "place", cell: "a4" }).ok).toBe(true);
    expect(applyAction(pos(HEAVY), { type: "plant", from: "d6", to: "b4" }).ok).toBe(true);
  });
});
