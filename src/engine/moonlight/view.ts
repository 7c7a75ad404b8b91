/**
 * Hidden information of the expansion (docs/rules.md §8): the animal boards dealt to others, the
 * animals chosen while someone is still choosing, the face-down baby turtles and the two babies in
 * the box. The base's `viewFor`, `viewEvents` and `viewEntry` (../view.ts) call these hooks until
 * the game has ended (then everything may be seen; the seed is public then anyway).
 */
import type { GameEvent, GameState } from "../types";
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

/** The hook: a state (already stripped of the seed) as `viewer` may see it. */
export function viewState(state: GameState, viewer: number | null): GameState {
  if (state.moon) state.moon = moonView(state.moon, viewer);
  return state;
}

/** Another seat's `animalChosen` loses its `animal` (the reveal comes with `animalsRevealed`). */
export function viewEvent(e: GameEvent, viewer: number | null): GameEvent {
  return e.type === "animalChosen" && e.seat !== viewer && e.animal !== undefined ? { type: e.type, seat: e.seat } : e;
}

/** Another seat's `chooseAnimal` log entry loses its `animal` until the game has ended. */
export function viewEntry<T>(entry: T, actor: number | null, viewer: number | null): T {
  if (actor === viewer || typeof entry !== "object" || entry === null) return entry;
  if ((entry as { type?: unknown }).type !== "chooseAnimal") return entry;
  const { animal: _hidden, ...rest } = entry as T & { animal?: unknown };
  return rest as T;
}
