import { Hono } from "hono";
import { api } from "./api/app";
import { errorBody } from "./contract/errors";
import { chat } from "./chat/http/routes";
import { embedPages } from "./embed/routes";
import type { Env } from "./env";
import { roomStub } from "./game/stub";
import { meter, meteredEnv, readMeter } from "./meter";

export { GameRoom } from "./game/room";
export { PlayerInbox } from "./player/inbox";

const app = new Hono<{ Bindings: Env }>();

app.get("/api/health", (c) => c.json({ ok: true }));
// Benchmark probes, only when the worker runs with BENCH_ROUTES=1 (npm run bench starts it so).
app.get("/api/_bench/meter", (c, next) => (c.env.BENCH_ROUTES === "1" ? c.json(readMeter()) : next()));
app.get("/api/_bench/:id/:probe", async (c, next) => {
  if (c.env.BENCH_ROUTES !== "1") return next();
  const stub = roomStub(c.env.GAME, c.req.param("id"));
  // The game's clock moves on by ?ms= (a bench game lives hours in seconds), and its alarm
  // fires if that time has come (as the platform would fire it).
  if (c.req.param("probe") === "clock") return c.json(await stub.benchClock(Number(c.req.query("ms") ?? 0)));
  if (c.req.param("probe") === "ping") return c.json({ pong: await stub.ping() });
  if (c.req.param("probe") === "stats") return c.json(await stub.storageStats());
  if (c.req.param("probe") === "queue") return c.json(await stub.notificationQueue());
  // The floor: a Durable Object call that writes one row (on an id that is no game's).
  if (c.req.param("probe") === "write") return c.json({ rowsWritten: await stub.writeOne() });
  return next();
});

// The chat apps' endpoints (signed by Discord and Slack; docs/chat-apps.md), before the API's own routes.
app.route("/", chat);
app.route("/", api);
app.route("/", embedPages);

app.notFound((c) =>
  c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404),
);

/** Bench runs (BENCH_ROUTES=1) count every request the Worker answers and meter its bindings (src/meter.ts). */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    if (env.BENCH_ROUTES !== "1" || new URL(request.url).pathname.startsWith("/api/_bench/"))
      return app.fetch(request, env, ctx);
    meter.workerRequests++;
    return app.fetch(request, meteredEnv(env, { GAME: "game", PLAYER: "player" }), ctx);
  },
} satisfies ExportedHandler<Env>;
