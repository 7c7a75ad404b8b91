/** Replay: options (with their seed) and the list of what was played reproduce a game exactly. */
import { applyAction } from "./actions";
import { expansionOf } from "./expansion";
import { createGame } from "./create";
import { resign, takeOver } from "./resign";
import type { Action, ApplyResult, GameEvent, GameOptionsInput, GameState, RuleError } from "./types";
import { viewFor, type Viewer } from "./view";

/**
 * One entry of a game's log: an action of the seat to act, a resignation (any seat, any time), or
 * a resigned seat taken over (it plays again: a bot took it, docs/rules.md §6).
 */
export type LogEntry = Action | { type: "resign"; seat: number } | { type: "takeOver"; seat: number };

export function applyEntry(state: GameState, entry: LogEntry | unknown): ApplyResult {
  const e = entry as { type?: unknown; seat?: unknown };
  if (e && typeof e === "object" && e.type === "resign") return resign(state, e.seat as number);
  if (e && typeof e === "object" && e.type === "takeOver") return takeOver(state, e.seat as number);
  return applyAction(state, entry);
}

export function replay(
  options: GameOptionsInput,
  entries: readonly unknown[],
): { ok: true; state: GameState; events: GameEvent[][] } | { ok: false; error: RuleError; index: number } {
  const r = replayStates(options, entries);
  return r.ok ? { ok: true, state: r.states[r.states.length - 1], events: r.events } : r;
}

/**
 * Every state of a game from its creation: `states[i]` is the game after the first `i` entries
 * (so `states.length` is `entries.length + 1`), `events[i]` what entry `i` caused. The options
 * must carry the game's real seed (the server has it; a client once the game has ended).
 */
export function replayStates(
  options: GameOptionsInput,
  entries: readonly unknown[],
): { ok: true; states: GameState[]; events: GameEvent[][] } | { ok: false; error: RuleError; index: number } {
  const created = createGame(options);
  if (!created.ok) return { ok: false, error: created.error, index: -1 };
  let state = created.state;
  const states = [state];
  const events: GameEvent[][] = [];
  for (let i = 0; i < entries.length; i++) {
    const r = applyEntry(state, entries[i]);
    if (!r.ok) return { ok: false, error: r.error, index: i };
    state = r.state;
    states.push(state);
    events.push(r.events);
  }
  return { ok: true, states, events };
}

/** A log entry as a viewer receives it from the game service: the entry, who played it, what it caused (viewEvents). */
export interface ViewerLogEntry {
  entry: unknown;
  /** The seat that played it (null for a resignation, whose entry names the seat). */
  seat?: number | null;
  events?: readonly GameEvent[];
}

/**
 * What `viewer` saw of a game at every ply, from the game's options (a view's: the seed may be
 * hidden) and the log as that viewer receives it. With the seed (a game that has ended) this is
 * `replayStates`; without it the game is rebuilt from seed 0 and the expansion puts in what the
 * viewer's log tells of its hidden draws before each entry (expansion.ts `prepareReplay`), so that
 * every state shows what the viewer could see then, and never more: `states[i]` is
 * `viewFor(game after i entries, viewer)`.
 */
export function replayView(
  options: GameOptionsInput,
  log: readonly ViewerLogEntry[],
  viewer: Viewer,
): { ok: true; states: GameState[] } | { ok: false; error: RuleError; index: number } {
  const created = createGame(options);
  if (!created.ok) return { ok: false, error: created.error, index: -1 };
  const ext = expansionOf(created.state.options);
  const all = log.flatMap((l) => l.events ?? []);
  let state = ext.prepareReplay(created.state, undefined, [], all, 0).state;
  const states = [viewFor(state, viewer)];
  let seen = 0;
  for (let i = 0; i < log.length; i++) {
    const events = log[i].events ?? [];
    seen += events.length;
    const ready = ext.prepareReplay(state, log[i].entry, events, all, seen);
    const r = applyEntry(ready.state, ready.entry);
    if (!r.ok) return { ok: false, error: r.error, index: i };
    state = r.state;
    states.push(viewFor(state, viewer));
  }
  return { ok: true, states };
}
