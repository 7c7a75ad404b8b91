/**
 * Engine benchmark: complete 4-player random games per CPU-second of the main thread
 * (`process.threadCpuUsage`, so a busy shared machine does not lower the figure), each games/s
 * figure with its actions/s. `bench/run.ts` runs this file as a production-like bundle
 * (bench/build.mjs: esbuild, minified, no keepNames) in a child Node process; run alone
 * (`npx tsx bench/engine.ts`) it measures the unbundled source instead.
 *
 * - engine.random_games_per_s: the public API's `randomGame`, every move chosen uniformly among the
 *   complete legal set; base game. It returns pure values, but nobody sees the states between, so it
 *   plays on a private copy in place (src/engine/random-play.ts).
 * - engine.random_games_per_s_moonlight: the same with Under the Moonlight, Great Tree and moonstones.
 * - engine.states_games_per_s (and _moonlight): the same games, every move making a new immutable
 *   state as the service and the game page make them (`playOutRandomly` with an `onMove`): what
 *   applying moves through the public API costs when each state is kept.
 * - engine.playout_games_per_s: the same base games (same seeds, the very same moves) through the
 *   fast path (src/engine/fast): a new game's position (restarted in place), then a uniform random
 *   playout in place.
 * - engine.playout_games_per_s_moonlight: the same Moonlight games (Great Tree and moonstones, same
 *   seeds, the very same moves as random_games_per_s_moonlight) through the fast path.
 */
import { createGame, playOutRandomly, randomGame, type GameOptionsInput } from "../src/engine";
import { createFast, MAX_MOVES } from "../src/engine/fast";

export type Figure = { name: string; unit: string; value: number };

/** CPU microseconds used so far by this thread (the whole process where Node lacks threadCpuUsage). */
function cpuMicros(): number {
  const p = process as unknown as { threadCpuUsage?: () => { user: number; system: number } };
  const u = p.threadCpuUsage ? p.threadCpuUsage() : process.cpuUsage();
  return u.user + u.system;
}

/** Run `game(i)` (returning its number of actions) until `seconds` of CPU time are spent, after a warm-up. */
export function measure(
  game: (i: number) => number,
  seconds: number,
  warmup = 200,
): { games: number; actions: number; cpu: number } {
  for (let i = 0; i < warmup; i++) game(1_000_000 + i); // JIT warm-up
  let games = 0;
  let actions = 0;
  const start = cpuMicros();
  let cpu = 0;
  while (cpu < seconds * 1e6) {
    actions += game(games);
    games++;
    cpu = cpuMicros() - start;
  }
  return { games, actions, cpu: cpu / 1e6 };
}

function figures(prefix: string, suffix: string, r: { games: number; actions: number; cpu: number }): Figure[] {
  return [
    { name: `engine.${prefix}_games_per_s${suffix}`, unit: "games/s", value: Math.round(r.games / r.cpu) },
    { name: `engine.${prefix}_actions_per_s${suffix}`, unit: "actions/s", value: Math.round(r.actions / r.cpu) },
    { name: `engine.actions_per_${prefix}_game${suffix}`, unit: "actions", value: Math.round(r.actions / r.games) },
  ];
}

const publicGame = (options: (seed: number) => GameOptionsInput) => (i: number) =>
  randomGame(options(1000 + i), i).moves.length;

/** Every state kept: an onMove that looks at each new state (so none is skipped). */
let seen = 0;
const keepEach = (_before: unknown, _code: number, after: { ply: number }) => {
  seen += after.ply & 1;
};
const statesGame = (options: (seed: number) => GameOptionsInput) => (i: number) => {
  const created = createGame(options(1000 + i));
  if (!created.ok) throw new Error(created.error.message);
  return playOutRandomly(created.state, i, keepEach).moves.length;
};

const buffer = new Int32Array(MAX_MOVES);
/**
 * One position per figure, restarted as each new game (`pos.restart(seed)`: the game createGame
 * makes from the options with that seed, written in place, as a playout loop or a search reuses its
 * positions; tests/engine/fast/moonlight.test.ts checks it is that very game), then played out.
 */
const fastGame = (options: (seed: number) => GameOptionsInput) => {
  const position = createFast(options(1000));
  return (i: number) => position.restart(1000 + i).playout(i, buffer);
};

export function benchEngine(seconds = 3): Figure[] {
  const base = measure(
    publicGame((seed) => ({ players: 4, seed })),
    seconds,
  );
  const moon = measure(
    publicGame((seed) => ({ players: 4, seed, moonlight: { greatTree: true, moonstones: true } })),
    seconds,
  );
  const states = measure(
    statesGame((seed) => ({ players: 4, seed })),
    seconds,
  );
  const statesMoon = measure(
    statesGame((seed) => ({ players: 4, seed, moonlight: { greatTree: true, moonstones: true } })),
    seconds,
  );
  const fast = measure(
    fastGame((seed) => ({ players: 4, seed })),
    seconds,
    2000,
  );
  const fastMoon = measure(
    fastGame((seed) => ({ players: 4, seed, moonlight: { greatTree: true, moonstones: true } })),
    seconds,
    2000,
  );
  if (seen < 0) console.log(seen); // keeps the onMove's work observable
  return [
    ...figures("random", "", base),
    ...figures("random", "_moonlight", moon),
    ...figures("states", "", states),
    ...figures("states", "_moonlight", statesMoon),
    ...figures("playout", "", fast),
    ...figures("playout", "_moonlight", fastMoon),
  ];
}

// Run directly (the bundle bench/run.ts starts): print the figures as JSON.
if (process.env.CANOPY_BENCH_CHILD === "engine") {
  const secondsArg = process.argv.find((a) => a.startsWith("--seconds="));
  console.log(JSON.stringify(benchEngine(secondsArg ? Number(secondsArg.slice(10)) : 3)));
}
