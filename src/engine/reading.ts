/**
 * The engine for code that reads a game without playing it: the board's geometry, the rules'
 * numbers, light and shade, how far the game has come, scores. No move is listed, checked or
 * applied here (base.ts adds those): the web client's first view of a game draws the state the
 * server sent with this alone, and loads the rest (web/src/game/rules.ts) when it plans a turn or
 * replays the history — the engine's play is the larger part of it (docs/web.md, "Weights").
 */
export * from "./types";
export * from "./rules";
export {
  CELLS,
  CELL_COUNT,
  DIRECTIONS,
  EDGE_CELLS,
  LABELS,
  LEAVES,
  RING,
  SUN_CORNERS,
  cellByLabel,
  cellIndex,
  hexDistance,
  hexLabel,
  labelOf,
  type Hex,
} from "./board";
export {
  totalRounds,
  totalRevolutions,
  revolutionOf,
  setupProgress,
  nextToken,
  gameWinners,
  boardPrice,
  type SetupProgress,
} from "./progress";
export {
  lightReport,
  lightGains,
  lightGainsFor,
  sunPosition,
  currentSun,
  shadeHeights,
  shadeFor,
  inShadow,
  LOW_SHADE,
  type LightReport,
  type TreeLight,
} from "./light";
export { computeScores, winnersOf } from "./scoring";
/** (an expansion's reading is plugged in with it: the hooks its own reading.ts offers for that) */
export { registerExpansion } from "./expansion";
