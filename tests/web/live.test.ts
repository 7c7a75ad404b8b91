/**
 * The client sends a turn on the game's live socket when it is open, and over HTTP with the same
 * Idempotency-Key when the socket is not open, refuses the turn, or closes before answering.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PING, PONG } from "../../src/game/live";
import { follow, sendTurn } from "../../web/src/game/live";

class FakeSocket {
  static OPEN = 1;
  static CLOSED = 3;
  static CLOSING = 2;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: any[] = [];
  /** The texts as sent. */
  raw: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.raw.push(text);
    this.sent.push(JSON.parse(text));
  }
  close(code = 1005) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const http = vi.fn();
const noop = () => {};
/** What the page hands to the table-talk panel (window events). */
const talked: unknown[] = [];

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "canopy.test" });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: noop, removeEventListener: noop });
  talked.length = 0;
  vi.stubGlobal("window", {
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: (e: CustomEvent) => talked.push([e.type, e.detail]),
  });
  vi.stubGlobal("localStorage", { getItem: () => JSON.stringify({ id: "p", token: "tok", name: "Ann" }) });
  http.mockReset();
  vi.stubGlobal("fetch", http);
});

afterEach(() => vi.unstubAllGlobals());

const action = { type: "endTurn" } as const;
const answered = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe("sending a turn", () => {
  it("goes on the open socket, signed in, with its key; no HTTP request", async () => {
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop });
    const ws = FakeSocket.last!;
    ws.open();
    expect(ws.sent[0]).toEqual({ type: "auth", token: "tok" });
    const sending = sendTurn("g1", 7, [action], "k1");
    expect(ws.sent[1]).toEqual({ type: "submit", key: "k1", version: 7, actions: [action] });
    ws.receive({ type: "submitted", key: "k1", version: 8, events: [], game: { version: 8 } });
    expect((await sending).version).toBe(8);
    expect(http).not.toHaveBeenCalled();
    stop();
  });

  it("goes over HTTP with the same key when the socket refuses it, closes first, or is not open", async () => {
    const stop = follow("g2", "tok", { onGame: noop, onStatus: noop });
    const ws = FakeSocket.last!;
    http.mockImplementation(async () => answered({ version: 8, events: [], game: { version: 8 } }));
    // Not open yet: HTTP at once.
    expect((await sendTurn("g2", 7, [action], "a")).version).toBe(8);
    ws.open();
    // Refused on the socket: HTTP gives the answer (the game remembered it under the key).
    const refused = sendTurn("g2", 7, [action], "b");
    ws.receive({ type: "refused", key: "b", error: { code: "STALE_VERSION", message: "stale" } });
    await refused;
    // Closed before its answer: HTTP with the same key (played at most once by the game).
    const lost = sendTurn("g2", 7, [action], "c");
    ws.close();
    await lost;
    const keys = http.mock.calls.map(([url, init]) => [url, init.headers["idempotency-key"], JSON.parse(init.body)]);
    expect(keys).toEqual([
      ["/api/games/g2/actions", "a", { version: 7, actions: [action] }],
      ["/api/games/g2/actions", "b", { version: 7, actions: [action] }],
      ["/api/games/g2/actions", "c", { version: 7, actions: [action] }],
    ]);
    expect(http.mock.calls[0][1].headers.authorization).toBe("Bearer tok");
    stop();
  });
});

describe("the keep-alive", () => {
  it("is exactly the text the platform answers without waking the game (src/game/live.ts PING), and its answer keeps the socket", () => {
    vi.useFakeTimers();
    try {
      let status = "";
      const stop = follow("g1", "tok", { onGame: noop, onStatus: (s) => (status = s) });
      const ws = FakeSocket.last!;
      ws.open();
      for (let i = 0; i < 3; i++) {
        vi.advanceTimersByTime(25_000);
        expect(ws.raw.at(-1)).toBe(PING);
        ws.receive(JSON.parse(PONG));
      }
      // Answered every time: the socket is not presumed dead and replaced.
      expect(FakeSocket.last).toBe(ws);
      expect(status).toBe("open");
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a server that keeps failing the sign-in", () => {
  it("closed 1011 after each opening, the page tries again later each time; another close starts over", () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0); // the backoff's jitter: half the wait
    try {
      const stop = follow("g1", "tok", { onGame: noop, onStatus: noop });
      /** Milliseconds until the page opens its next socket after `ws` closes with `code`. */
      const nextAfter = (ws: FakeSocket, code: number) => {
        ws.close(code);
        for (let ms = 0; ms <= 60_000; ms += 50) {
          if (FakeSocket.last !== ws) return ms;
          vi.advanceTimersByTime(50);
        }
        throw new Error("no new socket in a minute");
      };
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const ws = FakeSocket.last!;
        ws.open(); // (the count of failed attempts starts over at each opening)
        expect(ws.sent[0]).toEqual({ type: "auth", token: "tok" });
        waits.push(nextAfter(ws, 1011));
      }
      // 500, 1000, 2000, 4000 ms (halved by the jitter): not every half second for ever.
      expect(waits).toEqual([500, 1000, 2000, 4000]);
      const ws = FakeSocket.last!;
      ws.open();
      expect(nextAfter(ws, 1006)).toBe(250);
      stop();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});

describe("table talk on the socket", () => {
  /** The window with its listeners kept, so that the panel's hello reaches the page's socket. */
  function windowWithListeners() {
    const listeners = new Map<string, (e: Event) => void>();
    vi.stubGlobal("window", {
      addEventListener: (type: string, f: (e: Event) => void) => listeners.set(type, f),
      removeEventListener: (type: string) => listeners.delete(type),
      dispatchEvent: (e: CustomEvent) => talked.push([e.type, e.detail]),
    });
    return () => listeners.get("canopy-talk-hello")?.(new Event("canopy-talk-hello"));
  }
  const opens = () =>
    talked.flatMap((t) => {
      const d = (t as [string, { type: string; list?: { messages: { n: number }[] } | null }])[1];
      return d.type === "talk.open" ? [d.list ? d.list.messages.map((m) => m.n) : null] : [];
    });
  const msg = (n: number) => ({ n, seat: 0, text: `m${n}`, at: "2026-11-23T08:00:00.000Z" });
  const list = (...ns: number[]) => ({ type: "talk.list", messages: ns.map(msg), last: Math.max(0, ...ns), muted: [] });

  it("the list the socket greets with reaches the panel as it stands when the panel shows; messages, deletions pass on; game views are not talk; no HTTP", () => {
    const hello = windowWithListeners();
    const seen: unknown[] = [];
    const stop = follow("g1", "tok", { onGame: (g) => seen.push(g), onStatus: noop });
    const ws = FakeSocket.last!;
    ws.open();
    ws.receive({ type: "game", game: { id: "g1" }, events: [] });
    ws.receive(list(1, 2));
    ws.receive({ type: "talk", message: msg(3) });
    ws.receive({ type: "talk.deleted", n: 1 });
    expect(talked).toEqual([
      ["canopy-talk", { type: "talk", message: msg(3) }],
      ["canopy-talk", { type: "talk.deleted", n: 1 }],
    ]);
    hello();
    expect(talked.at(-1)).toEqual([
      "canopy-talk",
      { type: "talk.open", list: { type: "talk.list", messages: [msg(2), msg(3)], last: 3, muted: [] } },
    ]);
    expect(seen).toEqual([{ id: "g1" }]);
    expect(http).not.toHaveBeenCalled();
    stop();
  });

  it("tells the page whether the talk holds anything for the seat: the greeting's list (a message or a mute), then each message that comes", () => {
    windowWithListeners();
    const told: boolean[] = [];
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop, onTalk: (some) => told.push(some) });
    const ws = FakeSocket.last!;
    ws.open();
    ws.receive({ type: "game", game: { id: "g1" }, events: [] });
    expect(told).toEqual([]);
    ws.receive(list());
    expect(told).toEqual([false]);
    // A deletion says nothing; a message that comes does (the page then loads the panel).
    ws.receive({ type: "talk.deleted", n: 1 });
    expect(told).toEqual([false]);
    ws.receive({ type: "talk", message: msg(1) });
    expect(told).toEqual([false, true]);
    // Greeted again: with messages, or none but a seat the reader muted (the panel says so).
    ws.receive(list(1));
    ws.receive({ ...list(), muted: [1] });
    expect(told).toEqual([false, true, true, true]);
    stop();
  });

  it("a panel that says hello before the greeting gets the list when it comes, and again at every reopening", () => {
    vi.useFakeTimers();
    try {
      const hello = windowWithListeners();
      const stop = follow("g1", "tok", { onGame: noop, onStatus: noop });
      hello();
      FakeSocket.last!.open();
      expect(opens()).toEqual([]);
      FakeSocket.last!.receive(list(1));
      expect(opens()).toEqual([[1]]);
      const first = FakeSocket.last!;
      first.close();
      expect(opens()).toEqual([[1]]);
      vi.advanceTimersByTime(31_000);
      expect(FakeSocket.last).not.toBe(first);
      FakeSocket.last!.open();
      FakeSocket.last!.receive(list(1, 2));
      expect(opens()).toEqual([[1], [1, 2]]);
      expect(http).not.toHaveBeenCalled();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("with no greeting to wait for — the socket closes or errs first — the panel is told to read over HTTP, once", () => {
    const hello = windowWithListeners();
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop });
    hello();
    FakeSocket.last!.close();
    expect(opens()).toEqual([null]);
    stop();

    talked.length = 0;
    const hello2 = windowWithListeners();
    const stop2 = follow("g2", "tok", { onGame: noop, onStatus: noop });
    FakeSocket.last!.open();
    hello2();
    expect(opens()).toEqual([]);
    FakeSocket.last!.receive({ type: "error", error: { code: "UNAUTHORIZED", message: "not seated" } });
    expect(opens()).toEqual([null]);
    FakeSocket.last!.close();
    expect(opens()).toEqual([null]);
    // Stopped, the page no longer answers.
    stop2();
    hello2();
    expect(opens()).toEqual([null]);
  });
});

describe("a device signed out on the socket", () => {
  it("tells the page when the server says DEVICE_REVOKED, and not for other errors", () => {
    let revoked = 0;
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop, onRevoked: () => revoked++ });
    const ws = FakeSocket.last!;
    ws.open();
    ws.receive({ type: "error", error: { code: "BAD_REQUEST", message: "Messages are JSON." } });
    expect(revoked).toBe(0);
    ws.receive({ type: "error", error: { code: "DEVICE_REVOKED", message: "This device was signed out." } });
    expect(revoked).toBe(1);
    stop();
  });
});

describe("the log on the socket", () => {
  it("is asked for after the page's last entry at every opening (auth=1 when it signs in), and on a sync; each view is handed on with its log as sent", () => {
    vi.useFakeTimers();
    try {
      let last = 0;
      const got: [number, unknown][] = [];
      let errors = 0;
      const h = {
        onGame: (g: { version: number }, _e: unknown, log?: unknown) => got.push([g.version, log]),
        onStatus: noop,
        onError: () => errors++,
        logAfter: () => last,
      };
      const stop = follow("g1", "tok", h as never);
      const first = FakeSocket.last!;
      expect(first.url).toBe("ws://canopy.test/api/games/g1/live?after=0&auth=1");
      first.open();
      expect(first.sent[0]).toEqual({ type: "auth", token: "tok" });
      const log = { after: 0, version: 2, total: 1, entries: [{ index: 1 }], next: null, replay: null };
      first.receive({ type: "game", game: { version: 2 }, events: [], log: null });
      first.receive({ type: "game", game: { version: 2 }, events: [], log });
      first.receive({ type: "game", game: { version: 2 }, events: [] });
      expect(got).toEqual([
        [2, null],
        [2, log],
        [2, undefined],
      ]);
      first.receive({ type: "error", error: { code: "UNAUTHORIZED", message: "not seated" } });
      expect(errors).toBe(1);
      // The page has an entry more; the socket goes silent and is replaced (60 s without a word).
      last = 1;
      vi.advanceTimersByTime(75_000);
      const second = FakeSocket.last!;
      expect(second).not.toBe(first);
      expect(second.url).toBe("ws://canopy.test/api/games/g1/live?after=1&auth=1");
      stop();
      // A spectator's page: no auth=1; a page that reads no log from the socket: no query at all.
      const watch = follow("g2", null, { onGame: noop, onStatus: noop, logAfter: () => 3 });
      expect(FakeSocket.last!.url).toBe("ws://canopy.test/api/games/g2/live?after=3");
      watch();
      const old = follow("g3", "tok", { onGame: noop, onStatus: noop });
      expect(FakeSocket.last!.url).toBe("ws://canopy.test/api/games/g3/live");
      old();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a sync asks for the log after the page's last entry", () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal("window", {
      addEventListener: (type: string, f: () => void) => listeners.set(type, f),
      removeEventListener: (type: string) => listeners.delete(type),
      dispatchEvent: noop,
    });
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop, logAfter: () => 7 });
    const ws = FakeSocket.last!;
    ws.open();
    listeners.get("online")?.();
    expect(ws.sent.at(-1)).toEqual({ type: "sync", after: 7 });
    stop();
  });
});

describe("what the socket greets with, kept for offline use", () => {
  it("the greeting that carries the whole log is handed to the service worker with the view (the page's reads it stands in for); a partial log is not", () => {
    const posted: any[] = [];
    vi.stubGlobal("navigator", { serviceWorker: { controller: { postMessage: (m: unknown) => posted.push(m) } } });
    const stop = follow("g1", "tok", { onGame: noop, onStatus: noop, logAfter: () => 0 });
    const ws = FakeSocket.last!;
    ws.open();
    const log = { after: 0, version: 3, total: 1, entries: [{ index: 1 }], next: null, replay: null };
    ws.receive({ type: "game", game: { version: 3 }, events: [], log: null });
    ws.receive({ type: "game", game: { version: 3, you: { seat: 0 } }, events: [], log });
    ws.receive({ type: "game", game: { version: 4 }, events: [], log: { ...log, after: 1, entries: [] } });
    expect(posted).toEqual([{ type: "keep", id: "g1", token: "tok", game: { version: 3, you: { seat: 0 } }, log }]);
    stop();
  });
});
