/** Games: the lobby, moves, reading, and the live channel. Each game is one Durable Object. */
import { createRoute, z } from "@hono/zod-openapi";
import { randomId, randomSeed } from "./auth";
import { limitGameWrites, limitHints } from "./limits";
import { askGame, bearer, errorResponses, json, origin, requirePlayer, subApp, type Ctx } from "./context";
import { fail, fromOutcome, send } from "./errors";
import { db, unfinishedGameIds } from "../db/queries";

import type { CreateParams, RoomReply } from "../game/room";
import { roomStub } from "../game/stub";
import { IdParam } from "../contract/schemas/common";
import {
  CreateGameBody,
  CreatedGameSchema,
  GameEnvelopeSchema,
  GameViewSchema,
  HintSchema,
  JoinBody,
  JoinedSchema,
  LegalActionsSchema,
  LiveQuery,
  LogQuery,
  LogSchema,
  RematchSchema,
  SeatBotBody,
  SubmitBody,
  SubmittedSchema,
  VacationBody,
} from "../contract/schemas/games";

const IdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({ description: "Retries with the same key get the first response again; the move is applied once." }),
});

export const games = subApp();

export function room(c: Ctx, id: string) {
  return roomStub(c.env.GAME, id);
}

/**
 * A webhook was added or switched on: the games it concerns (its game, or every game its owner
 * plays that is not over) keep their notifications again (a game with no webhooks keeps none).
 */
export async function webhooksChanged(
  c: Ctx,
  scope: "game" | "player",
  ownerId: string,
  gameId: string | null,
): Promise<void> {
  const ids = scope === "game" ? (gameId ? [gameId] : []) : await unfinishedGameIds(db(c.env.DB), ownerId);
  await Promise.all(ids.map((id) => room(c, id).hooksChanged()));
}

/**
 * Send a Durable Object's reply. A key the game did not know was verified in D1 before the
 * game acted (askGame): a token that is no device's was already a 401.
 */
// biome-ignore lint/suspicious/noExplicitAny: a computed reply (see send)
export async function answer(c: Ctx, reply: RoomReply): Promise<any> {
  return send(c, fromOutcome(reply));
}

/** A player taking a seat, with the device key D1 just verified (the seat knows it from then on). */
export function seatTaker(player: Awaited<ReturnType<typeof requirePlayer>>) {
  return {
    id: player.id,
    name: player.name,
    tokenHash: player.caller.tokenHash,
    key: { hash: player.caller.keyHash!, device: player.device.id },
  };
}

/**
 * What a new game is made of, from the create body (POST /games, and /photosynthesis new from a
 * chat channel, src/chat/http): the settings with their defaults, a seed, an invite code.
 */
export function newGameParams(
  id: string,
  body: z.output<typeof CreateGameBody>,
  creator: CreateParams["creator"],
  env: { FIXED_SEED?: string },
  at: string,
): CreateParams {
  return {
    id,
    creator,
    settings: {
      seats: body.seats,
      longGame: body.longGame,
      heavyShade: body.heavyShade,
      moonlight:
        body.moonlight === false
          ? null
          : body.moonlight === true
            ? { greatTree: false, moonstones: false }
            : body.moonlight,
      moveTimeSeconds: body.moveTimeSeconds,
      firstPlayer: body.firstPlayer !== null && body.firstPlayer < body.seats ? body.firstPlayer : null,
      maxTimeouts: body.maxTimeouts,
      vacationDays: body.vacationDays,
      rated: body.rated,
    },
    seed: env.FIXED_SEED ? Number(env.FIXED_SEED) >>> 0 : randomSeed(),
    inviteCode: randomId(16),
    origin: at,
    bots: body.bots,
    open: body.open,
  };
}

games.openapi(
  createRoute({
    method: "post",
    path: "/games",
    tags: ["games"],
    summary:
      "Open a game; you take seat 0 and get an invite link for the others (open: also list it on the open tables)",
    security: bearer,
    request: { body: { content: { "application/json": { schema: CreateGameBody } }, required: true } },
    responses: { 201: json(CreatedGameSchema, "Created"), ...errorResponses(400, 401, 409, 429) },
  }),
  async (c) => {
    const player = await requirePlayer(c);
    const body = c.req.valid("json");
    if (body.bots.length > body.seats - 1)
      return send(
        c,
        fail(400, "VALIDATION_FAILED", `A game of ${body.seats} has ${body.seats - 1} seats besides yours for bots.`, {
          bots: body.bots.length,
        }),
      );
    if (body.rated && body.bots.length > 0)
      return send(
        c,
        fail(400, "VALIDATION_FAILED", "A game with bots is a practice game and cannot be rated.", {
          bots: body.bots.length,
        }),
      );
    if (body.open && body.bots.length >= body.seats - 1)
      return send(
        c,
        fail(400, "VALIDATION_FAILED", "Every seat besides yours is a bot's: there is no free seat to list.", {
          bots: body.bots.length,
        }),
      );
    const id = randomId();
    const reply = await room(c, id).create(newGameParams(id, body, seatTaker(player), c.env, origin(c)));
    return send(c, fromOutcome(reply));
  },
);

games.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/join",
    tags: ["games"],
    summary: "Take a free seat with the invite code; a game whose seats are all taken starts by itself",
    security: bearer,
    request: { params: IdParam, body: { content: { "application/json": { schema: JoinBody } }, required: true } },
    responses: { 200: json(JoinedSchema, "Joined"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const player = await requirePlayer(c);
    const { id } = c.req.valid("param");
    const reply = await room(c, id).join(seatTaker(player), c.req.valid("json").code, origin(c));
    return send(c, fromOutcome(reply));
  },
);

const seatRoute = (path: "leave" | "start" | "resign", summary: string) =>
  createRoute({
    method: "post",
    path: `/games/{id}/${path}`,
    tags: ["games"],
    summary,
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(GameEnvelopeSchema, "Done"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  });

games.openapi(
  seatRoute("leave", "Leave a game that has not started (the host leaving hands it to the human seated longest)"),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).leave(who, origin(c))));
  },
);

games.openapi(
  seatRoute("start", "Start the game (host only: the creator, or who took over when they left; at least 2 seated)"),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).start(who, origin(c))));
  },
);

games.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/rematch",
    tags: ["games"],
    summary:
      "Play again, once the game is over (its seated players): a new game with the same options and seats, the bots seated again; the others are told and join with one tap. Asked again, or by two at once: the same new game, and the asker sits in it",
    security: bearer,
    request: { params: IdParam },
    responses: {
      200: json(RematchSchema, "The game's rematch (already made): you sit in it now if a seat was free"),
      201: json(RematchSchema, "The rematch, made now: you sit first"),
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const player = await requirePlayer(c);
    await limitGameWrites(c, id);
    // Drawn here, used only by the game's first rematch (the game keeps the one it made).
    const draw = {
      id: randomId(),
      inviteCode: randomId(16),
      seed: c.env.FIXED_SEED ? Number(c.env.FIXED_SEED) >>> 0 : randomSeed(),
    };
    return answer(c, await room(c, id).rematch(player.caller, seatTaker(player), draw, origin(c)));
  },
);

games.openapi(
  seatRoute("resign", "Resign: the game goes on for the others; your turns end by themselves"),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).resignSeat(who, origin(c))));
  },
);

games.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/bots",
    tags: ["games"],
    summary:
      "Host only (the creator, or who took over when they left): a bot takes the next empty seat of a waiting game (a full game starts), or a seat that resigned or timed out for good, so the game goes on",
    security: bearer,
    request: {
      params: IdParam,
      body: { content: { "application/json": { schema: SeatBotBody } }, required: true },
    },
    responses: { 200: json(JoinedSchema, "The bot sits"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await limitGameWrites(c, id);
    const body = c.req.valid("json");
    return answer(c, await askGame(c, (who) => room(c, id).seatBot(who, body.level, body.seat ?? null, origin(c))));
  },
);

games.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/hint",
    tags: ["games"],
    summary: "Practice games only, on your turn: the turn the strong bot would play for your seat",
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(HintSchema, "The strong bot's turn"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    await limitHints(c, id);
    return answer(c, await askGame(c, (who) => room(c, id).hint(who)));
  },
);

games.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}",
    tags: ["games"],
    summary: "The game as you may see it (a spectator without a token)",
    request: { params: IdParam },
    responses: { 200: json(GameViewSchema, "The game"), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).view(who, origin(c))));
  },
);

games.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/legal-actions",
    tags: ["games"],
    summary: "Every legal action of the caller (empty unless it is your turn)",
    request: { params: IdParam },
    responses: { 200: json(LegalActionsSchema, "Legal actions"), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).legal(who)));
  },
);

games.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/actions",
    tags: ["games"],
    summary: "Play one action, or a whole turn atomically, against the version you saw",
    security: bearer,
    request: {
      params: IdParam,
      headers: IdempotencyHeader,
      body: { content: { "application/json": { schema: SubmitBody } }, required: true },
    },
    responses: { 200: json(SubmittedSchema, "Applied"), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  }),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const params = {
      version: body.version,
      actions: "actions" in body ? body.actions : [body.action],
      idempotencyKey: key,
      origin: origin(c),
    };
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).submit(who, params)));
  },
);

games.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/log",
    tags: ["games"],
    summary: "The action log with the events of each action (for replay)",
    request: { params: IdParam, query: LogQuery },
    responses: { 200: json(LogSchema, "The log"), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).log(who, q.after, q.limit)));
  },
);

games.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/vacation",
    tags: ["games"],
    summary: "Go away for some hours (replacing a vacation in progress): your clock pauses, the others see it",
    security: bearer,
    request: { params: IdParam, body: { content: { "application/json": { schema: VacationBody } }, required: true } },
    responses: { 200: json(GameEnvelopeSchema, "You are away"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    const hours = c.req.valid("json").hours;
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).goAway(who, hours, origin(c))));
  },
);

games.openapi(
  createRoute({
    method: "delete",
    path: "/games/{id}/vacation",
    tags: ["games"],
    summary: "Come back early: your clock runs again; the unused days stay available",
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(GameEnvelopeSchema, "You are back"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    await limitGameWrites(c, c.req.valid("param").id);
    return answer(c, await askGame(c, (who) => room(c, c.req.valid("param").id).comeBack(who, origin(c))));
  },
);

// The live channel is a WebSocket upgrade, described in the document but routed directly.
games.openAPIRegistry.registerPath({
  method: "get",
  path: "/games/{id}/live",
  tags: ["games"],
  summary:
    "WebSocket: the game view on connect and after every change ({type:'game', game, events}; opened with ?after=, the log too: {…, log}); send {type:'auth', token} for your seat's view, then {type:'submit', key, version, actions} to play a turn as POST /actions does (key: its Idempotency-Key), answered {type:'submitted', key, version, events, game} or {type:'refused', key, error}",
  request: { params: IdParam, query: LiveQuery },
  responses: {
    101: { description: "Switching protocols" },
    ...errorResponses(400, 404),
    426: { description: "Not a WebSocket request" },
  },
});

games.get("/games/:id/live", async (c) => {
  const id = c.req.param("id");
  if (!IdParam.safeParse({ id }).success) return send(c, fail(400, "VALIDATION_FAILED", "Invalid game id."));
  const query = LiveQuery.safeParse(c.req.query());
  if (!query.success) return send(c, fail(400, "VALIDATION_FAILED", "after: a log index (an integer ≥ 0); auth: 1."));
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return send(c, fail(426, "UPGRADE_REQUIRED", "Open this URL as a WebSocket."));
  return room(c, id).fetch(c.req.raw);
});
