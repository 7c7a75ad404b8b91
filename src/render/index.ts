/** The board picture, shared by the web client, the embed page and the board images (with the Moonlight drawing plugged in). */
import { registerMoonLayer } from "./board";
import * as moon from "./moon";
import { INLINE_PICTURES } from "./moon-art";

// (everything the server draws carries the Moonlight's pictures in full: resvg, the embed and the
// page's preview fetch nothing; the web page draws them by reference to its sprite, moon-art.ts)
moon.usePictures(INLINE_PICTURES);
registerMoonLayer(moon);

export * from "./base";
export { ENGLISH_TEXT, renderBoard } from "./english";
export {
  ANIMAL_TOKEN,
  MOON_TILE,
  animalElement,
  animalIcon,
  moonIconElement,
  moonPicture,
  moonPoint,
  type CellMoon,
  type MoonPicture,
} from "./moon";
