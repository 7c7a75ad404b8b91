/**
 * Hidden information (docs/rules.md §8): the face-down baby turtles, the babies in the box, the animal
 * boards dealt to others and the animals chosen while someone is still choosing never reach a seat
 * that may not see them, nor a spectator — not in `viewFor`, not in the notation of a view, not in
 * `viewEvents`, not in `viewEntry`.
 *
 * The proof, over random games with every mode: at every step, for every seat and the spectator,
 * (1) the view is byte-identical to the view of a "twin" state that differs only in what that
 * viewer may not know (hidden babies shuffled, others' secret animals redrawn from what the viewer
 * cannot rule out) — so nothing in the view can depend on the secrets; and (2) a search of the
 * viewed events and log entries finds no hidden baby or animal under any key that names one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyAction,
  createGame,
  legalActions,
  moonReport,
  moonRules,
  resign,
  toNotation,
  viewEntry,
  viewEvents,
  viewFor,
  type AnimalName,
  type BabyName,
  type GameEvent,
  type GameState,
} from "../../../src/engine";
import { nextInt, shuffle } from "../../../src/engine/rng";
import { mpos } from "./support";

type Viewer = number | null;

/** What `viewer` may not know in `state`. */
function secrets(state: GameState, viewer: Viewer): { babies: BabyName[]; animals: AnimalName[] } {
  const m = state.moon!;
  const babies = [...m.nests.map((n) => n.baby!), ...(m.box as BabyName[])];
  const animals: AnimalName[] = [];
  m.players.forEach((p, seat) => {
    if (seat === viewer) return;
    if (p.deal) animals.push(...p.deal);
    if (m.stage === "choose" && p.animal) animals.push(p.animal);
  });
  return { babies, animals };
}

/** A state the viewer cannot tell from `state`: hidden babies shuffled, others' secret animals redrawn. */
function twin(state: GameState, viewer: Viewer, rng: number): GameState {
  const m = state.moon!;
  let r = rng;
  const hidden = [...m.nests.map((n) => n.baby!), ...(m.box as BabyName[])];
  const shuffled = shuffle(r, hidden);
  r = shuffled.rng;
  const nests = m.nests.map((n, i) => ({ cell: n.cell, baby: shuffled.items[i] }));
  const box = shuffled.items.slice(m.nests.length);
  // the animals the viewer cannot rule out: all but its own deal or animal, and those already public
  const mine =
    viewer === null
      ? []
      : [...(m.players[viewer].deal ?? []), ...(m.players[viewer].animal ? [m.players[viewer].animal!] : [])];
  const publicAnimals =
    m.stage === "choose" ? [] : m.players.map((p) => p.animal).filter((a): a is AnimalName => a !== null);
  const pool = shuffle(
    r,
    moonRules.ANIMALS.filter((a) => !mine.includes(a) && !publicAnimals.includes(a)),
  ).items;
  const players = m.players.map((p, seat) => {
    if (seat === viewer) return p;
    const deal = p.deal ? [pool.pop()!, pool.pop()!] : null;
    const animal = m.stage === "choose" && p.animal ? pool.pop()! : p.animal;
    return { ...p, deal, animal };
  });
  return { ...state, moon: { ...m, nests, box, players } };
}

/** Every [key, string value] pair in a JSON-like value. */
function* strings(value: unknown, key = ""): Generator<[string, string]> {
  if (typeof value === "string") yield [key, value];
  else if (Array.isArray(value)) for (const v of value) yield* strings(v, key);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, k);
}

function checkEvents(events: unknown[], hidden: { babies: BabyName[]; animals: AnimalName[] }, where: string): void {
  for (const [key, value] of strings(events)) {
    if (key === "baby" && hidden.babies.includes(value as BabyName))
      throw new Error(`${where}: hidden baby "${value}" in ${JSON.stringify(events)}`);
    if ((key === "animal" || key === "animals" || key === "deal") && hidden.animals.includes(value as AnimalName))
      throw new Error(`${where}: hidden animal "${value}" in ${JSON.stringify(events)}`);
  }
}

function checkStep(
  before: GameState,
  after: GameState,
  events: GameEvent[],
  entry: unknown,
  actor: number | null,
  rng: number,
): void {
  const viewers: Viewer[] = [null, ...before.players.map((_, s) => s)];
  for (const viewer of viewers) {
    // (1) indistinguishable from its twin
    for (const s of [before, after]) {
      if (s.phase === "ended") continue;
      const t = twin(s, viewer, rng);
      const a = viewFor(s, viewer);
      const b = viewFor(t, viewer);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      expect(toNotation(b)).toBe(toNotation(a));
      // derived outputs agree too
      expect(moonReport(a)).toEqual(moonReport(s));
      if (viewer === s.current && s.moon!.stage !== "choose") expect(legalActions(t)).toEqual(legalActions(s));
      // and the view says nothing more than it must
      expect([a.rng, a.options.seed]).toEqual([0, 0]);
      for (const n of a.moon!.nests) expect(n.baby).toBeNull();
      for (const x of a.moon!.box) expect(x).toBeNull();
      a.moon!.players.forEach((p, seat) => {
        if (seat !== viewer) expect(p.deal).toBeNull();
        if (seat !== viewer && a.moon!.stage === "choose") expect(p.animal).toBeNull();
      });
    }
    if (after.phase === "ended") continue;
    // (2) events and the log entry, as this viewer gets them, name nothing still hidden
    const hidden = secrets(after, viewer);
    const hiddenBefore = secrets(before, viewer);
    const stillHidden = {
      babies: hiddenBefore.babies.filter((b) => hidden.babies.includes(b)),
      animals: hidden.animals,
    };
    checkEvents(viewEvents(events, viewer), stillHidden, `events for ${viewer}`);
    checkEvents(
      [viewEntry(entry, actor, viewer)],
      { babies: hidden.babies, animals: hidden.animals },
      `log entry for ${viewer}`,
    );
    expect(toNotation(viewFor(after, viewer))).not.toMatch(
      /=(double|small|medium|collect|light|plant|points|higher)\b/,
    );
  }
}

describe("hidden information never reaches who may not see it", () => {
  it("views, their notation, events and log entries, over random games with every mode and the turtle", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.boolean(),
        fc.boolean(),
        (players, seed, playSeed, greatTree, moonstones) => {
          const created = createGame({ players, seed, moonlight: { greatTree, moonstones } });
          if (!created.ok) throw new Error(created.error.message);
          let state = created.state;
          let rng = playSeed >>> 0;
          const draw = (n: number) => {
            const d = nextInt(rng, n);
            rng = d.rng;
            return d.value;
          };
          // someone picks the turtle whenever it is dealt, so babies are in play as often as can be
          let steps = 0;
          while (state.phase !== "ended" && steps < 160) {
            const legal = legalActions(state);
            const turtle = legal.find((a) => a.type === "chooseAnimal" && a.animal === "turtle");
            const hatch = legal.find(
              (a) => a.type === "ability" && (a.ability === "hatch" || a.ability === "babySteps"),
            );
            const entry = turtle ?? (hatch && draw(2) === 0 ? hatch : legal[draw(legal.length)]);
            const actor = state.current;
            const r = draw(300) === 0 ? resign(state, actor) : applyAction(state, entry);
            if (!r.ok) throw new Error(r.error.message);
            checkStep(state, r.state, r.events, entry, actor, rng);
            state = r.state;
            steps++;
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("another seat's choice: the event and the log entry lose the animal; the chooser's own keep it; everything once the game has ended", () => {
    const events: GameEvent[] = [{ type: "animalChosen", seat: 1, animal: "owl" }];
    expect(viewEvents(events, 0)).toEqual([{ type: "animalChosen", seat: 1 }]);
    expect(viewEvents(events, null)).toEqual([{ type: "animalChosen", seat: 1 }]);
    expect(viewEvents(events, 1)).toEqual(events);
    expect(viewEvents(events, 0, true)).toEqual(events);
    const entry = { type: "chooseAnimal", animal: "owl" };
    expect(viewEntry(entry, 1, 0)).toEqual({ type: "chooseAnimal" });
    expect(viewEntry(entry, 1, null)).toEqual({ type: "chooseAnimal" });
    expect(viewEntry(entry, 1, 1)).toEqual(entry);
    expect(viewEntry(entry, 1, 0, true)).toEqual(entry);
    expect(viewEntry({ type: "grow", cell: "d4" }, 1, 0)).toEqual({ type: "grow", cell: "d4" });
  });

  it("a hatched baby is public from then on; the others stay hidden, from the turtle's player too", () => {
    const s = mpos(
      "PS2 2M:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 10:4432:2410:-/10:4432:2410:- 9.7.5.0 - 0 00000000 " +
        "-;9h;turtle:a4:4:-:-:-/fox:c3:0:-:-:-;-;-;-;a4=light.d7=small.g4=plant.g1=points.d1=double.a1=higher;collect+medium;--:-",
    );
    for (const viewer of [0, 1, null]) expect(viewFor(s, viewer).moon!.nests.every((n) => n.baby === null)).toBe(true);
    const r = applyAction(s, { type: "ability", ability: "hatch" });
    if (!r.ok) throw new Error(r.error.message);
    for (const viewer of [0, 1, null]) {
      const v = viewFor(r.state, viewer);
      expect(v.moon!.players[0].babies).toEqual(["light"]);
      expect(v.moon!.nests.map((n) => n.baby)).toEqual([null, null, null, null, null]);
      expect(v.moon!.box).toEqual([null, null]);
      expect(viewEvents(r.events, viewer)).toContainEqual({
        type: "babyHatched",
        seat: 0,
        cell: { q: 3, r: -3 },
        baby: "light",
      });
      expect(toNotation(v)).toContain("d7=?.g4=?.g1=?.d1=?.a1=?;?+?");
    }
  });
});
