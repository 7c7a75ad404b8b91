/**
 * Generic JSON webhooks, signed the Standard Webhooks way (https://www.standardwebhooks.com):
 * headers `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the
 * target's secret `whsec_<base64>`.
 */
import { decodeBase64, encodeBase64 } from "hono/utils/encode";
import type { Notification } from "./types";

export const SECRET_PREFIX = "whsec_";

export interface JsonPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The body: `{type, timestamp, data}` with plain JSON data (no markup, no secrets). */
export function jsonPayload(n: Notification): JsonPayload {
  const g = n.game;
  const data: Record<string, unknown> = {
    id: n.id,
    game: {
      id: g.id,
      url: g.url,
      status: g.status,
      phase: g.phase,
      round: g.round,
      totalRounds: g.totalRounds,
      seats: g.seats,
      players: g.players.map((p) => ({ seat: p.seat, id: p.id, name: p.name, resigned: p.resigned })),
      imageUrl: g.imageUrl ?? null,
      // Under the Moonlight only: the moon and the animals as a spectator sees them
      ...(g.moon ? { moon: g.moon } : {}),
    },
  };
  if (n.seat !== undefined && n.seat !== null) {
    const p = g.players.find((x) => x.seat === n.seat);
    data.seat = n.seat;
    data.player = p ? { id: p.id, name: p.name } : null;
  }
  if (n.deadline !== undefined) data.deadline = iso(n.deadline);
  if (n.remainingMs !== undefined) data.remainingSeconds = Math.round(n.remainingMs / 1000);
  if (n.fraction !== undefined) data.fraction = n.fraction;
  if (n.type === "turn.timeout")
    data.timeout = {
      action: n.autoAction ?? null,
      strikes: n.strikes ?? null,
      maxTimeouts: n.maxTimeouts ?? null,
      resigned: !!n.resigned,
    };
  if (n.next !== undefined) data.next = n.next ? { seat: n.next.seat, deadline: iso(n.next.deadline) } : null;
  if (n.scores) data.scores = n.scores;
  if (n.winners) data.winners = n.winners;
  if (n.until !== undefined) data.until = iso(n.until);
  if (n.webhook) data.webhook = n.webhook;
  // "Play again": the new game and its address with the invite (sent to the players' own targets only).
  if (n.rematch) data.rematch = { id: n.rematch.id, url: n.rematch.url };
  // Table talk: the text as written (a receiver escapes it for its own output).
  if (n.message) data.message = { n: n.message.n, text: n.message.text };
  return { type: n.type, timestamp: new Date(n.at).toISOString(), data };
}

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return SECRET_PREFIX + encodeBase64(crypto.getRandomValues(new Uint8Array(32)).buffer);
}

/** `v1,<base64 signature>` of the message `id.timestamp.body`. */
export async function sign(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = await crypto.subtle.importKey("raw", decodeBase64(raw), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestampSeconds}.${body}`));
  return `v1,${encodeBase64(mac)}`;
}

/** The Standard Webhooks headers for one attempt. */
export async function signedHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Promise<Record<string, string>> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": await sign(secret, id, timestampSeconds, body),
  };
}
