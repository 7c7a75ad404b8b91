/**
 * Where a game finds the webhooks to notify: D1 rows, decrypted with WEBHOOK_KEY. Replaceable in
 * tests (a D1 outage, a fake directory).
 */
import { pushSubscriptionsByIds, recordPushAnswer } from "../db/push";
import { db } from "../db/queries";
import type { PushSubscriptionRow, WebhookRow } from "../db/schema";
import { deliveryTargets, recordWebhookAnswer, webhooksByIds } from "../db/webhooks";
import { decrypt, webhookKey } from "./crypto";
import { GONE_LIMIT } from "./deliver";
import { isExpired, vapidConfig, type PushKeys, type VapidConfig } from "./push";
import { checkPublicUrl, type UrlPolicy } from "./targets";
import { ALWAYS_SENT, type EventType, type QueuedNotification, type TargetKind } from "./types";

/** Settings read from the environment (strings from [vars] / secrets). */
export interface NotifyConfig {
  /** Encryption key for stored URLs and secrets (WEBHOOK_KEY). */
  key: string | undefined;
  /** ALLOW_HTTP_WEBHOOKS="1": http:// to localhost is accepted (development, tests). */
  allowHttpLocalhost: boolean;
  /** PUBLIC_ORIGIN: the address links point to (else the address the game was created at). */
  publicOrigin: string | null;
  /**
   * Attach the board picture (/api/games/<id>/board.png?ply=N) to chat messages; on unless
   * NOTIFY_BOARD_IMAGES="0". Only for a public https:// origin (chat services fetch the picture).
   */
  boardImages: boolean;
}

export function notifyConfig(env: unknown): NotifyConfig {
  const e = (env ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof e[k] === "string" && e[k] !== "" ? (e[k] as string) : undefined);
  return {
    key: str("WEBHOOK_KEY"),
    allowHttpLocalhost: str("ALLOW_HTTP_WEBHOOKS") === "1",
    publicOrigin: str("PUBLIC_ORIGIN")?.replace(/\/+$/, "") ?? null,
    boardImages: str("NOTIFY_BOARD_IMAGES") !== "0",
  };
}

/** Where a notification may go: a kind of webhook, or a device's Web Push subscription. */
export type DeliveryKind = TargetKind | "push" | "chat";

/** Push subscription ids start with this (webhook ids with `wh_`); a game's chat channel is `chat_<platform>_<channel>`. */
export const PUSH_ID_PREFIX = "push_";

/**
 * A webhook (or a push subscription) with its URL and secret in the clear: never logged, never
 * returned by the API.
 */
export interface Target {
  id: string;
  scope: "game" | "player";
  gameId: string | null;
  ownerId: string;
  kind: DeliveryKind;
  label: string | null;
  url: string;
  secret: string | null;
  events: EventType[] | null;
  redactedUrl: string;
  /**
   * Why nothing may be sent to its URL, or null. A webhook stored before the address check was
   * tightened may point at a private address: sendOnce refuses it without a request, as a
   * permanent failure, and the directory switches it off at once (see d1Directory.record).
   */
  refused: string | null;
  /** A push subscription's keys and the server's VAPID keys (kind "push" only). */
  push?: { keys: PushKeys; vapid: VapidConfig };
  /**
   * Its answers in a row that count toward switching it off, as D1 held them when it was read
   * (webhooks only; unknown once an answer of ours may have changed them). A success to a game's
   * own webhook showing none is kept in the game's delivery log only (src/game/outbox.ts).
   */
  failures?: number;
}

/**
 * A stored push subscription, decrypted and its endpoint checked again like a webhook's URL:
 * a personal target of its owner that takes every personal notification.
 */
export async function openPushTarget(
  key: CryptoKey,
  row: PushSubscriptionRow,
  policy: UrlPolicy,
  vapid: VapidConfig,
): Promise<Target> {
  const url = await decrypt(key, row.endpointEncrypted, `url:${row.id}`);
  const keys = JSON.parse(await decrypt(key, row.keysEncrypted, `keys:${row.id}`)) as PushKeys;
  const check = checkPublicUrl(url, policy);
  return {
    id: row.id,
    scope: "player",
    gameId: null,
    ownerId: row.ownerId,
    kind: "push",
    label: row.label,
    url,
    secret: null,
    events: null,
    redactedUrl: `https://${row.service}/…`,
    refused: check.ok ? null : check.message,
    push: { keys, vapid },
  };
}

/**
 * A stored webhook, decrypted and checked again with the policy it was created under
 * (checkPublicUrl): every path that sends (deliveries, tests) gets its target from here.
 */
export async function openTarget(key: CryptoKey, row: WebhookRow, policy: UrlPolicy): Promise<Target> {
  const url = await decrypt(key, row.urlEncrypted, `url:${row.id}`);
  const check = checkPublicUrl(url, policy);
  return {
    id: row.id,
    scope: row.scope,
    gameId: row.gameId,
    ownerId: row.ownerId,
    kind: row.kind,
    label: row.label,
    url,
    secret: row.secretEncrypted ? await decrypt(key, row.secretEncrypted, `secret:${row.id}`) : null,
    events: (row.events as EventType[] | null) ?? null,
    redactedUrl: row.urlRedacted,
    refused: check.ok ? null : check.message,
    failures: row.failures,
  };
}

/** Whether a target takes a notification. */
export function wants(t: Target, q: QueuedNotification): boolean {
  if (q.exclude?.includes(t.id)) return false;
  if (t.scope === "game" ? !q.audience.channel : !q.audience.players.includes(t.ownerId)) return false;
  return ALWAYS_SENT.includes(q.notification.type) || !t.events || t.events.includes(q.notification.type);
}

export interface AnswerRecord {
  status: number | null;
  at: number;
  gone: boolean;
  delivered: boolean;
  reason: string;
}

export interface NotifyDirectory {
  /** The game's enabled webhooks, the enabled personal ones of `playerIds`, and the Discord ids of `seated`. */
  targetsFor(
    gameId: string,
    playerIds: string[],
    seated: string[],
  ): Promise<{ targets: Target[]; discordIds: Map<string, string | null> }>;
  /** Enabled webhooks by id (a deleted or switched-off one is missing). */
  targetsById(ids: string[]): Promise<Map<string, Target>>;
  /** Record an answer; true when this answer switched the webhook off. */
  record(id: string, answer: AnswerRecord): Promise<boolean>;
}

export function d1Directory(env: { DB: D1Database } & Record<string, unknown>): NotifyDirectory {
  const d = db(env.DB);
  const config = notifyConfig(env);
  const key = () => webhookKey(config.key);
  // Without VAPID keys nothing can be pushed: subscriptions are then not targets at all.
  const vapid = vapidConfig(env);
  // Webhooks handed out whose URL is refused: their "gone" answer switches them off at once.
  const refused = new Map<string, string>();
  const open = async (rows: WebhookRow[]) => {
    if (!rows.length) return [];
    const k = await key();
    const out: Target[] = [];
    for (const r of rows) {
      try {
        const t = await openTarget(k, r, { allowHttpLocalhost: config.allowHttpLocalhost });
        if (t.refused) refused.set(t.id, t.refused);
        else refused.delete(t.id);
        out.push(t);
      } catch {
        // Encrypted with another key: unusable until it is set again.
        console.warn("webhook could not be decrypted", r.id);
      }
    }
    return out;
  };
  const openPush = async (rows: PushSubscriptionRow[]) => {
    if (!rows.length || !vapid) return [];
    const k = await key();
    const out: Target[] = [];
    for (const r of rows) {
      try {
        out.push(await openPushTarget(k, r, { allowHttpLocalhost: config.allowHttpLocalhost }, vapid));
      } catch {
        console.warn("push subscription could not be decrypted", r.id);
      }
    }
    return out;
  };
  return {
    async targetsFor(gameId, playerIds, seated) {
      const { rows, push, discordIds } = await deliveryTargets(d, gameId, playerIds, seated);
      return { targets: [...(await open(rows)), ...(await openPush(push))], discordIds };
    },
    async targetsById(ids) {
      const unique = [...new Set(ids)];
      const pushIds = unique.filter((id) => id.startsWith(PUSH_ID_PREFIX));
      const hookIds = unique.filter((id) => !id.startsWith(PUSH_ID_PREFIX));
      const [hooks, subs] = await Promise.all([
        hookIds.length ? webhooksByIds(d, hookIds) : [],
        pushIds.length && vapid ? pushSubscriptionsByIds(d, pushIds) : [],
      ]);
      const targets = [...(await open(hooks.filter((r) => r.disabledAt === null))), ...(await openPush(subs))];
      return new Map(targets.map((t) => [t.id, t]));
    },
    async record(id, a) {
      if (id.startsWith(PUSH_ID_PREFIX)) {
        // An expired subscription (404/410) is removed at once; one the push service keeps refusing
        // (401/403) after GONE_LIMIT answers. Its owner is not told: the device simply stops.
        await recordPushAnswer(d, id, {
          status: a.status,
          at: a.at,
          delivered: a.delivered,
          gone: a.gone,
          expired: isExpired(a.status),
          limit: GONE_LIMIT,
        });
        return false;
      }
      const why = a.gone && !a.delivered ? refused.get(id) : undefined;
      const r = await recordWebhookAnswer(
        d,
        id,
        why ? { ...a, reason: `address refused: ${why}`.slice(0, 300), limit: 1 } : { ...a, limit: GONE_LIMIT },
      );
      if (why) refused.delete(id);
      return r.disabledNow;
    },
  };
}
