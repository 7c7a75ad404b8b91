/**
 * The fast core (src/engine/fast) against the public engine on the base game (Under the Moonlight:
 * moonlight.test.ts), move for move: random games of every
 * player count, with and without the long game and heavy shade, with occasional resignations (made
 * through the public engine, then carried over with `toFast`). At every step the fast core's
 * legal moves must be exactly the public legal actions (same set, same order) and the position it
 * reaches must convert back to exactly the public state. Its random playout must play the very
 * game `randomGame` plays from the same seed, and its scores and winners must be the engine's.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  actionOf,
  applyAction,
  computeScores,
  createGame,
  fromNotation,
  legalActions,
  parseAction,
  playOutRandomly,
  randomGame,
  resign,
  toNotation,
  winnersOf,
  type GameOptionsInput,
  type GameState,
} from "../../../src/engine";
import { type FastPosition, MAX_MOVES, createFast, toFast, toGameState } from "../../../src/engine/fast";
import { nextInt } from "../../../src/engine/rng";

function fastMoves(p: FastPosition): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, p.legalMoves(buf)));
}

function started(options: GameOptionsInput): GameState {
  const c = createGame(options);
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

const optionsArb = (players: number) =>
  fc.record({
    players: fc.constant(players),
    longGame: fc.boolean(),
    heavyShade: fc.boolean(),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
  });

// Whole games checked step by step: CPU-bound, seconds on a machine shared by many jobs (timing is
// not asserted); the big run (CANOPY_FAST_GAMES) takes as long as it takes.
vi.setConfig({ testTimeout: process.env.CANOPY_FAST_GAMES ? 3_600_000 : 60_000 });

describe("the fast core agrees with the public engine", () => {
  for (const players of [2, 3, 4])
    it(`${players} players: at every step of random games, the same legal actions and the same state`, () => {
      fc.assert(
        fc.property(
          optionsArb(players),
          fc.integer({ min: 0, max: 0xffffffff }),
          fc.boolean(),
          (options, playSeed, resigns) => {
            let state = started(options);
            let fast = toFast(state);
            let rng = playSeed >>> 0;
            let steps = 0;
            while (state.phase !== "ended") {
              // the same legal actions, in the same order
              const codes = fastMoves(fast);
              const publicActions = legalActions(state);
              expect(codes.map(actionOf)).toEqual(publicActions);
              expect(publicActions.map((a) => parseAction(a))).toEqual(codes);
              const d = nextInt(rng, codes.length + (resigns ? 1 : 0));
              rng = d.rng;
              if (d.value === codes.length && steps % 7 === 3) {
                // a resignation (about once in a long while): public engine, then carried over
                const r = resign(state, state.current);
                expect(r.ok).toBe(true);
                if (!r.ok) return;
                state = r.state;
                fast = toFast(state);
              } else {
                const code = codes[Math.min(d.value, codes.length - 1)];
                const r = applyAction(state, actionOf(code));
                expect(r.ok).toBe(true);
                if (!r.ok) return;
                state = r.state;
                fast.play(code);
              }
              expect(toGameState(fast)).toEqual(state);
              steps++;
            }
            expect(fast.ended).toBe(true);
            expect(fastMoves(fast)).toEqual([]);
            const scores = computeScores(state);
            const totals = [0, 0, 0, 0];
            fast.totals(totals);
            expect(totals.slice(0, options.players)).toEqual(scores.map((s) => s.total));
            const winners = winnersOf(scores);
            expect(fast.winners()).toBe(winners.reduce((set, s) => set | (1 << s), 0));
          },
        ),
        { numRuns: 14 },
      );
    });

  it("a random playout plays the very game randomGame plays from the same seed", () => {
    for (let i = 0; i < 150; i++) {
      const options: GameOptionsInput = {
        players: 2 + (i % 3),
        seed: 7000 + i,
        heavyShade: i % 4 === 1,
        longGame: i % 5 === 2,
      };
      const reference = randomGame(options, i);
      const fast = createFast(options);
      const moves = fast.playout(i);
      expect(moves).toBe(reference.moves.length);
      expect(toNotation(toGameState(fast))).toBe(toNotation(reference.state));
    }
  });

  it("snapshots: clone and copyFrom restore a position exactly", () => {
    const fast = createFast({ players: 4, seed: 5 });
    fast.playout(1);
    const start = createFast({ players: 3, seed: 9 });
    const saved = start.clone();
    start.playout(2);
    expect(toGameState(start)).not.toEqual(toGameState(saved));
    start.copyFrom(saved);
    expect(toGameState(start)).toEqual(toGameState(createFast({ players: 3, seed: 9 })));
  });

  it("round-trips the public state, including mid-turn, tokens and resigned seats", () => {
    const states: GameState[] = [];
    playOutRandomly(started({ players: 3, seed: 42, heavyShade: true }), 3, (_b, _c, after) => states.push(after));
    const midTurn = states.filter(
      (s) => s.phase === "play" && s.touched.length > 1 && s.players.some((p) => p.tokens.length > 0),
    );
    expect(midTurn.length).toBeGreaterThan(0);
    const r = resign(midTurn[0], (midTurn[0].current + 1) % 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (const state of [midTurn[0], r.state, states[states.length - 1]]) {
      expect(toGameState(toFast(state))).toEqual(state);
      const text = toNotation(state);
      const parsed = fromNotation(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(toNotation(toGameState(toFast(parsed.state)))).toBe(text);
    }
  });
});
