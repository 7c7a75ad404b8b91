/**
 * Bots benchmark (issues 15 and 23; docs/bots.md, "Bench"): matches between the levels and the
 * bench's own opponents (bench/opponents: greedy, greedy_plus, random, previous_strong), each
 * figure with its Wilson 95% interval and the number of distinct games it played.
 *
 * Varied openings: opening k of a figure is the game seed `base + k` (first player, Moonlight deals
 * and baby turtles come from it) and the base game's setup trees drawn uniformly from a generator
 * seeded by it; each opening is played once in every seat rotation of the hero (n games for n
 * players). Everything else is the players' own decisions, each seeded from the game seed and the
 * ply. A figure from N games comes from N different games: the bench counts distinct move
 * sequences and prints the count.
 *
 * `npm run bench -- --only=bots [--games=N] [--figures=a,b]` runs it (N games per figure, default
 * 400) as a production-like bundle (bench/build.mjs) in a child process. Strong's CPU per turn in
 * Node (`process.threadCpuUsage` around each of its turns) is printed too; the workerd figures come
 * from bench/bots-workerd.ts.
 */
import {
  applyMove,
  computeScores,
  createGame,
  gameWinners,
  legalMoves,
  viewFor,
  type GameOptionsInput,
  type GameState,
} from "../src/engine";
import { M_PLACE } from "../src/engine/codes";
import { moveType, nextInt } from "../src/engine/fast";
import { type BenchPlayer, benchTurn } from "./opponents";

export type Figure = { name: string; unit: string; value: number; low?: number; high?: number };

function cpuMicros(): number {
  const p = process as unknown as { threadCpuUsage?: () => { user: number; system: number } };
  const u = p.threadCpuUsage ? p.threadCpuUsage() : process.cpuUsage();
  return u.user + u.system;
}

/** A uint32 from two (a decision's seed from the game's and the ply: the bench's stand-in for the room's generator). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x165667b1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

export interface GameResult {
  /** Rank of each seat (1 = winner; tied seats share a rank). */
  ranks: number[];
  /** Winners (seats). */
  winners: number[];
  scores: number[];
  /** A hash of the game's whole move sequence (distinct games have distinct hashes). */
  hash: string;
  /** The final state. */
  state: GameState;
}

/**
 * Play one game from opening `seed`, seat s played by `players[s]`; every action is applied by
 * the public engine (an illegal one throws). CPU microseconds of the `timed` player's turns in play
 * go into `cpu`; `onTurn` sees each view a player decided from.
 */
export function playGame(
  options: GameOptionsInput,
  players: readonly BenchPlayer[],
  seed: number,
  timed?: BenchPlayer,
  cpu?: number[],
  onTurn?: (view: GameState, player: BenchPlayer) => void,
): GameResult {
  const created = createGame({ ...options, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  let turns = 0;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const record = (code: number) => {
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 13);
  };
  while (state.phase !== "ended") {
    const seat = state.current;
    let codes: number[];
    const legal = state.phase === "setup" ? legalMoves(state) : [];
    if (legal.length > 0 && moveType(legal[0]) === M_PLACE) {
      // the opening: setup trees drawn from the opening's generator
      codes = [legal[nextInt(mix(seed, 0x7e57 + state.ply), legal.length).value]];
    } else {
      const view = viewFor(state, seat);
      onTurn?.(view, players[seat]);
      const t0 = players[seat] === timed && state.phase === "play" ? cpuMicros() : -1;
      codes = benchTurn(view, players[seat], mix(seed, state.ply));
      if (t0 >= 0) cpu?.push((cpuMicros() - t0) / 1000);
    }
    for (const code of codes) {
      const r = applyMove(state, code);
      if (!r.ok) throw new Error(`${players[seat]} played an illegal move: ${r.error.code} ${r.error.message}`);
      record(code);
      state = r.state;
    }
    if (++turns > 10_000) throw new Error("game does not end");
  }
  const scores = computeScores(state);
  return {
    ranks: scores.map((s) => s.rank),
    winners: gameWinners(state),
    scores: scores.map((s) => s.total),
    hash: `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`,
    state,
  };
}

/** Wilson score interval (95%) of `wins` successes in `n`. */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const m = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [(c - m) / d, (c + m) / d];
}

export interface MatchResult {
  games: number;
  /** Games the hero won (a shared win counts half). */
  wins: number;
  meanRank: number;
  meanScore: number;
  /** The others' mean score. */
  othersScore: number;
  /** Distinct move sequences among the games. */
  distinct: number;
}

/**
 * `games` games of `hero` against `others` (one per other seat, in order): opening k = seed
 * `base + k` is played with the hero in seat 0, 1, …, n − 1 (game i: opening ⌊i / n⌋, hero seat i mod n).
 */
export function match(
  options: GameOptionsInput,
  hero: BenchPlayer,
  others: BenchPlayer[],
  games: number,
  base = 1,
  cpu?: number[],
  /** When given, a line on stderr after each opening (a long run's partial counts stay readable). */
  label?: string,
): MatchResult {
  const n = options.players;
  let wins = 0;
  let ranks = 0;
  let score = 0;
  let othersScore = 0;
  const hashes = new Set<string>();
  for (let i = 0; i < games; i++) {
    const heroSeat = i % n;
    const players: BenchPlayer[] = [];
    for (let s = 0, k = 0; s < n; s++) players.push(s === heroSeat ? hero : others[k++ % others.length]);
    const r = playGame(options, players, base + Math.floor(i / n), hero, cpu);
    if (r.winners.includes(heroSeat)) wins += 1 / r.winners.length;
    ranks += r.ranks[heroSeat];
    score += r.scores[heroSeat];
    othersScore += (r.scores.reduce((a, b) => a + b, 0) - r.scores[heroSeat]) / (n - 1);
    hashes.add(r.hash);
    if (label && heroSeat === n - 1)
      process.stderr.write(
        `  ${label}: ${i + 1} games, wins ${wins}, mean rank ${(ranks / (i + 1)).toFixed(3)}, ${hashes.size} distinct (${new Date().toISOString()})\n`,
      );
  }
  return {
    games,
    wins,
    meanRank: ranks / games,
    meanScore: score / games,
    othersScore: othersScore / games,
    distinct: hashes.size,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function rate(name: string, r: MatchResult): Figure {
  const [low, high] = wilson(r.wins, r.games);
  return { name, unit: "rate", value: round3(r.wins / r.games), low: round3(low), high: round3(high) };
}

function percentile(xs: number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

interface Spec {
  key: string;
  name: string;
  options: GameOptionsInput;
  hero: BenchPlayer;
  others: BenchPlayer[];
  base: number;
  /** Also print the hero's mean score / mean rank under these names. */
  score?: string;
  rank?: string;
}

/** Every figure (`--figures=` picks some by key). */
export const SPECS: Spec[] = [
  {
    key: "calibration",
    name: "bots.greedy_win_rate_2p_vs_random",
    options: { players: 2 },
    hero: "greedy",
    others: ["random"],
    base: 1,
    score: "bots.greedy_mean_score_2p_vs_random",
  },
  {
    key: "plus_calibration",
    name: "bots.greedy_plus_win_rate_2p_vs_random",
    options: { players: 2 },
    hero: "greedy_plus",
    others: ["random"],
    base: 2_001,
    score: "bots.greedy_plus_mean_score_2p_vs_random",
  },
  {
    key: "moon_calibration",
    name: "bots.greedy_win_rate_2p_moonlight_vs_random",
    options: { players: 2, moonlight: true },
    hero: "greedy",
    others: ["random"],
    base: 3_001,
    score: "bots.greedy_mean_score_2p_moonlight_vs_random",
  },
  {
    key: "plus",
    name: "bots.greedy_plus_win_rate_2p_vs_greedy",
    options: { players: 2 },
    hero: "greedy_plus",
    others: ["greedy"],
    base: 5_001,
  },
  {
    key: "greedy",
    name: "bots.strong_win_rate_2p_vs_greedy",
    options: { players: 2 },
    hero: "strong",
    others: ["greedy"],
    base: 10_001,
  },
  {
    key: "greedy_plus",
    name: "bots.strong_win_rate_2p_vs_greedy_plus",
    options: { players: 2 },
    hero: "strong",
    others: ["greedy_plus"],
    base: 15_001,
  },
  {
    key: "4p",
    name: "bots.strong_win_rate_4p_vs_3_greedy",
    options: { players: 4 },
    hero: "strong",
    others: ["greedy"],
    base: 20_001,
    rank: "bots.strong_mean_rank_4p_vs_3_greedy",
  },
  {
    key: "moon",
    name: "bots.strong_win_rate_2p_moonlight_vs_greedy",
    options: { players: 2, moonlight: true },
    hero: "strong",
    others: ["greedy"],
    base: 25_001,
  },
  {
    key: "previous",
    name: "bots.strong_win_rate_2p_vs_previous_strong",
    options: { players: 2 },
    hero: "strong",
    others: ["previous_strong"],
    base: 30_001,
  },
  {
    key: "previous_vs_greedy",
    name: "bots.previous_strong_win_rate_2p_vs_greedy",
    options: { players: 2 },
    hero: "previous_strong",
    others: ["greedy"],
    base: 10_001,
  },
  {
    key: "easy",
    name: "bots.easy_win_rate_2p_vs_random",
    options: { players: 2 },
    hero: "easy",
    others: ["random"],
    base: 35_001,
  },
  {
    key: "medium",
    name: "bots.medium_win_rate_2p_vs_easy",
    options: { players: 2 },
    hero: "medium",
    others: ["easy"],
    base: 40_001,
  },
  {
    key: "strong",
    name: "bots.strong_win_rate_2p_vs_medium",
    options: { players: 2 },
    hero: "strong",
    others: ["medium"],
    base: 45_001,
  },
];

/**
 * The figures asked for, in the order asked (`only`: "key" or "key:games", comma-separated; every
 * figure when absent), each with its number of games (`games` unless given).
 */
function plan(games: number, only?: string): { spec: Spec; games: number }[] {
  if (!only) return SPECS.map((spec) => ({ spec, games }));
  return only.split(",").flatMap((part) => {
    const [key, n] = part.split(":");
    const spec = SPECS.find((x) => x.key === key);
    return spec ? [{ spec, games: n ? Number(n) : games }] : [];
  });
}

export function benchBots(games = 400, only?: string): Figure[] {
  const out: Figure[] = [];
  const cpu: number[] = [];
  const t = Date.now();
  process.stderr.write(`bots bench: ${games} games per figure, run started ${new Date(t).toISOString()}\n`);
  const log = (f: Figure, extra = "") => {
    out.push(f);
    process.stderr.write(
      `${f.name} ${f.value}${f.low === undefined ? "" : ` [${f.low}, ${f.high}]`}${extra} (${Math.round((Date.now() - t) / 1000)} s, ${new Date().toISOString()})\n`,
    );
  };
  for (const { spec, games: n } of plan(games, only)) {
    const mine: number[] = [];
    const r = match(spec.options, spec.hero, spec.others, n, spec.base, mine, spec.key);
    if (spec.hero === "strong") cpu.push(...mine);
    const scores = ` mean score ${r.meanScore.toFixed(1)} : ${r.othersScore.toFixed(1)}`;
    log(rate(spec.name, r), scores);
    log({ name: spec.name.replace(/win_rate/, "distinct_games"), unit: "games", value: r.distinct });
    if (r.distinct < r.games) process.stderr.write(`WARNING: ${r.games - r.distinct} games repeated another\n`);
    if (spec.score) log({ name: spec.score, unit: "points", value: round3(r.meanScore) });
    if (spec.rank) log({ name: spec.rank, unit: "rank", value: round3(r.meanRank) });
    // the hero's CPU per turn in this figure's games (its turns in play, Node, process.threadCpuUsage)
    if (spec.hero === "strong" && mine.length > 0) {
      const cpuName = spec.name.replace(/^bots\.strong_win_rate_/, "bots.strong_turn_cpu_ms_node_");
      log({ name: `${cpuName}_p50`, unit: "ms", value: round3(percentile(mine, 0.5)) });
      log({ name: `${cpuName}_p99`, unit: "ms", value: round3(percentile(mine, 0.99)) });
    }
  }
  if (cpu.length > 0) {
    out.push({ name: "bots.strong_turn_cpu_ms_p50_node", unit: "ms", value: round3(percentile(cpu, 0.5)) });
    out.push({ name: "bots.strong_turn_cpu_ms_p99_node", unit: "ms", value: round3(percentile(cpu, 0.99)) });
  }
  return out;
}

if (process.env.CANOPY_BENCH_CHILD === "bots") {
  const g = process.argv.find((a) => a.startsWith("--games="));
  const o = process.argv.find((a) => a.startsWith("--figures="));
  console.log(JSON.stringify(benchBots(g ? Number(g.slice(8)) : 400, o?.slice(10))));
}
