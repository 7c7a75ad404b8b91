/**
 * Service benchmark: starts the worker with `wrangler dev` (workerd, local SQLite for D1 and the
 * Durable Objects), plays many concurrent 4-player games to the end the way the web client does
 * (read the game, plan the whole turn locally with the engine, submit it at once), and measures
 * in the same run a trivial Durable Object round trip through the same worker, as the floor.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyAction, legalActions, type Action, type GameState } from "../src/engine";
import { nextInt } from "../src/engine/rng";

type Figure = { name: string; unit: string; value: number };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function startLocalWorker(): Promise<{ base: string; stop: () => void }> {
  const persist = mkdtempSync(join(tmpdir(), "canopy-bench-"));
  const env = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" };
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "canopy", "--local", "--persist-to", persist], { env, stdio: "ignore" });
  const port = await freePort();
  const child: ChildProcess = spawn(
    "npx",
    ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist,
      "--var", "BENCH_ROUTES:1", "--var", "RATE_LIMIT_BURST:1000000", "--show-interactive-dev-session=false"],
    { env, stdio: "ignore", detached: true },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    rmSync(persist, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error("wrangler dev did not start");
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchService(opts: { games?: number; concurrency?: number } = {}): Promise<Figure[]> {
  const games = opts.games ?? 24;
  const concurrency = opts.concurrency ?? 8;
  const { base, stop } = await startLocalWorker();
  const counter = { requests: 0 };
  const http = async (method: string, path: string, token?: string, body?: unknown, count = counter) => {
    count.requests++;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    // A pool of players, reused across games (as real people are).
    const players: { id: string; token: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await http("POST", "/api/players", undefined, { name: `Bench ${i}` });
      players.push({ id: r.player.id, token: r.token });
    }
    const actionLatencies: number[] = [];
    const perGameRequests: number[] = [];
    const rowsWritten: number[] = [];
    const gameIds: string[] = [];
    let actionsApplied = 0;

    const playOne = async (g: number) => {
      const mine = { requests: 0 };
      const seats = [0, 1, 2, 3].map((k) => players[(g + k * 2) % players.length]);
      const created = await http("POST", "/api/games", seats[0].token, { seats: 4 }, mine);
      const id: string = created.game.id;
      gameIds.push(id);
      for (const p of seats.slice(1)) await http("POST", `/api/games/${id}/join`, p.token, { code: created.invite.code }, mine);
      let rng = (g * 7919) >>> 0;
      for (;;) {
        const view = await http("GET", `/api/games/${id}`, undefined, undefined, mine);
        if (view.status === "finished") break;
        // Plan the whole turn locally with the engine, as the web client does.
        let state: GameState = view.state;
        const seat = state.current;
        const turn: Action[] = [];
        while (state.phase !== "ended" && state.current === seat) {
          const legal = legalActions(state);
          const d = nextInt(rng, legal.length);
          rng = d.rng;
          const r = applyAction(state, legal[d.value]);
          if (!r.ok) throw new Error(r.error.message);
          state = r.state;
          turn.push(legal[d.value]);
        }
        const t0 = performance.now();
        await http("POST", `/api/games/${id}/actions`, seats[seat].token, { version: view.version, actions: turn }, mine);
        actionLatencies.push(performance.now() - t0);
        actionsApplied += turn.length;
      }
      perGameRequests.push(mine.requests);
      const stats = await (await fetch(`${base}/api/_bench/${id}/stats`)).json();
      rowsWritten.push((stats as { rowsWritten: number }).rowsWritten);
    };

    // The floor: a trivial Durable Object call through the same worker, interleaved with the load.
    const floor: number[] = [];
    let loadRunning = true;
    const floorProbe = (async () => {
      while (loadRunning || floor.length < 200) {
        const t0 = performance.now();
        await fetch(`${base}/api/_bench/pingpingping/ping`).then((r) => r.json());
        floor.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < games) await playOne(next++);
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    loadRunning = false;
    await floorProbe;

    actionLatencies.sort((a, b) => a - b);
    floor.sort((a, b) => a - b);
    const p50 = percentile(actionLatencies, 50);
    const floorP50 = percentile(floor, 50);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const round2 = (x: number) => Math.round(x * 100) / 100;
    return [
      { name: "service.action_p50_ms", unit: "ms", value: round2(p50) },
      { name: "service.action_p99_ms", unit: "ms", value: round2(percentile(actionLatencies, 99)) },
      { name: "service.bare_do_roundtrip_p50_ms", unit: "ms", value: round2(floorP50) },
      { name: "service.action_overhead_ratio", unit: "x", value: round2(p50 / floorP50) },
      { name: "service.requests_per_game", unit: "requests", value: Math.round(avg(perGameRequests)) },
      { name: "service.storage_rows_written_per_game", unit: "rows", value: Math.round(avg(rowsWritten)) },
      { name: "service.actions_per_game", unit: "actions", value: Math.round(actionsApplied / games) },
      { name: "service.games_per_s", unit: "games/s", value: round2(games / elapsed) },
    ];
  } finally {
    stop();
  }
}
