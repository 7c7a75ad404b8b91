/**
 * The differential check of the fast core against the public engine (not a test file itself):
 * play a game from a public state with both, and at every step compare the legal moves (same codes,
 * same order) and the whole state (`toGameState` of the position against the engine's state:
 * board, light, player boards, tokens, stacks, moon, animals, moon points, babies, nests, box,
 * dam, stones, turn marks, phase, round, seat to act, ply, generator).
 *
 * Moves are drawn by a seeded policy: uniform, or weighted toward growing, collecting and the
 * animals' abilities (random play alone seldom reaches the boar's dig or the beaver's improve).
 * Occasional resignations go through the public engine and are carried over with `toFast`.
 */
import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";
import { actionOf, applyMove, legalMoves, resign, toNotation, type GameState } from "../../../src/engine";
import { type FastPosition, MAX_MOVES, toFast, toGameState } from "../../../src/engine/fast";
import { nextInt } from "../../../src/engine/rng";

/**
 * Games per case: `byDefault` in the suite; the big run sets CANOPY_FAST_GAMES (games per case,
 * e.g. 400: thousands in all), which the suite never sets (docs/fast-path.md, "Checked").
 */
export function games(byDefault: number): number {
  const big = Number(process.env.CANOPY_FAST_GAMES ?? 0);
  return Number.isInteger(big) && big > 0 ? big : byDefault;
}

/** Weight of a move by its type (codes.ts: end, buy, plant, grow, collect, place, setup step, expansion move); an ability 8. */
const WEIGHTS = [1, 3, 0.3, 4, 4, 1, 1, 1];
const weight = (code: number) => ((code & 7) === 7 && ((code >> 15) & 15) !== 0 ? 8 : WEIGHTS[code & 7]);

export interface Played {
  steps: number;
  /** Expansion moves played, by `sub` (0 the animal's move, else ability index + 1). */
  moon: number[];
  final: GameState;
}

const buffer = new Int32Array(MAX_MOVES);

function fastMoves(p: FastPosition): number[] {
  return Array.from(buffer.subarray(0, p.legalMoves(buffer)));
}

/** Why two lists of codes differ (for a failure message). */
function explain(engine: number[], fast: number[]): string {
  const a = new Set(engine);
  const b = new Set(fast);
  const json = (codes: number[]) => codes.map((c) => JSON.stringify(actionOf(c))).join(" ");
  return `missing on the fast core: ${json(engine.filter((c) => !b.has(c)))}; extra: ${json(fast.filter((c) => !a.has(c)))}; same set, other order: ${engine.length === fast.length}`;
}

/**
 * Play from `state` to the end with both engines, comparing at every step. `weighted`: the
 * policy favours growth and abilities; `resigns`: now and then the seat to act resigns.
 */
export function playBoth(start: GameState, seed: number, weighted: boolean, resigns = false): Played {
  let state = start;
  let fast = toFast(state);
  let rng = seed >>> 0;
  const draw = (n: number) => {
    const d = nextInt(rng, n);
    rng = d.rng;
    return d.value;
  };
  const moon: number[] = new Array(16).fill(0);
  let steps = 0;
  while (state.phase !== "ended") {
    const codes = legalMoves(state);
    const mine = fastMoves(fast);
    if (!isDeepStrictEqual(mine, codes))
      expect.fail(`legal moves differ at ply ${state.ply} of ${toNotation(state)}: ${explain(codes, mine)}`);
    if (resigns && draw(97) === 0 && state.players.filter((p) => !p.resigned).length > 1) {
      const r = resign(state, state.current);
      if (!r.ok) expect.fail(r.error.message);
      state = r.state;
      fast = toFast(state);
      continue;
    }
    let code = codes[draw(codes.length)];
    if (weighted) {
      let total = 0;
      for (const c of codes) total += weight(c);
      let r = (draw(1 << 30) / (1 << 30)) * total;
      for (const c of codes) {
        r -= weight(c);
        if (r < 0) {
          code = c;
          break;
        }
      }
    }
    if ((code & 7) === 7) moon[(code >> 15) & 15]++;
    const before = state;
    const r = applyMove(state, code);
    if (!r.ok) expect.fail(r.error.message);
    state = r.state;
    fast.play(code);
    const got = toGameState(fast);
    if (!isDeepStrictEqual(got, state)) {
      // the readable difference (toEqual's diff), with the position and the move
      expect(got, `after ${JSON.stringify(actionOf(code))} from ${toNotation(before)}`).toEqual(state);
    }
    steps++;
  }
  expect(fastMoves(fast)).toEqual([]);
  expect(fast.ended).toBe(true);
  return { steps, moon, final: state };
}
