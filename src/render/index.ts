/** The board picture, shared by the web client, the embed page and the board images (with the Moonlight drawing plugged in). */
import { registerMoonLayer } from "./board";
import * as moon from "./moon";

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
