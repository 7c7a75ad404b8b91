/**
 * Webhook URLs and signing secrets are stored encrypted (AES-256-GCM, WebCrypto) with a key from
 * the environment (`WEBHOOK_KEY`, a secret: `wrangler secret put WEBHOOK_KEY`, locally in
 * `.dev.vars`). Each ciphertext is bound to its webhook's id (additional data), so a stored value
 * cannot be moved to another row.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

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
  return `v1.${b64url(iv)}.${b64url(new Uint8Array(ct))}`;
}

export async function decrypt(key: CryptoKey, stored: string, boundTo: string): Promise<string> {
  const [version, iv, ct] = stored.split(".");
  if (version !== "v1" || !iv || !ct) throw new Error("unknown ciphertext format");
  const pt = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64url(iv), additionalData: encoder.encode(boundTo) },
    key,
    unb64url(ct),
  );
  return decoder.decode(pt);
}
