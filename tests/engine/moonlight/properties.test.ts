/**
 * Random legal play with Under the Moonlight, all modes in every combination, 2–4 players, with
 * occasional resignations (fast-check). After every action: moon points within 0..14, pieces,
 * tokens and baby turtles conserved, animals, stones and the Great Tree consistent, the notation
 * (of the state and of every view) round-trips; light and moon points of each round agree with a
 * naive reference written straight from docs/rules.md §8.1; the log replays to the same game; exactly
 * the actions of legalActions are accepted; garbage is refused without a trace; games end after
 * 18 (24) rounds with moon points and babies in the scores.
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
  legalActions,
  legalMoves,
  moonGeometry,
  moonRules,
  parseAction,
  replay,
  resign,
  toNotation,
  totalRounds,
  viewFor,
  winnersOf,
  type Action,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
  type LogEntry,
} from "../../../src/engine";
import { nextInt } from "../../../src/engine/rng";
import { propertyRuns } from "../support";

function fail(message: string): never {
  throw new Error(message);
}

// ---- a naive reference, straight from docs/rules.md §1, §2, §8, §8.1 ----------------------------------

const key = (q: number, r: number) => `${q},${r}`;
const INDEX = new Map(CELLS.map((c, i) => [key(c.q, c.r), i]));
const on = (q: number, r: number) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 3;
const DIR = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
]; // clockwise: E SE SW W NW NE
const CORNER = [
  [3, -3],
  [3, 0],
  [0, 3],
  [-3, 3],
  [-3, 0],
  [0, -3],
];
const SHADOW = [
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
];
const NEIGH = (c: number) =>
  DIR.map(([dq, dr]) => INDEX.get(key(CELLS[c].q + dq, CELLS[c].r + dr))).filter((x): x is number => x !== undefined);

/** §8.1: the cells lit directly and indirectly with the moon at m. */
function refLit(m: number, greatTree: number, stones: number[]): Set<number> {
  const j = Math.floor(m / 3);
  const i = m % 3;
  const side = (k: number) => [CORNER[j][0] + DIR[(j + 1) % 6][0] * k, CORNER[j][1] + DIR[(j + 1) % 6][1] * k];
  const lit = new Set<number>();
  for (const [start, d] of [
    [side(i), DIR[(j + 3) % 6]],
    [side(i + 1), DIR[(j + 2) % 6]],
  ]) {
    for (let [q, r] = start; on(q, r); q += d[0], r += d[1]) {
      const c = INDEX.get(key(q, r))!;
      if (c === greatTree) break;
      lit.add(c);
    }
  }
  const glowing = new Set(stones.filter((s) => lit.has(s)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stones)
      if (!glowing.has(s) && NEIGH(s).some((n) => glowing.has(n))) {
        glowing.add(s);
        grew = true;
      }
  }
  for (const s of glowing) for (const n of NEIGH(s)) lit.add(n);
  return lit;
}

/** §2 + §8: light per seat with the Great Tree's shadow to the edge and stones' one-cell shadow on small trees. */
function refLight(state: GameState, sun: number): number[] {
  const m = state.moon!;
  const gains = new Array<number>(state.options.players).fill(0);
  state.cells.forEach((piece, c) => {
    if (piece === 0) return;
    const size = (piece - 1) % 4;
    if (size === 0) return;
    const { q, r } = CELLS[c];
    let dark = false;
    state.cells.forEach((other, o) => {
      if (other === 0 || o === c) return;
      const h = (other - 1) % 4;
      for (let k = 1; k <= h; k++)
        if (CELLS[o].q + SHADOW[sun][0] * k === q && CELLS[o].r + SHADOW[sun][1] * k === r && h >= size) dark = true;
    });
    if (m.greatTree >= 0)
      for (let k = 1; k <= 6; k++)
        if (CELLS[m.greatTree].q + SHADOW[sun][0] * k === q && CELLS[m.greatTree].r + SHADOW[sun][1] * k === r)
          dark = true;
    for (const s of m.stones)
      if (size === 1 && CELLS[s].q + SHADOW[sun][0] === q && CELLS[s].r + SHADOW[sun][1] === r) dark = true;
    if (!dark) gains[(piece - 1) >> 2] += size;
  });
  return gains;
}

function checkRound(before: GameState, after: GameState, events: GameEvent[]): void {
  const started = events.find((e) => e.type === "roundStarted");
  if (!started) return;
  const sun = started.sun;
  const light = events.filter((e) => e.type === "lightCollected").map((e) => e.amount);
  expect(light).toEqual(refLight(after, sun));
  const m = after.moon!;
  expect({ position: m.position, full: m.full }).toEqual(moonGeometry.moonAt(after.round));
  const lit = refLit(m.position, m.greatTree, m.stones);
  const gain = m.full ? 2 : 1;
  const moon = events.filter((e) => e.type === "moonCollected");
  expect(moon.map((e) => e.amount)).toEqual(m.players.map((p) => (p.cell >= 0 && lit.has(p.cell) ? gain : 0)));
  moon.forEach((e) => {
    const sum = before.moon!.players[e.seat].points + e.amount;
    expect([e.points, e.lost]).toEqual([Math.min(14, sum), Math.max(0, sum - 14)]);
  });
}

// ---- invariants -----------------------------------------------------------------------------------

const ALL_BABIES = [...moonRules.BABIES].sort().join();

function checkInvariants(state: GameState, notation = true): void {
  const n = state.options.players;
  const m = state.moon ?? fail("no moon part");
  const onBoard = state.players.map(() => [0, 0, 0, 0]);
  state.cells.forEach((piece) => {
    if (!(Number.isInteger(piece) && piece >= 0 && piece <= 4 * n)) fail(`bad cell ${piece}`);
    if (piece) onBoard[(piece - 1) >> 2][(piece - 1) & 3]++;
  });
  state.players.forEach((p, seat) => {
    if (!(p.light >= 0 && p.light <= 20)) fail(`light ${p.light}`);
    for (let s = 0; s < 4; s++) {
      if (!(p.board[s] >= 0 && p.board[s] <= BOARD_SLOTS[s] && p.available[s] >= 0)) fail("board/available");
      if (onBoard[seat][s] + p.board[s] + p.available[s] > PIECES_PER_PLAYER[s])
        fail(`seat ${seat}: too many pieces of size ${s}`);
    }
  });
  let tokens = state.stacks.reduce((a, b) => a + b, 0) + (n === 2 ? 3 : 0);
  for (let l = 1; l <= 4; l++) {
    const held = state.players.flatMap((p) => p.tokens.filter((t) => t.leaves === l).map((t) => t.value)).sort();
    const values = TOKEN_VALUES[l - 1];
    const taken =
      n === 2 && l === 4
        ? []
        : values
            .slice(0, values.length - state.stacks[l - 1])
            .slice()
            .sort();
    if (held.join() !== taken.join()) fail(`${l}-leaf tokens held ${held}, taken ${taken}`);
    tokens += held.length;
  }
  if (tokens !== 24) fail("tokens not conserved");
  // moon points, animals, blocked cells
  if (m.players.length !== n) fail("moon players");
  const animals = m.players.map((p) => p.animal).filter((a) => a !== null);
  if (new Set(animals).size !== animals.length) fail("an animal twice");
  const cells = m.players.map((p) => p.cell).filter((c) => c >= 0);
  if (new Set(cells).size !== cells.length) fail("two animals on a cell");
  const blockedCells = [...m.stones, ...(m.greatTree >= 0 ? [m.greatTree] : [])];
  if (new Set(blockedCells).size !== blockedCells.length) fail("two blockers on a cell");
  for (const b of blockedCells) {
    if (state.cells[b] !== 0) fail(`a piece on the blocked cell ${LABELS[b]}`);
    if (cells.includes(b)) fail(`an animal on the blocked cell ${LABELS[b]}`);
    if (m.nests.some((x) => x.cell === b)) fail("a blocker on a nest");
  }
  for (const p of m.players) {
    if (!(Number.isInteger(p.points) && p.points >= 0 && p.points <= 14)) fail(`moon points ${p.points}`);
    if (p.cell >= 0 && p.animal === null) fail("an animal on the board without a board");
  }
  if (state.phase === "play") {
    if (m.stage !== null) fail("stage in play");
    if (m.stones.length !== moonstonesFor(state)) fail(`${m.stones.length} stones`);
    if (!!state.options.moonlight!.greatTree !== m.greatTree >= 0) fail("Great Tree");
  }
  // baby turtles: 8, each once, wherever they are
  const babies = [...m.nests.map((x) => x.baby), ...m.box, ...m.players.flatMap((p) => [...p.babies, ...p.spent])];
  const turtle = m.players.some((p) => p.animal === "turtle") && m.stage !== "choose";
  if (turtle ? babies.slice().sort().join() !== ALL_BABIES : babies.length !== 0) fail(`babies ${babies}`);
  if (turtle && m.box.length !== 2) fail("two babies in the box");
  for (const x of m.nests) if (!moonGeometry.NEST_CELLS.includes(x.cell)) fail("a nest off the corners");
  for (const p of m.players)
    if (p.animal !== "turtle" && p.babies.length + p.spent.length > 0) fail("babies without the turtle");
  if (m.dam.length && !moonGeometry.DAM_SITES.some((s) => s.join() === m.dam.join())) fail("dam site");
  // this turn
  const cur = m.players[state.current];
  for (const used of m.used)
    if (moonRules.ABILITIES[moonRules.ABILITY_INDEX[used]].animal !== cur.animal) fail("ability of another animal");
  if (new Set(m.used).size !== m.used.length) fail("an ability twice");
  const repeats = state.touched.length - new Set(state.touched).size;
  if (repeats > (m.double ? 1 : 0)) fail(`cells used twice: ${state.touched}`);
  if (state.phase !== "play" && (m.moved || m.used.length || m.double || state.touched.length))
    fail("turn data outside play");
  // the notation round-trips, for the state and for every view
  if (!notation) return;
  for (const s of [state, viewFor(state, null), ...state.players.map((_, seat) => viewFor(state, seat))]) {
    const back = fromNotation(toNotation(s));
    if (!back.ok) fail(back.error.message);
    if (!isDeepStrictEqual(back.state, s)) expect(back.state).toEqual(s);
  }
}

function moonstonesFor(state: GameState): number {
  const o = state.options;
  if (!o.moonlight!.moonstones) return 0;
  return (o.moonlight!.greatTree ? moonGeometry.MOONSTONES.withGreatTree : moonGeometry.MOONSTONES.without)[o.players];
}

// ---- random play ----------------------------------------------------------------------------------

const TIMEOUT = 120_000;

const optionsArb: fc.Arbitrary<GameOptionsInput> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    longGame: fc.boolean(),
    heavyShade: fc.boolean(),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    firstPlayer: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    greatTree: fc.boolean(),
    moonstones: fc.boolean(),
  })
  .map(({ greatTree, moonstones, ...o }) => ({
    ...o,
    longGame: o.longGame && o.seed % 4 === 0,
    firstPlayer: o.firstPlayer === undefined ? undefined : o.firstPlayer % o.players,
    moonlight: { greatTree, moonstones },
  }));

interface Played {
  state: GameState;
  log: LogEntry[];
  events: GameEvent[][];
}

/**
 * Play to the end with random legal actions, favouring the expansion's (so that abilities are used
 * often), sometimes resigning a seat. `onStep` sees every state before an action.
 */
function playGame(
  options: GameOptionsInput,
  playSeed: number,
  resignRate: number,
  onStep?: (state: GameState, step: number) => void,
  /** Per mille: how often an animal move or ability is chosen when one is possible (low: points pile up for the dearer levels). */
  animalRate = 500,
  /** A saver (when > 0): abilities only with this many moon points or more, and then the dearest; -1: the abilities it has used least. */
  saveTo = 0,
  /** Check the notation round trip after every action too. */
  notation = true,
): Played {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  let rng = playSeed >>> 0;
  const draw = (k: number) => {
    const d = nextInt(rng, k);
    rng = d.rng;
    return d.value;
  };
  const log: LogEntry[] = [];
  const events: GameEvent[][] = [];
  const usedCount = new Map<string, number>();
  checkInvariants(state);
  let step = 0;
  while (state.phase !== "ended") {
    onStep?.(state, step++);
    const playing = state.players.map((p, seat) => (p.resigned ? -1 : seat)).filter((s) => s >= 0);
    let entry: LogEntry;
    if (playing.length > 1 && draw(10000) < resignRate * 10000)
      entry = { type: "resign", seat: playing[draw(playing.length)] };
    else {
      const legal = legalActions(state);
      if (legal.length === 0) fail("no legal action");
      const moon = legal.filter((a) => a.type === "ability" || a.type === "moveAnimal");
      // animal moves and abilities more often than uniform play would choose them
      const saving = saveTo > 0 && state.moon!.players[state.current].points < saveTo;
      const abilities = moon.filter((a) => a.type === "ability");
      const pool = saving
        ? moon.filter((a) => a.type === "moveAnimal")
        : saveTo > 0 && abilities.length
          ? dearest(moon)
          : saveTo < 0 && abilities.length
            ? leastUsed(abilities, usedCount)
            : moon;
      const plain = saving ? legal.filter((a) => a.type !== "ability") : legal;
      entry = pool.length && draw(1000) < animalRate ? pool[draw(pool.length)] : plain[draw(plain.length)];
    }
    const r = entry.type === "resign" ? resign(state, entry.seat) : applyAction(state, entry);
    if (!r.ok) throw new Error(`refused its own legal ${JSON.stringify(entry)}: ${r.error.code} ${r.error.message}`);
    if (entry.type === "ability") usedCount.set(entry.ability, (usedCount.get(entry.ability) ?? 0) + 1);
    checkInvariants(r.state, notation);
    checkRound(state, r.state, r.events);
    log.push(entry);
    events.push(r.events);
    state = r.state;
  }
  return { state, log, events };
}

function costOf(a: Action): number {
  if (a.type !== "ability") return 0;
  const rule = moonRules.ABILITIES[moonRules.ABILITY_INDEX[a.ability]];
  return "level" in a ? rule.costs[a.level - 1] : rule.costs[0];
}
function dearest(actions: Action[]): Action[] {
  const top = Math.max(...actions.map(costOf));
  return actions.filter((a) => costOf(a) === top);
}

function leastUsed(actions: Action[], count: Map<string, number>): Action[] {
  const n = (a: Action) => (a.type === "ability" ? (count.get(a.ability) ?? 0) : 0);
  const least = Math.min(...actions.map(n));
  return actions.filter((a) => n(a) === least);
}

function checkEnd({ state, events }: Played): void {
  expect(state.phase).toBe("ended");
  expect(state.round).toBe(totalRounds(state.options));
  const ended = events.flat().filter((e) => e.type === "gameEnded");
  expect(ended).toHaveLength(1);
  const scores = computeScores(state);
  expect(ended[0]).toEqual({ type: "gameEnded", scores, winners: winnersOf(scores) });
  for (const s of scores) {
    const p = state.players[s.seat];
    const m = state.moon!.players[s.seat];
    expect(s.moon).toBe(m.points);
    expect(s.babies).toBe(m.spent.includes("points") ? 3 : 0);
    expect(s.total).toBe(p.tokens.reduce((a, t) => a + t.value, 0) + Math.floor(p.light / 3) + m.points + s.babies!);
  }
}

describe("random legal play with Under the Moonlight (fast-check)", () => {
  it(
    "keeps every invariant, agrees with the reference each round, replays from its log and ends after 18 (24) rounds",
    () => {
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.boolean(),
          fc.constantFrom(30, 150, 500),
          (options, playSeed, withResign, rate) => {
            const played = playGame(options, playSeed, withResign ? 0.003 : 0, undefined, rate);
            checkEnd(played);
            const r = replay(options, JSON.parse(JSON.stringify(played.log)));
            if (!r.ok) throw new Error(`replay refused entry ${r.index}: ${r.error.code}`);
            expect(isDeepStrictEqual(r.state, played.state)).toBe(true);
            expect(r.events).toEqual(played.events);
          },
        ),
        { numRuns: propertyRuns(120) },
      );
    },
    TIMEOUT,
  );

  it(
    "random players (fixed seeds) use every ability at every level and every baby, invariants holding",
    () => {
      const used = new Set<string>();
      // players of several kinds: rarely or always using their animal, spending at once or saving up
      const kinds = [
        [50, 0],
        [300, 8],
        [600, 12],
        [100, 0],
        [600, 9],
        [1000, 6],
        [1000, 12],
        [300, 9],
        [1000, -1],
        [500, -1],
      ];
      for (let i = 0; i < 400; i++) {
        const options = {
          players: 2 + (i % 3),
          seed: 77 + i,
          moonlight: { greatTree: i % 2 === 0, moonstones: i % 4 < 2 },
        };
        const [rate, saveTo] = kinds[i % kinds.length];
        const played = playGame(options, i, 0, undefined, rate, saveTo, false);
        for (const e of played.events.flat()) {
          if (e.type === "abilityUsed") used.add(`${e.ability}${e.level}`);
          if (e.type === "babyUsed") used.add(`baby:${e.baby}`);
        }
      }
      const all = [
        ...moonRules.ABILITIES.flatMap((a) => a.costs.map((_, i) => `${a.name}${i + 1}`)),
        ...moonRules.BABIES.map((b) => `baby:${b}`),
      ];
      // rare by chance alone, and covered by their scenarios: eating on the centre (a rival's seed under the
      // squirrel on d4) and improving the dam (the beaver on it, with a piece of its own there that can grow)
      expect(all.filter((x) => !used.has(x) && x !== "eat4" && x !== "improve1")).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "ends correctly for 2, 3 and 4 players with all modes on",
    () => {
      for (const players of [2, 3, 4])
        for (let i = 0; i < 6; i++) {
          const options = { players, seed: 1000 * players + i, moonlight: { greatTree: true, moonstones: true } };
          const played = playGame(options, i, 0);
          checkEnd(played);
          expect(played.state.moon!.stones).toHaveLength([0, 0, 3, 2, 1][players]);
          expect(played.state.moon!.greatTree).toBeGreaterThanOrEqual(0);
        }
    },
    TIMEOUT,
  );

  it(
    "accepts exactly the actions of legalActions (the whole action space, compared as sets)",
    () => {
      const c = CELLS;
      const space: unknown[] = [{ type: "endTurn" }];
      for (const piece of ["seed", "small", "medium", "large"]) space.push({ type: "buy", piece });
      for (const cell of c)
        for (const type of ["place", "grow", "collect", "placeAnimal", "placeGreatTree", "placeMoonstone"])
          space.push({ type, cell });
      for (const from of c)
        for (const to of c) space.push({ type: "plant", from, to }, { type: "ability", ability: "scare", from, to });
      for (let i = 0; i < c.length; i++)
        for (let j = i; j < c.length; j++) space.push({ type: "ability", ability: "dam", cells: [c[i], c[j]] });
      for (const animal of moonRules.ANIMALS) space.push({ type: "chooseAnimal", animal });
      for (const to of c)
        space.push(
          { type: "moveAnimal", to },
          { type: "ability", ability: "run", to },
          { type: "ability", ability: "churn", to },
          { type: "ability", ability: "improve", cell: to },
        );
      for (const [ability, levels] of [
        ["dig", 2],
        ["hunt", 3],
        ["growth", 2],
      ] as const)
        for (let level = 1; level <= levels; level++) space.push({ type: "ability", ability, level });
      for (const ability of ["plant", "eat", "hatch"]) space.push({ type: "ability", ability });
      for (let target = 0; target < 4; target++) space.push({ type: "ability", ability: "steal", target });
      for (const baby of moonRules.BABIES) {
        if (moonRules.BABY_NEEDS_CELL.includes(baby))
          for (const cell of c) space.push({ type: "ability", ability: "babySteps", baby, cell });
        else space.push({ type: "ability", ability: "babySteps", baby });
      }
      const canon = (a: unknown) => {
        const code = parseAction(a);
        return typeof code === "number" ? code : -1;
      };
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.integer({ min: 4, max: 12 }),
          (options, playSeed, every) => {
            playGame(options, playSeed, 0.002, (state, step) => {
              if (step % every !== 0) return;
              const before = JSON.stringify(state);
              const legal = new Set(legalMoves(state));
              expect(legal.size).toBe(legalMoves(state).length);
              expect(new Set(legalActions(state).map(canon))).toEqual(legal);
              const accepted = new Set<number>();
              for (const a of space) {
                const r = applyAction(state, a);
                if (r.ok) accepted.add(canon(a));
                else if (legal.has(canon(a))) throw new Error(`legal ${JSON.stringify(a)} refused: ${r.error.code}`);
              }
              expect(accepted).toEqual(legal);
              expect(JSON.stringify(state)).toBe(before);
            });
          },
        ),
        { numRuns: propertyRuns(12) },
      );
    },
    TIMEOUT,
  );

  it(
    "accepts a move code exactly when legalMoves lists it; garbage is refused without a trace and never throws",
    () => {
      const codeArb = fc.oneof(
        fc.integer({ min: 0, max: (1 << 21) - 1 }),
        fc.integer({ min: 0, max: (1 << 21) - 1 }).map((x) => (x & ~7) | 7),
        fc.integer({ min: 0, max: (1 << 18) - 1 }).map((x) => (x & ~7) | 6),
        fc.integer(),
        fc.double(),
      );
      const junkArb = fc.oneof(
        fc.record(
          {
            type: fc.constant("ability"),
            ability: fc.oneof(fc.constantFrom(...moonRules.ABILITIES.map((a) => a.name)), fc.anything()),
            level: fc.anything(),
            to: fc.anything(),
            cell: fc.anything(),
            cells: fc.anything(),
            target: fc.anything(),
            baby: fc.anything(),
            from: fc.anything(),
          },
          { requiredKeys: ["type"] },
        ),
        fc.record(
          {
            type: fc.constantFrom("chooseAnimal", "placeAnimal", "placeGreatTree", "placeMoonstone", "moveAnimal"),
            animal: fc.anything(),
            cell: fc.anything(),
            to: fc.anything(),
          },
          { requiredKeys: ["type"] },
        ),
        fc.anything(),
      );
      fc.assert(
        fc.property(
          optionsArb,
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.array(codeArb, { minLength: 30, maxLength: 30 }),
          fc.array(junkArb, { minLength: 30, maxLength: 30 }),
          (options, playSeed, codes, junk) => {
            playGame(options, playSeed, 0, (state, step) => {
              const legal = new Set(legalMoves(state));
              const before = JSON.stringify(state);
              const code = codes[step % codes.length];
              if (applyMove(state, code).ok !== legal.has(code)) fail(`move code ${code}: legal ${legal.has(code)}`);
              const action = junk[step % junk.length];
              const r = applyAction(state, action);
              const parsed = parseAction(action);
              const seat =
                action !== null && typeof action === "object" ? (action as { seat?: unknown }).seat : undefined;
              expect(r.ok).toBe(
                typeof parsed === "number" && legal.has(parsed) && (seat === undefined || seat === state.current),
              );
              if (JSON.stringify(state) !== before) fail("a refused move changed the state");
            });
          },
        ),
        { numRuns: propertyRuns(25) },
      );
    },
    TIMEOUT,
  );
});

void (null as unknown as Action);
