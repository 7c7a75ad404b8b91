/**
 * docs/rules.md §3 and §5: the player board (prices, returning pieces), buying, planting, growing,
 * collecting, one action per cell per turn; §7 heavy shade. Every position is a notation string.
 * Unless a row says otherwise: 2 players, round 2 (sun at position 1: shadows toward the west),
 * seat a to act.
 */
import { describe, expect, it } from "vitest";
import {
  applyActions,
  boardPrice,
  createGame,
  legalActions,
  startStacks,
  type GameState,
  type RuleErrorCode,
} from "../../src/engine";
import { at, eventsOf, expectRefused, pieceAt, play, pos } from "./support";

const PIECES = ["seed", "small", "medium", "large"] as const;

describe("buying from the player board (§3, §5)", () => {
  it.each([
    // piece, player board (seed small medium large), price of the cheapest piece left
    ["seed", "4432", 1],
    ["seed", "3432", 1],
    ["seed", "2432", 2],
    ["seed", "1432", 2],
    ["small", "4432", 2],
    ["small", "4332", 2],
    ["small", "4232", 3],
    ["small", "4132", 3],
    ["medium", "4432", 3],
    ["medium", "4422", 3],
    ["medium", "4412", 4],
    ["large", "4432", 4],
    ["large", "4431", 5],
  ] as const)("a %s with player board %s costs %d", (piece, board, price) => {
    const col = PIECES.indexOf(piece);
    const rich = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 20:${board}:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
    );
    expect(boardPrice(rich.players[0], col)).toBe(price);
    const { state, events } = play(rich, { type: "buy", piece });
    expect(events).toEqual([{ type: "bought", seat: 0, piece, cost: price }]);
    expect(state.players[0].light).toBe(20 - price);
    expect(state.players[0].board[col]).toBe(Number(board[col]) - 1);
    expect(state.players[0].available[col]).toBe(1);
    expect(state.touched).toEqual([]);
    expect(state.current).toBe(0);

    const exact = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... ${price}:${board}:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
    );
    expect(play(exact, { type: "buy", piece }).state.players[0].light).toBe(0);
    const poor = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... ${price - 1}:${board}:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
    );
    expectRefused(poor, { type: "buy", piece }, "NOT_ENOUGH_LIGHT");
  });

  it.each([
    ["seed", "0432", [1, 1, 2, 2]],
    ["small", "4032", [2, 2, 3, 3]],
    ["medium", "4402", [3, 3, 4]],
    ["large", "4430", [4, 5]],
  ] as const)("buying every %s: cheapest first, then the column is empty", (piece, emptyBoard, costs) => {
    let state = pos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 20:4432:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
    );
    const paid: number[] = [];
    for (let i = 0; i < costs.length; i++) {
      const r = play(state, { type: "buy", piece });
      paid.push(eventsOf(r.events, "bought")[0].cost);
      state = r.state;
    }
    expect(paid).toEqual(costs);
    expect(state.players[0].board.join("")).toBe(emptyBoard);
    expect(state.players[0].light).toBe(20 - costs.reduce((a, b) => a + b, 0));
    expect(boardPrice(state.players[0], PIECES.indexOf(piece))).toBe(-1);
    expectRefused(state, { type: "buy", piece }, "COLUMN_EMPTY");
  });

  it("buying touches no cell: any number of purchases, then the pieces are usable at once", () => {
    const start = pos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.../....../...../.... 20:4432:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
    );
    const { state } = play(
      start,
      { type: "buy", piece: "seed" },
      { type: "buy", piece: "seed" },
      { type: "buy", piece: "medium" },
      { type: "grow", cell: "d4" },
      { type: "buy", piece: "small" },
    );
    expect(state.players[0].light).toBe(20 - 1 - 1 - 3 - 2 - 2);
    expect(pieceAt(state, "d4")).toBe("a2");
    expect(state.touched).toHaveLength(1);
  });
});

describe("pieces returning to the player board (§3): the highest free slot, or the box", () => {
  it.each([
    // what grows, player board before, available before, board after, where the old piece went, next price of its column
    ["a0", "4000", "0100", "4000", "box", 1],
    ["a0", "3000", "0100", "4000", "board", 1],
    ["a0", "1000", "0100", "2000", "board", 2],
    ["a0", "0000", "0100", "1000", "board", 2],
    ["a1", "0400", "0010", "0400", "box", 2],
    ["a1", "0300", "0010", "0400", "board", 2],
    ["a1", "0200", "0010", "0300", "board", 2],
    ["a1", "0000", "0010", "0100", "board", 3],
    ["a2", "0030", "0001", "0030", "box", 3],
    ["a2", "0020", "0001", "0030", "board", 3],
    ["a2", "0010", "0001", "0020", "board", 3],
    ["a2", "0000", "0001", "0010", "board", 4],
  ])(
    "growing %s with player board %s: board %s, old piece to the %s, next price %d",
    (piece, board, available, after, returnedTo, price) => {
      const size = Number(piece[1]);
      const state = pos(
        `PS1 2:00000000:a R2 a a 0 ..../...../....../...${piece}.../....../...../.... 20:${board}:${available}:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
      );
      const { state: s, events } = play(state, { type: "grow", cell: "d4" });
      expect(eventsOf(events, "grew")[0].returnedTo).toBe(returnedTo);
      expect(s.players[0].board.join("")).toBe(after);
      expect(boardPrice(s.players[0], size)).toBe(price);
    },
  );

  it.each([
    // player board before, available before, board after
    ["0001", "0000", "0002"],
    ["0000", "0000", "0001"],
    ["0000", "0001", "0001"],
  ])("a collected large tree returns to the board (player board %s, available %s)", (board, available, after) => {
    const state = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../...a3.../....../...../.... 4:${board}:${available}:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
    );
    const { state: s, events } = play(state, { type: "collect", cell: "d4" });
    expect(eventsOf(events, "collected")[0].returnedTo).toBe("board");
    expect(s.players[0].board.join("")).toBe(after);
  });
});

describe("planting a seed (§5)", () => {
  const small =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.../....../...../.... 5:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const medium =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a2.../....../...../.... 5:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const large =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a3.../....../...../.... 5:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const largeEdge =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../......a3/....../...../.... 5:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const blocked =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../....b1b2a3/....../...../.... 5:4000:2000:-/0:4000:0000:- 9.7.5.0 - 0 00000000";
  const crowded =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1a0b1./....../...../.... 5:3000:2000:-/0:4000:0000:- 9.7.5.0 - 0 00000000";
  const fromSeed =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a0.../....../...../.... 5:3000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const noSeed =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.../....../...../.... 5:4000:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
  const noLight =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.../....../...../.... 0:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000";

  it.each([
    // what plants, from, to, distance, expected, position
    ["small", "d4", "d5", 1, "ok", small],
    ["small", "d4", "c4", 1, "ok", small],
    ["small", "d4", "e3", 1, "ok", small],
    ["small", "d4", "d6", 2, "OUT_OF_RANGE", small],
    ["small", "d4", "b4", 2, "OUT_OF_RANGE", small],
    ["small", "d4", "d4", 0, "CELL_OCCUPIED", small],
    ["medium", "d4", "d6", 2, "ok", medium],
    ["medium", "d4", "b4", 2, "ok", medium],
    ["medium (off the six lines)", "d4", "b3", 2, "ok", medium],
    ["medium", "d4", "d7", 3, "OUT_OF_RANGE", medium],
    ["medium", "d4", "a4", 3, "OUT_OF_RANGE", medium],
    ["large", "d4", "d7", 3, "ok", large],
    ["large", "d4", "a1", 3, "ok", large],
    ["large (off the six lines)", "d4", "a2", 3, "ok", large],
    ["large on the edge", "d7", "d4", 3, "ok", largeEdge],
    ["large on the edge", "d7", "d3", 4, "OUT_OF_RANGE", largeEdge],
    ["large on the edge", "d7", "d1", 6, "OUT_OF_RANGE", largeEdge],
    ["large, over two other trees", "d7", "d4", 3, "ok", blocked],
    ["large, onto another player's tree", "d7", "d6", 1, "CELL_OCCUPIED", blocked],
    ["small, onto own seed", "d4", "d5", 1, "CELL_OCCUPIED", crowded],
    ["small, onto an occupied cell out of range", "d4", "d6", 2, "CELL_OCCUPIED", crowded],
    ["a seed", "d4", "d5", 1, "WRONG_SIZE", fromSeed],
    ["another player's small", "d6", "d7", 1, "NOT_YOUR_PIECE", crowded],
    ["an empty cell", "d5", "d6", 1, "CELL_EMPTY", small],
    ["a small, no seed available", "d4", "d5", 1, "NOT_AVAILABLE", noSeed],
    ["a small, no light", "d4", "d5", 1, "NOT_ENOUGH_LIGHT", noLight],
    ["a small, off the board", "d4", { q: 1, r: 3 }, 9, "NOT_ON_BOARD", small],
    ["off the board", { q: -4, r: 0 }, "d3", 9, "NOT_ON_BOARD", small],
  ] as const)("from %s: %o -> %o (distance %d): %s", (_what, from, to, _d, expected, text) => {
    const state = pos(text);
    const action = { type: "plant", from, to };
    const listed = legalActions(state).some(
      (a) =>
        JSON.stringify(a) ===
        JSON.stringify({
          type: "plant",
          from: typeof from === "string" ? at(from) : from,
          to: typeof to === "string" ? at(to) : to,
        }),
    );
    if (expected === "ok") {
      expect(listed).toBe(true);
      const { state: s, events } = play(state, action);
      expect(events).toEqual([{ type: "planted", seat: 0, from: at(from as string), to: at(to as string), cost: 1 }]);
      expect(s.players[0].light).toBe(state.players[0].light - 1);
      expect(s.players[0].available[0]).toBe(state.players[0].available[0] - 1);
      expect(pieceAt(s, to as string)).toBe("a0");
      expect(pieceAt(s, from as string)).toBe(pieceAt(state, from as string));
    } else {
      expect(listed).toBe(false);
      expectRefused(state, action, expected as RuleErrorCode);
    }
  });

  it.each([
    // position, legal targets on an otherwise empty board
    ["a small tree in the centre", small, 6],
    ["a medium tree in the centre", medium, 18],
    ["a large tree in the centre", large, 36],
    ["a large tree on an edge cell", largeEdge, 15],
    [
      "a small tree in a corner",
      "PS1 2:00000000:a R2 a a 0 a1.../...../....../......./....../...../.... 5:4000:2000:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      3,
    ],
  ])("%s can plant on %d cells", (_what, text, count) => {
    expect(legalActions(pos(text)).filter((a) => a.type === "plant")).toHaveLength(count);
  });
});

describe("growing (§5)", () => {
  it.each([
    // piece, light, available (seed small medium large), cost, expected
    ["a0", 1, "0100", 1, "ok"],
    ["a1", 2, "0010", 2, "ok"],
    ["a2", 3, "0001", 3, "ok"],
    ["a0", 0, "0100", 1, "NOT_ENOUGH_LIGHT"],
    ["a1", 1, "0010", 2, "NOT_ENOUGH_LIGHT"],
    ["a2", 2, "0001", 3, "NOT_ENOUGH_LIGHT"],
    ["a0", 20, "1011", 1, "NOT_AVAILABLE"],
    ["a1", 20, "1101", 2, "NOT_AVAILABLE"],
    ["a2", 20, "1110", 3, "NOT_AVAILABLE"],
    ["a3", 20, "1110", 0, "WRONG_SIZE"],
    ["b1", 20, "1111", 0, "NOT_YOUR_PIECE"],
    [".", 20, "1111", 0, "CELL_EMPTY"],
  ] as const)("%s with %d light and available %s (cost %d): %s", (piece, light, available, cost, expected) => {
    const state = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../...${piece}.../....../...../.... ${light}:0000:${available}:-/0:0000:0000:- 9.7.5.0 - 0 00000000`,
    );
    const action = { type: "grow", cell: "d4" };
    const size = Number(piece[1]);
    if (expected === "ok") {
      const { state: s, events } = play(state, action);
      expect(events).toEqual([
        { type: "grew", seat: 0, cell: at("d4"), from: PIECES[size], to: PIECES[size + 1], cost, returnedTo: "board" },
      ]);
      expect(pieceAt(s, "d4")).toBe(`a${size + 1}`);
      expect(s.players[0].light).toBe(light - cost);
      expect(s.players[0].available[size + 1]).toBe(0);
      expect(s.players[0].board[size]).toBe(1);
      expect(s.touched).toEqual([state.cells.findIndex((c) => c !== 0)]);
    } else {
      expectRefused(state, action, expected);
    }
  });
});

describe("collecting (§3, §5)", () => {
  const four = (cell: string, light: number, stacks: string) => {
    const board = {
      d4: "..../...../....../...a3.../....../...../....",
      c4: "..../...../...a3../......./....../...../....",
      b4: "..../...a3./....../......./....../...../....",
      a4: "...a3/...../....../......./....../...../....",
    }[cell]!;
    return `PS1 4:00000000:a R2 a a 0 ${board} ${light}:4001:0000:-/0:4432:2410:-/0:4432:2410:-/0:4432:2410:- ${stacks} - 0 00000000`;
  };

  it.each([
    // cell, leaves, stacks left (1-leaf . 2 . 3 . 4-leaf), token taken, stacks after
    ["d4", 4, "9.7.5.3", { leaves: 4, value: 22 }, "9.7.5.2"],
    ["c4", 3, "9.7.5.3", { leaves: 3, value: 19 }, "9.7.4.3"],
    ["b4", 2, "9.7.5.3", { leaves: 2, value: 17 }, "9.6.5.3"],
    ["a4", 1, "9.7.5.3", { leaves: 1, value: 14 }, "8.7.5.3"],
    ["d4", 4, "9.7.5.1", { leaves: 4, value: 20 }, "9.7.5.0"],
    ["c4", 3, "9.7.2.3", { leaves: 3, value: 17 }, "9.7.1.3"],
    ["b4", 2, "9.3.5.3", { leaves: 2, value: 14 }, "9.2.5.3"],
    ["a4", 1, "4.7.5.3", { leaves: 1, value: 12 }, "3.7.5.3"],
    ["a4", 1, "1.7.5.3", { leaves: 1, value: 12 }, "0.7.5.3"],
    // fallback to the next lower stack, and the next
    ["d4", 4, "9.7.5.0", { leaves: 3, value: 19 }, "9.7.4.0"],
    ["d4", 4, "9.7.0.0", { leaves: 2, value: 17 }, "9.6.0.0"],
    ["d4", 4, "9.0.0.0", { leaves: 1, value: 14 }, "8.0.0.0"],
    ["c4", 3, "9.7.0.3", { leaves: 2, value: 17 }, "9.6.0.3"],
    ["c4", 3, "9.0.0.3", { leaves: 1, value: 14 }, "8.0.0.3"],
    ["b4", 2, "2.0.5.3", { leaves: 1, value: 12 }, "1.0.5.3"],
    // nothing when every lower stack is empty, even if higher ones are not
    ["d4", 4, "0.0.0.0", null, "0.0.0.0"],
    ["c4", 3, "0.0.0.3", null, "0.0.0.3"],
    ["b4", 2, "0.0.5.3", null, "0.0.5.3"],
    ["a4", 1, "0.7.5.3", null, "0.7.5.3"],
  ])("a large tree on %s (%d leaves), stacks %s: token %o", (cell, _leaves, stacks, token, after) => {
    const state = pos(four(cell, 6, stacks));
    const { state: s, events } = play(state, { type: "collect", cell });
    expect(events).toEqual([{ type: "collected", seat: 0, cell: at(cell), cost: 4, token, returnedTo: "board" }]);
    expect(s.stacks.join(".")).toBe(after);
    expect(s.players[0].tokens).toEqual(token ? [token] : []);
    expect(s.players[0].light).toBe(2);
    expect(pieceAt(s, cell)).toBe(".");
    expect(s.players[0].board[3]).toBe(2);
  });

  it("costs 4 light points", () => {
    expectRefused(pos(four("d4", 3, "9.7.5.3")), { type: "collect", cell: "d4" }, "NOT_ENOUGH_LIGHT");
    expect(play(pos(four("d4", 4, "9.7.5.3")), { type: "collect", cell: "d4" }).state.players[0].light).toBe(0);
  });

  it.each(["a0", "a1", "a2"])("only a large tree can be collected, not %s", (piece) => {
    const state = pos(
      `PS1 2:00000000:a R2 a a 0 ..../...../....../...${piece}.../....../...../.... 20:0000:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000`,
    );
    expectRefused(state, { type: "collect", cell: "d4" }, "WRONG_SIZE");
  });

  it("a second token from the same stack is the next one down", () => {
    const state = pos(
      "PS1 4:00000000:a R2 a a 0 ..../...../...a3../...a3.../....../...../.... 20:4000:0000:-/0:4432:2410:-/0:4432:2410:-/0:4432:2410:- 9.7.5.3 - 0 00000000",
    );
    const { state: s } = play(state, { type: "collect", cell: "d4" }, { type: "collect", cell: "c4" });
    expect(s.players[0].tokens).toEqual([
      { leaves: 4, value: 22 },
      { leaves: 3, value: 19 },
    ]);
  });

  it("with 2 players the 4-leaf stack is out from the start and the centre takes from the 3-leaf stack", () => {
    for (const players of [2, 3, 4]) {
      const created = createGameOrThrow(players);
      expect(created.stacks).toEqual(players === 2 ? [9, 7, 5, 0] : [9, 7, 5, 3]);
      expect(startStacks(players)).toEqual(created.stacks);
    }
    const state = pos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../...a3.../....../...../.... 4:4001:0000:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
    );
    const { state: s, events } = play(state, { type: "collect", cell: "d4" });
    expect(eventsOf(events, "collected")[0].token).toEqual({ leaves: 3, value: 19 });
    expect(s.stacks).toEqual([9, 7, 4, 0]);
  });
});

describe("one action per cell per turn (§5)", () => {
  // a: small d4, large d6, medium e5; b: small d7. a has 20 light and a seed, a small, a medium and a large available.
  const turn =
    "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.a3b1/....a2./...../.... 20:4000:2111:-/5:4000:2000:- 9.7.5.0 - 0 00000000";

  it.each([
    ["grow a tree, then plant from it", [{ type: "grow", cell: "d4" }], { type: "plant", from: "d4", to: "d3" }],
    ["plant twice from one tree", [{ type: "plant", from: "d4", to: "d3" }], { type: "plant", from: "d4", to: "d5" }],
    ["plant from a tree, then grow it", [{ type: "plant", from: "d4", to: "d3" }], { type: "grow", cell: "d4" }],
    ["grow a seed planted this turn", [{ type: "plant", from: "d4", to: "d3" }], { type: "grow", cell: "d3" }],
    ["grow a tree twice", [{ type: "grow", cell: "d4" }], { type: "grow", cell: "d4" }],
    ["collect a tree that just grew", [{ type: "grow", cell: "e5" }], { type: "collect", cell: "e5" }],
    ["collect a tree that just planted", [{ type: "plant", from: "d6", to: "d5" }], { type: "collect", cell: "d6" }],
    ["plant onto a cell just collected", [{ type: "collect", cell: "d6" }], { type: "plant", from: "e5", to: "d6" }],
    [
      "plant onto a cell just collected, after other actions",
      [
        { type: "buy", piece: "seed" },
        { type: "collect", cell: "d6" },
        { type: "plant", from: "d4", to: "d3" },
      ],
      { type: "plant", from: "e5", to: "d6" },
    ],
  ])("%s: CELL_ALREADY_USED", (_name, first, then) => {
    const { state } = play(pos(turn), ...first);
    expectRefused(state, then, "CELL_ALREADY_USED");
    expect(legalActions(state).some((a) => sameCells(a, then))).toBe(false);
  });

  it("different cells in the same turn are fine", () => {
    const { state } = play(
      pos(turn),
      { type: "plant", from: "d4", to: "d3" },
      { type: "plant", from: "e5", to: "e4" },
      { type: "buy", piece: "seed" },
      { type: "collect", cell: "d6" },
    );
    expect(state.touched.length).toBe(5);
    expect(pieceAt(state, "d3")).toBe("a0");
    expect(pieceAt(state, "e4")).toBe("a0");
    expect(pieceAt(state, "d6")).toBe(".");
  });

  it("another player may use the cell in their own turn; the used cells are cleared when the turn ends", () => {
    const { state: afterA } = play(pos(turn), { type: "collect", cell: "d6" }, { type: "grow", cell: "d4" });
    expect(afterA.touched).toHaveLength(2);
    const { state: bTurn } = play(afterA, { type: "endTurn" });
    expect(bTurn.current).toBe(1);
    expect(bTurn.touched).toEqual([]);
    const { state: s } = play(bTurn, { type: "plant", from: "d7", to: "d6" });
    expect(pieceAt(s, "d6")).toBe("b0");
  });

  it("a cell used earlier in this turn can be read from the notation", () => {
    const state = pos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.a3b1/....a2./...../.... 20:4000:2111:-/5:4000:2000:- 9.7.5.0 d4.e4 0 00000000",
    );
    expectRefused(state, { type: "grow", cell: "d4" }, "CELL_ALREADY_USED");
    expectRefused(state, { type: "plant", from: "e5", to: "e4" }, "CELL_ALREADY_USED");
    expect(play(state, { type: "grow", cell: "e5" }).state.touched).toHaveLength(3);
  });

  it("a turn given as a list of actions is applied atomically", () => {
    const state = pos(turn);
    const r = applyActions(state, [
      { type: "plant", from: "d4", to: "d3" },
      { type: "grow", cell: "d3" },
      { type: "endTurn" },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("CELL_ALREADY_USED");
      expect(r.index).toBe(1);
    }
    const ok = applyActions(state, [
      { type: "plant", from: "d4", to: "d3" },
      { type: "grow", cell: "e5" },
      { type: "endTurn" },
    ]);
    expect(ok.ok).toBe(true);
    if (ok.ok) {
      expect(ok.events.map((e) => e.type)).toEqual(["planted", "grew", "turnEnded", "turnStarted"]);
      expect(ok.state.current).toBe(1);
    }
  });
});

describe("heavy shade (§7): sun at position 1, shadows toward the west", () => {
  it.each([
    // board, action, with heavy shade, reason
    [
      "..../...../....../...a0b1../....../...../....",
      { type: "grow", cell: "d4" },
      "IN_SHADOW",
      "a seed in any tree's shadow",
    ],
    ["..../...../....../..b1a0.../....../...../....", { type: "grow", cell: "d4" }, "ok", "a seed up-sun of a tree"],
    [
      "..../...../....../...a1b1../....../...../....",
      { type: "grow", cell: "d4" },
      "IN_SHADOW",
      "a small tree in a small tree's shadow",
    ],
    [
      "..../...../....../...a1a1../....../...../....",
      { type: "grow", cell: "d4" },
      "IN_SHADOW",
      "a small tree in its owner's small tree's shadow",
    ],
    [
      "..../...../....../...a2b1../....../...../....",
      { type: "grow", cell: "d4" },
      "ok",
      "a medium tree in a small tree's shadow",
    ],
    [
      "..../...../....../...a2.b2./....../...../....",
      { type: "grow", cell: "d4" },
      "IN_SHADOW",
      "a medium tree in a medium tree's shadow",
    ],
    [
      "..../...../....../...a2..b3/....../...../....",
      { type: "grow", cell: "d4" },
      "IN_SHADOW",
      "a medium tree in a large tree's shadow",
    ],
    [
      "..../...../....../b3a1...../....../...../....",
      { type: "grow", cell: "d2" },
      "ok",
      "a small tree beside a large tree, up-sun",
    ],
    [
      "..../...../....../...a1b1../....../...../....",
      { type: "plant", from: "d4", to: "c3" },
      "IN_SHADOW",
      "planting from a small tree in a small tree's shadow",
    ],
    [
      "..../...../....../...a2b1../....../...../....",
      { type: "plant", from: "d4", to: "d2" },
      "ok",
      "planting from a medium tree in a small tree's shadow",
    ],
    [
      "..../...../....../....a3.b3/....../...../....",
      { type: "plant", from: "d5", to: "d2" },
      "IN_SHADOW",
      "planting from a large tree in a large tree's shadow",
    ],
    [
      "..../...../....../...a1b2../....../...../....",
      { type: "plant", from: "d4", to: "d3" },
      "IN_SHADOW",
      "planting from a small tree in a medium tree's shadow",
    ],
    [
      "..../...../....../...a1.../....../...../....",
      { type: "plant", from: "d4", to: "d3" },
      "ok",
      "planting into a shaded cell",
    ],
    [
      "..../...../....../....a3.b3/....../...../....",
      { type: "collect", cell: "d5" },
      "ok",
      "collecting a large tree in a large tree's shadow",
    ],
  ])("%s %o: %s (%s)", (board, action, expected, _why) => {
    const text = (opts: string) =>
      `PS1 ${opts}:00000000:a R2 a a 0 ${board} 20:2000:2111:-/0:4000:0000:- 9.7.5.0 - 0 00000000`;
    const heavy = pos(text("2H"));
    const normal = pos(text("2"));
    expect(play(normal, action).state.ply).toBe(1);
    const listed = (s: GameState) => legalActions(s).some((a) => a.type === action.type && sameCells(a, action));
    expect(listed(normal)).toBe(true);
    if (expected === "ok") {
      expect(listed(heavy)).toBe(true);
      expect(play(heavy, action).state.ply).toBe(1);
    } else {
      expect(listed(heavy)).toBe(false);
      expectRefused(heavy, action, "IN_SHADOW");
    }
  });

  it("the shadows are those of the current round's sun", () => {
    // round 3: sun at position 2, shadows toward the north-west; b's small on d5 no longer shades d4
    const state = pos(
      "PS1 2H:00000000:a R3 a a 0 ..../...../....../...a1b1../....../...../.... 20:2000:2111:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    );
    expect(play(state, { type: "grow", cell: "d4" }).state.cells).not.toEqual(state.cells);
    const shaded = pos(
      "PS1 2H:00000000:a R3 a a 0 ..../...../....../...a1.../...b1../...../.... 20:2000:2111:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
    );
    expectRefused(shaded, { type: "grow", cell: "d4" }, "IN_SHADOW");
  });
});

function sameCells(a: object, b: object): boolean {
  const norm = (x: object) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(x).map(([k, v]) => [k, typeof v === "string" && k !== "type" && k !== "piece" ? at(v) : v]),
      ),
    );
  return norm(a) === norm(b);
}

function createGameOrThrow(players: number) {
  const r = createGame({ players, seed: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}
