/**
 * Resigning a seat and taking a resigned seat over (docs/rules.md §6): a module apart from game.ts
 * so that a client which plans moves (the web client's planning, play.ts) does not carry them; a
 * game's history replayed does (docs/web.md, "Weights").
 */
import { Draft, err } from "./draft";
import { expansionOf } from "./expansion";
import { advance, allResigned, endGame } from "./game";
import type { ApplyResult, GameEvent, GameState } from "./types";

/**
 * Resign a seat (any time, not only on its turn). Its pieces stay on the board; its turns end by
 * themselves from now on; it cannot win. If it was that seat's turn, play passes on.
 */
export function resign(state: GameState, seat: number): ApplyResult {
  if (state.phase === "ended") return err("GAME_OVER", "The game is over.");
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.options.players)
    return err("MALFORMED_ACTION", "No such seat.");
  if (state.players[seat].resigned) return err("ALREADY_RESIGNED", "That seat has already resigned.");
  const d = new Draft(state);
  d.playerOnly(seat).resigned = true;
  const events: GameEvent[] = [{ type: "resigned", seat }];
  if (allResigned(d.s)) endGame(d, events);
  else if (seat === state.current && expansionOf(state.options).resignOnTurn(d)) {
    // the expansion passed its setup step on itself (expansion.ts)
  } else if (seat === state.current) {
    if (state.phase === "play") events.push({ type: "turnEnded", seat, auto: true });
    advance(d, events);
  }
  return { ok: true, state: d.s, events };
}

/**
 * A seat that resigned (or timed out for good) plays again from its next turn: the service hands
 * it to a bot (docs/rules.md §6, "A resigned seat taken over"). Its pieces, light and tokens are
 * as it left them; a turn in progress is not taken back.
 */
export function takeOver(state: GameState, seat: number): ApplyResult {
  if (state.phase === "ended") return err("GAME_OVER", "The game is over.");
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.options.players)
    return err("MALFORMED_ACTION", "No such seat.");
  if (!state.players[seat].resigned) return err("MALFORMED_ACTION", "That seat has not resigned.");
  const d = new Draft(state);
  d.player(seat).resigned = false;
  return { ok: true, state: d.s, events: [] };
}
