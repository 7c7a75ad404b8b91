/**
 * The games waiting for you, on the start page (which lists them) and wherever your inbox's socket
 * cannot be had (./inbox.ts counts them alone on the other pages, and hands the count over to this):
 * the tab's title starts with their count ("(2) Canopy") and the favicon wears it, so a background
 * tab says when a turn arrives.
 *
 * Kept live by your inbox's socket (/api/players/:id/turns/live, src/player/inbox.ts: one per
 * player, hibernating, its keep-alive answered by the platform without waking it), which says
 * each change of whose turn it is in your games as it happens; the list itself (players, round,
 * who waits) comes from your active games (GET /api/players/:id/games?status=active: one Worker
 * request, answered with your key from your inbox and one call per game in play, no D1 read, no
 * write; tests/api/turn-poll.test.ts), read only where a page shows it (the start page: when it
 * opens, when the socket names a game the list has not got or misses one, and every five minutes
 * while seen, for the round and who waits in a game of three or four, which the socket does not
 * tell); elsewhere the socket's greeting gives the count. Without the socket (it cannot open, or was
 * refused) the list is polled instead: every minute while the page is seen, every five while
 * hidden, at once when it is seen again or the network comes back, backing off (doubling, up to
 * 10 min) while it fails. The game page's own socket
 * reports its game (title.ts saw()), so a turn played there changes the count at once.
 * A chunk of its own, loaded after the page.
 */
import type { TurnView } from "../../src/contract/turns";
import { backoff } from "./backoff";
import { followInbox, handOver, linesCount, showCount, takeLines, waitingCount, type TurnsPage } from "./inbox";
import type { GameSummary } from "./types";

export type { TurnsPage };

/** The poll's waits; `live`: how often the list is read while your inbox's socket is open (a seen page). */
export const POLL_MS = { visible: 60_000, hidden: 300_000, max: 600_000, live: 300_000 };

/** The wait before the next poll, after `failures` failed polls in a row. */
export function nextPollMs(visible: boolean, failures: number, every = POLL_MS): number {
  return backoff(failures, visible ? every.visible : every.hidden, every.max);
}

// (the count is ./inbox.ts's, which counts alone on the other pages)
export { waitingCount };

/**
 * Your games in play after your inbox's lines (`all`: every game in play, as the socket greets):
 * whose turn and the deadline from the lines; `stale` when the list lacks a game a line names, or
 * has one no greeting names (then the list is read again). Who waits: you, the other of two seats,
 * or unknown where it was you.
 */
export function withLines(
  games: readonly GameSummary[],
  lines: readonly TurnView[],
  all: boolean,
): { games: GameSummary[]; stale: boolean; changed: boolean } {
  let stale = all && games.some((g) => !lines.some((l) => l.id === g.id));
  let changed = false;
  const next = games.map((g) => {
    const l = lines.find((x) => x.id === g.id);
    if (!l || (l.yourTurn === g.yourTurn && l.deadline === g.deadline)) return g;
    changed = true;
    // (two seats: the other one; more: not known until the list is read again)
    const toAct = l.yourTurn ? g.seat : g.seats === 2 ? 1 - g.seat : g.toAct === g.seat ? null : g.toAct;
    return { ...g, yourTurn: l.yourTurn, deadline: l.deadline, toAct };
  });
  if (lines.some((l) => !games.some((g) => g.id === l.id))) stale = true;
  return { games: next, stale, changed };
}

let page: TurnsPage | null = null;
let games: GameSummary[] | null = null;
/** Live: each of your games in play as your inbox's socket last said (your turn or not); null while it is not open. */
let lines: Map<string, boolean> | null = null;
/** Whether a page here shows the list itself (the start page): then it is read, not only counted. */
let listWanted = false;
let failed = false;
const listeners = new Set<() => void>();

function changed(): void {
  if (!page) return;
  const n = lines ? linesCount(lines, page.seen) : waitingCount(games ?? [], page.seen);
  showCount(page, n);
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
  listWanted = true;
  // Counted by ./inbox.ts so far (on a game page, before this one): from now on here, with the list.
  if (!page) {
    const w = handOver();
    if (w) watchTurns(w.playerId, w.page);
  }
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
  lines = null;
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
  const fast = Math.max(1000, every);
  const wait = every ? { visible: fast, hidden: fast, max: 600_000, live: fast } : POLL_MS;
  // Whether your inbox's socket is open and greeted: then the list is read only when it says so.
  let live = false;
  const schedule = () => {
    clearTimeout(timer);
    const visible = document.visibilityState === "visible";
    // Live, a seen page reads the list now and then (the round, who waits in a game of three or
    // four, which the socket does not tell); a hidden one when it is seen again.
    if (!live) timer = setTimeout(poll, nextPollMs(visible, failures, wait));
    else if (visible && listWanted) timer = setTimeout(poll, wait.live);
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
    const due = !live ? 5_000 : listWanted ? wait.live : Number.POSITIVE_INFINITY;
    if (document.visibilityState === "visible" && Date.now() - lastAt > due) void poll();
    else schedule();
  };
  document.addEventListener("visibilitychange", kick);
  addEventListener("online", kick);
  pollNow = (maxAgeMs) => {
    if (Date.now() - lastAt >= maxAgeMs) void poll();
  };
  // With the socket, the count comes from its greeting: the list is read only for a page that shows
  // it (or, should the socket not open in time, by the poll's timer).
  const socket = !!on.token && typeof WebSocket !== "undefined";
  if (!socket || listWanted) void poll();
  else schedule();
  const unfollow = socket
    ? followInbox(playerId, on.token!, {
        up: (open) => {
          live = open;
          if (!open) {
            lines = null;
            changed();
            if (!games) return void poll();
          }
          schedule();
        },
        lines: (told, all) => {
          lines = takeLines(lines, told, all, seen);
          if (games) {
            const r = withLines(games, told, all);
            games = r.games;
            if (r.stale) void poll();
          }
          changed();
        },
        gone: (id) => {
          lines?.delete(id);
          if (games) games = games.filter((g) => g.id !== id);
          changed();
        },
      })
    : () => {};
  stop = () => {
    stopped = true;
    unfollow();
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", kick);
    removeEventListener("online", kick);
    pollNow = () => {};
  };
}
