/**
 * The engine for a client that plans moves without replaying a game: reading.ts with the legal
 * actions, applying them, and registering an expansion's module. The web client's planning and
 * its expansions' parts import this (web/src/game/plan.ts), its history's replay base.ts, so that
 * what a turn is planned with does not carry the replay (docs/web.md, "Weights").
 */
export * from "./reading";
export { applyAction, applyActions, legalActions } from "./actions";
export { registerExpansion, type Expansion } from "./expansion";
