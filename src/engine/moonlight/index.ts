/**
 * The Under the Moonlight expansion (docs/rules.md §8): switched on by `createGame({ moonlight })`.
 * The base game calls into it only through the hooks of ../expansion.ts (`MOONLIGHT`, full.ts,
 * which this file leaves to ../expansions.ts);
 * this is what it offers consumers besides (re-exported by ../expansions.ts and ../index.ts).
 */
export * as moonGeometry from "./geometry";
export * as moonRules from "./rules";
export { MOONLIGHT_PLAY } from "./module";
export { MOONLIGHT_SEEN } from "./seen";
export {
  moonReport,
  moonlight,
  moonGains,
  phaseMarker,
  GREAT_TREE_HEIGHT,
  type MoonReport,
  type Moonlight,
} from "./light";
export { moonstoneCount, setupSchedule } from "./setup";
export { moveTargets } from "./play";
/** An animal's abilities, entered by a client that loads them on demand (the web page: ./abilities/index.ts). */
export { registerAbilities, hasAbilities } from "./abilities";
export type { Ability } from "./abilities";
export { MOON_ACTION_TYPES } from "./actions";
export { ANIMAL_NAMES, BABY_NAMES, ABILITY_NAMES, MOON_STAGES } from "./types";
export type * from "./types";
