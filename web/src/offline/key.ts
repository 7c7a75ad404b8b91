/**
 * Where the service worker keeps a read for offline use (sw/index.ts, its views' cache): the read's
 * address with who asked — a hash of the Authorization header, never the token itself — so the view
 * a seat sees stays that seat's and another profile on this browser never gets it. The same key for
 * what a game page's socket told it in place of its reads (sw/logic.ts keptReads).
 */
export async function viewKey(url: string, authorization: string): Promise<string> {
  const u = new URL(url);
  u.searchParams.set("canopy-who", authorization ? (await sha256(authorization)).slice(0, 24) : "-");
  return u.href;
}

/** The SHA-256 of a text, in hex (a caller's key kept by the worker is its hash: never the token). */
export async function sha256(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}
