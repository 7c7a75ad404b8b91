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
 * Table talk's messages, for its own chunk (web/src/talk/panel.tsx), which listens on the window.
 * `talk.open` tells it to read the messages: when the socket opens (what came before is not on the
 * socket) and when the panel says hello (`canopy-talk-hello`, as it first shows) unless a socket is
 * connecting, whose opening will say it: one read a visit, not two.
 */
const talk = (detail: unknown) => window.dispatchEvent(new CustomEvent("canopy-talk", { detail }));

export interface LiveHandlers {
  onGame(game: GameView, events: GameEvent[]): void;
  onStatus(status: LiveStatus): void;
  /** The server said this device was signed out of its profile (DEVICE_REVOKED). */
  onRevoked?(): void;
}

export function follow(gameId: string, token: string | null, h: LiveHandlers): () => void {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let lastMessage = Date.now();
  const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/games/${encodeURIComponent(gameId)}/live`;
  /**
   * The turn sent on the socket, waiting for its answer (none within 10 s, or the socket closed:
   * undefined, and the turn goes over HTTP). The page sends one turn at a time (the controller waits
   * for its answer before it sends another). Written small:
   * the page's size budget.
   */
  let waiting: ((a?: Answer) => void) | undefined;
  let waitingKey = "";
  const failWaiting = () => waiting?.();
  const send: Send = (version, actions, key) =>
    ws?.readyState === 1
      ? new Promise((resolve) => {
          const timer = setTimeout(failWaiting, 1e4);
          waiting = (a) => {
            clearTimeout(timer);
            waiting = undefined;
            resolve(a);
          };
          waitingKey = key;
          ws?.send(JSON.stringify({ type: "submit", key, version, actions }));
        })
      : null;
  channel = [gameId, send];
  /** The talk panel said hello while the socket was connecting: if that attempt fails, read now. */
  let talkAsked = false;
  const talkHello = () => {
    if (ws?.readyState === 0) talkAsked = true;
    else talk({ type: "talk.open" });
  };
  window.addEventListener("canopy-talk-hello", talkHello);

  const connect = () => {
    if (stopped) return;
    clearTimeout(retry);
    h.onStatus("connecting");
    let sock: WebSocket;
    try {
      sock = new WebSocket(url);
    } catch {
      schedule();
      return;
    }
    ws = sock;
    sock.onopen = () => {
      attempt = 0;
      lastMessage = Date.now();
      if (token) sock.send(JSON.stringify({ type: "auth", token }));
      h.onStatus("open");
      talkAsked = false;
      talk({ type: "talk.open" });
    };
    sock.onmessage = (m) => {
      lastMessage = Date.now();
      let msg: {
        type?: string;
        key?: string;
        game?: GameView;
        events?: GameEvent[];
        error?: { code?: string };
      } & Partial<Answer>;
      try {
        msg = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (msg.type === "game" && msg.game) h.onGame(msg.game, msg.events ?? []);
      else if (msg.key === waitingKey) waiting?.(msg as Answer);
      else if (msg.error?.code === "DEVICE_REVOKED") h.onRevoked?.();
      else if (msg.type?.startsWith("talk")) talk(msg);
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      failWaiting();
      h.onStatus("closed");
      if (talkAsked) {
        talkAsked = false;
        talk({ type: "talk.open" });
      }
      schedule();
    };
    // close() with no code never throws (WHATWG WebSocket).
    sock.onerror = () => sock.close();
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, backoff(attempt++, 500, 30_000, true));
  };

  /** Replace a socket that is presumed dead. */
  const replace = () => {
    const dead = ws;
    ws = null;
    if (dead) {
      dead.onclose = null;
      dead.close();
    }
    h.onStatus("closed");
    attempt = 0;
    connect();
  };

  let probe: ReturnType<typeof setTimeout> | undefined;
  const kick = () => {
    if (stopped) return;
    if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
      attempt = 0;
      connect();
    } else if (ws.readyState === WebSocket.OPEN) {
      // Back from sleep or offline: ask for the current view (changes may have been missed), and if
      // the socket does not answer within 8 s it is a dead, half-open one: replace it.
      const sentAt = Date.now();
      try {
        ws.send(JSON.stringify({ type: "sync" }));
      } catch {
        replace();
        return;
      }
      clearTimeout(probe);
      probe = setTimeout(() => {
        if (!stopped && lastMessage < sentAt) replace();
      }, 8_000);
    }
  };

  const heartbeat = setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastMessage > 60_000) {
      replace();
      return;
    }
    ws.send(JSON.stringify({ type: "ping" }));
  }, 25_000);

  const onVisible = () => {
    if (document.visibilityState === "visible") kick();
  };
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", kick);
  window.addEventListener("focus", kick);
  connect();

  return () => {
    stopped = true;
    // `channel` may stay: with no socket (ws is null below), it sends nothing.
    failWaiting();
    clearTimeout(retry);
    clearTimeout(probe);
    clearInterval(heartbeat);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", kick);
    window.removeEventListener("focus", kick);
    window.removeEventListener("canopy-talk-hello", talkHello);
    if (ws) {
      const s = ws;
      ws = null;
      s.onclose = null;
      s.close();
    }
  };
}
