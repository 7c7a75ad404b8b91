/**
 * The registry of expansion modules: the one engine file that names them. Importing it registers
 * every module with the base game (expansion.ts); index.ts re-exports what the modules offer.
 * Adding a module: one import and one `registerExpansion` line here.
 */
import { registerExpansion } from "./expansion";
import { MOONLIGHT } from "./moonlight/full";

registerExpansion(MOONLIGHT);

export * from "./moonlight";
export { MOONLIGHT } from "./moonlight/full";
export { MOONLIGHT_MAKE } from "./moonlight/make";
