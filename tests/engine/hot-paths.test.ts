/**
 * The public engine's hot paths (docs/fast-path.md, "The public engine's hot path") against the
 * plain definitions they stand for, over random games of every mode: light at a round's start
 * (toward the sun over the occupied cells) against lightReport's shadows, legal moves listed from
 * the board's 37-cell sets kept from state to state against the same position rebuilt from its
 * notation (fresh arrays: the sets computed from scratch), random play — which applies its own
 * listed moves unchecked — against the same moves applied through the checked applyMove, and random
 * play in place (no onMove: one private copy changed move by move) against the same game played a
 * new state per move.
 */
import { describe, expect, it } from "vitest";
import {
  applyMove,
  createGame,
  fromNotation,
  legalMoves,
  lightReport,
  playOutRandomly,
  toNotation,
  type GameOptionsInput,
  type GameState,
} from "../../src/engine";
import { CELL_COUNT } from "../../src/engine/board";
import { M_EXT_PLAY, M_PLACE, MoveList, moveA, moveCode, moveSub, moveType } from "../../src/engine/codes";
import { pushCells } from "../../src/engine/masks";
import { lightGainsFor } from "../../src/engine/light";
import { P_MOVE, moveTargets } from "../../src/engine/moonlight/play";

const MODES: GameOptionsInput[] = [
  { players: 4 },
  { players: 2, heavyShade: true },
  { players: 3, longGame: true },
  { players: 4, moonlight: { greatTree: true, moonstones: true } },
  { players: 3, heavyShade: true, moonlight: { greatTree: true, moonstones: false } },
  { players: 2, moonlight: { greatTree: false, moonstones: true } },
];

/** Every state of a random game (the start included). */
function statesOf(options: GameOptionsInput, seed: number): GameState[] {
  const created = createGame({ ...options, seed });
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.state];
  playOutRandomly(created.state, seed, (_before, _code, after) => states.push(after));
  return states;
}

describe.each(MODES.map((m) => [JSON.stringify(m), m] as const))("%s", (_name, options) => {
  it("light at a round's start equals lightReport's totals, for every sun", () => {
    let compared = 0;
    for (const seed of [1, 2]) {
      const states = statesOf(options, seed);
      for (let i = 0; i < states.length; i += 3) {
        const s = states[i];
        if (s.phase !== "play") continue;
        for (let sun = 0; sun < 6; sun++) expect(lightGainsFor(s, sun)).toEqual(lightReport(s, sun).perSeat);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("legal moves are those of the same position rebuilt from its notation", () => {
    const states = [...statesOf(options, 3), ...statesOf(options, 4)];
    for (let i = 0; i < states.length; i += 2) {
      const s = states[i];
      const kept = legalMoves(s);
      const rebuilt = fromNotation(toNotation(s));
      if (!rebuilt.ok) throw new Error(rebuilt.error.message);
      expect(legalMoves(rebuilt.state)).toEqual(kept);
      // and back, after another board was listed in between
      expect(legalMoves(s)).toEqual(kept);
    }
  });

  it("random play's unchecked moves are accepted by the checked applyMove, with the same states and events", () => {
    const created = createGame({ ...options, seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const steps: { code: number; after: GameState; events: unknown }[] = [];
    playOutRandomly(created.state, 5, (_before, code, after, events) => steps.push({ code, after, events }));
    expect(steps.length).toBeGreaterThan(50);
    // a copy of each state is not the object just listed: applyMove checks every move
    let state: GameState = structuredClone(created.state);
    for (const step of steps) {
      const r = applyMove(structuredClone(state), step.code);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      expect(r.state).toEqual(step.after);
      expect(r.events).toEqual(step.events);
      state = r.state;
    }
  });

  it("random play in place plays the same games as a new state per move, and changes nothing it was given", () => {
    for (let seed = 10; seed < 30; seed++) {
      const created = createGame({ ...options, seed });
      if (!created.ok) throw new Error(created.error.message);
      // from the start, and from a state in the middle of the game (the expansion's part well used)
      const middle = statesOf(options, seed + 100);
      for (const start of [created.state, middle[Math.floor(middle.length / 2)]]) {
        const before = structuredClone(start);
        const inPlace = playOutRandomly(start, seed);
        // the last listing (with the end of turn that ended the game) was of the object since
        // changed in place: applyMove checks again
        const again = applyMove(inPlace.state, 0);
        expect(again.ok ? "applied" : again.error.code).toBe("GAME_OVER");
        const fresh = playOutRandomly(start, seed, () => undefined);
        expect(inPlace.moves).toEqual(fresh.moves);
        expect(inPlace.state).toStrictEqual(fresh.state);
        expect(start).toStrictEqual(before);
        // and the board sets kept for listing were not left stale by a board changed in place
        const rebuilt = fromNotation(toNotation(middle[10]));
        if (!rebuilt.ok) throw new Error(rebuilt.error.message);
        expect(legalMoves(middle[10])).toEqual(legalMoves(rebuilt.state));
      }
    }
  });
});

describe("Moonlight's animal moves", () => {
  it("are moveTargets', in its order (the squirrel's from a table, the others' from the neighbour set)", () => {
    let compared = 0;
    let squirrels = 0;
    for (const options of MODES.filter((o) => o.moonlight !== undefined))
      for (let seed = 40; seed < 60; seed++)
        for (const s of statesOf(options, seed)) {
          const m = s.moon;
          if (s.phase !== "play" || !m || m.moved) continue;
          const mp = m.players[s.current];
          if (mp.animal === null || mp.cell < 0) continue;
          const moves = legalMoves(s)
            .filter((code) => moveType(code) === M_EXT_PLAY && moveSub(code) === P_MOVE)
            .map(moveA);
          expect(moves).toEqual(moveTargets(m, s.current, mp.cell));
          compared++;
          if (mp.animal === "squirrel") squirrels++;
        }
    expect(compared).toBeGreaterThan(500);
    expect(squirrels).toBeGreaterThan(50);
  });
});

describe("masks.ts's pushCells (a 37-cell set's cells into move codes)", () => {
  /** The codes pushed for the cells `cells`, after one code already listed. */
  function pushed(code: number, cells: number[]): number[] {
    let lo = 0;
    let hi = 0;
    for (const c of cells) {
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    const out = new MoveList(1);
    out.push(-1);
    pushCells(out, code, lo, hi);
    return out.toArray();
  }
  it("pushes each cell of both words once, by increasing cell, after what the list held (growing it)", () => {
    const all = Array.from({ length: CELL_COUNT }, (_, c) => c);
    expect(pushed(M_PLACE, [...all].reverse())).toEqual([-1, ...all.map((c) => moveCode(M_PLACE, c))]);
    // cell 31 is the low word's sign bit; 32 and 36 the high word's ends
    expect(pushed(M_PLACE, [36, 31, 0, 32])).toEqual([-1, ...[0, 31, 32, 36].map((c) => moveCode(M_PLACE, c))]);
  });
  it("pushes nothing for the empty set", () => {
    expect(pushed(M_PLACE, [])).toEqual([-1]);
  });
});
