/**
 * What one seat (or a spectator, viewer = null) may see of a game. Every public output (API,
 * embeds, pictures, notifications) goes through here.
 *
 * The base game has no hidden information on the board, but the seed and the generator state
 * decide everything random still to come (an expansion's hidden draws), so they stay hidden until
 * the game has ended. An expansion hides its own secrets in states, events and log entries
 * (expansion.ts: view, viewEvent, viewEntry).
 */
import { expansionOf, expansions } from "./expansion";
import type { GameEvent, GameState } from "./types";

export type Viewer = number | null;

export function viewFor(state: GameState, viewer: Viewer): GameState {
  if (state.phase === "ended") return state;
  const view: GameState = { ...state, options: { ...state.options, seed: 0 }, rng: 0 };
  return expansionOf(state.options).view(view, viewer);
}

/**
 * Events as `viewer` may see them (an expansion's private events lose what is hidden). Pass
 * `ended` = true once the game is over to see them all.
 */
export function viewEvents(events: readonly GameEvent[], viewer: Viewer, ended = false): GameEvent[] {
  if (ended) return events.slice();
  const all = expansions();
  return events.map((e) => {
    let out = e;
    for (const x of all) out = x.viewEvent(out, viewer);
    return out;
  });
}

/**
 * A log entry (the action a seat played) as `viewer` may see it; `actor` is the seat that played
 * it. Until the game has ended an expansion may strip what others may not know.
 */
export function viewEntry<T>(entry: T, actor: Viewer, viewer: Viewer, ended = false): T {
  if (ended || actor === viewer || typeof entry !== "object" || entry === null) return entry;
  let out = entry;
  for (const x of expansions()) out = x.viewEntry(out, actor, viewer);
  return out;
}
