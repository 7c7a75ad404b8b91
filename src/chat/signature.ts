/**
 * Request signatures of the two chat platforms, checked with Web Crypto before anything else is
 * read (docs/chat-apps.md):
 *
 * - Discord signs every interaction with the application's Ed25519 key: `X-Signature-Ed25519` is the
 *   hex signature of `X-Signature-Timestamp` (Unix seconds) followed by the raw body, checked with the
 *   application's public key (hex, from the Developer Portal).
 * - Slack signs with HMAC-SHA256 keyed with the app's signing secret: `X-Slack-Signature` is
 *   `v0=` and the hex digest of `v0:<X-Slack-Request-Timestamp>:<raw body>`.
 *
 * Both carry a timestamp; one more than FRESH_SECONDS away from our clock (either way) is refused,
 * so a captured request cannot be replayed later (replays inside the window are caught by the
 * interaction's id, src/db/chat.ts). Written over Web Crypto rather than `discord-interactions`:
 * the same few lines, no extra package in the Worker, and the same code checks both platforms' times.
 */

/** How far a signed timestamp may be from now: Slack's documented five minutes, used for both. */
export const FRESH_SECONDS = 5 * 60;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" | "stale" | "bad" | "unconfigured" };

const encoder = new TextEncoder();

/** Hex to bytes, or null (odd length, a character that is not hex). Small enough to keep here. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A timestamp header (whole Unix seconds) within FRESH_SECONDS of `nowMs`. */
function freshness(ts: string, nowMs: number): SignatureCheck | null {
  if (!/^\d{1,12}$/.test(ts)) return { ok: false, reason: "malformed" };
  if (Math.abs(nowMs / 1000 - Number(ts)) > FRESH_SECONDS) return { ok: false, reason: "stale" };
  return null;
}

const discordKeys = new Map<string, Promise<CryptoKey>>();

function discordKey(publicKeyHex: string): Promise<CryptoKey> | null {
  const raw = fromHex(publicKeyHex.trim());
  if (raw?.length !== 32) return null;
  let k = discordKeys.get(publicKeyHex);
  if (!k) {
    k = crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    discordKeys.set(publicKeyHex, k);
  }
  return k;
}

/** Discord: Ed25519 over `timestamp + body` with the application's public key (hex). */
export async function verifyDiscord(
  publicKeyHex: string | undefined,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  nowMs: number,
): Promise<SignatureCheck> {
  const key = publicKeyHex ? discordKey(publicKeyHex) : null;
  if (!key) return { ok: false, reason: "unconfigured" };
  if (!headers.signature || !headers.timestamp) return { ok: false, reason: "missing" };
  const sig = fromHex(headers.signature);
  if (sig?.length !== 64) return { ok: false, reason: "malformed" };
  const stale = freshness(headers.timestamp, nowMs);
  if (stale) return stale;
  const ok = await crypto.subtle.verify("Ed25519", await key, sig, encoder.encode(headers.timestamp + body));
  return ok ? { ok: true } : { ok: false, reason: "bad" };
}

const slackKeys = new Map<string, Promise<CryptoKey>>();

function slackKey(secret: string): Promise<CryptoKey> {
  let k = slackKeys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    slackKeys.set(secret, k);
  }
  return k;
}

/** Slack: `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<body>` with the signing secret. */
export async function verifySlack(
  signingSecret: string | undefined,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  nowMs: number,
): Promise<SignatureCheck> {
  if (!signingSecret) return { ok: false, reason: "unconfigured" };
  if (!headers.signature || !headers.timestamp) return { ok: false, reason: "missing" };
  const m = /^v0=([0-9a-f]{64})$/.exec(headers.signature);
  const mac = m ? fromHex(m[1]) : null;
  if (!mac) return { ok: false, reason: "malformed" };
  const stale = freshness(headers.timestamp, nowMs);
  if (stale) return stale;
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify(
    "HMAC",
    await slackKey(signingSecret),
    mac,
    encoder.encode(`v0:${headers.timestamp}:${body}`),
  );
  return ok ? { ok: true } : { ok: false, reason: "bad" };
}
