/**
 * Perft ("performance test", as chess engines have it): the number of distinct action sequences of
 * a given length from a position — the cheapest net for move generation. A table of positions with
 * their exact counts (tests/engine/perft.test.ts) catches any change in what is legal.
 */
import { applyMove, legalMoves } from "./game";
import type { GameState } from "./types";

/**
 * The number of leaves of the game tree `depth` plies below `state`, where **one ply is one action**
 * (one entry of `legalActions` / `legalMoves`: a place, buy, plant, grow, collect, end of turn or an
 * expansion's action), not a whole turn: a turn of three actions and its `endTurn` is four plies.
 * `perft(s, 0)` is 1; `perft(s, 1)` is `legalActions(s).length`; a line that ends the game earlier
 * counts as no leaf (a position after the game's end has no legal action). Sequences that reach
 * the same position by different orders count separately, as in chess.
 */
export function perft(state: GameState, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError("perft: depth is a whole number ≥ 0");
  if (depth === 0) return 1;
  const moves = legalMoves(state);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const code of moves) {
    const r = applyMove(state, code);
    if (!r.ok) throw new Error(`perft: the engine refused its own legal move ${code}: ${r.error.code}`);
    total += perft(r.state, depth - 1);
  }
  return total;
}

/** Perft split by first action (the "divide" of chess engines), to find where two generators differ. */
export function perftDivide(state: GameState, depth: number): Map<number, number> {
  const out = new Map<number, number>();
  if (depth < 1) return out;
  for (const code of legalMoves(state)) {
    const r = applyMove(state, code);
    if (!r.ok) throw new Error(`perft: the engine refused its own legal move ${code}: ${r.error.code}`);
    out.set(code, perft(r.state, depth - 1));
  }
  return out;
}
