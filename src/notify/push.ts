/**
 * Web Push: what a notification says on a device, how long the push service keeps it (TTL), how
 * urgent it is, and the one request that sends it (RFC 8030 / 8291 aes128gcm / 8292 VAPID) through
 * `@block65/webcrypto-web-push`, which runs on Web Crypto in workerd. A subscription's endpoint
 * and keys are secrets: nothing here logs or returns them.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { decodeBase64Url } from "hono/utils/encode";
import { BASE_DELAY_MS, deadline, fetchFailure, retryAfterOf, TIMEOUT_MS, type AttemptResult } from "./deliver";
import { userText } from "./escape";
import { scrub } from "./targets";
import type { Notification } from "./types";

/** VAPID: the server's key pair (P-256, base64url) and a contact for push services. */
export interface VapidConfig {
  /** The uncompressed public key (65 bytes, base64url): the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar `d` (32 bytes, base64url). */
  privateKey: string;
  /** mailto: or https: contact for push service operators. */
  subject: string;
}

/** The VAPID settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null when push is off. */
export function vapidConfig(env: unknown): VapidConfig | null {
  const e = (env ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof e[k] === "string" && e[k] !== "" ? (e[k] as string).trim() : undefined);
  const publicKey = str("VAPID_PUBLIC_KEY");
  const privateKey = str("VAPID_PRIVATE_KEY");
  if (!publicKey || !privateKey) return null;
  if (bytesOf(publicKey)?.length !== 65 || bytesOf(privateKey)?.length !== 32) return null;
  const origin = str("PUBLIC_ORIGIN");
  const subject = str("VAPID_SUBJECT") ?? (origin?.startsWith("https://") ? origin : "mailto:push@canopy.invalid");
  return { publicKey, privateKey, subject };
}

/** A base64url (or base64) string's bytes, or null when it is not one. */
export function bytesOf(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_+/-]+={0,2}$/.test(s)) return null;
  try {
    return decodeBase64Url(s.replace(/=+$/, ""));
  } catch {
    return null;
  }
}

export interface PushKeys {
  p256dh: string;
  auth: string;
}

/** Why a subscription's keys cannot be used (null: they can): p256dh a P-256 point, auth 16 bytes. */
export function pushKeysProblem(keys: PushKeys): string | null {
  const point = bytesOf(keys.p256dh);
  if (point?.length !== 65 || point[0] !== 4)
    return "keys.p256dh must be the subscription's P-256 public key (65 bytes, base64url).";
  if (bytesOf(keys.auth)?.length !== 16) return "keys.auth must be the subscription's 16-byte secret (base64url).";
  return null;
}

export type Urgency = "low" | "normal" | "high";

/** What the service worker shows (web/public/sw.js reads exactly this). */
export interface PushPayload {
  v: 1;
  id: string;
  type: string;
  title: string;
  body: string;
  /** Where tapping it goes: the game's page. */
  url: string;
  gameId: string;
  /** Notifications of one game replace each other on the device. */
  tag: string;
}

export interface PushMessage {
  payload: PushPayload;
  /** Seconds the push service keeps it for an offline device (1 … 86400). */
  ttl: number;
  urgency: Urgency;
  /** Replaces a message of the same topic still waiting at the push service (your turn → reminder). */
  topic: string | null;
}

const DAY_S = 86_400;
/** A "your turn" that reaches the device after the turn is over only misleads: keep it until the deadline. */
const clampTtl = (seconds: number) => Math.max(60, Math.min(DAY_S, Math.floor(seconds)));

function duration(ms: number): string {
  const min = Math.max(1, Math.round(ms / 60_000));
  if (min < 90) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} days`;
}

/** What a push says and how it travels: `ttl` in seconds, `replaces` the topic it replaces. */
interface PushText {
  body: string;
  ttl?: number;
  urgency?: Urgency;
  replaces?: string | null;
}

/** A notification as one player (`ownerId`) reads it on a device, with the helpers the texts share. */
interface Reading {
  n: Notification;
  now: number;
  /** A seat's player's name, made plain ("Someone" when empty or unknown). */
  name(seat: number | null | undefined): string;
  /** Whether a seat is the reader's own. */
  mine(seat: number | null | undefined): boolean;
  /** The topic of the game's turn pushes: a newer one replaces one still waiting. */
  topic: string;
}

const untilDeadline = (r: Reading, deadline: number | null | undefined) =>
  deadline ? clampTtl((deadline - r.now) / 1000) : DAY_S;
/** Comings and goings: low urgency, kept half a day. */
const aside = (body: string): PushText => ({ body, urgency: "low", ttl: DAY_S / 2 });
/** `body`, and when the reader plays next, that it is their turn (urgent until its deadline). */
const thenYou = (r: Reading, body: string, you: string, otherwise: Omit<PushText, "body"> = {}): PushText =>
  r.n.next && r.mine(r.n.next.seat)
    ? { body: `${body} ${you}`, urgency: "high", ttl: untilDeadline(r, r.n.next.deadline) }
    : { body, ...otherwise };

const PUSH_TEXTS: Record<Notification["type"], (r: Reading) => PushText> = {
  "turn.started": (r) => {
    const { n, now } = r;
    const ends = n.deadline ? ` It ends by itself in ${duration(n.deadline - now)}.` : "";
    return {
      body: `${r.mine(n.seat) ? "Your turn." : `${r.name(n.seat)}'s turn.`}${ends}`,
      ttl: untilDeadline(r, n.deadline),
      urgency: r.mine(n.seat) ? "high" : "normal",
      replaces: r.topic,
    };
  },
  "turn.reminder": (r) => {
    const { n, now } = r;
    const left = n.remainingMs ?? (n.deadline ? n.deadline - now : 0);
    return {
      body: r.mine(n.seat)
        ? `Your turn ends by itself in ${duration(left)}.`
        : `${r.name(n.seat)}'s turn ends in ${duration(left)}.`,
      ttl: untilDeadline(r, n.deadline ?? now + left),
      urgency: "high",
      replaces: r.topic,
    };
  },
  "turn.timeout": (r) =>
    thenYou(
      r,
      r.mine(r.n.seat)
        ? `Your turn ran out of time and was ended for you${r.n.resigned ? "; your seat resigned" : ""}.`
        : `${r.name(r.n.seat)}'s turn ran out of time.`,
      "Now it is your turn.",
    ),
  "game.started": (r) => thenYou(r, "The game has started.", "You play first."),
  "game.ended": (r) => {
    const winners = (r.n.winners ?? []).map((s) => (r.mine(s) ? "you" : r.name(s)));
    const me = r.n.scores?.find((s) => r.mine(s.seat));
    const body = `Game over${winners.length ? `: ${winners.join(" and ")} won` : ""}.`;
    return { body: me ? `${body} You scored ${me.total} points.` : body };
  },
  "player.joined": (r) => aside(`${r.name(r.n.seat)} joined.`),
  "player.left": (r) => aside(`${r.name(r.n.seat)} left.`),
  "player.resigned": (r) =>
    thenYou(r, `${r.name(r.n.seat)} resigned.`, "Now it is your turn.", { urgency: "low", ttl: DAY_S / 2 }),
  "player.away": (r) => aside(`${r.name(r.n.seat)} is away${r.n.until ? ` for ${duration(r.n.until - r.now)}` : ""}.`),
  "game.rematch": (r) => ({ body: `${r.name(r.n.seat)} wants a rematch: tap to join the new game.` }),
  "message.written": (r) => ({
    body: `${r.name(r.n.seat)}: ${userText(r.n.message?.text ?? "", "plain", 200) || "…"}`,
    ttl: DAY_S / 2,
  }),
  "webhook.disabled": (r) => ({
    body: `One of your notification webhooks was switched off (${r.n.webhook?.reason ?? "it kept failing"}).`,
  }),
  "webhook.test": () => ({ body: "Push notifications work on this device.", urgency: "high", ttl: 300 }),
};

/**
 * The push message for one notification, as the player `ownerId` reads it on their device, and
 * how it travels: "your turn" and reminders are urgent and live until the turn's deadline (a later
 * one replaces a waiting earlier one: same topic); results and timeouts are normal and keep a day;
 * comings and goings are low and keep half a day.
 */
export function pushMessage(n: Notification, ownerId: string, now: number): PushMessage {
  const g = n.game;
  const seated = (seat: number | null | undefined) =>
    seat === null || seat === undefined ? undefined : g.players.find((x) => x.seat === seat);
  const reading: Reading = {
    n,
    now,
    name: (seat) => {
      const p = seated(seat);
      return p ? userText(p.name, "plain") || "Someone" : n.subjectName ? userText(n.subjectName, "plain") : "Someone";
    },
    mine: (seat) => seated(seat)?.id === ownerId,
    topic: `turn-${g.id}`.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
  };
  const others = g.players.filter((p) => p.id !== ownerId).map((p) => userText(p.name, "plain") || "Someone");
  const title = others.length ? `Photosynthesis with ${others.join(", ")}` : "Photosynthesis";
  const text = PUSH_TEXTS[n.type]?.(reading) ?? { body: "Something happened in your game." };
  return {
    payload: {
      v: 1,
      id: n.id,
      type: n.type,
      title: n.type === "webhook.test" ? "Canopy" : title,
      body: text.body,
      // A rematch opens the new game with its invite (one tap to sit down).
      url: n.type === "game.rematch" && n.rematch ? n.rematch.url : g.url,
      gameId: n.type === "game.rematch" && n.rematch ? n.rematch.id : g.id,
      tag: g.id ? `canopy-${g.id}` : "canopy",
    },
    ttl: clampTtl(text.ttl ?? DAY_S),
    urgency: text.urgency ?? "normal",
    topic: text.replaces ?? null,
  };
}

/** Where to send and with what: a stored subscription, decrypted (never logged). */
export interface PushTarget {
  url: string;
  keys: PushKeys;
  vapid: VapidConfig;
  /** Set when the endpoint fails the address check: nothing is sent. */
  refused?: string | null;
}

/** Push services answer 404/410 for a subscription that expired or was unsubscribed: remove it. */
export const isExpired = (status: number | null) => status === 404 || status === 410;

function classify(status: number): AttemptResult["outcome"] {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403 || isExpired(status)) return "gone";
  if (status === 408 || status === 425 || status >= 500) return "retry";
  return "rejected";
}

/** Send one push message once. Never throws. */
export async function sendPush(
  target: PushTarget,
  m: PushMessage,
  opts: { timeoutMs?: number } = {},
): Promise<AttemptResult> {
  if (target.refused) return { outcome: "gone", status: null, latencyMs: 0, retryAfterMs: null, error: target.refused };
  const secrets = [target.url, target.keys.auth, target.keys.p256dh];
  const started = Date.now();
  const limit = deadline(opts.timeoutMs ?? TIMEOUT_MS);
  try {
    // The library insists on https:// (RFC 8030); a local push service in development speaks
    // http://localhost (only the development policy lets such an endpoint be stored). Its VAPID
    // audience then says https://, which local test services do not check.
    const endpoint = target.url.startsWith("http://") ? `https://${target.url.slice(7)}` : target.url;
    const request = await buildPushPayload(
      {
        data: m.payload as unknown as Record<string, string>,
        options: { ttl: m.ttl, urgency: m.urgency, ...(m.topic ? { topic: m.topic } : {}) },
      },
      { endpoint, expirationTime: null, keys: target.keys },
      target.vapid,
    );
    const res = await fetch(target.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: limit.signal,
    });
    const text = (await res.text().catch(() => "")).slice(0, 2000);
    const latencyMs = Date.now() - started;
    const outcome = res.status >= 300 && res.status < 400 ? "rejected" : classify(res.status);
    const retryAfterMs =
      outcome === "rate_limited" ? (retryAfterOf(res.headers, text, Date.now()) ?? BASE_DELAY_MS) : null;
    const error =
      outcome === "delivered"
        ? null
        : isExpired(res.status)
          ? `HTTP ${res.status}: the subscription expired or was unsubscribed`
          : scrub(`HTTP ${res.status}${text ? `: ${text.replace(/\s+/g, " ").slice(0, 200)}` : ""}`, secrets);
    return { outcome, status: res.status, latencyMs, retryAfterMs, error };
  } catch (e) {
    const message = fetchFailure(e, opts.timeoutMs ?? TIMEOUT_MS);
    return {
      outcome: "retry",
      status: null,
      latencyMs: Date.now() - started,
      retryAfterMs: null,
      error: scrub(message.slice(0, 200), secrets),
    };
  } finally {
    limit.done();
  }
}
