import { Hono } from "hono";
import { api } from "./api/app";
import { errorBody } from "./contract/errors";
import { embedPages } from "./embed/routes";
import type { Env } from "./env";
import { roomStub } from "./game/stub";

export { GameRoom } from "./game/room";

const app = new Hono<{ Bindings: Env }>();

app.get("/api/health", (c) => c.json({ ok: true }));
// Benchmark probes, only when the worker runs with BENCH_ROUTES=1 (npm run bench starts it so).
app.get("/api/_bench/:id/:probe", async (c, next) => {
  if (c.env.BENCH_ROUTES !== "1") return next();
  const stub = roomStub(c.env.GAME, c.req.param("id"));
  if (c.req.param("probe") === "ping") return c.json({ pong: await stub.ping() });
  if (c.req.param("probe") === "stats") return c.json(await stub.storageStats());
  // The floor: a Durable Object call that writes one row (on an id that is no game's).
  if (c.req.param("probe") === "write") return c.json({ rowsWritten: await stub.writeOne() });
  return next();
});

app.route("/", api);
app.route("/", embedPages);

app.notFound((c) =>
  c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404),
);

export default app;
