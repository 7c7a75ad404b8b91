/** A uniformly random player, driven by its own seeded generator: for tests, benchmarks and bots. */
import { createGame, listInto, play } from "./game";
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
    // the engine's shared list (no array per move); applyMove below knows it was just listed
    const legal = listInto(state);
    // rng.ts's nextInt, inlined (no object per move)
    rng = (rng + 0x6d2b79f5) >>> 0;
    let t = Math.imul(rng ^ (rng >>> 15), rng | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const code = legal.codes[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * legal.n)];
    // taken from the list of this very state: legal, no second check (applyMove would skip it too)
    const r = play(state, code);
    onMove?.(state, code, r.state, r.events);
    moves.push(code);
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
