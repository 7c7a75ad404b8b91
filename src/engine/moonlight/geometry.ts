/**
 * Every geometric rule of the Under the Moonlight expansion (docs/rules.md §8, §8.1), as data.
 *
 * The German rulebook lost its pictures; docs/rules.md settles the geometry and marks its choices
 * **Decision**. Each such choice is one constant below, so a correction is a one-line change.
 * Tables are computed once from these constants and the board (board.ts).
 */
import { CELL_COUNT, CELLS, NEIGHBOURS, RING, RADIUS, SHADOW_RAY, SUN_CORNERS, cellIndex, type Hex } from "../board";

// ---- the moon's track -------------------------------------------------------------------------

/** Clockwise direction list of docs/rules.md §8.1: E, SE, SW, W, NW, NE. */
export const CLOCKWISE: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

/** 18 moon positions, one per gap between two adjacent edge cells of the same side (Decision). */
export const MOON_POSITIONS = 18;
/** Round 1: the moon at position 9, half moon up (Decision: start point "A" of the lost picture). */
export const MOON_START = 9;
export const MOON_START_FULL = false;
/** The phase marker stands this many positions counter-clockwise of the moon; the moon jumps to it each round. */
export const MOON_STEP = 5;
/**
 * The moon flips when its jump from `g` to `g − 5` passes the sun's new corner `j`, i.e. when
 * `3j − g` (mod 18) is one of these offsets (docs/rules.md §8.1: 3j ∈ {g, g−1, …, g−4}).
 */
export const FLIP_OFFSETS: readonly number[] = [0, -1, -2, -3, -4];

/** Side j of the edge (corner j to corner j+1), its four cells clockwise: c(j, 0..3). */
export const SIDES: readonly (readonly number[])[] = SUN_CORNERS.map(({ corner }, j) => {
  const d = CLOCKWISE[(j + 1) % 6];
  return [0, 1, 2, 3].map((i) => cellIndex(corner.q + d.q * i, corner.r + d.r * i));
});

/** The two edge cells each moon position touches: A = c(j, i), B = c(j, i+1), for m = 3j + i. */
export const MOON_GAP: readonly (readonly [number, number])[] = Array.from({ length: MOON_POSITIONS }, (_, m) => {
  const j = Math.floor(m / 3);
  const i = m % 3;
  return [SIDES[j][i], SIDES[j][i + 1]] as const;
});

function ray(from: number, d: Hex): number[] {
  const out: number[] = [];
  let { q, r } = CELLS[from];
  for (;;) {
    const c = cellIndex(q, r);
    if (c < 0) return out;
    out.push(c);
    q += d.q;
    r += d.r;
  }
}

/**
 * The two moonlight paths of each position (a diverging V), each starting with its edge cell and
 * running to the far edge: from A along dir[(j+3) mod 6], from B along dir[(j+2) mod 6].
 */
export const MOON_PATHS: readonly (readonly (readonly number[])[])[] = MOON_GAP.map(([a, b], m) => {
  const j = Math.floor(m / 3);
  return [ray(a, CLOCKWISE[(j + 3) % 6]), ray(b, CLOCKWISE[(j + 2) % 6])];
});

/** Where the moon is in round `round` (1-based) and whether it is full, by docs/rules.md §8.1. */
export function moonAt(round: number): { position: number; full: boolean } {
  let position = MOON_START;
  let full = MOON_START_FULL;
  for (let r = 2; r <= round; r++) {
    const step = moonStep(position, (r - 1) % 6);
    position = step.position;
    full = step.flips ? !full : full;
  }
  return { position, full };
}

/** One round's jump: from `g` to the marker (`g − 5`), flipping if it passes sun corner `sun`. */
export function moonStep(g: number, sun: number): { position: number; flips: boolean } {
  const offset = (((3 * sun - g) % MOON_POSITIONS) + MOON_POSITIONS) % MOON_POSITIONS;
  const flips = FLIP_OFFSETS.some((o) => (o + MOON_POSITIONS) % MOON_POSITIONS === offset);
  return { position: (g - MOON_STEP + MOON_POSITIONS) % MOON_POSITIONS, flips };
}

// ---- moonstones and the Great Tree --------------------------------------------------------------

/**
 * Decision: a stone next to a glowing stone glows, even on the centre (docs/rules.md §8.1 chain rule;
 * the German note that a stone on the centre "never stands in moonlight" is read as: never in
 * direct moonlight). Set to false to keep a centre stone dark whatever its neighbours do.
 */
export const CENTRE_STONE_CAN_GLOW = true;
/** Moonstones by number of players (index = players), without and with the Great Tree. */
export const MOONSTONES: { readonly without: readonly number[]; readonly withGreatTree: readonly number[] } = {
  without: [0, 0, 3, 2, 0],
  withGreatTree: [0, 0, 3, 2, 1],
};
/** A moonstone's sun shadow: this many cells, and only on small trees (docs/rules.md §8). */
export const STONE_SHADOW_LENGTH = 1;
export const STONE_SHADOW_SIZES: readonly number[] = [1];

/** GREAT_TREE_SHADOW[sun][cell]: every cell from the Great Tree to the edge in the shadow direction. */
export const GREAT_TREE_SHADOW: readonly (readonly (readonly number[])[])[] = SUN_CORNERS.map(({ shadow }) =>
  CELLS.map((_, c) => ray(c, shadow).slice(1)),
);
/** STONE_SHADOW[sun][cell]: the cells a moonstone shades. */
export const STONE_SHADOW: readonly (readonly (readonly number[])[])[] = SHADOW_RAY.map((rays) =>
  rays.map((r) => r.slice(0, STONE_SHADOW_LENGTH)),
);

// ---- animals, babies, the dam ------------------------------------------------------------------

/** Animals start on a free cell with this many leaves (the six 3-leaf cells). */
export const ANIMAL_START_LEAVES = 3;
/** Animals move to adjacent cells; the squirrel 1 or 2 (docs/rules.md §8). */
export const ANIMAL_STEP = 1;
export const SQUIRREL_STEPS = 2;
/** The fox churns a seed 1 or 2 cells in a straight line. */
export const CHURN_DISTANCES: readonly number[] = [1, 2];

/** Decision: the six face-down baby turtles lie on the six corner cells (sun corners 0..5, in order). */
export const NEST_CELLS: readonly number[] = SUN_CORNERS.map(({ corner }) => cellIndex(corner.q, corner.r));

/** Decision: every side of the board borders the river (sides 0..5 as in SIDES). */
export const RIVER_SIDES: readonly number[] = [0, 1, 2, 3, 4, 5];
/**
 * Dam sites: three mutually adjacent cells, two edge (1-leaf) cells next to each other on a river
 * side and the 2-leaf cell next to both; each ascending. One site per moon gap of a river side.
 */
export const DAM_SITES: readonly (readonly number[])[] = MOON_GAP.flatMap(([a, b], m) => {
  if (!RIVER_SIDES.includes(Math.floor(m / 3))) return [];
  const inner = NEIGHBOURS[a].filter((c) => NEIGHBOURS[b].includes(c) && RING[c] === RADIUS - 1);
  return inner.map((c) => [a, b, c].sort((x, y) => x - y));
});

/** Mutually adjacent cells (used to validate dam sites in tests). */
export function adjacent(a: number, b: number): boolean {
  return NEIGHBOURS[a].includes(b);
}

/** STRAIGHT[cell]: the cells 1..2 away in a straight line (the fox's churn targets), nearest first. */
export const STRAIGHT: readonly (readonly number[])[] = CELLS.map((c) => {
  const out: number[] = [];
  for (const dist of CHURN_DISTANCES)
    for (const d of CLOCKWISE) {
      const t = cellIndex(c.q + d.q * dist, c.r + d.r * dist);
      if (t >= 0) out.push(t);
    }
  return out;
});

export const CENTRE = cellIndex(0, 0);
export { CELL_COUNT };
