/**
 * Who calls, as the Worker verified it: a player id and the player's seat key (the SHA-256 of the
 * profile's first token, which every game they sit in keeps), and the device that called.
 */
export interface Caller {
  playerId: string;
  tokenHash: string;
  deviceId?: string;
  /** The hash of the device's own key (the game keeps it for the seat: see KeyClaim). */
  keyHash?: string;
}

/**
 * A key as sent, not yet verified: the player id it names and its SHA-256. A game that knows the
 * key (recorded for a seat when the player took it, or when D1 verified it on an earlier request,
 * and struck off when its device is revoked) acts on it without asking D1; any other key makes the
 * game answer KEY_UNVERIFIED, and the Worker verifies it in D1 and asks again with a Caller.
 */
export interface KeyClaim {
  playerId: string;
  keyHash: string;
}

/** Who the Worker says is calling: verified in D1 (Caller) or only claimed (KeyClaim). */
export type Who = Caller | KeyClaim;

export const isClaim = (who: Who): who is KeyClaim => !("tokenHash" in who);

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compare secrets in time independent of where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (typeof a !== "string" || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
