/**
 * Canopy's rules engine: the complete Photosynthesis base game as a pure library.
 * See docs/engine.md for the action format, events, errors and the position notation.
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
export { createGame, legalMoves, applyMove, checkMove, resign, boardPrice, totalRounds } from "./game";
export { actionOf, applyAction, applyActions, legalActions, parseAction } from "./actions";
export { lightReport, sunPosition, currentSun, shadeHeights, shadeFor, inShadow, type LightReport, type TreeLight } from "./light";
export { computeScores, winnersOf } from "./scoring";
export { toNotation, fromNotation } from "./notation";
export { replay, applyEntry, type LogEntry } from "./replay";
export { viewFor, type Viewer } from "./view";
export * from "./moonlight";
export { playOutRandomly, randomGame } from "./random-play";
