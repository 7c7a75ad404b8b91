/**
 * Canopy's rules engine: the complete Photosynthesis base game as a pure library, with its
 * expansion modules (expansions.ts registers them all). The public entry: nothing outside
 * src/engine imports anything else — but base.ts, the same without the modules, for the web
 * client, which loads a module's own entry (its folder's index.ts) only for the games that play it.
 * See docs/engine.md for the action format, events, errors and the notation.
 */
export * from "./base";
export * from "./expansions";
export { perft, perftDivide } from "./perft";
// What bots ask of the engine instead of re-deriving it (issue 26): each seat's light with the sun
// at a position, the expansion's shadows included (`lightReport(state, sun).perSeat` without the report).
export { lightGainsFor } from "./light";
