/**
 * Open tables (issue 16): the lobby's list (from D1), joining a table with one click (through the
 * game's Durable Object, the authority, which refuses a full, closed or expired table), and listing
 * or closing a waiting game. A player has at most MAX_OPEN_TABLES tables listed at once.
 */
import { createRoute } from "@hono/zod-openapi";
import { TableBody, TableListSchema, TablesQuery } from "../contract/schemas/tables";
import { IdParam } from "../contract/schemas/common";
import { GameEnvelopeSchema, JoinedSchema } from "../contract/schemas/games";
import type { GameSettings } from "../contract/views";
import { db, gamePlayerNames } from "../db/queries";
import { openTables } from "../db/tables";
import { MAX_OPEN_TABLES, TABLE_TTL_MS } from "../game/lobby";
import { askGame, bearer, errorResponses, json, origin, requirePlayer, subApp } from "./context";
import { fromOutcome, send } from "./errors";
import { answer, room, seatTaker } from "./games";
import { limitGameWrites } from "./limits";
import { iso } from "./players";

export const tables = subApp();

tables.openapi(
  createRoute({
    method: "get",
    path: "/tables",
    tags: ["tables"],
    summary:
      "The open tables: waiting games anyone signed in may join without an invite, with their settings and free seats, filterable",
    request: { query: TablesQuery },
    responses: { 200: json(TableListSchema, "The open tables"), ...errorResponses(400) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const d = db(c.env.DB);
    const rows = await openTables(
      d,
      Date.now() - TABLE_TTL_MS,
      {
        seats: q.seats,
        moonlight: q.moonlight === undefined ? undefined : q.moonlight === "true",
        rated: q.rated === undefined ? undefined : q.rated === "true",
        moveTimeSeconds: q.moveTime,
      },
      q.limit,
    );
    const names = await gamePlayerNames(
      d,
      rows.map((r) => r.id),
    );
    const here = origin(c);
    return c.json(
      {
        tables: rows.map((r) => {
          const o = r.options as GameSettings;
          const seated = names.get(r.id) ?? [];
          return {
            id: r.id,
            seats: r.seats,
            free: Math.max(0, r.seats - seated.length),
            players: seated,
            creator: { id: r.createdBy, name: r.creatorName ?? "" },
            options: {
              longGame: o.longGame,
              heavyShade: o.heavyShade,
              moonlight: o.moonlight ?? null,
              moveTimeSeconds: o.moveTimeSeconds,
              maxTimeouts: o.maxTimeouts === undefined ? 3 : o.maxTimeouts,
              vacationDays: o.vacationDays ?? 14,
              rated: o.rated ?? false,
            },
            practice: seated.some((s) => /^bot-/.test(s.id)),
            listedAt: iso(r.listedAt)!,
            expiresAt: iso(r.listedAt + TABLE_TTL_MS)!,
            url: `${here}/g/${r.id}`,
          };
        }),
        maxPerPlayer: MAX_OPEN_TABLES,
      },
      200,
    );
  },
);

tables.openapi(
  createRoute({
    method: "post",
    path: "/tables/{id}/join",
    tags: ["tables"],
    summary:
      "Take a free seat at an open table, no invite needed (signed in); the table whose seats are all taken starts by itself",
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(JoinedSchema, "Seated"), ...errorResponses(400, 401, 404, 409, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const player = await requirePlayer(c);
    await limitGameWrites(c, id);
    const reply = await room(c, id).join(seatTaker(player), null, origin(c));
    return send(c, fromOutcome(reply));
  },
);

tables.openapi(
  createRoute({
    method: "put",
    path: "/games/{id}/table",
    tags: ["tables"],
    summary:
      "Host only (the creator, or who took over when they left), while the game waits: list it on the open tables (for 7 days; at most a few per player) or take it off",
    security: bearer,
    request: { params: IdParam, body: { content: { "application/json": { schema: TableBody } }, required: true } },
    responses: { 200: json(GameEnvelopeSchema, "Done"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { open } = c.req.valid("json");
    await limitGameWrites(c, id);
    return answer(c, await askGame(c, (who) => room(c, id).setTable(who, open, origin(c))));
  },
);
