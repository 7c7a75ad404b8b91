/**
 * What the game page plans a turn and replays the game with, on the engine's play (its legal
 * actions, applying them): the planned turn's state, a plan checked action by action, kept across a
 * newer view or a reload, the turn to send, what each planned action did, and the game's history
 * replayed for the scrubber. Pure functions, unit-tested in Node (tests/web/model.test.ts); the page
 * loads them in ./rules.ts's chunk, not with its first view.
 */
import {
  applyAction,
  applyActions,
  legalActions,
  replayStates as replayGame,
  replayView,
  type Action,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
} from "../../../src/engine/base";
import type { LogEntryView } from "../types";
import { newPlan, turnOf, type Plan, type SavedPlan } from "./model";

export { applyAction, legalActions };

/** The state after the planned actions (they were checked when added, so this cannot fail). */
export function planState(plan: Plan): GameState {
  let s = plan.base;
  for (const a of plan.actions) {
    const r = applyAction(s, a);
    if (!r.ok) break;
    s = r.state;
  }
  return s;
}

export function planAdd(plan: Plan, action: Action): Plan | { error: string } {
  const r = applyAction(planState(plan), action);
  if (!r.ok) return { error: r.error.message };
  return { ...plan, actions: [...plan.actions, action], redo: [] };
}

/**
 * The planned actions replayed on a newer server state (after a live update or a conflict).
 * Returns the new plan, and whether every planned action still applies (see `restorePlan`).
 */
export function rebase(plan: Plan, base: GameState, version: number, seat: number): { plan: Plan; kept: boolean } {
  return restorePlan(
    { version: plan.baseVersion, turn: turnOf(plan.base), actions: plan.actions, redo: plan.redo },
    base,
    version,
    seat,
  );
}

/** The actions to submit for the planned turn: in play, the turn is closed with endTurn. */
export function turnToSubmit(plan: Plan, seat: number): Action[] {
  const s = planState(plan);
  if (s.phase === "play" && s.current === seat && plan.base.phase === "play")
    return [...plan.actions, { type: "endTurn" }];
  return plan.actions.slice();
}

/**
 * A saved plan on the game as it is now. Kept when it is still the same turn of this seat and
 * every planned action still applies (the engine checks each, in order); otherwise a fresh plan,
 * and `kept: false` when there was something planned to lose. Undone actions are kept for redo
 * only as long as they would still apply after the plan.
 */
export function restorePlan(
  saved: SavedPlan,
  base: GameState,
  version: number,
  seat: number,
): { plan: Plan; kept: boolean } {
  const fresh = newPlan(base, version);
  const planned = saved.actions.length > 0;
  if (base.phase === "ended" || base.current !== seat || turnOf(base) !== saved.turn)
    return { plan: fresh, kept: !planned };
  const done = applyActions(base, saved.actions);
  if (!done.ok) return { plan: fresh, kept: !planned };
  // Redo takes the last undone action first.
  const redo: Action[] = [];
  let s = done.state;
  for (let i = saved.redo.length - 1; i >= 0; i--) {
    const r = applyAction(s, saved.redo[i]);
    if (!r.ok) break;
    s = r.state;
    redo.unshift(saved.redo[i] as Action);
  }
  return { plan: { ...fresh, actions: saved.actions as Action[], redo }, kept: true };
}

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

/** What each planned action did (the engine's events, in order): the turn panel words them. */
export function planEvents(plan: Plan): GameEvent[] {
  const out: GameEvent[] = [];
  let s = plan.base;
  for (const a of plan.actions) {
    const r = applyAction(s, a);
    if (!r.ok) break;
    s = r.state;
    out.push(...r.events);
  }
  return out;
}
