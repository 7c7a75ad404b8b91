/**
 * The rating-over-time chart's geometry (pure, for tests): one polyline per ladder, x by game number,
 * y by shown rating, in a viewBox of `width` × `height` with `pad` around. Hand-written: one line
 * needs no chart library.
 */
export interface ChartPoint {
  rating: number;
}

export interface Chart {
  /** The polyline's points ("x,y x,y …"). */
  points: string;
  min: number;
  max: number;
  /** Gridlines: rating and y. */
  ticks: { rating: number; y: number }[];
}

export function ratingChart(series: readonly ChartPoint[], width: number, height: number, pad = 24): Chart | null {
  if (series.length === 0) return null;
  const values = series.map((p) => p.rating);
  // Start from 1000 (where everyone starts), so one game already draws a line.
  let min = Math.min(1000, ...values);
  let max = Math.max(1000, ...values);
  if (max - min < 50) {
    const mid = (max + min) / 2;
    min = mid - 25;
    max = mid + 25;
  }
  const n = series.length;
  const x = (i: number) => pad + ((width - 2 * pad) * i) / n;
  const y = (r: number) => height - pad - ((height - 2 * pad) * (r - min)) / (max - min);
  const round = (v: number) => Math.round(v * 10) / 10;
  const pts = [`${round(x(0))},${round(y(1000))}`, ...series.map((p, i) => `${round(x(i + 1))},${round(y(p.rating))}`)];
  const step = niceStep((max - min) / 4);
  const ticks: { rating: number; y: number }[] = [];
  for (let r = Math.ceil(min / step) * step; r <= max; r += step) ticks.push({ rating: r, y: round(y(r)) });
  return { points: pts.join(" "), min, max, ticks };
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}
