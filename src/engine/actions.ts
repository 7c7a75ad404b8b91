/**
 * The public, JSON form of actions and its conversion to and from internal move codes.
 * A cell may be given as axial coordinates `{q, r}` or as its label ("d4"); actions returned by
 * the engine always carry `{q, r}`.
 */
import { CELLS, cellByLabel, cellIndex } from "./board";
import { M_EXT_PLAY, M_EXT_SETUP } from "./codes";
import { expansionOfCodes, expansions } from "./expansion";
import {
  M_BUY,
  M_COLLECT,
  M_END_TURN,
  M_GROW,
  M_PLACE,
  M_PLANT,
  applyMove,
  legalMoves,
  moveA,
  moveB,
  moveCode,
  moveType,
} from "./game";
import { PIECE_NAMES } from "./rules";
import type { Action, ApplyResult, GameState, RuleError } from "./types";

/** The JSON action for a move code. */
export function actionOf(code: number): Action {
  const a = moveA(code);
  switch (moveType(code)) {
    case M_EXT_SETUP:
    case M_EXT_PLAY:
      return expansionOfCodes().actionOf(code);
    case M_PLACE:
      return { type: "place", cell: CELLS[a] };
    case M_BUY:
      return { type: "buy", piece: PIECE_NAMES[a] };
    case M_PLANT:
      return { type: "plant", from: CELLS[a], to: CELLS[moveB(code)] };
    case M_GROW:
      return { type: "grow", cell: CELLS[a] };
    case M_COLLECT:
      return { type: "collect", cell: CELLS[a] };
    default:
      return { type: "endTurn" };
  }
}

/** Every legal action of the player to act (empty once the game is over). */
export function legalActions(state: GameState): Action[] {
  return legalMoves(state).map(actionOf);
}

const OFF_BOARD = 63;

function parseCell(value: unknown): number | RuleError {
  if (typeof value === "string") {
    const i = cellByLabel(value);
    return i >= 0 ? i : OFF_BOARD;
  }
  if (typeof value === "object" && value !== null) {
    const { q, r } = value as { q?: unknown; r?: unknown };
    if (typeof q === "number" && typeof r === "number" && Number.isInteger(q) && Number.isInteger(r)) {
      const i = cellIndex(q, r);
      return i >= 0 ? i : OFF_BOARD;
    }
  }
  return {
    code: "MALFORMED_ACTION",
    message: 'A cell is {q, r} with integer axial coordinates, or a label such as "d4".',
  };
}

/**
 * Convert a JSON action into a move code. Cells off the board become a code the rules refuse with
 * NOT_ON_BOARD; anything that is not an action at all is MALFORMED_ACTION.
 */
export function parseAction(action: unknown): number | RuleError {
  if (typeof action !== "object" || action === null || Array.isArray(action))
    return { code: "MALFORMED_ACTION", message: 'An action is an object with a "type".' };
  const a = action as Record<string, unknown>;
  const cell = (field: string): number | RuleError => parseCell(a[field]);
  switch (a.type) {
    case "endTurn":
      return moveCode(M_END_TURN);
    case "buy": {
      const col = PIECE_NAMES.indexOf(a.piece as never);
      if (col < 0) return { code: "MALFORMED_ACTION", message: `"piece" must be one of ${PIECE_NAMES.join(", ")}.` };
      return moveCode(M_BUY, col);
    }
    case "place":
    case "grow":
    case "collect": {
      const c = cell("cell");
      if (typeof c !== "number") return c;
      return moveCode(a.type === "place" ? M_PLACE : a.type === "grow" ? M_GROW : M_COLLECT, c);
    }
    case "plant": {
      const from = cell("from");
      if (typeof from !== "number") return from;
      const to = cell("to");
      if (typeof to !== "number") return to;
      return moveCode(M_PLANT, from, to);
    }
    default: {
      for (const x of expansions()) {
        const code = x.parseAction(a, parseCell);
        if (code !== undefined) return code;
      }
      return {
        code: "MALFORMED_ACTION",
        message: "Unknown action type; expected place, buy, plant, grow, collect or endTurn.",
      };
    }
  }
}

/**
 * Apply an action for the player to act. Returns the new state and the events it caused, or a
 * rule error with the state untouched. Never throws for a bad action.
 */
export function applyAction(state: GameState, action: Action | unknown): ApplyResult {
  const code = parseAction(action);
  if (typeof code !== "number") return { ok: false, error: code };
  const seat = (action as { seat?: unknown }).seat;
  if (seat !== undefined) {
    if (!Number.isInteger(seat))
      return { ok: false, error: { code: "MALFORMED_ACTION", message: '"seat" must be an integer.' } };
    if (state.phase !== "ended" && seat !== state.current)
      return {
        ok: false,
        error: { code: "NOT_YOUR_TURN", message: `It is seat ${state.current}'s turn, not seat ${String(seat)}'s.` },
      };
  }
  return applyMove(state, code);
}

/** Apply a whole turn atomically: every action in order, or none (the first error is returned with its index). */
export function applyActions(
  state: GameState,
  actions: readonly unknown[],
): (ApplyResult & { ok: true }) | { ok: false; error: RuleError; index: number } {
  let s = state;
  const events = [];
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(s, actions[i]);
    if (!r.ok) return { ok: false, error: r.error, index: i };
    s = r.state;
    events.push(...r.events);
  }
  return { ok: true, state: s, events };
}
