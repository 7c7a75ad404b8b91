/**
 * The live channel: a WebSocket on /api/games/:id/live that delivers the game view on connect and
 * after every change. It reconnects with exponential backoff (with jitter), at once when the page
 * becomes visible again or the network comes back, and sends a ping every 25 s: a socket that
 * stays silent for 60 s is presumed dead (a laptop that slept for days) and replaced.
 */
import type { GameEvent } from "../../src/engine";
import type { GameView } from "./types";

export type LiveStatus = "connecting" | "open" | "closed";

export interface LiveHandlers {
  onGame(game: GameView, events: GameEvent[]): void;
  onStatus(status: LiveStatus): void;
}

export function follow(gameId: string, token: string | null, h: LiveHandlers): () => void {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let lastMessage = Date.now();
  const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/games/${encodeURIComponent(gameId)}/live`;

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
    };
    sock.onmessage = (m) => {
      lastMessage = Date.now();
      let msg: { type?: string; game?: GameView; events?: GameEvent[] };
      try {
        msg = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (msg.type === "game" && msg.game) h.onGame(msg.game, msg.events ?? []);
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      h.onStatus("closed");
      schedule();
    };
    sock.onerror = () => {
      try {
        sock.close();
      } catch {
        /* ignore */
      }
    };
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(retry);
    const base = Math.min(30_000, 500 * 2 ** attempt);
    attempt++;
    retry = setTimeout(connect, base / 2 + Math.random() * (base / 2));
  };

  /** Replace a socket that is presumed dead. */
  const replace = () => {
    const dead = ws;
    ws = null;
    if (dead) {
      dead.onclose = null;
      try {
        dead.close();
      } catch {
        /* ignore */
      }
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
    clearTimeout(retry);
    clearTimeout(probe);
    clearInterval(heartbeat);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", kick);
    window.removeEventListener("focus", kick);
    if (ws) {
      const s = ws;
      ws = null;
      s.onclose = null;
      s.close();
    }
  };
}
