/** docs/rules.md §1: the board, coordinates, soil richness, cell labels and distance. */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  CELL_COUNT,
  DIRECTIONS,
  EDGE_CELLS,
  LABELS,
  LEAVES,
  RING,
  cellByLabel,
  cellIndex,
  hexDistance,
  labelOf,
} from "../../src/engine";
import { NEIGHBOURS, WITHIN } from "../../src/engine/board";

describe("board geometry (§1)", () => {
  it("has exactly the 37 cells with max(|q|,|r|,|s|) <= 3, each once", () => {
    const expected: string[] = [];
    for (let q = -6; q <= 6; q++)
      for (let r = -6; r <= 6; r++)
        if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 3) expected.push(`${q},${r}`);
    expect(CELL_COUNT).toBe(37);
    expect(CELLS).toHaveLength(37);
    expect(new Set(CELLS.map((c) => `${c.q},${c.r}`))).toEqual(new Set(expected));
    CELLS.forEach((c, i) => expect(cellIndex(c.q, c.r)).toBe(i));
  });

  it.each([
    [4, 0],
    [-4, 0],
    [0, 4],
    [2, 2],
    [-2, -2],
    [3, 1],
    [-3, -1],
    [0.5, 0],
    [Number.NaN, 0],
  ])("(%d, %d) is not on the board", (q, r) => {
    expect(cellIndex(q, r)).toBe(-1);
  });

  it.each([
    // ring, leaves, cells
    [0, 4, 1],
    [1, 3, 6],
    [2, 2, 12],
    [3, 1, 18],
  ])("ring %d: soil richness %d leaves on %d cells", (ring, leaves, count) => {
    const cells = CELLS.map((_, i) => i).filter((i) => RING[i] === ring);
    expect(cells).toHaveLength(count);
    for (const i of cells) {
      expect(hexDistance(CELLS[i], { q: 0, r: 0 })).toBe(ring);
      expect(LEAVES[i]).toBe(leaves);
    }
  });

  it("edge cells are the 18 one-leaf cells", () => {
    expect(EDGE_CELLS).toHaveLength(18);
    for (const i of EDGE_CELLS) expect(LEAVES[i]).toBe(1);
  });

  it.each([
    // label, q, r, leaves
    ["d4", 0, 0, 4],
    ["a1", 0, -3, 1],
    ["a4", 3, -3, 1],
    ["b1", -1, -2, 1],
    ["b2", 0, -2, 2],
    ["b4", 2, -2, 2],
    ["c3", 0, -1, 3],
    ["c4", 1, -1, 3],
    ["c6", 3, -1, 1],
    ["d1", -3, 0, 1],
    ["d3", -1, 0, 3],
    ["d7", 3, 0, 1],
    ["e3", -1, 1, 3],
    ["e5", 1, 1, 2],
    ["e6", 2, 1, 1],
    ["f2", -2, 2, 2],
    ["f4", 0, 2, 2],
    ["g1", -3, 3, 1],
    ["g4", 0, 3, 1],
  ])("label %s is (%d, %d) with %d leaves", (label, q, r, leaves) => {
    const i = cellByLabel(label);
    expect(CELLS[i]).toEqual({ q, r });
    expect(labelOf(i)).toBe(label);
    expect(LEAVES[i]).toBe(leaves);
  });

  it("labels are unique, rows a..g of 4,5,6,7,6,5,4 cells, numbered from the west", () => {
    expect(new Set(LABELS).size).toBe(37);
    const rowLengths = [..."abcdefg"].map((row) => LABELS.filter((l) => l[0] === row).length);
    expect(rowLengths).toEqual([4, 5, 6, 7, 6, 5, 4]);
    for (let i = 0; i < CELL_COUNT; i++) {
      expect(LABELS[i]).toMatch(/^[a-g][1-7]$/);
      expect(cellByLabel(LABELS[i])).toBe(i);
      // row letter = r, and the west-most cell of a row is number 1
      expect(LABELS[i].charCodeAt(0) - 97 - 3).toBe(CELLS[i].r);
      const west = CELLS.filter((c) => c.r === CELLS[i].r && c.q < CELLS[i].q).length;
      expect(Number(LABELS[i].slice(1))).toBe(west + 1);
    }
    for (const bad of ["", "d0", "d8", "h1", "a5", "D4", "d4 ", "44"]) expect(cellByLabel(bad)).toBe(-1);
  });

  it("the six directions are the axial neighbour steps of §1", () => {
    expect(DIRECTIONS).toEqual({
      E: { q: 1, r: 0 },
      NE: { q: 1, r: -1 },
      NW: { q: 0, r: -1 },
      W: { q: -1, r: 0 },
      SW: { q: -1, r: 1 },
      SE: { q: 0, r: 1 },
    });
  });

  it.each([
    ["d4", "d4", 0],
    ["d4", "a4", 3],
    ["d4", "g1", 3],
    ["d1", "d7", 6],
    ["a1", "g4", 6],
    ["a4", "g1", 6],
    ["e5", "c5", 2],
    ["c3", "e3", 2],
    ["b4", "f2", 4],
    ["a1", "a4", 3],
    ["c1", "e6", 6],
    ["c1", "e5", 5],
  ])("distance %s–%s is %d", (a, b, d) => {
    expect(hexDistance(at(a), at(b))).toBe(d);
    expect(hexDistance(at(b), at(a))).toBe(d);
  });

  it("distance is max(|dq|,|dr|,|ds|) and neighbours are exactly the six directions", () => {
    for (let a = 0; a < CELL_COUNT; a++) {
      const A = CELLS[a];
      for (let b = 0; b < CELL_COUNT; b++) {
        const B = CELLS[b];
        const dq = A.q - B.q;
        const dr = A.r - B.r;
        expect(hexDistance(A, B)).toBe(Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)));
      }
      const steps = Object.values(DIRECTIONS)
        .map((d) => cellIndex(A.q + d.q, A.r + d.r))
        .filter((i) => i >= 0);
      expect(new Set(NEIGHBOURS[a])).toEqual(new Set(steps));
      for (let h = 1; h <= 3; h++)
        expect(new Set(WITHIN[h][a])).toEqual(
          new Set(CELLS.map((_, b) => b).filter((b) => b !== a && hexDistance(A, CELLS[b]) <= h)),
        );
    }
  });
});

function at(label: string) {
  const i = cellByLabel(label);
  expect(i).toBeGreaterThanOrEqual(0);
  return CELLS[i];
}
