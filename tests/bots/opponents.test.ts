/**
 * The bench's opponents (bench/opponents) as docs/bots.md states them: greedy's evaluation.
 */
import { describe, expect, it } from "vitest";
import { cellIndex, lightGains, type GameState } from "../../src/engine";
import { greedyValue } from "../../bench/opponents/greedy";
import { LAYOUT_SIZE, packState } from "../../src/bots/layout";
import { started } from "./support";

/** A 2-player game in play at `round`, seat 0 to act, with the given pieces (cell index → piece code). */
function position(round: number, pieces: Record<number, number>, light: number): GameState {
  const s = structuredClone(started({ players: 2, seed: 1, firstPlayer: 0 }));
  s.phase = "play";
  s.round = round;
  s.current = 0;
  s.turn = 0;
  s.cells = s.cells.map(() => 0);
  for (const [c, p] of Object.entries(pieces)) s.cells[Number(c)] = p;
  s.players[0].light = light;
  s.players[0].tokens = [{ leaves: 2, value: 17 }];
  s.players[0].available = [2, 1, 0, 0];
  return s;
}
const piece = (seat: number, size: number) => 1 + seat * 4 + size;

describe("greedy's stated evaluation", () => {
  const centre = cellIndex(0, 0); // 4 leaves: with 2 players that stack is gone, a collect takes a 3-leaf token (19)
  const edge = cellIndex(3, -3); // 1 leaf (14)
  const income = (s: GameState) => (sun: number) => lightGains(s.cells, sun, 2)[0];

  it("is points + light ÷ 3 + 4 sun positions of income ÷ 2 + shares of tokens + available pieces", () => {
    const s = position(1, { [centre]: piece(0, 3), [edge]: piece(0, 0), [cellIndex(-3, 3)]: piece(1, 3) }, 7);
    const v = greedyValue(packState(s, new Int32Array(LAYOUT_SIZE)), 18, 0, income(s));
    // the large tree on the centre is lit at sun positions 1, 2 and 4, not at 3 (the sun in the SW
    // corner: the other seat's large tree 3 cells away shades it); the seed collects nothing
    const light = [2, 3, 4, 5].map((r) => income(s)((r - 1) % 6)).reduce((a, b) => a + b, 0);
    expect(light).toBe(9);
    expect(v).toBeCloseTo(17 + 7 / 3 + light / 2 + (0.7 * 19 + 0.1 * 14) + (2 * 0.3 + 0.6), 9);
  });

  it("counts a piece only while it can still become a token", () => {
    // round 16: 2 rounds left — a medium tree can still grow and be collected, a seed cannot
    const s = position(16, { [centre]: piece(0, 2), [edge]: piece(0, 0) }, 0);
    s.players[0].available = [0, 0, 0, 0];
    const v = greedyValue(packState(s, new Int32Array(LAYOUT_SIZE)), 18, 0, () => 0);
    expect(v).toBeCloseTo(17 + 0.45 * 19, 9);
  });

  it("is only the points in the last round", () => {
    const s = position(18, { [centre]: piece(0, 3) }, 8);
    expect(greedyValue(packState(s, new Int32Array(LAYOUT_SIZE)), 18, 0, income(s), 3)).toBe(17 + 2 + 3);
  });
});
