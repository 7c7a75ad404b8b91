/**
 * The Under the Moonlight expansion (RULES.md §8): switched on by `createGame({ moonlight })`.
 * The base game calls into it through a few hooks (game.ts: create, setup steps, legal moves,
 * checks, moves, turn reset, round start; light.ts: shadows; scoring.ts; view.ts; notation.ts).
 */
export * as moonGeometry from "./geometry";
export * as moonRules from "./rules";
export { moonReport, moonlight, moonGains, phaseMarker, type MoonReport, type Moonlight } from "./light";
export { viewEvents, viewEntry } from "./view";
export { moonstoneCount, setupSchedule } from "./setup";
export { moveTargets, usable } from "./play";
export { MOON_ACTION_TYPES } from "./actions";
