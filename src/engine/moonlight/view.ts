/**
 * Hidden information of the expansion (RULES.md §8): the animal boards dealt to others, the
 * animals chosen while someone is still choosing, the face-down baby turtles and the two babies in
 * the box. `viewFor` (../view.ts) masks them in states; `viewEvents` and `viewEntry` in events and
 * log entries. Once the game has ended everything may be seen (the seed is public then anyway).
 */
import type { GameEvent } from "../types";
import type { MoonState } from "./types";

/** The expansion's part of a state as `viewer` (a seat, or null for a spectator) may see it. */
export function moonView(m: MoonState, viewer: number | null): MoonState {
  const choosing = m.stage === "choose";
  return {
    ...m,
    players: m.players.map((p, seat) =>
      seat === viewer ? p : { ...p, deal: null, animal: choosing ? null : p.animal },
    ),
    nests: m.nests.map((n) => ({ cell: n.cell, baby: null })),
    box: m.box.map(() => null),
  };
}

/**
 * Events as `viewer` may see them: another seat's `animalChosen` loses its `animal` (the reveal
 * comes with `animalsRevealed`). Pass `ended` = true once the game is over to see them all.
 */
export function viewEvents(events: readonly GameEvent[], viewer: number | null, ended = false): GameEvent[] {
  if (ended) return events.slice();
  return events.map((e) => (e.type === "animalChosen" && e.seat !== viewer && e.animal !== undefined ? { type: e.type, seat: e.seat } : e));
}

/**
 * A log entry (the action a seat played) as `viewer` may see it: another seat's `chooseAnimal`
 * loses its `animal` until the game has ended. `actor` is the seat that played it.
 */
export function viewEntry<T>(entry: T, actor: number | null, viewer: number | null, ended = false): T {
  if (ended || actor === viewer || typeof entry !== "object" || entry === null) return entry;
  if ((entry as { type?: unknown }).type !== "chooseAnimal") return entry;
  const { animal: _hidden, ...rest } = entry as T & { animal?: unknown };
  return rest as T;
}
