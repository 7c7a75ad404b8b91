/**
 * The game's history replayed, for the scrubber and the coach: a chunk of its own (./deps.ts loads
 * it, ./ctrl.ts waits for it), apart from the planning (./rules.ts), since a turn is planned without
 * it. It is fetched when the history is first touched (pointerdown or focus on it), for a moment of
 * it in the address (`?ply=`), a finished game and a practice game (the coach reads the replayed
 * states); under the Moonlight with the expansion's hooks for it (web/src/moon/replay.ts: its part
 * plans without them; docs/web.md, "Weights").
 */
import {
  replayStates as replayGame,
  replayView,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
} from "../../../src/engine/base";
import type { LogEntryView } from "../types";

/**
 * Every state of the game from the start as the viewer (a seat, or null for a spectator) saw it,
 * from the log as the server sends it to that viewer (entries with their events): the engine's
 * `replayView`. Once the game has ended the server sends the options with the seed (`replay`),
 * and the whole game is replayed exactly (`replayStates`). Returns null if the log does not replay
 * (then the page hides the scrubber).
 */
export function replayStates(
  state: GameState,
  log: readonly (Pick<LogEntryView, "entry"> & Partial<Pick<LogEntryView, "seat" | "events">>)[],
  viewer: number | null = null,
  replayOptions: GameOptionsInput | null = null,
): GameState[] | null {
  if (replayOptions) {
    const r = replayGame(
      replayOptions,
      log.map((l) => l.entry),
    );
    return r.ok ? r.states : null;
  }
  // The service's own events (a move played at a timeout) are not the engine's: leave them out.
  const engineLog = log.map((l) => ({ ...l, events: l.events?.filter((e): e is GameEvent => e.type !== "timedOut") }));
  const r = replayView(state.options, engineLog, viewer);
  return r.ok ? r.states : null;
}
