/**
 * docs/rules.md §2 (the sun, shadows, light) and the 20-light cap of §3, and the worked example of §9.
 * Each position is the last turn of a round; ending it runs the next round's photosynthesis, so
 * these tests go through the real round start, not only through lightReport.
 */
import { describe, expect, it } from "vitest";
import {
  SUN_CORNERS,
  cellByLabel,
  cellIndex,
  labelOf,
  lightReport,
  sunPosition,
  type GameState,
} from "../../src/engine";
import { endRound, eventsOf, pos } from "./support";

/** Run the photosynthesis that follows this position's last turn. */
function photosynthesis(state: GameState) {
  const { state: after, events } = endRound(state);
  const started = eventsOf(events, "roundStarted");
  expect(started).toHaveLength(1);
  return { after, sun: started[0].sun, collected: eventsOf(events, "lightCollected") };
}

describe("the sun (§2)", () => {
  it.each([
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 5],
    [7, 0],
    [8, 1],
    [12, 5],
    [13, 0],
    [18, 5],
    [19, 0],
    [24, 5],
  ])("round %d has the sun at position %d", (round, sun) => {
    expect(sunPosition(round)).toBe(sun);
    expect(sunPosition(round)).toBe((round - 1) % 6);
  });

  it.each([
    // k, corner the sun touches, shadow direction, cells a large tree on d4 shades (nearest first)
    [0, "NE", { q: 3, r: -3 }, { q: -1, r: 1 }, ["e3", "f2", "g1"]],
    [1, "E", { q: 3, r: 0 }, { q: -1, r: 0 }, ["d3", "d2", "d1"]],
    [2, "SE", { q: 0, r: 3 }, { q: 0, r: -1 }, ["c3", "b2", "a1"]],
    [3, "SW", { q: -3, r: 3 }, { q: 1, r: -1 }, ["c4", "b4", "a4"]],
    [4, "W", { q: -3, r: 0 }, { q: 1, r: 0 }, ["d5", "d6", "d7"]],
    [5, "NW", { q: 0, r: -3 }, { q: 0, r: 1 }, ["e4", "f4", "g4"]],
  ])("position %d: sun at the %s corner %o, shadows toward %o", (k, name, corner, shadow, shaded) => {
    expect(SUN_CORNERS[k].cornerName).toBe(name);
    expect(SUN_CORNERS[k].corner).toEqual(corner);
    expect(SUN_CORNERS[k].shadow).toEqual(shadow);
    const state = pos(
      "PS1 2:00000000:a R1 a a 0 ..../...../....../...a3.../....../...../.... 0:4431:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
    );
    const report = lightReport(state, k);
    expect(report.sun).toBe(k);
    expect(report.shadows.map((s) => s.height)).toEqual([3, 3, 3]);
    expect(new Set(report.shadows.map((s) => label(s.cell)))).toEqual(new Set(shaded));
    // and they are the next three cells from d4 in the shadow direction
    shaded.forEach((l, i) => expect(cellByLabel(l)).toBe(cellIndex(shadow.q * (i + 1), shadow.r * (i + 1))));
  });

  it.each([
    // k, round whose last turn this is (the next round has the sun at k), position
    [
      0,
      6,
      "PS1 2:00000000:a R6 a b 1 ..../...a1./....../...b3.../....../.a2.../.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
    [
      1,
      1,
      "PS1 2:00000000:a R1 a b 1 ..../...../....../.a2.b3.a1./....../...../.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
    [
      2,
      2,
      "PS1 2:00000000:a R2 a b 1 ..../.a2.../....../...b3.../....../...a1./.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
    [
      3,
      3,
      "PS1 2:00000000:a R3 a b 1 ..../...a2./....../...b3.../....../.a1.../.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
    [
      4,
      4,
      "PS1 2:00000000:a R4 a b 1 ..../...../....../.a1.b3.a2./....../...../.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
    [
      5,
      5,
      "PS1 2:00000000:a R5 a b 1 ..../.a1.../....../...b3.../....../...a2./.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    ],
  ])(
    "sun %d (after round %d): the large tree on d4 shades the medium two cells down-shadow, not the small one up-sun",
    (k, _round, text) => {
      const state = pos(text);
      const { after, sun, collected } = photosynthesis(state);
      expect(sun).toBe(k);
      expect(after.round).toBe(_round + 1);
      expect(collected.map((e) => e.amount)).toEqual([1, 3]);
      expect(after.players.map((p) => p.light)).toEqual([1, 3]);
      // the same position under every sun: only sun k shades the medium; the opposite sun shades the small
      for (let j = 0; j < 6; j++) {
        const a = lightReport(state, j).perSeat[0];
        expect(a, `sun ${j}`).toBe(j === k ? 1 : j === (k + 3) % 6 ? 2 : 3);
      }
    },
  );
});

describe("shadows and light (§2): sun at position 1, shadows toward the west", () => {
  it.each([
    ["a large tree shades 3 cells, over a piece between", "..../...../....../...a2.b1a3/....../...../....", [3, 0]],
    ["a shaded tree still casts its shadow", "..../...../....../..a1.b2.a3/....../...../....", [3, 0]],
    ["own trees shade too", "..../...../....../...a2a2../....../...../....", [2, 0]],
    ["a tree as tall as the shading tree collects nothing", "..../...../....../...a1b1../....../...../....", [0, 1]],
    ["a strictly taller tree is not shaded", "..../...../....../...a2b1../....../...../....", [2, 1]],
    ["the tallest tree shading a cell decides", "..../...../....../...a2b1.b3/....../...../....", [0, 3]],
    ["seeds cast no shadow and never collect", "..../...../....../...a1a0b0./....../...../....", [1, 0]],
    ["a large tree's shadow is 3 cells long, not 4", "..../...../....../..a1...b3/....../...../....", [1, 3]],
    ["a medium tree's shadow reaches 2 cells", "..../...../....../...a1.b2./....../...../....", [0, 2]],
    ["a medium tree's shadow is 2 cells long, not 3", "..../...../....../..a1..b2./....../...../....", [1, 2]],
    ["a small tree's shadow is 1 cell long, not 2", "..../...../....../..a1.b1../....../...../....", [1, 1]],
    ["shadows fall away from the sun only (up-sun neighbour)", "..../...../....../b3a1...../....../...../....", [1, 3]],
    ["shadows fall away from the sun only (other row)", "..../...../...b3../...a1.../....../...../....", [1, 3]],
    ["a large tree is shaded by a large tree", "..../...../....../....a3.b3/....../...../....", [0, 3]],
    ["a large tree is not shaded by a medium tree", "..../...../....../....a3b2./....../...../....", [3, 2]],
    ["a tree under two shadows, one as tall", "..../...../....../...a2a1b2./....../...../....", [0, 2]],
    ["only seeds: nothing", "..../...../....../...a0b0../....../...../....", [0, 0]],
  ])("%s", (_name, board, gains) => {
    const state = pos(`PS1 2:00000000:a R1 a b 1 ${board} 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000`);
    expect(lightReport(state, 1).perSeat).toEqual(gains);
    const { after, sun, collected } = photosynthesis(state);
    expect(sun).toBe(1);
    expect(collected.map((e) => [e.seat, e.amount, e.lost])).toEqual(gains.map((g, seat) => [seat, g, 0]));
    expect(after.players.map((p) => p.light)).toEqual(gains);
  });

  it("four players, shadows along a row", () => {
    const state = pos(
      "PS1 4:00000000:a R1 a d 3 ..../...../....../......a3/d3.d2c1b2./...../.... 0:4000:0000:-/0:4000:0000:-/0:4000:0000:-/0:4000:0000:- 9.7.5.3 - 0 00000000",
    );
    const { after, sun, collected } = photosynthesis(state);
    expect(sun).toBe(1);
    // b's medium on e5 shades c's small on e4 and d's medium on e3, not d's large on e1
    expect(collected.map((e) => e.amount)).toEqual([3, 2, 0, 3]);
    expect(after.firstPlayer).toBe(1);
  });

  it("lightReport lists every piece with what shades it and what it collects", () => {
    const state = pos(
      "PS1 2:00000000:a R1 a b 1 ..../...../....../...a2b1.b3/....../...../.... 0:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    );
    const report = lightReport(state, 1);
    const byLabel = Object.fromEntries(
      report.pieces.map((p) => [label(p.cell), [p.seat, p.size, p.shadedBy, p.light]]),
    );
    expect(byLabel).toEqual({ d4: [0, 2, 3, 0], d5: [1, 1, 3, 0], d7: [1, 3, 0, 3] });
    const shadows = Object.fromEntries(report.shadows.map((s) => [label(s.cell), s.height]));
    expect(shadows).toEqual({ d6: 3, d5: 3, d4: 3, d3: 2, d2: 2 });
  });
});

describe("the worked example (§9)", () => {
  // Sun at position 1. A: medium (0,0), small (-3,0), large (3,0), small (3,-1), medium (1,1).
  // B: small (-1,0), small (2,-1), small (2,1).
  const example =
    "PS1 2:00000000:a R1 a b 1 ..../...../....b1a1/a1.b1a2..a3/....a2b1/...../.... 0:4321:0000:-/0:4400:2000:- 9.7.5.0 - 0 00000000";

  it("A gains 7 and B gains 1", () => {
    const state = pos(example);
    expect(lightReport(state, 1).perSeat).toEqual([7, 1]);
    const { after, sun, collected } = photosynthesis(state);
    expect(sun).toBe(1);
    expect(collected.map((e) => e.amount)).toEqual([7, 1]);
    expect(after.players.map((p) => p.light)).toEqual([7, 1]);
  });

  it("the centre medium is shaded by the large tree; the medium on e5 only by a small tree", () => {
    const report = lightReport(pos(example), 1);
    const at = (l: string) => report.pieces.find((p) => label(p.cell) === l)!;
    expect(at("d4")).toMatchObject({ seat: 0, size: 2, shadedBy: 3, light: 0 });
    expect(at("e5")).toMatchObject({ seat: 0, size: 2, shadedBy: 1, light: 2 });
    expect(at("d7")).toMatchObject({ seat: 0, size: 3, shadedBy: 0, light: 3 });
    expect(at("c5")).toMatchObject({ seat: 1, size: 1, shadedBy: 1, light: 0 });
    expect(at("d3")).toMatchObject({ seat: 1, size: 1, shadedBy: 2, light: 0 });
    expect(at("e6")).toMatchObject({ seat: 1, size: 1, shadedBy: 0, light: 1 });
  });
});

describe("the 20 light cap (§3)", () => {
  it.each([
    // light before, gain, light after, lost
    [0, 5, 5, 0],
    [15, 5, 20, 0],
    [17, 5, 20, 2],
    [18, 5, 20, 3],
    [20, 5, 20, 5],
  ])("%d + %d light -> %d, %d lost", (before, gain, after, lost) => {
    const state = pos(
      `PS1 2:00000000:a R1 a b 1 ..../...../....../......a3/....../...../...a2 ${before}:4000:0000:-/20:4000:0000:- 9.7.5.0 - 0 00000000`,
    );
    const { after: s, collected } = photosynthesis(state);
    expect(collected[0]).toEqual({ type: "lightCollected", seat: 0, amount: gain, lost, light: after });
    expect(collected[1]).toEqual({ type: "lightCollected", seat: 1, amount: 0, lost: 0, light: 20 });
    expect(s.players[0].light).toBe(after);
  });
});

/** The label of a cell given as {q, r}. */
function label(cell: { q: number; r: number }): string {
  return labelOf(cellIndex(cell.q, cell.r));
}
