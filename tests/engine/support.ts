/**
 * Helpers shared by the engine tests (not a test file itself). Positions are written in the
 * engine's notation (docs/engine.md, src/engine/notation.ts) so every scenario is readable as text.
 */
import { expect } from "vitest";
import {
  CELLS,
  PIECES_PER_PLAYER,
  applyAction,
  cellByLabel,
  fromNotation,
  type Action,
  type GameEvent,
  type GameState,
  type Hex,
  type RuleErrorCode,
} from "../../src/engine";

/**
 * How many random cases a property check runs: `full` in the full run (`CANOPY_FULL=1`, which
 * `npm run bench -- --only=full` sets), a quarter of it in `npm test` — the same checks on fewer random
 * games, each run of the suite drawing new ones (fast-check's seed changes every run), so the suite
 * stays within its minutes and the thousands of games are still played where the time is spent on purpose.
 */
export function propertyRuns(full: number): number {
  return process.env.CANOPY_FULL === "1" ? full : Math.max(1, Math.round(full / 4));
}

/** The empty board, rows a..g. */
export const EMPTY_BOARD = "..../...../....../......./....../...../....";

/** Recursively freeze a value: any attempt of the engine to mutate its input then throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Parse a position written in the notation; a bad position fails the test with the parser's message. */
export function pos(text: string): GameState {
  const r = fromNotation(text);
  if (!r.ok) throw new Error(`bad position (${r.error.message}): ${text}`);
  return deepFreeze(r.state);
}

/** The axial coordinates of a labelled cell. */
export function at(label: string): Hex {
  const i = cellByLabel(label);
  if (i < 0) throw new Error(`no cell ${label}`);
  return CELLS[i];
}

/** The piece on a labelled cell, written as in the notation ("a2", or "." when empty). */
export function pieceAt(state: GameState, label: string): string {
  const piece = state.cells[cellByLabel(label)];
  return piece === 0 ? "." : "abcd"[(piece - 1) >> 2] + String((piece - 1) & 3);
}

/** Apply actions one by one; every one must be accepted. */
export function play(state: GameState, ...actions: unknown[]): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const action of actions) {
    const r = applyAction(s, action);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    s = deepFreeze(r.state);
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The action must be refused with `code`, leaving the (frozen) state exactly as it was. */
export function expectRefused(state: GameState, action: unknown, code: RuleErrorCode): void {
  const frozen = deepFreeze(state);
  const before = structuredClone(frozen);
  const r = applyAction(frozen, action);
  expect(r.ok ? "accepted" : r.error.code, JSON.stringify(action)).toBe(code);
  if (!r.ok) expect(typeof r.error.message).toBe("string");
  expect(frozen).toEqual(before);
}

/** End turns until the next round has started; returns the new state and every event on the way. */
export function endRound(state: GameState): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (;;) {
    const r = play(s, { type: "endTurn" });
    s = r.state;
    events.push(...r.events);
    if (r.events.some((e) => e.type === "roundStarted" || e.type === "gameEnded")) return { state: s, events };
  }
}

/** Events of one type, narrowed. */
export function eventsOf<T extends GameEvent["type"]>(events: GameEvent[], type: T): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** Pieces of each size a seat has in the box (out of the game): what is left of 6/8/4/2. */
export function boxOf(state: GameState, seat: number): number[] {
  const onBoard = [0, 0, 0, 0];
  for (const piece of state.cells) if (piece !== 0 && (piece - 1) >> 2 === seat) onBoard[(piece - 1) & 3]++;
  const p = state.players[seat];
  return PIECES_PER_PLAYER.map((total, size) => total - onBoard[size] - p.board[size] - p.available[size]);
}

export type { Action };
