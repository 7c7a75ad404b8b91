/**
 * Precomputed tables for the hot paths (legal moves of the public engine, the fast core): 37-cell
 * sets as two int32 words (cells 0–31, then 32–36) and the next purchase price by column and count.
 * Hand-written rather than recomputed because legal-move generation runs once per action in every
 * random game and search (docs/fast-path.md).
 */
import { CELL_COUNT, DISTANCE } from "./board";
import { BOARD_COSTS, BOARD_SLOTS } from "./rules";

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
