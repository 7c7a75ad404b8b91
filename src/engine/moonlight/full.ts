/**
 * The expansion with every hook: what ../expansions.ts registers. `MOONLIGHT_PLAY` (./module.ts), with
 * making a game and replaying one (./make.ts), the position notation (./notation.ts) and every
 * animal's abilities (./abilities/all.ts). A file of
 * its own, which ./index.ts does not reach: a bundle that imports the folder's index (the web page)
 * carries neither, whichever chunks it cuts (esbuild puts a whole file in one chunk).
 */
import type { Expansion } from "../expansion";
import type { GameState } from "../types";
import { MOONLIGHT_MAKE } from "./make";
import { MOONLIGHT_PLAY } from "./module";
import { moonFromText, moonToText } from "./notation";
// (every animal's abilities: a client of MOONLIGHT_PLAY enters those it needs, ./abilities/index.ts)
import "./abilities/all";

export const MOONLIGHT: Expansion = Object.assign({}, MOONLIGHT_PLAY, MOONLIGHT_MAKE, {
  toText: (state: GameState) => moonToText(state.moon!),
  fromText(text: string, state: GameState, fail: (message: string) => never) {
    state.moon = moonFromText(text, state.options.players, fail);
  },
});
