/**
 * What counts as an action on a cell (the base game's "one action per cell per turn") with the
 * animals — the German text: "Auf Feldern mit einem Tier können weiterhin Aktionen ausgeführt werden,
 * die das Feld betreffen: Samen einpflanzen, Wachsen lassen, Sammeln"; eating, churning and the
 * badger's growth "zählt nicht als Aktion"; the rest by Decision (docs/engine.md).
 */
import { describe, expect, it } from "vitest";
import { act, boardOf, moonPos, pieceAt, refused } from "./support";

const EMPTY = "10:4432:2410:-";
/** The moon field: seat a's and b's "animal:cell:points" (or all six parts), then the rest. */
const full = (p: string) => (p.split(":").length === 6 ? p : `${p}:-:-:-`);
const M = (a: string, b = "fox:g1:0", rest = "-;-;-;-;-;--:-") => `-;9h;${full(a)}/${full(b)};${rest}`;

describe("an animal's cell is still a cell for the base actions", () => {
  it("plant onto it, grow on it, collect on it — with any animal there", () => {
    const s = moonPos({
      board: boardOf({ d3: "a2", c3: "a3", c4: "a0" }),
      players: `20:4421:1400:-/${EMPTY}`,
      moon: M("owl:c4:0", "fox:d4:0"),
    });
    expect(pieceAt(act(s, { type: "plant", from: "d3", to: "d4" }).state, "d4")).toBe("a0");
    expect(pieceAt(act(s, { type: "grow", cell: "c4" }).state, "c4")).toBe("a1");
    const moved = act(s, { type: "moveAnimal", to: "c3" }).state;
    expect(pieceAt(act(moved, { type: "collect", cell: "c3" }).state, "c3")).toBe(".");
  });
});

describe("counts as an action on the cell", () => {
  it("boar dig: nothing else may be done with the cell this turn", () => {
    const s = moonPos({
      board: boardOf({ c3: "a3", d3: "a2" }),
      players: `10:4420:2410:-/${EMPTY}`,
      moon: M("boar:c3:5"),
    });
    refused(
      act(s, { type: "ability", ability: "dig", level: 1 }).state,
      { type: "plant", from: "d3", to: "c3" },
      "CELL_ALREADY_USED",
    );
  });

  it("hedgehog plant: its seed does not grow this turn", () => {
    const s = moonPos({ moon: M("hedgehog:c3:3") });
    refused(act(s, { type: "ability", ability: "plant" }).state, { type: "grow", cell: "c3" }, "CELL_ALREADY_USED");
  });

  it("beaver improve: the piece does not grow again this turn", () => {
    const s = moonPos({
      board: boardOf({ b2: "a0" }),
      players: `10:4432:1400:-/${EMPTY}`,
      moon: M("beaver:a2:5", "owl:g1:0", "-;-;a1.a2.b2;-;-;--:-"),
    });
    refused(
      act(s, { type: "ability", ability: "improve", cell: "b2" }).state,
      { type: "grow", cell: "b2" },
      "CELL_ALREADY_USED",
    );
  });

  it("baby collect, higher and plant: the cell has had its action", () => {
    const collect = moonPos({
      board: boardOf({ a1: "a3", b2: "a2" }),
      players: `10:4420:2410:-/${EMPTY}`,
      moon: M("turtle:c3:3:-:collect+higher:-"),
    });
    refused(
      act(collect, { type: "ability", ability: "babySteps", baby: "collect", cell: "a1" }).state,
      { type: "plant", from: "b2", to: "a1" },
      "CELL_ALREADY_USED",
    );
    refused(
      act(collect, { type: "ability", ability: "babySteps", baby: "higher", cell: "a1" }).state,
      { type: "plant", from: "b2", to: "a1" },
      "CELL_ALREADY_USED",
    );
    const plant = moonPos({ moon: M("turtle:c3:3:-:plant:-") });
    refused(
      act(plant, { type: "ability", ability: "babySteps", baby: "plant", cell: "g4" }).state,
      { type: "grow", cell: "g4" },
      "CELL_ALREADY_USED",
    );
  });
});

describe("does not count as an action on any cell", () => {
  it("moving an animal there", () => {
    const s = moonPos({ board: boardOf({ b3: "a0" }), players: `10:4432:1410:-/${EMPTY}`, moon: M("owl:c3:0") });
    expect(pieceAt(act(act(s, { type: "moveAnimal", to: "b3" }).state, { type: "grow", cell: "b3" }).state, "b3")).toBe(
      "a1",
    );
  });

  it("squirrel eat: you may plant on the cell after", () => {
    const s = moonPos({
      board: boardOf({ c3: "b0", d3: "a1" }),
      players: `10:4432:2310:-/10:4432:1410:-`,
      moon: M("squirrel:c3:7"),
    });
    expect(
      pieceAt(
        act(act(s, { type: "ability", ability: "eat" }).state, { type: "plant", from: "d3", to: "c3" }).state,
        "c3",
      ),
    ).toBe("a0");
  });

  it("fox churn: neither the cell it left nor the cell it reached", () => {
    const s = moonPos({
      board: boardOf({ c3: "a0", d3: "a1" }),
      players: `10:4432:1310:-/${EMPTY}`,
      moon: M("fox:c3:3", "owl:g1:0"),
    });
    const t = act(s, { type: "ability", ability: "churn", to: "a3" }).state;
    expect(pieceAt(act(t, { type: "plant", from: "d3", to: "c3" }).state, "c3")).toBe("a0");
    expect(pieceAt(act(t, { type: "grow", cell: "a3" }).state, "a3")).toBe("a1");
  });

  it("badger growth: the new small tree may plant and grow in the same turn", () => {
    const s = moonPos({ board: boardOf({ c3: "a0" }), players: `10:3432:1410:-/${EMPTY}`, moon: M("badger:c3:4") });
    const t = act(s, { type: "ability", ability: "growth", level: 1 }).state;
    expect(pieceAt(act(t, { type: "plant", from: "c3", to: "b3" }).state, "b3")).toBe("a0");
    expect(pieceAt(act(t, { type: "grow", cell: "c3" }).state, "c3")).toBe("a2");
  });

  it("building the dam: what it grew may grow again (Decision)", () => {
    const s = moonPos({ board: boardOf({ b2: "a0" }), players: `10:3432:1410:-/${EMPTY}`, moon: M("beaver:a2:6") });
    const t = act(s, { type: "ability", ability: "dam", cells: ["a1", "b2"] }).state;
    expect(pieceAt(act(t, { type: "grow", cell: "b2" }).state, "b2")).toBe("a2");
  });

  it("fox scare and steal, owl hunt, hedgehog run, baby small / medium / light / points touch no cell", () => {
    const s = moonPos({
      options: "3M",
      players: `${EMPTY}/${EMPTY}/${EMPTY}`,
      moon: `-;9h;fox:c3:5:-:-:-/owl:c4:0:-:-:-/boar:g1:0:-:-:-;-;-;-;-;-;--:-`,
    });
    expect(act(s, { type: "ability", ability: "scare", from: "c4", to: "b4" }).state.touched).toEqual([]);
    const t = moonPos({ moon: M("turtle:c3:4:-:small+medium+light+points:-") });
    for (const baby of ["small", "medium", "light", "points"])
      expect(act(t, { type: "ability", ability: "babySteps", baby }).state.touched).toEqual([]);
  });
});
