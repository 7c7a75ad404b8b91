/**
 * Sun, shadows and light (docs/rules.md §2): where shadows fall and which trees collect light.
 */
import { CELL_COUNT, CELLS, SHADOW_RAY, type Hex } from "./board";
import { BASE, expansionOf } from "./expansion";
import { TOWARD_SUN, boardSets } from "./masks";
import { LIGHT_BY_SIZE, SMALL, SUN_POSITIONS } from "./rules";
import type { GameState } from "./types";

/**
 * A shade value is a height (bits 0–2: the tallest shadow; an expansion may cast one taller than
 * any tree, up to 7) and the LOW_SHADE flag: an expansion's low shadow, which darkens pieces of
 * size LOW_SHADE_SIZE only.
 */
export const LOW_SHADE = 8;
export const LOW_SHADE_SIZE = SMALL;
const BASE_ADD_SHADE = BASE.addShade;

/** Sun position (0..5) in a round: it does not move in round 1, then one corner clockwise a round. */
export function sunPosition(round: number): number {
  return (Math.max(1, round) - 1) % SUN_POSITIONS;
}

/** The sun position that applies to a state (the setup phase uses the start corner). */
export function currentSun(state: GameState): number {
  return sunPosition(state.round);
}

export function pieceSize(piece: number): number {
  return (piece - 1) & 3;
}
export function pieceOwner(piece: number): number {
  return (piece - 1) >> 2;
}
export function encodePiece(seat: number, size: number): number {
  return 1 + seat * 4 + size;
}

/**
 * For each cell, the height of the tallest tree whose shadow covers it (0 = no shadow), with the
 * sun at `sun`. Seeds cast no shadow; pieces between do not stop a shadow.
 */
export function shadeHeights(cells: readonly number[], sun: number): Uint8Array {
  return shadeInto(new Uint8Array(CELL_COUNT), cells, sun);
}

function shadeInto(shade: Uint8Array, cells: readonly number[], sun: number): Uint8Array {
  shade.fill(0);
  const base = sun * CELL_COUNT * 3;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[c];
    if (piece === 0) continue;
    const h = (piece - 1) & 3;
    const at = base + c * 3;
    for (let i = 0; i < h; i++) {
      const t = RAY[at + i];
      if (t < 0) break;
      if (shade[t] < h) shade[t] = h;
    }
  }
  return shade;
}

/** SHADOW_RAY flattened: RAY[(sun * 37 + c) * 3 + i], -1 past the board's edge (no nested arrays on the hot path). */
const RAY: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++)
      SHADOW_RAY[sun][c].forEach((t, i) => {
        r[(sun * CELL_COUNT + c) * 3 + i] = t;
      });
  return r;
})();

/**
 * Whether a piece of `size` on a cell with this shade height is "in shadow": covered by a tree at
 * least as tall (a seed: by any tree). A tree collects light exactly when it is not in shadow.
 */
export function inShadow(shade: number, size: number): boolean {
  if (shade < LOW_SHADE) return shade >= Math.max(size, 1);
  return (shade & 7) >= Math.max(size, 1) || size === LOW_SHADE_SIZE;
}

/** The shade of every cell for a state: `shadeHeights` of its trees, plus its expansion's shadows. */
export function shadeFor(state: GameState, sun: number): Uint8Array {
  const shade = shadeHeights(state.cells, sun);
  expansionOf(state.options).addShade(state, sun, shade);
  return shade;
}

/** Scratch for lightGainsFor: the expansion's shadows alone (filled and read within one call). */
const EXPANSION_SHADE = new Uint8Array(CELL_COUNT);

/**
 * Light each seat collects in a state with the sun at `sun` (an expansion's shadows included:
 * shadows combine by the taller, so a tree is lit when neither the trees' shadows nor the
 * expansion's alone put it in shadow).
 */
export function lightGainsFor(state: GameState, sun: number): number[] {
  const ext = expansionOf(state.options);
  if (ext.addShade === BASE_ADD_SHADE) return lightGains(state.cells, sun, state.options.players);
  EXPANSION_SHADE.fill(0);
  ext.addShade(state, sun, EXPANSION_SHADE);
  return lightGains(state.cells, sun, state.options.players, EXPANSION_SHADE);
}

/**
 * Light each seat's trees would collect with the sun at `sun` (before the 20 cap). Each tree looks
 * at the (up to 3) cells toward the sun (masks.ts TOWARD_SUN): a tree of height h at distance i
 * shades it when h ≥ i and h ≥ its size — `shadeHeights` inverted, over the occupied cells only
 * (masks.ts boardSets), since every round of every game asks. The sets are kept for the last
 * `cells` by identity: a board that changes in place (a fast position's) goes in as a fresh view
 * each time (`a.subarray(0, 37)`).
 */
export function lightGains(
  cells: ArrayLike<number>,
  sun: number,
  players: number,
  extra: Uint8Array | null = null,
): number[] {
  const gains: number[] = [];
  for (let seat = 0; seat < players; seat++) gains.push(0);
  const sets = boardSets(cells);
  const base = sun * CELL_COUNT * 3;
  let lo = sets[0];
  let hi = sets[1];
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
    const piece = cells[c];
    const size = (piece - 1) & 3;
    if (size === 0) continue;
    let lit = true;
    const at = base + c * 3;
    for (let i = 0; i < 3; i++) {
      const from = TOWARD_SUN[at + i];
      if (from < 0) break;
      const other = cells[from];
      if (other !== 0 && ((other - 1) & 3) > i && ((other - 1) & 3) >= size) {
        lit = false;
        break;
      }
    }
    // an expansion's shadow on the cell (its height, or a low shadow for small trees)
    if (lit && extra !== null && extra[c] !== 0 && inShadow(extra[c], size)) lit = false;
    if (lit) gains[(piece - 1) >> 2] += LIGHT_BY_SIZE[size];
  }
  return gains;
}

export interface TreeLight {
  cell: Hex;
  seat: number;
  size: number;
  /** Height of the tallest shadow on this cell, 0 if none (at least 1 under an expansion's low shadow). */
  shadedBy: number;
  /** Light this piece collects (0 for seeds and shaded trees). */
  light: number;
}

export interface LightReport {
  sun: number;
  /**
   * Cells in shadow, with the height of the tallest shadow on each (an expansion may cast one
   * taller than any tree), and `stone: true` where an expansion's low shadow falls (LOW_SHADE: it
   * darkens small trees only; such a cell has height 1 when nothing taller shades it).
   */
  shadows: { cell: Hex; height: number; stone?: true }[];
  /** Every piece on the board and what it collects. */
  pieces: TreeLight[];
  /** Total per seat (before the 20 cap). */
  perSeat: number[];
}

/**
 * What the client shows: where shadows fall and what each tree would collect with the sun at
 * `sun` (default: the sun of the current round; pass the next position for a preview).
 */
export function lightReport(state: GameState, sun: number = currentSun(state)): LightReport {
  const shade = shadeFor(state, sun);
  const shadows: LightReport["shadows"] = [];
  const pieces: TreeLight[] = [];
  const perSeat = new Array<number>(state.options.players).fill(0);
  for (let c = 0; c < CELL_COUNT; c++) {
    if (shade[c] >= LOW_SHADE) shadows.push({ cell: CELLS[c], height: Math.max(1, shade[c] & 7), stone: true });
    else if (shade[c] > 0) shadows.push({ cell: CELLS[c], height: shade[c] });
    const piece = state.cells[c];
    if (piece === 0) continue;
    const size = pieceSize(piece);
    const seat = pieceOwner(piece);
    const light = size > 0 && !inShadow(shade[c], size) ? LIGHT_BY_SIZE[size] : 0;
    perSeat[seat] += light;
    // a low shadow counts as a small tree's (height 1) when nothing taller shades the cell
    const shadedBy = shade[c] >= LOW_SHADE ? Math.max(1, shade[c] & 7) : shade[c];
    pieces.push({ cell: CELLS[c], seat, size, shadedBy, light });
  }
  return { sun, shadows, pieces, perSeat };
}
