import { Hono } from "hono";
import { api } from "./api/app";
import type { Env } from "./env";

export { GameRoom } from "./game/room";

const app = new Hono<{ Bindings: Env }>();

app.get("/api/health", (c) => c.json({ ok: true }));
app.route("/api", api);

export default app;
