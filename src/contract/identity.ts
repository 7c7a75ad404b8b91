/**
 * Signing in on more than one device: the rules of pairing codes and WebAuthn challenges, shared by
 * the Worker (which enforces them) and the web client (which formats what the player types).
 * Pure: the clock is passed in. No zod here, so the client can import it without the schemas.
 */

/** How long an "Add a device" code is valid. */
export const PAIRING_TTL_MS = 10 * 60_000;
/** How long a passkey ceremony (registering or signing in) may take. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A device's "last seen" is written at most this often (each write is a D1 row). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Characters of a pairing code: Crockford base32 (no I, L, O, U), upper case. 8 of them: 40 bits. */
export const PAIRING_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const PAIRING_CODE_LENGTH = 8;

/** A code as shown: two groups of four, "ABCD-EFGH". */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What a player typed, as the canonical code (8 characters of the alphabet), or null when it
 * cannot be one. Case, spaces and dashes do not matter; O reads as 0, I and L as 1 (Crockford).
 */
export function normalizePairingCode(input: string): string | null {
  if (typeof input !== "string" || input.length > 64) return null;
  const s = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (s.length !== PAIRING_CODE_LENGTH) return null;
  for (const ch of s) if (!PAIRING_ALPHABET.includes(ch)) return null;
  return s;
}

/** Where a pairing code stands when someone tries to use it. */
export type PairingState = "open" | "unknown" | "expired" | "used";

export function pairingState(row: { expiresAt: number; usedAt: number | null } | null, now: number): PairingState {
  if (!row) return "unknown";
  if (row.usedAt !== null) return "used";
  if (now >= row.expiresAt) return "expired";
  return "open";
}

/** Where a WebAuthn challenge stands: it must be known, unused, unexpired and made for this ceremony. */
export type ChallengeState = "open" | "unknown" | "used" | "expired" | "wrong-purpose";

export function challengeState(
  row: { expiresAt: number; usedAt: number | null; purpose: "register" | "signin"; playerId: string | null } | null,
  purpose: "register" | "signin",
  playerId: string | null,
  now: number,
): ChallengeState {
  if (!row) return "unknown";
  if (row.purpose !== purpose || (purpose === "register" && row.playerId !== playerId)) return "wrong-purpose";
  if (row.usedAt !== null) return "used";
  if (now >= row.expiresAt) return "expired";
  return "open";
}

/** Whether a device seen at `lastSeenAt` should have its "last seen" written again now. */
export function shouldTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= LAST_SEEN_EVERY_MS;
}

/** A short name for the device a browser runs on ("Firefox on Android"), from its user agent. */
export function deviceNameFrom(userAgent: string): string {
  const ua = userAgent || "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Device";
}
