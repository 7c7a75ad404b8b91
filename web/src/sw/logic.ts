/**
 * What the service worker (sw/index.ts) decides, as pure functions the tests call directly: which
 * requests it answers and how, which open tab a notification's tap goes to, and what a kept turn's
 * answer means. No browser API here.
 */
import { backoff } from "../backoff";

/** How the worker answers a request of this site (null: it does not, the browser fetches as usual). */
export type Route =
  | "page" // a navigation: the network, else the page as last seen (else the start page's shell)
  | "chunk" // a hashed chunk: never changes, from the cache once there
  | "static" // app.js, app.css, styles, icons, manifest: the network, else the copy last seen
  | "view" // a game, its log, your games, your profile: the network, else the last view (read-only)
  | "turn"; // a turn sent: the network, else kept and sent when the connection returns

/** The API reads kept for offline use: what the game page and the start page show. */
const VIEWS = [
  /^\/api\/games\/[0-9a-z]{12}$/,
  /^\/api\/games\/[0-9a-z]{12}\/log$/,
  /^\/api\/players\/[0-9a-z]{12}\/games$/,
  /^\/api\/me$/,
];
const TURN = /^\/api\/games\/([0-9a-z]{12})\/actions$/;
const STATIC =
  /^\/(?:app\.js|app\.css|styles\/[\w-]+\.css|favicon\.svg|icon-\d+\.png|apple-touch-icon\.png|manifest\.webmanifest)$/;

export function routeOf(method: string, mode: string, url: URL, origin: string): Route | null {
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (method === "POST") return TURN.test(path) ? "turn" : null;
  if (method !== "GET") return null;
  if (mode === "navigate") return path.startsWith("/api/") || path.startsWith("/embed/") ? null : "page";
  if (path.startsWith("/chunks/")) return "chunk";
  if (STATIC.test(path)) return "static";
  if (VIEWS.some((r) => r.test(path))) return "view";
  return null;
}

/**
 * The reads a game page's socket greeting stands in for (game/live.ts, a "keep" message): GET
 * /api/games/:id and GET …/log?after=0 at the addresses the page would ask them (web/src/api), each
 * with the answer to keep for it: the greeting's view, and its log (the body GET …/log answers).
 */
export function keptReads(origin: string, id: string, game: unknown, log: { after?: number }): [string, unknown][] {
  const { after: _, ...page } = log;
  const path = `${origin}/api/games/${encodeURIComponent(id)}`;
  return [
    [path, game],
    [`${path}/log?after=0`, page],
  ];
}

/** The game a turn is sent to (its path), or null. */
export function turnGame(path: string): string | null {
  return TURN.exec(path)?.[1] ?? null;
}

/** The game page a path is, or null: `/g/<id>` with or without a trailing slash. */
export function gameOfPath(path: string): string | null {
  return /^\/g\/([A-Za-z0-9_-]+)\/?$/.exec(path)?.[1] ?? null;
}

/**
 * Where a notification's tap goes among the open tabs of this site: the tab already showing that
 * page, whatever moment of the game it is at (`?ply=`), focused — and sent to the notification's
 * own address when it is elsewhere in the game; otherwise a new window (`tab: -1`).
 */
export function tabFor(open: readonly string[], target: string): { tab: number; navigate: boolean } {
  const want = new URL(target);
  const game = gameOfPath(want.pathname);
  const same = (u: URL) =>
    u.origin === want.origin && (game !== null ? gameOfPath(u.pathname) === game : u.pathname === want.pathname);
  // The tab already at the very address first, then any tab of that game.
  const exact = open.indexOf(want.href);
  if (exact >= 0) return { tab: exact, navigate: false };
  const tab = open.findIndex((u) => same(new URL(u)));
  return tab >= 0 ? { tab, navigate: true } : { tab: -1, navigate: false };
}

/** What became of a kept turn once sent: played (or played before, same key), refused, or to send again later. */
export type Sent = "played" | "stale" | "refused" | "later";

/**
 * How long to wait before sending the kept turns again, after `failures` tries in a row that could
 * not reach the game (no network, or a 429/5xx): 1, 2, 4, 8, 16, 16 s, then null (give up until the
 * next chance: the page's `online`, Background Sync, the next request that reaches the network).
 * The page's `online` event can come before the worker's own connection works (and a connection's
 * first moments often fail): one try then would leave the turn kept until the next request.
 * About a minute in all, well within the time a browser grants an event's `waitUntil`.
 */
export function resendWaitMs(failures: number): number | null {
  return failures < 6 ? backoff(failures, 1000, 16_000) : null;
}

export function sentOutcome(status: number): Sent {
  if (status >= 200 && status < 300) return "played";
  if (status === 409) return "stale";
  // Rate limited or the server's own trouble: kept, sent again when the next chance comes.
  if (status === 429 || status >= 500) return "later";
  return "refused";
}
