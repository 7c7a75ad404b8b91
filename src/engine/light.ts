/**
 * Sun, shadows and light (RULES.md §2): where shadows fall and which trees collect light.
 */
import { CELL_COUNT, CELLS, SHADOW_RAY, type Hex } from "./board";
import { GREAT_TREE_SHADOW, STONE_SHADOW, STONE_SHADOW_SIZES } from "./moonlight/geometry";
import { LIGHT_BY_SIZE, SUN_POSITIONS } from "./rules";
import type { GameState } from "./types";

/** Under the Moonlight: the shade height of the Great Tree's shadow (taller than any tree). */
export const GREAT_TREE_HEIGHT = 4;
/** Under the Moonlight: the flag a moonstone's shadow adds to a cell's shade (it darkens small trees only). */
export const STONE_SHADE = 8;

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
  const shade = new Uint8Array(CELL_COUNT);
  const rays = SHADOW_RAY[sun];
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[c];
    if (piece === 0) continue;
    const h = (piece - 1) & 3;
    if (h === 0) continue;
    const ray = rays[c];
    const n = h < ray.length ? h : ray.length;
    for (let i = 0; i < n; i++) if (shade[ray[i]] < h) shade[ray[i]] = h;
  }
  return shade;
}

/**
 * Whether a piece of `size` on a cell with this shade height is "in shadow": covered by a tree at
 * least as tall (a seed: by any tree). A tree collects light exactly when it is not in shadow.
 */
export function inShadow(shade: number, size: number): boolean {
  if (shade < STONE_SHADE) return shade >= (size < 1 ? 1 : size);
  return (shade & 7) >= (size < 1 ? 1 : size) || STONE_SHADOW_SIZES.includes(size);
}

/**
 * The shade of every cell for a state: `shadeHeights` of its trees, plus, under the Moonlight,
 * the Great Tree's shadow to the board edge (height 4: no tree there is lit) and each moonstone's
 * one-cell shadow (the STONE_SHADE flag, which only small trees feel).
 */
export function shadeFor(state: GameState, sun: number): Uint8Array {
  const shade = shadeHeights(state.cells, sun);
  const moon = state.moon;
  if (moon) {
    if (moon.greatTree >= 0) for (const c of GREAT_TREE_SHADOW[sun][moon.greatTree]) shade[c] = GREAT_TREE_HEIGHT | (shade[c] & STONE_SHADE);
    for (const stone of moon.stones) for (const c of STONE_SHADOW[sun][stone]) shade[c] |= STONE_SHADE;
  }
  return shade;
}

/** Light each seat collects in a state with the sun at `sun` (the Moonlight's shadows included). */
export function lightGainsFor(state: GameState, sun: number): number[] {
  if (!state.moon) return lightGains(state.cells, sun, state.options.players);
  const shade = shadeFor(state, sun);
  const gains = new Array<number>(state.options.players).fill(0);
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = state.cells[c];
    if (piece === 0) continue;
    const size = (piece - 1) & 3;
    if (size > 0 && !inShadow(shade[c], size)) gains[(piece - 1) >> 2] += LIGHT_BY_SIZE[size];
  }
  return gains;
}

/** Light each seat's trees would collect with the sun at `sun` (before the 20 cap). */
export function lightGains(cells: readonly number[], sun: number, players: number): number[] {
  const shade = shadeHeights(cells, sun);
  const gains = new Array<number>(players).fill(0);
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[c];
    if (piece === 0) continue;
    const size = (piece - 1) & 3;
    if (size > 0 && shade[c] < size) gains[(piece - 1) >> 2] += LIGHT_BY_SIZE[size];
  }
  return gains;
}

export interface TreeLight {
  cell: Hex;
  seat: number;
  size: number;
  /** Height of the tallest tree shading this cell, 0 if none (Moonlight: 4 the Great Tree, at least 1 under a moonstone's shadow). */
  shadedBy: number;
  /** Light this piece collects (0 for seeds and shaded trees). */
  light: number;
}

export interface LightReport {
  sun: number;
  /**
   * Cells in shadow, with the height of the tallest tree shading each. Under the Moonlight: 4 in
   * the Great Tree's shadow, and `stone: true` where a moonstone's shadow falls (it darkens small
   * trees only; such a cell has height 1 when no tree shades it).
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
    if (shade[c] >= STONE_SHADE) shadows.push({ cell: CELLS[c], height: Math.max(1, shade[c] & 7), stone: true });
    else if (shade[c] > 0) shadows.push({ cell: CELLS[c], height: shade[c] });
    const piece = state.cells[c];
    if (piece === 0) continue;
    const size = pieceSize(piece);
    const seat = pieceOwner(piece);
    const light = size > 0 && !inShadow(shade[c], size) ? LIGHT_BY_SIZE[size] : 0;
    perSeat[seat] += light;
    // a moonstone's shadow counts as a small tree's (height 1) when nothing taller shades the cell
    const shadedBy = shade[c] >= STONE_SHADE ? Math.max(1, shade[c] & 7) : shade[c];
    pieces.push({ cell: CELLS[c], seat, size, shadedBy, light });
  }
  return { sun, shadows, pieces, perSeat };
}
