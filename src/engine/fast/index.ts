/**
 * The fast path for search and playouts (docs/fast-path.md): a compact mutable position of the
 * base game or Under the Moonlight, legal moves into a reusable buffer, play in place, snapshots
 * by `copyFrom`, uniform random playout; positions from full states or from a view with its hidden
 * parts sampled (determinization).
 */
import "../expansions"; // registers Under the Moonlight with createGame
import { createGame } from "../create";
import type { GameOptionsInput } from "../types";
import { toFast } from "./convert";
import type { FastPosition } from "./position";

export { ENDED, FastPosition, MAX_MOVES, PLAY, SETUP, fastPerft } from "./position";
export { toFast, toGameState, type Hidden } from "./convert";
export { sampleHidden } from "./hidden";
export { inShadow } from "./moon";
/** Where each field of a position lives in `pos.a` (layout.ts), for a search that reads positions directly. */
export * as LAYOUT from "./layout";
// What a search reads besides the position: the move codes' fields, the board's precomputed
// neighbour and shadow tables, the rules' numbers, and the engine's generator (for seeds of its own).
export { M_END_TURN, M_EXT_PLAY, M_EXT_SETUP, moveA, moveB, moveLevel, moveSub, moveType } from "../codes";
export { NEIGHBOURS, SHADOW_RAY } from "../board";
export { LIGHT_CAP, LIGHT_PER_POINT, SUN_POSITIONS } from "../rules";
export { LOW_SHADE, sunPosition } from "../light";
export { totalRounds } from "../progress";
export { nextInt } from "../rng";

/**
 * A new game's fast position (throws on bad options, as `createGame` refuses them). `into`: a
 * position of a game with the same rules to write over (convert.ts toFast) instead of a new one.
 */
export function createFast(options: GameOptionsInput, into?: FastPosition): FastPosition {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  return toFast(created.state, undefined, into);
}
