/** A uniformly random player, driven by its own seeded generator: for tests, benchmarks and bots. */
import { applyMove, createGame, legalMoves } from "./game";
import { nextInt } from "./rng";
import type { GameEvent, GameOptionsInput, GameState } from "./types";

/** Play from `state` to the end, each move chosen uniformly among the legal moves. */
export function playOutRandomly(
  state: GameState,
  seed: number,
  onMove?: (before: GameState, code: number, after: GameState, events: GameEvent[]) => void,
): { state: GameState; moves: number[] } {
  let rng = (seed ^ 0x9e3779b9) >>> 0;
  const moves: number[] = [];
  while (state.phase !== "ended") {
    const legal = legalMoves(state);
    const d = nextInt(rng, legal.length);
    rng = d.rng;
    const r = applyMove(state, legal[d.value]);
    if (!r.ok) throw new Error(`engine refused its own legal move: ${r.error.code} ${r.error.message}`);
    onMove?.(state, legal[d.value], r.state, r.events);
    moves.push(legal[d.value]);
    state = r.state;
  }
  return { state, moves };
}

export function randomGame(
  options: GameOptionsInput,
  seed: number,
): { start: GameState; state: GameState; moves: number[] } {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  const { state, moves } = playOutRandomly(created.state, seed);
  return { start: created.state, state, moves };
}
