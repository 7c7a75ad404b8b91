/**
 * The coach's CPU per game inside workerd (issue 23: `bots.analysis_cpu_s_per_game`): games are
 * played here by the bots (strong against medium; the setup trees drawn from the game's seed, so no
 * two games are the same game), then every play-phase turn of each game is sent, a few turns per
 * request, to bench/analysis-worker.ts in Miniflare's workerd, which reviews them as the game's
 * alarm slices do (src/bots/coach.ts `reviewTurn`: the slices' replay of the log is left out, a few
 * milliseconds). The workerd process's CPU time (Linux /proc, clock ticks of 10 ms) is read around
 * each request, less that of an empty request. Figures: the mean over the 2-player base games, and
 * per kind (4 players; Under the Moonlight, 2 players).
 */
import { applyMove, createGame, legalMoves, viewFor, type GameOptionsInput, type GameState } from "../src/engine";
import { nextInt } from "../src/engine/fast";
import { turnCodes, type BotLevel } from "../src/bots";
import { benchWorker, workerdCpuMs } from "./workerd";

/** Turns per request (an alarm slice reviews about this many). */
const CHUNK = 6;

/**
 * One game's play-phase turns as the coach reviews them (the seat's view at the turn's start and
 * the codes played): seat `g % players` strong, the others medium; every setup action drawn from
 * the game's seed (a varied opening), the play phase the bots'.
 */
function gameTurns(options: GameOptionsInput, g: number): { view: GameState; codes: number[] }[] {
  const created = createGame({ ...options, seed: 31_000 + g });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  let rng = (0x9e3779b1 * (g + 1)) >>> 0;
  const turns: { view: GameState; codes: number[] }[] = [];
  for (let k = 0; state.phase !== "ended"; k++) {
    const seat = state.current;
    const view = viewFor(state, seat);
    let codes: number[];
    if (state.phase === "setup") {
      const legal = legalMoves(state);
      const d = nextInt(rng, legal.length);
      rng = d.rng;
      codes = [legal[d.value]];
    } else {
      const level: BotLevel = seat === g % options.players ? "strong" : "medium";
      codes = turnCodes(view, level, k);
      turns.push({ view, codes });
    }
    for (const c of codes) {
      const r = applyMove(state, c);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
  return turns;
}

export interface AnalysisCpu {
  /** Mean CPU seconds per game, by kind. */
  base2p: number;
  base4p: number;
  moon2p: number;
  games: number;
}

export async function analysisCpuInWorkerd(games = 6): Promise<AnalysisCpu> {
  const mf = await benchWorker("bench/analysis-worker.ts");
  try {
    const send = async (turns: { view: GameState; codes: number[] }[]) => {
      const res = await mf.dispatchFetch("http://coach/", { method: "POST", body: JSON.stringify({ turns }) });
      await res.json();
    };
    const warm = gameTurns({ players: 2 }, 999);
    await send(warm.slice(-12)); // warm-up (JIT)
    const empty: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = workerdCpuMs();
      await send([]);
      empty.push(workerdCpuMs() - t0);
    }
    const overhead = empty.reduce((a, b) => a + b, 0) / empty.length;
    const mean = async (options: GameOptionsInput) => {
      let ms = 0;
      for (let g = 0; g < games; g++) {
        const turns = gameTurns(options, g);
        // a few turns per request, as the alarm's slices review them
        for (let i = 0; i < turns.length; i += CHUNK) {
          const t0 = workerdCpuMs();
          await send(turns.slice(i, i + CHUNK));
          ms += Math.max(0, workerdCpuMs() - t0 - overhead);
        }
      }
      return Math.round(ms / games / 10) / 100;
    };
    return {
      base2p: await mean({ players: 2 }),
      base4p: await mean({ players: 4 }),
      moon2p: await mean({ players: 2, moonlight: true }),
      games,
    };
  } finally {
    await mf.dispose();
  }
}

if (process.env.CANOPY_BENCH_CHILD === "analysis") console.log(JSON.stringify(await analysisCpuInWorkerd()));
