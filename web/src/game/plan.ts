/**
 * What the game page plans a turn with, on the engine's play (its legal actions, applying them):
 * the planned turn's state, a plan checked action by action, kept across a newer view or a reload,
 * the turn to send, what each planned action did, what a chosen cell offers and what can be bought
 * (the history is replayed by ./history.ts). Pure functions, unit-tested in Node
 * (tests/web/model.test.ts); the page loads them in ./rules.ts's chunk, not with its first view.
 */
import {
  COLLECT_COST,
  GROW_COST,
  LABELS,
  LEAVES,
  PLANT_COST,
  applyAction,
  applyActions,
  cellIndex,
  hexLabel,
  legalActions,
  type Action,
  type GameEvent,
  type GameState,
} from "../../../src/engine/play";
import { newPlan, tokenFor, turnOf, type Plan, type SavedPlan } from "./model";

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

// ---- what a chosen cell offers, buying ---------------------------------------------------------

export type Choice =
  | { kind: "place"; action: Action; cell: string }
  | { kind: "grow"; action: Action; cell: string; from: number; to: number; cost: number }
  | { kind: "collect"; action: Action; cell: string; cost: number; token: { leaves: number; value: number } | null }
  | { kind: "plant"; action: Action; from: string; to: string; size: number; cost: number };

export interface CellFocus {
  label: string;
  /** Actions on this cell (grow, collect, place), and plantings from it or onto it. */
  choices: Choice[];
  /** Cells this cell's tree can plant on (when it is a source). */
  targets: string[];
}

function choiceOf(state: GameState, a: Action): Choice | null {
  switch (a.type) {
    case "place":
      return { kind: "place", action: a, cell: hexLabel(a.cell) };
    case "grow": {
      const i = cellIndex(a.cell.q, a.cell.r);
      const from = (state.cells[i] - 1) & 3;
      return { kind: "grow", action: a, cell: LABELS[i], from, to: from + 1, cost: GROW_COST[from + 1] };
    }
    case "collect": {
      const i = cellIndex(a.cell.q, a.cell.r);
      return { kind: "collect", action: a, cell: LABELS[i], cost: COLLECT_COST, token: tokenFor(state, LEAVES[i]) };
    }
    case "plant": {
      const i = cellIndex(a.from.q, a.from.r);
      return {
        kind: "plant",
        action: a,
        from: LABELS[i],
        to: hexLabel(a.to),
        size: (state.cells[i] - 1) & 3,
        cost: PLANT_COST,
      };
    }
    default:
      return null;
  }
}

/** What choosing `label` offers the player to act (from the engine's legal actions). */
export function cellFocus(state: GameState, legal: readonly Action[], label: string): CellFocus {
  const choices: Choice[] = [];
  const targets: string[] = [];
  for (const a of legal) {
    const touches =
      ((a.type === "place" || a.type === "grow" || a.type === "collect") && hexLabel(a.cell) === label) ||
      (a.type === "plant" && (hexLabel(a.from) === label || hexLabel(a.to) === label));
    if (!touches) continue;
    const c = choiceOf(state, a);
    if (!c) continue;
    if (c.kind === "plant" && c.from === label) targets.push(c.to);
    // Plantings from this cell are offered by clicking a target, not listed one by one.
    if (c.kind === "plant" && c.from === label) continue;
    choices.push(c);
  }
  return { label, choices, targets };
}
