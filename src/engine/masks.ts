/**
 * Precomputed tables for the hot paths (legal moves of the public engine, the fast core): 37-cell
 * sets as two int32 words (cells 0–31, then 32–36) and the next purchase price by column and count.
 * Hand-written rather than recomputed because legal-move generation runs once per action in every
 * random game and search (docs/fast-path.md).
 */
import { CELL_COUNT, DISTANCE, EDGE_CELLS, SHADOW_RAY } from "./board";
import { BOARD_COSTS, BOARD_SLOTS } from "./rules";
import type { MoveList } from "./codes";

/** PRICE[column * 5 + count]: the next purchase price of a column holding `count` pieces, -1 when empty. */
export const PRICE = new Int32Array(20).fill(-1);
for (let col = 0; col < 4; col++)
  for (let count = 1; count <= BOARD_SLOTS[col]; count++)
    PRICE[col * 5 + count] = BOARD_COSTS[col][BOARD_SLOTS[col] - count];

/**
 * The cells at exactly distance d (1..3) of c as a 37-cell set: AT_LO / AT_HI[d * 37 + c]. Taking
 * d = 1, 2, 3 in turn and each set's cells by increasing index is board.ts's WITHIN order (nearest
 * first), so plant moves come out in the order the engine has always listed them.
 */
export const AT_LO = new Int32Array(4 * CELL_COUNT);
export const AT_HI = new Int32Array(4 * CELL_COUNT);
for (let c = 0; c < CELL_COUNT; c++)
  for (let t = 0; t < CELL_COUNT; t++) {
    const d = DISTANCE[c * CELL_COUNT + t];
    if (d < 1 || d > 3) continue;
    if (t < 32) AT_LO[d * CELL_COUNT + c] |= 1 << t;
    else AT_HI[d * CELL_COUNT + c] |= 1 << (t - 32);
  }

/** The edge cells (setup trees go there) as a 37-cell set. */
export const EDGE_LO = EDGE_CELLS.reduce((set, c) => (c < 32 ? set | (1 << c) : set), 0);
export const EDGE_HI = EDGE_CELLS.reduce((set, c) => (c >= 32 ? set | (1 << (c - 32)) : set), 0);

/**
 * The cells whose trees can shade c, nearest first: TOWARD_SUN[(sun * 37 + c) * 3 + i] at distance
 * i + 1 toward the sun, -1 past the edge (SHADOW_RAY inverted: light at a round's start looks at
 * ≤ 3 cells per tree instead of casting every shadow).
 */
export const TOWARD_SUN: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++)
      SHADOW_RAY[sun][c].forEach((t, i) => {
        r[(sun * CELL_COUNT + t) * 3 + i] = c;
      });
  return r;
})();

// ---- walking a set ------------------------------------------------------------------------

/**
 * Push `code | c << 3` (the move's `a` field: codes.ts) for each cell c of the 37-cell set
 * (`lo`: cells 0–31, `hi`: 32–36), by increasing cell. The hot loops that do work per cell (legal
 * plays, light, the fast core) keep this walk inline: folding it measured slower.
 */
export function pushCells(out: MoveList, code: number, lo: number, hi: number): void {
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
    out.push(code | (c << 3));
  }
}

// ---- the sets of a board, kept from one state to the next ------------------------------------

/**
 * The 37-cell sets of one `cells` array: BOARD_SETS[0..1] the occupied cells, [2 + seat * 2 ..]
 * each seat's pieces. Kept for the last board asked about (`boardSets`) and carried over to the
 * next board by `boardSetsPut` when a move changes one cell, so listing the
 * legal moves of a random game or a search never scans the board. States are never mutated, so a
 * `cells` array (shared by every state with that board) always holds what its sets say.
 */
const BOARD_SETS = new Int32Array(10);
let setsOf: ArrayLike<number> | null = null;

/** The sets of `cells` (valid until the next call). */
export function boardSets(cells: ArrayLike<number>): Int32Array {
  if (cells === setsOf) return BOARD_SETS;
  const s = BOARD_SETS;
  s.fill(0);
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[c];
    if (piece === 0) continue;
    const w = c >> 5;
    const bit = 1 << (c & 31);
    s[w] |= bit;
    s[2 + (((piece - 1) >> 2) & 3) * 2 + w] |= bit;
  }
  setsOf = cells;
  return s;
}

/**
 * `after` is `before` with cell c changed from `old` to `piece` (0: emptied) and nothing else
 * changed: if `before`'s sets are the ones kept, they become `after`'s. `before` and `after` are
 * the same array when a move is applied in place (random-play.ts), so `old` is passed, not read.
 */
export function boardSetsPut(
  before: readonly number[],
  after: readonly number[],
  c: number,
  old: number,
  piece: number,
): void {
  if (before !== setsOf) return;
  const s = BOARD_SETS;
  const w = c >> 5;
  const bit = 1 << (c & 31);
  if (old !== 0) {
    s[w] &= ~bit;
    s[2 + (((old - 1) >> 2) & 3) * 2 + w] &= ~bit;
  }
  if (piece !== 0) {
    s[w] |= bit;
    s[2 + (((piece - 1) >> 2) & 3) * 2 + w] |= bit;
  }
  setsOf = after;
}

/** `cells` is about to be changed in place by someone who will not say how: its sets are no longer known. */
export function boardSetsForget(cells: readonly number[]): void {
  if (cells === setsOf) setsOf = null;
}
