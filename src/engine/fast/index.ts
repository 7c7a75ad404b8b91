/**
 * The fast path for search and playouts (docs/fast-path.md): a compact mutable base-game position,
 * legal moves into a reusable buffer, play in place, snapshots by `copyFrom`, uniform random playout.
 */
import { createGame } from "../game";
import type { GameOptionsInput } from "../types";
import { type FastPosition, toFast } from "./position";

export { ENDED, FastPosition, MAX_MOVES, PLAY, SETUP, fastPerft, toFast, toGameState } from "./position";
// What a search reads besides the position: the move codes' fields, the board's precomputed
// neighbour and shadow tables, and the engine's generator (for seeds of its own).
export { M_END_TURN, M_EXT_SETUP, moveA, moveSub, moveType } from "../codes";
export { NEIGHBOURS, SHADOW_RAY } from "../board";
export { nextInt } from "../rng";

/** A new game's fast position (throws on bad options, as `createGame` refuses them, or Under the Moonlight). */
export function createFast(options: GameOptionsInput): FastPosition {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  return toFast(created.state);
}
