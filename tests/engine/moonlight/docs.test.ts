/** docs/engine.md's Under the Moonlight section stays true to the code. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MOON_ACTION_TYPES,
  createGame,
  moonGeometry,
  moonRules,
  toNotation,
  viewFor,
  type MoonErrorCode,
} from "../../../src/engine";
import { mpos } from "./support";

const doc = readFileSync(new URL("../../../docs/engine.md", import.meta.url), "utf8");
const section = doc.slice(doc.indexOf("## Under the Moonlight"));
const blocks = [...section.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd());
const positions = blocks.filter((b) => b.startsWith("PS2 "));

describe("docs/engine.md, Under the Moonlight", () => {
  it("its positions parse and write back identically", () => {
    expect(positions.length).toBeGreaterThanOrEqual(3);
    for (const text of positions) expect(toNotation(mpos(text))).toBe(text);
  });

  it("the fresh game is what createGame makes, and seat b's view of it is the second example", () => {
    const r = createGame({ players: 2, seed: 0, firstPlayer: 0, moonlight: { greatTree: true, moonstones: true } });
    if (!r.ok) throw new Error(r.error.message);
    expect(positions[0]).toBe(toNotation(r.state));
    expect(positions[1]).toBe(toNotation(viewFor(r.state, 1)));
    expect(r.state.moon!.players.map((p) => p.deal)).toEqual([
      ["owl", "turtle"],
      ["fox", "badger"],
    ]);
  });

  it("the round-5 example is a spectator's view with the moon where the table puts it", () => {
    const s = mpos(positions[2]);
    expect(toNotation(viewFor(s, null))).toBe(positions[2]);
    expect({ position: s.moon!.position, full: s.moon!.full }).toEqual(moonGeometry.moonAt(5));
  });

  it("documents every error code, action type, ability, baby and animal", () => {
    const codes: Record<MoonErrorCode, true> = {
      NOT_ENOUGH_MOON_POINTS: true,
      ABILITY_USED: true,
      ANIMAL_MOVED: true,
      NOT_YOUR_ANIMAL: true,
      CELL_BLOCKED: true,
      NOT_ADJACENT: true,
      WRONG_CELL: true,
      NO_BABY: true,
      NOT_DEALT: true,
      NO_TARGET: true,
    };
    for (const code of Object.keys(codes)) expect(section).toContain(`| \`${code}\` |`);
    for (const type of MOON_ACTION_TYPES) expect(section).toContain(`"type": "${type}"`);
    for (const a of moonRules.ABILITIES) expect(section).toMatch(new RegExp(`\\| ${a.animal} \\| \`${a.name}\``));
    for (const b of moonRules.BABIES) expect(section).toMatch(new RegExp(`\\| \`${b}\``));
    for (const a of moonRules.ANIMALS) expect(section).toContain(`| ${a} |`);
  });

  it("the ability table's costs are the code's", () => {
    for (const a of moonRules.ABILITIES) {
      const row = section.split("\n").find((l) => l.startsWith(`| ${a.animal} | \`${a.name}\``))!;
      const cost = row.split("|")[3];
      const numbers = [...cost.matchAll(/\d+/g)].map((m) => Number(m[0]));
      // "I–IV: 5/6/7/8 by the cell's leaves (1–4)" → the costs come first
      expect(numbers.slice(0, a.costs.length)).toEqual(a.name === "eat" ? [5, 6, 7, 8] : a.costs);
    }
  });
});
