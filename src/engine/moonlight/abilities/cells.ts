/**
 * Where the animals stand and where they may go: the cells an animal may enter (no other animal, no
 * moonstone, not the Great Tree), read by the animals' move, the hedgehog's run and the fox.
 *
 * Listing the legal moves asks this of every cell around an animal once per action of every random
 * game, so `closedCells` reads the state once into 37-cell sets (two 32-bit words) that the listing
 * then tests with a shift and a mask: no search of the moonstones and animals per cell asked about.
 */
import { CELL_COUNT, NEIGHBOURS } from "../../board";
import type { MoveList } from "../../codes";
import { AT_HI, AT_LO } from "../../masks";
import { blocked, blockedSet } from "../setup";
import type { MoonState } from "../types";

export const SQUIRREL = "squirrel";

/** Seat whose animal stands on cell c, or -1. */
export function animalAt(m: MoonState, c: number): number {
  for (let i = 0; i < m.players.length; i++) if (m.players[i].cell === c) return i;
  return -1;
}

/** Whether the animal of `seat` may step onto c: no other animal, no moonstone, not the Great Tree. */
export function enterable(m: MoonState, c: number, seat: number): boolean {
  if (blocked(m, c)) return false;
  const other = animalAt(m, c);
  return other < 0 || other === seat;
}

/** The cells the animal of `seat` on `from` may move to with its ordinary move (the squirrel: 1 or 2 steps). */
export function moveTargets(m: MoonState, seat: number, from: number): number[] {
  const out: number[] = [];
  for (const c of NEIGHBOURS[from]) {
    if (!enterable(m, c, seat)) continue;
    if (!out.includes(c)) out.push(c);
    if (m.players[seat].animal === SQUIRREL)
      for (const c2 of NEIGHBOURS[c]) if (c2 !== from && !out.includes(c2) && enterable(m, c2, seat)) out.push(c2);
  }
  return out;
}

export function hasNest(m: MoonState, c: number): boolean {
  for (let i = 0; i < m.nests.length; i++) if (m.nests[i].cell === c) return true;
  return false;
}

// ---- the sets of the state being listed ------------------------------------------------------

/** The cells no animal may enter (the Great Tree, moonstones), as of the last `closedCells`. */
let closedLo = 0;
let closedHi = 0;
/** The cells holding an animal. */
let animalsLo = 0;
let animalsHi = 0;
/** The cells the listed seat's animal may enter: neither closed nor holding another seat's animal (animalAt's first). */
let openLo = 0;
let openHi = 0;

/** Read the sets above from `m`, for the animal of `seat` (playMoves calls it before the listing that reads them). */
export function closedCells(m: MoonState, seat: number): void {
  closedLo = blockedSet(m, 0);
  closedHi = blockedSet(m, 1);
  animalsLo = 0;
  animalsHi = 0;
  let othersLo = 0;
  let othersHi = 0;
  for (let i = 0; i < m.players.length; i++) {
    const c = m.players[i].cell;
    // the first animal on a cell is the one animalAt finds
    if (c >= 0 && c < 32) {
      if (i !== seat && (animalsLo & (1 << c)) === 0) othersLo |= 1 << c;
      animalsLo |= 1 << c;
    } else if (c >= 32 && c < CELL_COUNT) {
      if (i !== seat && (animalsHi & (1 << (c - 32))) === 0) othersHi |= 1 << (c - 32);
      animalsHi |= 1 << (c - 32);
    }
  }
  openLo = ~closedLo & ~othersLo;
  openHi = ~closedHi & ~othersHi;
}

function inSet(lo: number, hi: number, c: number): boolean {
  return c < 32 ? ((lo >>> c) & 1) !== 0 : ((hi >>> (c - 32)) & 1) !== 0;
}
/** Whether c is closed to every animal (moonstone, Great Tree). */
export const isClosed = (c: number): boolean => inSet(closedLo, closedHi, c);
/** Whether an animal stands on c. */
export const hasAnimal = (c: number): boolean => inSet(animalsLo, animalsHi, c);
/** Whether the listed seat's animal may enter c. */
export const isOpen = (c: number): boolean => inSet(openLo, openHi, c);

/** `enterable(m, c, seat)` for the state `closedCells` was last given. */
export function canEnter(m: MoonState, c: number, seat: number): boolean {
  if (inSet(closedLo, closedHi, c)) return false;
  if (!inSet(animalsLo, animalsHi, c)) return true;
  const other = animalAt(m, c);
  return other < 0 || other === seat;
}

/** Push `code | c << 3` for each neighbour c of `here` that the seat's animal may enter, by increasing cell (NEIGHBOURS' order). */
export function pushNeighbours(out: MoveList, here: number, code: number): void {
  out.reserve(6);
  // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
  let lo = AT_LO[CELL_COUNT + here] & openLo;
  let hi = AT_HI[CELL_COUNT + here] & openHi;
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
    out.codes[out.n++] = code | (c << 3); // room reserved above: at most six neighbours
  }
}

/**
 * The squirrel's moves from `here` in moveTargets' visiting order — each open neighbour c, then
 * the cells next to c other than `here` — for each set of open neighbours (bit k: NEIGHBOURS[here][k]
 * may be entered): SQUIRREL_ORDER[here * 64 + open], each cell at its first visit. The cells of a
 * list that may be entered are the moves, in order (a cell that may not be entered is never listed,
 * so its first visit is the only one that matters).
 */
const SQUIRREL_ORDER: readonly Int8Array[] = (() => {
  const table: Int8Array[] = [];
  for (let here = 0; here < CELL_COUNT; here++)
    for (let openNear = 0; openNear < 64; openNear++) {
      const order: number[] = [];
      NEIGHBOURS[here].forEach((c, k) => {
        if ((openNear & (1 << k)) === 0) return;
        if (!order.includes(c)) order.push(c);
        for (const c2 of NEIGHBOURS[c]) if (c2 !== here && !order.includes(c2)) order.push(c2);
      });
      table.push(Int8Array.from(order));
    }
  return table;
})();

/** moveTargets for the squirrel without its list: `code | c << 3` for each, in its visiting order. */
export function pushSquirrelSteps(out: MoveList, here: number, code: number): void {
  const near = NEIGHBOURS[here];
  let openNear = 0;
  for (let k = 0; k < near.length; k++) if (inSet(openLo, openHi, near[k])) openNear |= 1 << k;
  const order = SQUIRREL_ORDER[here * 64 + openNear];
  for (let i = 0; i < order.length; i++) {
    const c = order[i];
    if (inSet(openLo, openHi, c)) out.push(code | (c << 3));
  }
}
