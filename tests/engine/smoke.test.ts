import { describe, expect, it } from "vitest";
import { randomGame } from "../../src/engine/random-play";

describe("random play", () => {
  it("plays a 4-player game to a scored end after 18 rounds", () => {
    const { state } = randomGame({ players: 4, seed: 7 }, 7);
    expect(state.phase).toBe("ended");
    expect(state.round).toBe(18);
  });
});
