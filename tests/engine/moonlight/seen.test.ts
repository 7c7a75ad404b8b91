/**
 * MOONLIGHT_SEEN (src/engine/moonlight/seen.ts): the hooks the base game's reading asks of the
 * expansion, which a client that only shows a game registers (the web page's first view, "How to
 * play"): they must answer as the full expansion does — the setup's steps, the Great Tree's and the
 * moonstones' shadows, the moon points in the score — for every position of whole games; the other
 * hooks are the base game's until a client completes the object with MOONLIGHT_PLAY.
 */
import { describe, expect, it } from "vitest";
import {
  applyAction,
  createGame,
  legalActions,
  type GameState,
  type GameOptionsInput,
  type Score,
} from "../../../src/engine";
import { BASE } from "../../../src/engine/expansion";
import { MOONLIGHT } from "../../../src/engine/moonlight/full";
import { MOONLIGHT_SEEN } from "../../../src/engine/moonlight/seen";

/** Every state of a game played by pseudo-random legal actions (a fixed sequence per seed). */
function positions(input: GameOptionsInput, pick: number): GameState[] {
  const made = createGame(input);
  if (!made.ok) throw new Error(made.error.message);
  const out = [made.state];
  let s = made.state;
  for (let i = 0; s.phase !== "ended" && i < 400; i++) {
    const legal = legalActions(s);
    const r = applyAction(s, legal[(i * pick) % legal.length]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    out.push(s);
  }
  return out;
}

const score = (seat: number): Score => ({ seat, tokens: 1, light: 2, total: 3, pieces: 4, rank: 0, resigned: false });

describe("Under the Moonlight as a page that only shows a game reads it", () => {
  it("answers the setup's steps, the shadows and the points as the full expansion does", () => {
    const games: [GameOptionsInput, number][] = [
      [{ players: 2, seed: 3, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } }, 7],
      [{ players: 3, seed: 11, firstPlayer: 1, moonlight: { greatTree: false, moonstones: true } }, 5],
      [{ players: 4, seed: 5, firstPlayer: 3, moonlight: { greatTree: true, moonstones: false } }, 3],
      [{ players: 2, seed: 9, firstPlayer: 1, moonlight: true }, 11],
    ];
    let shaded = 0;
    let scored = 0;
    for (const [input, pick] of games) {
      const all = positions(input, pick);
      expect(all.at(-1)!.phase).toBe("ended");
      const s0 = all[0];
      expect(MOONLIGHT_SEEN.setupStepCount(s0.options, s0.firstPlayer)).toBe(
        MOONLIGHT.setupStepCount(s0.options, s0.firstPlayer),
      );
      for (const s of all) {
        expect(MOONLIGHT_SEEN.setupStage(s)).toBe(MOONLIGHT.setupStage(s));
        for (let sun = 0; sun < 6; sun++) {
          const [a, b] = [new Uint8Array(37), new Uint8Array(37)];
          MOONLIGHT_SEEN.addShade(s, sun, a);
          MOONLIGHT.addShade(s, sun, b);
          expect(a).toEqual(b);
          if (a.some((x) => x > 0)) shaded++;
        }
        for (let seat = 0; seat < s.options.players; seat++) {
          const [a, b] = [score(seat), score(seat)];
          MOONLIGHT_SEEN.score(s, seat, a);
          MOONLIGHT.score(s, seat, b);
          expect(a).toEqual(b);
          if (a.total !== 3) scored++;
        }
      }
    }
    // (the comparisons saw shadows and moon points, not only empty boards)
    expect(shaded).toBeGreaterThan(100);
    expect(scored).toBeGreaterThan(100);
    // Every table: the number of setup steps is the schedule's.
    for (const players of [2, 3, 4])
      for (const moonlight of [true, { greatTree: true }, { moonstones: true }, { greatTree: true, moonstones: true }])
        for (let first = 0; first < players; first++) {
          const made = createGame({ players, seed: 1, firstPlayer: first, moonlight });
          if (!made.ok) throw new Error(made.error.message);
          const o = made.state.options;
          expect(MOONLIGHT_SEEN.setupStepCount(o, first), JSON.stringify(o)).toBe(MOONLIGHT.setupStepCount(o, first));
        }
    // Its key and state field are the expansion's; it plays nothing (the base game's hooks).
    expect([MOONLIGHT_SEEN.key, MOONLIGHT_SEEN.stateKey]).toEqual([MOONLIGHT.key, MOONLIGHT.stateKey]);
    expect(MOONLIGHT_SEEN.playMoves).toBe(BASE.playMoves);
    expect(MOONLIGHT_SEEN.apply).toBe(BASE.apply);
  });
});
