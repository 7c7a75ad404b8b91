/**
 * The board picture without the Moonlight drawing (moon.ts), for the web client, which loads that
 * only for Moonlight games and plugs it in with `registerMoonLayer`, and without the English words
 * (english.ts: `renderBoard`, `ENGLISH_TEXT`), which its parts that want them import apart: the
 * game page draws with `drawBoard` in its own language. Everyone else imports index.ts.
 */
export {
  HEX,
  ISLAND,
  SUN,
  VIEW,
  boardCells,
  cellCenter,
  nextSun,
  registerMoonLayer,
  drawBoard,
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
export { escapeHtml } from "./escape";
export { pieceElement, pieceIcon } from "./pieces";
export type { CellMoon, MoonPicture } from "./moon";
export { SEAT_STYLES, THEMES, type PieceShape, type SeatStyle, type Theme, type ThemeColors } from "./style";
