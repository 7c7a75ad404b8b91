/**
 * MOONLIGHT_SEEN (src/engine/moonlight/seen.ts): the hooks the base game's reading asks of the
 * expansion, which a client that only shows a game registers (the web page's first view, "How to
 * play"): they must answer as the full expansion does — the setup's steps, the Great Tree's and the
 * moonstones' shadows, the moon points in the score; the other hooks are the base game's until a
 * client completes the object with MOONLIGHT_PLAY.
 */
import { describe, expect, it } from "vitest";
import { createGame } from "../../../src/engine";
import { BASE } from "../../../src/engine/expansion";
import { MOONLIGHT } from "../../../src/engine/moonlight/full";
import { MOONLIGHT_SEEN } from "../../../src/engine/moonlight/seen";

describe("Under the Moonlight as a page that only shows a game reads it", () => {
  it("answers the setup's steps, the shadows and the points as the full expansion does", () => {
    // The stage, the shadows and the points: the full expansion's are these very functions (one
    // code for both; ./module.ts takes them from MOONLIGHT_SEEN), so they cannot answer otherwise.
    for (const hook of ["setupStage", "addShade", "score"] as const)
      expect(MOONLIGHT[hook], hook).toBe(MOONLIGHT_SEEN[hook]);
    // The number of setup steps is its own formula: on every table, the schedule's (the full expansion counts it).
    expect(MOONLIGHT_SEEN.setupStepCount).not.toBe(MOONLIGHT.setupStepCount);
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
