/**
 * docs/rules.md §3 (start), §4 (setup and round structure), §6 (end of game, scoring, tie-breaks), §7
 * long game, and resignation (a service rule: a resigned seat's turns end by themselves and it
 * cannot win).
 */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  EDGE_CELLS,
  applyAction,
  computeScores,
  createGame,
  legalActions,
  resign,
  toNotation,
  winnersOf,
  type GameEvent,
  type GameState,
} from "../../src/engine";
import { EMPTY_BOARD, deepFreeze, eventsOf, expectRefused, play, pos } from "./support";

function create(options: Parameters<typeof createGame>[0]): GameState {
  const r = createGame(options);
  if (!r.ok) throw new Error(r.error.message);
  return deepFreeze(r.state);
}

/** Resign, which must be accepted. */
function resigned(state: GameState, seat: number): { state: GameState; events: GameEvent[] } {
  const r = resign(state, seat);
  if (!r.ok) throw new Error(r.error.message);
  return { state: deepFreeze(r.state), events: r.events };
}

/** Setup on the six corners (no corner shades another), then everyone ends every turn. */
const CORNERS = ["a1", "a4", "d1", "d7", "g1", "g4", "a2", "g2"];
function setUp(state: GameState): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (let i = 0; s.phase === "setup"; i++) {
    const r = play(s, { type: "place", cell: CORNERS[i] });
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
function endEveryTurn(state: GameState): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  while (s.phase === "play") {
    const r = play(s, { type: "endTurn" });
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

describe("creating a game (§3, §4.1)", () => {
  it("starts in setup with full player boards, 2 seeds + 4 small + 1 medium available, no light", () => {
    const state = create({ players: 3, firstPlayer: 1, seed: 5 });
    expect(state.phase).toBe("setup");
    expect(state.round).toBe(0);
    expect(state.current).toBe(1);
    expect(state.firstPlayer).toBe(1);
    for (const p of state.players) {
      expect(p).toEqual({ light: 0, board: [4, 4, 3, 2], available: [2, 4, 1, 0], tokens: [], resigned: false });
    }
    expect(state.options).toEqual({ players: 3, longGame: false, heavyShade: false, firstPlayer: 1, seed: 5 });
    expect(toNotation(state)).toBe(
      `PS1 3:00000005:b S0 b b 0 ${EMPTY_BOARD} 0:4432:2410:-/0:4432:2410:-/0:4432:2410:- 9.7.5.3 - 0 00000005`,
    );
  });

  it("draws the first player from the seed when the creator does not fix it", () => {
    const seen = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const a = create({ players: 4, seed });
      expect(create({ players: 4, seed }).firstPlayer).toBe(a.firstPlayer);
      expect(a.current).toBe(a.firstPlayer);
      expect(a.options.firstPlayer).toBe(a.firstPlayer);
      seen.add(a.firstPlayer);
    }
    expect(seen).toEqual(new Set([0, 1, 2, 3]));
  });

  it.each([
    [{ players: 1 }],
    [{ players: 5 }],
    [{ players: 2.5 }],
    [{ players: "2" }],
    [{}],
    [null],
    [{ players: 2, seed: -1 }],
    [{ players: 2, seed: 2 ** 32 }],
    [{ players: 2, seed: 1.5 }],
    [{ players: 3, firstPlayer: 3 }],
    [{ players: 3, firstPlayer: -1 }],
    [{ players: 3, firstPlayer: 0.5 }],
    // an option the engine does not know, or a value it does not take, is refused, never dropped
    [{ players: 2, colour: "red" }],
    [{ players: 2, longgame: true }],
    [{ players: 2, longGame: "yes" }],
    [{ players: 2, heavyShade: 1 }],
    [{ players: 2, seed: "7" }],
    [{ players: 2, toString: "x" }],
  ])("refuses %o with BAD_OPTIONS", (options) => {
    const r = createGame(options as never);
    expect(r.ok ? "ok" : r.error.code).toBe("BAD_OPTIONS");
  });
});

describe("setup (§4.2)", () => {
  it.each([
    [2, 0, [0, 1, 0, 1]],
    [2, 1, [1, 0, 1, 0]],
    [3, 1, [1, 2, 0, 1, 2, 0]],
    [4, 2, [2, 3, 0, 1, 2, 3, 0, 1]],
  ])(
    "%d players, first player %d: placements in two clockwise rounds %o (not a snake)",
    (players, firstPlayer, order) => {
      let state = create({ players, firstPlayer, seed: 9 });
      const seats: number[] = [];
      const events: GameEvent[] = [];
      for (let i = 0; state.phase === "setup"; i++) {
        seats.push(state.current);
        const r = play(state, { type: "place", cell: CORNERS[i] });
        events.push(...r.events);
        state = r.state;
      }
      expect(seats).toEqual(order);
      expect(eventsOf(events, "placed").map((e) => e.seat)).toEqual(order);
      for (const p of state.players) {
        expect(p.available).toEqual([2, 2, 1, 0]);
        expect(p.board).toEqual([4, 4, 3, 2]);
      }
      // placing is free; then round 1 starts with the sun at its start corner and light is collected
      const tail = events.slice(events.findIndex((e) => e.type === "setupEnded"));
      expect(tail).toEqual([
        { type: "setupEnded" },
        { type: "roundStarted", round: 1, sun: 0, firstPlayer },
        ...Array.from({ length: players }, (_, seat) => ({
          type: "lightCollected",
          seat,
          amount: 2,
          lost: 0,
          light: 2,
        })),
        { type: "turnStarted", seat: firstPlayer, round: 1 },
      ]);
      expect(state.phase).toBe("play");
      expect(state.round).toBe(1);
      expect(state.current).toBe(firstPlayer);
    },
  );

  it("a small tree goes only on an empty edge cell, and nothing else can be done", () => {
    const start = create({ players: 2, firstPlayer: 0, seed: 1 });
    expect(legalActions(start).map((a) => a.type === "place" && a.cell)).toEqual(EDGE_CELLS.map((c) => CELLS[c]));
    const { state } = play(start, { type: "place", cell: "a1" });
    expect(legalActions(state)).toHaveLength(17);
    expectRefused(state, { type: "place", cell: "a1" }, "CELL_OCCUPIED");
    expectRefused(state, { type: "place", cell: "d4" }, "NOT_AN_EDGE_CELL");
    expectRefused(state, { type: "place", cell: "c3" }, "NOT_AN_EDGE_CELL");
    expectRefused(state, { type: "place", cell: "b2" }, "NOT_AN_EDGE_CELL");
    expectRefused(state, { type: "place", cell: { q: 4, r: -1 } }, "NOT_ON_BOARD");
    for (const action of [
      { type: "endTurn" },
      { type: "buy", piece: "seed" },
      { type: "grow", cell: "a1" },
      { type: "plant", from: "a1", to: "b1" },
      { type: "collect", cell: "a1" },
    ])
      expectRefused(state, action, "WRONG_PHASE");
    expect(state.players.map((p) => p.light)).toEqual([0, 0]);
  });

  it("placing needs a small tree in the available area", () => {
    const state = pos(`PS1 2:00000000:a S0 a a 0 ${EMPTY_BOARD} 0:4432:2010:-/0:4432:2410:- 9.7.5.0 - 0 00000000`);
    expectRefused(state, { type: "place", cell: "a1" }, "NOT_AVAILABLE");
    expect(legalActions(state)).toEqual([]);
  });

  it("after setup, placing is refused", () => {
    const { state } = setUp(create({ players: 2, firstPlayer: 0, seed: 1 }));
    expectRefused(state, { type: "place", cell: "b1" }, "WRONG_PHASE");
  });
});

describe("rounds (§4.3): photosynthesis, life cycle, first-player token", () => {
  it.each([
    [2, 0, false, 18],
    [3, 2, false, 18],
    [4, 1, false, 18],
    [2, 1, true, 24],
    [4, 3, true, 24],
  ])("%d players, first player %d, long game %s: %d rounds", (players, firstPlayer, longGame, rounds) => {
    const { state: ready } = setUp(create({ players, firstPlayer, longGame, seed: 3 }));
    const { state, events } = endEveryTurn(ready);
    const started = eventsOf(events, "roundStarted");
    // round 1 started during setup; the rest here
    expect(started.map((e) => e.round)).toEqual(Array.from({ length: rounds - 1 }, (_, i) => i + 2));
    for (const e of started) {
      expect(e.sun).toBe((e.round - 1) % 6);
      expect(e.firstPlayer).toBe((firstPlayer + e.round - 1) % players);
    }
    // turns go clockwise from the round's first player
    const turns = eventsOf(events, "turnStarted");
    const all = [{ seat: firstPlayer, round: 1 }, ...turns.map((t) => ({ seat: t.seat, round: t.round }))];
    expect(all).toHaveLength(rounds * players);
    all.forEach((t, i) => {
      const round = Math.floor(i / players) + 1;
      expect(t).toEqual({ seat: (firstPlayer + round - 1 + (i % players)) % players, round });
    });
    expect(eventsOf(events, "turnEnded")).toHaveLength(rounds * players);
    expect(state.phase).toBe("ended");
    expect(state.round).toBe(rounds);
    expect(events.at(-1)?.type).toBe("gameEnded");
    // light: each player's two corner trees collect 1 each in every round, capped at 20
    expect(state.players.map((p) => p.light)).toEqual(Array(players).fill(20));
  });

  it("the events at a round change come in order", () => {
    const state = pos(
      "PS1 3:00000000:a R4 c b 2 a1.../...../....../......./....../...../...b1 0:4000:0000:-/0:4000:0000:-/0:4000:0000:- 9.7.5.3 - 0 00000000",
    );
    const { state: s, events } = play(state, { type: "endTurn" });
    expect(events).toEqual([
      { type: "turnEnded", seat: 1 },
      { type: "roundStarted", round: 5, sun: 4, firstPlayer: 0 },
      { type: "lightCollected", seat: 0, amount: 1, lost: 0, light: 1 },
      { type: "lightCollected", seat: 1, amount: 1, lost: 0, light: 1 },
      { type: "lightCollected", seat: 2, amount: 0, lost: 0, light: 0 },
      { type: "turnStarted", seat: 0, round: 5 },
    ]);
    expect(toNotation(s)).toBe(
      "PS1 3:00000000:a R5 a a 0 a1.../...../....../......./....../...../...b1 1:4000:0000:-/1:4000:0000:-/0:4000:0000:- 9.7.5.3 - 1 00000000",
    );
  });

  it.each([
    ["2", "R17", "R18 b b 0"],
    ["2", "R18", null],
    ["2L", "R18", "R19 b b 0"],
    ["2L", "R23", "R24 b b 0"],
    ["2L", "R24", null],
  ])("options %s: after the last turn of %s comes %s (null = the end)", (opts, round, next) => {
    const state = pos(
      `PS1 ${opts}:00000000:a ${round} a b 1 a1.../...../....../......./....../...../...b1 4:4000:0000:-/5:4000:0000:- 9.7.5.0 - 0 00000000`,
    );
    const { state: s, events } = play(state, { type: "endTurn" });
    if (next) {
      expect(s.phase).toBe("play");
      expect(toNotation(s).split(" ").slice(2, 6).join(" ")).toBe(next);
    } else {
      expect(s.phase).toBe("ended");
      expect(toNotation(s).split(" ")[2]).toBe(`E${round.slice(1)}`);
      // no photosynthesis after the last round
      expect(s.players.map((p) => p.light)).toEqual([4, 5]);
      expect(events.map((e) => e.type)).toEqual(["turnEnded", "gameEnded"]);
      expect(legalActions(s)).toEqual([]);
      expectRefused(s, { type: "endTurn" }, "GAME_OVER");
      expectRefused(s, { type: "buy", piece: "seed", seat: 0 }, "GAME_OVER");
      expect(resign(s, 0)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    }
  });
});

describe("end of game and scoring (§6)", () => {
  it.each([
    [
      "tokens plus one point per 3 light points",
      "2",
      "a b 1",
      "a1.../...../....../......./....../...../...b1",
      "20:4000:0000:4-22.3-19/2:4000:0000:2-17.2-16",
      "9.5.4.0",
      [
        { tokens: 41, light: 6, total: 47, pieces: 1, rank: 1 },
        { tokens: 33, light: 0, total: 33, pieces: 1, rank: 2 },
      ],
      [0],
    ],
    [
      "3 and 5 light points are both worth 1",
      "2",
      "a b 1",
      "a1.../...../....../......./....../...../...b1",
      "3:4000:0000:-/5:4000:0000:-",
      "9.7.5.0",
      [
        { tokens: 0, light: 1, total: 1, pieces: 1, rank: 1 },
        { tokens: 0, light: 1, total: 1, pieces: 1, rank: 1 },
      ],
      [0, 1],
    ],
    [
      "2 light points are worth nothing, 6 are worth 2",
      "2",
      "a b 1",
      "a1.../...../....../......./....../...../...b1",
      "2:4000:0000:-/6:4000:0000:-",
      "9.7.5.0",
      [
        { tokens: 0, light: 0, total: 0, pieces: 1, rank: 2 },
        { tokens: 0, light: 2, total: 2, pieces: 1, rank: 1 },
      ],
      [1],
    ],
    [
      "tie on points: more trees on the board wins",
      "2",
      "a b 1",
      "a1.../...../....../...b2.../....../...../...b1",
      "0:4000:0000:1-14/6:4000:0000:1-12",
      "7.7.5.0",
      [
        { tokens: 14, light: 0, total: 14, pieces: 1, rank: 2 },
        { tokens: 12, light: 2, total: 14, pieces: 2, rank: 1 },
      ],
      [1],
    ],
    [
      "tie on points: seeds count as pieces",
      "2",
      "a b 1",
      "a1..a0/...../....../......./....../...../...b1",
      "0:3000:0000:1-14/6:4000:0000:1-12",
      "7.7.5.0",
      [
        { tokens: 14, light: 0, total: 14, pieces: 2, rank: 1 },
        { tokens: 12, light: 2, total: 14, pieces: 1, rank: 2 },
      ],
      [0],
    ],
    [
      "more points beat more pieces",
      "2",
      "a b 1",
      "a1.../...../....../...b2.../....../...../...b1",
      "3:4000:0000:1-14/6:4000:0000:1-12",
      "7.7.5.0",
      [
        { tokens: 14, light: 1, total: 15, pieces: 1, rank: 1 },
        { tokens: 12, light: 2, total: 14, pieces: 2, rank: 2 },
      ],
      [0],
    ],
    [
      "still tied: a shared victory",
      "3",
      "a c 2",
      "a1..b1/...../....../......./....../...../c1...",
      "0:4000:0000:1-14/0:4000:0000:1-14/3:4000:0000:1-12",
      "6.7.5.3",
      [
        { tokens: 14, light: 0, total: 14, pieces: 1, rank: 1 },
        { tokens: 14, light: 0, total: 14, pieces: 1, rank: 1 },
        { tokens: 12, light: 1, total: 13, pieces: 1, rank: 3 },
      ],
      [0, 1],
    ],
  ])("%s", (_name, opts, seats, board, players, stacks, expected, winners) => {
    const state = pos(`PS1 ${opts}:00000000:a R18 ${seats} ${board} ${players} ${stacks} - 0 00000000`);
    const { state: s, events } = play(state, { type: "endTurn" });
    expect(s.phase).toBe("ended");
    const scores = computeScores(s);
    expect(scores).toEqual(expected.map((e, seat) => ({ seat, ...e, resigned: false })));
    expect(winnersOf(scores)).toEqual(winners);
    expect(eventsOf(events, "gameEnded")).toEqual([{ type: "gameEnded", scores, winners }]);
  });
});

describe("resignation", () => {
  const three =
    "PS1 3:00000000:a R2 a a 0 a1..b1/...../....../......./....../...../c1... 5:4000:0000:-/5:4000:0000:-/5:4000:0000:- 9.7.5.3 - 0 00000000";

  it("resigning on one's own turn ends it and play passes on", () => {
    const { state, events } = resigned(pos(three), 0);
    expect(events).toEqual([
      { type: "resigned", seat: 0 },
      { type: "turnEnded", seat: 0, auto: true },
      { type: "turnStarted", seat: 1, round: 2 },
    ]);
    expect(state.current).toBe(1);
    expect(state.players[0].resigned).toBe(true);
    expect(toNotation(state).split(" ")[7]).toBe("5:4000:0000:-!/5:4000:0000:-/5:4000:0000:-");
  });

  it("a resigned seat's turns end by themselves, in every later round, first player or not", () => {
    const { state: s1, events: e1 } = resigned(pos(three), 1);
    expect(e1).toEqual([{ type: "resigned", seat: 1 }]);
    expect(s1.current).toBe(0);
    expectRefused(s1, { type: "endTurn", seat: 1 }, "NOT_YOUR_TURN");
    const { state: s2, events: e2 } = play(s1, { type: "endTurn" });
    expect(e2).toEqual([
      { type: "turnEnded", seat: 0 },
      { type: "turnEnded", seat: 1, auto: true },
      { type: "turnStarted", seat: 2, round: 2 },
    ]);
    // round 3: b holds the first-player token
    const { state: s3, events: e3 } = play(s2, { type: "endTurn" });
    expect(e3.map((e) => e.type)).toEqual([
      "turnEnded",
      "roundStarted",
      "lightCollected",
      "lightCollected",
      "lightCollected",
      "turnEnded",
      "turnStarted",
    ]);
    expect(e3.at(-2)).toEqual({ type: "turnEnded", seat: 1, auto: true });
    expect(e3.at(-1)).toEqual({ type: "turnStarted", seat: 2, round: 3 });
    expect(s3.firstPlayer).toBe(1);
    const { state: end, events } = endEveryTurn(s3);
    expect(eventsOf(events, "turnStarted").some((e) => e.seat === 1)).toBe(false);
    expect(end.round).toBe(18);
  });

  it("a resigned seat cannot win, and ranks after every seat still playing", () => {
    const state = pos(
      "PS1 3:00000000:a R18 a c 2 a1..b1/...../....../......./....../...../c1... 0:4000:0000:1-12/20:4000:0000:4-22.3-19!/0:4000:0000:1-14 7.7.4.2 - 0 00000000",
    );
    const { state: s, events } = play(state, { type: "endTurn" });
    const scores = computeScores(s);
    expect(scores.map((x) => [x.total, x.rank, x.resigned])).toEqual([
      [12, 2, false],
      [47, 3, true],
      [14, 1, false],
    ]);
    expect(eventsOf(events, "gameEnded")[0].winners).toEqual([2]);
  });

  it("when every seat has resigned the game ends with no winner", () => {
    const { state: s1 } = resigned(pos(three), 1);
    const { state: s2 } = resigned(s1, 2);
    expect(s2.phase).toBe("play");
    const { state, events } = resigned(s2, 0);
    expect(state.phase).toBe("ended");
    expect(events.map((e) => e.type)).toEqual(["resigned", "gameEnded"]);
    expect(eventsOf(events, "gameEnded")[0].winners).toEqual([]);
  });

  it("a seat resigning during setup places no more trees", () => {
    const start = create({ players: 2, firstPlayer: 0, seed: 1 });
    const { state: s1, events } = resigned(start, 0);
    expect(events).toEqual([{ type: "resigned", seat: 0 }]);
    expect(s1.current).toBe(1);
    const { state: s2 } = play(s1, { type: "place", cell: "a1" });
    expect(s2.current).toBe(1);
    const { state: s3, events: e3 } = play(s2, { type: "place", cell: "g4" });
    expect(s3.phase).toBe("play");
    expect(s3.current).toBe(1);
    expect(e3.map((e) => e.type)).toEqual([
      "placed",
      "setupEnded",
      "roundStarted",
      "lightCollected",
      "lightCollected",
      "turnEnded",
      "turnStarted",
    ]);
    expect(s3.cells.filter((c) => c !== 0)).toHaveLength(2);
  });

  it.each([
    [1, "ALREADY_RESIGNED"],
    [3, "MALFORMED_ACTION"],
    [-1, "MALFORMED_ACTION"],
    [0.5, "MALFORMED_ACTION"],
  ])("resigning seat %d is refused with %s, changing nothing", (seat, code) => {
    const { state } = resigned(pos(three), 1);
    const before = structuredClone(state);
    const r = resign(state, seat);
    expect(r.ok ? "ok" : r.error.code).toBe(code);
    expect(state).toEqual(before);
  });

  it("a resigned seat cannot act", () => {
    const { state } = resigned(pos(three), 2);
    const r = applyAction(state, { type: "endTurn", seat: 2 });
    expect(r.ok ? "ok" : r.error.code).toBe("NOT_YOUR_TURN");
  });
});
