/**
 * The service bench's game as people play it (issue 24): 4 players, a 24-hour move clock with its
 * reminders, one channel webhook and two push subscriptions (a local web-push-testing service),
 * rated; two players on the web page and two over the API. A turn on the web page is a visit as
 * the client makes it (PAGE_VISIT, checked against a real Chromium visit by
 * tests/e2e/page-visit.test.ts); a turn over the API is the README's: read the game, send the turn.
 * The games' clocks move one hour a turn (a game lives for days; the bench plays it in seconds),
 * and their alarms fire when that clock reaches them. At the end the two web players look at the
 * finished game (a visit, whose history asks for the coach's analysis until it is ready).
 *
 * Everything billed is counted where it happens (src/meter.ts, read before and after the games):
 * Worker requests, Durable Object requests (stub calls, alarms, socket messages at 20:1), rows
 * written and read (every Durable Object SQL cursor, one row per setAlarm, D1's meta), D1 queries,
 * the objects' busy time (GB-s) and the workerd process's CPU.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { applyAction, legalActions, type Action, type GameState } from "../src/engine";
import { nextInt } from "../src/engine/rng";
import type { Meter } from "../src/meter";
import { pushServiceClient } from "../tests/notify/push-service-client";
import { startPushService } from "../tests/notify/push-service";
import { caller } from "./http";

type Figure = { name: string; unit: string; value: number };

/**
 * What the web client asks for when a player opens a game page to play their turn (web/src/game/
 * page.tsx and what it loads, web/src/app.tsx, web/src/turns.ts), in order; `:id` the game, `:me`
 * the player. Static files are served by the platform without the Worker (not billed) and left out.
 * The page's HTML carries the public view (src/contract/page.ts), painted at once; the game's socket
 * is opened with the page's last log entry and signs in at once: its seat's greeting carries the
 * seat's view and the log (src/contract/live.ts LiveLog), so neither is read over HTTP.
 * tests/e2e/page-visit.test.ts records a real Chromium visit and fails when this list is not it.
 */
export const PAGE_VISIT = [
  "GET /g/:id",
  "WS /api/games/:id/live?after=0&auth=1",
  "WS /api/players/:me/turns/live",
] as const;

/**
 * What the page asks for once its turn is played (on the socket): nothing — the change the socket
 * tells carries the turn's log entries (web/src/game/ctrl.ts reads the log over HTTP only when no
 * socket brings it). tests/e2e/page-visit.test.ts records it too.
 */
export const AFTER_TURN = [] as const;

/** A visit lasts this long (the player plans the turn): the page's socket sends a ping every 25 s (web/src/game/live.ts). */
export const VISIT_SECONDS = 120;
export const PING_EVERY_S = 25;
/** How often the coach's panel asks again while the analysis runs (web/src/coach/panel.tsx's POLL_MS). */
export const ANALYSIS_POLL_MS = 2000;
/** One turn an hour: a correspondence game (its 80 turns over three to four days). */
export const HOUR_MS = 3600_000;

/** Published list prices (bench/service.ts cites the pages) and the Free plan's daily quotas. */
export const FREE_PLAN_PER_DAY = {
  "Workers requests": 100_000,
  "Durable Objects requests": 100_000,
  "Durable Objects duration (GB-s)": 13_000,
  "SQLite rows written (Durable Objects)": 100_000,
  "SQLite rows read (Durable Objects)": 5_000_000,
  "D1 rows written": 100_000,
  "D1 rows read": 5_000_000,
};

/** What the Worker's meter reads (GET /api/_bench/meter): src/meter.ts's record, as JSON. */
export type MeterReading = Meter;

export function meterDiff(a: MeterReading, b: MeterReading): MeterReading {
  const byKey = (x: Record<string, number>, y: Record<string, number>) => {
    const d: Record<string, number> = {};
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) d[k] = (y[k] ?? 0) - (x[k] ?? 0);
    return d;
  };
  const out = {
    ...b,
    doRequests: byKey(a.doRequests, b.doRequests),
    doRowsWrittenBy: byKey(a.doRowsWrittenBy ?? {}, b.doRowsWrittenBy ?? {}),
    doRowsReadBy: byKey(a.doRowsReadBy ?? {}, b.doRowsReadBy ?? {}),
    d1QueriesBy: byKey(a.d1QueriesBy ?? {}, b.d1QueriesBy ?? {}),
    d1RowsWrittenBy: byKey(a.d1RowsWrittenBy ?? {}, b.d1RowsWrittenBy ?? {}),
  };
  const byKind = ["doRequests", "doRowsWrittenBy", "doRowsReadBy", "d1QueriesBy", "d1RowsWrittenBy"];
  for (const k of Object.keys(b) as (keyof MeterReading)[])
    if (!byKind.includes(k)) (out[k] as number) = (b[k] as number) - (a[k] as number);
  return out;
}

/** A whole turn of the player to act, chosen at random from the legal actions of the state they see. */
export function planTurn(state: GameState, rng: number): { turn: Action[]; rng: number } {
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
}

/** A webhook receiver (the channel's chat): answers 204 and counts what it got. */
async function startReceiver(): Promise<{ url: string; received: () => number; stop(): void }> {
  let n = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      n++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${port}/hook`, received: () => n, stop: () => server.close() };
}

interface Player {
  id: string;
  token: string;
}

export async function benchReal(
  base: string,
  cpuMs: () => number,
  opts: { games?: number; concurrency?: number } = {},
): Promise<{ figures: Figure[]; perGame: MeterReading & { cpuMs: number; gbS: number }; games: number }> {
  const games = opts.games ?? 8;
  const concurrency = opts.concurrency ?? 4;
  const push = await startPushService();
  const receiver = await startReceiver();
  const service = pushServiceClient(`http://localhost:${push.port}`);
  const call = caller(base);
  const meterNow = async () => (await (await fetch(`${base}/api/_bench/meter`)).json()) as MeterReading;
  try {
    // Players, as people come: a profile each; the web players turn push on for their browser.
    const vapid = (await call("GET", "/api/push/key")).publicKey as string;
    const web: Player[] = [];
    const apiPlayers: Player[] = [];
    for (let i = 0; i < 4; i++) {
      const w = await call("POST", "/api/players", undefined, { name: `Web ${i}` });
      web.push({ id: w.player.id, token: w.token });
      const s = await service.subscribe(vapid);
      await call("POST", "/api/me/push", w.token, { endpoint: s.endpoint, keys: s.keys });
      const a = await call("POST", "/api/players", undefined, { name: `Api ${i}` });
      apiPlayers.push({ id: a.player.id, token: a.token });
    }

    /** Move a game's clock on by `ms` and fire its alarm if that reaches it (src/game/room.ts benchClock). */
    const clock = (id: string, ms: number): Promise<{ fired: number }> =>
      fetch(`${base}/api/_bench/${id}/clock?ms=${ms}`).then((r) => r.json() as Promise<{ fired: number }>);

    /** A game page's loading requests (PAGE_VISIT's reads, a log read in pages as ctrl.ts's loadLog does). */
    const pageLoad = async (id: string, me: Player): Promise<number> => {
      let after = 0;
      for (const step of PAGE_VISIT as readonly string[]) {
        const [method, path0] = step.split(" ");
        const path = path0.replace(":id", id).replace(":me", me.id);
        if (method !== "GET") continue;
        if (path.startsWith("/api/games/") && path.includes("/log?")) {
          for (let guard = 0; guard < 50; guard++) {
            const r = await call("GET", `/api/games/${id}/log?after=${after}`, me.token);
            after = r.entries.at(-1)?.index ?? after;
            if (!r.next || r.entries.length === 0) break;
          }
        } else await call("GET", path, path.startsWith("/g/") ? undefined : me.token);
      }
      return after;
    };

    /**
     * The page's live socket, signed in: its messages as they come, and the seat's view it greets with
     * (opened as PAGE_VISIT says: its greeting then carries the log, checked here).
     */
    const openSocket = async (id: string, me: Player) => {
      const step = PAGE_VISIT.find((s) => s.startsWith("WS /api/games/"))!;
      const ws = new WebSocket(`${base.replace("http", "ws")}${step.split(" ")[1].replace(":id", id)}`);
      const inbox: any[] = [];
      let wake: (() => void) | null = null;
      ws.addEventListener("message", (e) => {
        inbox.push(JSON.parse(String(e.data)));
        wake?.();
      });
      const next = async (match: (m: any) => boolean): Promise<any> => {
        for (;;) {
          const i = inbox.findIndex(match);
          if (i >= 0) return inbox.splice(i, 1)[0];
          await new Promise<void>((r) => {
            wake = r;
            setTimeout(r, 10_000);
          });
          if (ws.readyState > 1) throw new Error("the game's socket closed");
        }
      };
      await new Promise<void>((resolve, reject) => {
        ws.addEventListener("open", () => resolve());
        ws.addEventListener("error", () => reject(new Error("socket error")));
      });
      ws.send(JSON.stringify({ type: "auth", token: me.token }));
      const seatView = await next((m) => m.type === "game" && m.game.you);
      if (step.includes("after=") && !seatView.log) throw new Error("the seat's greeting carried no log");
      return { ws, next, seatView };
    };

    /**
     * The page's socket on the player's inbox (web/src/turns.ts), signed in, once it has greeted with
     * the player's turns; its keep-alive is answered by the platform (nothing billed, not sent here).
     */
    const openInbox = async (me: Player): Promise<WebSocket> => {
      const ws = new WebSocket(`${base.replace("http", "ws")}/api/players/${me.id}/turns/live`);
      await new Promise<void>((resolve, reject) => {
        ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "auth", token: me.token })));
        ws.addEventListener("message", (e) => {
          if (JSON.parse(String(e.data)).type === "turns") resolve();
        });
        ws.addEventListener("error", () => reject(new Error("inbox socket error")));
        ws.addEventListener("close", () => reject(new Error("inbox socket closed")));
      });
      return ws;
    };

    /** A web player's turn: the page visit, the turn on its socket, the pings while it is open. */
    const visit = async (id: string, me: Player, rng: number, key: string): Promise<{ rng: number; view: any }> => {
      const last = await pageLoad(id, me);
      const inbox = await openInbox(me);
      const { ws, next, seatView } = await openSocket(id, me);
      const planned = planTurn(seatView.game.state, rng);
      ws.send(JSON.stringify({ type: "submit", key, version: seatView.game.version, actions: planned.turn }));
      const answer = await next((m) => m.key === key);
      if (answer.type !== "submitted") throw new Error(`socket turn: ${JSON.stringify(answer).slice(0, 300)}`);
      for (const step of AFTER_TURN as readonly string[])
        await call("GET", step.split(" ")[1].replace(":id", id).replace(":last", String(last)), me.token);
      // (the change the socket tells carries the turn's log entries: checked, as the page reads them there)
      if (!AFTER_TURN.length) await next((m) => m.type === "game" && m.game.version === answer.version && m.log);
      // The page stays open while the player looks: a ping every 25 s, answered.
      for (let p = 0; p < Math.floor(VISIT_SECONDS / PING_EVERY_S); p++) {
        ws.send(JSON.stringify({ type: "ping" }));
        await next((m) => m.type === "pong");
      }
      ws.close(1000);
      inbox.close(1000);
      return { rng: planned.rng, view: answer.game };
    };

    /**
     * A web player looks at the finished game (the game-over ping's link): the page visit, its socket,
     * and the history's coach (web/src/coach/panel.tsx), which asks for the analysis every 2 s until
     * it is ready — the first look starts the review (src/game/analysis.ts), a game's largest CPU.
     * Between two asks the game's alarm runs the review's slices back to back, as the platform fires
     * an alarm set for now (here the bench's clock fires them).
     */
    const endVisit = async (id: string, me: Player) => {
      await pageLoad(id, me);
      const inbox = await openInbox(me);
      const { ws } = await openSocket(id, me);
      for (let i = 0; ; i++) {
        const r = await fetch(`${base}/api/games/${id}/analysis`, { headers: { authorization: `Bearer ${me.token}` } });
        await r.arrayBuffer();
        if (r.status === 200) break;
        if (r.status !== 202 || i === 10) throw new Error(`analysis: HTTP ${r.status} on ask ${i + 1}`);
        for (let k = 0; k < 100 && (await clock(id, k === 0 ? ANALYSIS_POLL_MS : 0)).fired; k++);
      }
      ws.close(1000);
      inbox.close(1000);
    };

    /** An API player's turn (README: read the game, then the whole turn with an Idempotency-Key). */
    const apiTurn = async (id: string, me: Player, rng: number, key: string) => {
      const view = await call("GET", `/api/games/${id}`, me.token);
      const planned = planTurn(view.state, rng);
      const r = await call(
        "POST",
        `/api/games/${id}/actions`,
        me.token,
        { version: view.version, actions: planned.turn },
        { "idempotency-key": key },
      );
      return { rng: planned.rng, view: r.game };
    };

    const playOne = async (g: number) => {
      // Seats: web, api, web, api (players rotate through the games as people do).
      const seats = [web[g % 4], apiPlayers[g % 4], web[(g + 1) % 4], apiPlayers[(g + 1) % 4]];
      const isWeb = [true, false, true, false];
      const created = await call("POST", "/api/games", seats[0].token, {
        seats: 4,
        moveTimeSeconds: 86400,
        rated: true,
      });
      const id: string = created.game.id;
      for (const p of seats.slice(1))
        await call("POST", `/api/games/${id}/join`, p.token, { code: created.invite.code });
      // The channel's webhook (say a Discord channel of the four), added by the host.
      await call("POST", `/api/games/${id}/webhooks`, seats[0].token, {
        url: `${receiver.url}/${id}`,
        label: "#table",
      });
      let view = await call("GET", `/api/games/${id}`, seats[0].token);
      let rng = (g * 7919 + 17) >>> 0;
      let key = 0;
      while (view.status !== "finished") {
        await clock(id, HOUR_MS);
        const seat = view.state.current as number;
        const r = isWeb[seat]
          ? await visit(id, seats[seat], rng, `${id}-${key++}`)
          : await apiTurn(id, seats[seat], rng, `${id}-${key++}`);
        rng = r.rng;
        view = r.view;
      }
      // Let the last notifications go (the clock moves a minute at a time until nothing waits).
      for (let i = 0; i < 60; i++) {
        const q = (await (await fetch(`${base}/api/_bench/${id}/queue`)).json()) as {
          notifications: number;
          deliveries: number;
        };
        if (!q.notifications && !q.deliveries) break;
        await clock(id, 60_000);
        await new Promise((r) => setTimeout(r, 50));
      }
      // The two web players come to see how it ended (the API players do not).
      for (const s of [0, 2]) await endVisit(id, seats[s]);
      return id;
    };

    const before = await meterNow();
    const cpu0 = cpuMs();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < games) await playOne(next++);
      }),
    );
    const cpu = cpuMs() - cpu0;
    const m = meterDiff(before, await meterNow());
    const per = (x: number) => x / games;
    const doRequests = Object.values(m.doRequests).reduce((a, b) => a + b, 0) + m.alarms + m.wsMessages / 20;
    const perGame = {
      ...m,
      doRequests: Object.fromEntries(Object.entries(m.doRequests).map(([k, v]) => [k, per(v)])),
      doRowsWrittenBy: Object.fromEntries(Object.entries(m.doRowsWrittenBy).map(([k, v]) => [k, per(v)])),
      doRowsReadBy: Object.fromEntries(Object.entries(m.doRowsReadBy).map(([k, v]) => [k, per(v)])),
      d1QueriesBy: Object.fromEntries(Object.entries(m.d1QueriesBy).map(([k, v]) => [k, per(v)])),
      d1RowsWrittenBy: Object.fromEntries(Object.entries(m.d1RowsWrittenBy).map(([k, v]) => [k, per(v)])),
      workerRequests: per(m.workerRequests),
      wsMessages: per(m.wsMessages),
      alarms: per(m.alarms),
      doMs: per(m.doMs),
      doRowsWritten: per(m.doRowsWritten),
      doRowsRead: per(m.doRowsRead),
      setAlarms: per(m.setAlarms),
      d1Queries: per(m.d1Queries),
      d1RowsWritten: per(m.d1RowsWritten),
      d1RowsRead: per(m.d1RowsRead),
      cpuMs: per(cpu),
      gbS: (per(m.doMs) / 1000) * 0.128,
    };
    const doReq = per(doRequests);
    const rowsWritten = perGame.doRowsWritten + perGame.d1RowsWritten;
    const rowsRead = perGame.doRowsRead + perGame.d1RowsRead;
    const cost =
      perGame.workerRequests * (0.3 / 1e6) +
      perGame.cpuMs * (0.02 / 1e6) +
      doReq * (0.15 / 1e6) +
      perGame.gbS * (12.5 / 1e6) +
      rowsWritten * (1.0 / 1e6) +
      rowsRead * (0.001 / 1e6);
    const use: Record<keyof typeof FREE_PLAN_PER_DAY, number> = {
      "Workers requests": perGame.workerRequests,
      "Durable Objects requests": doReq,
      "Durable Objects duration (GB-s)": perGame.gbS,
      "SQLite rows written (Durable Objects)": perGame.doRowsWritten,
      "SQLite rows read (Durable Objects)": perGame.doRowsRead,
      "D1 rows written": perGame.d1RowsWritten,
      "D1 rows read": perGame.d1RowsRead,
    };
    const quotas = Object.entries(FREE_PLAN_PER_DAY).map(([k, q]) => ({
      quota: k,
      games: use[k as keyof typeof use] > 0 ? q / use[k as keyof typeof use] : Number.POSITIVE_INFINITY,
    }));
    const binding = quotas.reduce((a, b) => (b.games < a.games ? b : a));
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const figures: Figure[] = [
      { name: "service.real.rows_written_per_game", unit: "rows", value: Math.round(rowsWritten) },
      { name: "service.real.do_rows_written_per_game", unit: "rows", value: Math.round(perGame.doRowsWritten) },
      { name: "service.real.set_alarms_per_game", unit: "rows", value: r2(perGame.setAlarms) },
      { name: "service.real.d1_rows_written_per_game", unit: "rows", value: Math.round(perGame.d1RowsWritten) },
      { name: "service.real.rows_read_per_game", unit: "rows", value: Math.round(rowsRead) },
      { name: "service.real.d1_queries_per_game", unit: "queries", value: Math.round(perGame.d1Queries) },
      { name: "service.real.requests_per_game", unit: "requests", value: Math.round(perGame.workerRequests) },
      { name: "service.real.do_requests_per_game", unit: "requests", value: r2(doReq) },
      { name: "service.real.alarms_per_game", unit: "alarms", value: r2(perGame.alarms) },
      { name: "service.real.ws_messages_per_game", unit: "messages", value: r2(perGame.wsMessages) },
      { name: "service.real.cpu_ms_per_game", unit: "ms", value: r2(perGame.cpuMs) },
      { name: "service.real.do_gb_s_per_game", unit: "GB-s", value: r2(perGame.gbS) },
      { name: "service.real.cost_per_1000_games_usd", unit: "USD", value: Math.round(cost * 1000 * 1000) / 1000 },
      {
        name: `service.real.free_plan_games_per_day (bound by ${binding.quota})`,
        unit: "games",
        value: Math.floor(binding.games),
      },
      { name: "service.real.webhook_messages_received", unit: "messages", value: receiver.received() },
    ];
    for (const [k, v] of Object.entries(perGame.doRequests))
      figures.push({ name: `service.real.do_requests_per_game.${k}`, unit: "requests", value: r2(v) });
    // Where the Durable Objects' rows go, by kind of write (most first): what item 4 cuts from.
    for (const [k, v] of Object.entries(perGame.doRowsWrittenBy).sort((x, y) => y[1] - x[1]))
      if (v > 0)
        figures.push({
          name: `service.real.do_rows_written_per_game.${k.replace(/ /g, "_")}`,
          unit: "rows",
          value: r2(v),
        });
    // And where they read (the kinds of statement behind 1 % of the rows read or more).
    for (const [k, v] of Object.entries(perGame.doRowsReadBy).sort((x, y) => y[1] - x[1]))
      if (v >= perGame.doRowsRead / 100)
        figures.push({
          name: `service.real.do_rows_read_per_game.${k.replace(/ /g, "_")}`,
          unit: "rows",
          value: r2(v),
        });
    // What the game asks D1, by kind of statement (most first): what one D1 carries is cut from these.
    for (const [k, v] of Object.entries(perGame.d1QueriesBy).sort((x, y) => y[1] - x[1]))
      if (v > 0)
        figures.push({
          name: `service.real.d1_queries_per_game.${k.replace(/ /g, "_")}`,
          unit: "queries",
          value: r2(v),
        });
    for (const [k, v] of Object.entries(perGame.d1RowsWrittenBy).sort((x, y) => y[1] - x[1]))
      if (v > 0)
        figures.push({
          name: `service.real.d1_rows_written_per_game.${k.replace(/ /g, "_")}`,
          unit: "rows",
          value: r2(v),
        });
    return { figures, perGame, games };
  } finally {
    receiver.stop();
    await push.stop();
  }
}
