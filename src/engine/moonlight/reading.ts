/**
 * Under the Moonlight for code that reads a game without playing it (as ../reading.ts is the base
 * game's): its hooks for the base game's reading (`MOONLIGHT_SEEN`, to register), the moon's
 * geometry and light, the animals' abilities and costs, its types. No move of the expansion is
 * listed, checked or applied here (./index.ts: `MOONLIGHT_PLAY`): the web client's first view of a
 * Moonlight game, and "How to play"'s picture, draw the state with this alone (docs/web.md "Weights").
 */
export { MOONLIGHT_SEEN } from "./seen";
export { CLOCKWISE, MOON_GAP } from "./geometry";
export { moonReport, type MoonReport } from "./light";
export { ABILITIES, BABY_NEEDS_CELL } from "./rules";
export type * from "./types";
