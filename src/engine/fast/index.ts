/**
 * The fast path for search and playouts (docs/fast-path.md): a compact mutable base-game position,
 * legal moves into a reusable buffer, play in place, snapshots by `copyFrom`, uniform random playout.
 */
import { createGame } from "../game";
import type { GameOptionsInput } from "../types";
import { FastPosition, toFast } from "./position";

export { ENDED, FastPosition, MAX_MOVES, PLAY, SETUP, fastPerft, toFast, toGameState } from "./position";

/** A new game's fast position (throws on bad options, as `createGame` refuses them, or Under the Moonlight). */
export function createFast(options: GameOptionsInput): FastPosition {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  return toFast(created.state);
}
