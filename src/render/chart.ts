/**
 * The coach's chart (docs/coach.md): each player's expected final score over the game, as the
 * coach estimated it after every play-phase turn, one line per seat in the seat's colour with its
 * piece shape at the turns the coach marked (so lines are told apart without colour), and the
 * rounds along the bottom. An SVG string like the board (board.ts), drawn by hand for the same
 * reason: a small hot builder the web client loads with the game page's history, no library.
 *
 * The picture is one image (role="img", its label given by the caller); the marked turns are
 * listed as buttons beside it by the page, so nothing in the SVG needs the keyboard.
 */
import { escapeHtml } from "./escape";
import { shapeElement } from "./shapes";
import { SEAT_STYLES, THEMES, type Theme } from "./style";

export interface ChartTurn {
  turn: number;
  seat: number;
  round: number;
  /** Every seat's expected final score after the turn (null: not reviewed). */
  expected: readonly number[] | null;
  mark: "inaccuracy" | "mistake" | "blunder" | null;
}

export interface ChartText {
  /** The image's accessible name, e.g. "Expected final score over the game". */
  label: string;
  /** Under the rounds' axis, e.g. "Round". */
  round: string;
  /** Beside the points' axis, e.g. "Points". */
  points: string;
}

export interface ChartOptions {
  theme?: Theme;
  /** Seats in the game (lines drawn for each). */
  seats: number;
  /** The turn to ring (the one shown beside the chart), if any. */
  selected?: number | null;
  text: ChartText;
}

export const CHART_VIEW = { width: 640, height: 280 } as const;
const PAD = { left: 44, right: 16, top: 14, bottom: 36 };
const MARK_RADIUS: Record<NonNullable<ChartTurn["mark"]>, number> = { inaccuracy: 5, mistake: 6.5, blunder: 8 };

const fixed = (x: number) => (Math.round(x * 10) / 10).toString();

/** A round number of points between grid lines: 10 or 20, so there are at most 6 lines. */
function gridStep(max: number): number {
  return max > 100 ? 25 : max > 60 ? 20 : 10;
}

/** The chart as an SVG string (viewBox CHART_VIEW; it scales to its box). */
export function renderScoreChart(turns: readonly ChartTurn[], o: ChartOptions): string {
  const c = THEMES[o.theme ?? "light"];
  const { width, height } = CHART_VIEW;
  const reviewed = turns.filter((t) => t.expected);
  const top = Math.max(10, ...reviewed.flatMap((t) => t.expected!));
  const step = gridStep(top);
  const yMax = Math.ceil(top / step) * step;
  const lastTurn = Math.max(1, turns.length - 1);
  const x = (i: number) => PAD.left + (i / lastTurn) * (width - PAD.left - PAD.right);
  const y = (v: number) => height - PAD.bottom - (Math.max(0, v) / yMax) * (height - PAD.top - PAD.bottom);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(o.text.label)}" class="coach-chart">`,
    `<rect width="${width}" height="${height}" fill="${c.background}"/>`,
  );
  // points: grid lines and their values
  for (let v = 0; v <= yMax; v += step) {
    out.push(
      `<line x1="${PAD.left}" x2="${width - PAD.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}" stroke="${c.grid}" stroke-opacity="${v === 0 ? 0.8 : 0.2}"/>`,
      `<text x="${PAD.left - 6}" y="${fixed(y(v) + 4)}" text-anchor="end" font-size="11" fill="${c.outline}">${v}</text>`,
    );
  }
  // rounds: a tick where each round's first turn is
  let round = -1;
  turns.forEach((t, i) => {
    if (t.round === round) return;
    round = t.round;
    const tx = fixed(x(i));
    out.push(
      `<line x1="${tx}" x2="${tx}" y1="${height - PAD.bottom}" y2="${height - PAD.bottom + 4}" stroke="${c.grid}"/>`,
    );
    if (round % 3 === 0 || i === 0)
      out.push(
        `<text x="${tx}" y="${height - PAD.bottom + 16}" text-anchor="middle" font-size="11" fill="${c.outline}">${round}</text>`,
      );
  });
  out.push(
    `<text x="${fixed((PAD.left + width - PAD.right) / 2)}" y="${height - 4}" text-anchor="middle" font-size="11" fill="${c.outline}">${escapeHtml(o.text.round)}</text>`,
    `<text x="12" y="${fixed((PAD.top + height - PAD.bottom) / 2)}" text-anchor="middle" font-size="11" fill="${c.outline}" transform="rotate(-90 12 ${fixed((PAD.top + height - PAD.bottom) / 2)})">${escapeHtml(o.text.points)}</text>`,
  );
  // one line per seat
  for (let s = 0; s < o.seats; s++) {
    const style = SEAT_STYLES[s % SEAT_STYLES.length];
    const pts = turns
      .map((t, i) => (t.expected ? `${fixed(x(i))},${fixed(y(t.expected[s] ?? 0))}` : null))
      .filter((p): p is string => p !== null);
    if (pts.length > 1)
      out.push(
        `<polyline points="${pts.join(" ")}" fill="none" stroke="${c.outline}" stroke-width="4" stroke-linejoin="round" stroke-opacity="0.35"/>`,
        `<polyline points="${pts.join(" ")}" fill="none" stroke="${style.color}" stroke-width="2.5" stroke-linejoin="round" data-seat="${s}"/>`,
      );
  }
  // the marked turns, on the line of the seat that played them, in its piece shape
  turns.forEach((t, i) => {
    if (!t.mark || !t.expected) return;
    const style = SEAT_STYLES[t.seat % SEAT_STYLES.length];
    const cx = x(i);
    const cy = y(t.expected[t.seat] ?? 0);
    if (o.selected === t.turn)
      out.push(
        `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${MARK_RADIUS[t.mark] + 4}" fill="none" stroke="${c.accent}" stroke-width="2.5"/>`,
      );
    out.push(
      `<g data-turn="${t.turn}" data-mark="${t.mark}">${shapeElement(style.shape, cx, cy, MARK_RADIUS[t.mark], `fill="${style.color}" stroke="${c.outline}" stroke-width="1.5"`)}</g>`,
    );
  });
  out.push("</svg>");
  return out.join("");
}
