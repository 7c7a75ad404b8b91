/**
 * Bearer tokens. A token is `cnp_<playerId>_<secret>`, one per device; only its SHA-256 is stored
 * (D1's devices). The games know a seat by the player's seat key, the hash of the profile's first
 * token, and the device keys D1 verified for it (see askGame in context.ts: a key a game does not
 * know is checked in D1, and a revoked device's key is struck off the games, so it is refused).
 */
import type { Context } from "hono";
import { type Caller, hashToken } from "../game/tokens";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

export function randomId(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export function newToken(playerId: string): string {
  return `cnp_${playerId}_${randomId(32)}`;
}

export { hashToken } from "../game/tokens";
export type { Caller } from "../game/tokens";

const TOKEN_RE = /^cnp_([0-9a-z]{12})_([0-9a-z]{32})$/;

const claims = new WeakMap<Request, Promise<Caller | null | "invalid">>();

/**
 * `null` when there is no Authorization header; `"invalid"` when it is not a well-formed token.
 * Not verified: the player id the key names and the key's hash (memoised per request).
 */
export function callerOf(c: Context): Promise<Caller | null | "invalid"> {
  let p = claims.get(c.req.raw);
  if (!p) {
    p = claimOf(c);
    claims.set(c.req.raw, p);
  }
  return p;
}

async function claimOf(c: Context): Promise<Caller | null | "invalid"> {
  const header = c.req.header("authorization");
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = m?.[1];
  const t = token ? TOKEN_RE.exec(token) : null;
  if (!token || !t) return "invalid";
  return { playerId: t[1], tokenHash: await hashToken(token) };
}
