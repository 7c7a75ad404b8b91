/**
 * What one seat (or a spectator, seat = null) may see of a game. The base game has no hidden
 * information, so this is the whole state; the Moonlight module hides face-down baby turtles and
 * animal boards not yet chosen here, and every public output (API, embeds, pictures,
 * notifications) goes through it.
 */
import type { GameState } from "./types";

export type Viewer = number | null;

export function viewFor(state: GameState, _viewer: Viewer): GameState {
  return state;
}
