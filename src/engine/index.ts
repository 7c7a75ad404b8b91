/**
 * Canopy's rules engine: the complete Photosynthesis base game as a pure library, with its
 * expansion modules (expansions.ts). The one public entry: nothing outside src/engine imports
 * anything else. See docs/engine.md for the action format, events, errors and the notation.
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
export { createGame, legalMoves, applyMove, checkMove, resign, boardPrice } from "./game";
export { totalRounds, totalRevolutions, revolutionOf, setupProgress, nextToken, gameWinners, type SetupProgress } from "./progress";
export { usable, usable2 } from "./draft";
export { registerExpansion, expansions, expansionOf, type Expansion } from "./expansion";
export { actionOf, applyAction, applyActions, legalActions, parseAction } from "./actions";
export { lightReport, sunPosition, currentSun, shadeHeights, shadeFor, inShadow, LOW_SHADE, type LightReport, type TreeLight } from "./light";
export { computeScores, winnersOf } from "./scoring";
export { toNotation, fromNotation } from "./notation";
export { replay, replayStates, replayView, applyEntry, type LogEntry, type ViewerLogEntry } from "./replay";
export { viewFor, viewEvents, viewEntry, type Viewer } from "./view";
export * from "./expansions";
export { playOutRandomly, randomGame } from "./random-play";
