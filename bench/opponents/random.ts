/**
 * The bench's random player: each action uniformly among the legal ones (the end of the turn one of
 * them) until the turn ends; in setup, one uniform legal action. Driven by the engine's generator
 * from the turn's seed, so a game replays exactly.
 */
import { applyMove, legalMoves, type GameState } from "../../src/engine";
import { M_END_TURN, nextInt } from "../../src/engine/fast";

export function randomTurn(view: GameState, seed: number): number[] {
  const seat = view.current;
  const out: number[] = [];
  let rng = seed >>> 0;
  let state = view;
  for (;;) {
    const legal = legalMoves(state);
    const d = nextInt(rng, legal.length);
    rng = d.rng;
    const code = legal[d.value];
    out.push(code);
    if (code === M_END_TURN || state.phase !== "play") return out;
    const r = applyMove(state, code);
    if (!r.ok || r.state.current !== seat || r.state.phase !== "play") return out;
    state = r.state;
  }
}
