/** The notation's Moonlight field (PS2): it round-trips, and malformed positions are refused naming the field. */
import { describe, expect, it } from "vitest";
import { createGame, fromNotation, toNotation, viewFor } from "../../../src/engine";
import { mpos } from "./support";

const BASE =
  "PS2 2M:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 10:4432:2410:-/10:4432:2410:- 9.7.5.0 - 0 00000000";
const MOON =
  "-;9h;owl:c3:3:-:-:-/turtle:c4:2:-:light:points;d4;b2.f4;a1.a2.b2;a4=double.d7=small;collect+medium;m2:babySteps";

describe("PS2 notation", () => {
  it("round-trips every field of the moon part", () => {
    const text = `${BASE.replace("2M:", "2MGS:")} ${MOON}`;
    const s = mpos(text);
    expect(toNotation(s)).toBe(text);
    expect(s.options.moonlight).toEqual({ greatTree: true, moonstones: true });
    expect(s.moon).toEqual({
      stage: null,
      position: 9,
      full: false,
      greatTree: 18,
      stones: [5, 31],
      dam: [0, 1, 5],
      nests: [
        { cell: 3, baby: "double" },
        { cell: 21, baby: "small" },
      ],
      box: ["collect", "medium"],
      players: [
        { deal: null, animal: "owl", cell: 11, points: 3, babies: [], spent: [] },
        { deal: null, animal: "turtle", cell: 12, points: 2, babies: ["light"], spent: ["points"] },
      ],
      moved: true,
      used: ["babySteps"],
      double: true,
    });
  });

  it("round-trips fresh games and their views, with every option", () => {
    for (const moonlight of [true, { greatTree: true }, { moonstones: true }, { greatTree: true, moonstones: true }])
      for (const players of [2, 3, 4]) {
        const r = createGame({ players, seed: 17, longGame: players === 3, heavyShade: players === 4, moonlight });
        if (!r.ok) throw new Error(r.error.message);
        for (const s of [r.state, viewFor(r.state, 0), viewFor(r.state, null)]) {
          const back = fromNotation(toNotation(s));
          if (!back.ok) throw new Error(back.error.message);
          expect(back.state).toEqual(s);
        }
      }
  });

  it("a base game stays PS1 with 12 fields", () => {
    const r = createGame({ players: 2, seed: 0, firstPlayer: 0 });
    if (!r.ok) throw new Error(r.error.message);
    expect(toNotation(r.state)).toMatch(/^PS1 /);
    expect(toNotation(r.state).split(" ")).toHaveLength(12);
  });

  it.each([
    ["PS1 with a moon option", `${BASE.replace("PS2", "PS1")} ${MOON}`, /13 fields|12 fields/],
    ["PS1 options with M", `${BASE.replace("PS2", "PS1").replace("2M:", "2M:")}`, /PS2/],
    ["PS2 without M", `${BASE.replace("2M:", "2:")} ${MOON}`, /PS2 is a Moonlight game/],
    ["G without M", `${BASE.replace("2M:", "2G:")} ${MOON}`, /options/],
    ["no moon field", BASE, /13 fields/],
    ["eight moon parts", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-`, /9 parts/],
    ["a stage letter", `${BASE} x;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /stage/],
    ["moon position 18", `${BASE} -;18h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /position/],
    ["a moon phase", `${BASE} -;9q;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /moon/],
    ["one moon player of two", `${BASE} -;9h;owl:c3:3:-:-:-;-;-;-;-;-;--:-`, /moon players/],
    ["15 moon points", `${BASE} -;9h;owl:c3:15:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /moon points/],
    ["an unknown animal", `${BASE} -;9h;cat:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /animal/],
    ["an animal twice", `${BASE} -;9h;fox:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /twice/],
    ["an animal cell", `${BASE} -;9h;owl:z3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:-`, /animal cell/],
    ["a Great Tree cell", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;h9;-;-;-;-;--:-`, /Great Tree/],
    ["a dam of two", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;a1.a2;-;-;--:-`, /dam/],
    ["a nest", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;a4:light;-;--:-`, /nests/],
    [
      "a baby twice",
      `${BASE} -;9h;owl:c3:3:-:-:-/turtle:c4:2:-:light:-;-;-;-;a4=light;-;--:-`,
      /baby turtle appears twice/,
    ],
    ["an unknown baby", `${BASE} -;9h;owl:c3:3:-:-:-/turtle:c4:2:-:egg:-;-;-;-;-;-;--:-`, /babies/],
    ["an unknown ability used", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;--:fly`, /abilities used/],
    ["a turn part", `${BASE} -;9h;owl:c3:3:-:-:-/fox:c4:2:-:-:-;-;-;-;-;-;x`, /turn/],
  ])("refuses %s with BAD_NOTATION naming the field", (_name, text, message) => {
    const r = fromNotation(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("BAD_NOTATION");
      expect(r.error.message).toMatch(message);
    }
  });
});
