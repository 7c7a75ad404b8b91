/**
 * The expansion's geometry (docs/rules.md §8.1): the moon's 18 positions and the 18-round table, flips,
 * the phase marker, the two paths, the centre never lit, moon points, the Great Tree's sun and moon
 * shadows, moonstones (glow chains, indirect light, their one-cell shadow on small trees), dam
 * sites and nests.
 */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  LABELS,
  LEAVES,
  RING,
  cellByLabel,
  createGame,
  hexDistance,
  lightReport,
  moonGeometry,
  moonReport,
  phaseMarker,
  randomGame,
  type GameEvent,
} from "../../../src/engine";
import { endRound, eventsOf, moonPos, play } from "./support";

const G = moonGeometry;
const label = (c: { q: number; r: number }) => LABELS[CELLS.findIndex((x) => x.q === c.q && x.r === c.r)];
const labels = (cs: { q: number; r: number }[]) => cs.map(label).join(" ");

/** docs/rules.md §8.1's table: round → (position, phase). */
const TABLE: [number, "half" | "full"][] = [
  [9, "half"],
  [4, "half"],
  [17, "half"],
  [12, "half"],
  [7, "full"],
  [2, "full"],
  [15, "half"],
  [10, "half"],
  [5, "full"],
  [0, "full"],
  [13, "full"],
  [8, "full"],
  [3, "full"],
  [16, "half"],
  [11, "half"],
  [6, "full"],
  [1, "full"],
  [14, "half"],
];

describe("the moon's track", () => {
  it("positions are the 18 gaps between adjacent edge cells of a side, clockwise from the NE corner", () => {
    expect(G.MOON_GAP).toHaveLength(18);
    for (const [a, b] of G.MOON_GAP) {
      expect([RING[a], RING[b], hexDistance(CELLS[a], CELLS[b])]).toEqual([3, 3, 1]);
    }
    expect(G.MOON_GAP.map(([a, b]) => `${LABELS[a]}-${LABELS[b]}`).slice(0, 4)).toEqual([
      "a4-b5",
      "b5-c6",
      "c6-d7",
      "d7-e6",
    ]);
    // side 0 and side 5 of docs/rules.md §8.1
    expect(G.SIDES[0].map((c) => LABELS[c])).toEqual(["a4", "b5", "c6", "d7"]); // (3,-3) (3,-2) (3,-1) (3,0)
    expect(G.SIDES[5].map((c) => LABELS[c])).toEqual(["a1", "a2", "a3", "a4"]); // (0,-3) (1,-3) (2,-3) (3,-3)
  });

  it("follows the 18-round table of docs/rules.md §8.1 (moonAt)", () => {
    TABLE.forEach(([position, phase], i) =>
      expect([i + 1, G.moonAt(i + 1)]).toEqual([i + 1, { position, full: phase === "full" }]),
    );
  });

  it("follows the table in a played game: moonMoved each round from round 2, and visits every position once", () => {
    const created = createGame({ players: 2, seed: 3, firstPlayer: 0, moonlight: true });
    if (!created.ok) throw new Error(created.error.message);
    let s = created.state;
    expect([s.moon!.position, s.moon!.full]).toEqual([9, false]);
    // setup: choose, animals, trees; then end every turn
    const events: GameEvent[] = [];
    for (const action of [
      { type: "chooseAnimal", animal: s.moon!.players[0].deal![0] },
      { type: "chooseAnimal", animal: s.moon!.players[1].deal![0] },
      { type: "placeAnimal", cell: "c3" },
      { type: "placeAnimal", cell: "c4" },
      { type: "place", cell: "a1" },
      { type: "place", cell: "a2" },
      { type: "place", cell: "g1" },
      { type: "place", cell: "g2" },
    ]) {
      const r = play(s, action);
      s = r.state;
      events.push(...r.events);
    }
    const seen: [number, string][] = [[s.moon!.position, s.moon!.full ? "full" : "half"]];
    expect(s.round).toBe(1);
    while (s.phase === "play") {
      const r = endRound(s);
      s = r.state;
      events.push(...r.events);
      const moved = eventsOf(r.events, "moonMoved");
      if (s.phase === "play") {
        expect(moved).toHaveLength(1);
        expect(moved[0]).toMatchObject({ round: s.round, position: s.moon!.position, full: s.moon!.full });
        seen.push([s.moon!.position, s.moon!.full ? "full" : "half"]);
      } else expect(moved).toHaveLength(0);
    }
    expect(seen).toEqual(TABLE);
    expect(new Set(seen.map(([p]) => p)).size).toBe(18);
    // the flipped flag says whether the phase changed
    const moves = eventsOf(events, "moonMoved");
    moves.forEach((m, i) => expect(m.flipped).toBe(m.full !== (i === 0 ? false : moves[i - 1].full)));
  });

  it("rounds 19–24 of the long game continue by the same rule", () => {
    const { state } = randomGame({ players: 2, seed: 11, longGame: true, moonlight: true }, 4);
    expect(state.round).toBe(24);
    expect({ position: state.moon!.position, full: state.moon!.full }).toEqual(G.moonAt(24));
    // position keeps stepping 5 counter-clockwise: round 19 is back at 9
    expect(G.moonAt(19).position).toBe(9);
    expect(G.moonAt(24).position).toBe((9 - 5 * 23 + 18 * 10) % 18);
  });

  it("flips exactly when the jump passes the sun's new corner (an independent angle check)", () => {
    // corner j sits between positions 3j-1 and 3j, i.e. at 3j - 0.5; a jump from g to g-5 passes the
    // corners strictly between g and g-5 going counter-clockwise
    for (let g = 0; g < 18; g++)
      for (let sun = 0; sun < 6; sun++) {
        const corner = 3 * sun - 0.5;
        let passes = false;
        for (let x = g - 0.5; x > g - 5; x -= 1) if ((((x - corner) % 18) + 18) % 18 === 0) passes = true;
        expect([g, sun, G.moonStep(g, sun).flips]).toEqual([g, sun, passes]);
        expect(G.moonStep(g, sun).position).toBe((g + 13) % 18);
      }
  });

  it("the phase marker shows where the moon goes next and the phase it will show", () => {
    for (let round = 1; round < 18; round++) {
      const now = G.moonAt(round);
      const next = G.moonAt(round + 1);
      const marker = phaseMarker({ ...now } as never, round);
      expect([round, marker]).toEqual([round, next]);
    }
    // during setup the marker already points at round 2's place
    expect(phaseMarker({ position: 9, full: false } as never, 0)).toEqual(G.moonAt(2));
  });
});

describe("moonlight paths", () => {
  it("position 0 lights a4 a3 a2 a1 and b5 c5 d5 e4 f3 g2 (the example of docs/rules.md §8.1)", () => {
    expect(G.MOON_PATHS[0].map((p) => p.map((c) => LABELS[c]).join(" "))).toEqual(["a4 a3 a2 a1", "b5 c5 d5 e4 f3 g2"]);
    // (3,-3) (2,-3) (1,-3) (0,-3) and (3,-2) (2,-1) (1,0) (0,1) (-1,2) (-2,3)
    expect(G.MOON_PATHS[0][1].map((c) => CELLS[c])).toEqual([
      { q: 3, r: -2 },
      { q: 2, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 2 },
      { q: -2, r: 3 },
    ]);
  });

  it("the start position 9 lights g1 g2 g3 g4 and f1 e2 d3 c3 b3 a3", () => {
    expect(G.MOON_PATHS[9].map((p) => p.map((c) => LABELS[c]).join(" "))).toEqual(["g1 g2 g3 g4", "f1 e2 d3 c3 b3 a3"]);
  });

  it("every path starts at the moon's edge cell, runs straight and ends at the edge; the two diverge", () => {
    G.MOON_PATHS.forEach((paths, m) => {
      paths.forEach((path, k) => {
        expect(path[0]).toBe(G.MOON_GAP[m][k]);
        expect(RING[path.at(-1)!]).toBe(3);
        const d = { q: CELLS[path[1]].q - CELLS[path[0]].q, r: CELLS[path[1]].r - CELLS[path[0]].r };
        path.forEach((c, i) =>
          expect(CELLS[c]).toEqual({ q: CELLS[path[0]].q + d.q * i, r: CELLS[path[0]].r + d.r * i }),
        );
      });
      // a diverging V: the paths share no cell
      expect(paths[0].filter((c) => paths[1].includes(c))).toEqual([]);
    });
  });

  it("the centre is never lit by the moon, whatever its position", () => {
    const centre = cellByLabel("d4");
    for (const paths of G.MOON_PATHS) for (const p of paths) expect(p).not.toContain(centre);
    // but every other cell is lit in some position
    const lit = new Set(G.MOON_PATHS.flat(2));
    expect(
      CELLS.map((_, c) => c)
        .filter((c) => !lit.has(c))
        .map((c) => LABELS[c]),
    ).toEqual(["d4"]);
  });
});

/** Animals: owl on `a` and fox on `b`, both 2 players. */
const animals = (a: string, b: string, moon = "9h", extra = "-;-") =>
  `-;${moon};owl:${a}:3:-:-:-/fox:${b}:13:-:-:-;${extra};-;-;-;--:-`;

describe("moon points in the photosynthesis phase", () => {
  it("an animal on a lit cell gains 1 with a half moon; unlit gains nothing", () => {
    // the moon is at 14 (half) and jumps to 9 in round 3 (sun 2: no flip)
    const s = moonPos({ moon: animals("c3", "d5", "14h") });
    const { state, events } = endRound(s);
    expect([state.moon!.position, state.moon!.full]).toEqual([9, false]);
    expect(eventsOf(events, "moonCollected")).toEqual([
      { type: "moonCollected", seat: 0, amount: 1, lost: 0, points: 4 },
      { type: "moonCollected", seat: 1, amount: 0, lost: 0, points: 13 },
    ]);
    // events: roundStarted, moonMoved, lightCollected ×2, moonCollected ×2
    expect(events.map((e) => e.type)).toEqual([
      "turnEnded",
      "turnStarted",
      "turnEnded",
      "roundStarted",
      "moonMoved",
      "lightCollected",
      "lightCollected",
      "moonCollected",
      "moonCollected",
      "turnStarted",
    ]);
  });

  it("2 with a full moon; the cap of 14 loses the rest", () => {
    const s = moonPos({ moon: animals("g2", "b3", "14f") });
    const { events } = endRound(s);
    expect(eventsOf(events, "moonCollected").map((e) => [e.amount, e.lost, e.points])).toEqual([
      [2, 0, 5],
      [2, 1, 14],
    ]);
  });

  it("an animal lit by a path and by a glowing stone gains once", () => {
    // stone on c3 (on the path) glows; the owl on d3 is on the path and next to it
    const s = moonPos({ options: "2MS", moon: `-;9f;owl:d3:3:-:-:-/fox:a1:0:-:-:-;-;c3;-;-;-;--:-` });
    expect(moonReport(s).perSeat).toEqual([2, 0]);
  });

  it("the report lists the paths, the lit cells and the marker", () => {
    const s = moonPos({ phase: "R1", moon: animals("c3", "d5") });
    const r = moonReport(s);
    expect(r.paths.map(labels)).toEqual(["g1 g2 g3 g4", "f1 e2 d3 c3 b3 a3"]);
    expect(labels(r.touches)).toBe("g1 f1");
    expect(r.marker).toEqual({
      position: 4,
      full: false,
      touches: [CELLS[cellByLabel("e6")], CELLS[cellByLabel("f5")]],
    });
    expect(r.direct).toHaveLength(10);
    expect(r.indirect).toEqual([]);
    expect(r.perSeat).toEqual([1, 0]);
  });
});

describe("the Great Tree (mode A)", () => {
  it("its sun shadow covers every cell to the board edge: trees there collect nothing, whatever their size", () => {
    // sun 0 (shadows toward SW): the Great Tree on d4 shades e3, f2, g1
    expect(G.GREAT_TREE_SHADOW[0][cellByLabel("d4")].map((c) => LABELS[c])).toEqual(["e3", "f2", "g1"]);
    const board = "..../...../....../......./..a3.../.a2.../a1...";
    const withTree = moonPos({
      options: "2MG",
      phase: "R1",
      board,
      players: "0:4320:2300:-/0:4432:2410:-",
      moon: animals("c3", "c4", "9h", "d4;-"),
    });
    expect(lightReport(withTree).perSeat).toEqual([0, 0]);
    expect(lightReport(withTree).shadows.map((x) => [label(x.cell), x.height])).toEqual([
      ["e3", 4],
      ["f2", 4],
      ["g1", 4],
    ]);
    // without the Great Tree only the large tree collects (it shades the other two)
    const without = moonPos({
      options: "2M",
      phase: "R1",
      board,
      players: "0:4320:2300:-/0:4432:2410:-",
      moon: animals("c3", "c4"),
    });
    expect(lightReport(without).perSeat).toEqual([3, 0]);
    // and the engine's photosynthesis agrees (sun 1 in round 2: shadows toward W, d3 d2 d1)
    const s = moonPos({
      options: "2MG",
      phase: "R1",
      board: "..../...../....../a1a2a3.b1../....../...../....",
      players: "0:4320:2300:-/0:4331:2410:-",
      moon: animals("c3", "c4", "9h", "d5;-"),
    });
    const { events } = endRound(s);
    expect(eventsOf(events, "lightCollected").map((e) => e.amount)).toEqual([0, 1]);
  });

  it("its moon shadow: a path stops at it; animals and stones beyond get no direct light", () => {
    // moon 9, path f1 e2 d3 c3 b3 a3; the Great Tree on d3
    const s = moonPos({ options: "2MGS", moon: `-;9h;owl:e2:3:-:-:-/fox:c3:3:-:-:-;d3;b3;-;-;-;--:-` });
    const r = moonReport(s);
    expect(r.paths.map(labels)).toEqual(["g1 g2 g3 g4", "f1 e2"]);
    expect(r.glowing).toEqual([]);
    expect(r.perSeat).toEqual([1, 0]);
  });
});

describe("moonstones (mode B)", () => {
  it("a stone on a lit path glows and lights its six neighbours indirectly; it does not stop the path", () => {
    const s = moonPos({ options: "2MS", moon: `-;9h;owl:d4:3:-:-:-/fox:b2:3:-:-:-;-;c3;-;-;-;--:-` });
    const r = moonReport(s);
    expect(r.paths.map(labels)).toEqual(["g1 g2 g3 g4", "f1 e2 d3 c3 b3 a3"]);
    expect(labels(r.glowing)).toBe("c3");
    expect(labels(r.indirect)).toBe("b2 c2 c4 d4");
    // the centre (d4) is lit indirectly by a stone next to it: the owl there gains
    expect(r.perSeat).toEqual([1, 1]);
  });

  it("adjacent stones pass the glow on, in a chain; a stone not next to a glowing one stays dark", () => {
    // c3 on the path; c4 next to c3; d5 next to c4; f4 alone
    const s = moonPos({ options: "2MS", moon: `-;9h;owl:e5:3:-:-:-/fox:g3:3:-:-:-;-;c3.c4.d5;-;-;-;--:-` });
    const r = moonReport(s);
    expect(labels(r.glowing)).toBe("c3 c4 d5");
    const lone = moonPos({ options: "2MS", moon: `-;9h;owl:e5:3:-:-:-/fox:f3:3:-:-:-;-;c3.f4;-;-;-;--:-` });
    expect(labels(moonReport(lone).glowing)).toBe("c3");
    expect(moonReport(lone).perSeat).toEqual([0, 0]);
    // e5 is next to d5, which glows through the chain
    expect(r.perSeat).toEqual([1, 1]);
  });

  it("a stone behind the Great Tree on a path is dark", () => {
    const s = moonPos({ options: "2MGS", moon: `-;9h;owl:c4:3:-:-:-/fox:f3:3:-:-:-;d3;c3;-;-;-;--:-` });
    expect(moonReport(s).glowing).toEqual([]);
  });

  it("a stone casts a one-cell sun shadow that darkens small trees only", () => {
    // sun 0, shadows toward SW: a stone on d4 shades e3 only (the small tree on e3 shades f2 itself)
    const small = moonPos({
      options: "2MS",
      phase: "R1",
      board: "..../...../....../......./..a1.../...../....",
      players: "0:4330:2300:-/0:4432:2410:-",
      moon: animals("c3", "c4", "9h", "-;d4"),
    });
    expect(lightReport(small).perSeat).toEqual([0, 0]);
    expect(lightReport(small).shadows.map((x) => [label(x.cell), x.height, x.stone])).toEqual([
      ["e3", 1, true],
      ["f2", 1, undefined],
    ]);
    const medium = moonPos({
      options: "2MS",
      phase: "R1",
      board: "..../...../....../......./..a2.../...../....",
      players: "0:4420:2300:-/0:4432:2410:-",
      moon: animals("c3", "c4", "9h", "-;d4"),
    });
    expect(lightReport(medium).perSeat).toEqual([2, 0]);
  });

  it("count by players: 2 → 3, 3 → 2, 4 → 0 (1 with the Great Tree)", () => {
    expect(G.MOONSTONES.without.slice(2)).toEqual([3, 2, 0]);
    expect(G.MOONSTONES.withGreatTree.slice(2)).toEqual([3, 2, 1]);
  });
});

describe("dam sites and nests", () => {
  it("18 dam sites: two adjacent edge cells and the 2-leaf cell next to both", () => {
    expect(G.DAM_SITES).toHaveLength(18);
    for (const site of G.DAM_SITES) {
      expect(site.map((c) => LEAVES[c]).sort()).toEqual([1, 1, 2]);
      for (const a of site) for (const b of site) if (a !== b) expect(hexDistance(CELLS[a], CELLS[b])).toBe(1);
    }
    expect(new Set(G.DAM_SITES.map((s) => s.join())).size).toBe(18);
  });

  it("nests are the six corner cells", () => {
    expect(G.NEST_CELLS.map((c) => LABELS[c])).toEqual(["a4", "d7", "g4", "g1", "d1", "a1"]);
  });
});
