/**
 * Notification webhooks: a game's channels (managed by its seated players) and a player's own,
 * a "send test" for each, and the game's delivery log with redelivery. URLs and signing secrets
 * are stored encrypted and never returned after they are set (a json webhook's secret is shown
 * once, when it is made).
 */
import { createRoute } from "@hono/zod-openapi";
import { db } from "../db/queries";
import type { WebhookRow } from "../db/schema";
import {
  deleteWebhook,
  gameCreator,
  gameWebhooks,
  insertWebhook,
  mayManageGameWebhook,
  playerNames,
  playerWebhooks,
  recordWebhookAnswer,
  updateWebhook,
  webhookById,
  type NewWebhook,
} from "../db/webhooks";
import type { Membership, RoomReply } from "../game/room";
import { encrypt, MissingKeyError, webhookKey } from "../notify/crypto";
import { GONE_LIMIT } from "../notify/deliver";
import { notifyConfig, openTarget } from "../notify/directory";
import { newSecret } from "../notify/json";
import { checkUrl, chooseKind, redactUrl } from "../notify/targets";
import type { EventType, TargetKind } from "../notify/types";
import { randomId } from "./auth";
import { bearer, claimedCaller, errorResponses, json, requirePlayer, subApp, type Ctx } from "./context";
import { ApiError } from "./errors";
import { answer, room, webhooksChanged } from "./games";
import { limitGameWrites, limitPersonalTests } from "./limits";
import { sendTest } from "./test-send";
import { IdParam } from "../contract/schemas/common";
import {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryEnvelopeSchema,
  DeliveryLogSchema,
  DeliveryParam,
  MyWebhookParam,
  TestResultSchema,
  UpdateWebhookBody,
  WebhookEnvelopeSchema,
  WebhookListSchema,
  WebhookParam,
} from "../contract/schemas/notifications";

export const notifications = subApp();

/** Webhooks per game and per player. */
const MAX_WEBHOOKS = 5;

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/**
 * A webhook as the API shows it to one caller: never its URL or secret; whether that caller may
 * change, switch off, rotate or remove it, and the name of the player who added it.
 */
export function webhookView(w: WebhookRow, to: { mayManage: boolean; names: Map<string, string> }) {
  return {
    id: w.id,
    scope: w.scope,
    gameId: w.gameId,
    kind: w.kind,
    label: w.label,
    url: w.urlRedacted,
    events: (w.events as EventType[] | null) ?? null,
    enabled: w.disabledAt === null,
    disabledAt: iso(w.disabledAt),
    disabledReason: w.disabledReason,
    failures: w.failures,
    lastStatus: w.lastStatus,
    lastAttemptAt: iso(w.lastAttemptAt),
    createdBy: w.ownerId,
    createdByName: to.names.get(w.ownerId) ?? null,
    mayManage: to.mayManage,
    createdAt: iso(w.createdAt)!,
    updatedAt: iso(w.updatedAt)!,
  };
}

async function key(c: Ctx): Promise<CryptoKey> {
  try {
    return await webhookKey(notifyConfig(c.env).key);
  } catch (e) {
    if (e instanceof MissingKeyError)
      throw new ApiError(
        503,
        "WEBHOOKS_NOT_CONFIGURED",
        "Webhooks are not set up on this server (WEBHOOK_KEY is missing).",
      );
    throw e;
  }
}

/** The caller, checked to sit in the game (answers 401/403/404 otherwise). */
async function seated(c: Ctx, gameId: string, answers = false) {
  const caller = await claimedCaller(c);
  if (!caller) throw new ApiError(401, "UNAUTHORIZED", "Send your token as Authorization: Bearer <token>.");
  const reply = (await room(c, gameId).membership(caller, answers)) as unknown as RoomReply;
  if (!reply.ok) return { response: await answer(c, reply) };
  const body = reply.value as Membership;
  return { caller, playerId: caller.playerId, seat: body.seat, status: body.status, answers: body.answers ?? {} };
}

/**
 * A game webhook's row with its last answer the newer of D1's and the game's delivery log's: a
 * first success to a game's own webhook is kept in the log only (src/game/outbox.ts, issue 24).
 */
function withLastAnswer(w: WebhookRow, answers: Membership["answers"] = {}): WebhookRow {
  const a = w.scope === "game" ? answers[w.id] : undefined;
  return a && a.at > (w.lastAttemptAt ?? Number.NEGATIVE_INFINITY)
    ? { ...w, lastStatus: a.status, lastAttemptAt: a.at }
    : w;
}

/** Where webhooks may point on this server (the same policy at creation and when sending). */
const policy = (c: Ctx) => ({ allowHttpLocalhost: notifyConfig(c.env).allowHttpLocalhost });

function validated(c: Ctx, url: string, kind: TargetKind | undefined): { url: string; kind: TargetKind } {
  const check = checkUrl(url, policy(c));
  if (!check.ok) throw new ApiError(400, "BAD_WEBHOOK_URL", check.message);
  const chosen = chooseKind(check.detected, kind);
  if (!chosen.ok) throw new ApiError(400, "BAD_WEBHOOK_KIND", chosen.message);
  return { url: check.url.href, kind: chosen.kind };
}

async function create(
  c: Ctx,
  scope: "game" | "player",
  owner: string,
  gameId: string | null,
  body: { url: string; kind?: TargetKind; label?: string; events?: EventType[] },
  existing: WebhookRow[],
) {
  if (existing.length >= MAX_WEBHOOKS)
    throw new ApiError(409, "TOO_MANY_WEBHOOKS", `At most ${MAX_WEBHOOKS} webhooks each; delete one first.`);
  const k = await key(c);
  const { url, kind } = validated(c, body.url, body.kind);
  const id = `wh_${randomId(16)}`;
  const secret = kind === "json" ? newSecret() : null;
  const now = Date.now();
  const row: NewWebhook = {
    id,
    scope,
    gameId,
    ownerId: owner,
    kind,
    label: body.label ?? null,
    urlEncrypted: await encrypt(k, url, `url:${id}`),
    urlRedacted: redactUrl(url),
    secretEncrypted: secret ? await encrypt(k, secret, `secret:${id}`) : null,
    events: body.events ? [...new Set(body.events)] : null,
    createdAt: now,
    updatedAt: now,
  };
  await insertWebhook(db(c.env.DB), row);
  await webhooksChanged(c, scope, owner, gameId);
  const stored = (await webhookById(db(c.env.DB), id))!;
  return c.json(
    { webhook: webhookView(stored, { mayManage: true, names: await playerNames(db(c.env.DB), [owner]) }), secret },
    201,
  );
}

async function update(
  c: Ctx,
  w: WebhookRow,
  body: {
    url?: string;
    kind?: TargetKind;
    label?: string | null;
    events?: EventType[] | null;
    enabled?: boolean;
    rotateSecret?: boolean;
  },
  answers?: Membership["answers"],
) {
  const now = Date.now();
  const set: Partial<NewWebhook> = { updatedAt: now };
  let secret: string | null = null;
  if (body.url !== undefined || body.kind !== undefined || body.rotateSecret) {
    const k = await key(c);
    if (body.url !== undefined || body.kind !== undefined) {
      const current = body.url ?? (await openTarget(k, w, policy(c))).url;
      const { url, kind } = validated(c, current, body.kind ?? (body.url !== undefined ? undefined : w.kind));
      set.kind = kind;
      set.urlEncrypted = await encrypt(k, url, `url:${w.id}`);
      set.urlRedacted = redactUrl(url);
      set.failures = 0;
      if (kind !== "json") set.secretEncrypted = null;
      else if (!w.secretEncrypted) body.rotateSecret = true;
    }
    if (body.rotateSecret) {
      if ((set.kind ?? w.kind) !== "json")
        throw new ApiError(400, "BAD_REQUEST", "Only json webhooks have a signing secret.");
      secret = newSecret();
      set.secretEncrypted = await encrypt(k, secret, `secret:${w.id}`);
    }
  }
  if (body.label !== undefined) set.label = body.label;
  if (body.events !== undefined) set.events = body.events ? [...new Set(body.events)] : null;
  if (body.enabled === true) Object.assign(set, { disabledAt: null, disabledReason: null, failures: 0 });
  if (body.enabled === false && w.disabledAt === null)
    Object.assign(set, { disabledAt: now, disabledReason: "switched off by a player" });
  const updated = await updateWebhook(db(c.env.DB), w.id, set);
  const row = updated && withLastAnswer(updated, answers);
  if (!row) throw new ApiError(404, "NOT_FOUND", "No such webhook.");
  if (row.disabledAt === null) await webhooksChanged(c, row.scope, row.ownerId, row.gameId);
  // Only the webhook's owner, or a game's creator for a channel, gets here.
  return c.json(
    { webhook: webhookView(row, { mayManage: true, names: await playerNames(db(c.env.DB), [row.ownerId]) }), secret },
    200,
  );
}

async function gameWebhook(c: Ctx, gameId: string, wid: string): Promise<WebhookRow> {
  const w = await webhookById(db(c.env.DB), wid);
  if (w?.scope !== "game" || w.gameId !== gameId) throw new ApiError(404, "NOT_FOUND", "No such webhook in this game.");
  return w;
}

/**
 * A game webhook the caller may change: they added it, or they created the game. Other seated
 * players get a 403 (they may still list it, redacted, and read the delivery log).
 */
async function managedGameWebhook(c: Ctx, gameId: string, wid: string, playerId: string): Promise<WebhookRow> {
  const w = await gameWebhook(c, gameId, wid);
  if (!(await mayManageGameWebhook(db(c.env.DB), w, playerId)))
    throw new ApiError(
      403,
      "NOT_WEBHOOK_OWNER",
      "Only the player who added this webhook, or the game's creator, can change, switch off or remove it.",
      {
        createdBy: w.ownerId,
      },
    );
  return w;
}

async function myWebhook(c: Ctx, playerId: string, wid: string): Promise<WebhookRow> {
  const w = await webhookById(db(c.env.DB), wid);
  if (w?.scope !== "player" || w.ownerId !== playerId) throw new ApiError(404, "NOT_FOUND", "No such webhook.");
  return w;
}

const body = <T>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

// ---- a game's webhooks --------------------------------------------------------------------

notifications.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/webhooks",
    tags: ["notifications"],
    summary: "The game's notification webhooks (seated players only; URLs redacted)",
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(WebhookListSchema, "The webhooks"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const who = await seated(c, id, true);
    if ("response" in who) return who.response;
    const d = db(c.env.DB);
    const hooks = (await gameWebhooks(d, id)).map((w) => withLastAnswer(w, who.answers));
    const creator = hooks.some((w) => w.ownerId !== who.playerId) ? await gameCreator(d, id) : null;
    const names = await playerNames(
      d,
      hooks.map((w) => w.ownerId),
    );
    // The same rule as mayManageGameWebhook, with the game's creator read once for the list.
    const view = (w: WebhookRow) =>
      webhookView(w, { mayManage: w.ownerId === who.playerId || creator === who.playerId, names });
    return c.json({ webhooks: hooks.map(view) }, 200);
  },
);

notifications.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/webhooks",
    tags: ["notifications"],
    summary:
      "Add a webhook for the game's channel (Discord, Slack, or signed JSON); a json webhook's secret is shown once",
    security: bearer,
    request: { params: IdParam, body: body(CreateWebhookBody) },
    responses: {
      201: json(WebhookEnvelopeSchema, "Created"),
      ...errorResponses(400, 401, 403, 404, 409),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const who = await seated(c, id);
    if ("response" in who) return who.response;
    if (who.status === "finished") throw new ApiError(409, "GAME_OVER", "The game is over.");
    return create(c, "game", who.playerId, id, c.req.valid("json"), await gameWebhooks(db(c.env.DB), id));
  },
);

notifications.openapi(
  createRoute({
    method: "patch",
    path: "/games/{id}/webhooks/{wid}",
    tags: ["notifications"],
    summary:
      "Change a game webhook: URL, kind, label, events; switch it off or on again; rotate a json secret (only the player who added it, or the game's creator)",
    security: bearer,
    request: { params: WebhookParam, body: body(UpdateWebhookBody) },
    responses: {
      200: json(WebhookEnvelopeSchema, "Changed"),
      ...errorResponses(400, 401, 403, 404),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const { id, wid } = c.req.valid("param");
    const who = await seated(c, id, true);
    if ("response" in who) return who.response;
    return update(c, await managedGameWebhook(c, id, wid, who.playerId), c.req.valid("json"), who.answers);
  },
);

notifications.openapi(
  createRoute({
    method: "delete",
    path: "/games/{id}/webhooks/{wid}",
    tags: ["notifications"],
    summary:
      "Remove a game webhook (pending deliveries to it are dropped; only the player who added it, or the game's creator)",
    security: bearer,
    request: { params: WebhookParam },
    responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { id, wid } = c.req.valid("param");
    const who = await seated(c, id);
    if ("response" in who) return who.response;
    await managedGameWebhook(c, id, wid, who.playerId);
    await deleteWebhook(db(c.env.DB), wid);
    return c.body(null, 204);
  },
);

notifications.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/webhooks/{wid}/test",
    tags: ["notifications"],
    summary: "Send a test message to a game webhook now and report its answer (logged in the delivery log)",
    security: bearer,
    request: { params: WebhookParam },
    responses: {
      200: json(TestResultSchema, "The webhook's answer"),
      ...errorResponses(400, 401, 403, 404, 429),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const { id, wid } = c.req.valid("param");
    const who = await seated(c, id);
    if ("response" in who) return who.response;
    await limitGameWrites(c, id);
    const target = await openTarget(await key(c), await gameWebhook(c, id, wid), policy(c));
    return answer(c, await room(c, id).testWebhook(who.caller, target));
  },
);

// ---- the delivery log ---------------------------------------------------------------------

notifications.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/deliveries",
    tags: ["notifications"],
    summary:
      "The game's notification deliveries, newest first: target kind, state, every attempt (time, status, latency)",
    security: bearer,
    request: { params: IdParam, query: DeliveriesQuery },
    responses: { 200: json(DeliveryLogSchema, "The delivery log"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const caller = await claimedCaller(c);
    const q = c.req.valid("query");
    return answer(c, await room(c, c.req.valid("param").id).deliveries(caller, { before: q.before, limit: q.limit }));
  },
);

notifications.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/deliveries/{did}/redeliver",
    tags: ["notifications"],
    summary: "Send a delivery again (with the same event id, so receivers can tell)",
    security: bearer,
    request: { params: DeliveryParam },
    responses: { 202: json(DeliveryEnvelopeSchema, "Queued"), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const caller = await claimedCaller(c);
    const { id, did } = c.req.valid("param");
    await limitGameWrites(c, id);
    return answer(c, await room(c, id).redeliver(caller, did));
  },
);

// ---- a player's own webhooks --------------------------------------------------------------

notifications.openapi(
  createRoute({
    method: "get",
    path: "/me/webhooks",
    tags: ["notifications"],
    summary: "Your own notification webhooks (URLs redacted; a switched-off one says why)",
    security: bearer,
    responses: { 200: json(WebhookListSchema, "Your webhooks"), ...errorResponses(401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const names = new Map([[me.id, me.name]]);
    return c.json(
      { webhooks: (await playerWebhooks(db(c.env.DB), me.id)).map((w) => webhookView(w, { mayManage: true, names })) },
      200,
    );
  },
);

notifications.openapi(
  createRoute({
    method: "post",
    path: "/me/webhooks",
    tags: ["notifications"],
    summary:
      "Add your own webhook: your turns, reminders, timeouts and results in every game; a json webhook's secret is shown once",
    security: bearer,
    request: { body: body(CreateWebhookBody) },
    responses: {
      201: json(WebhookEnvelopeSchema, "Created"),
      ...errorResponses(400, 401, 409),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    return create(c, "player", me.id, null, c.req.valid("json"), await playerWebhooks(db(c.env.DB), me.id));
  },
);

notifications.openapi(
  createRoute({
    method: "patch",
    path: "/me/webhooks/{wid}",
    tags: ["notifications"],
    summary: "Change one of your webhooks: URL, kind, label, events; switch it off or on again; rotate a json secret",
    security: bearer,
    request: { params: MyWebhookParam, body: body(UpdateWebhookBody) },
    responses: {
      200: json(WebhookEnvelopeSchema, "Changed"),
      ...errorResponses(400, 401, 404),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    return update(c, await myWebhook(c, me.id, c.req.valid("param").wid), c.req.valid("json"));
  },
);

notifications.openapi(
  createRoute({
    method: "delete",
    path: "/me/webhooks/{wid}",
    tags: ["notifications"],
    summary: "Remove one of your webhooks",
    security: bearer,
    request: { params: MyWebhookParam },
    responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    await myWebhook(c, me.id, c.req.valid("param").wid);
    await deleteWebhook(db(c.env.DB), c.req.valid("param").wid);
    return c.body(null, 204);
  },
);

notifications.openapi(
  createRoute({
    method: "post",
    path: "/me/webhooks/{wid}/test",
    tags: ["notifications"],
    summary: "Send a test message to one of your webhooks now and report its answer",
    security: bearer,
    request: { params: MyWebhookParam },
    responses: {
      200: json(TestResultSchema, "The webhook's answer"),
      ...errorResponses(400, 401, 404, 429),
      503: { description: "Webhooks are not configured" },
    },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const w = await myWebhook(c, me.id, c.req.valid("param").wid);
    await limitPersonalTests(c, me.id);
    const target = await openTarget(await key(c), w, policy(c));
    const player = { id: me.id, name: me.name, discordUserId: me.discordUserId };
    return sendTest(c, target, player, (r, at) =>
      recordWebhookAnswer(db(c.env.DB), w.id, {
        status: r.status,
        at,
        gone: false,
        delivered: r.outcome === "delivered",
        reason: r.status ? `HTTP ${r.status}` : "no answer",
        limit: GONE_LIMIT,
      }),
    );
  },
);
