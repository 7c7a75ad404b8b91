/**
 * The fast position's layout: where each field lives in its one Int32Array (docs/fast-path.md,
 * "The position"), and the few bookkeeping steps every rule shares (a cell used this turn, a piece
 * put on or taken off, light gained, a token taken, a piece back to the player board).
 *
 * Exported (src/engine/fast/index.ts `LAYOUT`) so a search reads a position without restating the
 * offsets. A base game's position is `SIZE` words; an Under the Moonlight game's adds the moon part
 * after them (`MOON_SIZE` in all), so the base offsets are the same in both.
 */
import { CELL_COUNT } from "../board";
import { BOARD_SLOTS, LIGHT_CAP, TOKEN_VALUES } from "../rules";

// ---- the base game -------------------------------------------------------------------------

/** cells[c]: 0 empty, else 1 + seat * 4 + size (the public encoding). */
export const CELLS_AT = 0;
/**
 * 37-cell sets as two int32 words (cells 0–31, then 32–36): the cells used this turn, every
 * occupied cell, and each seat's pieces (OWN_AT + seat * 2).
 */
export const USED_LO = CELLS_AT + CELL_COUNT;
export const USED_HI = USED_LO + 1;
export const OCC_LO = USED_HI + 1;
export const OCC_HI = OCC_LO + 1;
export const OWN_AT = OCC_HI + 1;
/** Cells used this turn, in order (a cell twice only after the "double" baby turtle). */
export const TOUCHED_AT = OWN_AT + 8;
export const LIGHT_AT = TOUCHED_AT + CELL_COUNT;
/** board[seat * 4 + column]. */
export const BOARD_AT = LIGHT_AT + 4;
/** available[seat * 4 + size]. */
export const AVAIL_AT = BOARD_AT + 16;
export const RESIGNED_AT = AVAIL_AT + 16;
/** Scoring tokens left per stack (index = leaves - 1). */
export const STACKS_AT = RESIGNED_AT + 4;
/** Tokens taken, in order: seat, leaves, value (at most one per token: 24). */
export const TOKENS_AT = STACKS_AT + 4;
export const MAX_TOKENS = 24;
export const PHASE = TOKENS_AT + 3 * MAX_TOKENS;
export const ROUND = PHASE + 1;
export const FIRST = ROUND + 1;
export const CURRENT = FIRST + 1;
export const TURN = CURRENT + 1;
export const TOUCHED_N = TURN + 1;
export const TOKENS_N = TOUCHED_N + 1;
export const PLY = TOKENS_N + 1;
/** The game's generator state (uint32 as int32): Under the Moonlight draws the baby turtles from it. */
export const RNG = PLY + 1;
/** Words of a base game's position. */
export const SIZE = RNG + 1;

// ---- Under the Moonlight (after the base part) -----------------------------------------------

/** The expansion's setup step: -1 none (done), else MOON_STAGES' index (0 choose, 1 animals, 2 greatTree, 3 moonstones). */
export const M_STAGE = SIZE;
/** Moon position 0..17 and phase (1 full). */
export const M_POSITION = M_STAGE + 1;
export const M_FULL = M_POSITION + 1;
/** The Great Tree's cell, -1 when not on the board. */
export const M_TREE = M_FULL + 1;
/** The blocked cells (the Great Tree and the moonstones) as a 37-cell set. */
export const M_BLOCK_LO = M_TREE + 1;
export const M_BLOCK_HI = M_BLOCK_LO + 1;
/** Moonstones in the order placed. */
export const M_STONES_N = M_BLOCK_HI + 1;
export const M_STONES_AT = M_STONES_N + 1;
export const MAX_STONES = 4;
/** The dam's cells ascending (0 or 3 of them). */
export const M_DAM_N = M_STONES_AT + MAX_STONES;
export const M_DAM_AT = M_DAM_N + 1;
/** Face-down baby turtles, in the state's order: cell, baby (index in BABY_NAMES). */
export const M_NESTS_N = M_DAM_AT + 3;
export const M_NESTS_AT = M_NESTS_N + 1;
export const MAX_NESTS = 6;
/** The babies back in the box unseen (-1: unknown, in a position built from a view; play never reads them). */
export const M_BOX_N = M_NESTS_AT + 2 * MAX_NESTS;
export const M_BOX_AT = M_BOX_N + 1;
export const MAX_BOX = 2;
/** This turn: the animal has moved (1), the abilities used (bit i: ABILITY_NAMES[i]) and in which order (4 bits each, index + 1), the "double" baby (1). */
export const M_MOVED = M_BOX_AT + MAX_BOX;
export const M_USED = M_MOVED + 1;
export const M_USED_SEQ = M_USED + 1;
export const M_DOUBLE = M_USED_SEQ + 1;
/** The cells holding an animal, as a 37-cell set (one animal a cell). */
export const M_ANIMALS_LO = M_DOUBLE + 1;
export const M_ANIMALS_HI = M_ANIMALS_LO + 1;
/**
 * Per seat (M_SEATS_AT + seat * SEAT_WORDS + field): the animal (ANIMAL_NAMES' index, -1 none), its
 * cell (-1 before placed), moon points, the deal (count, -1 when none; then two animals), the hatched
 * babies and the used ones (each a list of BABY_NAMES' index + 1, 4 bits each, first in the low bits).
 */
export const M_SEATS_AT = M_ANIMALS_HI + 1;
export const SEAT_WORDS = 8;
export const S_ANIMAL = 0;
export const S_CELL = 1;
export const S_POINTS = 2;
export const S_DEAL_N = 3;
export const S_DEAL = 4;
export const S_BABIES = 6;
export const S_SPENT = 7;
/** Words of an Under the Moonlight game's position. */
export const MOON_SIZE = M_SEATS_AT + 4 * SEAT_WORDS;

/** Phases as numbers. */
export const SETUP = 0;
export const PLAY = 1;
export const ENDED = 2;

// ---- shared bookkeeping --------------------------------------------------------------------

/** Whether cell c is in the 37-cell set (lo, hi). */
export function inSet(lo: number, hi: number, c: number): boolean {
  return c < 32 ? ((lo >>> c) & 1) !== 0 : ((hi >>> (c - 32)) & 1) !== 0;
}

/** Mark cell c used this turn (in order; a second mark only after the "double" baby). */
export function touch(a: Int32Array, c: number): void {
  if (c < 32) a[USED_LO] |= 1 << c;
  else a[USED_HI] |= 1 << (c - 32);
  a[TOUCHED_AT + a[TOUCHED_N]++] = c;
}

/** Whether cell c was used this turn. */
export function used(a: Int32Array, c: number): boolean {
  return inSet(a[USED_LO], a[USED_HI], c);
}

/** Add cell c to the occupied cells and to the seat's. */
export function occupy(a: Int32Array, seat: number, c: number): void {
  if (c < 32) {
    a[OCC_LO] |= 1 << c;
    a[OWN_AT + seat * 2] |= 1 << c;
  } else {
    a[OCC_HI] |= 1 << (c - 32);
    a[OWN_AT + seat * 2 + 1] |= 1 << (c - 32);
  }
}

/** Take the seat's piece off cell c (the cell's sets follow). */
export function vacate(a: Int32Array, seat: number, c: number): void {
  a[CELLS_AT + c] = 0;
  if (c < 32) {
    a[OCC_LO] &= ~(1 << c);
    a[OWN_AT + seat * 2] &= ~(1 << c);
  } else {
    a[OCC_HI] &= ~(1 << (c - 32));
    a[OWN_AT + seat * 2 + 1] &= ~(1 << (c - 32));
  }
}

/** A piece of `size` back to the highest free slot of its column on the seat's player board (else the box). */
export function returnToBoard(a: Int32Array, seat: number, size: number): void {
  const b = BOARD_AT + seat * 4 + size;
  if (a[b] < BOARD_SLOTS[size]) a[b]++;
}

/** Light gained, capped at 20 (draft.ts addLight). */
export function addLight(a: Int32Array, seat: number, amount: number): void {
  const total = a[LIGHT_AT + seat] + amount;
  a[LIGHT_AT + seat] = Math.min(total, LIGHT_CAP);
}

const STACK_SIZE = Int32Array.from(TOKEN_VALUES.map((v) => v.length));
/** TOKEN[(leaves - 1) * 9 + i]: the i-th token from the top of a stack. */
const TOKEN = new Int32Array(36);
for (let l = 0; l < 4; l++) for (let i = 0; i < TOKEN_VALUES[l].length; i++) TOKEN[l * 9 + i] = TOKEN_VALUES[l][i];

/** The seat takes the top token of the `leaves` stack, falling back to lower stacks (draft.ts takeToken). */
export function takeToken(a: Int32Array, seat: number, leaves: number): void {
  for (let l = leaves; l >= 1; l--) {
    const left = a[STACKS_AT + l - 1];
    if (left > 0) {
      a[STACKS_AT + l - 1] = left - 1;
      const k = TOKENS_AT + 3 * a[TOKENS_N]++;
      a[k] = seat;
      a[k + 1] = l;
      a[k + 2] = TOKEN[(l - 1) * 9 + STACK_SIZE[l - 1] - left];
      return;
    }
  }
}
