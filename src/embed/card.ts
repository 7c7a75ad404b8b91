/**
 * The board card: one SVG of CARD.width × CARD.height (the Open Graph image size) with the board
 * drawn by the shared renderer on the left and the game's title, stage, players and scores on the
 * right. It is what board.png rasterises; text uses the bundled DejaVu Sans (see font/README.md).
 */
import {
  THEMES,
  animalElement,
  escapeHtml,
  moonIconElement,
  renderBoard,
  pieceElement,
  VIEW,
  type Theme,
  type ThemeColors,
} from "../render";
import { fontCovers } from "./font/coverage";
import { SEAT_LETTERS, type Summary } from "./moment";

/** The documented size of board.png (the Open Graph / Twitter large-card size). */
export const CARD = { width: 1200, height: 630 } as const;
export const FONT_FAMILY = "DejaVu Sans";

const PANEL = {
  light: { text: "#1f2a1c", muted: "#5b6356", line: "#d8d0b8", chip: "#ebe4cf", turn: "#2f6b2c", win: "#a66a00" },
  dark: { text: "#eef3e6", muted: "#a5b09d", line: "#2c3436", chip: "#20272a", turn: "#86c46a", win: "#ffc20a" },
} as const;

/** Rough advance width of DejaVu Sans text, in ems (enough to shorten long names with an ellipsis). */
function emWidth(text: string, bold: boolean): number {
  let w = 0;
  for (const ch of text) {
    if (/[iljtfI.,:;'!|]/.test(ch)) w += 0.34;
    else if (/[mwMW]/.test(ch)) w += 0.92;
    else if (ch === " ") w += 0.32;
    else if (/[A-Z0-9]/.test(ch)) w += 0.7;
    else w += 0.6;
  }
  return w * (bold ? 1.08 : 1);
}

/** `text` shortened with "…" to fit `maxPx` at `fontPx`. */
export function fitted(text: string, fontPx: number, maxPx: number, bold = false): string {
  if (emWidth(text, bold) * fontPx <= maxPx) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && emWidth(`${chars.join("")}…`, bold) * fontPx > maxPx) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/** A name the bundled font can draw (else "Player A"). */
function drawable(name: string, seat: number): string {
  return fontCovers(name) ? name : `Player ${SEAT_LETTERS[seat]}`;
}

/** `line` with every name the font cannot draw replaced by "Player A". */
function plain(line: string, s: Summary): string {
  return s.players.reduce(
    (h, p) => (fontCovers(p.name) ? h : h.split(p.name).join(`Player ${SEAT_LETTERS[p.seat]}`)),
    line,
  );
}

function text(x: number, y: number, size: number, fill: string, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" fill="${fill}"${extra}>${escapeHtml(content)}</text>`;
}

/** The right-hand panel of a card, as its parts draw it. */
interface Panel {
  s: Summary;
  theme: ThemeColors;
  ink: (typeof PANEL)[keyof typeof PANEL];
  /** Its left edge and width. */
  px: number;
  pw: number;
  /** The columns' right edges (points at the panel's), the winner's star, and the room names leave. */
  col: { light: number; moon: number; star: number; names: number };
  out: string[];
}

/**
 * The board (renderBoard's <svg>) as a group of the card, `width` wide at (x, y). Not a nested
 * <svg>: that clips to its viewport, and resvg paints a clipped group on a mask layer of its own —
 * the card's raster took 42 ms in Node with it, 19 without (2026-11-27). Done here rather than by an
 * option of renderBoard, which is in the game page's bundle (its size budget).
 */
function boardGroup(svg: string, x: number, y: number, width: number): string {
  const body = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
  const k = width / VIEW.width;
  return `<g class="board" transform="translate(${x} ${y}) scale(${k}) translate(${-VIEW.x} ${-VIEW.y})">${body}</g>`;
}

/** The card as an SVG string (pure; `host` is printed in the footer, e.g. "canopy.example"). */
export function renderCard(s: Summary, opts: { theme?: Theme; host?: string } = {}): string {
  const themeName = opts.theme ?? "light";
  const theme = THEMES[themeName];
  const W = CARD.width;
  const H = CARD.height;
  // The board: as tall as the card allows, on the left.
  const boardH = H - 20;
  const boardW = Math.round((boardH * VIEW.width) / VIEW.height);
  const board = renderBoard(s.board, {
    theme: themeName,
    size: boardW,
    highlights: s.highlights,
    idPrefix: "card",
    rounds: s.totalRounds,
  });
  const px = boardW + 40; // panel left
  const pw = W - px - 48; // panel width
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${theme.background}"/>`,
    boardGroup(board, 10, 10, boardW),
  );
  // Columns (right edges): points, light and, under the Moonlight, moon points; the winner's star left of them.
  const col = s.moon
    ? { light: pw - 66, moon: pw - 124, star: pw - 172, names: 214 }
    : { light: pw - 78, moon: 0, star: pw - 120, names: 150 };
  const panel: Panel = { s, theme, ink: PANEL[themeName], px, pw, col, out };
  let y = panelHead(panel);
  // Players: shape, name, score; the one to act or the winners marked.
  const rowH = s.players.length > 3 ? 64 : 72;
  for (const p of s.players) {
    playerRow(panel, p, y, rowH);
    y += rowH;
  }
  const ink = panel.ink;
  // The headline under the players, and the address in the footer.
  y += 36;
  out.push(
    text(px, Math.min(y, H - 86), 30, ink.turn, fitted(plain(s.headline, s), 30, pw, true), ` font-weight="bold"`),
  );
  if (opts.host) out.push(text(px, H - 40, 22, ink.muted, fitted(`${opts.host}/g/${s.id}`, 22, pw)));
  out.push(`</svg>`);
  return out.join("");
}

/** The panel's head: the brand, the stage, the last move, a rule and the columns' titles; the y under it. */
function panelHead({ s, theme, ink, px, pw, col, out }: Panel): number {
  // Brand line: a small tree of each colour and the name.
  let y = 74;
  out.push(`<g>${pieceElement(0, 3, px + 16, y - 12, theme, 34)}</g>`);
  out.push(text(px + 44, y, 28, ink.muted, "Canopy · Photosynthesis", ` font-weight="bold"`));
  y += 70;
  const stagePx = Math.max(30, Math.min(44, Math.floor(pw / emWidth(s.stage, true))));
  out.push(text(px, y, stagePx, ink.text, fitted(s.stage, stagePx, pw, true), ` font-weight="bold"`));
  y += 44;
  const sub = s.lastMove ? plain(s.lastMove, s) : `${s.players.length} players`;
  out.push(text(px, y, 24, ink.muted, fitted(sub, 24, pw)));
  y += 24;
  out.push(`<line x1="${px}" y1="${y}" x2="${px + pw}" y2="${y}" stroke="${ink.line}" stroke-width="2"/>`);
  if (s.status !== "waiting") {
    out.push(text(px + col.light, y + 26, 17, ink.muted, "light", ` text-anchor="end"`));
    out.push(text(px + pw, y + 26, 17, ink.muted, "points", ` text-anchor="end"`));
    if (s.moon) {
      // Under the Moonlight: the moon's phase (a drawn face and words) and a moon-points column
      out.push(text(px + col.moon, y + 26, 17, ink.muted, "moon", ` text-anchor="end"`));
      out.push(moonIconElement(px + 10, y + 20, 10, s.moon.full, theme));
      const phase = `${s.moon.full ? "Full" : "Half"} moon · next ${s.moon.nextFull ? "full" : "half"}`;
      out.push(text(px + 28, y + 26, 17, ink.muted, fitted(phase, 17, col.moon - 60 - 28)));
    }
  }
  return y + 32;
}

/** One player's row from `y`: their shape, name and scores, the one to act or the winners marked. */
function playerRow({ s, theme, ink, px, pw, col, out }: Panel, p: Summary["players"][number], y: number, rowH: number) {
  const cy = y + rowH / 2;
  const marked = p.toAct || p.winner;
  if (marked)
    out.push(`<rect x="${px - 14}" y="${y + 4}" width="${pw + 28}" height="${rowH - 8}" rx="14" fill="${ink.chip}"/>`);
  // The seat's medium tree, as on the board and in the legend; under the Moonlight the seat's
  // animal, once revealed, stands for it (its badge shows the seat's shape)
  const animal = p.moon?.animal ?? null;
  if (animal) out.push(animalElement(animal, p.seat, px + 22, cy, 21, theme));
  else out.push(pieceElement(p.seat, 2, px + 22, cy + 2, theme, 40));
  const scoreText = p.score ? String(p.score.total) : "";
  const nameX = px + 56;
  const nameMax = pw - 70 - (scoreText ? col.names : 0);
  const namePx = s.moon ? 28 : 32;
  const label = p.seated ? drawable(p.name, p.seat) : "free seat";
  const fill = p.seated ? ink.text : ink.muted;
  const bold = marked ? ` font-weight="bold"` : "";
  out.push(text(nameX, cy + (s.moon ? 10 : 11), namePx, fill, fitted(label, namePx, nameMax, marked), bold));
  if (p.resigned)
    out.push(
      `<line x1="${nameX}" y1="${cy}" x2="${nameX + Math.min(nameMax, emWidth(label, false) * namePx)}" y2="${cy}" stroke="${ink.muted}" stroke-width="3"/>`,
    );
  if (scoreText)
    out.push(
      text(px + pw, cy + 12, 34, p.winner ? ink.win : ink.text, scoreText, ` text-anchor="end" font-weight="bold"`),
    );
  if (p.score) out.push(text(px + col.light, cy + 10, 26, ink.muted, `${p.light}`, ` text-anchor="end"`));
  if (p.score && p.moon)
    out.push(text(px + col.moon, cy + 10, 26, ink.muted, `${p.moon.points}`, ` text-anchor="end"`));
  if (p.toAct)
    out.push(`<polygon points="${px - 30},${cy - 11} ${px - 14},${cy} ${px - 30},${cy + 11}" fill="${ink.turn}"/>`);
  if (p.winner)
    out.push(
      `<text x="${px + col.star}" y="${cy + 12}" font-family="${FONT_FAMILY}" font-size="30" fill="${ink.win}" text-anchor="end">★</text>`,
    );
}
