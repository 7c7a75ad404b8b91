/** Random positions for the bots' tests: a new game, then uniformly random legal moves. */
import { applyMove, createGame, legalMoves, resign, type GameOptionsInput, type GameState } from "../../src/engine";
import { nextInt } from "../../src/engine/rng";

/**
 * The full run: `CANOPY_FULL=1 npx vitest run tests/bots` plays strong (the costly level) on every
 * position the tests have; `npm test` on a seeded part of them (the same kinds of position, the same
 * checks), which keeps the suite within its minutes.
 */
export const FULL = process.env.CANOPY_FULL === "1";

export function started(options: GameOptionsInput): GameState {
  const c = createGame(options);
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

/** The position after `plies` uniformly random moves from a new game (fewer if the game ends). */
export function randomPosition(options: GameOptionsInput, seed: number, plies: number): GameState {
  let state = started({ ...options, seed });
  let rng = (seed * 2654435761) >>> 0;
  for (let i = 0; i < plies && state.phase !== "ended"; i++) {
    const legal = legalMoves(state);
    const d = nextInt(rng, legal.length);
    rng = d.rng;
    const r = applyMove(state, legal[d.value]);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

/** Some positions of every kind: base and Moonlight (with its modes), 2–4 players, setup and play, a resigned seat. */
export function positions(count: number): { name: string; state: GameState }[] {
  const out: { name: string; state: GameState }[] = [];
  const kinds: GameOptionsInput[] = [
    { players: 2 },
    { players: 3, heavyShade: true },
    { players: 4, longGame: true },
    { players: 2, moonlight: true },
    { players: 3, moonlight: { greatTree: true } },
    { players: 4, moonlight: { greatTree: true, moonstones: true } },
    { players: 2, moonlight: { moonstones: true } },
  ];
  for (let i = 0; i < count; i++) {
    const options = kinds[i % kinds.length];
    let state = randomPosition(options, 100 + i, i % 4 === 0 ? i % 13 : (i * 37) % 260);
    if (i % 11 === 5 && state.phase === "play") {
      const other = (state.current + 1) % options.players;
      const r = resign(state, other);
      if (r.ok) state = r.state;
    }
    if (state.phase !== "ended") out.push({ name: `${JSON.stringify(options)} #${i} ply ${state.ply}`, state });
  }
  return out;
}
