/**
 * The bots read positions in the fast core's layout (src/bots/layout.ts restates its offsets):
 * each offset is checked against the core's own conversion, and packing a public state gives the
 * same words as the core's position for every field the evaluation reads.
 */
import { describe, expect, it } from "vitest";
import { toFast, toGameState } from "../../src/engine/fast";
import {
  AVAIL_AT,
  BOARD_AT,
  CELLS_AT,
  CURRENT_AT,
  FIRST_AT,
  LAYOUT_SIZE,
  LIGHT_AT,
  PHASE_AT,
  PLY_AT,
  RESIGNED_AT,
  ROUND_AT,
  STACKS_AT,
  TOKENS_AT,
  TOKENS_N_AT,
  TURN_AT,
  packState,
} from "../../src/bots/layout";
import { randomPosition } from "./support";

describe("the fast layout as the bots read it", () => {
  it("has the core's size", () => {
    expect(toFast(randomPosition({ players: 2 }, 1, 0)).a.length).toBe(LAYOUT_SIZE);
  });

  it("each offset is the field the core converts", () => {
    const state = randomPosition({ players: 4 }, 3, 120);
    const probe = (offset: number, read: (s: ReturnType<typeof toGameState>) => unknown, value = 3) => {
      const pos = toFast(state);
      pos.a[offset] = value;
      expect(read(toGameState(pos))).toBe(value);
    };
    probe(CELLS_AT + 5, (s) => s.cells[5]);
    probe(LIGHT_AT + 2, (s) => s.players[2].light, 17);
    probe(BOARD_AT + 3 * 4 + 1, (s) => s.players[3].board[1], 2);
    probe(AVAIL_AT + 1 * 4 + 2, (s) => s.players[1].available[2], 4);
    probe(RESIGNED_AT + 1, (s) => (s.players[1].resigned ? 1 : 0), 1);
    probe(STACKS_AT + 2, (s) => s.stacks[2], 1);
    probe(ROUND_AT, (s) => s.round, 11);
    probe(FIRST_AT, (s) => s.firstPlayer, 2);
    probe(CURRENT_AT, (s) => s.current, 1);
    probe(TURN_AT, (s) => s.turn, 2);
    probe(PLY_AT, (s) => s.ply, 99);
    probe(PHASE_AT, (s) => ["setup", "play", "ended"].indexOf(s.phase), 2);
    const pos = toFast(state);
    pos.a[TOKENS_N_AT] = 1;
    pos.a.set([2, 3, 18], TOKENS_AT);
    expect(toGameState(pos).players[2].tokens).toEqual([{ leaves: 3, value: 18 }]);
  });

  it("packState gives the core's words for every field read", () => {
    for (let i = 0; i < 30; i++) {
      const state = randomPosition({ players: 2 + (i % 3) }, 50 + i, 20 + i * 9);
      const a = toFast(state).a;
      const p = packState(state, new Int32Array(LAYOUT_SIZE));
      const fields = [
        [CELLS_AT, 37],
        [LIGHT_AT, 4],
        [BOARD_AT, 16],
        [AVAIL_AT, 16],
        [RESIGNED_AT, 4],
        [STACKS_AT, 4],
        [TOKENS_AT, 3 * a[TOKENS_N_AT]],
        [PHASE_AT, 2],
        [FIRST_AT, 2],
        [TOKENS_N_AT, 1],
        [PLY_AT, 1],
      ];
      for (const [at, n] of fields)
        expect(Array.from(p.subarray(at, at + n))).toEqual(Array.from(a.subarray(at, at + n)));
    }
  });
});
