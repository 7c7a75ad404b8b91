/**
 * The players' pieces, drawn alike on the board, in the legend and player cards, the embed and the
 * PNG card (issue 14): a seed and three trees that read as such at a glance — a seed is a drop, a
 * tree is a trunk under one (small), two (medium) or three (large) stacked crowns, so each size has
 * its own silhouette — in the seat's colour, with the seat's mark (circle, triangle, diamond, star:
 * SEAT_STYLES) in white on the seed or the lowest crown, so seats are told apart without colour.
 * Drawn by hand as a few SVG primitives: it is in the game page's bundle and in every board picture.
 */
import { round2, shapeElement } from "./shapes";
import { SEAT_STYLES, THEMES, type Theme, type ThemeColors } from "./style";

/**
 * Per size, in units of a hex radius of 30 around the cell's centre: the seed, then trees 1–3, each
 * crown a triangle drawn from the lowest up (so each crown's lower edge shows over the one below),
 * over a trunk. Literal strings: the smallest code for the game page's bundle.
 */
const SHAPES = [
  `<path d="M0-9C7-2 7 7 0 7C-7 7-7-2 0-9Z"/>`,
  `${trunk(2, 7)}<polygon points="0,-12 9,4 -9,4"/>`,
  `${trunk(3, 8)}<polygon points="0,-8 11.5,5 -11.5,5"/><polygon points="0,-16 8.9,-3 -8.9,-3"/>`,
  `${trunk(6.5, 7.5)}<polygon points="0,-4 14,8.5 -14,8.5"/><polygon points="0,-11 11.9,1.5 -11.9,1.5"/><polygon points="0,-18 9.8,-5.5 -9.8,-5.5"/>`,
];
/** Where the seat's mark sits (on the seed, or at the middle of the lowest crown), and its size. */
const MARK_Y = [2.4, -1.3, 0.7, 4.3];
const MARK = 3.8;

function trunk(y: number, height: number): string {
  return `<rect x="-1.8" y="${y}" width="3.6" height="${height}" fill="#5a3a1a"/>`;
}

/** One piece (seed or tree) of a seat, centred at (cx, cy); `scale` is the hex radius it is drawn for. */
export function pieceElement(
  seat: number,
  size: number,
  cx: number,
  cy: number,
  theme: ThemeColors,
  scale = 30,
): string {
  const style = SEAT_STYLES[seat % SEAT_STYLES.length];
  const k = round2(scale / 30);
  return (
    `<g class="piece" transform="translate(${round2(cx)} ${round2(cy)})${k === 1 ? "" : ` scale(${k})`}" fill="${style.color}" stroke="${theme.outline}" stroke-width="1.5" stroke-linejoin="round">` +
    `${SHAPES[size]}<g class="mark" fill="#fff" stroke-width="0.8">${shapeElement(style.shape, 0, MARK_Y[size], size ? MARK : MARK * 0.75, "")}</g></g>`
  );
}

/** A standalone small SVG of one piece, for legends and player boards in HTML. */
export function pieceIcon(seat: number, size: number, px = 24, theme: Theme = "light"): string {
  const body = pieceElement(seat, size, 0, 0, THEMES[theme], 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-17 -19 34 34" width="${px}" height="${px}" aria-hidden="true" focusable="false">${body}</svg>`;
}
