/**
 * Property-based tests over random legal play (fast-check): 2, 3 and 4 players, with and without
 * the long game and heavy shade, with occasional resignations. After every action: pieces,
 * scoring tokens and light are conserved/bounded, cells hold valid pieces, the notation
 * round-trips; garbage and illegal actions are refused without a trace, and exactly the actions
 * of legalActions are accepted; the log replays to the same game; every game ends after 18 (24)
 * rounds with scores. Also an independent, naive reference implementation of light collection
 * (straight from docs/rules.md §2) compared with the engine.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOARD_SLOTS,
  CELLS,
  LABELS,
  PIECES_PER_PLAYER,
  TOKEN_VALUES,
  applyAction,
  applyMove,
  computeScores,
  createGame,
  fromNotation,
  inShadow,
  legalActions,
  legalMoves,
  lightReport,
  parseAction,
  randomGame,
  replay,
  resign,
  shadeHeights,
  toNotation,
  totalRounds,
  winnersOf,
  type Action,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
  type LogEntry,
} from "../../src/engine";
import { nextInt } from "../../src/engine/rng";
import { propertyRuns } from "./support";

// ---- a naive reference for light collection, straight from docs/rules.md §1–§2 -----------------------

/** §1: the cells, numbered row by row (r = -3..3), west to east. */
const REF_CELLS: { q: number; r: number }[] = [];
for (let r = -3; r <= 3; r++)
  for (let q = -3; q <= 3; q++) if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 3) REF_CELLS.push({ q, r });

/** §2: the direction shadows fall toward, per sun position. */
const REF_SHADOW = [
  { q: -1, r: 1 }, // 0: sun NE, shadows SW
  { q: -1, r: 0 }, // 1: sun E, shadows W
  { q: 0, r: -1 }, // 2: sun SE, shadows NW
  { q: 1, r: -1 }, // 3: sun SW, shadows NE
  { q: 1, r: 0 }, // 4: sun W, shadows E
  { q: 0, r: 1 }, // 5: sun NW, shadows SE
];

interface RefPiece {
  q: number;
  r: number;
  seat: number;
  size: number;
}

function refPieces(cells: readonly number[]): RefPiece[] {
  const out: RefPiece[] = [];
  cells.forEach((piece, i) => {
    if (piece !== 0) out.push({ ...REF_CELLS[i], seat: Math.floor((piece - 1) / 4), size: (piece - 1) % 4 });
  });
  return out;
}

/** The tallest tree whose shadow covers piece t (0 if none): a tree of height h shades the next h cells. */
function refShadedBy(pieces: RefPiece[], t: RefPiece, sun: number): number {
  const d = REF_SHADOW[sun];
  let tallest = 0;
  for (const o of pieces) {
    if (o === t || o.size === 0) continue; // seeds cast no shadow
    for (let k = 1; k <= o.size; k++)
      if (o.q + k * d.q === t.q && o.r + k * d.r === t.r) tallest = Math.max(tallest, o.size);
  }
  return tallest;
}

/** Light each seat collects: a tree is lit only if strictly taller than every tree shading it. */
function refLight(cells: readonly number[], sun: number, players: number): number[] {
  const pieces = refPieces(cells);
  const gains = new Array<number>(players).fill(0);
  for (const t of pieces) if (t.size > 0 && refShadedBy(pieces, t, sun) < t.size) gains[t.seat] += t.size;
  return gains;
}

// ---- invariants ---------------------------------------------------------------------------------

function onBoardCounts(state: GameState): number[][] {
  const counts = state.players.map(() => [0, 0, 0, 0]);
  for (const piece of state.cells) if (piece !== 0) counts[(piece - 1) >> 2][(piece - 1) & 3]++;
  return counts;
}

function boxes(state: GameState): number[][] {
  const on = onBoardCounts(state);
  return state.players.map((p, seat) =>
    PIECES_PER_PLAYER.map((total, s) => total - on[seat][s] - p.board[s] - p.available[s]),
  );
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Everything that must hold in any state; `prev` (the state before) for what may only grow.
 * Plain checks rather than expect(): this runs after every action of hundreds of games.
 */
function checkInvariants(state: GameState, prev: GameState | null): void {
  const n = state.options.players;
  if (state.cells.length !== 37) fail("37 cells");
  for (const piece of state.cells)
    if (!(Number.isInteger(piece) && piece >= 0 && piece <= 4 * n)) fail(`bad cell code ${piece}`);
  if (state.players.length !== n) fail("one entry per player");
  const box = boxes(state);
  const prevBox = prev ? boxes(prev) : null;
  state.players.forEach((p, seat) => {
    if (!(Number.isInteger(p.light) && p.light >= 0 && p.light <= 20)) fail(`seat ${seat}: light ${p.light}`);
    for (let s = 0; s < 4; s++) {
      if (!(Number.isInteger(p.board[s]) && p.board[s] >= 0 && p.board[s] <= BOARD_SLOTS[s]))
        fail(`seat ${seat}: player board ${p.board}`);
      if (!(Number.isInteger(p.available[s]) && p.available[s] >= 0)) fail(`seat ${seat}: available ${p.available}`);
      if (box[seat][s] < 0) fail(`seat ${seat}: ${-box[seat][s]} piece(s) of size ${s} too many (negative box)`);
      if (prevBox && box[seat][s] < prevBox[seat][s]) fail(`seat ${seat}: a piece of size ${s} came back from the box`);
    }
  });
  // scoring tokens: the stacks, the tokens held and (2 players) the 4-leaf stack in the box make 24,
  // and the tokens held from each stack are exactly the ones that were on its top
  if (n === 2 && state.stacks[3] !== 0) fail("2 players: the 4-leaf stack is out of the game");
  let total = state.stacks.reduce((a, b) => a + b, 0) + (n === 2 ? 3 : 0);
  for (let l = 1; l <= 4; l++) {
    const held = state.players.flatMap((p) => p.tokens.filter((t) => t.leaves === l).map((t) => t.value));
    total += held.length;
    const values = TOKEN_VALUES[l - 1];
    const taken = n === 2 && l === 4 ? [] : values.slice(0, values.length - state.stacks[l - 1]);
    if (held.sort((a, b) => a - b).join() !== taken.sort((a, b) => a - b).join())
      fail(`${l}-leaf tokens held ${held}, taken ${taken}`);
  }
  if (total !== 24) fail(`${total} scoring tokens, not 24`);
  // phase, round, seats
  if (state.phase === "setup" && state.round !== 0) fail("setup is round 0");
  if (state.phase === "play") {
    if (!(state.round >= 1 && state.round <= totalRounds(state.options))) fail(`round ${state.round}`);
    if (state.players[state.current].resigned) fail("a resigned seat is to act");
  }
  if (new Set(state.touched).size !== state.touched.length) fail("a cell used twice");
  if (state.phase !== "play" && state.touched.length > 0) fail("used cells outside play");
  // the notation round-trips exactly
  const back = fromNotation(toNotation(state));
  if (!back.ok) fail(back.error.message);
  if (!isDeepStrictEqual(back.state, state)) expect(back.state).toEqual(state);
}

/**
 * On a new round: light gained is what the naive reference computes on the board as it stands
 * (the action that ended the round, e.g. setup's last placement, has changed it), capped at 20.
 */
function checkPhotosynthesis(before: GameState, after: GameState, events: GameEvent[]): void {
  for (const started of events.filter((e) => e.type === "roundStarted")) {
    expect(started.sun).toBe((started.round - 1) % 6);
    const expected = refLight(after.cells, started.sun, before.options.players);
    const collected = events.filter((e) => e.type === "lightCollected");
    expect(collected.map((e) => e.amount)).toEqual(expected);
    collected.forEach((e) => {
      const sum = before.players[e.seat].light + e.amount;
      expect([e.light, e.lost]).toEqual([Math.min(20, sum), Math.max(0, sum - 20)]);
    });
  }
}

/** The heavier properties take a few seconds each; give slow machines room. */
const TIMEOUT = 60_000;

// ---- random play ----------------------------------------------------------------------------------

const optionsArb: fc.Arbitrary<GameOptionsInput> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    longGame: fc.boolean(),
    heavyShade: fc.boolean(),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    firstPlayer: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  })
  .map((o) => ({ ...o, firstPlayer: o.firstPlayer === undefined ? undefined : o.firstPlayer % o.players }));

interface Played {
  start: GameState;
  state: GameState;
  log: LogEntry[];
  events: GameEvent[][];
}

/**
 * Play a game to its end with uniformly random legal actions (JSON form), sometimes resigning a
 * seat (never the last one still playing). `onStep` sees every state before an action.
 */
function playGame(
  options: GameOptionsInput,
  playSeed: number,
  resignRate: number,
  onStep?: (state: GameState, step: number) => void,
): Played {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  let rng = playSeed >>> 0;
  const draw = (n: number) => {
    const d = nextInt(rng, n);
    rng = d.rng;
    return d.value;
  };
  const log: LogEntry[] = [];
  const events: GameEvent[][] = [];
  let step = 0;
  checkInvariants(state, null);
  while (state.phase !== "ended") {
    onStep?.(state, step++);
    let entry: LogEntry;
    const playing = state.players.map((p, seat) => (p.resigned ? -1 : seat)).filter((s) => s >= 0);
    if (playing.length > 1 && draw(10000) < resignRate * 10000)
      entry = { type: "resign", seat: playing[draw(playing.length)] };
    else {
      const legal = legalActions(state);
      if (legal.length === 0) fail("no legal action in a game not over");
      entry = legal[draw(legal.length)];
    }
    const r = entry.type === "resign" ? resign(state, entry.seat) : applyAction(state, entry);
    if (!r.ok) throw new Error(`refused its own legal ${JSON.stringify(entry)}: ${r.error.code}`);
    checkInvariants(r.state, state);
    if (r.events.some((e) => e.type === "roundStarted")) checkPhotosynthesis(state, r.state, r.events);
    if (r.state.ply !== state.ply + 1) fail("ply counts actions");
    log.push(entry);
    events.push(r.events);
    state = r.state;
  }
  return { start: created.state, state, log, events };
}

function checkEnd(played: Played): void {
  const { state, events } = played;
  const rounds = totalRounds(state.options);
  expect(state.phase).toBe("ended");
  expect(state.round).toBe(rounds);
  const flat = events.flat();
  expect(flat.filter((e) => e.type === "roundStarted").map((e) => (e as { round: number }).round)).toEqual(
    Array.from({ length: rounds }, (_, i) => i + 1),
  );
  const ended = flat.filter((e) => e.type === "gameEnded");
  expect(ended).toHaveLength(1);
  expect(flat.at(-1)).toBe(ended[0]);
  const scores = computeScores(state);
  expect(ended[0]).toEqual({ type: "gameEnded", scores, winners: winnersOf(scores) });
  expect(winnersOf(scores).length).toBeGreaterThan(0);
  for (const s of scores) {
    const p = state.players[s.seat];
    expect(s.total).toBe(p.tokens.reduce((a, t) => a + t.value, 0) + Math.floor(p.light / 3));
    if (winnersOf(scores).includes(s.seat)) expect(s.resigned).toBe(false);
  }
}

describe("random legal play (fast-check)", () => {
  it(
    "keeps every invariant, replays from its log and ends after 18 (24) rounds",
    () => {
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.boolean(),
          fc.boolean(),
          (options, playSeed, withResign, labels) => {
            const played = playGame(options, playSeed, withResign ? 0.004 : 0);
            checkEnd(played);
            // the log, stored as JSON (cells sometimes written as labels), replays to the same game
            const stored: unknown[] = JSON.parse(JSON.stringify(played.log)).map((e: Record<string, unknown>) =>
              labels
                ? Object.fromEntries(
                    Object.entries(e).map(([k, v]) => [
                      k,
                      typeof v === "object" && v !== null
                        ? LABELS[
                            CELLS.findIndex((c) => c.q === (v as { q: number }).q && c.r === (v as { r: number }).r)
                          ]
                        : v,
                    ]),
                  )
                : e,
            );
            const r = replay(options, stored);
            if (!r.ok) throw new Error(`replay refused entry ${r.index}: ${r.error.code}`);
            expect(isDeepStrictEqual(r.state, played.state)).toBe(true);
            expect(r.events).toEqual(played.events);
          },
        ),
        { numRuns: propertyRuns(400) },
      );
    },
    TIMEOUT,
  );

  it(
    "accepts exactly the actions of legalActions (the whole action space, compared as sets)",
    () => {
      const space: Action[] = [{ type: "endTurn" }];
      for (const piece of ["seed", "small", "medium", "large"] as const) space.push({ type: "buy", piece });
      for (const cell of CELLS) for (const type of ["place", "grow", "collect"] as const) space.push({ type, cell });
      for (const from of CELLS) for (const to of CELLS) space.push({ type: "plant", from, to });
      const key = (a: unknown) => JSON.stringify(a);
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.integer({ min: 1, max: 6 }),
          (options, playSeed, every) => {
            playGame(options, playSeed, 0.002, (state, step) => {
              if (step % every !== 0) return;
              const before = JSON.stringify(state);
              const legal = new Set(legalActions(state).map(key));
              expect(legal.size).toBe(legalMoves(state).length);
              const accepted = new Set<string>();
              for (const a of space) {
                const r = applyAction(state, a);
                if (r.ok) accepted.add(key(a));
                else if (legal.has(key(a))) throw new Error(`legal ${key(a)} refused: ${r.error.code}`);
              }
              expect(accepted).toEqual(legal);
              expect(JSON.stringify(state)).toBe(before);
            });
          },
        ),
        { numRuns: propertyRuns(60) },
      );
    },
    TIMEOUT,
  );

  it(
    "refuses garbage and illegal actions without changing anything, and never throws",
    () => {
      const cellArb = fc.oneof(
        fc.record({ q: fc.integer({ min: -5, max: 5 }), r: fc.integer({ min: -5, max: 5 }) }),
        fc.constantFrom(...LABELS, "h1", "d0", "a5", "", "D4"),
        fc.anything(),
      );
      const seatArb = fc.oneof(fc.integer({ min: -1, max: 4 }), fc.anything());
      const garbageArb = fc.oneof(
        fc.record(
          { type: fc.constantFrom("place", "grow", "collect"), cell: cellArb, seat: seatArb },
          { requiredKeys: ["type"] },
        ),
        fc.record(
          { type: fc.constant("plant"), from: cellArb, to: cellArb, seat: seatArb },
          { requiredKeys: ["type"] },
        ),
        fc.record(
          {
            type: fc.constant("buy"),
            piece: fc.oneof(fc.constantFrom("seed", "small", "medium", "large"), fc.anything()),
            seat: seatArb,
          },
          { requiredKeys: ["type"] },
        ),
        fc.record({ type: fc.constant("endTurn"), seat: seatArb }, { requiredKeys: ["type"] }),
        fc.record({ type: fc.oneof(fc.string(), fc.anything()) }),
        fc.anything(),
        fc.jsonValue(),
      );
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.array(garbageArb, { minLength: 40, maxLength: 40 }),
          (options, playSeed, garbage) => {
            playGame(options, playSeed, 0, (state, step) => {
              const action = garbage[step % garbage.length] as { seat?: unknown } | null;
              const before = JSON.stringify(state);
              const r = applyAction(state, action);
              expect(JSON.stringify(state)).toBe(before);
              const code = parseAction(action);
              const seat = action !== null && typeof action === "object" ? action.seat : undefined;
              const shouldAccept =
                typeof code === "number" &&
                legalMoves(state).includes(code) &&
                (seat === undefined || seat === state.current);
              expect(r.ok).toBe(shouldAccept);
              if (!r.ok) expect(typeof r.error.message).toBe("string");
              // and the same action as a move code agrees
              if (typeof code === "number" && (seat === undefined || seat === state.current))
                expect(applyMove(state, code).ok).toBe(r.ok);
            });
          },
        ),
        { numRuns: propertyRuns(150) },
      );
    },
    TIMEOUT,
  );

  it(
    "accepts a move code exactly when legalMoves lists it; any other number is refused without a trace",
    () => {
      const codeArb = fc.oneof(
        fc.integer({ min: 0, max: (1 << 15) - 1 }),
        fc.integer(),
        fc.double(),
        fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0.5, 1.5, 8, 1 << 15, 2 ** 31, 2 ** 53),
      );
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.array(codeArb, { minLength: 50, maxLength: 50 }),
          (options, playSeed, codes) => {
            playGame(options, playSeed, 0, (state, step) => {
              const legal = new Set(legalMoves(state));
              const before = JSON.stringify(state);
              for (const code of [codes[step % codes.length], codes[(step * 7 + 3) % codes.length]]) {
                const r = applyMove(state, code);
                if (r.ok !== legal.has(code))
                  fail(`move code ${code} ${r.ok ? "accepted" : "refused"}; legal: ${legal.has(code)}`);
              }
              if (JSON.stringify(state) !== before) fail("a refused move changed the state");
            });
          },
        ),
        { numRuns: propertyRuns(80) },
      );
    },
    TIMEOUT,
  );

  it(
    "random games end after exactly 18 (24) rounds with scores (plain random play)",
    () => {
      let games = 0;
      for (let i = 0; i < 2000; i++) {
        const options = { players: 2 + (i % 3), longGame: i % 5 === 0, heavyShade: i % 2 === 1, seed: i * 7919 };
        const { state, moves } = randomGame(options, i);
        expect(state.phase).toBe("ended");
        expect(state.round).toBe(options.longGame ? 24 : 18);
        expect(moves.length).toBe(state.ply);
        const scores = computeScores(state);
        expect(winnersOf(scores).length).toBeGreaterThan(0);
        const tokens = state.stacks.reduce((a, b) => a + b, 0) + state.players.reduce((a, p) => a + p.tokens.length, 0);
        expect(tokens + (options.players === 2 ? 3 : 0)).toBe(24);
        for (const b of boxes(state)) for (const x of b) expect(x).toBeGreaterThanOrEqual(0);
        games++;
      }
      expect(games).toBe(2000);
    },
    TIMEOUT,
  );
});

describe("light collection against a naive reference (docs/rules.md §2)", () => {
  it("the reference numbers the cells as the engine does", () => {
    expect(REF_CELLS).toEqual(CELLS.map((c) => ({ q: c.q, r: c.r })));
  });

  it(
    "agrees with the engine on random positions, per seat and per piece",
    () => {
      const created = createGame({ players: 4, seed: 1 });
      if (!created.ok) throw new Error(created.error.message);
      const base = created.state;
      const positionArb = fc.record({
        sun: fc.integer({ min: 0, max: 5 }),
        pieces: fc.array(fc.tuple(fc.integer({ min: 0, max: 36 }), fc.integer({ min: 1, max: 16 })), { maxLength: 37 }),
      });
      fc.assert(
        fc.property(positionArb, ({ sun, pieces }) => {
          const cells = new Array<number>(37).fill(0);
          for (const [c, piece] of pieces) cells[c] = piece;
          const state = { ...base, cells };
          const report = lightReport(state, sun);
          expect(report.perSeat).toEqual(refLight(cells, sun, 4));
          const ref = refPieces(cells);
          const shade = shadeHeights(cells, sun);
          for (const p of report.pieces) {
            const t = ref.find((x) => x.q === p.cell.q && x.r === p.cell.r)!;
            const by = refShadedBy(ref, t, sun);
            expect([p.seat, p.size, p.shadedBy]).toEqual([t.seat, t.size, by]);
            expect(p.light).toBe(t.size > 0 && by < t.size ? t.size : 0);
            // heavy shade's "in shadow" (§7 Decision): covered by a tree at least as tall (a seed: any tree)
            expect(inShadow(shade[CELLS.findIndex((c) => c.q === t.q && c.r === t.r)], t.size)).toBe(
              by >= Math.max(1, t.size),
            );
          }
          expect(report.pieces).toHaveLength(ref.length);
        }),
        { numRuns: 3000 },
      );
    },
    TIMEOUT,
  );
});
