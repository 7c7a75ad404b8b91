/**
 * The board: 37 hexagonal cells in axial coordinates (docs/rules.md §1), the sun's six corners and the
 * shadow directions (§2), with every neighbour, range and shadow ray precomputed once.
 *
 * Cells are numbered 0..36 row by row, top (r = -3) to bottom (r = 3), west to east. Their
 * human-readable label is the row letter a..g (top to bottom) and the 1-based place in the row
 * from the west: the centre (0,0) is "d4", the sun's start corner NE (3,-3) is "a4".
 */

export interface Hex {
  readonly q: number;
  readonly r: number;
}

export const RADIUS = 3;
export const CELL_COUNT = 37;

/** The six directions (docs/rules.md §1). */
export const DIRECTIONS = {
  E: { q: 1, r: 0 },
  NE: { q: 1, r: -1 },
  NW: { q: 0, r: -1 },
  W: { q: -1, r: 0 },
  SW: { q: -1, r: 1 },
  SE: { q: 0, r: 1 },
} as const satisfies Record<string, Hex>;
export type DirectionName = keyof typeof DIRECTIONS;

/** Sun position k: the corner it stands at and the direction shadows fall (docs/rules.md §2). */
export const SUN_CORNERS: readonly { corner: Hex; cornerName: string; shadow: Hex; shadowName: DirectionName }[] = [
  { corner: { q: 3, r: -3 }, cornerName: "NE", shadow: DIRECTIONS.SW, shadowName: "SW" },
  { corner: { q: 3, r: 0 }, cornerName: "E", shadow: DIRECTIONS.W, shadowName: "W" },
  { corner: { q: 0, r: 3 }, cornerName: "SE", shadow: DIRECTIONS.NW, shadowName: "NW" },
  { corner: { q: -3, r: 3 }, cornerName: "SW", shadow: DIRECTIONS.NE, shadowName: "NE" },
  { corner: { q: -3, r: 0 }, cornerName: "W", shadow: DIRECTIONS.E, shadowName: "E" },
  { corner: { q: 0, r: -3 }, cornerName: "NW", shadow: DIRECTIONS.SE, shadowName: "SE" },
];

export function onBoard(q: number, r: number): boolean {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= RADIUS;
}

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/** Every cell, by index; each object is frozen and shared (no allocation on hot paths). */
export const CELLS: readonly Hex[] = (() => {
  const cells: Hex[] = [];
  for (let r = -RADIUS; r <= RADIUS; r++) {
    for (let q = -RADIUS; q <= RADIUS; q++) if (onBoard(q, r)) cells.push(Object.freeze({ q, r }));
  }
  return cells;
})();

const INDEX_BY_KEY = new Map<number, number>();
for (const [i, c] of CELLS.entries()) INDEX_BY_KEY.set(key(c.q, c.r), i);
function key(q: number, r: number): number {
  return (q + 8) * 32 + (r + 8);
}

/** Index of cell (q, r), or -1 when it is not on the board. */
export function cellIndex(q: number, r: number): number {
  if (!Number.isInteger(q) || !Number.isInteger(r) || !onBoard(q, r)) return -1;
  return INDEX_BY_KEY.get(key(q, r)) ?? -1;
}

/** Ring (distance from the centre) and soil richness (leaves = 4 - ring) per cell. */
export const RING: readonly number[] = CELLS.map((c) => hexDistance(c, { q: 0, r: 0 }));
export const LEAVES: readonly number[] = RING.map((ring) => 4 - ring);
export const EDGE_CELLS: readonly number[] = CELLS.map((_, i) => i).filter((i) => RING[i] === RADIUS);

/** Row letter and 1-based place in the row. */
export const LABELS: readonly string[] = CELLS.map((c) => {
  const firstQ = Math.max(-RADIUS, -RADIUS - c.r);
  return String.fromCharCode(97 + c.r + RADIUS) + String(c.q - firstQ + 1);
});
const INDEX_BY_LABEL = new Map(LABELS.map((l, i) => [l, i]));
export function cellByLabel(label: string): number {
  return INDEX_BY_LABEL.get(label) ?? -1;
}
export function labelOf(cell: number): string {
  return LABELS[cell];
}
/** A hex's label, as `labelOf` its index's (undefined off the board). */
export function hexLabel(c: { q: number; r: number }): string {
  return LABELS[cellIndex(c.q, c.r)];
}

/** DISTANCE[a * 37 + b]. */
export const DISTANCE: Uint8Array = (() => {
  const d = new Uint8Array(CELL_COUNT * CELL_COUNT);
  for (let a = 0; a < CELL_COUNT; a++)
    for (let b = 0; b < CELL_COUNT; b++) d[a * CELL_COUNT + b] = hexDistance(CELLS[a], CELLS[b]);
  return d;
})();

/** WITHIN[h][cell]: the other cells at distance 1..h of cell (h = 1..3), nearest first. */
export const WITHIN: readonly (readonly (readonly number[])[])[] = [0, 1, 2, 3].map((h) =>
  CELLS.map((_, a) => {
    const out: number[] = [];
    for (let dist = 1; dist <= h; dist++)
      for (let b = 0; b < CELL_COUNT; b++) if (DISTANCE[a * CELL_COUNT + b] === dist) out.push(b);
    return out;
  }),
);

/** RAY[sun][cell]: the cells a tree at cell shades when the sun is at position `sun`, nearest first (up to 3). */
export const SHADOW_RAY: readonly (readonly (readonly number[])[])[] = SUN_CORNERS.map(({ shadow }) =>
  CELLS.map((c) => {
    const out: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const j = cellIndex(c.q + shadow.q * i, c.r + shadow.r * i);
      if (j < 0) break;
      out.push(j);
    }
    return out;
  }),
);

/** Neighbours of each cell (distance 1). */
export const NEIGHBOURS: readonly (readonly number[])[] = WITHIN[1];
