/**
 * The engine without its expansion modules: the same functions as index.ts, for a client that
 * loads a module only for the games that play it (its chunk imports the module's own entry, the
 * index.ts of the module's folder, and registers it with `registerExpansion`). Until a game's
 * module is registered, its states are treated as base games. Everyone else imports index.ts.
 */
export * from "./reading";
export { createGame } from "./create";
export { legalMoves, applyMove, checkMove } from "./game";
export { resign, takeOver } from "./resign";
export { usable, usable2 } from "./draft";
export { registerExpansion, expansions, expansionOf, type Expansion } from "./expansion";
export { actionOf, applyAction, applyActions, legalActions, parseAction } from "./actions";
export { toNotation, fromNotation } from "./notation";
export { replay, replayStates, replayView, applyEntry, type LogEntry, type ViewerLogEntry } from "./replay";
export { viewFor, viewEvents, viewEntry, type Viewer } from "./view";
export { playOutRandomly, randomGame } from "./random-play";
