/**
 * Through base.ts — the engine without its expansion modules, as the web client starts — an
 * expansion's option is an option the engine does not know: refused with BAD_OPTIONS, never a base
 * game made silently. (This file imports base.ts only, so no module is registered here.)
 */
import { describe, expect, it } from "vitest";
import { createGame, expansions } from "../../src/engine/base";

describe("createGame through engine/base", () => {
  it("has no expansion module registered", () => {
    expect(expansions()).toEqual([]);
  });

  it.each([
    [{ players: 2, moonlight: true }],
    [{ players: 3, moonlight: { greatTree: true } }],
    [{ players: 2, moonlight: false }],
  ])("refuses %o with BAD_OPTIONS naming the option", (options) => {
    const r = createGame(options as never);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("BAD_OPTIONS");
      expect(r.error.message).toMatch(/^moonlight: /);
    }
  });

  it("still makes a base game from the base options (an option left undefined is absent)", () => {
    const r = createGame({ players: 2, longGame: true, heavyShade: false, seed: 7, firstPlayer: undefined });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.state.options).toEqual({
        players: 2,
        longGame: true,
        heavyShade: false,
        firstPlayer: r.state.firstPlayer,
        seed: 7,
      });
      expect("moon" in r.state).toBe(false);
    }
  });
});
