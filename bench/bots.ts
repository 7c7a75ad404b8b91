/**
 * Bots benchmark (issue 15; docs/bots.md): matches between bot levels from seeded openings, seats
 * rotated, each figure with its Wilson 95% interval, and the strong level's CPU per turn
 * (`process.threadCpuUsage` around each of its turns: CPU time, not wall time, on a shared machine).
 *
 * `npm run bench -- --only=bots [--games=N]` runs it (N games per figure, default 400) as a
 * production-like bundle (bench/build.mjs) in a child process.
 */
import {
  applyMove,
  createGame,
  gameWinners,
  computeScores,
  viewFor,
  type GameOptionsInput,
  type GameState,
} from "../src/engine";
import { type AnyBot, turnCodes } from "../src/bots";

export type Figure = { name: string; unit: string; value: number; low?: number; high?: number };

function cpuMicros(): number {
  const p = process as unknown as { threadCpuUsage?: () => { user: number; system: number } };
  const u = p.threadCpuUsage ? p.threadCpuUsage() : process.cpuUsage();
  return u.user + u.system;
}

/** A uint32 from two (the turn's seed from the game's and the ply: the bench's stand-in for the room's generator). */
function mix(a: number, b: number): number {
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
}

/** Play one game, seat s played by `bots[s]`; CPU microseconds of `timed` bots' turns go into `cpu`. */
export function playGame(
  options: GameOptionsInput,
  bots: readonly AnyBot[],
  seed: number,
  timed?: AnyBot,
  cpu?: number[],
): GameResult {
  const created = createGame({ ...options, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  let turns = 0;
  while (state.phase !== "ended") {
    const seat = state.current;
    const view = viewFor(state, seat);
    const t0 = bots[seat] === timed && state.phase === "play" ? cpuMicros() : -1;
    const codes = turnCodes(view, bots[seat], mix(seed, state.ply));
    if (t0 >= 0) cpu?.push((cpuMicros() - t0) / 1000);
    for (const code of codes) {
      const r = applyMove(state, code);
      if (!r.ok) throw new Error(`bot ${bots[seat]} played an illegal move: ${r.error.code} ${r.error.message}`);
      state = r.state;
    }
    if (++turns > 10_000) throw new Error("game does not end");
  }
  const scores = computeScores(state);
  return { ranks: scores.map((s) => s.rank), winners: gameWinners(state), scores: scores.map((s) => s.total) };
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
}

/**
 * `games` games of `hero` against `others` (one per other seat); the hero's seat rotates through
 * every seat, game i from opening seed `base + i`.
 */
export function match(
  options: GameOptionsInput,
  hero: AnyBot,
  others: AnyBot[],
  games: number,
  base = 1,
  cpu?: number[],
): MatchResult {
  const n = options.players;
  let wins = 0;
  let ranks = 0;
  for (let i = 0; i < games; i++) {
    const heroSeat = i % n;
    const bots: AnyBot[] = [];
    for (let s = 0, k = 0; s < n; s++) bots.push(s === heroSeat ? hero : others[k++ % others.length]);
    const r = playGame(options, bots, base + i, hero, cpu);
    if (r.winners.includes(heroSeat)) wins += 1 / r.winners.length;
    ranks += r.ranks[heroSeat];
  }
  return { games, wins, meanRank: ranks / games };
}

function rate(name: string, r: MatchResult): Figure {
  const [low, high] = wilson(r.wins, r.games);
  return { name, unit: "rate", value: round3(r.wins / r.games), low: round3(low), high: round3(high) };
}
const round3 = (x: number) => Math.round(x * 1000) / 1000;

function percentile(xs: number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

export function benchBots(games = 400, only?: string): Figure[] {
  const out: Figure[] = [];
  const cpu: number[] = [];
  const want = (k: string) => !only || only.split(",").includes(k);
  const t = Date.now();
  const log = (f: Figure) => {
    out.push(f);
    process.stderr.write(
      `${f.name} ${f.value} [${f.low ?? ""}, ${f.high ?? ""}] (${Math.round((Date.now() - t) / 1000)} s)\n`,
    );
  };
  if (want("random"))
    log(rate("bots.strong_win_rate_2p_vs_random", match({ players: 2 }, "strong", ["random"], games, 1, cpu)));
  if (want("greedy"))
    log(rate("bots.strong_win_rate_2p_vs_greedy", match({ players: 2 }, "strong", ["greedy"], games, 10_001, cpu)));
  if (want("4p")) {
    const r = match({ players: 4 }, "strong", ["greedy"], games, 20_001, cpu);
    log(rate("bots.strong_win_rate_4p_vs_3_greedy", r));
    log({ name: "bots.strong_mean_rank_4p_vs_3_greedy", unit: "rank", value: round3(r.meanRank) });
  }
  if (want("medium"))
    log(rate("bots.strong_win_rate_2p_vs_medium", match({ players: 2 }, "strong", ["medium"], games, 30_001, cpu)));
  if (want("easy"))
    log(rate("bots.medium_win_rate_2p_vs_easy", match({ players: 2 }, "medium", ["easy"], games, 40_001)));
  if (want("moon"))
    log(
      rate(
        "bots.strong_win_rate_2p_moonlight_vs_greedy",
        match({ players: 2, moonlight: true }, "strong", ["greedy"], games, 50_001, cpu),
      ),
    );
  out.push({ name: "bots.strong_turn_cpu_ms_p50_node", unit: "ms", value: round3(percentile(cpu, 0.5)) });
  out.push({ name: "bots.strong_turn_cpu_ms_p99_node", unit: "ms", value: round3(percentile(cpu, 0.99)) });
  return out;
}

if (process.env.CANOPY_BENCH_CHILD === "bots") {
  const g = process.argv.find((a) => a.startsWith("--games="));
  const o = process.argv.find((a) => a.startsWith("--figures="));
  console.log(JSON.stringify(benchBots(g ? Number(g.slice(8)) : 400, o?.slice(10))));
}
