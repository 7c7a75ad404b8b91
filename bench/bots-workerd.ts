/**
 * The strong level's CPU per turn inside workerd (issue 15: `bots.strong_turn_cpu_ms_p50/_p99`):
 * the positions strong met in bench games (2 and 4 players, base and Moonlight) are sent one by one
 * to bench/bots-worker.ts running in Miniflare's workerd; the workerd process's CPU time (Linux
 * /proc, clock ticks) is read around each request, which plays the turn `REPEAT` times so the
 * ticks' 10 ms resolution becomes a fraction of a millisecond per turn. The CPU of an empty
 * request is measured the same way and subtracted.
 */
import type { GameOptionsInput, GameState } from "../src/engine";
import { playGame } from "./bots";
import type { BenchPlayer } from "./opponents";
import { benchWorker, workerdCpuMs } from "./workerd";

const REPEAT = 20;

/**
 * Views strong had to play in play against greedy, from varied openings (bench/bots.ts playGame):
 * every `every`-th of its turns, each position measured once.
 */
function positions(options: GameOptionsInput, games: number, every: number): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < games; g++) {
    const players: BenchPlayer[] = [];
    for (let s = 0; s < options.players; s++) players.push(s === g % options.players ? "strong" : "greedy");
    let k = 0;
    playGame(options, players, 90_000 + g, undefined, undefined, (view, player) => {
      if (player === "strong" && view.phase === "play" && k++ % every === 0) out.push(view);
    });
  }
  return out;
}

export async function strongCpuInWorkerd(): Promise<{ p50: number; p99: number; turns: number }> {
  const mf = await benchWorker("bench/bots-worker.ts");
  try {
    const views = [
      ...positions({ players: 2 }, 6, 3),
      ...positions({ players: 4 }, 4, 2),
      ...positions({ players: 2, moonlight: true }, 3, 3),
    ];
    const send = async (view: GameState, repeat: number) => {
      const res = await mf.dispatchFetch("http://bots/", {
        method: "POST",
        body: JSON.stringify({ view, level: "strong", seed: 7, repeat }),
      });
      await res.json();
    };
    for (const v of views.slice(0, 10)) await send(v, 3); // warm-up (JIT)
    const empty: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = workerdCpuMs();
      await send(views[0], 0);
      empty.push(workerdCpuMs() - t0);
    }
    const overhead = empty.reduce((a, b) => a + b, 0) / empty.length;
    const ms: number[] = [];
    for (const v of views) {
      const t0 = workerdCpuMs();
      await send(v, REPEAT);
      ms.push(Math.max(0, workerdCpuMs() - t0 - overhead) / REPEAT);
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
    return { p50: at(0.5), p99: at(0.99), turns: ms.length };
  } finally {
    await mf.dispose();
  }
}

if (process.env.CANOPY_BENCH_CHILD === "bots-workerd") console.log(JSON.stringify(await strongCpuInWorkerd()));
