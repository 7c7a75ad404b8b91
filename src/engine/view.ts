/**
 * What one seat (or a spectator, viewer = null) may see of a game. Every public output (API,
 * embeds, pictures, notifications) goes through here.
 *
 * The base game has no hidden information on the board, but the seed and the generator state
 * decide everything random still to come (the Moonlight module's animal deal and face-down baby
 * turtles), so they stay hidden until the game has ended. The Moonlight module will also hide the
 * face-down babies and animal boards not yet chosen here.
 */
import type { GameState } from "./types";

export type Viewer = number | null;

export function viewFor(state: GameState, _viewer: Viewer): GameState {
  if (state.phase === "ended") return state;
  return { ...state, options: { ...state.options, seed: 0 }, rng: 0 };
}
