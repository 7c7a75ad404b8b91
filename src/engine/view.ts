/**
 * What one seat (or a spectator, viewer = null) may see of a game. Every public output (API,
 * embeds, pictures, notifications) goes through here.
 *
 * The base game has no hidden information on the board, but the seed and the generator state
 * decide everything random still to come (the Moonlight module's animal deal and face-down baby
 * turtles), so they stay hidden until the game has ended. Under the Moonlight the animal boards
 * dealt to others, the animals chosen while someone is still choosing, the face-down baby turtles
 * and the babies in the box are hidden too (moonlight/view.ts; events and log entries: viewEvents,
 * viewEntry).
 */
import { moonView } from "./moonlight/view";
import type { GameState } from "./types";

export type Viewer = number | null;

export function viewFor(state: GameState, viewer: Viewer): GameState {
  if (state.phase === "ended") return state;
  const view: GameState = { ...state, options: { ...state.options, seed: 0 }, rng: 0 };
  if (state.moon) view.moon = moonView(state.moon, viewer);
  return view;
}
