/**
 * The fast core: a compact, mutable position for search and playouts (docs/fast-path.md) — the
 * base game and Under the Moonlight, every mode.
 *
 * Why hand-written beside the public engine: bots search millions of positions, and the public
 * engine's pure, immutable states (a copy per action, event objects, arrays of actions) cost about
 * 1 µs an action. Here a whole position is one Int32Array with fixed offsets (layout.ts): an action
 * is applied in place with no allocation, `copyFrom` snapshots or restores a position in one `set`,
 * and legal moves are written into a reusable buffer. Move codes are the public engine's (codes.ts),
 * produced in the public engine's order, so `actionOf(code)` gives the JSON action and a uniform
 * random playout with the same generator plays exactly the game `playOutRandomly` plays.
 *
 * The rules are the public engine's, restated for speed; Under the Moonlight's are in moon.ts.
 * tests/engine/fast/** play random games with both and compare the legal action sets and the states
 * at every step, and the perft table is checked on both.
 */
import { CELL_COUNT, EDGE_CELLS, LEAVES, SHADOW_RAY } from "../board";
import { M_BUY, M_COLLECT, M_END_TURN, M_EXT_PLAY, M_EXT_SETUP, M_GROW, M_PLACE, M_PLANT } from "../codes";
import { AT_HI, AT_LO, PRICE } from "../masks";
import {
  BOARD_SLOTS,
  COLLECT_COST,
  GROW_COST,
  LIGHT_BY_SIZE,
  LIGHT_CAP,
  LIGHT_PER_POINT,
  PLANT_COST,
  ROUNDS_LONG,
  ROUNDS_NORMAL,
  SETUP_TREES_PER_PLAYER,
  START_AVAILABLE,
  START_BOARD,
  TOKEN_VALUES,
  startStacks,
} from "../rules";
import type { GameOptions } from "../types";
import {
  AVAIL_AT,
  BOARD_AT,
  CELLS_AT,
  CURRENT,
  ENDED,
  FIRST,
  LIGHT_AT,
  MOON_SIZE,
  M_BLOCK_HI,
  M_BLOCK_LO,
  M_DOUBLE,
  M_STAGE,
  OCC_HI,
  OCC_LO,
  OWN_AT,
  PHASE,
  PLAY,
  PLY,
  RESIGNED_AT,
  RNG,
  ROUND,
  SETUP,
  SIZE,
  STACKS_AT,
  TOKENS_AT,
  TOKENS_N,
  TURN,
  TOUCHED_N,
  USED_HI,
  USED_LO,
  inSet,
  occupy,
  takeToken,
  touch,
  vacate,
} from "./layout";
import {
  addMoonShade,
  darkHi,
  darkLo,
  dimHi,
  dimLo,
  inShadow,
  mayReuse,
  moonApplyPlay,
  moonApplySetup,
  moonCollect,
  moonDark,
  moonGainsInto,
  moonMove,
  moonNewGame,
  moonNextSetupStep,
  moonPlayMoves,
  moonResetTurn,
  moonScore,
  moonSetupMoves,
  stonesOf,
} from "./moon";

export { ENDED, PLAY, SETUP } from "./layout";

/** Legal moves never exceed this (37 cells × at most 18 plant targets + grows, buys, end of turn; the expansion's fewer). */
export const MAX_MOVES = 1024;

// ---- precomputed tables --------------------------------------------------------------------

// PRICE (next purchase price by column and count) and AT_LO / AT_HI (the cells at exactly distance
// d of a cell, as 37-cell sets, in WITHIN's order) are shared with the public engine: ../masks.ts

/** Shadow rays per sun position: RAY[(sun * 37 + c) * 3 + i], -1 past the board edge. */
const RAY: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++)
      for (let i = 0; i < SHADOW_RAY[sun][c].length; i++) r[(sun * CELL_COUNT + c) * 3 + i] = SHADOW_RAY[sun][c][i];
  return r;
})();

const LEAVES_OF = Int8Array.from(LEAVES);
const GROW_TO_SMALL = GROW_COST[1];
const GROW_TO_MEDIUM = GROW_COST[2];
const GROW_TO_LARGE = GROW_COST[3];
const EDGES = Int8Array.from(EDGE_CELLS);
const LIGHT_SMALL = LIGHT_BY_SIZE[1];
const LIGHT_MEDIUM = LIGHT_BY_SIZE[2];
const LIGHT_LARGE = LIGHT_BY_SIZE[3];
/** The move a piece of each size may make on its cell: grow (seed, small, medium) or collect (large). */
const GROW_OR_COLLECT = Int32Array.of(M_GROW, M_GROW, M_GROW, M_COLLECT);
/**
 * The cells a tree of height h (0..3) on c shades with the sun at `sun` (its shadow ray's first h
 * cells), as a 37-cell set: RAY_LO / RAY_HI[(sun * 4 + h) * 37 + c] (height 0, a seed: none).
 */
const RAY_LO = new Int32Array(6 * 4 * CELL_COUNT);
const RAY_HI = new Int32Array(6 * 4 * CELL_COUNT);
for (let sun = 0; sun < 6; sun++)
  for (let h = 1; h <= 3; h++)
    for (let c = 0; c < CELL_COUNT; c++)
      for (const t of SHADOW_RAY[sun][c].slice(0, h))
        if (t < 32) RAY_LO[(sun * 4 + h) * CELL_COUNT + c] |= 1 << t;
        else RAY_HI[(sun * 4 + h) * CELL_COUNT + c] |= 1 << (t - 32);
/** Masks by a tree's height h (0..3): AT_LEAST_2[h] all ones when h ≥ 2, AT_LEAST_3 when h = 3; IS_1..3 when h is that. */
const AT_LEAST_2 = Int32Array.of(0, 0, -1, -1);
const AT_LEAST_3 = Int32Array.of(0, 0, 0, -1);
const IS_1 = Int32Array.of(0, -1, 0, 0);
const IS_2 = Int32Array.of(0, 0, -1, 0);
const IS_3 = Int32Array.of(0, 0, 0, -1);

/** The number of set bits of a 32-bit word. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
/** Scratch shade (one position's at a time; never kept). */
const shade = new Uint8Array(CELL_COUNT);

/** The trees' shadows with the sun at `sun` into `out`: per cell the height of the tallest shadow (light.ts shadeHeights). */
function shadeInto(cells: Int32Array, sun: number, out: Uint8Array): void {
  out.fill(0);
  const base = sun * CELL_COUNT * 3;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[CELLS_AT + c];
    if (piece === 0) continue;
    const h = (piece - 1) & 3;
    if (h === 0) continue;
    const r = base + c * 3;
    for (let i = 0; i < h; i++) {
      const t = RAY[r + i];
      if (t < 0) break;
      if (out[t] < h) out[t] = h;
    }
  }
}

/**
 * A position's zeroed words, carved from a shared slab: a typed array of a few hundred words gets
 * a backing store of its own (V8 keeps only tiny ones on the heap), which made creating a position
 * cost more than playing a move; views on a slab cost a small object each. A slab is freed when
 * none of its positions is left.
 */
const SLAB_BYTES = 1 << 16;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabUsed = 0;
function words(n: number): Int32Array {
  if (slabUsed + n * 4 > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const view = new Int32Array(slab, slabUsed, n);
  slabUsed += n * 4;
  return view;
}

// ---- the position --------------------------------------------------------------------------

/**
 * A position of the base game or of Under the Moonlight, mutable. Create one from a public state
 * with `toFast` (convert.ts: a full state, or a view with its hidden parts sampled), or `createFast`.
 */
export class FastPosition {
  /** Every field of the position (layout.ts); copy it to snapshot the position. */
  readonly a: Int32Array;
  readonly players: number;
  readonly rounds: number;
  readonly heavyShade: boolean;
  /** Under the Moonlight is played (the moon part follows the base part in `a`). */
  readonly moon: boolean;
  /** Its modes: the Great Tree, and how many moonstones (0 without the mode). */
  readonly greatTree: boolean;
  readonly stones: number;
  /** The game's options (`toGameState` gives them back; `toFast(…, into)` changes them within the same rules). */
  options: GameOptions;
  constructor(options: GameOptions) {
    this.options = options;
    this.players = options.players;
    this.rounds = options.longGame ? ROUNDS_LONG : ROUNDS_NORMAL;
    this.heavyShade = options.heavyShade;
    this.moon = options.moonlight !== undefined;
    this.greatTree = options.moonlight?.greatTree === true;
    this.stones = this.moon ? stonesOf(options) : 0;
    this.a = words(this.moon ? MOON_SIZE : SIZE);
  }

  /**
   * A new game of this position's rules from `seed`, written over it: what `createFast({ players,
   * longGame, heavyShade, moonlight, seed })` makes (the first player drawn from the seed, then the
   * animal deal), without building the public state — a playout loop's new games allocate only
   * their options object. The rules were checked when the position was made.
   */
  restart(seed: number): this {
    const a = this.a;
    const n = this.players;
    a.fill(0);
    let rng = seed >>> 0;
    const next = (rng + 0x6d2b79f5) >>> 0;
    let t = next;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const first = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    rng = next;
    const o = this.options;
    this.options =
      o.moonlight === undefined
        ? { players: n, longGame: o.longGame, heavyShade: o.heavyShade, firstPlayer: first, seed }
        : {
            players: n,
            longGame: o.longGame,
            heavyShade: o.heavyShade,
            firstPlayer: first,
            seed,
            moonlight: o.moonlight,
          };
    for (let s = 0; s < n; s++)
      for (let i = 0; i < 4; i++) {
        a[BOARD_AT + s * 4 + i] = START_BOARD[i];
        a[AVAIL_AT + s * 4 + i] = START_AVAILABLE[i];
      }
    const stacks = startStacks(n);
    for (let i = 0; i < 4; i++) a[STACKS_AT + i] = stacks[i];
    a[FIRST] = first;
    a[CURRENT] = first;
    if (this.moon) rng = moonNewGame(a, n, rng);
    a[RNG] = rng | 0;
    return this;
  }

  /** Become a position of the game with these options, which has the same rules (convert.ts toFast `into`). */
  reuse(options: GameOptions): void {
    if (
      options.players !== this.players ||
      (options.longGame ? ROUNDS_LONG : ROUNDS_NORMAL) !== this.rounds ||
      options.heavyShade !== this.heavyShade ||
      (options.moonlight !== undefined) !== this.moon ||
      (options.moonlight?.greatTree === true) !== this.greatTree ||
      (this.moon && stonesOf(options) !== this.stones)
    )
      throw new Error("toFast: `into` is a position of a game with other rules.");
    this.options = options;
  }

  get phase(): number {
    return this.a[PHASE];
  }
  get current(): number {
    return this.a[CURRENT];
  }
  get round(): number {
    return this.a[ROUND];
  }
  get ply(): number {
    return this.a[PLY];
  }
  /** The sun's position now (0..5; light.ts sunPosition: setup counts as round 1). */
  get sun(): number {
    return (Math.max(1, this.a[ROUND]) - 1) % 6;
  }
  /** Whether the game is over. */
  get ended(): boolean {
    return this.a[PHASE] === ENDED;
  }

  /** A copy (sharing the options). */
  clone(): FastPosition {
    const p = new FastPosition(this.options);
    p.a.set(this.a);
    return p;
  }
  /** Make this position equal to `other` (same game options): the undo of search. */
  copyFrom(other: FastPosition): void {
    this.a.set(other.a);
  }

  /**
   * Write every legal move of the seat to act into `out` (from index 0, at least MAX_MOVES long);
   * returns how many. Entries past the count are scratch (some moves are written, then not counted).
   */
  legalMoves(out: Int32Array): number {
    const a = this.a;
    const phase = a[PHASE];
    if (phase === ENDED) return 0;
    const seat = a[CURRENT];
    const moon = this.moon;
    // the cells nothing may be put on (Under the Moonlight: the Great Tree and the moonstones)
    const blockLo = moon ? a[M_BLOCK_LO] : 0;
    const blockHi = moon ? a[M_BLOCK_HI] : 0;
    let n = 0;
    if (phase === SETUP) {
      if (moon && a[M_STAGE] >= 0) return moonSetupMoves(a, out);
      if (a[AVAIL_AT + seat * 4 + 1] > 0)
        for (let i = 0; i < EDGES.length; i++) {
          const c = EDGES[i];
          if (a[CELLS_AT + c] === 0 && !inSet(blockLo, blockHi, c)) out[n++] = M_PLACE | (c << 3);
        }
      return n;
    }
    out[n++] = M_END_TURN;
    const light = a[LIGHT_AT + seat];
    const board = BOARD_AT + seat * 4;
    // the four columns unrolled (hot: every listing), without branches: each code is written, and
    // counted when its price is known (≥ 0) and within the light (a random playout's branches here
    // are unpredictable; arithmetic is cheaper than a mispredicted jump)
    let price = PRICE[a[board]];
    out[n] = M_BUY;
    n += ~(price | (light - price)) >>> 31;
    price = PRICE[5 + a[board + 1]];
    out[n] = M_BUY | (1 << 3);
    n += ~(price | (light - price)) >>> 31;
    price = PRICE[10 + a[board + 2]];
    out[n] = M_BUY | (2 << 3);
    n += ~(price | (light - price)) >>> 31;
    price = PRICE[15 + a[board + 3]];
    out[n] = M_BUY | (3 << 3);
    n += ~(price | (light - price)) >>> 31;
    const avail = AVAIL_AT + seat * 4;
    const heavy = this.heavyShade;
    if (heavy) {
      const sun = (a[ROUND] - 1) % 6;
      shadeInto(a, sun, shade);
      if (moon) addMoonShade(a, sun, shade);
    }
    // the seat has a seed available and the light to plant it (arithmetic, not branches: the
    // counts are ≥ 0 and the light small, so `(-count & (cost - 1 - light)) >>> 31` is both)
    const canPlant = (-a[avail] & (PLANT_COST - 1 - light)) < 0;
    const own = 1 + seat * 4;
    // bit s: a piece of size s may grow (s < 3) or be collected (s = 3), shade aside
    const able =
      (((COLLECT_COST - 1 - light) >>> 31) << 3) |
      ((-a[avail + 1] & (GROW_TO_SMALL - 1 - light)) >>> 31) |
      (((-a[avail + 2] & (GROW_TO_MEDIUM - 1 - light)) >>> 31) << 1) |
      (((-a[avail + 3] & (GROW_TO_LARGE - 1 - light)) >>> 31) << 2);
    // free cells (empty, unblocked and unused this turn); then each unused own piece, by increasing
    // cell. After the "double" baby turtle a used cell may be used once more (moon.ts mayReuse):
    // used cells stay in, and a plant from a used cell avoids used targets (draft.ts usable2)
    const reuse = moon && a[M_DOUBLE] !== 0 && mayReuse(a);
    let freeLo = ~(a[OCC_LO] | blockLo);
    let freeHi = ~(a[OCC_HI] | blockHi);
    // nothing to grow, collect or plant: no piece to look at
    let lo = able === 0 && !canPlant ? 0 : a[OWN_AT + seat * 2];
    let hi = able === 0 && !canPlant ? 0 : a[OWN_AT + seat * 2 + 1];
    if (!reuse) {
      freeLo &= ~a[USED_LO];
      freeHi &= ~a[USED_HI];
      lo &= ~a[USED_LO];
      hi &= ~a[USED_HI];
    }
    // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
    while ((lo | hi) !== 0) {
      let c: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        lo ^= bit;
        c = 31 - Math.clz32(bit);
      } else {
        const bit = hi & -hi;
        hi ^= bit;
        c = 63 - Math.clz32(bit);
      }
      const size = a[CELLS_AT + c] - own;
      const shaded = heavy && inShadow(shade[c], size);
      // grow (sizes 0–2) or collect (size 3), written and counted without a branch (as the buys)
      out[n] = GROW_OR_COLLECT[size] | (c << 3);
      n += (able >> size) & (size === 3 || !shaded ? 1 : 0);
      if (canPlant && size > 0 && !shaded) {
        const from = M_PLANT | (c << 3);
        let toLo = freeLo;
        let toHi = freeHi;
        if (reuse && inSet(a[USED_LO], a[USED_HI], c)) {
          toLo &= ~a[USED_LO];
          toHi &= ~a[USED_HI];
        }
        for (let d = 1; d <= size; d++) {
          let t = AT_LO[d * CELL_COUNT + c] & toLo;
          while (t !== 0) {
            const b = t & -t;
            t ^= b;
            out[n++] = from | ((31 - Math.clz32(b)) << 9);
          }
          t = AT_HI[d * CELL_COUNT + c] & toHi;
          while (t !== 0) {
            const b = t & -t;
            t ^= b;
            out[n++] = from | ((63 - Math.clz32(b)) << 9);
          }
        }
      }
    }
    if (moon) n = moonPlayMoves(a, this.players, heavy, shade, out, n);
    return n;
  }

  /**
   * Apply a move of the seat to act in place. The move must be one `legalMoves` just gave for this
   * position: nothing is checked (use the public `applyMove` for moves from outside).
   */
  play(code: number): void {
    const a = this.a;
    const seat = a[CURRENT];
    const c = (code >> 3) & 63;
    a[PLY]++;
    switch (code & 7) {
      case M_END_TURN:
        this.advance();
        return;
      case M_PLACE:
        a[AVAIL_AT + seat * 4 + 1]--;
        a[CELLS_AT + c] = 2 + seat * 4;
        occupy(a, seat, c);
        this.advance();
        return;
      case M_BUY: {
        const b = BOARD_AT + seat * 4 + c;
        a[LIGHT_AT + seat] -= PRICE[c * 5 + a[b]];
        a[b]--;
        a[AVAIL_AT + seat * 4 + c]++;
        return;
      }
      case M_PLANT: {
        const t = (code >> 9) & 63;
        a[LIGHT_AT + seat] -= PLANT_COST;
        a[AVAIL_AT + seat * 4]--;
        a[CELLS_AT + t] = 1 + seat * 4;
        occupy(a, seat, t);
        touch(a, c);
        touch(a, t);
        return;
      }
      case M_GROW: {
        const size = (a[CELLS_AT + c] - 1) & 3;
        a[LIGHT_AT + seat] -= GROW_COST[size + 1];
        a[AVAIL_AT + seat * 4 + size + 1]--;
        a[CELLS_AT + c]++;
        const b = BOARD_AT + seat * 4 + size;
        if (a[b] < BOARD_SLOTS[size]) a[b]++;
        touch(a, c);
        return;
      }
      case M_COLLECT: {
        a[LIGHT_AT + seat] -= COLLECT_COST;
        vacate(a, seat, c);
        const b = BOARD_AT + seat * 4 + 3;
        if (a[b] < BOARD_SLOTS[3]) a[b]++;
        takeToken(a, seat, LEAVES_OF[c]);
        touch(a, c);
        return;
      }
      case M_EXT_SETUP:
        moonApplySetup(a, code);
        this.advance();
        return;
      case M_EXT_PLAY:
        moonApplyPlay(a, this.players, code);
        return;
    }
  }

  /** Pass play to the next seat that may act (the public engine's `advance`). */
  private advance(): void {
    const a = this.a;
    const n = this.players;
    a[USED_LO] = 0;
    a[USED_HI] = 0;
    a[TOUCHED_N] = 0;
    if (this.moon) moonResetTurn(a);
    let resigned = 0;
    for (let s = 0; s < n; s++) resigned += a[RESIGNED_AT + s];
    if (resigned === n) {
      a[PHASE] = ENDED;
      return;
    }
    for (;;) {
      if (this.moon && a[PHASE] === SETUP && a[M_STAGE] >= 0) {
        // the expansion's setup steps come before the setup trees
        const seat = moonNextSetupStep(a, n, this.greatTree, this.stones);
        if (seat >= 0) {
          a[CURRENT] = seat;
          return;
        }
        a[TURN] = -1;
      }
      const turn = ++a[TURN];
      if (a[PHASE] === SETUP) {
        if (turn >= n * SETUP_TREES_PER_PLAYER) {
          a[PHASE] = PLAY;
          this.startRound(1);
        } else a[CURRENT] = (a[FIRST] + turn) % n;
      } else if (turn >= n) {
        if (a[ROUND] >= this.rounds) {
          a[PHASE] = ENDED;
          return;
        }
        a[FIRST] = (a[FIRST] + 1) % n;
        this.startRound(a[ROUND] + 1);
      } else a[CURRENT] = (a[FIRST] + turn) % n;
      if (a[RESIGNED_AT + a[CURRENT]] === 0) return;
    }
  }

  /** Photosynthesis: the moon moves (not in round 1), every seat collects the light of its lit trees (capped at 20), then the animals their moon points. */
  private startRound(round: number): void {
    const a = this.a;
    a[ROUND] = round;
    a[TURN] = 0;
    a[CURRENT] = a[FIRST];
    const sun = (round - 1) % 6;
    if (this.moon && round > 1) moonMove(a, sun);
    this.gainsInto(sun, a, LIGHT_AT, true);
    if (this.moon) moonCollect(a, this.players);
  }

  /**
   * Light each seat's trees collect with the sun at `sun`, added into out[at + seat] (capped at
   * 20 when `cap`). A tree of height h shades the first h cells of its shadow ray; a tree is lit
   * unless shaded by a tree at least its size (docs/rules.md §2; light.ts's shadeHeights); Under
   * the Moonlight, no tree in the Great Tree's shadow and no small tree in a moonstone's is lit
   * (light.ts lightGainsFor).
   */
  private gainsInto(sun: number, out: Int32Array | number[], at: number, cap: boolean): void {
    const a = this.a;
    // Without a branch per tree (a random game's boards make them unpredictable): one walk over the
    // occupied cells gathers, as 37-cell sets, the cells in the shadow of a tree of height ≥ 1, ≥ 2
    // and 3 (each tree's shadow ray, as long as it is tall) and the small, medium and large trees;
    // a tree of size s is lit unless in a shadow of height ≥ s. Then each seat's lit trees are
    // counted by size from its own pieces' set.
    const ray = sun * 4 * CELL_COUNT;
    let sh1Lo = 0;
    let sh1Hi = 0;
    let sh2Lo = 0;
    let sh2Hi = 0;
    let sh3Lo = 0;
    let sh3Hi = 0;
    let smallLo = 0;
    let smallHi = 0;
    let mediumLo = 0;
    let mediumHi = 0;
    let largeLo = 0;
    let largeHi = 0;
    // the set walk inline, not masks.ts's pushCells: hot path (bench --only=engine)
    for (let lo = a[OCC_LO]; lo !== 0; ) {
      const bit = lo & -lo;
      lo ^= bit;
      const c = 31 - Math.clz32(bit);
      const h = (a[CELLS_AT + c] - 1) & 3;
      const r = ray + h * CELL_COUNT + c;
      const rLo = RAY_LO[r];
      const rHi = RAY_HI[r];
      sh1Lo |= rLo;
      sh1Hi |= rHi;
      sh2Lo |= rLo & AT_LEAST_2[h];
      sh2Hi |= rHi & AT_LEAST_2[h];
      sh3Lo |= rLo & AT_LEAST_3[h];
      sh3Hi |= rHi & AT_LEAST_3[h];
      smallLo |= bit & IS_1[h];
      mediumLo |= bit & IS_2[h];
      largeLo |= bit & IS_3[h];
    }
    for (let hi = a[OCC_HI]; hi !== 0; ) {
      const bit = hi & -hi;
      hi ^= bit;
      const c = 63 - Math.clz32(bit);
      const h = (a[CELLS_AT + c] - 1) & 3;
      const r = ray + h * CELL_COUNT + c;
      const rLo = RAY_LO[r];
      const rHi = RAY_HI[r];
      sh1Lo |= rLo;
      sh1Hi |= rHi;
      sh2Lo |= rLo & AT_LEAST_2[h];
      sh2Hi |= rHi & AT_LEAST_2[h];
      sh3Lo |= rLo & AT_LEAST_3[h];
      sh3Hi |= rHi & AT_LEAST_3[h];
      smallHi |= bit & IS_1[h];
      mediumHi |= bit & IS_2[h];
      largeHi |= bit & IS_3[h];
    }
    smallLo &= ~sh1Lo;
    smallHi &= ~sh1Hi;
    mediumLo &= ~sh2Lo;
    mediumHi &= ~sh2Hi;
    largeLo &= ~sh3Lo;
    largeHi &= ~sh3Hi;
    if (this.moon) {
      // Under the Moonlight: no tree in the Great Tree's shadow is lit, no small tree in a moonstone's
      moonDark(a, sun);
      smallLo &= ~(darkLo | dimLo);
      smallHi &= ~(darkHi | dimHi);
      mediumLo &= ~darkLo;
      mediumHi &= ~darkHi;
      largeLo &= ~darkLo;
      largeHi &= ~darkHi;
    }
    for (let s = 0; s < this.players; s++) {
      const ownLo = a[OWN_AT + s * 2];
      const ownHi = a[OWN_AT + s * 2 + 1];
      const gain =
        LIGHT_SMALL * (bitCount(smallLo & ownLo) + bitCount(smallHi & ownHi)) +
        LIGHT_MEDIUM * (bitCount(mediumLo & ownLo) + bitCount(mediumHi & ownHi)) +
        LIGHT_LARGE * (bitCount(largeLo & ownLo) + bitCount(largeHi & ownHi));
      const total = out[at + s] + gain;
      out[at + s] = cap && total > LIGHT_CAP ? LIGHT_CAP : total;
    }
  }

  // ---- what a search reads (the public engine's light.ts and moonlight/light.ts, on this position) ----

  /**
   * Light each seat's trees would collect with the sun at `sun` (0..5) on the board as it stands,
   * before the 20 cap, into out[0..players) (light.ts `lightGainsFor`: the Great Tree's and
   * moonstones' shadows included).
   */
  lightGains(sun: number, out: Int32Array | number[]): void {
    for (let s = 0; s < this.players; s++) out[s] = 0;
    this.gainsInto(sun, out, 0, false);
  }

  /**
   * The shade of every cell with the sun at `sun`, into `out` (37 cells): light.ts `shadeFor`'s
   * values (the tallest shadow's height; the Great Tree's is 4; LOW_SHADE set where a moonstone's
   * falls). A piece is in shadow when `inShadow(out[c], size)`.
   */
  shade(sun: number, out: Uint8Array): void {
    shadeInto(this.a, sun, out);
    if (this.moon) addMoonShade(this.a, sun, out);
  }

  /** Under the Moonlight: the moon points each seat's animal would gain if the round started now (before the 14 cap), into `out`. */
  moonGains(out: Int32Array | number[]): void {
    if (this.moon) moonGainsInto(this.a, this.players, out);
    else for (let s = 0; s < this.players; s++) out[s] = 0;
  }

  /**
   * The value of the scoring token a collect on a cell with `leaves` leaves (1..4) would take now
   * (the top of that stack, falling back to lower stacks: progress.ts nextToken), 0 when none is left.
   */
  tokenValue(leaves: number): number {
    const a = this.a;
    for (let l = Math.min(leaves, 4); l >= 1; l--) {
      const left = a[STACKS_AT + l - 1];
      if (left > 0) return TOKEN_VALUES[l - 1][TOKEN_VALUES[l - 1].length - left];
    }
    return 0;
  }

  /** Points per seat as they stand (tokens + floor(light / 3); Under the Moonlight: + moon points and the "points" baby), into `out`. */
  totals(out: Int32Array | number[]): void {
    const a = this.a;
    for (let s = 0; s < this.players; s++) out[s] = Math.floor(a[LIGHT_AT + s] / LIGHT_PER_POINT);
    for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N]; i++, k += 3) out[a[k]] += a[k + 2];
    if (this.moon) for (let s = 0; s < this.players; s++) out[s] += moonScore(a, s);
  }

  /**
   * The winners as a bit set (bit s = seat s), by the public rules: highest total, then most seeds
   * and trees on the board; seats still tied share the win; resigned seats never win.
   */
  winners(): number {
    const a = this.a;
    const totals = [0, 0, 0, 0];
    this.totals(totals);
    const pieces = [0, 0, 0, 0];
    for (let c = 0; c < CELL_COUNT; c++) if (a[CELLS_AT + c] !== 0) pieces[(a[CELLS_AT + c] - 1) >> 2]++;
    let best = -1;
    let bestPieces = -1;
    let set = 0;
    for (let s = 0; s < this.players; s++) {
      if (a[RESIGNED_AT + s] !== 0) continue;
      if (totals[s] > best || (totals[s] === best && pieces[s] > bestPieces)) {
        best = totals[s];
        bestPieces = pieces[s];
        set = 1 << s;
      } else if (totals[s] === best && pieces[s] === bestPieces) set |= 1 << s;
    }
    return set;
  }

  /**
   * Play uniformly random moves to the end of the game, driven by `seed` (uint32): each move is the
   * k-th of `legalMoves`, k drawn as rng.ts's `nextInt` (mulberry32, inlined: no allocation) from
   * the generator `playOutRandomly` starts from that seed, so from the same position and seed this
   * plays the very game `playOutRandomly(state, seed)` plays. Returns the number of moves played.
   * `buffer` is the reusable move buffer (at least MAX_MOVES long).
   */
  playout(seed: number, buffer: Int32Array = scratchMoves): number {
    let moves = 0;
    let state = (seed ^ 0x9e3779b9) >>> 0;
    while (this.a[PHASE] !== ENDED) {
      const n = this.legalMoves(buffer);
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const k = (((t ^ (t >>> 14)) >>> 0) * n * 2.3283064365386963e-10) | 0; // Math.floor(u / 2^32 * n): both are ≥ 0, and exact (n < 2^21)
      this.play(buffer[k]);
      moves++;
    }
    return moves;
  }
}

const scratchMoves = new Int32Array(MAX_MOVES);

/** Perft on the fast core: the same count as the public `perft` (one ply = one action). */
export function fastPerft(p: FastPosition, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(MAX_MOVES);
  const n = p.legalMoves(moves);
  if (depth === 1) return n;
  const saved = p.clone();
  let total = 0;
  for (let i = 0; i < n; i++) {
    p.play(moves[i]);
    total += fastPerft(p, depth - 1);
    p.copyFrom(saved);
  }
  return total;
}
