/**
 * The fast core's answers are the ones recorded (fingerprint.ts: about 62,000 listings with their
 * positions, light and moon gains at every sun, scores, winners and random playouts, over the base
 * game and every Under the Moonlight mode). Recorded from main at 9df5f86's core, whose answers the
 * engine-parity tests and the perft tables had checked; a change meant only for speed must leave it
 * as it is. A change of the rules changes it: the parity tests must then pass, and the new value is
 * recorded here with the reason in the commit.
 */
import { describe, expect, it, vi } from "vitest";
import { MAX_MOVES, createFast } from "../../../src/engine/fast";
import { fingerprint } from "./fingerprint";

vi.setConfig({ testTimeout: 60_000 });

describe("the fast core's fingerprint", () => {
  it("every listing, position, light and moon gain, score and playout of the recorded games is as recorded", () => {
    const { hash, listings } = fingerprint(createFast, MAX_MOVES, 4);
    expect(listings).toBe(62_045);
    expect(hash).toBe(3_211_742_079);
  });
});
