/**
 * A player's turns, from their inbox (src/player/inbox.ts), never from D1: the games in play where
 * they sit, whether it is their turn, its deadline. GET is the fallback; pages follow the inbox on
 * its WebSocket. Only the player's own keys read it: the token names its player (another player's
 * inbox is 403 before anything is asked), and the inbox checks the key itself (D1 once per device).
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam, TurnListSchema } from "../contract";
import type { PlayerInbox } from "../player/inbox";
import { callerOf } from "./auth";
import { bearer, errorResponses, json, subApp, type Ctx } from "./context";
import { ApiError, fail, send } from "./errors";

export const turns = subApp();

/** A player's inbox (src/player/inbox.ts). */
export function inbox(c: Ctx, playerId: string): DurableObjectStub<PlayerInbox> {
  const ns = c.env.PLAYER;
  return ns.get(ns.idFromName(playerId)) as unknown as DurableObjectStub<PlayerInbox>;
}

turns.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/turns",
    tags: ["players"],
    security: bearer,
    summary:
      "Your games in play and whether it is your turn in each (your inbox; the live version is the WebSocket …/turns/live)",
    request: { params: IdParam },
    responses: { 200: json(TurnListSchema, "Your turns"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const claim = await callerOf(c);
    if (claim === "invalid") throw new ApiError(401, "UNAUTHORIZED", "That is not a Canopy token.");
    if (!claim) throw new ApiError(401, "UNAUTHORIZED", "Send your token as Authorization: Bearer <token>.");
    if (claim.playerId !== id) throw new ApiError(403, "FORBIDDEN", "This is another player's inbox.");
    const r = await inbox(c, id).read(id, claim.tokenHash);
    if (!r.ok) throw new ApiError(r.error.code === "FORBIDDEN" ? 403 : 401, r.error.code, r.error.message);
    return c.json({ games: r.games }, 200);
  },
);

// The live inbox is a WebSocket upgrade, described in the document but routed directly.
turns.openAPIRegistry.registerPath({
  method: "get",
  path: "/players/{id}/turns/live",
  tags: ["players"],
  summary:
    "WebSocket: your turns, live. Send {type:'auth', token} first (refused: an error message, then closed 4401, or 4403 for another player's inbox); then {type:'turns', games} and after each change {type:'turn', game} or {type:'gone', id}",
  request: { params: IdParam },
  responses: {
    101: { description: "Switching protocols" },
    ...errorResponses(400),
    426: { description: "Not a WebSocket request" },
  },
});

turns.get("/players/:id/turns/live", async (c) => {
  const id = c.req.param("id");
  if (!IdParam.safeParse({ id }).success) return send(c, fail(400, "VALIDATION_FAILED", "Invalid player id."));
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return send(c, fail(426, "UPGRADE_REQUIRED", "Open this URL as a WebSocket."));
  const url = new URL(c.req.url);
  url.searchParams.set("player", id);
  return inbox(c, id).fetch(new Request(url, c.req.raw));
});
