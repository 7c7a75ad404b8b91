/**
 * Moonlight (docs/rules.md §8, §8.1): where the moon stands, which cells its two paths light (stopped
 * by the Great Tree), which moonstones glow and which cells they light indirectly, and the moon
 * points each animal gains.
 */
import { CELL_COUNT, CELLS, NEIGHBOURS, type Hex } from "../board";
import { LOW_SHADE, sunPosition } from "../light";
import type { GameState } from "../types";
import {
  CENTRE,
  CENTRE_STONE_CAN_GLOW,
  GREAT_TREE_SHADOW,
  MOON_GAP,
  MOON_PATHS,
  MOON_POSITIONS,
  MOON_STEP,
  STONE_SHADOW,
  moonStep,
} from "./geometry";
import { MOON_GAIN_FULL, MOON_GAIN_HALF } from "./rules";
import type { MoonState } from "./types";

/** The shade height of the Great Tree's shadow (taller than any tree: no tree there is lit). */
export const GREAT_TREE_HEIGHT = 4;

/**
 * The expansion's shadows (the base's `shadeFor` hook): the Great Tree's to the board edge (height
 * 4) and each moonstone's one-cell shadow (the base's LOW_SHADE flag, which only small trees feel).
 */
export function addShade(state: GameState, sun: number, shade: Uint8Array): void {
  const moon = state.moon;
  if (!moon) return;
  if (moon.greatTree >= 0)
    for (const c of GREAT_TREE_SHADOW[sun][moon.greatTree]) shade[c] = GREAT_TREE_HEIGHT | (shade[c] & LOW_SHADE);
  for (const stone of moon.stones) for (const c of STONE_SHADOW[sun][stone]) shade[c] |= LOW_SHADE;
}

/** Per cell: 0 dark, 1 lit directly by a path, 2 lit indirectly by a glowing moonstone (3: both). */
export interface Moonlight {
  lit: Uint8Array;
  /** The two paths' cells as far as they run (a path stops before the Great Tree). */
  paths: number[][];
  /** Glowing moonstones. */
  glowing: number[];
}

export function moonlight(position: number, greatTree: number, stones: readonly number[]): Moonlight {
  const paths: number[][] = [];
  const glowing: number[] = [];
  const lit = fillMoonlight(new Uint8Array(CELL_COUNT), position, greatTree, stones, paths, glowing);
  return { lit, paths, glowing };
}

/** moonlight's work into `lit` (zeroed here), with the paths and glowing stones when lists are given. */
function fillMoonlight(
  lit: Uint8Array,
  position: number,
  greatTree: number,
  stones: readonly number[],
  paths: number[][] | null,
  glowing: number[],
): Uint8Array {
  lit.fill(0);
  for (const path of MOON_PATHS[position]) {
    const run: number[] | null = paths ? [] : null;
    for (const c of path) {
      if (c === greatTree) break;
      run?.push(c);
      lit[c] |= 1;
    }
    if (paths && run) paths.push(run);
  }
  if (stones.length > 0) {
    const canGlow = (s: number) => CENTRE_STONE_CAN_GLOW || s !== CENTRE;
    for (const s of stones) if (lit[s] & 1 && canGlow(s)) glowing.push(s);
    // the glow passes from stone to adjacent stone
    for (let i = 0; i < glowing.length; i++)
      for (const s of stones)
        if (!glowing.includes(s) && canGlow(s) && NEIGHBOURS[glowing[i]].includes(s)) glowing.push(s);
    for (const s of glowing) for (const c of NEIGHBOURS[s]) lit[c] |= 2;
  }
  return lit;
}

/** Scratch for moonGains (filled and read within one call: every round of every game asks). */
const LIT = new Uint8Array(CELL_COUNT);

/** Moon points each seat's animal gains this round (before the cap): 1 half moon, 2 full, once however lit. */
export function moonGains(state: GameState): number[] {
  const m = state.moon!;
  const lit = fillMoonlight(LIT, m.position, m.greatTree, m.stones, null, m.stones.length > 0 ? [] : NO_STONES);
  const gain = m.full ? MOON_GAIN_FULL : MOON_GAIN_HALF;
  return m.players.map((p) => (p.cell >= 0 && lit[p.cell] !== 0 ? gain : 0));
}
const NO_STONES: number[] = [];

/** The phase marker's position (where the moon goes next) and the phase it predicts. */
export function phaseMarker(m: MoonState, round: number): { position: number; full: boolean } {
  const next = moonStep(m.position, sunPosition(Math.max(1, round) + 1));
  return { position: next.position, full: next.flips ? !m.full : m.full };
}

export interface MoonReport {
  /** Moon position 0..17 and phase. */
  position: number;
  full: boolean;
  /** The two edge cells the moon touches. */
  touches: [Hex, Hex];
  /** The phase marker: where the moon goes next round, and the phase it will show there. */
  marker: { position: number; full: boolean; touches: [Hex, Hex] };
  /** Each path's lit cells, from the edge inward (stopped at the Great Tree). */
  paths: Hex[][];
  /** Cells lit directly by a path. */
  direct: Hex[];
  /** Glowing moonstones. */
  glowing: Hex[];
  /** Cells lit only indirectly (next to a glowing stone). */
  indirect: Hex[];
  /** Moon points each seat's animal gains if the round started now (before the 14 cap). */
  perSeat: number[];
}

/** What the client shows of the moon: its place, phase, next place, the lit paths and glow. */
export function moonReport(state: GameState): MoonReport {
  const m = state.moon;
  if (!m) throw new Error("moonReport: not an Under the Moonlight game");
  const light = moonlight(m.position, m.greatTree, m.stones);
  const marker = phaseMarker(m, state.round);
  const gap = (p: number): [Hex, Hex] => [CELLS[MOON_GAP[p][0]], CELLS[MOON_GAP[p][1]]];
  const direct: Hex[] = [];
  const indirect: Hex[] = [];
  for (let c = 0; c < CELL_COUNT; c++) {
    if (light.lit[c] & 1) direct.push(CELLS[c]);
    else if (light.lit[c] & 2) indirect.push(CELLS[c]);
  }
  return {
    position: m.position,
    full: m.full,
    touches: gap(m.position),
    marker: { ...marker, touches: gap(marker.position) },
    paths: light.paths.map((p) => p.map((c) => CELLS[c])),
    direct,
    glowing: light.glowing.map((c) => CELLS[c]),
    indirect,
    perSeat: moonGains(state),
  };
}

export { MOON_POSITIONS, MOON_STEP };
