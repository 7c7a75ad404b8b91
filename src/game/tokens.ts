/**
 * Who calls, as the Worker verified it: a player id and the player's seat key (the SHA-256 of the
 * profile's first token, which every game they sit in keeps), and the device that called.
 */
export interface Caller {
  playerId: string;
  tokenHash: string;
  deviceId?: string;
}

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
