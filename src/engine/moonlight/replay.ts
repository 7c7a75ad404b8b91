/**
 * Replaying what one viewer saw (the base's `replayView`): the game is rebuilt without its seed,
 * so the expansion's hidden draws — the animal deal and the face-down baby turtles — are not the
 * real ones. Before each log entry is applied, what the viewer's log tells (the entry, its events
 * and the events after it) is put into the state: the animal a seat chose (from its own entry, or
 * once `animalsRevealed` names it), and the baby a hatch turned over (`babyHatched`). What the
 * viewer could not know stays unknown: the deals shown are only the boards known to be dealt.
 */
import type { GameEvent, GameState } from "../types";
import { ANIMALS } from "./rules";
import type { AnimalName, BabyName, MoonState } from "./types";

type Entry = Record<string, unknown> | null | undefined;

function withMoon(state: GameState, m: MoonState): GameState {
  return { ...state, moon: m };
}

/** The animal `seat` chose, as far as the viewer's events tell: `events`, then `all` from index `later`. */
function knownAnimal(
  seat: number,
  events: readonly GameEvent[],
  all: readonly GameEvent[],
  later: number,
): AnimalName | null {
  for (const e of events) {
    const animal = animalOf(e, seat);
    if (animal) return animal;
  }
  for (let i = later; i < all.length; i++) {
    const animal = animalOf(all[i], seat);
    if (animal) return animal;
  }
  return null;
}
function animalOf(e: GameEvent, seat: number): AnimalName | null {
  if (e.type === "animalsRevealed" && e.animals[seat]) return e.animals[seat];
  if (e.type === "animalChosen" && e.seat === seat && e.animal) return e.animal;
  return null;
}

export function prepareReplay(
  state: GameState,
  entry: unknown,
  events: readonly GameEvent[],
  all: readonly GameEvent[],
  later: number,
): { state: GameState; entry: unknown } {
  const m = state.moon;
  if (!m) return { state, entry };
  const e = entry as Entry;
  if (entry === undefined) {
    // the start: no deal is known but the boards the seats are seen to choose
    const players = m.players.map((p, seat) => {
      const animal = knownAnimal(seat, events, all, later);
      return { ...p, deal: animal ? [animal] : null };
    });
    return { state: withMoon(state, { ...m, players }), entry };
  }
  if (e && typeof e === "object" && e.type === "chooseAnimal") {
    const seat = state.current;
    let animal = (typeof e.animal === "string" ? e.animal : null) as AnimalName | null;
    animal ??= knownAnimal(seat, events, all, later);
    if (!animal) {
      // still hidden from this viewer (others are choosing): any board nobody is known to hold
      const taken = new Set(m.players.map((p) => p.animal));
      animal = ANIMALS.find((a) => !taken.has(a)) ?? ANIMALS[0];
    }
    const p = m.players[seat];
    const players = m.players.slice();
    players[seat] = { ...p, deal: p.deal?.includes(animal) ? p.deal : [animal, ...(p.deal ?? [])] };
    return { state: withMoon(state, { ...m, players }), entry: { ...e, animal } };
  }
  if (e && typeof e === "object" && e.type === "ability" && e.ability === "hatch") {
    const hatched =
      events.find((x): x is Extract<GameEvent, { type: "babyHatched" }> => x.type === "babyHatched")?.baby ?? null;
    const here = m.players[state.current]?.cell ?? -1;
    const nest = m.nests.findIndex((n) => n.cell === here);
    if (hatched && nest >= 0) {
      const nests = m.nests.map((n) => ({ ...n }));
      const box = m.box.slice();
      const was = nests[nest].baby;
      // the baby turned over was wherever the rebuilt game put it: swap the two
      const other = nests.findIndex((n, i) => i !== nest && n.baby === hatched);
      const inBox = box.indexOf(hatched as BabyName);
      if (other >= 0) nests[other].baby = was;
      else if (inBox >= 0) box[inBox] = was;
      nests[nest].baby = hatched;
      return { state: withMoon(state, { ...m, nests, box }), entry };
    }
  }
  return { state, entry };
}
