/** The player page's rating chart: one line from where everyone starts (1000) through each rated game. */
import { describe, expect, it } from "vitest";
import { ratingChart } from "../../web/src/social/chart";

const pts = (s: string) => s.split(" ").map((p) => p.split(",").map(Number));

describe("rating chart", () => {
  it("draws nothing without rated games", () => {
    expect(ratingChart([], 480, 160)).toBeNull();
  });

  it("starts at 1000 and has a point per game, higher ratings higher up, inside the padding", () => {
    const c = ratingChart([{ rating: 1138 }, { rating: 1090 }, { rating: 1210 }], 480, 160, 24)!;
    const p = pts(c.points);
    expect(p).toHaveLength(4);
    expect(p[0][0]).toBe(24);
    // x grows by game; the last point is at the right edge of the plot.
    expect(p.map((q) => q[0])).toEqual([...p.map((q) => q[0])].sort((a, b) => a - b));
    expect(p[3][0]).toBe(456);
    // 1000 is the lowest value: bottom of the plot; 1210 the highest: top.
    expect(p[0][1]).toBe(136);
    expect(p[3][1]).toBe(24);
    expect(p[1][1]).toBeLessThan(p[0][1]);
    expect(p[2][1]).toBeGreaterThan(p[1][1]);
    expect(c.min).toBe(1000);
    expect(c.max).toBe(1210);
    expect(c.ticks.length).toBeGreaterThanOrEqual(2);
    for (const t of c.ticks) {
      expect(t.rating).toBeGreaterThanOrEqual(c.min);
      expect(t.rating).toBeLessThanOrEqual(c.max);
    }
  });

  it("a flat history still has a visible range", () => {
    const c = ratingChart([{ rating: 1000 }], 480, 160)!;
    expect(c.max - c.min).toBe(50);
    const p = pts(c.points);
    expect(p[0][1]).toBe(p[1][1]);
  });
});
