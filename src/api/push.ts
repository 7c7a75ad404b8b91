/**
 * Web Push: the server's VAPID public key, and a player's devices (browser push subscriptions).
 * A subscription gets the same personal notifications as the player's own webhooks, through the
 * game's outbox (src/notify/directory.ts, send.ts). Its endpoint and keys are secrets: stored
 * encrypted with WEBHOOK_KEY, never returned; an endpoint on a private address is refused with the
 * webhooks' rules (checkPublicUrl).
 */
import { createRoute } from "@hono/zod-openapi";
import { TestResultSchema } from "../contract/schemas/notifications";
import {
  PushKeySchema,
  PushParam,
  PushRenewBody,
  PushSubscribeBody,
  PushSubscriptionEnvelopeSchema,
  PushSubscriptionListSchema,
} from "../contract/schemas/push";
import {
  deletePushSubscription,
  playerPushSubscriptions,
  pushSubscriptionByEndpointHash,
  pushSubscriptionsByIds,
  recordPushAnswer,
  renewPushSubscription,
  savePushSubscription,
} from "../db/push";
import { db } from "../db/queries";
import type { PushSubscriptionRow } from "../db/schema";
import { hashToken, timingSafeEqual } from "../game/tokens";
import { decrypt, encrypt, MissingKeyError, webhookKey } from "../notify/crypto";
import { GONE_LIMIT } from "../notify/deliver";
import { notifyConfig, openPushTarget, PUSH_ID_PREFIX } from "../notify/directory";
import { isExpired, pushKeysProblem, vapidConfig, type VapidConfig } from "../notify/push";
import { checkPublicUrl } from "../notify/targets";
import { randomId } from "./auth";
import { bearer, errorResponses, json, requirePlayer, subApp, type Ctx } from "./context";
import { ApiError } from "./errors";
import { webhooksChanged } from "./games";
import { limitPersonalTests } from "./limits";
import { sendTest } from "./test-send";

export const push = subApp();

/** Devices per player. */
const MAX_DEVICES = 10;

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function pushView(r: PushSubscriptionRow) {
  return {
    id: r.id,
    service: r.service,
    label: r.label,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    lastStatus: r.lastStatus,
    lastAttemptAt: iso(r.lastAttemptAt),
  };
}

const notConfigured = (what: string) =>
  new ApiError(503, "PUSH_NOT_CONFIGURED", `Push notifications are not set up on this server (${what} is missing).`);

function vapid(c: Ctx): VapidConfig {
  const v = vapidConfig(c.env);
  if (!v) throw notConfigured("VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY");
  return v;
}

async function key(c: Ctx): Promise<CryptoKey> {
  try {
    return await webhookKey(notifyConfig(c.env).key);
  } catch (e) {
    if (e instanceof MissingKeyError) throw notConfigured("WEBHOOK_KEY");
    throw e;
  }
}

async function mine(c: Ctx, ownerId: string, pid: string): Promise<PushSubscriptionRow> {
  const [row] = await pushSubscriptionsByIds(db(c.env.DB), [pid]);
  if (!row || row.ownerId !== ownerId) throw new ApiError(404, "NOT_FOUND", "No such push subscription of yours.");
  return row;
}

const bodyOf = <T>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

push.openapi(
  createRoute({
    method: "get",
    path: "/push/key",
    tags: ["push"],
    summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
    responses: { 200: json(PushKeySchema, "The key"), 503: { description: "Push is not configured" } },
  }),
  async (c) => c.json({ publicKey: vapid(c).publicKey }, 200),
);

push.openapi(
  createRoute({
    method: "get",
    path: "/me/push",
    tags: ["push"],
    summary: "Your devices that get push notifications (endpoints are never shown)",
    security: bearer,
    responses: { 200: json(PushSubscriptionListSchema, "Your devices"), ...errorResponses(401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    return c.json({ subscriptions: (await playerPushSubscriptions(db(c.env.DB), me.id)).map(pushView) }, 200);
  },
);

push.openapi(
  createRoute({
    method: "post",
    path: "/me/push",
    tags: ["push"],
    summary:
      "Turn on push notifications on a device: your turns, reminders, timeouts and results in every game (a browser's subscription; sending it again renews it)",
    security: bearer,
    request: { body: bodyOf(PushSubscribeBody) },
    responses: {
      200: json(PushSubscriptionEnvelopeSchema, "Already known: renewed"),
      201: json(PushSubscriptionEnvelopeSchema, "Added"),
      ...errorResponses(400, 401, 409),
      503: { description: "Push is not configured" },
    },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const body = c.req.valid("json");
    vapid(c);
    const check = checkPublicUrl(
      body.endpoint,
      { allowHttpLocalhost: notifyConfig(c.env).allowHttpLocalhost },
      "Push endpoints",
    );
    if (!check.ok) throw new ApiError(400, "BAD_PUSH_ENDPOINT", check.message);
    const problem = pushKeysProblem(body.keys);
    if (problem) throw new ApiError(400, "BAD_PUSH_KEYS", problem);
    const k = await key(c);
    const d = db(c.env.DB);
    const endpoint = check.url.href;
    const existing = await pushSubscriptionByEndpointHash(d, await hashToken(endpoint));
    if (!existing || existing.ownerId !== me.id) {
      const count = (await playerPushSubscriptions(d, me.id)).length;
      if (count >= MAX_DEVICES)
        throw new ApiError(
          409,
          "TOO_MANY_PUSH_SUBSCRIPTIONS",
          `At most ${MAX_DEVICES} devices get push notifications; remove one first.`,
        );
    }
    const id = existing?.id ?? `${PUSH_ID_PREFIX}${randomId(16)}`;
    const now = Date.now();
    const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
    // The same browser sending the same subscription again (the panel renews it each time it opens):
    // nothing to write and no game to tell.
    if (
      existing &&
      existing.ownerId === me.id &&
      existing.deviceId === me.device.id &&
      (body.label ?? null) === existing.label
    ) {
      const stored = await decrypt(k, existing.keysEncrypted, `keys:${existing.id}`).catch(() => null);
      if (stored === JSON.stringify(keys)) return c.json({ subscription: pushView(existing) }, 200);
    }
    const row = await savePushSubscription(
      d,
      {
        id,
        ownerId: me.id,
        endpointHash: await hashToken(endpoint),
        endpointEncrypted: await encrypt(k, endpoint, `url:${id}`),
        keysEncrypted: await encrypt(k, JSON.stringify(keys), `keys:${id}`),
        service: check.url.host,
        label: body.label ?? null,
        deviceId: me.device.id,
        createdAt: now,
        updatedAt: now,
      },
      existing,
    );
    // The player's games keep notifications from now on (a game without targets keeps none).
    if (existing?.ownerId !== me.id) await webhooksChanged(c, "player", me.id, null);
    return c.json({ subscription: pushView(row) }, existing ? 200 : 201);
  },
);

push.openapi(
  createRoute({
    method: "post",
    path: "/push/renew",
    tags: ["push"],
    summary:
      "A browser's service worker renews its subscription when the push service changed it (pushsubscriptionchange): proven by the old endpoint and auth secret, no profile key",
    request: { body: bodyOf(PushRenewBody) },
    responses: {
      200: json(PushSubscriptionEnvelopeSchema, "Renewed: the same device, with the new subscription"),
      ...errorResponses(400, 404, 429),
      503: { description: "Push is not configured" },
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    vapid(c);
    const k = await key(c);
    const d = db(c.env.DB);
    // Stored under the endpoint as the subscribe route normalised it.
    const oldHash = await hashToken(URL.canParse(body.oldEndpoint) ? new URL(body.oldEndpoint).href : body.oldEndpoint);
    await limitPersonalTests(c, `renew:${oldHash}`);
    const old = await pushSubscriptionByEndpointHash(d, oldHash);
    const stored = old ? await decrypt(k, old.keysEncrypted, `keys:${old.id}`).catch(() => null) : null;
    const oldAuth = stored ? (JSON.parse(stored) as { auth?: string }).auth : undefined;
    // Unknown endpoint and wrong secret answer alike: the route tells nothing about what exists.
    if (!old || !oldAuth || !timingSafeEqual(oldAuth, body.oldAuth))
      throw new ApiError(404, "NOT_FOUND", "No such push subscription.");
    const check = checkPublicUrl(
      body.endpoint,
      { allowHttpLocalhost: notifyConfig(c.env).allowHttpLocalhost },
      "Push endpoints",
    );
    if (!check.ok) throw new ApiError(400, "BAD_PUSH_ENDPOINT", check.message);
    const problem = pushKeysProblem(body.keys);
    if (problem) throw new ApiError(400, "BAD_PUSH_KEYS", problem);
    const endpoint = check.url.href;
    const endpointHash = await hashToken(endpoint);
    const taken = endpointHash === oldHash ? null : await pushSubscriptionByEndpointHash(d, endpointHash);
    // The new subscription is already a device of another profile (signed in on this browser since,
    // it sent the new subscription first): that profile keeps the browser and the proven row goes.
    // The answer is the 404 of a row that is no more; showing the other row would show another
    // player's device to a caller that proved only the old one.
    if (taken && taken.ownerId !== old.ownerId) {
      await deletePushSubscription(d, old.id);
      throw new ApiError(404, "NOT_FOUND", "No such push subscription.");
    }
    // Already a device of the same player (the page sent it first): the proven row keeps its id,
    // name and device with the new subscription, and the other row goes, in one batch.
    const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
    const row = await renewPushSubscription(
      d,
      old.id,
      {
        endpointHash,
        endpointEncrypted: await encrypt(k, endpoint, `url:${old.id}`),
        keysEncrypted: await encrypt(k, JSON.stringify(keys), `keys:${old.id}`),
        service: check.url.host,
        updatedAt: Date.now(),
      },
      taken?.id ?? null,
    );
    if (!row) throw new ApiError(404, "NOT_FOUND", "No such push subscription.");
    return c.json({ subscription: pushView(row) }, 200);
  },
);

push.openapi(
  createRoute({
    method: "delete",
    path: "/me/push/{pid}",
    tags: ["push"],
    summary: "Turn off push notifications on one of your devices",
    security: bearer,
    request: { params: PushParam },
    responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const { pid } = c.req.valid("param");
    await mine(c, me.id, pid);
    await deletePushSubscription(db(c.env.DB), pid, me.id);
    return c.body(null, 204);
  },
);

push.openapi(
  createRoute({
    method: "post",
    path: "/me/push/{pid}/test",
    tags: ["push"],
    summary: "Send a test notification to one of your devices now and report the push service's answer",
    security: bearer,
    request: { params: PushParam },
    responses: {
      200: json(TestResultSchema, "The push service's answer"),
      ...errorResponses(400, 401, 404, 429),
      503: { description: "Push is not configured" },
    },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const row = await mine(c, me.id, c.req.valid("param").pid);
    await limitPersonalTests(c, me.id);
    const target = await openPushTarget(
      await key(c),
      row,
      { allowHttpLocalhost: notifyConfig(c.env).allowHttpLocalhost },
      vapid(c),
    );
    return sendTest(c, target, { id: me.id, name: me.name }, (r, at) =>
      recordPushAnswer(
        db(c.env.DB),
        row.id,
        {
          status: r.status,
          at,
          delivered: r.outcome === "delivered",
          gone: r.outcome === "gone",
          expired: isExpired(r.status),
          limit: GONE_LIMIT,
        },
        true,
      ),
    );
  },
);
