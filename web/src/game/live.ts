/**
 * The live channel: a WebSocket on /api/games/:id/live that delivers the game view on connect and
 * after every change. It reconnects with exponential backoff (with jitter), at once when the page
 * becomes visible again or the network comes back, and sends a ping every 25 s: a socket that
 * stays silent for 60 s is presumed dead (a laptop that slept for days) and replaced.
 *
 * A turn goes on the socket when it is open (sendTurn): a socket message costs the service a
 * twentieth of a request, an HTTP request a whole one plus the Worker. Its key is the turn's
 * Idempotency-Key, so when the socket gives no answer (closed, 10 s of silence) or refuses the
 * turn, the same request goes over HTTP with the same key: a turn the game already played is
 * answered again, never played twice, and a refusal comes back as the HTTP error the page handles.
 */
import type { Action, GameEvent } from "../../../src/engine";
import { PING, UNCHECKED_CLOSE, type LiveLog } from "../../../src/contract/live";
import type { TalkList, TalkSocketMessage } from "../../../src/contract/talk";
import { api } from "../api";
import { backoff } from "../backoff";
import type { GameView } from "../types";

type Submitted = Awaited<ReturnType<typeof api.submit>>;
type Answer = { type: string } & Submitted;
type Send = (version: number, actions: Action[], key: string) => Promise<Answer | undefined> | null;

/** The game followed on this page and how to send a turn on its live socket (null: not open). */
let channel: [string, Send] | undefined;

/** Send a turn: on the game's live socket when it is open, else (or if that fails) over HTTP. */
export async function sendTurn(gameId: string, version: number, actions: Action[], key: string): Promise<Submitted> {
  const a = channel?.[0] === gameId ? await channel[1](version, actions, key) : undefined;
  // A refusal has no game: HTTP answers it with its status (the game remembered it under the key).
  return a?.game ? a : api.submit(gameId, version, actions, key);
}

export type LiveStatus = "connecting" | "open" | "closed";

/**
 * Table talk's messages, for its own chunk (web/src/talk/panel.tsx), which listens on the window:
 * each message and deletion as the socket sends it, and `talk.open` with the list as it stands
 * (see `talkReads`), or without one: then the panel reads it over HTTP.
 */
const talk = (detail: unknown) => window.dispatchEvent(new CustomEvent("canopy-talk", { detail }));

export interface LiveHandlers {
  /**
   * A view of the game, with the change's events; on a socket that carries the log (`logAfter`),
   * its `log` (contract LiveLog: null, not in this message; undefined, this socket carries none).
   */
  onGame(game: GameView, events: GameEvent[], log?: LiveLog | null): void;
  onStatus(status: LiveStatus): void;
  /** The server said this device was signed out of its profile (DEVICE_REVOKED). */
  onRevoked?(): void;
  /** The socket said `error` (its `code`: a key refused, bad input; DEVICE_REVOKED goes to onRevoked): a seat's greeting may not come. */
  onError?(code?: string): void;
  /**
   * Whether table talk holds anything for this seat: told by the socket's greeting (its list: a
   * message, or a seat the reader muted) and true again on each message that comes. The page loads
   * the talk panel when it does, and offers a button that loads it when it does not.
   */
  onTalk?(some: boolean): void;
  /**
   * The index of the last log entry the page has: the socket is opened with `?after=` it (and
   * `&auth=1` when it signs in), so its greeting carries the log after it and each change its entries.
   */
  logAfter?(): number;
}

/** A message of the socket: a game view, a turn's answer, an error, table talk. */
type Message = {
  type?: string;
  key?: string;
  game?: GameView;
  events?: GameEvent[];
  log?: LiveLog | null;
  error?: { code?: string };
} & Partial<Answer>;

/**
 * The turn sent on the socket, waiting for its answer (none within 10 s, or the socket closed:
 * undefined, and the turn goes over HTTP). The page sends one turn at a time (the controller waits
 * for its answer before it sends another). Written small: the page's size budget.
 */
function turns(socket: () => WebSocket | null) {
  let waiting: ((a?: Answer) => void) | undefined;
  let waitingKey = "";
  const fail = () => waiting?.();
  const send: Send = (version, actions, key) => {
    const ws = socket();
    return ws?.readyState === 1
      ? new Promise((resolve) => {
          const timer = setTimeout(fail, 1e4);
          waiting = (a) => {
            clearTimeout(timer);
            waiting = undefined;
            resolve(a);
          };
          waitingKey = key;
          ws.send(JSON.stringify({ type: "submit", key, version, actions }));
        })
      : null;
  };
  /** Whether `msg` has the key of the turn sent last (then it is its answer). */
  const answered = (msg: Message) => {
    if (msg.key !== waitingKey) return false;
    waiting?.(msg as Answer);
    return true;
  };
  return { send, fail, answered };
}

/**
 * Table talk's list for its panel. The socket greets a seated player with it (`talk.list`) each
 * time it opens, then sends each change; the panel says hello when it first shows and is handed
 * the list as it stands — at once if the socket has greeted it, else when it does (again on every
 * reopening: nothing missed while closed stays missing) — or, with no socket, or one that closes
 * or errs before greeting, none: then the panel reads it over HTTP.
 */
function talkReads(socket: () => WebSocket | null, h: LiveHandlers) {
  let list: TalkList | null = null;
  let shown = false;
  let waiting = false;
  const give = () => {
    waiting = false;
    talk({ type: "talk.open", list });
  };
  return {
    hello: () => {
      shown = true;
      if (list || !socket()) give();
      else waiting = true;
    },
    message: (m: TalkSocketMessage) => {
      if (m.type === "talk.list") {
        list = m;
        h.onTalk?.(m.messages.length > 0 || m.muted.length > 0);
        if (shown) give();
        return;
      }
      if (list) {
        const rest = list.messages.filter((x) => x.n !== (m.type === "talk" ? m.message.n : m.n));
        list =
          m.type === "talk"
            ? { ...list, messages: [...rest, m.message], last: Math.max(list.last, m.message.n) }
            : { ...list, messages: rest };
      }
      talk(m);
      if (m.type === "talk") h.onTalk?.(true);
    },
    closed: () => {
      list = null;
      if (waiting) give();
    },
  };
}

/** Hand a message of the socket on: a view to the page, a turn's answer to its sender, talk to its panel. */
function dispatch(
  data: unknown,
  h: LiveHandlers,
  answered: (msg: Message) => boolean,
  reads: ReturnType<typeof talkReads>,
): void {
  let msg: Message;
  try {
    msg = JSON.parse(String(data));
  } catch {
    return;
  }
  if (msg.type === "game" && msg.game) h.onGame(msg.game, msg.events ?? [], msg.log);
  else if (answered(msg)) return;
  else if (msg.type === "error" || msg.error?.code === "DEVICE_REVOKED") {
    reads.closed();
    if (msg.error?.code === "DEVICE_REVOKED") h.onRevoked?.();
    else h.onError?.(msg.error?.code);
  } else if (msg.type?.startsWith("talk")) reads.message(msg as TalkSocketMessage);
}

/** Call `kick` when the page becomes visible again, the network comes back or the window is focused; returns how to stop. */
function onWake(kick: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === "visible") kick();
  };
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", kick);
  window.addEventListener("focus", kick);
  return () => {
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", kick);
    window.removeEventListener("focus", kick);
  };
}

/** A page's live connection as it stands (one per followed game). */
interface Conn {
  ws: WebSocket | null;
  /** Failed attempts since the last opening (the backoff's). */
  attempt: number;
  /** Sockets in a row the server closed as failing (1011), each after it had opened. */
  failing: number;
  stopped: boolean;
  /** When the socket last said anything. */
  lastMessage: number;
}

/**
 * Keeping the socket alive: a ping every 25 s, and a socket silent for 60 s replaced; `kick` (back
 * from sleep or offline) connects at once when closed, and when open asks for the current view,
 * replacing the socket if it does not answer within 8 s. Returns kick and how to stop.
 */
function keepAlive(c: Conn, connect: () => void, h: LiveHandlers) {
  /** Replace a socket that is presumed dead. */
  const replace = () => {
    const dead = c.ws;
    c.ws = null;
    if (dead) {
      dead.onclose = null;
      dead.close();
    }
    h.onStatus("closed");
    c.attempt = 0;
    connect();
  };

  let probe: ReturnType<typeof setTimeout> | undefined;
  const kick = () => {
    if (c.stopped) return;
    const ws = c.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
      c.attempt = 0;
      connect();
    } else if (ws.readyState === WebSocket.OPEN) {
      // Back from sleep or offline: ask for the current view (changes may have been missed), and if
      // the socket does not answer within 8 s it is a dead, half-open one: replace it.
      const sentAt = Date.now();
      try {
        ws.send(JSON.stringify({ type: "sync", after: h.logAfter?.() }));
      } catch {
        replace();
        return;
      }
      clearTimeout(probe);
      probe = setTimeout(() => {
        if (!c.stopped && c.lastMessage < sentAt) replace();
      }, 8_000);
    }
  };

  const heartbeat = setInterval(() => {
    const ws = c.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - c.lastMessage > 60_000) {
      replace();
      return;
    }
    ws.send(PING);
  }, 25_000);

  return {
    kick,
    stop: () => {
      clearTimeout(probe);
      clearInterval(heartbeat);
    },
  };
}

/** Follow `gameId` live (signed in with `token`, if any) until the returned function is called. */
export function follow(gameId: string, token: string | null, h: LiveHandlers): () => void {
  const c: Conn = { ws: null, attempt: 0, failing: 0, stopped: false, lastMessage: Date.now() };
  let retry: ReturnType<typeof setTimeout> | undefined;
  const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/games/${encodeURIComponent(gameId)}/live`;
  // The log after the page's last entry, asked anew at every opening (a reconnect's greeting: what it missed).
  const url = () => (h.logAfter ? `${base}?after=${h.logAfter()}${token ? "&auth=1" : ""}` : base);
  const socket = () => c.ws;
  const turn = turns(socket);
  channel = [gameId, turn.send];
  const reads = talkReads(socket, h);
  const handlers: LiveHandlers = {
    ...h,
    onGame: (game, events, log) => {
      // What the greeting told the page in place of its reads (GET /api/games/:id and its log?after=0),
      // handed to the service worker to keep as their answers (sw/index.ts): opened offline, the game
      // shows the seat's view and its history as last seen, as when the page read them.
      if (log?.after === 0)
        navigator.serviceWorker?.controller?.postMessage({ type: "keep", id: gameId, token, game, log });
      h.onGame(game, events, log);
    },
  };
  window.addEventListener("canopy-talk-hello", reads.hello);

  const connect = () => {
    if (c.stopped) return;
    clearTimeout(retry);
    h.onStatus("connecting");
    let sock: WebSocket;
    try {
      sock = new WebSocket(url());
    } catch {
      schedule();
      return;
    }
    c.ws = sock;
    sock.onopen = () => {
      c.attempt = 0;
      c.lastMessage = Date.now();
      if (token) sock.send(JSON.stringify({ type: "auth", token }));
      h.onStatus("open");
    };
    sock.onmessage = (m) => {
      c.lastMessage = Date.now();
      dispatch(m.data, handlers, turn.answered, reads);
    };
    sock.onclose = (e) => {
      if (c.ws !== sock) return;
      c.ws = null;
      turn.fail();
      h.onStatus("closed");
      reads.closed();
      // 1011 (RFC 6455: the server failed, as when it could not check the page's key): the socket
      // had opened, which reset the count, so the next try waits longer each time instead of
      // coming back every half second for as long as the server fails.
      if (e?.code === UNCHECKED_CLOSE) c.attempt = Math.max(c.attempt, ++c.failing);
      else c.failing = 0;
      schedule();
    };
    // close() with no code never throws (WHATWG WebSocket).
    sock.onerror = () => sock.close();
  };

  const schedule = () => {
    if (c.stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, backoff(c.attempt++, 500, 30_000, true));
  };

  const alive = keepAlive(c, connect, h);
  const stopWaking = onWake(alive.kick);
  connect();

  return () => {
    c.stopped = true;
    // `channel` may stay: with no socket (ws is null below), it sends nothing.
    turn.fail();
    clearTimeout(retry);
    alive.stop();
    stopWaking();
    window.removeEventListener("canopy-talk-hello", reads.hello);
    const s = c.ws;
    if (s) {
      c.ws = null;
      s.onclose = null;
      s.close();
    }
  };
}
