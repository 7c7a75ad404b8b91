/**
 * Helpers for the Under the Moonlight tests (not a test file itself). Every scenario starts from a
 * position in the notation (PS2, docs/engine.md); `moonPos` fills in the usual fields around a
 * board, players and the expansion's field so each test shows only what matters.
 */
import { expect } from "vitest";
import {
  applyAction,
  fromNotation,
  type GameEvent,
  type GameState,
  type MoonErrorCode,
  type RuleErrorCode,
} from "../../../src/engine";
import { deepFreeze } from "../support";

export { at, deepFreeze, eventsOf, pieceAt, play, endRound, EMPTY_BOARD } from "../support";

/** Parse a PS2 position; a bad one fails the test with the parser's message. */
export function mpos(text: string): GameState {
  const r = fromNotation(text);
  if (!r.ok) throw new Error(`bad position (${r.error.message}): ${text}`);
  return deepFreeze(r.state);
}

export interface MoonPosParts {
  /** Options without the seed, e.g. "2M", "3MGS", "2HM". */
  options?: string;
  phase?: string;
  /** first-player token, seat to act, turns begun. */
  seats?: string;
  board?: string;
  players?: string;
  stacks?: string;
  touched?: string;
  moon: string;
}

/** A PS2 position from its parts (defaults: 2 players, round 2, seat a to act, empty board, 10 light each). */
export function moonPos(p: MoonPosParts): GameState {
  const options = p.options ?? "2M";
  const n = Number(options[0]);
  const players = p.players ?? Array.from({ length: n }, () => "10:4432:2410:-").join("/");
  const stacks = p.stacks ?? (n === 2 ? "9.7.5.0" : "9.7.5.3");
  const board = p.board ?? "..../...../....../......./....../...../....";
  return mpos(
    `PS2 ${options}:00000000:a ${p.phase ?? "R2"} ${p.seats ?? "a a 0"} ${board} ${players} ${stacks} ${p.touched ?? "-"} 0 00000000 ${p.moon}`,
  );
}

/** The action must be refused with `code`, leaving the (frozen) state exactly as it was. */
export function refused(state: GameState, action: unknown, code: RuleErrorCode | MoonErrorCode): void {
  const frozen = deepFreeze(state);
  const before = structuredClone(frozen);
  const r = applyAction(frozen, action);
  expect(r.ok ? "accepted" : r.error.code, JSON.stringify(action)).toBe(code);
  if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
  expect(frozen).toEqual(before);
}

/** Apply one action that must be accepted. */
export function act(state: GameState, action: unknown): { state: GameState; events: GameEvent[] } {
  const r = applyAction(state, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
  return { state: deepFreeze(r.state), events: r.events };
}

/** A seat's moon points. */
export const points = (s: GameState, seat: number) => s.moon!.players[seat].points;

const ROWS = [4, 5, 6, 7, 6, 5, 4];
/** The board field of the notation from pieces by label, e.g. `boardOf({ c3: "b0", d4: "a3" })`. */
export function boardOf(pieces: Record<string, string>): string {
  return ROWS.map((len, r) => {
    let row = "";
    for (let i = 1; i <= len; i++) row += pieces[String.fromCharCode(97 + r) + i] ?? ".";
    return row;
  }).join("/");
}
