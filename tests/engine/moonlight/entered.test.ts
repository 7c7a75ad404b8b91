/**
 * The animals' abilities as a client that enters them on demand sees them (the web page: the
 * engine's table is filled by `registerAbilities`, web/src/moon/ui.tsx `enterAnimal`). This file
 * registers the expansion as the page does — `MOONLIGHT_PLAY` with the making hooks, never
 * ../../../src/engine/index.ts, whose MOONLIGHT (full.ts) enters every animal's — so that it sees
 * the table before and after an animal is entered.
 */
import { describe, expect, it } from "vitest";
import {
  applyAction,
  createGame,
  legalActions,
  registerExpansion,
  type Action,
  type GameState,
} from "../../../src/engine/base";
import { MOONLIGHT_PLAY, hasAbilities, registerAbilities, type AnimalName } from "../../../src/engine/moonlight";
import { MOONLIGHT_MAKE } from "../../../src/engine/moonlight/make";
import { abilities as beaver } from "../../../src/engine/moonlight/abilities/beaver";
import { abilities as boar } from "../../../src/engine/moonlight/abilities/boar";
import { abilities as fox } from "../../../src/engine/moonlight/abilities/fox";
import { abilities as hedgehog } from "../../../src/engine/moonlight/abilities/hedgehog";
import { abilities as owl } from "../../../src/engine/moonlight/abilities/owl";
import { abilities as squirrel } from "../../../src/engine/moonlight/abilities/squirrel";
import { abilities as badger } from "../../../src/engine/moonlight/abilities/badger";
import { abilities as turtle } from "../../../src/engine/moonlight/abilities/turtle";

registerExpansion({ ...MOONLIGHT_PLAY, ...MOONLIGHT_MAKE });

const BY_ANIMAL: Record<AnimalName, typeof fox> = { boar, hedgehog, squirrel, fox, owl, badger, beaver, turtle };

/** A 2-player Moonlight game played by its first legal actions to the first turn of play. */
function inPlay(seed: number): GameState {
  const made = createGame({ players: 2, seed, firstPlayer: 0, moonlight: { greatTree: true } });
  if (!made.ok) throw new Error(made.error.message);
  let s = made.state;
  for (let i = 0; s.phase === "setup" && i < 200; i++) {
    const r = applyAction(s, legalActions(s)[0]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  expect(s.phase).toBe("play");
  return s;
}

describe("an animal's abilities entered on demand", () => {
  it("offers the animal's move alone until its abilities are entered, then its abilities too", () => {
    const played = inPlay(7);
    // The seat to act has the owl and moon points enough for its night hunt.
    const s = structuredClone(played);
    Object.assign(s.moon!.players[s.current], { animal: "owl", points: 10 });
    expect(hasAbilities("owl")).toBe(false);
    const before = legalActions(s);
    expect(before.map((a) => a.type)).toContain("moveAnimal");
    expect(before.map((a) => a.type)).not.toContain("ability");
    // (an ability's action is no move at all before then)
    const hunt = { type: "ability", ability: "hunt", level: 1 } as Action;
    expect(applyAction(s, hunt).ok).toBe(false);
    registerAbilities(owl);
    expect(hasAbilities("owl")).toBe(true);
    const after = legalActions(s);
    expect(after.filter((a) => a.type !== "ability")).toEqual(before);
    const offered = after.filter((a) => a.type === "ability").map((a) => (a as { ability: string }).ability);
    expect(offered.length).toBeGreaterThan(0);
    expect(new Set(offered)).toEqual(new Set(["hunt"]));
    expect(applyAction(s, hunt).ok).toBe(true);
    // (the other animals' abilities are still not entered)
    expect(hasAbilities("fox")).toBe(false);
  });

  it("enters each animal's abilities in the table's order, the same again", () => {
    for (const [animal, list] of Object.entries(BY_ANIMAL)) {
      registerAbilities(list);
      registerAbilities(list);
      expect(hasAbilities(animal as AnimalName)).toBe(true);
    }
  });
});
