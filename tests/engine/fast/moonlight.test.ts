/**
 * Under the Moonlight on the fast core, against the public engine move for move (support.ts
 * playBoth): seeded random games of every mode (the moon alone, the Great Tree, moonstones, both)
 * with 2, 3 and 4 players, long game and heavy shade, some with resignations; games from perturbed
 * positions that hand the seat to act each animal where its abilities apply; random playouts that
 * must play `randomGame`'s very game; the perft table's Moonlight positions; and the light, shade
 * and moon-point readings a search takes from a position.
 *
 * The default run is small (the suite's); CANOPY_FAST_GAMES=400 npx vitest run tests/engine/fast
 * plays 400 games per case (docs/fast-path.md).
 */
import { describe, expect, it, vi } from "vitest";
import {
  createGame,
  fromNotation,
  lightReport,
  moonGains,
  moonGeometry,
  moonRules,
  nextToken,
  playOutRandomly,
  randomGame,
  shadeFor,
  sunPosition,
  toNotation,
  type AnimalName,
  type GameOptionsInput,
  type GameState,
  type MoonOptionsInput,
} from "../../../src/engine";
import { createFast, fastPerft, toFast, toGameState } from "../../../src/engine/fast";
import { nextInt, shuffle } from "../../../src/engine/rng";
import { PERFT_POSITIONS } from "../perft-positions";
import { games, playBoth } from "./support";

const MODES: [string, MoonOptionsInput | undefined][] = [
  ["base", undefined],
  ["moon", true],
  ["Great Tree", { greatTree: true }],
  ["moonstones", { moonstones: true }],
  ["both", { greatTree: true, moonstones: true }],
];

function started(options: GameOptionsInput): GameState {
  const c = createGame(options);
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

// Whole games checked step by step: CPU-bound, seconds on a machine shared by many jobs (timing is
// not asserted); the big run (CANOPY_FAST_GAMES) takes as long as it takes.
vi.setConfig({ testTimeout: process.env.CANOPY_FAST_GAMES ? 3_600_000 : 60_000 });

describe("the fast core plays Under the Moonlight as the engine does", () => {
  for (const [name, moonlight] of MODES)
    for (const players of [2, 3, 4])
      it(`${name}, ${players} players: the same legal moves and the same state at every step`, () => {
        const n = games(8);
        const moon = new Array(16).fill(0);
        for (let i = 0; i < n; i++) {
          const options: GameOptionsInput = {
            players,
            seed: 50_000 + players * 1000 + i,
            heavyShade: i % 3 === 1,
            longGame: i % 4 === 3,
            moonlight,
          };
          const played = playBoth(started(options), 7_000 + i, i % 2 === 1, i % 5 === 2);
          played.moon.forEach((k, sub) => (moon[sub] += k));
        }
        // the games did play the expansion: animals moved, abilities used
        if (moonlight !== undefined) {
          expect(moon[0]).toBeGreaterThan(0);
          expect(moon.slice(1).reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
        }
      });

  // every ability (sub = index + 1) of each animal is played at least once from such positions
  for (const kind of moonRules.ANIMALS)
    it(`from perturbed positions: the ${kind} where its abilities apply, each of them used`, () => {
      const n = games(6);
      const used = new Array(16).fill(0);
      for (let i = 0; i < n; i++) {
        const options: GameOptionsInput = {
          players: 2 + (i % 3),
          seed: 90_000 + i * 31 + moonRules.ANIMALS.indexOf(kind),
          heavyShade: i % 3 === 2,
          moonlight: i % 2 === 0 ? { greatTree: true, moonstones: true } : true,
        };
        const start = perturbed(started(options), 300 + i, kind);
        const played = playBoth(start, 11 + i, true);
        played.moon.forEach((k, sub) => (used[sub] += k));
      }
      moonRules.ABILITIES.forEach((rule, i) => {
        if (rule.animal === kind) expect(used[i + 1], rule.name).toBeGreaterThan(0);
      });
    });

  for (const [name, moonlight] of MODES.slice(1))
    it(`${name}: a random playout plays the very game randomGame plays from the same seed`, () => {
      for (let i = 0; i < games(10); i++) {
        const options: GameOptionsInput = {
          players: 2 + (i % 3),
          seed: 3_000 + i,
          heavyShade: i % 4 === 1,
          longGame: i % 5 === 2,
          moonlight,
        };
        const reference = randomGame(options, i);
        const fast = createFast(options);
        expect(fast.playout(i)).toBe(reference.moves.length);
        expect(toNotation(toGameState(fast))).toBe(toNotation(reference.state));
        const totals = [0, 0, 0, 0];
        fast.totals(totals);
        expect(fast.winners()).toBeGreaterThan(0);
        expect(totals.slice(0, options.players).every((t) => t >= 0)).toBe(true);
      }
    });

  it("writes a game over a position of the same rules (`into`), exactly as a new one, and refuses other rules", () => {
    const into = createFast({ players: 3, seed: 1, moonlight: { greatTree: true } });
    for (let i = 0; i < games(20); i++) {
      const options: GameOptionsInput = { players: 3, seed: 400 + i, moonlight: { greatTree: true } };
      const states: GameState[] = [];
      playOutRandomly(started(options), i, (_b, _c, after) => states.push(after));
      const state = states[(i * 37) % states.length];
      expect(toGameState(toFast(state, undefined, into))).toEqual(state);
      expect(Array.from(into.a)).toEqual(Array.from(toFast(state).a));
      expect(createFast(options, into).playout(i)).toBe(createFast(options).playout(i));
    }
    expect(() => toFast(started({ players: 2, seed: 1, moonlight: { greatTree: true } }), undefined, into)).toThrow(
      /other rules/,
    );
    expect(() => toFast(started({ players: 3, seed: 1, moonlight: true }), undefined, into)).toThrow(/other rules/);
    expect(() => toFast(started({ players: 3, seed: 1 }), undefined, into)).toThrow(/other rules/);
  });

  it("restarts a position as the very new game createGame makes from a seed, in every mode", () => {
    for (const [, moonlight] of MODES)
      for (const players of [2, 3, 4]) {
        const pos = createFast({ players, seed: 5, heavyShade: players === 3, longGame: players === 4, moonlight });
        for (let seed = 0; seed < games(12); seed++) {
          const options: GameOptionsInput = {
            players,
            seed: (seed * 2_654_435_761) >>> 0,
            heavyShade: players === 3,
            longGame: players === 4,
            moonlight,
          };
          expect(toGameState(pos.restart(options.seed!))).toEqual(started(options));
          expect(pos.playout(seed)).toBe(randomGame(options, seed).moves.length);
        }
      }
  });

  it("counts the perft table's Moonlight positions as the engine does", () => {
    const moon = PERFT_POSITIONS.filter((p) => p.position.startsWith("PS2 "));
    expect(moon.length).toBeGreaterThanOrEqual(8);
    for (const { position, counts } of moon) {
      const parsed = fromNotation(position);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const fast = toFast(parsed.state);
      expect([1, 2, 3].map((d) => fastPerft(fast, d))).toEqual(counts);
    }
  });

  it("reads the sun, light, shade, moon points and the next tokens as the engine computes them", () => {
    const shade = new Uint8Array(37);
    const gains = [0, 0, 0, 0];
    for (let i = 0; i < games(6); i++) {
      const options: GameOptionsInput = {
        players: 2 + (i % 3),
        seed: 123 + i,
        moonlight: MODES[i % 5][1],
      };
      playOutRandomly(started(options), i, (_before, _code, after) => {
        if (after.ply % 11 !== 0 || after.phase !== "play") return;
        const fast = toFast(after);
        for (let sun = 0; sun < 6; sun++) {
          fast.lightGains(sun, gains);
          expect(gains.slice(0, options.players)).toEqual(lightReport(after, sun).perSeat);
          fast.shade(sun, shade);
          expect(Array.from(shade)).toEqual(Array.from(shadeFor(after, sun)));
        }
        expect(fast.sun).toBe(sunPosition(after.round));
        for (let leaves = 1; leaves <= 4; leaves++)
          expect(fast.tokenValue(leaves)).toBe(nextToken(after, leaves)?.value ?? 0);
        fast.moonGains(gains);
        expect(gains.slice(0, options.players)).toEqual(
          after.moon ? moonGains(after) : new Array(options.players).fill(0),
        );
      });
    }
  });
});

/**
 * A play-phase position of a random game in which the seat to act plays `kind` (taken from whoever
 * had it), with 14 moon points, standing where its abilities apply: on its own large tree (boar),
 * its own seed (badger), another seat's seed (squirrel), a seed (fox) — put there when the board
 * has none —, a dam site with the dam and a seed of its own on it, and a small tree available (beaver), a nest, with babies hatched (turtle). Such a
 * position need not be reachable (a piece put there comes from nowhere): both engines are given
 * the same state and must still agree.
 */
function perturbed(start: GameState, seed: number, kind: AnimalName): GameState {
  const states: GameState[] = [];
  playOutRandomly(start, seed, (_b, _c, after) => {
    if (after.phase === "play" && after.round >= 3) states.push(after);
  });
  let rng = seed;
  const draw = (k: number) => {
    const d = nextInt(rng, k);
    rng = d.rng;
    return d.value;
  };
  const state = structuredClone(states[draw(states.length)]);
  const m = state.moon!;
  const seat = state.current;
  const mp = m.players[seat];
  const holder = m.players.findIndex((p) => p.animal === kind);
  if (holder >= 0 && holder !== seat) m.players[holder].animal = mp.animal;
  mp.animal = kind;
  mp.points = moonRules.MOON_POINTS_CAP;
  const free = (c: number) =>
    c !== m.greatTree && !m.stones.includes(c) && m.players.every((p, s) => s === seat || p.cell !== c);
  const own = 1 + seat * 4;
  const want: Record<AnimalName, (c: number) => boolean> = {
    boar: (c) => state.cells[c] === own + 3,
    badger: (c) => state.cells[c] === own,
    squirrel: (c) => state.cells[c] !== 0 && ((state.cells[c] - 1) & 3) === 0 && state.cells[c] !== own,
    fox: (c) => state.cells[c] !== 0 && ((state.cells[c] - 1) & 3) === 0,
    beaver: (c) => moonGeometry.DAM_SITES.some((site) => site.includes(c)),
    turtle: (c) => moonGeometry.NEST_CELLS.includes(c),
    hedgehog: (c) => state.cells[c] === 0,
    owl: () => true,
  };
  const cells = Array.from({ length: 37 }, (_, c) => c).filter(free);
  const good = cells.filter(want[kind]);
  mp.cell = good.length > 0 ? good[draw(good.length)] : cells[draw(cells.length)];
  const piece = { boar: own + 3, badger: own, squirrel: 1 + ((seat + 1) % state.options.players) * 4, fox: own };
  if (good.length === 0 && kind in piece && state.cells[mp.cell] === 0)
    state.cells[mp.cell] = piece[kind as keyof typeof piece];
  if (kind === "beaver") {
    const sites = moonGeometry.DAM_SITES.filter((site) => site.includes(mp.cell));
    if (sites.length > 0) m.dam = sites[draw(sites.length)].slice();
    // and a seed of its own under the dam to improve, with a small tree available to grow it into
    if (m.dam.length > 0 && !m.dam.some((c) => state.cells[c] === own)) state.cells[m.dam[draw(3)]] = own;
    const available = state.players[seat].available;
    available[1] = Math.max(1, available[1]);
  }
  if (kind === "turtle") {
    if (m.nests.length === 0) {
      const babies = shuffle(draw(1 << 30), moonRules.BABIES).items;
      m.nests = moonGeometry.NEST_CELLS.map((cell, i) => ({ cell, baby: babies[i] }));
      m.box = babies.slice(moonRules.BABIES_LAID);
    }
    // hatch two or three (other than the one under the turtle)
    for (let k = 0; k < 3 && m.nests.length > 1; k++) {
      const i = m.nests.findIndex((x) => x.cell !== mp.cell);
      mp.babies = [...mp.babies, m.nests[i].baby!];
      m.nests = m.nests.filter((_, j) => j !== i);
    }
  }
  return state;
}
