/** Under the Moonlight on the game page: what it offers for a given position, and its texts. */
import { describe, expect, it } from "vitest";
import {
  applyAction,
  cellIndex,
  createGame,
  LABELS,
  legalActions,
  type Action,
  type GameState,
} from "../../src/engine";
import { renderBoard } from "../../src/render/english";
import { LANGS, setLang } from "../../web/src/i18n";
import { boardText, setMoreBoardText } from "../../web/src/text";
import { MOON_FORM_TEXT } from "../../web/src/moon/form";
import { MOON_DICTS } from "./dicts";
import { dealChoices, moonSetup, moonSummary } from "../../web/src/moon/model";
import {
  baseActionAt,
  moonPlay,
  moonStep,
  moonTap,
  moonTargets,
  pickClick,
  pickTargets,
  placeAt,
} from "../../web/src/moon/aim";
import { moonBoardText, moonEventText, setMoonLang } from "../../web/src/moon/ui";

function start(moonlight: boolean | { greatTree?: boolean; moonstones?: boolean } = { greatTree: true }): GameState {
  const c = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight });
  if (!c.ok) throw new Error("createGame");
  return c.state;
}
function play(s: GameState, a: Action): GameState {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}
/** Through the setup, always taking the first legal action. */
function toPlay(s: GameState): GameState {
  while (s.phase === "setup") s = play(s, legalActions(s)[0]);
  return s;
}

describe("Moonlight setup on the page", () => {
  it("offers your own two dealt animals with their abilities and costs, and says who is choosing", () => {
    const s = start();
    const setup = moonSetup(s, 0)!;
    expect(setup.stage).toBe("choose");
    expect(setup.deal.map((c) => c.animal)).toEqual(["owl", "squirrel"]);
    expect(setup.deal[0].abilities).toEqual([{ ability: "hunt", costs: [5, 9, 12] }]);
    expect(dealChoices(s, 0)).toHaveLength(2);
    expect(setup.choosing).toEqual(["choosing", "waiting"]);
    // Seat 1 sees its own deal, not seat 0's, and nothing to choose while it waits.
    const other = moonSetup(s, 1)!;
    expect(other.deal.map((c) => c.animal)).toEqual(["beaver", "boar"]);
    // A spectator has no deal.
    expect(moonSetup(s, -1)!.deal).toEqual([]);
  });

  it("highlights the legal cells of each placement step and places by clicking", () => {
    let s = start();
    s = play(s, { type: "chooseAnimal", animal: "owl" });
    expect(moonSetup(s, 1)!.choosing).toEqual(["chosen", "choosing"]);
    s = play(s, { type: "chooseAnimal", animal: "boar" });
    expect(s.moon!.stage).toBe("animals");
    const legal = legalActions(s);
    const cells = moonTargets(s, legal, null);
    expect(cells.sort()).toEqual(["c3", "c4", "d3", "d5", "e3", "e4"]);
    expect(placeAt(legal, "d4")).toBeNull();
    expect(placeAt(legal, "c3")).toMatchObject({ type: "placeAnimal" });
    s = play(s, placeAt(legal, "c3")!);
    s = play(s, placeAt(legalActions(s), moonTargets(s, legalActions(s), null)[0])!);
    expect(s.moon!.stage).toBe("greatTree");
    const gt = moonTargets(s, legalActions(s), null);
    expect(gt).not.toContain("c3");
    expect(gt.length).toBeGreaterThan(30);
  });
});

describe("each step of a Moonlight turn (issue 25 item 1: what the dock says, the board highlights)", () => {
  it("walks the setup: choose from your deal, place your animal, the Great Tree, the moonstones; then the base game's trees", () => {
    let s = start({ greatTree: true, moonstones: true });
    const steps: string[] = [];
    for (let guard = 0; guard < 40 && s.phase === "setup"; guard++) {
      const legal = legalActions(s);
      const step = moonStep(s, legal, s.current, null);
      // Another seat is asked nothing; a spectator neither.
      expect(moonStep(s, legal, 1 - s.current, null)).toBeNull();
      expect(moonStep(s, legal, -1, null)).toBeNull();
      if (!step) {
        // The setup trees are the base game's: nothing of the expansion to say or to mark.
        expect(s.moon!.stage).toBeNull();
        expect(moonTargets(s, legal, null)).toEqual([]);
        expect(moonTap(s, legal, null, "a1")).toBeNull();
        steps.push("trees");
        s = play(s, legal[0]);
        continue;
      }
      steps.push(step.step);
      if (step.step === "choose") {
        // Your own deal, each board with a choice, offered from the state alone (before the rules
        // have come) as the engine lists them; nothing on the board to mark.
        const offered = dealChoices(s, s.current);
        expect(offered.map((a) => a.animal).sort()).toEqual([...s.moon!.players[s.current].deal!].sort());
        expect(offered).toEqual(expect.arrayContaining(step.choose));
        expect(step.choose).toEqual(expect.arrayContaining(offered));
        expect(step.choose).toHaveLength(2);
        // Another seat, a spectator: nothing to choose.
        expect(dealChoices(s, 1 - s.current)).toEqual([]);
        expect(dealChoices(s, -1)).toEqual([]);
        expect(moonTargets(s, legal, null)).toEqual([]);
        s = play(s, step.choose[0]);
        continue;
      }
      if (step.step !== "animals" && step.step !== "greatTree" && step.step !== "moonstones")
        throw new Error(`unexpected step ${step.step}`);
      // What the words count is what the board marks, and a tap on one of them places there.
      expect(step.targets.length).toBeGreaterThan(0);
      expect(moonTargets(s, legal, null)).toEqual(step.targets);
      if (step.step === "animals") expect(step.animal).toBe(s.moon!.players[s.current].animal);
      const r = moonTap(s, legal, null, step.targets[0]);
      expect(r && "action" in r && r.action.type).toBe(
        { animals: "placeAnimal", greatTree: "placeGreatTree", moonstones: "placeMoonstone" }[step.step],
      );
      const off = LABELS.find((l) => !step.targets.includes(l))!;
      expect(moonTap(s, legal, null, off)).toBeNull();
      s = play(s, (r as { action: Action }).action);
    }
    const order = steps.filter((x, i) => x !== steps[i - 1]);
    expect(order).toEqual(["choose", "animals", "greatTree", "moonstones", "trees"]);
    expect(s.phase).toBe("play");
  });

  it("in a round, marks where the animal may go and moves it on a tap there, unless a cell of the base game is chosen or acts", () => {
    const s = toPlay(start());
    const legal = legalActions(s);
    const step = moonStep(s, legal, s.current, null)!;
    expect(step.step).toBe("play");
    if (step.step !== "play") return;
    expect(step.moves.length).toBeGreaterThan(0);
    expect(step.moves).toEqual(pickTargets(legal, { ability: "move" }));
    expect(moonTargets(s, legal, null)).toEqual(step.moves);
    // Nothing aimed, no cell chosen: a highlighted cell moves the animal there.
    const free = step.moves.find((l) => !baseActionAt(legal, l))!;
    expect(free).toBeDefined();
    const r = moonTap(s, legal, null, free);
    expect(r && "action" in r && r.action).toMatchObject({ type: "moveAnimal" });
    // A cell of the base game chosen: the moves are not marked, and a tap is the base game's.
    expect(moonStep(s, legal, s.current, null, "a1")).toMatchObject({ step: "play", moves: [] });
    expect(moonTargets(s, legal, null, "a1")).toEqual([]);
    expect(moonTap(s, legal, null, free, "a1")).toBeNull();
    // Aiming: the aim's cells.
    expect(moonStep(s, legal, s.current, { ability: "move" })).toEqual({
      step: "aim",
      pick: { ability: "move" },
      targets: step.moves,
    });
    // Moved: nothing more to mark for the animal.
    const moved = play(s, (r as { action: Action }).action);
    const after = moonStep(moved, legalActions(moved), moved.current, null)!;
    expect(after).toMatchObject({ step: "play", moves: [] });
    expect(moonTargets(moved, legalActions(moved), null)).toEqual([]);
  });

  it("leaves a cell where a piece of yours can act to the base game (the move there is offered beside its actions)", () => {
    const legal = [
      { type: "moveAnimal", to: { q: 0, r: 0 } },
      { type: "moveAnimal", to: { q: 1, r: 0 } },
      { type: "grow", cell: { q: 0, r: 0 } },
      { type: "plant", from: { q: 1, r: -1 }, to: { q: 1, r: 0 } },
    ] as Action[];
    const s = toPlay(start());
    expect(baseActionAt(legal, "d4")).toBe(true);
    // (a planting's target is the base game's only once its tree is chosen)
    expect(baseActionAt(legal, LABELS[cellIndex(1, 0)])).toBe(false);
    expect(moonTap(s, legal, null, "d4")).toBeNull();
    expect(moonTap(s, legal, null, LABELS[cellIndex(1, 0)])).toEqual({ action: legal[1] });
  });

  it("words each step with its count by each language's plural rules", () => {
    for (const [lang, d] of Object.entries(MOON_DICTS))
      for (const n of [0, 1, 2, 5]) {
        // (a step with no cell is never worded: the step is then another, see moonStep)
        for (const text of [
          d.placeAnimal("X", n),
          d.placeGreatTree(n),
          d.placeMoonstone(n),
          d.movePlay(n),
          d.pickCell(n),
        ])
          if (n >= 2 || lang === "ja") expect(text, `${lang} ${n}`).toContain(String(n));
      }
    expect(MOON_DICTS.en.movePlay(1)).toBe("Move it: choose the highlighted cell.");
    expect(MOON_DICTS.en.movePlay(5)).toBe("Move it: choose one of the 5 highlighted cells.");
    expect(MOON_DICTS.en.placeAnimal("Owl", 6)).toBe("Place your Owl: choose one of the 6 highlighted 3-leaf cells.");
    // French takes the singular for 0 and 1.
    expect(MOON_DICTS.fr.pickCell(2)).toContain("l’une des 2 cases");
    expect(MOON_DICTS.fr.pickCell(1)).toBe("Choisissez la case en surbrillance.");
    expect(MOON_DICTS.de.movePlay(3)).toContain("eines der 3 markierten Felder");
    expect(MOON_DICTS.nl.placeMoonstone(4)).toContain("een van de 4 gemarkeerde vrije vakken");
  });
});

describe("Moonlight play on the page", () => {
  it("offers the animal's moves and its abilities with levels and moon-point costs", () => {
    const s = toPlay(start());
    const legal = legalActions(s);
    const p = moonPlay(s, legal)!;
    expect(p.animal).toBe(s.moon!.players[s.current].animal);
    expect(p.moves.length).toBeGreaterThan(0);
    expect(p.moves.sort()).toEqual(pickTargets(legal, { ability: "move" }));
    for (const o of p.abilities) for (const l of o.levels) expect(l.cost).toBeGreaterThan(0);
    // The move: the cell completes it.
    const r = pickClick(legal, { ability: "move" }, p.moves[0]);
    expect(r && "action" in r && r.action.type).toBe("moveAnimal");
    expect(pickClick(legal, { ability: "move" }, "zz")).toBeNull();
  });

  it("aims the fox's scare: the animal, then the cell", () => {
    // A fox next to a hedgehog with moon points to spend (the position from the engine's own legal actions).
    let s = start(true);
    // Find a seed whose deal has the fox; otherwise use the one that does.
    let seed = 0;
    for (; seed < 200; seed++) {
      const c = createGame({ players: 2, seed, firstPlayer: 0, moonlight: true });
      if (c.ok && c.state.moon!.players[0].deal!.includes("fox")) {
        s = c.state;
        break;
      }
    }
    s = play(s, { type: "chooseAnimal", animal: "fox" });
    s = play(s, legalActions(s)[0]);
    // Animals: seat 1 places first (right of the first player), then seat 0 next to it.
    s = play(s, { type: "placeAnimal", cell: { q: 0, r: -1 } });
    s = play(s, { type: "placeAnimal", cell: { q: 1, r: -1 } });
    s = toPlay(s);
    while (s.current !== s.moon!.players.findIndex((p) => p.animal === "fox")) s = play(s, { type: "endTurn" });
    const legal = legalActions(s);
    const scare = moonPlay(s, legal)!.abilities.find((o) => o.ability === "scare")!;
    expect(scare.kind).toBe("scare");
    expect(scare.legal).toBe(true);
    const first = pickTargets(legal, { ability: "scare" });
    expect(first).toEqual(["c3"]);
    const step = pickClick(legal, { ability: "scare" }, "c3");
    expect(step).toEqual({ pick: { ability: "scare", first: "c3" } });
    const to = pickTargets(legal, { ability: "scare", first: "c3" });
    expect(to.length).toBeGreaterThan(0);
    const done = pickClick(legal, { ability: "scare", first: "c3" }, to[0]);
    expect(done && "action" in done && done.action).toMatchObject({ type: "ability", ability: "scare" });
    expect(moonTargets(s, legal, { ability: "scare" })).toEqual(["c3"]);
  });

  it("aims the dam at a pair of cells in either order, and a baby turtle at a cell", () => {
    const legal = [
      {
        type: "ability",
        ability: "dam",
        cells: [
          { q: 2, r: -3 },
          { q: 2, r: -2 },
        ],
      },
      { type: "ability", ability: "babySteps", baby: "plant", cell: { q: 0, r: 0 } },
      { type: "ability", ability: "babySteps", baby: "light" },
    ] as Action[];
    expect(pickTargets(legal, { ability: "dam" })).toEqual(["a3", "b4"]);
    expect(pickClick(legal, { ability: "dam" }, "b4")).toEqual({ pick: { ability: "dam", first: "b4" } });
    expect(pickTargets(legal, { ability: "dam", first: "b4" })).toEqual(["a3"]);
    expect(pickClick(legal, { ability: "dam", first: "b4" }, "a3")).toEqual({ action: legal[0] });
    expect(pickTargets(legal, { ability: "babySteps", baby: "plant" })).toEqual(["d4"]);
    expect(pickClick(legal, { ability: "babySteps", baby: "plant" }, "d4")).toEqual({ action: legal[1] });
  });

  it("summarises the moon: phase, next position, points and gains per seat", () => {
    const s = toPlay(start());
    const m = moonSummary(s)!;
    expect(m.position).toBe(s.moon!.position);
    expect(m.cells).toHaveLength(2);
    expect(m.next.cells).toHaveLength(2);
    expect(m.seats).toHaveLength(2);
    for (const x of m.seats) expect(x.points).toBeGreaterThanOrEqual(0);
    expect(m.greatTree).toMatch(/^[a-g]\d$/);
    expect(
      moonSummary(createGame({ players: 2 }).ok ? (createGame({ players: 2 }) as { state: GameState }).state : s),
    ).toBeNull();
  });
});

describe("Moonlight texts", () => {
  it("have the same keys in all five languages, the form's too", () => {
    const keys = (o: object): string[] =>
      Object.entries(o)
        .flatMap(([k, v]) => (v && typeof v === "object" ? keys(v).map((x) => `${k}.${x}`) : [k]))
        .sort();
    for (const l of LANGS) {
      expect(keys(MOON_DICTS[l]), l).toEqual(keys(MOON_DICTS.en));
      expect(Object.keys(MOON_FORM_TEXT[l]).sort(), l).toEqual(Object.keys(MOON_FORM_TEXT.en).sort());
      if (l !== "en") expect(MOON_DICTS[l].chooseTitle).not.toBe(MOON_DICTS.en.chooseTitle);
    }
  });

  it("word the expansion's events in every language; another seat's hidden choice says only that it chose", async () => {
    const events = [
      { type: "animalChosen", seat: 1 },
      { type: "animalChosen", seat: 0, animal: "owl" },
      { type: "animalsRevealed", animals: ["owl", "fox"] },
      { type: "babiesLaid", cells: [{ q: 3, r: -3 }] },
      { type: "animalPlaced", seat: 0, animal: "owl", cell: { q: 0, r: -1 } },
      { type: "greatTreePlaced", seat: 1, cell: { q: 0, r: 0 } },
      { type: "moonstonePlaced", seat: 1, cell: { q: 0, r: 1 } },
      { type: "moonMoved", round: 2, position: 4, full: true, flipped: true },
      { type: "moonCollected", seat: 0, amount: 2, lost: 0, points: 4 },
      { type: "animalMoved", seat: 0, animal: "owl", from: { q: 0, r: -1 }, to: { q: 1, r: -1 }, by: 0 },
      { type: "animalMoved", seat: 0, animal: "owl", from: { q: 0, r: -1 }, to: { q: 1, r: -1 }, by: 1 },
      { type: "abilityUsed", seat: 0, animal: "owl", ability: "hunt", level: 2, cost: 9, points: 1 },
      { type: "seedPlaced", seat: 0, cell: { q: 0, r: 0 }, from: "board" },
      { type: "seedEaten", seat: 0, owner: 1, cell: { q: 0, r: 0 }, returnedTo: "board" },
      { type: "seedMoved", seat: 0, owner: 0, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } },
      { type: "lightGained", seat: 0, amount: 7, lost: 0, light: 9 },
      { type: "lightStolen", seat: 0, from: 1, amount: 2, lost: 0 },
      {
        type: "damBuilt",
        seat: 0,
        cells: [
          { q: 3, r: -3 },
          { q: 2, r: -3 },
          { q: 2, r: -2 },
        ],
      },
      { type: "babyHatched", seat: 0, cell: { q: 3, r: -3 }, baby: "light" },
      { type: "babyUsed", seat: 0, baby: "light" },
    ];
    for (const l of LANGS) {
      await setMoonLang(l);
      for (const e of events) {
        const text = moonEventText(e as never, ["Ann", "Bob"]);
        expect(text, `${l} ${e.type}`).toBeTruthy();
        expect(text, `${l} ${e.type}`).not.toContain("undefined");
      }
    }
    await setMoonLang("en");
    expect(moonEventText(events[0] as never, ["Ann", "Bob"])).toBe("Bob chose an animal");
    expect(moonEventText(events[1] as never, ["Ann", "Bob"])).toBe("Ann chose the Owl");
    expect(moonEventText(events[10] as never, ["Ann", "Bob"])).toBe("Bob scared Ann's Owl to c4");
    expect(moonEventText(events[11] as never, ["Ann", "Bob"])).toBe("Ann used Night hunt II (9 ☾)");
    expect(moonEventText({ type: "placed", seat: 0, cell: { q: 0, r: -3 } }, ["Ann", "Bob"])).toBeNull();
  });
});

describe("Moonlight on the board, in words", () => {
  it("names the expansion's pieces in the page's language, owners by name as base pieces are (issue 14, defect 3)", async () => {
    let s = start({ greatTree: true, moonstones: true });
    s = toPlay(s);
    const names = ["Ann", "Bob"];
    const titles = (svg: string, cls: string) =>
      [...svg.matchAll(new RegExp(`<g class="${cls}"[^>]*><title>([^<]*)</title>`, "g"))].map((m) => m[1]);
    setMoreBoardText(moonBoardText);
    try {
      for (const l of LANGS) {
        await setLang(l);
        await setMoonLang(l);
        const d = MOON_DICTS[l];
        const svg = renderBoard(s, { text: boardText(names), interactive: true });
        const animals = [...svg.matchAll(/<g class="animal" [^>]*data-seat="([a-d])"><title>([^<]*)<\/title>/g)];
        expect(animals, l).toHaveLength(2);
        for (const [, letter, a] of animals) {
          const seat = "abcd".indexOf(letter);
          expect(a, l).toContain(d.animals[s.moon!.players[seat].animal!]);
          expect(a, l).toContain(names[seat]);
        }
        const moon = titles(svg, "moon");
        const marker = titles(svg, "moon-next");
        expect(moon, l).toHaveLength(1);
        expect(marker, l).toHaveLength(1);
        expect(moon[0], l).toContain(s.moon!.full ? d.fullMoon : d.halfMoon);
        // The cells' labels name what of the expansion is there, in the same words.
        const cellLabels = [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
        expect(
          cellLabels.some((c) => c.includes(d.onCell.greatTree)),
          l,
        ).toBe(true);
        expect(
          cellLabels.filter((c) => c.includes(names[0]) && c.includes(d.animals[s.moon!.players[0].animal!])).length,
          l,
        ).toBeGreaterThan(0);
        // Nothing of the drawing's English defaults is left.
        expect(svg, l).not.toMatch(/player [AB]\b/);
        if (l !== "en")
          expect(svg, l).not.toMatch(/Phase marker|Moonstone|Great Tree|moon points?\b|full moon|half moon/);
      }
    } finally {
      setMoreBoardText(null);
      await setLang("en");
      await setMoonLang("en");
    }
  });

  it("counts moon points by each language's plural rules (issue 14, defect 8)", () => {
    expect(MOON_DICTS.en.costLong(1)).toBe("costs 1 moon point");
    expect(MOON_DICTS.en.costLong(0)).toBe("costs 0 moon points");
    expect(MOON_DICTS.en.costLong(5)).toBe("costs 5 moon points");
    expect(MOON_DICTS.fr.costLong(1)).toBe("coûte 1 point de lune");
    // French counts 0 as singular.
    expect(MOON_DICTS.fr.costLong(0)).toBe("coûte 0 point de lune");
    expect(MOON_DICTS.fr.costLong(2)).toBe("coûte 2 points de lune");
    expect(MOON_DICTS.de.costLong(1)).toBe("kostet 1 Mondpunkt");
    expect(MOON_DICTS.de.costLong(3)).toBe("kostet 3 Mondpunkte");
    expect(MOON_DICTS.nl.costLong(1)).toBe("kost 1 maanpunt");
    expect(MOON_DICTS.ja.costLong(1)).toBe(MOON_DICTS.ja.costLong(1).replace("1", "1"));
    expect(MOON_DICTS.en.animalOf("Owl", "Ann (circles)", 1)).toBe("Owl of Ann (circles), 1 moon point");
  });
});
