/**
 * What replaying a Moonlight game's history needs beyond the part a turn is planned with
 * (./play.tsx): the expansion's hooks for making a game and putting back a viewer's hidden draws
 * (the engine's `MOONLIGHT_MAKE`), added to the `MOONLIGHT_PLAY` the page plays with, in the
 * expansion the engine looks up (./ui.tsx registered it). A chunk of its own, loaded with the
 * history's replay (web/src/game/deps.ts): a seated player plans a turn without it, offline too
 * (docs/web.md "Weights").
 */
import { MOONLIGHT_PLAY, MOONLIGHT_SEEN } from "../../../src/engine/moonlight";
import { MOONLIGHT_MAKE } from "../../../src/engine/moonlight/make";
// (an import of what the Moonlight's first part already loaded, which runs nothing: its drawing
// then stays one chunk rather than two, see scripts/build-web.mjs)
import "./drawing";

Object.assign(MOONLIGHT_SEEN, Object.assign(MOONLIGHT_PLAY, MOONLIGHT_MAKE));
