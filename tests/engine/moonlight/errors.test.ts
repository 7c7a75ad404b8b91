/** Every error code of the expansion (MoonErrorCode), each from a position in the notation, state untouched. */
import { describe, expect, it } from "vitest";
import type { MoonErrorCode } from "../../../src/engine";
import { moonPos, refused } from "./support";

const P = (moon: string, phase = "R2", seats = "a a 0") => moonPos({ phase, seats, moon });
const rest = "-;-;-;-;-;--:-";

const TABLE: [MoonErrorCode, () => ReturnType<typeof P>, unknown][] = [
  [
    "NOT_ENOUGH_MOON_POINTS",
    () => P(`-;9h;owl:c3:4:-:-:-/fox:g1:0:-:-:-;${rest}`),
    { type: "ability", ability: "hunt", level: 1 },
  ],
  [
    "ABILITY_USED",
    () => P(`-;9h;owl:c3:14:-:-:-/fox:g1:0:-:-:-;-;-;-;-;-;--:hunt`),
    { type: "ability", ability: "hunt", level: 2 },
  ],
  ["ANIMAL_MOVED", () => P(`-;9h;owl:c3:0:-:-:-/fox:g1:0:-:-:-;-;-;-;-;-;m-:-`), { type: "moveAnimal", to: "c4" }],
  [
    "NOT_YOUR_ANIMAL",
    () => P(`-;9h;owl:c3:14:-:-:-/fox:g1:0:-:-:-;${rest}`),
    { type: "ability", ability: "steal", target: 1 },
  ],
  ["CELL_BLOCKED", () => P(`-;9h;owl:c3:0:-:-:-/fox:c4:0:-:-:-;${rest}`), { type: "moveAnimal", to: "c4" }],
  ["NOT_ADJACENT", () => P(`-;9h;owl:c3:0:-:-:-/fox:g1:0:-:-:-;${rest}`), { type: "moveAnimal", to: "a3" }],
  [
    "WRONG_CELL",
    () => P(`a;9h;owl:-:2:-:-:-/fox:-:2:-:-:-;${rest}`, "S0", "a b 2"),
    { type: "placeAnimal", cell: "d4" },
  ],
  [
    "NO_BABY",
    () => P(`-;9h;turtle:c3:9:-:-:-/fox:g1:0:-:-:-;-;-;-;a4=light;points;--:-`),
    { type: "ability", ability: "hatch" },
  ],
  [
    "NOT_DEALT",
    () => P(`c;9h;-:-:2:owl+fox:-:-/-:-:2:boar+turtle:-:-;${rest}`, "S0"),
    { type: "chooseAnimal", animal: "boar" },
  ],
  [
    "NO_TARGET",
    () => P(`-;9h;fox:c3:9:-:-:-/owl:g1:0:-:-:-;${rest}`),
    { type: "ability", ability: "scare", from: "c4", to: "b4" },
  ],
];

describe("every MoonErrorCode", () => {
  it.each(TABLE)("%s", (code, position, action) => refused(position(), action, code));

  it("the table covers every code", () => {
    const declared: Record<MoonErrorCode, true> = {
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
    expect(new Set(TABLE.map(([c]) => c))).toEqual(new Set(Object.keys(declared)));
  });
});

describe("names that are not the expansion's", () => {
  it("Object.prototype's keys are no ability, stage or animal (never throws)", () => {
    const s = moonPos({ moon: `-;9h;owl:c3:14:-:-:-/fox:g1:0:-:-:-;${rest}` });
    for (const name of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"]) {
      refused(s, { type: "ability", ability: name }, "MALFORMED_ACTION");
      refused(s, { type: "ability", ability: "babySteps", baby: name }, "MALFORMED_ACTION");
      refused(s, { type: "chooseAnimal", animal: name }, "MALFORMED_ACTION");
    }
  });
});
