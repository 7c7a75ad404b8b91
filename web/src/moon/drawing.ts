/**
 * Under the Moonlight's drawing on the web page (the Moonlight's part, its replay and "How to play"
 * load it): plugged into the board, its static pictures — the animals, the Great Tree, moonstones,
 * the baby turtles — drawn by reference to the sprite the build writes (src/render/moon-art.ts
 * `moonSprite`, scripts/build-web.mjs: chunks/moon-<hash>.svg, immutable, kept by the service worker
 * as the chunks are), so the page's JS carries none of their path data (docs/web.md "Weights").
 */
import { registerMoonLayer } from "../../../src/render/base";
import {
  ANIMAL_TOKEN,
  animalElement,
  beamInCell,
  damElement,
  glowInCell,
  greatTreeElement,
  moonBeamsOutside,
  moonPicture,
  moonTiles,
  nestElement,
  picturesByReference,
  stoneElement,
  usePictures,
} from "../../../src/render/moon";

/** The sprite's address, which the build defines (its name carries its content's hash); outside a build, a stand-in. */
declare const __MOON_SPRITE__: string | undefined;
export const MOON_SPRITE: string = typeof __MOON_SPRITE__ === "string" ? __MOON_SPRITE__ : "/chunks/moon.svg";

usePictures(picturesByReference(MOON_SPRITE));
// (what the board draws with, by name: the server's icons of the drawing, animalIcon and
// moonIconElement, stay out of the page's code)
registerMoonLayer({
  ANIMAL_TOKEN,
  animalElement,
  beamInCell,
  damElement,
  glowInCell,
  greatTreeElement,
  moonBeamsOutside,
  moonPicture,
  moonTiles,
  nestElement,
  stoneElement,
});
