/** A uniformly random player, driven by its own seeded generator: for tests, benchmarks and bots. */
import { BASE, expansionOf } from "./expansion";
import { Draft } from "./draft";
import { createGame } from "./create";
import { listInto, play, playInPlace } from "./game";
import type { GameEvent, GameOptionsInput, GameState } from "./types";

/** A deep copy of plain state data (objects, arrays, primitives), keeping each object's shape. */
function deepCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  const copy = { ...value } as Record<string, unknown>;
  for (const key in copy) {
    const v = copy[key];
    if (typeof v === "object" && v !== null) copy[key] = deepCopy(v);
  }
  return copy as T;
}

/**
 * A copy of `state` that shares nothing a move changes in place (its options, never changed, stay
 * shared: the engine recognises a game's expansion by its options object), for a playout that
 * applies its moves to it in place.
 */
function privateCopy(state: GameState): GameState {
  const copy: GameState = {
    ...state,
    cells: state.cells.slice(),
    touched: state.touched.slice(),
    stacks: state.stacks.slice(),
    players: state.players.map((p) => ({ ...p, board: p.board.slice(), available: p.available.slice() })),
  };
  const ext = expansionOf(state.options);
  const part = ext === BASE ? undefined : (state as unknown as Record<string, unknown>)[ext.stateKey];
  if (part !== undefined) (copy as unknown as Record<string, unknown>)[ext.stateKey] = deepCopy(part);
  return copy;
}

/**
 * Where the events of a playout in place go: nobody reads them, and pushing is all that applying a
 * move does with its events list, so they are dropped (no list kept per move).
 */
const DROPPED: GameEvent[] = { push: () => 0 } as unknown as GameEvent[];

/**
 * Play from `state` to the end, each move chosen uniformly among the legal moves. Without
 * `onMove` nobody sees the states between, so the moves are applied in place to a private copy
 * of `state` (no new state per move: `Draft`'s in-place mode); with it, every state is a new one.
 */
export function playOutRandomly(
  state: GameState,
  seed: number,
  onMove?: (before: GameState, code: number, after: GameState, events: GameEvent[]) => void,
): { state: GameState; moves: number[] } {
  let rng = (seed ^ 0x9e3779b9) >>> 0;
  const moves: number[] = [];
  // in place: one draft for the whole playout, and nobody reads the events
  const draft = onMove === undefined ? new Draft(privateCopy(state), true) : null;
  if (draft !== null) state = draft.s;
  while (state.phase !== "ended") {
    // the engine's shared list (no array per move); applyMove below knows it was just listed
    const legal = listInto(state);
    // rng.ts's nextInt, inlined (no object per move)
    rng = (rng + 0x6d2b79f5) >>> 0;
    let t = Math.imul(rng ^ (rng >>> 15), rng | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const code = legal.codes[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * legal.n)];
    moves.push(code);
    // taken from the list of this very state: legal, no second check (applyMove would skip it too)
    if (draft !== null) {
      playInPlace(draft, code, DROPPED);
    } else {
      const r = play(state, code);
      onMove?.(state, code, r.state, r.events);
      state = r.state;
    }
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
