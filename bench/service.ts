/**
 * Service benchmark: starts the worker with `wrangler dev` (workerd, local SQLite for D1 and the
 * Durable Objects) and plays 4-player games to the end the way the web client does: each player
 * opens the game page (one read) and its live socket, then on their turn plans the whole turn
 * locally with the engine and submits it at once with an Idempotency-Key; the answer (and the
 * socket) carries the game on.
 *
 * Every figure comes from what the run observes:
 * - rows written: the storage API's own per-statement counts — each DO SQL cursor's
 *   `rowsWritten` and D1's `meta.rows_written` — summed by the game's Durable Object over the
 *   whole game and kept in its storage across evictions (only with BENCH_ROUTES=1);
 * - the floor: on an idle server, alternating with the measured turn, a DO call through the same
 *   worker that writes one row;
 * - CPU: the workerd process's own CPU time per request while one game is played on the idle
 *   server (Worker, DO and local D1 together, so an upper bound of what the Worker is billed);
 *   DO duration: the wall time of that game's requests that reach its DO (an upper bound: it
 *   includes the hop from the Worker). The same under load is printed beside them.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyAction, legalActions, type Action, type GameState } from "../src/engine";
import { nextInt } from "../src/engine/rng";

type Figure = { name: string; unit: string; value: number };

/**
 * Cloudflare's published Workers Paid list prices beyond the monthly included amounts, as stated
 * on 2026-11-22 (developers.cloudflare.com/workers/platform/pricing, /durable-objects/platform/
 * pricing, /d1/platform/pricing; this machine has no access to re-read them: check before quoting).
 */
export const PRICES = {
  workerRequest: 0.3 / 1e6,
  workerCpuMs: 0.02 / 1e6,
  doRequest: 0.15 / 1e6,
  doGbSecond: 12.5 / 1e6,
  rowWritten: 1.0 / 1e6,
  rowRead: 0.001 / 1e6,
  /** A Durable Object has 128 MB for duration billing. */
  doMemoryGb: 0.128,
  /** Incoming WebSocket messages are billed as DO requests at 20:1. */
  wsMessagesPerRequest: 20,
};

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

export async function startLocalWorker(): Promise<{ base: string; stop: () => void; pgid: number }> {
  const persist = mkdtempSync(join(tmpdir(), "canopy-bench-"));
  const env = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" };
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "canopy", "--local", "--persist-to", persist], {
    env,
    stdio: "ignore",
  });
  const port = await freePort();
  const child: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persist,
      "--var",
      "BENCH_ROUTES:1",
      "--show-interactive-dev-session=false",
    ],
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
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, pgid: child.pid! };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error("wrangler dev did not start");
}

/** CPU time (ms) used so far by the workerd processes of the process group `pgid` (Linux /proc). */
function workerdCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm === "workerd" && Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10; // USER_HZ = 100
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Counter {
  requests: number;
  doRequests: number;
  doMs: number;
  wsMessages: number;
}

export async function benchService(opts: { games?: number; concurrency?: number } = {}): Promise<Figure[]> {
  const games = opts.games ?? 24;
  const concurrency = opts.concurrency ?? 8;
  const { base, stop, pgid } = await startLocalWorker();
  const http = async (
    method: string,
    path: string,
    c: Counter | null,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    const ms = performance.now() - t0;
    if (c) {
      c.requests++;
      // Every game route reaches the game's Durable Object once.
      if (path.startsWith("/api/games")) {
        c.doRequests++;
        c.doMs += ms;
      }
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { json, ms };
  };
  /** A whole turn of the player to act, planned locally from the state they see. */
  const planTurn = (state: GameState, rng: number): { turn: Action[]; rng: number } => {
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
    return { turn, rng };
  };

  try {
    // A pool of players, reused across games (as real people are).
    const players: { id: string; token: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await http("POST", "/api/players", null, undefined, { name: `Bench ${i}` });
      players.push({ id: r.json.player.id, token: r.json.token });
    }

    /** One game as four web clients play it; returns its counters and the turn latencies. */
    const playOne = async (g: number, between?: () => Promise<void>) => {
      const c: Counter = { requests: 0, doRequests: 0, doMs: 0, wsMessages: 0 };
      const seats = [0, 1, 2, 3].map((k) => players[(g + k * 2) % players.length]);
      const created = await http("POST", "/api/games", c, seats[0].token, { seats: 4 });
      const id: string = created.json.game.id;
      for (const p of seats.slice(1))
        await http("POST", `/api/games/${id}/join`, c, p.token, { code: created.json.invite.code });
      // Each player opens the page (one read) and its live socket, authenticated.
      let view: any = null;
      for (const p of seats) view = (await http("GET", `/api/games/${id}`, c, p.token)).json;
      const sockets = await Promise.all(
        seats.map(
          (p) =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(`${base.replace("http", "ws")}/api/games/${id}/live`);
              ws.addEventListener("open", () => {
                ws.send(JSON.stringify({ type: "auth", token: p.token }));
                c.wsMessages++;
                resolve(ws);
              });
              ws.addEventListener("error", reject);
            }),
        ),
      );
      c.requests += sockets.length;
      c.doRequests += sockets.length;
      const turns: number[] = [];
      let rng = (g * 7919 + 1) >>> 0;
      let key = 0;
      while (view.status !== "finished") {
        const planned = planTurn(view.state, rng);
        rng = planned.rng;
        const seat = view.state.current;
        const r = await http(
          "POST",
          `/api/games/${id}/actions`,
          c,
          seats[seat].token,
          { version: view.version, actions: planned.turn },
          { "idempotency-key": `${id}-${key++}` },
        );
        turns.push(r.ms);
        // The next player's client sees the game on its socket; the answer carries the same view.
        view = r.json.game;
        if (between) await between();
      }
      for (const ws of sockets) ws.close(1000);
      const stats = (await http("GET", `/api/_bench/${id}/stats`, null)).json as {
        rowsWritten: number;
        d1RowsWritten: number;
        alarms: number;
      };
      return { c, turns, stats };
    };

    // ---- the load: many games at once; rows, requests and CPU per game ----
    const results: Awaited<ReturnType<typeof playOne>>[] = [];
    const cpu0 = workerdCpuMs(pgid);
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < games) results.push(await playOne(next++));
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const cpuMs = workerdCpuMs(pgid) - cpu0;

    // ---- the floor, on the idle server: a turn, then a DO call that writes one row, alternately ----
    const floor: number[] = [];
    let f = 0;
    let floorCpu = 0;
    const idleCpu0 = workerdCpuMs(pgid);
    const idle = await playOne(games + 1, async () => {
      const c0 = workerdCpuMs(pgid);
      const t0 = performance.now();
      const r = (await (await fetch(`${base}/api/_bench/floor${f++ % 8}/write`)).json()) as { rowsWritten: number };
      floor.push(performance.now() - t0);
      floorCpu += workerdCpuMs(pgid) - c0;
      if (r.rowsWritten !== 1) throw new Error(`the floor call wrote ${r.rowsWritten} rows`);
    });
    // The game's own CPU on the idle server: the whole phase less the floor calls between its turns.
    const idleCpuPerRequest = (workerdCpuMs(pgid) - idleCpu0 - floorCpu) / idle.c.requests;

    const requests = avg(results.map((r) => r.c.requests));
    const doRequests = avg(
      results.map((r) => r.c.doRequests + r.stats.alarms + r.c.wsMessages / PRICES.wsMessagesPerRequest),
    );
    const doRows = avg(results.map((r) => r.stats.rowsWritten));
    const d1Rows = avg(results.map((r) => r.stats.d1RowsWritten));
    const loadCpuPerRequest = cpuMs / results.reduce((n, r) => n + r.c.requests, 0);
    const cpuPerRequest = idleCpuPerRequest;
    const doGbS = (idle.c.doMs / 1000) * PRICES.doMemoryGb;
    const loadDoGbS = avg(results.map((r) => (r.c.doMs / 1000) * PRICES.doMemoryGb));
    const perGame =
      requests * PRICES.workerRequest +
      requests * cpuPerRequest * PRICES.workerCpuMs +
      doRequests * PRICES.doRequest +
      doGbS * PRICES.doGbSecond +
      (doRows + d1Rows) * PRICES.rowWritten;
    const turns = [...idle.turns].sort((a, b) => a - b);
    floor.sort((a, b) => a - b);
    const loadTurns = results.flatMap((r) => r.turns).sort((a, b) => a - b);
    return [
      { name: "service.rows_written_per_game", unit: "rows", value: Math.round(doRows + d1Rows) },
      { name: "service.do_rows_written_per_game", unit: "rows", value: Math.round(doRows) },
      { name: "service.d1_rows_written_per_game", unit: "rows", value: Math.round(d1Rows) },
      { name: "service.requests_per_game", unit: "requests", value: Math.round(requests) },
      { name: "service.do_requests_per_game", unit: "requests", value: round2(doRequests) },
      { name: "service.turns_per_game", unit: "turns", value: Math.round(avg(results.map((r) => r.turns.length))) },
      { name: "service.turn_p50_ms", unit: "ms", value: round2(percentile(turns, 50)) },
      { name: "service.floor_write_one_row_p50_ms", unit: "ms", value: round2(percentile(floor, 50)) },
      { name: "service.turn_overhead_ratio", unit: "x", value: round2(percentile(turns, 50) / percentile(floor, 50)) },
      { name: "service.turn_under_load_p50_ms", unit: "ms", value: round2(percentile(loadTurns, 50)) },
      { name: "service.turn_under_load_p99_ms", unit: "ms", value: round2(percentile(loadTurns, 99)) },
      { name: "service.cpu_ms_per_request", unit: "ms", value: round2(cpuPerRequest) },
      { name: "service.cpu_ms_per_request_under_load", unit: "ms", value: round2(loadCpuPerRequest) },
      { name: "service.do_gb_s_per_game", unit: "GB-s", value: round2(doGbS) },
      { name: "service.do_gb_s_per_game_under_load", unit: "GB-s", value: round2(loadDoGbS) },
      { name: "service.games_per_s", unit: "games/s", value: round2(games / elapsed) },
      { name: "service.cost_per_1000_games_usd", unit: "USD", value: Math.round(perGame * 1000 * 1000) / 1000 },
    ];
  } finally {
    stop();
  }
}
