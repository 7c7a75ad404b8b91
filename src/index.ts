import { Hono } from "hono";
import { api } from "./api/app";
import type { Env } from "./env";

export { GameRoom } from "./game/room";

const app = new Hono<{ Bindings: Env }>();

app.get("/api/health", (c) => c.json({ ok: true }));
app.route("/", api);

app.notFound((c) =>
  c.json({ error: { code: "NOT_FOUND", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.` } }, 404),
);

export default app;
