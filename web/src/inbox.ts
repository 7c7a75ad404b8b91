/**
 * The count of games waiting for you on a page that lists none of them — a game page, the open
 * tables, a player's page: the tab's title starts with it ("(2) Canopy"), the favicon and the
 * installed app's badge wear it (title.ts), so a background tab says when a turn arrives. Your
 * inbox's socket alone tells it (/api/players/:id/turns/live, src/player/inbox.ts: its greeting names
 * each of your games in play and whether it is your turn, then each change as it happens), and
 * the game page's own socket reports its game (title.ts `saw`), so a turn played there counts at once.
 *
 * The start page, which lists your games, and the poll that stands in when the socket cannot be
 * had (no key, no WebSocket, refused, or closed: it reconnects there with a backoff) are ./turns.ts:
 * this hands the count over to it then, or when a page asks for the list (`handOver`), and does no
 * more. Apart from it because a game page needs only this: 1.0 KB gz instead of 1.9 (docs/web.md
 * "Weights"). A chunk of its own, loaded after the page: showing a game does not wait for it.
 */
import { PING } from "../../src/contract/live";
import { INBOX_CLOSE, type InboxMessage, type TurnView } from "../../src/contract/turns";
import { backoff } from "./backoff";
import type { GameSummary } from "./types";

/**
 * What counting needs from the page, handed in by app.tsx (title.ts, api.ts): imported here, they
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
  /** Your key, for your inbox's socket (none: the list is polled). */
  token?: string | null;
}

/** The favicon with the count on it (none: the plain one). */
export function faviconHref(n: number): string {
  if (!n) return "/favicon.svg";
  const label = n > 9 ? "9+" : String(n);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-12 -12 24 24"><polygon points="0,-11 9.5,-5.5 9.5,5.5 0,11 -9.5,5.5 -9.5,-5.5" fill="#4f8a3a"/><circle cx="0" cy="-1" r="5.5" fill="#ffc20a"/><circle cx="5" cy="-5" r="7" fill="#c62828"/><text x="5" y="-1.6" font-size="${label.length > 1 ? 8 : 10}" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let shown = -1;

/** Show `n` in the title, on the app's badge and on the favicon. */
export function showCount(page: TurnsPage, n: number): void {
  page.setTitleCount(n);
  if (n === shown) return;
  shown = n;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = faviconHref(n);
}

/** How many games wait for you: the polled list, corrected by what the game page saw since. */
export function waitingCount(
  games: readonly Pick<GameSummary, "id" | "yourTurn">[],
  sawNow: ReadonlyMap<string, boolean>,
): number {
  let n = 0;
  for (const g of games) if (sawNow.get(g.id) ?? g.yourTurn) n++;
  for (const [id, mine] of sawNow) if (mine && !games.some((g) => g.id === id)) n++;
  return n;
}

/** How many games wait for you by your inbox's lines (game id → your turn), corrected by what the game page saw since. */
export function linesCount(lines: ReadonlyMap<string, boolean>, sawNow: ReadonlyMap<string, boolean>): number {
  return waitingCount(
    [...lines].map(([id, yourTurn]) => ({ id, yourTurn })),
    sawNow,
  );
}

/**
 * Your inbox's lines after it told `told` (`all`: its greeting, every game in play): what the game
 * page saw of those games is older than what the inbox says now, and is forgotten.
 */
export function takeLines(
  lines: Map<string, boolean> | null,
  told: readonly TurnView[],
  all: boolean,
  seen: Map<string, boolean>,
): Map<string, boolean> {
  const out = all || !lines ? new Map<string, boolean>() : lines;
  for (const l of told) {
    out.set(l.id, l.yourTurn);
    seen.delete(l.id);
  }
  return out;
}

/**
 * Follow your inbox's socket: `lines` for its greeting (all) and each change, `gone` for a game no
 * longer in play, `up` when it is greeted (true) or closed (false). Reconnects with a backoff,
 * not after a refusal (4401, 4403). Returns how to stop.
 */
export function followInbox(
  playerId: string,
  token: string,
  h: { lines(l: TurnView[], all: boolean): void; gone(id: string): void; up(open: boolean): void },
): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  const connect = () => {
    const s = new WebSocket(
      `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/players/${encodeURIComponent(playerId)}/turns/live`,
    );
    ws = s;
    s.onopen = () => {
      s.send(JSON.stringify({ type: "auth", token }));
      // The platform answers it without waking the inbox; it keeps idle connections open.
      ping = setInterval(() => s.send(PING), 25_000);
    };
    s.onmessage = (e) => {
      let m: InboxMessage;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.type === "turns") {
        attempt = 0;
        h.up(true);
        h.lines(m.games, true);
      } else if (m.type === "turn") h.lines([m.game], false);
      else if (m.type === "gone") h.gone(m.id);
    };
    s.onclose = (e) => {
      clearInterval(ping);
      if (ws !== s) return;
      ws = null;
      h.up(false);
      if (!stopped && e.code !== INBOX_CLOSE.unauthorized && e.code !== INBOX_CLOSE.forbidden)
        retry = setTimeout(connect, backoff(attempt++, 1000, 300_000, true));
    };
    s.onerror = () => s.close();
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    const s = ws;
    ws = null;
    s?.close(1000);
  };
}

/** ./turns.ts's count (its chunk: app.tsx hands in the import, so that this module does not name it). */
export type WithList = () => Promise<{ watchTurns(playerId: string | null, page: TurnsPage): void }>;

/** What app.tsx asked to count last (./turns.ts takes it over). */
let watched: { playerId: string | null; page: TurnsPage } | null = null;
let stopSocket: (() => void) | null = null;
/** ./turns.ts counts from now on (for the rest of this page's life). */
let handed = false;

/**
 * Count the games waiting for `playerId` (null: signed out, nothing waits): by your inbox's socket
 * alone, or with ./turns.ts (`list`: a page that lists them; or no socket to be had) loaded by `turns`.
 */
export function watchTurns(playerId: string | null, page: TurnsPage, list: boolean, turns: WithList): void {
  // Another profile: what the game page saw was someone else's.
  if (watched && watched.playerId !== playerId) page.seen.clear();
  watched = { playerId, page };
  stopSocket?.();
  stopSocket = null;
  if (handed || list || !playerId || !page.token || typeof WebSocket === "undefined") {
    void turns().then((m) => {
      const w = handOver();
      if (w) m.watchTurns(w.playerId, w.page);
    });
    return;
  }
  let lines: Map<string, boolean> | null = null;
  const changed = () => showCount(page, linesCount(lines ?? new Map(), page.seen));
  page.whenSeen(changed);
  changed();
  stopSocket = followInbox(playerId, page.token, {
    up: (open) => {
      // Closed (or refused): ./turns.ts reconnects, and polls meanwhile.
      if (!open) watchTurns(playerId, page, true, turns);
    },
    lines: (told, all) => {
      lines = takeLines(lines, told, all, page.seen);
      changed();
    },
    gone: (id) => {
      lines?.delete(id);
      changed();
    },
  });
}

/** ./turns.ts counts from now on: this stops, and says what it counted for (null: nothing asked yet). */
export function handOver(): { playerId: string | null; page: TurnsPage } | null {
  handed = true;
  stopSocket?.();
  stopSocket = null;
  return watched;
}
