/**
 * Determinization on the fast core (docs/fast-path.md, "Hidden information"): a position built
 * from a view needs the hidden parts supplied (`toFast` refuses without them, naming what is
 * missing); `sampleHidden` draws them consistently with the view (the sampled position, seen by
 * the viewer, is the view again; the draws cover what the view cannot rule out); the position
 * depends on the view and the sample only, never on the real hidden state; given the real hidden
 * parts, it is the real position; and on the viewer's turn its legal moves are the real ones.
 */
import { describe, expect, it, vi } from "vitest";
import {
  createGame,
  legalMoves,
  moonRules,
  playOutRandomly,
  viewFor,
  type BabyName,
  type GameOptionsInput,
  type GameState,
} from "../../../src/engine";
import { MAX_MOVES, sampleHidden, toFast, toGameState, type Hidden } from "../../../src/engine/fast";
import { shuffle } from "../../../src/engine/rng";
import { games } from "./support";

function started(options: GameOptionsInput): GameState {
  const c = createGame(options);
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

/** Every state of a random Moonlight game with the turtle in play (a seed that deals it), from its first. */
function turtleGame(players: number, seed: number): GameState[] {
  for (let s = seed; ; s++) {
    const start = started({ players, seed: s, moonlight: { greatTree: true, moonstones: true } });
    const states = [start];
    playOutRandomly(start, s, (_b, _c, after) => states.push(after));
    if (states[states.length - 1].moon!.players.some((p) => p.animal === "turtle")) return states;
  }
}

/** What a full state hides from everyone, as `toFast` takes it. */
function realHidden(state: GameState): Hidden {
  const m = state.moon!;
  return {
    deals: m.players.map((p) => p.deal),
    animals: m.players.map((p) => p.animal),
    nests: m.nests.map((n) => n.baby!),
    box: m.box.map((b) => b!),
    rng: state.rng,
  };
}

const buffer = new Int32Array(MAX_MOVES);

// Whole games checked step by step: CPU-bound, seconds on a machine shared by many jobs (timing is
// not asserted); the big run (CANOPY_FAST_GAMES) takes as long as it takes.
vi.setConfig({ testTimeout: process.env.CANOPY_FAST_GAMES ? 3_600_000 : 60_000 });

describe("a fast position from a view, with its hidden parts sampled", () => {
  it("refuses a view whose hidden parts are not supplied, naming them", () => {
    const start = started({ players: 3, seed: 4, moonlight: true });
    expect(() => toFast(viewFor(start, 0))).toThrow(/seat \d's deal is hidden: supply hidden.deals/);
    const states = turtleGame(2, 10);
    const laid = states.find((s) => s.moon!.nests.length > 0 && s.phase === "play")!;
    expect(() => toFast(viewFor(laid, 0))).toThrow(/baby turtle .* is hidden: supply hidden.nests/);
    // a base game's view hides only the seed: nothing to supply
    const base = started({ players: 2, seed: 4 });
    expect(toGameState(toFast(viewFor(base, 1)))).toEqual(viewFor(base, 1));
  });

  for (const players of [2, 3, 4])
    it(`${players} players: a sampled position, seen by the viewer, is the view again; with the real parts it is the real position`, () => {
      for (const state of turtleGame(players, 100 * players).filter((_, i) => i % 7 === 0)) {
        if (state.phase === "ended") continue;
        for (const viewer of [null, ...state.players.map((_, s) => s)]) {
          const view = viewFor(state, viewer);
          for (let k = 0; k < 3; k++) {
            const sampled = toGameState(toFast(view, sampleHidden(view, k)));
            expect(viewFor(sampled, viewer)).toEqual(view);
          }
          expect(Array.from(toFast(view, realHidden(state)).a)).toEqual(Array.from(toFast(state).a));
        }
      }
    });

  it("depends on the view and the sample only: a twin with other hidden babies gives the same position", () => {
    const states = turtleGame(3, 7).filter((s) => s.phase === "play" && s.moon!.nests.length > 1);
    for (const state of states.filter((_, i) => i % 5 === 0)) {
      const m = state.moon!;
      const babies = shuffle(state.ply, [...m.nests.map((n) => n.baby!), ...(m.box as BabyName[])]).items;
      const twin: GameState = {
        ...state,
        moon: {
          ...m,
          nests: m.nests.map((n, i) => ({ cell: n.cell, baby: babies[i] })),
          box: babies.slice(m.nests.length),
        },
      };
      for (const viewer of [0, 1, 2]) {
        const a = viewFor(state, viewer);
        const b = viewFor(twin, viewer);
        expect(Array.from(toFast(b, sampleHidden(b, 9)).a)).toEqual(Array.from(toFast(a, sampleHidden(a, 9)).a));
      }
    }
  });

  it("draws every baby the view cannot rule out onto every hidden nest, and distinct unseen deals", () => {
    const states = turtleGame(2, 33);
    const laid = states.find((s) => s.phase === "play" && s.moon!.nests.length === 6)!;
    const view = viewFor(laid, 0);
    const seen = view.moon!.nests.map(() => new Set<BabyName>());
    for (let k = 0; k < games(300); k++) {
      const h = sampleHidden(view, k);
      expect(new Set([...h.nests!, ...h.box!]).size).toBe(8);
      h.nests!.forEach((b, i) => seen[i].add(b));
    }
    for (const s of seen) expect(s.size).toBe(8);
    // while seats choose: the others' deals are two boards each, none the viewer holds, all distinct
    const start = started({ players: 4, seed: 21, moonlight: true });
    const choose = viewFor(start, 2);
    const mine = start.moon!.players[2].deal!;
    const dealt = new Set<string>();
    for (let k = 0; k < games(100); k++) {
      const h = sampleHidden(choose, k);
      const others = h.deals!.flatMap((d, s) => (s !== 2 && d ? d : []));
      expect(others.length).toBe(6);
      expect(new Set(others).size).toBe(6);
      for (const x of others) expect(mine).not.toContain(x);
      for (const x of others) dealt.add(x);
    }
    expect(dealt.size).toBe(moonRules.ANIMALS.length - mine.length);
  });

  for (const players of [2, 3, 4])
    it(`${players} players: on the viewer's turn, a sampled position lists the real legal moves, and plays on to the end`, () => {
      const states = turtleGame(players, 500 + players);
      for (const state of states.filter((_, i) => i % 3 === 0)) {
        if (state.phase === "ended") continue;
        const view = viewFor(state, state.current);
        const pos = toFast(view, sampleHidden(view, state.ply));
        expect(Array.from(buffer.subarray(0, pos.legalMoves(buffer)))).toEqual(legalMoves(state));
        if (state.ply % 9 === 0) {
          pos.playout(state.ply);
          expect(pos.ended).toBe(true);
        }
      }
    });
});
