/**
 * Perft: exact numbers of action sequences of 1–3 actions from a table of positions (base and
 * Under the Moonlight; setup, early, mid and late game), frozen in perft-positions.ts. Any change
 * in move generation changes a count here. The base positions are also counted on the fast core.
 */
import { describe, expect, it } from "vitest";
import { fromNotation, legalActions, perft, perftDivide } from "../../src/engine";
import { fastPerft, toFast } from "../../src/engine/fast";
import { PERFT_POSITIONS } from "./perft-positions";

function parse(text: string) {
  const r = fromNotation(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe("perft", () => {
  it("the table covers base and Moonlight positions, in setup, play and the last turn", () => {
    const texts = PERFT_POSITIONS.map((p) => p.position);
    expect(texts.filter((t) => t.startsWith("PS1 ")).length).toBeGreaterThanOrEqual(8);
    expect(texts.filter((t) => t.startsWith("PS2 ")).length).toBeGreaterThanOrEqual(8);
    for (const magic of ["PS1", "PS2"]) {
      expect(texts.some((t) => t.startsWith(magic) && t.split(" ")[2] === "S0")).toBe(true);
      expect(texts.some((t) => t.startsWith(magic) && /^R(1[6-8])$/.test(t.split(" ")[2]))).toBe(true);
    }
  });

  for (const { label, position, counts } of PERFT_POSITIONS) {
    it(`${label}: ${counts.join(", ")}`, () => {
      const state = parse(position);
      expect([1, 2, 3].map((d) => perft(state, d))).toEqual(counts);
      if (position.startsWith("PS1 ")) {
        const fast = toFast(state);
        expect([1, 2, 3].map((d) => fastPerft(fast, d))).toEqual(counts);
      }
    });
  }

  it("depth 0 is one leaf, depth 1 the legal actions; divide sums to the total; a bad depth is refused", () => {
    const state = parse(PERFT_POSITIONS[4].position);
    expect(perft(state, 0)).toBe(1);
    expect(perft(state, 1)).toBe(legalActions(state).length);
    const divide = perftDivide(state, 3);
    expect(divide.size).toBe(legalActions(state).length);
    expect([...divide.values()].reduce((a, b) => a + b, 0)).toBe(PERFT_POSITIONS[4].counts[2]);
    expect(() => perft(state, -1)).toThrow(RangeError);
    expect(() => perft(state, 1.5)).toThrow(RangeError);
  });
});
