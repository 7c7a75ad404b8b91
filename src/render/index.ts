/** The board picture, shared by the web client, the embed page and the board images. */
export {
  ENGLISH_TEXT,
  HEX,
  ISLAND,
  SUN,
  VIEW,
  boardCells,
  cellCenter,
  nextSun,
  pieceElement,
  pieceIcon,
  renderBoard,
  shapeElement,
  sunPoint,
  sunRays,
  type BoardState,
  type BoardText,
  type CellInfo,
  type Highlight,
  type MoonPieceInfo,
  type MoonPlace,
  type RenderOptions,
} from "./board";
export { ANIMAL_TOKEN, MOON_TILE, animalElement, animalIcon, moonIconElement, moonPicture, moonPoint, type CellMoon, type MoonPicture } from "./moon";
export { SEAT_STYLES, THEMES, type PieceShape, type SeatStyle, type Theme, type ThemeColors } from "./style";
