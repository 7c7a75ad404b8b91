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
 * Per size (tree sizes 1–3), in units of a hex radius of 30 (the cell's centre is 0,0): the crowns'
 * top, how far each crown's tip is below the one above, a crown's height, the lowest crown's half
 * width (the ones above are narrower), and the trunk's foot.
 */
const TREES = [
  { top: -12, step: 0, height: 16, half: 9, foot: 9 },
  { top: -16, step: 8, height: 13, half: 11.5, foot: 11 },
  { top: -18, step: 7, height: 12.5, half: 14, foot: 14 },
];
/** The seat mark's size (the radius of a circle of about its weight), same units. */
const MARK = 3.8;

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
  const k = scale / 30;
  const x = (v: number) => round2(cx + v * k);
  const y = (v: number) => round2(cy + v * k);
  const line = `stroke="${theme.outline}" stroke-width="${round2(Math.max(1, 1.5 * k))}" stroke-linejoin="round"`;
  const body = `fill="${style.color}" ${line}`;
  let out: string;
  let markY: number;
  if (size === 0) {
    // A seed: a drop, point up.
    out = `<path d="M${x(0)} ${y(-9)}C${x(7)} ${y(-2)} ${x(7)} ${y(7)} ${x(0)} ${y(7)}C${x(-7)} ${y(7)} ${x(-7)} ${y(-2)} ${x(0)} ${y(-9)}Z" ${body}/>`;
    markY = 2.4;
  } else {
    const tree = TREES[size - 1];
    const n = size;
    const base = tree.top + (n - 1) * tree.step + tree.height;
    out = `<rect x="${x(-1.8)}" y="${y(base - 2)}" width="${round2(3.6 * k)}" height="${round2((tree.foot - base + 2) * k)}" fill="#5a3a1a" ${line}/>`;
    // From the lowest crown up, so each crown's lower edge shows over the one below.
    for (let i = n - 1; i >= 0; i--) {
      const tip = tree.top + i * tree.step;
      const half = tree.half * (1 - (0.45 * (n - 1 - i)) / n);
      out += `<polygon points="${x(0)},${y(tip)} ${x(half)},${y(tip + tree.height)} ${x(-half)},${y(tip + tree.height)}" ${body}/>`;
    }
    // The lowest crown's centroid.
    markY = base - tree.height / 3;
  }
  // The seat's mark.
  const mark = (size === 0 ? 0.75 : 1) * MARK * k;
  return `${out}<g class="mark">${shapeElement(style.shape, cx, y(markY), mark, `fill="#ffffff" stroke="${theme.outline}" stroke-width="${round2(Math.max(0.6, 0.8 * k))}"`)}</g>`;
}

/** A standalone small SVG of one piece, for legends and player boards in HTML. */
export function pieceIcon(seat: number, size: number, px = 24, theme: Theme = "light"): string {
  const body = pieceElement(seat, size, 0, 0, THEMES[theme], 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-17 -19 34 34" width="${px}" height="${px}" aria-hidden="true" focusable="false">${body}</svg>`;
}
