/**
 * The engine without its expansion modules: the same functions as index.ts, for a client that
 * loads a module only for the games that play it (its chunk imports the module's own entry, the
 * index.ts of the module's folder, and registers it with `registerExpansion`). Until a game's
 * module is registered, its states are treated as base games. Everyone else imports index.ts.
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
  labelOf,
  type Hex,
} from "./board";
export { createGame, legalMoves, applyMove, checkMove, resign, takeOver, boardPrice } from "./game";
export {
  totalRounds,
  totalRevolutions,
  revolutionOf,
  setupProgress,
  nextToken,
  gameWinners,
  type SetupProgress,
} from "./progress";
export { usable, usable2 } from "./draft";
export { registerExpansion, expansions, expansionOf, type Expansion } from "./expansion";
export { actionOf, applyAction, applyActions, legalActions, parseAction } from "./actions";
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
export { toNotation, fromNotation } from "./notation";
export { replay, replayStates, replayView, applyEntry, type LogEntry, type ViewerLogEntry } from "./replay";
export { viewFor, viewEvents, viewEntry, type Viewer } from "./view";
export { playOutRandomly, randomGame } from "./random-play";
