/**
 * The view-model of the game page: pure functions from a game (and the turn being planned) to what
 * the page shows. No DOM here, so it is unit-tested in Node.
 */
import {
  BOARD_COSTS,
  BOARD_SLOTS,
  LABELS,
  TOKEN_VALUES,
  boardPrice,
  hexLabel,
  computeScores,
  currentSun,
  lightReport,
  nextToken,
  revolutionOf,
  setupProgress,
  sunPosition,
  totalRevolutions,
  totalRounds,
  type Action,
  type GameEvent,
  type GameState,
  type PieceName,
} from "../../../src/engine/reading";
import type { Highlight } from "../../../src/render";
import type { GameView, LogAction, LogEntryView } from "../types";
import type { CellFocus } from "./plan";

export const PIECES: readonly PieceName[] = ["seed", "small", "medium", "large"];

// ---- round, sun and turn ------------------------------------------------------------------

export interface RoundInfo {
  phase: GameState["phase"];
  round: number;
  rounds: number;
  /** 1-based revolution of the sun, and how many there are. */
  revolution: number;
  revolutions: number;
  /** Sun position 0..5 now and next round (null in the last round). */
  sun: number;
  nextSun: number | null;
  /** During setup: placements made so far and in all. */
  setupDone: number;
  setupTotal: number;
  /** During setup: the step in progress ("trees", or the expansion's step) and how far it is. */
  setupStep: string | null;
  setupStepDone: number;
  setupStepTotal: number;
}

export function roundInfo(state: GameState): RoundInfo {
  const rounds = totalRounds(state.options);
  const round = state.round;
  const setup = setupProgress(state);
  return {
    phase: state.phase,
    round,
    rounds,
    revolution: revolutionOf(round),
    revolutions: totalRevolutions(state.options),
    sun: currentSun(state),
    nextSun: state.phase === "ended" || round >= rounds ? null : sunPosition(Math.max(1, round) + 1),
    setupDone: setup.done,
    setupTotal: setup.total,
    setupStep: setup.step,
    setupStepDone: setup.stepDone,
    setupStepTotal: setup.stepTotal,
  };
}

// ---- players ------------------------------------------------------------------------------

export interface ColumnView {
  piece: PieceName;
  /** Pieces on the player board, and slots in the column. */
  count: number;
  slots: number;
  /** Price of the next piece, or null when the column is empty. */
  price: number | null;
  /** Every slot's cost, cheapest first, and whether it is filled. */
  costs: { cost: number; filled: boolean }[];
}

export interface PlayerPanel {
  seat: number;
  name: string;
  /** The seated player's id (their page: /p/<id>), null for an empty seat. */
  playerId: string | null;
  light: number;
  board: ColumnView[];
  available: number[];
  tokens: { leaves: number; value: number }[];
  tokenPoints: number;
  /** Score if the game ended now (tokens + floor(light / LIGHT_PER_POINT), the engine's computeScores, and under the Moonlight its points). */
  score: number;
  /** The points the light left would score (floor(light / LIGHT_PER_POINT), the engine's computeScores). */
  lightScore: number;
  pieces: number;
  /** Light this seat's trees collect at the start of next round, if nothing changes. */
  nextLight: number | null;
  resigned: boolean;
  toAct: boolean;
  firstPlayer: boolean;
  isYou: boolean;
  rank: number | null;
  winner: boolean;
  /** While the player is away (their clock paused): until when, ISO time. */
  awayUntil: string | null;
  /** Turns in a row this seat ran out of time, and after how many it is resigned (null: never). */
  timeouts: number;
  maxTimeouts: number | null;
}

/**
 * Buying: the price of the next piece per column, and whether it is legal now — by the engine's
 * legal actions once the page has its rules (./rules.ts), else (`legal` null: your turn shown
 * before they come) by the same test the engine makes (src/engine/game.ts `listBuys`: in play,
 * a piece left in the column, its price paid by the light points).
 */
export function buyChoices(
  legal: readonly Action[] | null,
  state: GameState,
): { piece: PieceName; price: number | null; legal: boolean }[] {
  const p = state.players[state.current];
  return PIECES.map((piece, col) => {
    const price = boardPrice(p, col);
    return {
      piece,
      price: price < 0 ? null : price,
      legal: legal
        ? legal.some((a) => a.type === "buy" && a.piece === piece)
        : state.phase === "play" && price >= 0 && price <= p.light,
    };
  });
}

export function columns(player: GameState["players"][number]): ColumnView[] {
  return PIECES.map((piece, col) => {
    const count = player.board[col];
    const slots = BOARD_SLOTS[col];
    const price = boardPrice(player, col);
    return {
      piece,
      count,
      slots,
      price: price < 0 ? null : price,
      // Slot i (cheapest first) is filled when it is among the top `count` slots.
      costs: BOARD_COSTS[col].map((cost, i) => ({ cost, filled: i >= slots - count })),
    };
  });
}

export function playerPanels(
  view: Pick<GameView, "seats" | "status" | "winners" | "you"> & { options?: Pick<GameView["options"], "maxTimeouts"> },
  state: GameState,
): PlayerPanel[] {
  const scores = computeScores(state);
  const rounds = totalRounds(state.options);
  const next =
    state.phase === "ended" || state.round >= rounds
      ? null
      : lightReport(state, sunPosition(Math.max(1, state.round) + 1)).perSeat;
  return state.players.map((p, seat) => ({
    seat,
    name: view.seats[seat]?.player?.name ?? `#${seat + 1}`,
    playerId: view.seats[seat]?.player?.id ?? null,
    light: p.light,
    board: columns(p),
    available: p.available.slice(),
    tokens: p.tokens.slice(),
    tokenPoints: scores[seat].tokens,
    score: scores[seat].total,
    lightScore: scores[seat].light,
    pieces: scores[seat].pieces,
    nextLight: next ? next[seat] : null,
    resigned: p.resigned,
    toAct: state.phase !== "ended" && state.current === seat,
    firstPlayer: state.firstPlayer === seat,
    isYou: view.you?.seat === seat,
    rank: state.phase === "ended" ? scores[seat].rank : null,
    winner: view.winners?.includes(seat) ?? false,
    awayUntil: view.status === "active" ? (view.seats[seat]?.awayUntil ?? null) : null,
    timeouts: view.status === "active" ? (view.seats[seat]?.timeouts ?? 0) : 0,
    maxTimeouts: view.options?.maxTimeouts ?? null,
  }));
}

// ---- scoring stacks -----------------------------------------------------------------------

export interface StackView {
  leaves: number;
  left: number;
  /** Value of the top token, or null when the stack is empty (or out of the game). */
  top: number | null;
  /** The values still in the stack, top first. */
  values: number[];
}

export function stacksView(state: GameState): StackView[] {
  return TOKEN_VALUES.map((values, i) => {
    const left = state.stacks[i];
    const rest = values.slice(values.length - left);
    return { leaves: i + 1, left, top: left > 0 ? rest[0] : null, values: rest };
  }).reverse();
}

/** The token collecting on a cell of `leaves` would take now (docs/rules.md §3 fallback), or null. */
export function tokenFor(state: GameState, leaves: number): { leaves: number; value: number } | null {
  return nextToken(state, leaves);
}

// ---- planning a turn ----------------------------------------------------------------------

/** The turn being planned: the server's state it starts from, and the actions taken so far. */
export interface Plan {
  base: GameState;
  baseVersion: number;
  actions: Action[];
  /** Undone actions, most recent last. */
  redo: Action[];
}

export function newPlan(base: GameState, version: number): Plan {
  return { base, baseVersion: version, actions: [], redo: [] };
}

export function planUndo(plan: Plan): Plan {
  if (plan.actions.length === 0) return plan;
  const last = plan.actions[plan.actions.length - 1];
  return { ...plan, actions: plan.actions.slice(0, -1), redo: [...plan.redo, last] };
}

export function planRedo(plan: Plan): Plan {
  if (plan.redo.length === 0) return plan;
  const next = plan.redo[plan.redo.length - 1];
  return { ...plan, actions: [...plan.actions, next], redo: plan.redo.slice(0, -1) };
}

// ---- a planned turn kept in the browser ------------------------------------------------------

/**
 * What the browser keeps of a planned turn until it is sent (localStorage, per game and seat), so
 * that it survives a reload or a closed tab: the game's version and turn it was planned on, and the
 * actions (with the undone ones, for redo).
 */
export interface SavedPlan {
  version: number;
  turn: string;
  actions: unknown[];
  redo: unknown[];
}

/** Whose turn in which round, which turn of it: a plan belongs to one such turn. */
export function turnOf(s: GameState): string {
  return `${s.phase}:${s.round}:${s.turn}:${s.current}`;
}

/** What to keep of `plan` (null: nothing planned, nothing to keep). */
export function planToSave(plan: Plan): SavedPlan | null {
  if (plan.actions.length === 0 && plan.redo.length === 0) return null;
  return { version: plan.baseVersion, turn: turnOf(plan.base), actions: plan.actions, redo: plan.redo };
}

/** What storage held, if it is a saved plan (it may be old, edited by hand, or anything). */
export function readSavedPlan(text: string | null): SavedPlan | null {
  if (!text) return null;
  try {
    const x = JSON.parse(text) as Partial<SavedPlan> | null;
    if (
      x &&
      Number.isInteger(x.version) &&
      typeof x.turn === "string" &&
      Array.isArray(x.actions) &&
      Array.isArray(x.redo)
    )
      return x as SavedPlan;
  } catch {
    /* not JSON */
  }
  return null;
}

// ---- what a chosen cell offers ------------------------------------------------------------

/** Cells with at least one legal action of their own (what is worth choosing). */
export function actionableCells(legal: readonly Action[]): Set<string> {
  const out = new Set<string>();
  for (const a of legal) {
    if (a.type === "place" || a.type === "grow" || a.type === "collect") out.add(hexLabel(a.cell));
    else if (a.type === "plant") out.add(hexLabel(a.from));
  }
  return out;
}

/** Highlights for the board: the chosen cell, its targets, cells already used this turn. */
export function boardHighlights(
  state: GameState,
  opts: {
    selected?: string | null;
    focus?: CellFocus | null;
    setupTargets?: readonly string[];
    last?: readonly string[];
  },
): Record<string, Highlight> {
  const out: Record<string, Highlight> = {};
  for (const l of opts.last ?? []) out[l] = "last";
  for (const c of state.touched) out[LABELS[c]] = "used";
  for (const l of opts.setupTargets ?? []) out[l] = "target";
  if (opts.focus) for (const t of opts.focus.targets) out[t] = "target";
  if (opts.selected) out[opts.selected] = "selected";
  return out;
}

/** The cells an action touches, by label (for "last move" marks and the log). */
export function actionCells(a: LogAction | GameEvent): string[] {
  const x = a as { cell?: { q: number; r: number }; from?: { q: number; r: number }; to?: { q: number; r: number } };
  const out: string[] = [];
  if (x.cell) out.push(hexLabel(x.cell));
  if (x.from) out.push(hexLabel(x.from));
  if (x.to) out.push(hexLabel(x.to));
  return out;
}

// ---- history ------------------------------------------------------------------------------

/** The log's actions, one per entry, in order. */
export function logActions(entries: readonly Pick<LogEntryView, "entry">[]): LogAction[] {
  return entries.map((e) => e.entry);
}

/** Whose name to show for a seat. */
export function seatName(view: Pick<GameView, "seats">, seat: number): string {
  return view.seats[seat]?.player?.name ?? `#${seat + 1}`;
}

/** The seat of a player in a game (-1: not seated, or no view or player). */
export function seatOf(view: Pick<GameView, "seats"> | null, playerId: string | null | undefined): number {
  if (!view || !playerId) return -1;
  return view.seats.findIndex((s) => s.player?.id === playerId);
}

/** What the vacation controls offer a seat: nothing (not playing), away until a time, or how long it may go. */
export function vacationOf(
  view: Pick<GameView, "status" | "seats" | "options">,
  seat: number,
): { kind: "none" } | { kind: "away"; until: string } | { kind: "free"; maxHours: number } {
  const s = seat >= 0 ? view.seats[seat] : undefined;
  if (!s || view.status !== "active" || s.resigned) return { kind: "none" };
  if (s.awayUntil) return { kind: "away", until: s.awayUntil };
  // Without a time per move there is no clock to pause.
  if (view.options.moveTimeSeconds === null) return { kind: "none" };
  // The server caps one absence at 60 days and all of a player's at the game's vacation days.
  return { kind: "free", maxHours: Math.min(60 * 24, view.options.vacationDays * 24) };
}

/** Hours of an absence from the form's amount and unit, or null when it is not a whole, positive number. */
export function awayHours(amount: string | number, unit: "hours" | "days"): number | null {
  const n = Number(amount);
  if (!Number.isInteger(n) || n < 1) return null;
  return unit === "days" ? n * 24 : n;
}
