/**
 * The expansion's setup (German rulebook "Spielaufbau", docs/rules.md §8): the deal from the seed, the
 * private choice, the turtle's nests, the animals' placement order and cells, the Great Tree and
 * the moonstones (who places them, how many, where), then the setup trees.
 */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  LABELS,
  LEAVES,
  applyAction,
  createGame,
  legalActions,
  moonGeometry,
  resign,
  viewFor,
  type GameOptionsInput,
  type GameState,
  type Hex,
} from "../../../src/engine";
import { act, deepFreeze, eventsOf, moonPos, refused } from "./support";

function create(options: GameOptionsInput): GameState {
  const r = createGame(options);
  if (!r.ok) throw new Error(r.error.message);
  return deepFreeze(r.state);
}
const label = (c: number) => LABELS[c];

/** Play the seat to act's first legal action of the given type until the stage changes. */
function chooseAll(s: GameState, pick: (deal: string[], seat: number) => string = (d) => d[0]): GameState {
  while (s.moon!.stage === "choose")
    s = act(s, { type: "chooseAnimal", animal: pick(s.moon!.players[s.current].deal!, s.current) }).state;
  return s;
}
/** The seats acting in a stage, in order, each taking the first legal action. */
function stageOrder(s: GameState, stage: string): { seats: number[]; state: GameState } {
  const seats: number[] = [];
  while (s.moon!.stage === stage) {
    seats.push(s.current);
    s = act(s, legalActions(s)[0]).state;
  }
  return { seats, state: s };
}

describe("options", () => {
  it("moonlight: true is the main mode; an object adds modes; anything else is BAD_OPTIONS", () => {
    expect(create({ players: 2, moonlight: true }).options.moonlight).toEqual({ greatTree: false, moonstones: false });
    expect(create({ players: 2, moonlight: { moonstones: true } }).options.moonlight).toEqual({
      greatTree: false,
      moonstones: true,
    });
    for (const bad of [1, "yes", [], { greatTree: 1 }, { moonstones: "no" }, { greatTree: true, moonstone: true }]) {
      const r = createGame({ players: 2, moonlight: bad as never });
      expect(r.ok ? "ok" : r.error.code).toBe("BAD_OPTIONS");
    }
  });

  it("a base game has no trace of the expansion (moonlight false or absent)", () => {
    for (const s of [create({ players: 3, seed: 9 }), create({ players: 3, seed: 9, moonlight: false })]) {
      expect("moon" in s).toBe(false);
      expect("moonlight" in s.options).toBe(false);
    }
    expect(create({ players: 3, seed: 9, moonlight: false })).toEqual(create({ players: 3, seed: 9 }));
  });
});

describe("the animal deal and choice", () => {
  it("deals two different boards to each seat from the seed, none twice, the same for the same seed", () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = create({ players: 4, seed, moonlight: true });
      const deals = s.moon!.players.map((p) => p.deal!);
      for (const d of deals) expect(d).toHaveLength(2);
      expect(new Set(deals.flat()).size).toBe(8);
      expect(create({ players: 4, seed, moonlight: true }).moon).toEqual(s.moon);
    }
    const firstDeals = new Set(
      Array.from({ length: 30 }, (_, seed) =>
        create({ players: 2, seed, moonlight: true }).moon!.players[0].deal!.join(),
      ),
    );
    expect(firstDeals.size).toBeGreaterThan(5);
  });

  it("each seat chooses one of its two, in turn order; the other goes back to the box", () => {
    let s = create({ players: 3, seed: 4, firstPlayer: 1, moonlight: true });
    expect([s.phase, s.moon!.stage, s.current, s.turn]).toEqual(["setup", "choose", 1, 0]);
    const deal = s.moon!.players[1].deal!;
    expect(legalActions(s)).toEqual(deal.map((animal) => ({ type: "chooseAnimal", animal })));
    const other = ["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle"].find(
      (a) => !s.moon!.players.some((p) => p.deal!.includes(a as never)),
    )!;
    refused(s, { type: "chooseAnimal", animal: other }, "NOT_DEALT");
    refused(s, { type: "chooseAnimal", animal: s.moon!.players[2].deal![0] }, "NOT_DEALT");
    refused(s, { type: "chooseAnimal", animal: "unicorn" }, "MALFORMED_ACTION");
    refused(s, { type: "place", cell: "a1" }, "WRONG_PHASE");
    refused(s, { type: "placeAnimal", cell: "c3" }, "WRONG_PHASE");
    refused(s, { type: "moveAnimal", to: "c3" }, "WRONG_PHASE");
    refused(s, { type: "endTurn" }, "WRONG_PHASE");
    const r = act(s, { type: "chooseAnimal", animal: deal[1] });
    s = r.state;
    expect(r.events).toEqual([{ type: "animalChosen", seat: 1, animal: deal[1] }]);
    expect(s.moon!.players[1]).toMatchObject({ deal: null, animal: deal[1], cell: -1, points: 2 });
    expect([s.current, s.turn]).toEqual([2, 1]);
    s = act(s, { type: "chooseAnimal", animal: s.moon!.players[2].deal![0] }).state;
    expect(s.current).toBe(0);
    const last = act(s, { type: "chooseAnimal", animal: s.moon!.players[0].deal![0] });
    expect(last.events.map((e) => e.type)).toEqual(["animalChosen", "animalsRevealed"]);
    expect(eventsOf(last.events, "animalsRevealed")[0].animals).toEqual(last.state.moon!.players.map((p) => p.animal));
    expect(last.state.moon!.stage).toBe("animals");
  });

  it("the choice is private until every seat has chosen", () => {
    let s = create({ players: 3, seed: 4, firstPlayer: 0, moonlight: true });
    s = act(s, { type: "chooseAnimal", animal: s.moon!.players[0].deal![0] }).state;
    const chosen = s.moon!.players[0].animal;
    expect(viewFor(s, 0).moon!.players[0].animal).toBe(chosen);
    for (const viewer of [1, 2, null]) {
      expect(viewFor(s, viewer).moon!.players[0].animal).toBeNull();
      expect(
        viewFor(s, viewer)
          .moon!.players.filter((_, seat) => seat !== viewer)
          .every((p) => p.deal === null),
      ).toBe(true);
    }
    s = chooseAll(s);
    for (const viewer of [0, 1, 2, null]) expect(viewFor(s, viewer).moon!.players[0].animal).toBe(chosen);
  });
});

describe("the turtle's nests", () => {
  it("with the turtle in play the 8 babies are shuffled from the seed: 6 face down on the corners, 2 in the box", () => {
    let found = 0;
    for (let seed = 0; found < 5; seed++) {
      let s = create({ players: 2, seed, moonlight: true });
      const seat = s.moon!.players.findIndex((p) => p.deal!.includes("turtle"));
      if (seat < 0) continue;
      found++;
      s = chooseAll(s, (deal, who) => (who === seat ? "turtle" : deal[0]));
      expect(s.moon!.nests.map((n) => label(n.cell))).toEqual(["a4", "d7", "g4", "g1", "d1", "a1"]);
      const babies = [...s.moon!.nests.map((n) => n.baby), ...s.moon!.box];
      expect(s.moon!.box).toHaveLength(2);
      expect([...babies].sort()).toEqual([
        "collect",
        "double",
        "higher",
        "light",
        "medium",
        "plant",
        "points",
        "small",
      ]);
    }
  });

  it("without the turtle there are none", () => {
    for (let seed = 0; seed < 10; seed++) {
      const s = chooseAll(create({ players: 2, seed, moonlight: true }), (deal) => deal.find((a) => a !== "turtle")!);
      expect([s.moon!.nests, s.moon!.box]).toEqual([[], []]);
    }
  });
});

describe("placing the animals", () => {
  it("starts with the player to the right of the first player and goes counter-clockwise", () => {
    for (const [players, first, order] of [
      [2, 0, [1, 0]],
      [3, 1, [0, 2, 1]],
      [4, 2, [1, 0, 3, 2]],
      [4, 0, [3, 2, 1, 0]],
    ] as const) {
      const s = chooseAll(create({ players, seed: 1, firstPlayer: first, moonlight: true }));
      expect(stageOrder(s, "animals").seats).toEqual(order);
    }
  });

  it("on a free 3-leaf cell without another animal", () => {
    let s = chooseAll(create({ players: 3, seed: 2, firstPlayer: 0, moonlight: true }));
    const threeLeaf = CELLS.map((_, c) => c)
      .filter((c) => LEAVES[c] === 3)
      .map(label);
    expect(threeLeaf).toEqual(["c3", "c4", "d3", "d5", "e3", "e4"]);
    expect(legalActions(s).map((a) => label(CELLS.indexOf((a as { cell: Hex }).cell)))).toEqual(threeLeaf);
    refused(s, { type: "placeAnimal", cell: "d4" }, "WRONG_CELL");
    refused(s, { type: "placeAnimal", cell: "b2" }, "WRONG_CELL");
    refused(s, { type: "placeAnimal", cell: "h1" }, "NOT_ON_BOARD");
    const r = act(s, { type: "placeAnimal", cell: "d3" });
    expect(r.events).toEqual([
      { type: "animalPlaced", seat: 2, animal: s.moon!.players[2].animal, cell: { q: -1, r: 0 } },
    ]);
    s = r.state;
    refused(s, { type: "placeAnimal", cell: "d3" }, "CELL_BLOCKED");
    expect(legalActions(s)).toHaveLength(5);
  });
});

describe("the Great Tree and the moonstones", () => {
  function toStage(options: GameOptionsInput, stage: string): GameState {
    let s = chooseAll(create(options));
    while (s.moon!.stage !== stage) s = act(s, legalActions(s)[0]).state;
    return s;
  }

  it("the last player in turn order places the Great Tree on any free cell", () => {
    for (const [players, first] of [
      [2, 0],
      [3, 1],
      [4, 3],
    ] as const) {
      const s = toStage({ players, seed: 3, firstPlayer: first, moonlight: { greatTree: true } }, "greatTree");
      expect(s.current).toBe((first + players - 1) % players);
      // every cell but the animals' (and the baby turtles', if the turtle is in play)
      expect(legalActions(s)).toHaveLength(37 - players - s.moon!.nests.length);
      const animalCell = label(s.moon!.players[0].cell);
      refused(s, { type: "placeGreatTree", cell: animalCell }, "CELL_BLOCKED");
      const r = act(s, { type: "placeGreatTree", cell: "d4" });
      expect(r.events[0]).toEqual({ type: "greatTreePlaced", seat: s.current, cell: { q: 0, r: 0 } });
      expect(r.state.moon!.greatTree).toBe(18);
    }
  });

  it("not on a baby turtle's cell", () => {
    const s = moonPos({
      options: "2MG",
      phase: "S0",
      seats: "a b 4",
      moon: "g;9h;turtle:c3:2:-:-:-/owl:c4:2:-:-:-;-;-;-;a4=light.d7=small.g4=plant.g1=points.d1=double.a1=higher;collect+medium;--:-",
    });
    for (const corner of ["a4", "d7", "g4", "g1", "d1", "a1"])
      refused(s, { type: "placeGreatTree", cell: corner }, "CELL_BLOCKED");
    expect(legalActions(s)).toHaveLength(37 - 2 - 6);
    refused(s, { type: "placeMoonstone", cell: "d4" }, "WRONG_PHASE");
  });

  it("moonstones: how many and who places them (with the Great Tree: from the right of its placer; else from the last player)", () => {
    for (const [players, first, gt, treeBy, order] of [
      [2, 0, true, 1, [0, 1, 0]],
      [2, 0, false, null, [1, 0, 1]],
      [2, 1, false, null, [0, 1, 0]],
      [3, 0, true, 2, [1, 0]],
      [3, 0, false, null, [2, 1]],
      [3, 2, false, null, [1, 0]],
      [4, 0, true, 3, [2]],
      [4, 1, true, 0, [3]],
      [4, 0, false, null, []],
    ] as const) {
      let s = chooseAll(
        create({ players, seed: 5, firstPlayer: first, moonlight: { greatTree: gt, moonstones: true } }),
      );
      s = stageOrder(s, "animals").state;
      if (gt) {
        expect(s.moon!.stage).toBe("greatTree");
        expect(s.current).toBe(treeBy);
        s = act(s, { type: "placeGreatTree", cell: "d4" }).state;
      }
      const stones = stageOrder(s, "moonstones");
      expect([players, first, gt, stones.seats]).toEqual([players, first, gt, order]);
      expect(stones.state.moon!.stones).toHaveLength(order.length);
      expect(stones.state.moon!.stage).toBeNull();
      expect([stones.state.current, stones.state.turn]).toEqual([first, 0]);
    }
  });

  it("stones go on free cells: not on an animal, the Great Tree, another stone or a baby", () => {
    const s = moonPos({
      options: "2MGS",
      phase: "S0",
      seats: "a a 5",
      moon: "s;9h;turtle:c3:2:-:-:-/owl:c4:2:-:-:-;d4;b2;-;a4=light.d7=small.g4=plant.g1=points.d1=double.a1=higher;collect+medium;--:-",
    });
    for (const cell of ["c3", "c4", "d4", "b2", "a1", "g4"])
      refused(s, { type: "placeMoonstone", cell }, "CELL_BLOCKED");
    expect(legalActions(s)).toHaveLength(37 - 2 - 1 - 1 - 6);
    const r = act(s, { type: "placeMoonstone", cell: "e1" });
    expect(r.events[0]).toEqual({ type: "moonstonePlaced", seat: 0, cell: CELLS[LABELS.indexOf("e1")] });
  });
});

describe("then the setup trees", () => {
  it("start with the first player, on empty edge cells that hold no moonstone or Great Tree; babies do not block", () => {
    const s = moonPos({
      options: "2MGS",
      phase: "S0",
      seats: "a a 0",
      moon: "-;9h;turtle:c3:2:-:-:-/owl:c4:2:-:-:-;a2;b1.e1.a3;-;a4=light.d7=small.g4=plant.g1=points.d1=double.a1=higher;collect+medium;--:-",
    });
    for (const cell of ["a2", "e1", "a3", "b1"]) refused(s, { type: "place", cell }, "CELL_BLOCKED");
    refused(s, { type: "place", cell: "b2" }, "NOT_AN_EDGE_CELL");
    refused(s, { type: "placeMoonstone", cell: "f1" }, "WRONG_PHASE");
    expect(legalActions(s)).toHaveLength(18 - 4);
    const r = act(s, { type: "place", cell: "a1" });
    expect(r.state.cells[LABELS.indexOf("a1")]).toBe(2);
  });

  it("a whole setup ends in round 1 with everyone's animal on the board and 2 moon points, plus the first moon points", () => {
    let s = chooseAll(
      create({ players: 3, seed: 8, firstPlayer: 2, moonlight: { greatTree: true, moonstones: true } }),
    );
    while (s.phase === "setup") s = act(s, legalActions(s)[0]).state;
    expect(s.round).toBe(1);
    expect(s.moon!.players.every((p) => p.cell >= 0 && p.animal !== null)).toBe(true);
    expect(s.moon!.stones).toHaveLength(2);
    expect(s.moon!.greatTree).toBeGreaterThanOrEqual(0);
    expect(s.cells.filter((c) => c !== 0)).toHaveLength(6);
  });
});

describe("resigning during the expansion's setup", () => {
  it("a seat that resigns before choosing gets no animal and is skipped; its Great Tree goes to the next seat counter-clockwise", () => {
    let s = create({ players: 3, seed: 6, firstPlayer: 0, moonlight: { greatTree: true } });
    s = act(s, { type: "chooseAnimal", animal: s.moon!.players[0].deal![0] }).state;
    const r = resign(s, 2);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    expect(s.current).toBe(1);
    s = act(s, { type: "chooseAnimal", animal: s.moon!.players[1].deal![0] }).state;
    expect(s.moon!.stage).toBe("animals");
    expect(s.moon!.players[2].animal).toBeNull();
    const placed = stageOrder(s, "animals");
    expect(placed.seats).toEqual([1, 0]);
    // the Great Tree's placer would be seat 2 (last in turn order); it resigned, so seat 1 places it
    expect(placed.state.moon!.stage).toBe("greatTree");
    expect(placed.state.current).toBe(1);
    const ok = applyAction(placed.state, { type: "placeGreatTree", cell: "d4" });
    expect(ok.ok).toBe(true);
  });
});

void moonGeometry;
