/**
 * The coach's chart (src/render/chart.ts): one line per seat through every reviewed turn's expected
 * final score, higher scores drawn higher, the marked turns in the seat's shape on the line of the
 * seat that played them, the selected one ringed, texts escaped, an image with its name.
 */
import { describe, expect, it } from "vitest";
import { renderScoreChart, type ChartTurn } from "../../src/render/chart";

const text = { label: 'Expected <final> "score"', round: "Round", points: "Points" };

function turns(): ChartTurn[] {
  const out: ChartTurn[] = [];
  for (let i = 0; i < 12; i++)
    out.push({
      turn: i,
      seat: i % 2,
      round: Math.floor(i / 2) + 1,
      expected: [40 + i * 2, 60 - i],
      mark: i === 3 ? "blunder" : i === 6 ? "inaccuracy" : null,
    });
  out[8].expected = null;
  return out;
}

const polylines = (svg: string) =>
  [...svg.matchAll(/<polyline points="([^"]+)"[^>]*data-seat="(\d)"/g)].map((m) => ({
    seat: Number(m[2]),
    points: m[1].split(" ").map((p) => p.split(",").map(Number)),
  }));

describe("the coach's chart", () => {
  it("draws a line per seat through the reviewed turns; a higher expected score is higher on the picture", () => {
    const svg = renderScoreChart(turns(), { seats: 2, text });
    const lines = polylines(svg);
    expect(lines.map((l) => l.seat)).toEqual([0, 1]);
    // 12 turns, one not reviewed
    for (const l of lines) expect(l.points).toHaveLength(11);
    const [a, b] = lines;
    // seat 0 rises (its y falls), seat 1 falls; x moves right
    expect(a.points[10][1]).toBeLessThan(a.points[0][1]);
    expect(b.points[10][1]).toBeGreaterThan(b.points[0][1]);
    expect(a.points[10][0]).toBeGreaterThan(a.points[0][0]);
    // at turn 0 seat 1 (60) is above seat 0 (40)
    expect(b.points[0][1]).toBeLessThan(a.points[0][1]);
  });

  it("marks the marked turns on their seat's line, rings the selected one, and is a named image with escaped text", () => {
    const svg = renderScoreChart(turns(), { seats: 2, text, selected: 3 });
    const marks = [...svg.matchAll(/data-turn="(\d+)" data-mark="(\w+)"/g)].map((m) => [Number(m[1]), m[2]]);
    expect(marks).toEqual([
      [3, "blunder"],
      [6, "inaccuracy"],
    ]);
    // turn 3 was seat 1's: its triangle sits on seat 1's line
    const tri = svg.match(/data-turn="3"[^>]*><polygon points="([^"]+)"/);
    expect(tri).not.toBeNull();
    const ys = tri![1].split(" ").map((p) => Number(p.split(",")[1]));
    const seat1 = polylines(svg)[1].points[3][1];
    expect(Math.min(...ys)).toBeLessThan(seat1);
    expect(Math.max(...ys)).toBeGreaterThan(seat1);
    expect(svg.match(/<circle [^>]*fill="none"/g)).toHaveLength(1);
    expect(renderScoreChart(turns(), { seats: 2, text }).match(/<circle [^>]*fill="none"/g)).toBeNull();
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Expected &lt;final&gt; &quot;score&quot;"');
    expect(svg).not.toContain("<final>");
  });
});
