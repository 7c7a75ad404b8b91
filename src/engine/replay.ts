/** Replay: options (with their seed) and the list of what was played reproduce a game exactly. */
import { applyAction } from "./actions";
import { createGame, resign } from "./game";
import type { Action, ApplyResult, GameEvent, GameOptionsInput, GameState, RuleError } from "./types";

/** One entry of a game's log: an action of the seat to act, or a resignation (any seat, any time). */
export type LogEntry = Action | { type: "resign"; seat: number };

export function applyEntry(state: GameState, entry: LogEntry | unknown): ApplyResult {
  const e = entry as { type?: unknown; seat?: unknown };
  if (e && typeof e === "object" && e.type === "resign") return resign(state, e.seat as number);
  return applyAction(state, entry);
}

export function replay(
  options: GameOptionsInput,
  entries: readonly unknown[],
): { ok: true; state: GameState; events: GameEvent[][] } | { ok: false; error: RuleError; index: number } {
  const created = createGame(options);
  if (!created.ok) return { ok: false, error: created.error, index: -1 };
  let state = created.state;
  const events: GameEvent[][] = [];
  for (let i = 0; i < entries.length; i++) {
    const r = applyEntry(state, entries[i]);
    if (!r.ok) return { ok: false, error: r.error, index: i };
    state = r.state;
    events.push(r.events);
  }
  return { ok: true, state, events };
}
