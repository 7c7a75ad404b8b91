/**
 * Under the Moonlight on the fast core (docs/fast-path.md, "Under the Moonlight"): the expansion's
 * setup steps, the animals' moves and every ability at every level, the baby turtles, the moon's
 * round and moon points, the Great Tree's and moonstones' shadows — restated on the position's
 * Int32Array (layout.ts) for search and playouts.
 *
 * The rules are the public engine's (src/engine/moonlight/**, the reference); every geometric and
 * numeric decision is read from its data modules (`moonGeometry`, `moonRules`) and turned into
 * 37-cell sets and flat tables here, once. Moves are listed in the public engine's order
 * (moonlight/play.ts `playMoves`: the animal's move, then its abilities in their order, each
 * ability's candidates as the engine makes them), so `actionOf` gives the JSON action and a random
 * playout from a seed plays exactly `playOutRandomly`'s game.
 * tests/engine/fast/moonlight.test.ts checks both move for move.
 */
import { CELL_COUNT, DISTANCE, LEAVES, NEIGHBOURS } from "../board";
import { M_EXT_PLAY, M_EXT_SETUP } from "../codes";
import { LOW_SHADE } from "../light";
import { AT_HI, AT_LO } from "../masks";
import { moonstoneCount } from "../moonlight/setup";
import * as geometry from "../moonlight/geometry";
import { GREAT_TREE_HEIGHT } from "../moonlight/light";
import * as moonRules from "../moonlight/rules";
import { COLLECT_COST, LARGE, SEED, SMALL } from "../rules";
import type { GameOptions } from "../types";
import {
  AVAIL_AT,
  BOARD_AT,
  CELLS_AT,
  CURRENT,
  FIRST,
  LIGHT_AT,
  M_BLOCK_HI,
  M_BLOCK_LO,
  M_ANIMALS_HI,
  M_ANIMALS_LO,
  M_BOX_AT,
  M_BOX_N,
  M_DAM_AT,
  M_DAM_N,
  M_DOUBLE,
  M_FULL,
  M_MOVED,
  M_NESTS_AT,
  M_NESTS_N,
  M_POSITION,
  M_SEATS_AT,
  M_STAGE,
  M_STONES_AT,
  M_STONES_N,
  M_TREE,
  M_USED,
  M_USED_SEQ,
  RESIGNED_AT,
  RNG,
  SEAT_WORDS,
  S_ANIMAL,
  S_BABIES,
  S_CELL,
  S_DEAL,
  S_DEAL_N,
  S_POINTS,
  S_SPENT,
  TOUCHED_AT,
  TOUCHED_N,
  TURN,
  addLight,
  inSet,
  occupy,
  returnToBoard,
  takeToken,
  touch,
  used,
  vacate,
} from "./layout";

const { ABILITIES, ABILITY_INDEX, ANIMALS, BABIES } = moonRules;

// ---- names as indices (the move codes' and the layout's) -------------------------------------

/** The expansion's setup steps (layout.ts M_STAGE; moonlight/types.ts MOON_STAGES' order). */
export const STAGE_CHOOSE = 0;
export const STAGE_ANIMALS = 1;
export const STAGE_GREAT_TREE = 2;
export const STAGE_MOONSTONES = 3;

/** `sub` of a setup code (docs/engine.md, "Move codes"): the stage's index. `sub` 0 of a play code: the animal's move. */
const P_MOVE = 0;

const animal = (name: (typeof ANIMALS)[number]) => ANIMALS.indexOf(name);
const BOAR = animal("boar");
const HEDGEHOG = animal("hedgehog");
const SQUIRREL = animal("squirrel");
const FOX = animal("fox");
const OWL = animal("owl");
const BADGER = animal("badger");
const BEAVER = animal("beaver");
const TURTLE = animal("turtle");
const baby = (name: (typeof BABIES)[number]) => BABIES.indexOf(name);
const B_DOUBLE = baby("double");
const B_SMALL = baby("small");
const B_MEDIUM = baby("medium");
const B_COLLECT = baby("collect");
const B_LIGHT = baby("light");
const B_PLANT = baby("plant");
const B_POINTS = baby("points");
const B_HIGHER = baby("higher");

const DIG = ABILITY_INDEX.dig;
const RUN = ABILITY_INDEX.run;
const PLANT = ABILITY_INDEX.plant;
const EAT = ABILITY_INDEX.eat;
const SCARE = ABILITY_INDEX.scare;
const CHURN = ABILITY_INDEX.churn;
const STEAL = ABILITY_INDEX.steal;
const HUNT = ABILITY_INDEX.hunt;
const GROWTH = ABILITY_INDEX.growth;
const DAM = ABILITY_INDEX.dam;
const IMPROVE = ABILITY_INDEX.improve;
const HATCH = ABILITY_INDEX.hatch;
const BABY_STEPS = ABILITY_INDEX.babySteps;

/** An ability's move code (codes.ts extCode: type 7, sub = index + 1). */
function abilityCode(i: number, x = 0, y = 0, level = 0): number {
  return M_EXT_PLAY | (x << 3) | (y << 9) | ((i + 1) << 15) | (level << 19);
}
const MOVE_CODE = M_EXT_PLAY | (P_MOVE << 15);
const setupCode = (stage: number) => M_EXT_SETUP | (stage << 15);

// ---- tables --------------------------------------------------------------------------------

/** COST[i * 4 + level]: an ability's cost in moon points per level; LOWEST[i] its cheapest. */
const COST = new Int32Array(ABILITIES.length * 4).fill(1 << 20);
for (let i = 0; i < ABILITIES.length; i++)
  for (let level = 0; level < ABILITIES[i].costs.length; level++) COST[i * 4 + level] = ABILITIES[i].costs[level];
/** AFFORD[points]: the abilities (bit i) whose lowest cost is within `points` (0..31). */
const AFFORD = Int32Array.from({ length: 32 }, (_, points) =>
  ABILITIES.reduce((set, rule, i) => (points >= rule.costs[0] ? set | (1 << i) : set), 0),
);
const HUNT_LIGHT = Int32Array.from(moonRules.HUNT_LIGHT);
const LEAVES_OF = Int8Array.from(LEAVES);
/** Babies whose use names a cell, as a bit set by baby index. */
const NEEDS_CELL = moonRules.BABY_NEEDS_CELL.reduce((set, b) => set | (1 << BABIES.indexOf(b)), 0);

/** ABILITIES_OF[animal]: its abilities as a bit set (bit i: ABILITIES[i]). */
const ABILITIES_OF = Int32Array.from(ANIMALS, (name) =>
  ABILITIES.reduce((set, rule, i) => (rule.animal === name ? set | (1 << i) : set), 0),
);

/** A 37-cell set of a list of cells: [lo, hi]. */
function setOf(cells: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const c of cells)
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  return [lo, hi];
}

/** The animals' start cells (ANIMAL_START_LEAVES leaves) as a 37-cell set. */
const [START_LO, START_HI] = setOf(
  LEAVES.map((l, c) => (l === geometry.ANIMAL_START_LEAVES ? c : -1)).filter((c) => c >= 0),
);
const ALL_HI = (1 << (CELL_COUNT - 32)) - 1;

/**
 * The squirrel's moves from `here` in the engine's visiting order (moonlight/play.ts moveTargets:
 * each open neighbour c, then the cells next to c other than `here`), per set of open neighbours
 * (bit k: the k-th of here's neighbours by increasing cell, NB_CELL's order, may be entered):
 * SQ_DATA[SQ_START[i] .. SQ_START[i + 1]) for i = here * 64 + open, each cell at its first
 * visit; the moves are those that may be entered.
 */
const SQ_START = new Int32Array(CELL_COUNT * 64 + 1);
const SQ_DATA: Int8Array = (() => {
  const data: number[] = [];
  for (let here = 0; here < CELL_COUNT; here++)
    for (let open = 0; open < 64; open++) {
      SQ_START[here * 64 + open] = data.length;
      const order: number[] = [];
      const sorted = [...NEIGHBOURS[here]].sort((x, y) => x - y);
      NEIGHBOURS[here].forEach((c) => {
        if ((open & (1 << sorted.indexOf(c))) === 0) return;
        if (!order.includes(c)) order.push(c);
        for (const c2 of NEIGHBOURS[c]) if (c2 !== here && !order.includes(c2)) order.push(c2);
      });
      data.push(...order);
    }
  SQ_START[CELL_COUNT * 64] = data.length;
  return Int8Array.from(data);
})();

/**
 * Each cell's neighbours by increasing cell, six slots (the animal's move, the hedgehog's run and
 * the squirrel's steps are written per slot, then counted when the cell is open, without a branch):
 * NB_WORD[here * 6 + k] -1 when the neighbour's bit is in the high word of a 37-cell set, else 0;
 * NB_SHIFT its bit there; NB_CELL the cell. An empty slot points at bit 31 of the high word (no
 * cell: never open).
 */
const NB_WORD = new Int32Array(CELL_COUNT * 6).fill(-1);
const NB_SHIFT = new Int32Array(CELL_COUNT * 6).fill(31);
const NB_CELL = new Int32Array(CELL_COUNT * 6);
for (let c = 0; c < CELL_COUNT; c++)
  [...NEIGHBOURS[c]]
    .sort((x, y) => x - y)
    .forEach((t, k) => {
      NB_WORD[c * 6 + k] = t < 32 ? 0 : -1;
      NB_SHIFT[c * 6 + k] = t & 31;
      NB_CELL[c * 6 + k] = t;
    });

/** The fox's churn targets (geometry.STRAIGHT, its order): STRAIGHT_AT[c * 12 + k], -1 after the last. */
const STRAIGHT_AT = new Int8Array(CELL_COUNT * 12).fill(-1);
for (let c = 0; c < CELL_COUNT; c++)
  for (let k = 0; k < geometry.STRAIGHT[c].length; k++) STRAIGHT_AT[c * 12 + k] = geometry.STRAIGHT[c][k];

/** Per cell, the dam sites holding it: its two other cells ascending, in DAM_SITES' order (DAM_PAIRS[c * 8 + 2k, +1], -1 after the last). */
const DAM_PAIRS = new Int8Array(CELL_COUNT * 8).fill(-1);
for (let c = 0; c < CELL_COUNT; c++) {
  let k = 0;
  for (const site of geometry.DAM_SITES)
    if (site.includes(c)) {
      const [x, y] = site.filter((s) => s !== c);
      DAM_PAIRS[c * 8 + k++] = x;
      DAM_PAIRS[c * 8 + k++] = y;
    }
}

/** The Great Tree's sun shadow and a moonstone's, per sun and cell, as 37-cell sets: [sun * 37 + c]. */
const TREE_SHADOW_LO = new Int32Array(6 * CELL_COUNT);
const TREE_SHADOW_HI = new Int32Array(6 * CELL_COUNT);
const STONE_SHADOW_LO = new Int32Array(6 * CELL_COUNT);
const STONE_SHADOW_HI = new Int32Array(6 * CELL_COUNT);
for (let sun = 0; sun < 6; sun++)
  for (let c = 0; c < CELL_COUNT; c++) {
    [TREE_SHADOW_LO[sun * CELL_COUNT + c], TREE_SHADOW_HI[sun * CELL_COUNT + c]] = setOf(
      geometry.GREAT_TREE_SHADOW[sun][c],
    );
    [STONE_SHADOW_LO[sun * CELL_COUNT + c], STONE_SHADOW_HI[sun * CELL_COUNT + c]] = setOf(
      geometry.STONE_SHADOW[sun][c],
    );
  }

/** The cells the moon's two paths light from position p, stopped by a Great Tree on g (-1: none): [p * 38 + g + 1]. */
const PATH_LO = new Int32Array(geometry.MOON_POSITIONS * (CELL_COUNT + 1));
const PATH_HI = new Int32Array(geometry.MOON_POSITIONS * (CELL_COUNT + 1));
for (let p = 0; p < geometry.MOON_POSITIONS; p++)
  for (let g = -1; g < CELL_COUNT; g++) {
    const lit: number[] = [];
    for (const path of geometry.MOON_PATHS[p])
      for (const c of path) {
        if (c === g) break;
        lit.push(c);
      }
    [PATH_LO[p * (CELL_COUNT + 1) + g + 1], PATH_HI[p * (CELL_COUNT + 1) + g + 1]] = setOf(lit);
  }

/** The moon's jump from position p with the sun at `sun`: NEXT[p], FLIPS[p * 6 + sun]. */
const MOON_NEXT = new Int8Array(geometry.MOON_POSITIONS);
const MOON_FLIPS = new Uint8Array(geometry.MOON_POSITIONS * 6);
for (let p = 0; p < geometry.MOON_POSITIONS; p++)
  for (let sun = 0; sun < 6; sun++) {
    const step = geometry.moonStep(p, sun);
    MOON_NEXT[p] = step.position;
    MOON_FLIPS[p * 6 + sun] = step.flips ? 1 : 0;
  }

const NEST_CELLS = Int8Array.from(geometry.NEST_CELLS);

// ---- small helpers -------------------------------------------------------------------------

const seatAt = (seat: number) => M_SEATS_AT + seat * SEAT_WORDS;

/** Push `code | c << 3` for each cell of the set, by increasing cell. */
function pushSet(out: Int32Array | number[], n: number, code: number, lo: number, hi: number): number {
  while (lo !== 0) {
    const bit = lo & -lo;
    lo ^= bit;
    out[n++] = code | ((31 - Math.clz32(bit)) << 3);
  }
  while (hi !== 0) {
    const bit = hi & -hi;
    hi ^= bit;
    out[n++] = code | ((63 - Math.clz32(bit)) << 3);
  }
  return n;
}

/** A list of small numbers (1..15), 4 bits each, first in the low bits: its length. */
export function listLength(list: number): number {
  let k = 0;
  while (k < 8 && ((list >>> (4 * k)) & 15) !== 0) k++;
  return k;
}
/** The list with v appended. */
function listPush(list: number, v: number): number {
  return list | (v << (4 * listLength(list)));
}
/** The list without the first v. */
function listRemove(list: number, v: number): number {
  for (let k = 0; k < 8; k++) {
    const x = (list >>> (4 * k)) & 15;
    if (x === 0) return list;
    if (x === v) {
      const low = k === 0 ? 0 : list & ((1 << (4 * k)) - 1);
      const high = k >= 7 ? 0 : list >>> (4 * (k + 1));
      return low | (high << (4 * k));
    }
  }
  return list;
}

/** Whether some cell was used twice this turn (only ever, after the "double" baby). */
function anyRepeat(a: Int32Array): boolean {
  const n = a[TOUCHED_N];
  for (let i = 1; i < n; i++) for (let j = 0; j < i; j++) if (a[TOUCHED_AT + i] === a[TOUCHED_AT + j]) return true;
  return false;
}

/**
 * Whether a cell used this turn may be used once more: the "double" baby was used and no cell has
 * been used twice yet (draft.ts `usable` with moonlight/play.ts `reuse`).
 */
export function mayReuse(a: Int32Array): boolean {
  return a[M_DOUBLE] !== 0 && a[TOUCHED_N] > 0 && !anyRepeat(a);
}

/** draft.ts `usable`: cell c may be the subject of one more action this turn. */
function usable(a: Int32Array, c: number): boolean {
  return !used(a, c) || mayReuse(a);
}

/** The seat whose animal is on c (the first, as moonlight/play.ts animalAt), or -1. */
function animalAt(a: Int32Array, players: number, c: number): number {
  for (let t = 0; t < players; t++) if (a[seatAt(t) + S_CELL] === c) return t;
  return -1;
}

/** light.ts inShadow: a piece of `size` under this shade (heights, LOW_SHADE flag) is in shadow. */
export function inShadow(shade: number, size: number): boolean {
  const need = Math.max(size, 1);
  if (shade < LOW_SHADE) return shade >= need;
  return (shade & 7) >= need || size === SMALL;
}

// ---- setup ---------------------------------------------------------------------------------

/** Moonstones in play, by options (setup.ts moonstoneCount). */
export function stonesOf(options: GameOptions): number {
  return moonstoneCount(options);
}

/**
 * setup.ts setupSchedule as arithmetic: the stage of setup step `turn` (-1 past the last) and its
 * seat — choose from the first player on; animals from the seat to the first player's right,
 * counter-clockwise; the Great Tree the last seat; moonstones on counter-clockwise.
 */
function stepOf(turn: number, n: number, first: number, greatTree: boolean, stones: number): number {
  const mod = (x: number) => ((x % n) + n) % n;
  if (turn < n) return (STAGE_CHOOSE << 8) | mod(first + turn);
  let t = turn - n;
  if (t < n) return (STAGE_ANIMALS << 8) | mod(first - t - 1);
  t -= n;
  if (greatTree) {
    if (t === 0) return (STAGE_GREAT_TREE << 8) | mod(first - 1);
    t--;
  }
  if (t < stones) return (STAGE_MOONSTONES << 8) | mod((greatTree ? first - 2 : first - 1) - t);
  return -1;
}

/** Legal moves of the expansion's setup step in progress. */
export function moonSetupMoves(a: Int32Array, out: Int32Array | number[]): number {
  const stage = a[M_STAGE];
  const s = seatAt(a[CURRENT]);
  let n = 0;
  if (stage === STAGE_CHOOSE) {
    for (let i = 0; i < a[s + S_DEAL_N]; i++) out[n++] = setupCode(STAGE_CHOOSE) | (a[s + S_DEAL + i] << 3);
    return n;
  }
  // the cells holding an animal (and, for the Great Tree and stones, a baby turtle or a blocked cell)
  let takenLo = a[M_ANIMALS_LO];
  let takenHi = a[M_ANIMALS_HI];
  if (stage === STAGE_ANIMALS) return pushSet(out, n, setupCode(stage), START_LO & ~takenLo, START_HI & ~takenHi);
  takenLo |= a[M_BLOCK_LO];
  takenHi |= a[M_BLOCK_HI];
  for (let i = 0; i < a[M_NESTS_N]; i++) {
    const c = a[M_NESTS_AT + 2 * i];
    if (c < 32) takenLo |= 1 << c;
    else takenHi |= 1 << (c - 32);
  }
  return pushSet(out, n, setupCode(stage), ~takenLo, ALL_HI & ~takenHi);
}

/** Apply a setup step's move (the caller then advances). */
export function moonApplySetup(a: Int32Array, code: number): void {
  const s = seatAt(a[CURRENT]);
  const x = (code >> 3) & 63;
  switch ((code >> 15) & 15) {
    case STAGE_CHOOSE:
      a[s + S_ANIMAL] = x;
      a[s + S_DEAL_N] = -1;
      return;
    case STAGE_ANIMALS:
      moveAnimal(a, s, x);
      return;
    case STAGE_GREAT_TREE:
      a[M_TREE] = x;
      block(a, x);
      return;
    default:
      a[M_STONES_AT + a[M_STONES_N]++] = x;
      block(a, x);
  }
}

/** The animal of the seat at `s` (its words) goes to cell c (the animals' set follows). */
function moveAnimal(a: Int32Array, s: number, c: number): void {
  const from = a[s + S_CELL];
  if (from >= 0) {
    if (from < 32) a[M_ANIMALS_LO] &= ~(1 << from);
    else a[M_ANIMALS_HI] &= ~(1 << (from - 32));
  }
  a[s + S_CELL] = c;
  if (c < 32) a[M_ANIMALS_LO] |= 1 << c;
  else a[M_ANIMALS_HI] |= 1 << (c - 32);
}

function block(a: Int32Array, c: number): void {
  if (c < 32) a[M_BLOCK_LO] |= 1 << c;
  else a[M_BLOCK_HI] |= 1 << (c - 32);
}

/**
 * setup.ts nextSetupStep: move the expansion's setup to its next step; returns the seat to act, or
 * -1 when its steps are done. A resigned seat's choice and animal are skipped; its Great Tree or
 * moonstone passes to the next seat counter-clockwise still playing.
 */
export function moonNextSetupStep(a: Int32Array, players: number, greatTree: boolean, stones: number): number {
  for (;;) {
    const was = a[M_STAGE];
    const step = stepOf(++a[TURN], players, a[FIRST], greatTree, stones);
    const stage = step < 0 ? -1 : step >> 8;
    if (was === STAGE_CHOOSE && stage !== STAGE_CHOOSE) reveal(a, players);
    a[M_STAGE] = stage;
    if (stage < 0) return -1;
    const seat = step & 255;
    if (stage === STAGE_CHOOSE || stage === STAGE_ANIMALS) {
      if (a[RESIGNED_AT + seat] !== 0 || (stage === STAGE_ANIMALS && a[seatAt(seat) + S_ANIMAL] < 0)) continue;
      return seat;
    }
    return stillPlaying(a, players, seat);
  }
}

/** `seat`, or the next seat counter-clockwise that has not resigned. */
export function stillPlaying(a: Int32Array, players: number, seat: number): number {
  for (let i = 0; i < players; i++) {
    const t = (((seat - i) % players) + players) % players;
    if (a[RESIGNED_AT + t] === 0) return t;
  }
  return seat;
}

/**
 * Every seat has chosen: with the turtle in play, the 8 babies are shuffled with the game's
 * generator (rng.ts shuffle, inlined), 6 laid face down on the nest cells, 2 to the box.
 */
function reveal(a: Int32Array, players: number): void {
  let turtle = false;
  for (let t = 0; t < players; t++) if (a[seatAt(t) + S_ANIMAL] === TURTLE) turtle = true;
  if (!turtle) return;
  const items = [0, 1, 2, 3, 4, 5, 6, 7];
  let state = a[RNG] >>> 0;
  for (let i = items.length - 1; i > 0; i--) {
    state = draw(state, i + 1);
    const x = items[i];
    items[i] = items[drawn];
    items[drawn] = x;
  }
  a[RNG] = state | 0;
  a[M_NESTS_N] = NEST_CELLS.length;
  for (let i = 0; i < NEST_CELLS.length; i++) {
    a[M_NESTS_AT + 2 * i] = NEST_CELLS[i];
    a[M_NESTS_AT + 2 * i + 1] = items[i];
  }
  a[M_BOX_N] = items.length - NEST_CELLS.length;
  for (let i = NEST_CELLS.length; i < items.length; i++) a[M_BOX_AT + i - NEST_CELLS.length] = items[i];
}

/** rng.ts nextInt on a generator state: sets `drawn` and returns the next state. */
let drawn = 0;
function draw(rng: number, n: number): number {
  const next = (rng + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  drawn = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  return next;
}

/**
 * A new game's moon part (make.ts createMoon), the array zeroed: the animal boards shuffled with
 * the generator (rng.ts shuffle) and dealt two per seat, stage choose, the moon at its start, 2 moon
 * points each. Returns the generator's state after the deal.
 */
export function moonNewGame(a: Int32Array, players: number, rng: number): number {
  const items = [0, 1, 2, 3, 4, 5, 6, 7];
  let state = rng;
  for (let i = items.length - 1; i > 0; i--) {
    state = draw(state, i + 1);
    const x = items[i];
    items[i] = items[drawn];
    items[drawn] = x;
  }
  a[M_STAGE] = STAGE_CHOOSE;
  a[M_POSITION] = geometry.MOON_START;
  a[M_FULL] = geometry.MOON_START_FULL ? 1 : 0;
  a[M_TREE] = -1;
  for (let t = 0; t < players; t++) {
    const s = seatAt(t);
    a[s + S_ANIMAL] = -1;
    a[s + S_CELL] = -1;
    a[s + S_POINTS] = moonRules.MOON_POINTS_START;
    a[s + S_DEAL_N] = moonRules.ANIMALS_DEALT;
    for (let i = 0; i < moonRules.ANIMALS_DEALT; i++) a[s + S_DEAL + i] = items[t * moonRules.ANIMALS_DEALT + i];
  }
  return state;
}

// ---- a turn and a round --------------------------------------------------------------------

/** A new turn (or setup step): the animal may move again and every ability be used again. */
export function moonResetTurn(a: Int32Array): void {
  a[M_MOVED] = 0;
  a[M_USED] = 0;
  a[M_USED_SEQ] = 0;
  a[M_DOUBLE] = 0;
}

/** A round after the first begins (the sun at `sun`): the moon jumps to the marker, flipping if it passes the sun. */
export function moonMove(a: Int32Array, sun: number): void {
  const p = a[M_POSITION];
  if (MOON_FLIPS[p * 6 + sun] !== 0) a[M_FULL] ^= 1;
  a[M_POSITION] = MOON_NEXT[p];
}

/** The moonlit cells (paths stopped by the Great Tree, cells next to a glowing stone): set by `moonlit`. */
export let litLo = 0;
export let litHi = 0;

/** moonlight/light.ts fillMoonlight as 37-cell sets: the cells lit directly or indirectly now (into litLo / litHi). */
export function moonlit(a: Int32Array): void {
  const at = a[M_POSITION] * (CELL_COUNT + 1) + a[M_TREE] + 1;
  let lo = PATH_LO[at];
  let hi = PATH_HI[at];
  const stones = a[M_STONES_N];
  if (stones > 0) {
    // stones on a path glow; a stone next to a glowing stone glows; cells next to a glowing stone are lit
    let glowing = 0;
    for (let i = 0; i < stones; i++) {
      const s = a[M_STONES_AT + i];
      if (inSet(lo, hi, s) && canGlow(s)) glowing |= 1 << i;
    }
    for (let grew = glowing !== 0; grew; ) {
      grew = false;
      for (let i = 0; i < stones; i++) {
        if ((glowing & (1 << i)) !== 0) continue;
        const s = a[M_STONES_AT + i];
        if (!canGlow(s)) continue;
        for (let j = 0; j < stones; j++)
          if ((glowing & (1 << j)) !== 0 && DISTANCE[a[M_STONES_AT + j] * CELL_COUNT + s] === 1) {
            glowing |= 1 << i;
            grew = true;
            break;
          }
      }
    }
    for (let i = 0; i < stones; i++)
      if ((glowing & (1 << i)) !== 0) {
        const s = a[M_STONES_AT + i];
        lo |= AT_LO[CELL_COUNT + s];
        hi |= AT_HI[CELL_COUNT + s];
      }
  }
  litLo = lo;
  litHi = hi;
}
const canGlow = (s: number) => geometry.CENTRE_STONE_CAN_GLOW || s !== geometry.CENTRE;

/** Moon points each seat's animal gains now, into `out` (before the 14 cap): 1 half moon, 2 full, once however lit. */
export function moonGainsInto(a: Int32Array, players: number, out: Int32Array | number[]): void {
  moonlit(a);
  const gain = a[M_FULL] !== 0 ? moonRules.MOON_GAIN_FULL : moonRules.MOON_GAIN_HALF;
  for (let t = 0; t < players; t++) {
    const c = a[seatAt(t) + S_CELL];
    out[t] = c >= 0 && inSet(litLo, litHi, c) ? gain : 0;
  }
}

/** Photosynthesis, after light: each animal in moonlight gains its moon points, up to 14. */
export function moonCollect(a: Int32Array, players: number): void {
  moonlit(a);
  const gain = a[M_FULL] !== 0 ? moonRules.MOON_GAIN_FULL : moonRules.MOON_GAIN_HALF;
  for (let t = 0; t < players; t++) {
    const s = seatAt(t);
    const c = a[s + S_CELL];
    if (c < 0 || !inSet(litLo, litHi, c)) continue;
    const total = a[s + S_POINTS] + gain;
    a[s + S_POINTS] = Math.min(total, moonRules.MOON_POINTS_CAP);
  }
}

/**
 * The expansion's shadows with the sun at `sun`, as 37-cell sets (set by `moonDark`): `dark*` no
 * tree is lit there (the Great Tree's shadow, height 4), `dim*` small trees are not (a moonstone's).
 */
export let darkLo = 0;
export let darkHi = 0;
export let dimLo = 0;
export let dimHi = 0;
export function moonDark(a: Int32Array, sun: number): void {
  const tree = a[M_TREE];
  darkLo = tree >= 0 ? TREE_SHADOW_LO[sun * CELL_COUNT + tree] : 0;
  darkHi = tree >= 0 ? TREE_SHADOW_HI[sun * CELL_COUNT + tree] : 0;
  dimLo = 0;
  dimHi = 0;
  for (let i = 0; i < a[M_STONES_N]; i++) {
    const s = a[M_STONES_AT + i];
    dimLo |= STONE_SHADOW_LO[sun * CELL_COUNT + s];
    dimHi |= STONE_SHADOW_HI[sun * CELL_COUNT + s];
  }
}

/** moonlight/light.ts addShade: the Great Tree's shadow (height 4) and the stones' low shadows (LOW_SHADE) into `shade`. */
export function addMoonShade(a: Int32Array, sun: number, shade: Uint8Array): void {
  moonDark(a, sun);
  for (let c = 0; c < CELL_COUNT; c++) {
    if (inSet(darkLo, darkHi, c)) shade[c] = GREAT_TREE_HEIGHT | (shade[c] & LOW_SHADE);
    if (inSet(dimLo, dimHi, c)) shade[c] |= LOW_SHADE;
  }
}

/** A seat's end-game points from the expansion: unspent moon points and the "points" baby. */
export function moonScore(a: Int32Array, seat: number): number {
  const s = seatAt(seat);
  let spent = a[s + S_SPENT];
  let babies = 0;
  for (; spent !== 0; spent >>>= 4)
    if ((spent & 15) === B_POINTS + 1) {
      babies = moonRules.BABY_POINTS;
      break;
    }
  return a[s + S_POINTS] * moonRules.POINTS_PER_MOON_POINT + babies;
}

// ---- legal moves in play -------------------------------------------------------------------

/**
 * moonlight/play.ts playMoves: the animal's move and its abilities for the seat to act, appended
 * to `out` from index n; returns the new count. `shade` holds the heavy-shade shade of the
 * position (trees and the expansion's shadows) when `heavy`.
 */
export function moonPlayMoves(
  a: Int32Array,
  players: number,
  heavy: boolean,
  shade: Uint8Array,
  out: Int32Array | number[],
  n: number,
): number {
  const seat = a[CURRENT];
  const s = seatAt(seat);
  const kind = a[s + S_ANIMAL];
  const here = a[s + S_CELL];
  if (kind < 0 || here < 0) return n;
  const points = a[s + S_POINTS];
  // the abilities worth listing: the animal's, not used this turn, and the seat has their lowest cost
  const open = AFFORD[Math.min(points, 31)] & ~a[M_USED] & ABILITIES_OF[kind];
  const moved = a[M_MOVED] !== 0;
  // hot: most listings after the animal moved have nothing more to add
  if (moved && open === 0) return n;
  // the cells no animal may enter: blocked, or holding another seat's animal (one animal a cell)
  const animalsLo = a[M_ANIMALS_LO];
  const animalsHi = a[M_ANIMALS_HI];
  const blockLo = a[M_BLOCK_LO];
  const blockHi = a[M_BLOCK_HI];
  const openLo = ~blockLo & ~(here < 32 ? animalsLo & ~(1 << here) : animalsLo);
  const openHi = ~blockHi & ~(here >= 32 ? animalsHi & ~(1 << (here - 32)) : animalsHi);
  if (!moved) {
    // each neighbour written, then counted when open (hot: most listings before the animal moved;
    // whether a cell is open is a random game's coin toss, so no branch on it)
    const oHi = openHi & ALL_HI;
    const diff = openLo ^ oHi;
    const at = here * 6;
    if (kind !== SQUIRREL)
      for (let k = at; k < at + 6; k++) {
        out[n] = MOVE_CODE | (NB_CELL[k] << 3);
        n += ((openLo ^ (diff & NB_WORD[k])) >>> NB_SHIFT[k]) & 1;
      }
    else {
      let near = 0;
      for (let k = at; k < at + 6; k++) near |= (((openLo ^ (diff & NB_WORD[k])) >>> NB_SHIFT[k]) & 1) << (k - at);
      const i = here * 64 + near;
      for (let k = SQ_START[i]; k < SQ_START[i + 1]; k++) {
        const c = SQ_DATA[k];
        out[n] = MOVE_CODE | (c << 3);
        n += ((c < 32 ? openLo : oHi) >>> (c & 31)) & 1;
      }
    }
  }
  if (open === 0) return n;
  const own = 1 + seat * 4;
  const piece = a[CELLS_AT + here];
  const avail = AVAIL_AT + seat * 4;
  const board = BOARD_AT + seat * 4;
  switch (kind) {
    case BOAR:
      // dig: the seat's large tree on the boar's cell, not used this turn; II lays an available seed
      if ((open & (1 << DIG)) !== 0 && piece === own + LARGE && usable(a, here))
        for (let level = 0; level < 2; level++)
          if (points >= COST[DIG * 4 + level] && (level === 0 || a[avail + SEED] > 0))
            out[n++] = abilityCode(DIG, 0, 0, level);
      break;
    case HEDGEHOG:
      if ((open & (1 << RUN)) !== 0) {
        // the move's cells (NB_CELL, written per slot, counted when open)
        const diff = openLo ^ (openHi & ALL_HI);
        for (let k = here * 6; k < here * 6 + 6; k++) {
          out[n] = abilityCode(RUN) | (NB_CELL[k] << 3);
          n += ((openLo ^ (diff & NB_WORD[k])) >>> NB_SHIFT[k]) & 1;
        }
      }
      if ((open & (1 << PLANT)) !== 0 && piece === 0 && a[board + SEED] > 0 && usable(a, here))
        out[n++] = abilityCode(PLANT);
      break;
    case SQUIRREL:
      // eat another seat's seed on its cell; the level is the cell's leaves
      if (
        (open & (1 << EAT)) !== 0 &&
        piece !== 0 &&
        ((piece - 1) & 3) === SEED &&
        (piece - 1) >> 2 !== seat &&
        points >= COST[EAT * 4 + LEAVES_OF[here] - 1]
      )
        out[n++] = abilityCode(EAT);
      break;
    case FOX:
      if ((open & (1 << SCARE)) !== 0)
        for (const from of NEIGHBOURS[here]) {
          if (!inSet(animalsLo, animalsHi, from)) continue;
          const victim = animalAt(a, players, from);
          if (victim < 0 || victim === seat) continue;
          // to a neighbour of the scared animal that is not blocked and holds no animal
          for (const to of NEIGHBOURS[from])
            if (!inSet(blockLo, blockHi, to) && !inSet(animalsLo, animalsHi, to))
              out[n++] = abilityCode(SCARE, from, to);
        }
      if ((open & (1 << CHURN)) !== 0 && piece !== 0 && ((piece - 1) & 3) === SEED)
        for (let k = here * 12; k < here * 12 + 12; k++) {
          const to = STRAIGHT_AT[k];
          if (to < 0) break;
          if (a[CELLS_AT + to] === 0 && !inSet(blockLo, blockHi, to)) out[n++] = abilityCode(CHURN, to);
        }
      if ((open & (1 << STEAL)) !== 0)
        for (let t = 0; t < players; t++) {
          const cell = a[seatAt(t) + S_CELL];
          if (t !== seat && cell >= 0 && DISTANCE[here * CELL_COUNT + cell] === 1 && a[LIGHT_AT + t] > 0)
            out[n++] = abilityCode(STEAL, t);
        }
      break;
    case OWL:
      if ((open & (1 << HUNT)) !== 0)
        for (let level = 0; level < 3; level++)
          if (points >= COST[HUNT * 4 + level]) out[n++] = abilityCode(HUNT, 0, 0, level);
      break;
    case BADGER:
      // growth: the seat's seed on its cell, not planted this turn, in light under heavy shade
      if (
        (open & (1 << GROWTH)) !== 0 &&
        piece === own + SEED &&
        !used(a, here) &&
        !(heavy && inShadow(shade[here], SEED))
      )
        for (let level = 0; level < 2; level++)
          if (points >= COST[GROWTH * 4 + level] && (level === 0 ? a[avail + SMALL] : a[board + SMALL]) > 0)
            out[n++] = abilityCode(GROWTH, 0, 0, level);
      break;
    case BEAVER: {
      if ((open & (1 << DAM)) !== 0)
        for (let k = here * 8; k < here * 8 + 8 && DAM_PAIRS[k] >= 0; k += 2) {
          const x = DAM_PAIRS[k];
          const y = DAM_PAIRS[k + 1];
          if (!sameDam(a, here, x, y)) out[n++] = abilityCode(DAM, x, y);
        }
      // improve: standing on the dam, one of the seat's pieces on it grows, free
      if ((open & (1 << IMPROVE)) !== 0 && onDam(a, here))
        for (let i = 0; i < a[M_DAM_N]; i++) {
          const c = a[M_DAM_AT + i];
          const p = a[CELLS_AT + c];
          if (p === 0 || (p - 1) >> 2 !== seat) continue;
          const size = (p - 1) & 3;
          if (size < LARGE && a[avail + size + 1] > 0 && usable(a, c) && !(heavy && inShadow(shade[c], size)))
            out[n++] = abilityCode(IMPROVE, c);
        }
      break;
    }
    case TURTLE: {
      if ((open & (1 << HATCH)) !== 0 && nestAt(a, here) >= 0) out[n++] = abilityCode(HATCH);
      if ((open & (1 << BABY_STEPS)) === 0) break;
      let seen = 0;
      for (let list = a[s + S_BABIES]; list !== 0; list >>>= 4) {
        const b = (list & 15) - 1;
        if ((seen & (1 << b)) !== 0) continue;
        seen |= 1 << b;
        if ((NEEDS_CELL & (1 << b)) === 0) {
          if ((b !== B_SMALL && b !== B_MEDIUM) || a[board + (b === B_SMALL ? SMALL : SMALL + 1)] > 0)
            out[n++] = abilityCode(BABY_STEPS, b);
        } else if (b === B_PLANT) {
          if (a[avail + SEED] > 0)
            for (let c = 0; c < CELL_COUNT; c++)
              if (a[CELLS_AT + c] === 0 && !inSet(blockLo, blockHi, c) && usable(a, c))
                out[n++] = abilityCode(BABY_STEPS, b, c);
        } else if (b !== B_HIGHER || a[LIGHT_AT + seat] >= COLLECT_COST)
          for (let c = 0; c < CELL_COUNT; c++)
            if (a[CELLS_AT + c] === own + LARGE && usable(a, c)) out[n++] = abilityCode(BABY_STEPS, b, c);
      }
      break;
    }
  }
  return n;
}

function onDam(a: Int32Array, c: number): boolean {
  for (let i = 0; i < a[M_DAM_N]; i++) if (a[M_DAM_AT + i] === c) return true;
  return false;
}
/** Whether the site {here, x, y} (x < y) is where the dam lies now. */
function sameDam(a: Int32Array, here: number, x: number, y: number): boolean {
  return a[M_DAM_N] === 3 && onDam(a, here) && onDam(a, x) && onDam(a, y);
}
function nestAt(a: Int32Array, c: number): number {
  for (let i = 0; i < a[M_NESTS_N]; i++) if (a[M_NESTS_AT + 2 * i] === c) return i;
  return -1;
}

// ---- applying a move in play ---------------------------------------------------------------

/** moonlight/play.ts applyPlay: an animal's move or an ability (a code `moonPlayMoves` listed). */
export function moonApplyPlay(a: Int32Array, players: number, code: number): void {
  const seat = a[CURRENT];
  const s = seatAt(seat);
  const sub = (code >> 15) & 15;
  const x = (code >> 3) & 63;
  const y = (code >> 9) & 63;
  const here = a[s + S_CELL];
  if (sub === P_MOVE) {
    a[M_MOVED] = 1;
    moveAnimal(a, s, x);
    return;
  }
  const i = sub - 1;
  const level = i === EAT ? LEAVES_OF[here] - 1 : (code >> 19) & 3;
  a[M_USED] |= 1 << i;
  a[M_USED_SEQ] = listPush(a[M_USED_SEQ], i + 1);
  a[s + S_POINTS] -= COST[i * 4 + level];
  switch (i) {
    case DIG:
      collectTree(a, seat, here, LEAVES_OF[here]);
      if (level === 1) {
        a[AVAIL_AT + seat * 4 + SEED]--;
        put(a, seat, here, SEED);
      }
      return;
    case RUN:
      moveAnimal(a, s, x);
      return;
    case PLANT:
      a[BOARD_AT + seat * 4 + SEED]--;
      put(a, seat, here, SEED);
      touch(a, here);
      return;
    case EAT: {
      const owner = (a[CELLS_AT + here] - 1) >> 2;
      vacate(a, owner, here);
      returnToBoard(a, owner, SEED);
      addLight(a, owner, moonRules.EAT_COMPENSATION);
      addLight(a, seat, LEAVES_OF[here]);
      return;
    }
    case SCARE:
      moveAnimal(a, seatAt(animalAt(a, players, x)), y);
      return;
    case CHURN: {
      const piece = a[CELLS_AT + here];
      const owner = (piece - 1) >> 2;
      vacate(a, owner, here);
      a[CELLS_AT + x] = piece;
      occupy(a, owner, x);
      // a seed planted this turn stays unable to grow this turn (its "used" mark moves with it)
      if (used(a, here) && !used(a, x)) touch(a, x);
      return;
    }
    case STEAL: {
      const amount = Math.min(moonRules.STEAL_LIGHT, a[LIGHT_AT + x]);
      a[LIGHT_AT + x] -= amount;
      addLight(a, seat, amount);
      return;
    }
    case HUNT:
      addLight(a, seat, HUNT_LIGHT[level]);
      return;
    case GROWTH:
      if (level === 0) a[AVAIL_AT + seat * 4 + SMALL]--;
      else a[BOARD_AT + seat * 4 + SMALL]--;
      a[CELLS_AT + here] = 1 + seat * 4 + SMALL;
      returnToBoard(a, seat, SEED);
      return;
    case DAM: {
      // the site ascending: here, x, y with x < y
      const c0 = Math.min(here, x);
      const c1 = Math.max(x, Math.min(here, y));
      const c2 = Math.max(here, y);
      a[M_DAM_N] = 3;
      a[M_DAM_AT] = c0;
      a[M_DAM_AT + 1] = c1;
      a[M_DAM_AT + 2] = c2;
      // everything on the dam grows once, free, whoever owns it, if the owner has the next size
      for (let k = 0; k < 3; k++) {
        const c = a[M_DAM_AT + k];
        const p = a[CELLS_AT + c];
        if (p === 0) continue;
        const owner = (p - 1) >> 2;
        const size = (p - 1) & 3;
        if (size < LARGE && a[AVAIL_AT + owner * 4 + size + 1] > 0) growFree(a, owner, c);
      }
      return;
    }
    case IMPROVE:
      growFree(a, seat, x);
      touch(a, x);
      return;
    case HATCH: {
      const k = nestAt(a, here);
      const b = a[M_NESTS_AT + 2 * k + 1];
      const last = --a[M_NESTS_N];
      for (let j = k; j < last; j++) {
        a[M_NESTS_AT + 2 * j] = a[M_NESTS_AT + 2 * j + 2];
        a[M_NESTS_AT + 2 * j + 1] = a[M_NESTS_AT + 2 * j + 3];
      }
      a[s + S_BABIES] = listPush(a[s + S_BABIES], b + 1);
      return;
    }
    case BABY_STEPS:
      a[s + S_BABIES] = listRemove(a[s + S_BABIES], x + 1);
      a[s + S_SPENT] = listPush(a[s + S_SPENT], x + 1);
      useBaby(a, seat, x, y);
      return;
  }
}

function useBaby(a: Int32Array, seat: number, b: number, c: number): void {
  switch (b) {
    case B_DOUBLE:
      a[M_DOUBLE] = 1;
      return;
    case B_SMALL:
    case B_MEDIUM: {
      const col = b === B_SMALL ? SMALL : SMALL + 1;
      a[BOARD_AT + seat * 4 + col]--;
      a[AVAIL_AT + seat * 4 + col]++;
      return;
    }
    case B_COLLECT:
      collectTree(a, seat, c, LEAVES_OF[c]);
      return;
    case B_HIGHER:
      a[LIGHT_AT + seat] -= COLLECT_COST;
      collectTree(a, seat, c, Math.min(4, LEAVES_OF[c] + 1));
      return;
    case B_LIGHT:
      addLight(a, seat, moonRules.BABY_LIGHT);
      return;
    case B_PLANT:
      a[AVAIL_AT + seat * 4 + SEED]--;
      put(a, seat, c, SEED);
      touch(a, c);
      return;
  }
}

/** A piece of the seat's, of `size`, on empty cell c. */
function put(a: Int32Array, seat: number, c: number, size: number): void {
  a[CELLS_AT + c] = 1 + seat * 4 + size;
  occupy(a, seat, c);
}

/** Remove the seat's large tree on c (an action on c), taking a token from the `leaves` stack down. */
function collectTree(a: Int32Array, seat: number, c: number, leaves: number): void {
  vacate(a, seat, c);
  returnToBoard(a, seat, LARGE);
  takeToken(a, seat, leaves);
  touch(a, c);
}

/** The piece on c grows to the next size from its owner's available area, free. */
function growFree(a: Int32Array, owner: number, c: number): void {
  const size = (a[CELLS_AT + c] - 1) & 3;
  a[AVAIL_AT + owner * 4 + size + 1]--;
  a[CELLS_AT + c]++;
  returnToBoard(a, owner, size);
}
