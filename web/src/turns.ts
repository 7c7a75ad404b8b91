/**
 * The games waiting for you, on every page: the tab's title starts with their count ("(2) Canopy")
 * and the favicon wears it, so a background tab says when a turn arrives.
 *
 * Kept live by a light poll of your active games (GET /api/players/:id/games?status=active): one
 * Worker request, answered with your key from your inbox and one call per game in play, no D1 read
 * (whose turn it is lives in the game), and no write anywhere (tests/api/turn-poll.test.ts). Every minute while the page is
 * seen, every five while hidden, at once when it is seen again or the network comes back, backing
 * off (doubling, up to 10 min) while it fails. Following every game's socket instead would keep one
 * connection per game open and wake each game for a ping every 25 s (game/live.ts): a poll is cheaper
 * for a player with several games and costs nothing between polls. The game page's own socket
 * reports its game (title.ts saw()), so a turn played there changes the count at once.
 * A chunk of its own, loaded after the page: showing a game does not wait for it.
 */
import { backoff } from "./backoff";
import type { GameSummary } from "./types";

/**
 * What the poll needs from the page, handed in by app.tsx (title.ts, api.ts): imported here, they
 * would be split into chunks of their own, which costs the game page more than they weigh.
 */
export interface TurnsPage {
  /** Your active games (GET /api/players/:id/games?status=active). */
  list(playerId: string): Promise<{ games: GameSummary[] }>;
  /** Turns the game page saw since the last poll: game id → whether it is yours. */
  seen: Map<string, boolean>;
  /** Call back when the game page sees a turn. */
  whenSeen(f: () => void): void;
  setTitleCount(n: number): void;
}

export const POLL_MS = { visible: 60_000, hidden: 300_000, max: 600_000 };

/** The wait before the next poll, after `failures` failed polls in a row. */
export function nextPollMs(visible: boolean, failures: number, every = POLL_MS): number {
  return backoff(failures, visible ? every.visible : every.hidden, every.max);
}

/** How many games wait for you: the polled list, corrected by what the game page saw since. */
export function waitingCount(games: readonly GameSummary[], sawNow: ReadonlyMap<string, boolean>): number {
  let n = 0;
  for (const g of games) if (sawNow.get(g.id) ?? g.yourTurn) n++;
  for (const [id, mine] of sawNow) if (mine && !games.some((g) => g.id === id)) n++;
  return n;
}

/** The favicon with the count on it (none: the plain one). */
export function faviconHref(n: number): string {
  if (!n) return "/favicon.svg";
  const label = n > 9 ? "9+" : String(n);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-12 -12 24 24"><polygon points="0,-11 9.5,-5.5 9.5,5.5 0,11 -9.5,5.5 -9.5,-5.5" fill="#4f8a3a"/><circle cx="0" cy="-1" r="5.5" fill="#ffc20a"/><circle cx="5" cy="-5" r="7" fill="#c62828"/><text x="5" y="-1.6" font-size="${label.length > 1 ? 8 : 10}" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let page: TurnsPage | null = null;
let games: GameSummary[] | null = null;
let failed = false;
const listeners = new Set<() => void>();
let shown = -1;

function changed(): void {
  if (!page) return;
  const n = waitingCount(games ?? [], page.seen);
  page.setTitleCount(n);
  if (n !== shown) {
    shown = n;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = faviconHref(n);
  }
  for (const fn of listeners) fn();
}
/** Your active games as last polled (the start page lists them; null: not yet), and a call on every change. */
export function activeGames(): { games: readonly GameSummary[] | null; failed: boolean } {
  return { games, failed };
}
export function onTurns(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let stop: (() => void) | null = null;
let watching: string | null | undefined;
let pollNow: (maxAgeMs: number) => void = () => {};

/** Ask again now, unless the last answer is younger than `maxAgeMs` (the start page opening). */
export function refreshTurns(maxAgeMs = 0): void {
  pollNow(maxAgeMs);
}

/** Follow the games of `playerId` (null: signed out, nothing waits). */
export function watchTurns(playerId: string | null, on: TurnsPage): void {
  stop?.();
  stop = null;
  page = on;
  on.whenSeen(changed);
  const seen = on.seen;
  // Another profile: what the game page saw was someone else's.
  if (watching !== undefined && watching !== playerId) seen.clear();
  watching = playerId;
  games = null;
  failed = false;
  changed();
  if (!playerId) return;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastAt = 0;
  let busy = false;
  let stopped = false;
  // Tests shorten the wait (never below a second).
  let every = 0;
  try {
    every = Number(localStorage.getItem("canopy.turnPollMs")) || 0;
  } catch {
    /* storage blocked */
  }
  const wait = every ? { visible: Math.max(1000, every), hidden: Math.max(1000, every), max: 600_000 } : POLL_MS;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(poll, nextPollMs(document.visibilityState === "visible", failures, wait));
  };
  const poll = async () => {
    if (stopped || busy) return;
    busy = true;
    clearTimeout(timer);
    lastAt = Date.now();
    const seenBefore = new Map(seen);
    try {
      const r = await on.list(playerId);
      if (stopped) return;
      failures = 0;
      failed = false;
      games = r.games;
      // What the game page saw before this poll began is in the answer now.
      for (const [id, mine] of seenBefore) if (seen.get(id) === mine) seen.delete(id);
      changed();
    } catch {
      if (stopped) return;
      failures++;
      failed = true;
      changed();
    } finally {
      busy = false;
      if (!stopped) schedule();
    }
  };
  const kick = () => {
    if (document.visibilityState === "visible" && Date.now() - lastAt > 5_000) void poll();
    else schedule();
  };
  document.addEventListener("visibilitychange", kick);
  addEventListener("online", kick);
  pollNow = (maxAgeMs) => {
    if (Date.now() - lastAt >= maxAgeMs) void poll();
  };
  void poll();
  stop = () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", kick);
    removeEventListener("online", kick);
    pollNow = () => {};
  };
}
