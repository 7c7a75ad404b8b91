/**
 * Webhook URLs and signing secrets are stored encrypted (AES-256-GCM, WebCrypto) with a key from
 * the environment (`WEBHOOK_KEY`, a secret: `wrangler secret put WEBHOOK_KEY`, locally in
 * `.dev.vars`). Each ciphertext is bound to its webhook's id (additional data), so a stored value
 * cannot be moved to another row.
 */
import { decodeBase64Url, encodeBase64Url } from "hono/utils/encode";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** base64url without its padding, as the stored values have it (hono's encoder keeps the padding). */
const b64url = (buf: ArrayBuffer) => encodeBase64Url(buf).replace(/=+$/, "");

export class MissingKeyError extends Error {
  constructor() {
    super("WEBHOOK_KEY is not set: webhooks cannot be stored or sent.");
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES key derived from the configured secret (at least 32 characters). */
export function webhookKey(secret: string | undefined): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new MissingKeyError();
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(`canopy-webhooks-v1:${secret}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

export async function encrypt(key: CryptoKey, plaintext: string, boundTo: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
    key,
    encoder.encode(plaintext),
  );
  return `v1.${b64url(iv.buffer)}.${b64url(ct)}`;
}

export async function decrypt(key: CryptoKey, stored: string, boundTo: string): Promise<string> {
  const [version, iv, ct] = stored.split(".");
  if (version !== "v1" || !iv || !ct) throw new Error("unknown ciphertext format");
  const pt = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: decodeBase64Url(iv), additionalData: encoder.encode(boundTo) },
    key,
    decodeBase64Url(ct),
  );
  return decoder.decode(pt);
}
