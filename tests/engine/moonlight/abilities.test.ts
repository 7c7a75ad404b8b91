/**
 * Every animal ability at every level, with its cost and conditions (German rulebook "Die
 * Tierfähigkeiten"; docs/rules.md §8), and the ordinary animal move. Each scenario starts from a
 * position in the notation (PS2): `moonPos` writes the usual fields, `boardOf` the board from labels.
 * Seat a is to act in round 2 of a 2-player game unless said otherwise.
 */
import { describe, expect, it } from "vitest";
import { CELLS, LABELS, computeScores, legalActions, type GameState } from "../../../src/engine";
import { act, boardOf, endRound, moonPos, mpos, pieceAt, points, refused } from "./support";

const cell = (l: string) => CELLS[LABELS.indexOf(l)];
const cellLabel = (c: { q: number; r: number }) => LABELS[CELLS.findIndex((x) => x.q === c.q && x.r === c.r)];
/** Moon field with seat a's and seat b's animals: "animal:cell:points" each (no babies). */
const moon = (a: string, b: string, rest = "-;-;-;-;-;--:-") => `-;9h;${a}:-:-:-/${b}:-:-:-;${rest}`;
const EMPTY = "10:4432:2410:-";
const abilities = (s: GameState) => legalActions(s).filter((a) => a.type === "ability" || a.type === "moveAnimal");

describe("moving an animal", () => {
  it("once a turn to an adjacent cell; a tree or seed may be there, not another animal, a moonstone or the Great Tree", () => {
    const s = moonPos({
      options: "2MGS",
      board: boardOf({ c4: "b1", b3: "a0" }),
      players: "10:4432:1410:-/10:4432:2310:-",
      moon: moon("owl:c3:0", "fox:c2:0", "d4;b2;-;-;-;--:-"),
    });
    // c3's neighbours: c4 (b's tree), b3 (a's seed), b2 (stone), c2 (fox), d3, d4 (Great Tree)
    expect(
      abilities(s)
        .map((a) => cellLabel((a as { to: { q: number; r: number } }).to))
        .sort(),
    ).toEqual(["b3", "c4", "d3"]);
    refused(s, { type: "moveAnimal", to: "b2" }, "CELL_BLOCKED");
    refused(s, { type: "moveAnimal", to: "c2" }, "CELL_BLOCKED");
    refused(s, { type: "moveAnimal", to: "d4" }, "CELL_BLOCKED");
    refused(s, { type: "moveAnimal", to: "c3" }, "CELL_BLOCKED");
    refused(s, { type: "moveAnimal", to: "a2" }, "NOT_ADJACENT");
    refused(s, { type: "moveAnimal", to: "z9" }, "NOT_ON_BOARD");
    const r = act(s, { type: "moveAnimal", to: "b3" });
    expect(r.events).toEqual([
      { type: "animalMoved", seat: 0, animal: "owl", from: cell("c3"), to: cell("b3"), by: 0 },
    ]);
    expect(r.state.moon!.players[0].cell).toBe(LABELS.indexOf("b3"));
    refused(r.state, { type: "moveAnimal", to: "c3" }, "ANIMAL_MOVED");
    // moving is not an action on the cell: the seed there still grows
    expect(act(r.state, { type: "grow", cell: "b3" }).state.cells[LABELS.indexOf("b3")]).toBe(2);
  });

  it("baby turtles do not block; the move is available again next turn", () => {
    const s = moonPos({ moon: `-;9h;owl:c4:0:-:-:-/turtle:c3:0:-:-:-;-;-;-;a4=light;points;m-:-` });
    refused(s, { type: "moveAnimal", to: "b4" }, "ANIMAL_MOVED");
    // a ends, b (turtle) moves onto ... then a new round: a may move again
    let t = act(s, { type: "endTurn" }).state;
    expect([t.current, t.moon!.moved]).toEqual([1, false]);
    t = act(t, { type: "moveAnimal", to: "b3" }).state;
    t = act(t, { type: "endTurn" }).state;
    t = act(t, { type: "endTurn" }).state;
    expect(t.current).toBe(0);
    expect(act(t, { type: "moveAnimal", to: "c5" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("c5"));
    // an animal may stand on a nest (a4)
    const nest = moonPos({ moon: `-;9h;owl:b5:0:-:-:-/turtle:c3:0:-:-:-;-;-;-;a4=light;points;--:-` });
    expect(act(nest, { type: "moveAnimal", to: "a4" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("a4"));
  });
});

describe("the squirrel's passive: 1 or 2 cells, turning if it likes", () => {
  it("reaches every cell within 2 through a cell it could enter", () => {
    const s = moonPos({ options: "2MS", moon: moon("squirrel:d3:0", "owl:c3:0", "-;d2;-;-;-;--:-") });
    expect(act(s, { type: "moveAnimal", to: "e2" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("e2"));
    // two cells, turning: d3 → e2 → e1
    expect(act(s, { type: "moveAnimal", to: "e1" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("e1"));
    // two cells straight through the owl's cell? c3 is an animal, but b3 is reached via c4 or...: d3 → c3 → b3 blocked; d3 → ? → b3: none other
    refused(s, { type: "moveAnimal", to: "b3" }, "NOT_ADJACENT");
    // d1 only through d2, a moonstone
    refused(s, { type: "moveAnimal", to: "d1" }, "NOT_ADJACENT");
    refused(s, { type: "moveAnimal", to: "d2" }, "CELL_BLOCKED");
    // only one move a turn, even of one cell
    const once = act(s, { type: "moveAnimal", to: "e3" }).state;
    refused(once, { type: "moveAnimal", to: "e4" }, "ANIMAL_MOVED");
    const targets = abilities(s).filter((a) => a.type === "moveAnimal");
    // d3's neighbours d4 c2 e2 e3 (c3: the owl, d2: a stone), and the cells 2 away through them
    expect(targets.length).toBe(new Set(targets.map((t) => JSON.stringify(t))).size);
    expect(targets.map((t) => cellLabel((t as { to: { q: number; r: number } }).to)).sort()).toEqual([
      "b1",
      "b2",
      "c1",
      "c2",
      "c4",
      "d4",
      "d5",
      "e1",
      "e2",
      "e3",
      "e4",
      "f1",
      "f2",
      "f3",
    ]);
    // e.g. f1: d3 → e2 → f1
    expect(act(s, { type: "moveAnimal", to: "f1" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("f1"));
  });
});

describe("boar: dig", () => {
  const P = (pts: number, board = boardOf({ c3: "a3" }), players = `10:4431:2410:-/${EMPTY}`) =>
    moonPos({ board, players, moon: moon(`boar:c3:${pts}`, "owl:a1:0") });

  it("level I (5): collects your large tree on the boar's cell without light points", () => {
    const r = act(P(5), { type: "ability", ability: "dig", level: 1 });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "boar", ability: "dig", level: 1, cost: 5, points: 0 },
      { type: "collected", seat: 0, cell: cell("c3"), cost: 0, token: { leaves: 3, value: 19 }, returnedTo: "board" },
    ]);
    const s = r.state;
    expect([pieceAt(s, "c3"), s.players[0].light, s.players[0].board[3], points(s, 0)]).toEqual([".", 10, 2, 0]);
    expect(s.touched).toEqual([LABELS.indexOf("c3")]);
    // it was an action on the cell: nothing more may be planted there this turn
    refused(s, { type: "ability", ability: "dig", level: 1 }, "ABILITY_USED");
  });

  it("level II (8): also lays an available seed on the tree's cell, which cannot grow this turn", () => {
    const r = act(P(9), { type: "ability", ability: "dig", level: 2 });
    expect(r.events.map((e) => e.type)).toEqual(["abilityUsed", "collected", "seedPlaced"]);
    expect(r.events[2]).toEqual({ type: "seedPlaced", seat: 0, cell: cell("c3"), from: "available" });
    const s = r.state;
    expect([pieceAt(s, "c3"), s.players[0].available[0], points(s, 0), s.players[0].light]).toEqual(["a0", 1, 1, 10]);
    refused(s, { type: "grow", cell: "c3" }, "CELL_ALREADY_USED");
    refused(s, { type: "ability", ability: "dig", level: 1 }, "ABILITY_USED");
  });

  it("conditions: your large tree, on the boar's cell, not used this turn; II needs an available seed; the cost", () => {
    refused(P(4), { type: "ability", ability: "dig", level: 1 }, "NOT_ENOUGH_MOON_POINTS");
    refused(P(7), { type: "ability", ability: "dig", level: 2 }, "NOT_ENOUGH_MOON_POINTS");
    refused(
      P(9, boardOf({ c3: "b3" }), `${EMPTY}/10:4431:2410:-`),
      { type: "ability", ability: "dig", level: 1 },
      "NOT_YOUR_PIECE",
    );
    refused(
      P(9, boardOf({ c3: "a2" }), `10:4422:2400:-/${EMPTY}`),
      { type: "ability", ability: "dig", level: 1 },
      "WRONG_SIZE",
    );
    refused(P(9, boardOf({})), { type: "ability", ability: "dig", level: 1 }, "CELL_EMPTY");
    refused(
      P(9, boardOf({ c3: "a3" }), `10:4431:0410:-/${EMPTY}`),
      { type: "ability", ability: "dig", level: 2 },
      "NOT_AVAILABLE",
    );
    // a large tree grown this turn has had its action
    const grown = act(P(9, boardOf({ c3: "a2" }), `10:4421:2401:-/${EMPTY}`), { type: "grow", cell: "c3" }).state;
    refused(grown, { type: "ability", ability: "dig", level: 1 }, "CELL_ALREADY_USED");
    refused(P(9), { type: "ability", ability: "dig", level: 3 }, "MALFORMED_ACTION");
    refused(P(9), { type: "ability", ability: "dig" }, "MALFORMED_ACTION");
  });
});

describe("hedgehog", () => {
  it("run (1): one more cell, with or without its move", () => {
    const s = moonPos({ moon: moon("hedgehog:c3:2", "owl:a1:0") });
    const moved = act(s, { type: "moveAnimal", to: "c4" }).state;
    const r = act(moved, { type: "ability", ability: "run", to: "c5" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "hedgehog", ability: "run", level: 1, cost: 1, points: 1 },
      { type: "animalMoved", seat: 0, animal: "hedgehog", from: cell("c4"), to: cell("c5"), by: 0 },
    ]);
    refused(r.state, { type: "ability", ability: "run", to: "c6" }, "ABILITY_USED");
    refused(r.state, { type: "moveAnimal", to: "c6" }, "ANIMAL_MOVED");
    // running first, then the ordinary move
    const ran = act(s, { type: "ability", ability: "run", to: "b3" }).state;
    expect(act(ran, { type: "moveAnimal", to: "a3" }).state.moon!.players[0].cell).toBe(LABELS.indexOf("a3"));
    refused(s, { type: "ability", ability: "run", to: "a3" }, "NOT_ADJACENT");
    refused(
      moonPos({ moon: moon("hedgehog:c3:0", "owl:a1:0") }),
      { type: "ability", ability: "run", to: "b3" },
      "NOT_ENOUGH_MOON_POINTS",
    );
    refused(
      moonPos({ moon: moon("hedgehog:c3:2", "owl:b3:0") }),
      { type: "ability", ability: "run", to: "b3" },
      "CELL_BLOCKED",
    );
  });

  it("plant (3): on an empty cell, a seed straight from the player board, no light", () => {
    const s = moonPos({ moon: moon("hedgehog:c3:3", "owl:a1:0") });
    const r = act(s, { type: "ability", ability: "plant" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "hedgehog", ability: "plant", level: 1, cost: 3, points: 0 },
      { type: "seedPlaced", seat: 0, cell: cell("c3"), from: "board" },
    ]);
    const t = r.state;
    expect([pieceAt(t, "c3"), t.players[0].board[0], t.players[0].available[0], t.players[0].light]).toEqual([
      "a0",
      3,
      2,
      10,
    ]);
    // an action on the cell: the seed does not grow this turn
    refused(t, { type: "grow", cell: "c3" }, "CELL_ALREADY_USED");
  });

  it("plant: not on an occupied cell, not without a seed on the board, not on a cell used this turn", () => {
    refused(
      moonPos({
        board: boardOf({ c3: "b0" }),
        players: `${EMPTY}/10:4432:1410:-`,
        moon: moon("hedgehog:c3:3", "owl:a1:0"),
      }),
      { type: "ability", ability: "plant" },
      "CELL_OCCUPIED",
    );
    refused(
      moonPos({ players: `10:0432:6410:-/${EMPTY}`, moon: moon("hedgehog:c3:3", "owl:a1:0") }),
      { type: "ability", ability: "plant" },
      "COLUMN_EMPTY",
    );
    refused(
      moonPos({ moon: moon("hedgehog:c3:2", "owl:a1:0") }),
      { type: "ability", ability: "plant" },
      "NOT_ENOUGH_MOON_POINTS",
    );
    // a large tree collected on c3 this turn: the cell has had its action
    const collected = act(
      moonPos({
        board: boardOf({ c3: "a3" }),
        players: `10:4431:2410:-/${EMPTY}`,
        moon: moon("hedgehog:c3:3", "owl:a1:0"),
      }),
      { type: "collect", cell: "c3" },
    ).state;
    refused(collected, { type: "ability", ability: "plant" }, "CELL_ALREADY_USED");
  });
});

describe("squirrel: eat I–IV (5/6/7/8 by the cell's leaves)", () => {
  for (const [level, where, cost] of [
    [1, "a1", 5],
    [2, "b2", 6],
    [3, "c3", 7],
    [4, "d4", 8],
  ] as const) {
    it(`level ${level}: another player's seed on a ${level}-leaf cell for ${cost}; its owner gets 1 light, you ${level}`, () => {
      const s = moonPos({
        options: "3M",
        board: boardOf({ [where]: "b0" }),
        players: `10:4432:2410:-/5:3432:2410:-/${EMPTY}`,
        moon: `-;9h;squirrel:${where}:${cost}:-:-:-/owl:e1:0:-:-:-/fox:g1:0:-:-:-;-;-;-;-;-;--:-`,
      });
      const r = act(s, { type: "ability", ability: "eat" });
      expect(r.events).toEqual([
        { type: "abilityUsed", seat: 0, animal: "squirrel", ability: "eat", level, cost, points: 0 },
        { type: "seedEaten", seat: 0, owner: 1, cell: cell(where), returnedTo: "board" },
        { type: "lightGained", seat: 1, amount: 1, lost: 0, light: 6 },
        { type: "lightGained", seat: 0, amount: level, lost: 0, light: 10 + level },
      ]);
      expect([pieceAt(r.state, where), r.state.players[1].board[0], r.state.touched]).toEqual([".", 4, []]);
      // not an action on the cell: you may plant your own seed there in the same turn
      refused(
        moonPos({
          options: "3M",
          board: boardOf({ [where]: "b0" }),
          players: `10:4432:2410:-/5:3432:2410:-/${EMPTY}`,
          moon: `-;9h;squirrel:${where}:${cost - 1}:-:-:-/owl:e1:0:-:-:-/fox:g1:0:-:-:-;-;-;-;-;-;--:-`,
        }),
        { type: "ability", ability: "eat" },
        "NOT_ENOUGH_MOON_POINTS",
      );
    });
  }

  it("not an action on the cell: eat, then plant your own seed there; a full board sends the seed to the box; light is capped", () => {
    const s = moonPos({
      board: boardOf({ b2: "b0", c3: "a1" }),
      players: `19:4432:2310:-/10:4432:1410:-`,
      moon: moon("squirrel:b2:6", "owl:a1:0"),
    });
    const r = act(s, { type: "ability", ability: "eat" });
    expect(r.events[1]).toMatchObject({ returnedTo: "box" });
    expect(r.events[3]).toEqual({ type: "lightGained", seat: 0, amount: 2, lost: 1, light: 20 });
    const planted = act(r.state, { type: "plant", from: "c3", to: "b2" }).state;
    expect(pieceAt(planted, "b2")).toBe("a0");
  });

  it("not your own seed, not a tree, not an empty cell", () => {
    refused(
      moonPos({
        board: boardOf({ c3: "a0" }),
        players: `10:4432:1410:-/${EMPTY}`,
        moon: moon("squirrel:c3:8", "owl:a1:0"),
      }),
      { type: "ability", ability: "eat" },
      "NO_TARGET",
    );
    refused(
      moonPos({
        board: boardOf({ c3: "b1" }),
        players: `${EMPTY}/10:4432:2310:-`,
        moon: moon("squirrel:c3:8", "owl:a1:0"),
      }),
      { type: "ability", ability: "eat" },
      "WRONG_SIZE",
    );
    refused(moonPos({ moon: moon("squirrel:c3:8", "owl:a1:0") }), { type: "ability", ability: "eat" }, "CELL_EMPTY");
  });
});

describe("fox", () => {
  it("scare (1): an animal next to the fox moves one cell", () => {
    const s = moonPos({
      options: "3MS",
      players: `${EMPTY}/${EMPTY}/${EMPTY}`,
      moon: `-;9h;fox:c3:1:-:-:-/owl:c4:0:-:-:-/boar:a1:0:-:-:-;-;b4;-;-;-;--:-`,
    });
    const r = act(s, { type: "ability", ability: "scare", from: "c4", to: "d5" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "fox", ability: "scare", level: 1, cost: 1, points: 0 },
      { type: "animalMoved", seat: 1, animal: "owl", from: cell("c4"), to: cell("d5"), by: 0 },
    ]);
    expect(r.state.moon!.players[1].cell).toBe(LABELS.indexOf("d5"));
    expect(r.state.moon!.moved).toBe(false);
    const rich = moonPos({
      options: "3MS",
      players: `${EMPTY}/${EMPTY}/${EMPTY}`,
      moon: `-;9h;fox:c3:5:-:-:-/owl:c4:0:-:-:-/boar:a1:0:-:-:-;-;b4;-;-;-;--:-`,
    });
    refused(rich, { type: "ability", ability: "scare", from: "c4", to: "c3" }, "CELL_BLOCKED");
    refused(rich, { type: "ability", ability: "scare", from: "c4", to: "b4" }, "CELL_BLOCKED");
    refused(rich, { type: "ability", ability: "scare", from: "c4", to: "c6" }, "NOT_ADJACENT");
    refused(rich, { type: "ability", ability: "scare", from: "a1", to: "a2" }, "NOT_ADJACENT");
    refused(rich, { type: "ability", ability: "scare", from: "d4", to: "d5" }, "NO_TARGET");
    refused(rich, { type: "ability", ability: "scare", from: "c3", to: "d3" }, "NO_TARGET");
    const used = act(rich, { type: "ability", ability: "scare", from: "c4", to: "b3" }).state;
    refused(used, { type: "ability", ability: "scare", from: "b3", to: "a3" }, "ABILITY_USED");
  });

  it("churn (3): any seed on the fox's cell to an empty cell 1 or 2 away in a straight line; not an action on either cell", () => {
    const s = moonPos({
      options: "2MS",
      board: boardOf({ c3: "b0", a1: "a1", b3: "b1" }),
      players: `10:4432:2310:-/10:4432:1310:-`,
      moon: moon("fox:c3:3", "owl:g1:0", "-;d4;-;-;-;--:-"),
    });
    const r = act(s, { type: "ability", ability: "churn", to: "a3" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "fox", ability: "churn", level: 1, cost: 3, points: 0 },
      { type: "seedMoved", seat: 0, owner: 1, from: cell("c3"), to: cell("a3") },
    ]);
    expect([pieceAt(r.state, "c3"), pieceAt(r.state, "a3"), r.state.touched]).toEqual([".", "b0", []]);
    const rich = moonPos({
      options: "2MS",
      board: boardOf({ c3: "b0", a1: "a1", b3: "b1" }),
      players: `10:4432:2310:-/10:4432:1310:-`,
      moon: moon("fox:c3:9", "owl:g1:0", "-;d4;-;-;-;--:-"),
    });
    refused(rich, { type: "ability", ability: "churn", to: "b3" }, "CELL_OCCUPIED");
    refused(rich, { type: "ability", ability: "churn", to: "d4" }, "CELL_BLOCKED");
    refused(rich, { type: "ability", ability: "churn", to: "b1" }, "OUT_OF_RANGE");
    refused(rich, { type: "ability", ability: "churn", to: "c6" }, "OUT_OF_RANGE");
    expect(act(rich, { type: "ability", ability: "churn", to: "c1" }).state.cells[LABELS.indexOf("c1")]).toBe(5);
    refused(
      moonPos({ board: boardOf({ c3: "b1" }), players: `${EMPTY}/10:4432:2310:-`, moon: moon("fox:c3:3", "owl:g1:0") }),
      { type: "ability", ability: "churn", to: "c4" },
      "WRONG_SIZE",
    );
    refused(
      moonPos({ moon: moon("fox:c3:3", "owl:g1:0") }),
      { type: "ability", ability: "churn", to: "c4" },
      "CELL_EMPTY",
    );
  });

  it("churn: a seed planted this turn may be moved, but still cannot grow this turn", () => {
    const s = moonPos({
      board: boardOf({ d3: "a1" }),
      players: `10:4432:2310:-/${EMPTY}`,
      moon: moon("fox:c3:3", "owl:g1:0"),
    });
    const planted = act(s, { type: "plant", from: "d3", to: "c3" }).state;
    const moved = act(planted, { type: "ability", ability: "churn", to: "b3" }).state;
    expect(pieceAt(moved, "b3")).toBe("a0");
    refused(moved, { type: "grow", cell: "b3" }, "CELL_ALREADY_USED");
    // an older seed moved onto b3 could grow there
    const old = moonPos({
      board: boardOf({ c3: "a0" }),
      players: `10:4432:1410:-/${EMPTY}`,
      moon: moon("fox:c3:3", "owl:g1:0"),
    });
    expect(
      pieceAt(
        act(act(old, { type: "ability", ability: "churn", to: "b3" }).state, { type: "grow", cell: "b3" }).state,
        "b3",
      ),
    ).toBe("a1");
  });

  it("steal (4): 2 light points from a player whose animal is next to the fox", () => {
    const s = moonPos({
      options: "3M",
      players: `19:4432:2410:-/5:4432:2410:-/1:4432:2410:-`,
      moon: `-;9h;fox:c3:8:-:-:-/owl:c4:0:-:-:-/boar:d3:0:-:-:-;-;-;-;-;-;--:-`,
    });
    const r = act(s, { type: "ability", ability: "steal", target: 1 });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "fox", ability: "steal", level: 1, cost: 4, points: 4 },
      { type: "lightStolen", seat: 0, from: 1, amount: 2, lost: 1 },
    ]);
    expect(r.state.players.map((p) => p.light)).toEqual([20, 3, 1]);
    refused(r.state, { type: "ability", ability: "steal", target: 2 }, "ABILITY_USED");
    // a victim with 1 light point loses 1
    const one = act(s, { type: "ability", ability: "steal", target: 2 });
    expect(one.events[1]).toEqual({ type: "lightStolen", seat: 0, from: 2, amount: 1, lost: 0 });
    const far = moonPos({
      options: "3M",
      players: `10:4432:2410:-/5:4432:2410:-/0:4432:2410:-`,
      moon: `-;9h;fox:c3:8:-:-:-/owl:c6:0:-:-:-/boar:d3:0:-:-:-;-;-;-;-;-;--:-`,
    });
    refused(far, { type: "ability", ability: "steal", target: 1 }, "NOT_ADJACENT");
    refused(far, { type: "ability", ability: "steal", target: 2 }, "NO_TARGET");
    refused(far, { type: "ability", ability: "steal", target: 0 }, "NO_TARGET");
    refused(far, { type: "ability", ability: "steal", target: 3 }, "NO_TARGET");
    refused(far, { type: "ability", ability: "steal", target: "b" }, "MALFORMED_ACTION");
    refused(
      moonPos({ options: "3M", moon: `-;9h;fox:c3:3:-:-:-/owl:c4:0:-:-:-/boar:d3:0:-:-:-;-;-;-;-;-;--:-` }),
      { type: "ability", ability: "steal", target: 1 },
      "NOT_ENOUGH_MOON_POINTS",
    );
  });
});

describe("owl: night hunt I–III", () => {
  for (const [level, cost, light] of [
    [1, 5, 3],
    [2, 9, 7],
    [3, 12, 10],
  ] as const) {
    it(`level ${level}: ${cost} moon points for ${light} light points`, () => {
      const s = moonPos({ moon: moon(`owl:c3:${cost}`, "fox:a1:0") });
      const r = act(s, { type: "ability", ability: "hunt", level });
      expect(r.events).toEqual([
        { type: "abilityUsed", seat: 0, animal: "owl", ability: "hunt", level, cost, points: 0 },
        { type: "lightGained", seat: 0, amount: light, lost: 0, light: 10 + light },
      ]);
      refused(
        moonPos({ moon: moon(`owl:c3:${cost - 1}`, "fox:a1:0") }),
        { type: "ability", ability: "hunt", level },
        "NOT_ENOUGH_MOON_POINTS",
      );
    });
  }

  it("light is capped at 20; one level a turn", () => {
    const s = moonPos({ players: `15:4432:2410:-/${EMPTY}`, moon: moon("owl:c3:14", "fox:a1:0") });
    const r = act(s, { type: "ability", ability: "hunt", level: 2 });
    expect(r.events[1]).toEqual({ type: "lightGained", seat: 0, amount: 7, lost: 2, light: 20 });
    refused(r.state, { type: "ability", ability: "hunt", level: 1 }, "ABILITY_USED");
  });
});

describe("badger: growth", () => {
  it("level I (4): your seed on its cell becomes a small tree from the available area; not an action on the cell", () => {
    const s = moonPos({
      board: boardOf({ c3: "a0" }),
      players: `10:3432:1410:-/${EMPTY}`,
      moon: moon("badger:c3:4", "owl:a1:0"),
    });
    const r = act(s, { type: "ability", ability: "growth", level: 1 });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "badger", ability: "growth", level: 1, cost: 4, points: 0 },
      { type: "grew", seat: 0, cell: cell("c3"), from: "seed", to: "small", cost: 0, returnedTo: "board" },
    ]);
    const t = r.state;
    expect([pieceAt(t, "c3"), t.players[0].available, t.players[0].board, t.touched]).toEqual([
      "a1",
      [1, 3, 1, 0],
      [4, 4, 3, 2],
      [],
    ]);
    // the small tree may then plant and grow in the same turn
    const planted = act(t, { type: "plant", from: "c3", to: "b3" }).state;
    expect(pieceAt(planted, "b3")).toBe("a0");
    const grown = act(t, { type: "grow", cell: "c3" }).state;
    expect(pieceAt(grown, "c3")).toBe("a2");
  });

  it("level II (6): the small tree straight from the player board", () => {
    const s = moonPos({
      board: boardOf({ c3: "a0" }),
      players: `10:4432:1010:-/${EMPTY}`,
      moon: moon("badger:c3:6", "owl:a1:0"),
    });
    const r = act(s, { type: "ability", ability: "growth", level: 2 });
    expect(r.events[0]).toMatchObject({ ability: "growth", level: 2, cost: 6, points: 0 });
    expect([pieceAt(r.state, "c3"), r.state.players[0].board[1], r.state.players[0].available[1]]).toEqual([
      "a1",
      3,
      0,
    ]);
    refused(s, { type: "ability", ability: "growth", level: 1 }, "NOT_AVAILABLE");
  });

  it("not a seed planted this turn, not another's seed, not a tree; the level's source must have a small tree; heavy shade", () => {
    const fresh = act(
      moonPos({
        board: boardOf({ d3: "a1" }),
        players: `10:4432:2310:-/${EMPTY}`,
        moon: moon("badger:c3:9", "owl:a1:0"),
      }),
      { type: "plant", from: "d3", to: "c3" },
    ).state;
    refused(fresh, { type: "ability", ability: "growth", level: 1 }, "CELL_ALREADY_USED");
    refused(
      moonPos({
        board: boardOf({ c3: "b0" }),
        players: `${EMPTY}/10:4432:1410:-`,
        moon: moon("badger:c3:9", "owl:a1:0"),
      }),
      { type: "ability", ability: "growth", level: 1 },
      "NOT_YOUR_PIECE",
    );
    refused(
      moonPos({
        board: boardOf({ c3: "a1" }),
        players: `10:4432:2310:-/${EMPTY}`,
        moon: moon("badger:c3:9", "owl:a1:0"),
      }),
      { type: "ability", ability: "growth", level: 1 },
      "WRONG_SIZE",
    );
    refused(
      moonPos({
        board: boardOf({ c3: "a0" }),
        players: `10:4432:1410:-/${EMPTY}`,
        moon: moon("badger:c3:3", "owl:a1:0"),
      }),
      { type: "ability", ability: "growth", level: 1 },
      "NOT_ENOUGH_MOON_POINTS",
    );
    refused(
      moonPos({
        board: boardOf({ c3: "a0" }),
        players: `10:4432:1410:-/${EMPTY}`,
        moon: moon("badger:c3:5", "owl:a1:0"),
      }),
      { type: "ability", ability: "growth", level: 2 },
      "NOT_ENOUGH_MOON_POINTS",
    );
    refused(
      moonPos({
        board: boardOf({ c3: "a0" }),
        players: `10:4032:1810:-/${EMPTY}`,
        moon: moon("badger:c3:9", "owl:a1:0"),
      }),
      { type: "ability", ability: "growth", level: 2 },
      "COLUMN_EMPTY",
    );
    // heavy shade (sun 1 in round 2, shadows toward W): a medium tree on d3 shades c3? no — on c4 it shades c3
    const shaded = moonPos({
      options: "2HM",
      board: boardOf({ c3: "a0", c4: "b2" }),
      players: `10:4432:1410:-/10:4422:2400:-`,
      moon: moon("badger:c3:9", "owl:a1:0"),
    });
    refused(shaded, { type: "ability", ability: "growth", level: 1 }, "IN_SHADOW");
  });
});

describe("beaver", () => {
  it("build the dam (6): on its cell; every seed and tree on the three cells grows once, free, whoever owns it — if the next size is available", () => {
    // beaver on a2; dam a1 a2 b2; a's seed on a1, b's small tree on a2, a's medium on b2 (a has no large available)
    const s = moonPos({
      board: boardOf({ a1: "a0", a2: "b1", b2: "a2" }),
      players: "10:3422:1310:-/10:4332:2310:-",
      moon: moon("beaver:a2:6", "owl:g1:0"),
    });
    const r = act(s, { type: "ability", ability: "dam", cells: ["b2", "a1"] });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "beaver", ability: "dam", level: 1, cost: 6, points: 0 },
      { type: "damBuilt", seat: 0, cells: [cell("a1"), cell("a2"), cell("b2")] },
      { type: "grew", seat: 0, cell: cell("a1"), from: "seed", to: "small", cost: 0, returnedTo: "board" },
      { type: "grew", seat: 1, cell: cell("a2"), from: "small", to: "medium", cost: 0, returnedTo: "board" },
    ]);
    const t = r.state;
    expect([pieceAt(t, "a1"), pieceAt(t, "a2"), pieceAt(t, "b2")]).toEqual(["a1", "b2", "a2"]);
    expect(t.moon!.dam.map((c) => LABELS[c])).toEqual(["a1", "a2", "b2"]);
    expect([t.players[0].light, t.players[1].light, t.touched]).toEqual([10, 10, []]);
    // not an action on the cells: the new small tree may grow again
    expect(pieceAt(act(t, { type: "grow", cell: "a1" }).state, "a1")).toBe("a2");
  });

  it("the dam: two adjacent edge cells and the 2-leaf cell next to both, with the beaver's; moved to a new place each time", () => {
    const s = moonPos({ moon: moon("beaver:a2:14", "owl:g1:0", "-;-;a1.a2.b2;-;-;--:-") });
    refused(s, { type: "ability", ability: "dam", cells: ["a1", "b2"] }, "WRONG_CELL");
    refused(s, { type: "ability", ability: "dam", cells: ["a3", "b2"] }, "WRONG_CELL"); // b2 is not next to a3
    refused(s, { type: "ability", ability: "dam", cells: ["a1", "b1"] }, "WRONG_CELL"); // no 2-leaf cell
    refused(s, { type: "ability", ability: "dam", cells: ["a1"] }, "MALFORMED_ACTION");
    const legal = legalActions(s).filter((a) => a.type === "ability" && a.ability === "dam");
    expect(legal.map((a) => (a as { cells: { q: number; r: number }[] }).cells.map(cellLabel).join(" "))).toEqual([
      "a3 b3",
    ]);
    const moved = act(s, { type: "ability", ability: "dam", cells: ["b3", "a3"] }).state;
    expect(moved.moon!.dam.map((c) => LABELS[c])).toEqual(["a2", "a3", "b3"]);
    refused(
      moonPos({ moon: moon("beaver:c3:14", "owl:g1:0") }),
      { type: "ability", ability: "dam", cells: ["b2", "b3"] },
      "WRONG_CELL",
    );
    refused(
      moonPos({ moon: moon("beaver:a2:5", "owl:g1:0") }),
      { type: "ability", ability: "dam", cells: ["a3", "b3"] },
      "NOT_ENOUGH_MOON_POINTS",
    );
  });

  it("improve the dam (5): standing on it, one of your pieces on it grows once, free (an action on that cell)", () => {
    const s = moonPos({
      board: boardOf({ b2: "a1", a1: "b0" }),
      players: `10:4332:2310:-/10:4432:1410:-`,
      moon: moon("beaver:a2:5", "owl:g1:0", "-;-;a1.a2.b2;-;-;--:-"),
    });
    const r = act(s, { type: "ability", ability: "improve", cell: "b2" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "beaver", ability: "improve", level: 1, cost: 5, points: 0 },
      { type: "grew", seat: 0, cell: cell("b2"), from: "small", to: "medium", cost: 0, returnedTo: "board" },
    ]);
    expect(r.state.touched).toEqual([LABELS.indexOf("b2")]);
    refused(r.state, { type: "grow", cell: "b2" }, "CELL_ALREADY_USED");
    const rich = moonPos({
      board: boardOf({ b2: "a1", a1: "b0", c3: "a1" }),
      players: `10:4232:1300:-/10:4432:1410:-`,
      moon: moon("beaver:a2:12", "owl:g1:0", "-;-;a1.a2.b2;-;-;--:-"),
    });
    refused(rich, { type: "ability", ability: "improve", cell: "a1" }, "NOT_YOUR_PIECE");
    refused(rich, { type: "ability", ability: "improve", cell: "c3" }, "WRONG_CELL");
    refused(rich, { type: "ability", ability: "improve", cell: "a2" }, "CELL_EMPTY");
    refused(rich, { type: "ability", ability: "improve", cell: "b2" }, "NOT_AVAILABLE");
    refused(
      moonPos({
        board: boardOf({ b2: "a1" }),
        players: `10:4432:2310:-/${EMPTY}`,
        moon: moon("beaver:a3:12", "owl:g1:0", "-;-;a1.a2.b2;-;-;--:-"),
      }),
      { type: "ability", ability: "improve", cell: "b2" },
      "WRONG_CELL",
    );
  });

  it("build, then improve, in the same turn (two abilities)", () => {
    const s = moonPos({
      board: boardOf({ b2: "a0" }),
      players: `10:4432:1410:-/${EMPTY}`,
      moon: moon("beaver:a2:11", "owl:g1:0"),
    });
    const built = act(s, { type: "ability", ability: "dam", cells: ["a1", "b2"] }).state;
    expect(pieceAt(built, "b2")).toBe("a1");
    const improved = act(built, { type: "ability", ability: "improve", cell: "b2" }).state;
    expect([pieceAt(improved, "b2"), points(improved, 0)]).toEqual(["a2", 0]);
  });
});

describe("turtle: hatch (4)", () => {
  it("turns over the baby on its cell: it lies face up in front of you", () => {
    const s = moonPos({ moon: `-;9h;turtle:a4:4:-:-:-/owl:g2:0:-:-:-;-;-;-;a4=light.d7=small;points+higher;--:-` });
    const r = act(s, { type: "ability", ability: "hatch" });
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "turtle", ability: "hatch", level: 1, cost: 4, points: 0 },
      { type: "babyHatched", seat: 0, cell: cell("a4"), baby: "light" },
    ]);
    expect(r.state.moon!.nests.map((n) => LABELS[n.cell])).toEqual(["d7"]);
    expect(r.state.moon!.players[0].babies).toEqual(["light"]);
    refused(
      moonPos({ moon: `-;9h;turtle:a3:4:-:-:-/owl:g2:0:-:-:-;-;-;-;a4=light;points;--:-` }),
      { type: "ability", ability: "hatch" },
      "NO_BABY",
    );
    refused(
      moonPos({ moon: `-;9h;turtle:a4:3:-:-:-/owl:g2:0:-:-:-;-;-;-;a4=light;points;--:-` }),
      { type: "ability", ability: "hatch" },
      "NOT_ENOUGH_MOON_POINTS",
    );
  });
});

describe("turtle: first baby steps (1) — each baby once, one a turn", () => {
  const T = (
    babies: string,
    board = "..../...../....../......./....../...../....",
    players = `10:4432:2410:-/${EMPTY}`,
    pts = 3,
  ) => moonPos({ board, players, moon: `-;9h;turtle:c3:${pts}:-:${babies}:-/owl:g2:0:-:-:-;-;-;-;-;-;--:-` });
  const steps = (baby: string, cell?: string) =>
    cell ? { type: "ability", ability: "babySteps", baby, cell } : { type: "ability", ability: "babySteps", baby };

  it("double: two actions on the same cell this turn (one cell only)", () => {
    const s = T("double", boardOf({ a1: "a0", a2: "a0" }), `10:4432:0210:-/${EMPTY}`);
    const r = act(s, steps("double"));
    expect(r.events).toEqual([
      { type: "abilityUsed", seat: 0, animal: "turtle", ability: "babySteps", level: 1, cost: 1, points: 2 },
      { type: "babyUsed", seat: 0, baby: "double" },
    ]);
    let t = r.state;
    expect([t.moon!.double, t.moon!.players[0].babies, t.moon!.players[0].spent]).toEqual([true, [], ["double"]]);
    t = act(t, { type: "grow", cell: "a1" }).state;
    t = act(t, { type: "grow", cell: "a1" }).state;
    expect(pieceAt(t, "a1")).toBe("a2");
    refused(t, { type: "grow", cell: "a1" }, "CELL_ALREADY_USED");
    t = act(t, { type: "grow", cell: "a2" }).state;
    refused(t, { type: "grow", cell: "a2" }, "CELL_ALREADY_USED");
    refused(t, steps("double"), "ABILITY_USED");
  });

  it("double: plant and then grow the same seed; the next turn the limit is back", () => {
    const s = T("double", boardOf({ a1: "a1" }), `10:4432:2310:-/${EMPTY}`);
    let t = act(s, steps("double")).state;
    t = act(t, { type: "plant", from: "a1", to: "a2" }).state;
    t = act(t, { type: "grow", cell: "a2" }).state;
    expect(pieceAt(t, "a2")).toBe("a1");
    // a plant touching a1 and a2 again would make two cells doubled
    refused(t, { type: "grow", cell: "a1" }, "CELL_ALREADY_USED");
    t = act(t, { type: "endTurn" }).state;
    expect(t.moon!.double).toBe(false);
  });

  it("small / medium: a tree from your player board to your available area, free", () => {
    const r = act(T("small+medium"), steps("small"));
    expect(r.events.slice(1)).toEqual([
      { type: "babyUsed", seat: 0, baby: "small" },
      { type: "bought", seat: 0, piece: "small", cost: 0 },
    ]);
    expect([r.state.players[0].board, r.state.players[0].available, r.state.players[0].light]).toEqual([
      [4, 3, 3, 2],
      [2, 5, 1, 0],
      10,
    ]);
    refused(r.state, steps("medium"), "ABILITY_USED");
    const m = act(T("medium"), steps("medium")).state;
    expect([m.players[0].board, m.players[0].available]).toEqual([
      [4, 4, 2, 2],
      [2, 4, 2, 0],
    ]);
    refused(T("small", undefined, `10:4032:2810:-/${EMPTY}`), steps("small"), "COLUMN_EMPTY");
  });

  it("collect: one of your large trees anywhere, free", () => {
    const s = T("collect", boardOf({ d4: "a3" }), `10:4431:2410:-/${EMPTY}`);
    const r = act(s, steps("collect", "d4"));
    expect(r.events.slice(2)).toEqual([
      { type: "collected", seat: 0, cell: cell("d4"), cost: 0, token: { leaves: 3, value: 19 }, returnedTo: "board" },
    ]);
    expect([r.state.players[0].light, pieceAt(r.state, "d4"), r.state.touched]).toEqual([
      10,
      ".",
      [LABELS.indexOf("d4")],
    ]);
    refused(s, steps("collect", "c3"), "CELL_EMPTY");
    refused(s, steps("collect"), "MALFORMED_ACTION");
  });

  it("light: 3 light points", () => {
    const r = act(T("light"), steps("light"));
    expect(r.events.slice(2)).toEqual([{ type: "lightGained", seat: 0, amount: 3, lost: 0, light: 13 }]);
  });

  it("plant: an available seed on any empty cell, free (an action on that cell)", () => {
    const s = T("plant", boardOf({ g4: "b3" }), `10:4432:2410:-/10:4431:2410:-`);
    const r = act(s, steps("plant", "g1"));
    expect(r.events.slice(2)).toEqual([{ type: "seedPlaced", seat: 0, cell: cell("g1"), from: "available" }]);
    expect([
      pieceAt(r.state, "g1"),
      r.state.players[0].available[0],
      r.state.players[0].light,
      r.state.touched,
    ]).toEqual(["a0", 1, 10, [LABELS.indexOf("g1")]]);
    refused(s, steps("plant", "g4"), "CELL_OCCUPIED");
    refused(T("plant", undefined, `10:4432:0410:-/${EMPTY}`), steps("plant", "g1"), "NOT_AVAILABLE");
    refused(
      moonPos({ options: "2MS", moon: `-;9h;turtle:c3:3:-:plant:-/owl:g2:0:-:-:-;-;g1;-;-;-;--:-` }),
      steps("plant", "g1"),
      "CELL_BLOCKED",
    );
  });

  it("points: 3 points at the end (the baby stays on the turtle board)", () => {
    const s = T("points");
    const t = act(s, steps("points")).state;
    expect(t.moon!.players[0].spent).toEqual(["points"]);
    const before = computeScores(s)[0];
    const after = computeScores(t)[0];
    expect([before.babies, after.babies, after.moon, after.total - before.total]).toEqual([0, 3, 2, 3 - 1]);
  });

  it("higher: collecting (4 light points), take the token from the stack one leaf higher", () => {
    const s = T("higher", boardOf({ a1: "a3", d4: "a3" }), `10:4430:2410:-/${EMPTY}`);
    const r = act(s, steps("higher", "a1"));
    expect(r.events.slice(2)).toEqual([
      { type: "collected", seat: 0, cell: cell("a1"), cost: 4, token: { leaves: 2, value: 17 }, returnedTo: "board" },
    ]);
    expect(r.state.players[0].light).toBe(6);
    // on the centre: the 4-leaf stack (3 players); with 2 players it is out, so the 3-leaf stack
    const three = moonPos({
      options: "3M",
      board: boardOf({ d4: "a3" }),
      players: `10:4431:2410:-/${EMPTY}/${EMPTY}`,
      moon: `-;9h;turtle:c3:3:-:higher:-/owl:g2:0:-:-:-/fox:g1:0:-:-:-;-;-;-;-;-;--:-`,
    });
    expect(act(three, steps("higher", "d4")).events[2]).toMatchObject({ token: { leaves: 4, value: 22 } });
    expect(act(s, steps("higher", "d4")).events[2]).toMatchObject({ token: { leaves: 3, value: 19 } });
    refused(T("higher", boardOf({ a1: "a3" }), `3:4431:2410:-/${EMPTY}`), steps("higher", "a1"), "NOT_ENOUGH_LIGHT");
    refused(T("higher", boardOf({ a1: "a2" }), `10:4422:2400:-/${EMPTY}`), steps("higher", "a1"), "WRONG_SIZE");
  });

  it("only a hatched baby, once; one baby a turn", () => {
    refused(T("light"), steps("plant", "g1"), "NO_BABY");
    refused(T("light"), steps("egg"), "MALFORMED_ACTION");
    const t = act(T("light+small"), steps("light")).state;
    refused(t, steps("small"), "ABILITY_USED");
    expect(t.moon!.players[0]).toMatchObject({ babies: ["small"], spent: ["light"] });
    refused(T("light", undefined, undefined, 0), steps("light"), "NOT_ENOUGH_MOON_POINTS");
  });
});

describe("every ability: once a turn, only your animal's, only in play", () => {
  it("another animal's ability is refused", () => {
    const s = moonPos({ moon: moon("owl:c3:14", "fox:a1:0") });
    refused(s, { type: "ability", ability: "dig", level: 1 }, "NOT_YOUR_ANIMAL");
    refused(s, { type: "ability", ability: "steal", target: 1 }, "NOT_YOUR_ANIMAL");
    refused(s, { type: "ability", ability: "fly" }, "MALFORMED_ACTION");
  });

  it("an ability used this turn may be used again in the seat's next turn", () => {
    let s = moonPos({ moon: moon("owl:c3:14", "fox:a1:0") });
    s = act(s, { type: "ability", ability: "hunt", level: 1 }).state;
    refused(s, { type: "ability", ability: "hunt", level: 1 }, "ABILITY_USED");
    s = endRound(s).state; // round 3: b first
    s = act(s, { type: "endTurn" }).state;
    expect([s.current, s.moon!.used]).toEqual([0, []]);
    expect(act(s, { type: "ability", ability: "hunt", level: 1 }).state.moon!.used).toEqual(["hunt"]);
  });

  it("abilities and moves wait for the play phase", () => {
    const setup = moonPos({ phase: "S0", seats: "a a 0", moon: `-;9h;owl:c3:14:-:-:-/fox:c4:0:-:-:-;-;-;-;-;-;--:-` });
    refused(setup, { type: "ability", ability: "hunt", level: 1 }, "WRONG_PHASE");
    refused(setup, { type: "moveAnimal", to: "b3" }, "WRONG_PHASE");
  });

  it("a base game refuses the expansion's actions as malformed", () => {
    const base = mpos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 10:4432:2410:-/10:4432:2410:- 9.7.5.0 - 0 00000000",
    );
    for (const action of [
      { type: "ability", ability: "hunt", level: 1 },
      { type: "moveAnimal", to: "b3" },
      { type: "chooseAnimal", animal: "owl" },
      { type: "placeMoonstone", cell: "d4" },
    ])
      refused(base, action, "MALFORMED_ACTION");
  });
});
