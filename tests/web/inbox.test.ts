/**
 * The count of games waiting for you on a page that lists none of them (web/src/inbox.ts): your
 * inbox's socket alone; the start page's list and the poll that stands in for the socket are
 * web/src/turns.ts, which takes the count over when the socket closes or a page asks for the list.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchTurns, type TurnsPage } from "../../web/src/inbox";

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1005) {
    this.onclose?.({ code });
  }
}

const counts: number[] = [];
const page: TurnsPage = {
  list: async () => ({ games: [] }),
  seen: new Map(),
  whenSeen: () => {},
  setTitleCount: (n) => void counts.push(n),
  token: "tok",
};
const line = (id: string, yourTurn: boolean) => ({ id, yourTurn, deadline: null });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  counts.length = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "canopy.test" });
  vi.stubGlobal("document", { querySelector: () => null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the count of games waiting for you on a game page", () => {
  it("comes from the inbox's socket alone; when it closes, the list's module takes over and no socket of this one comes back", async () => {
    const takeOver = vi.fn();
    const turns = vi.fn(async () => ({ watchTurns: takeOver }));
    watchTurns("p1", page, false, turns);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(["ws://canopy.test/api/players/p1/turns/live"]);
    const ws = FakeSocket.all[0];
    ws.onopen?.();
    expect(ws.sent[0]).toBe(JSON.stringify({ type: "auth", token: "tok" }));
    // The greeting names every game in play; then each change.
    ws.onmessage?.({ data: JSON.stringify({ type: "turns", games: [line("a", true), line("b", false)] }) });
    expect(counts.at(-1)).toBe(1);
    ws.onmessage?.({ data: JSON.stringify({ type: "turn", game: line("b", true) }) });
    expect(counts.at(-1)).toBe(2);
    ws.onmessage?.({ data: JSON.stringify({ type: "gone", id: "a" }) });
    expect(counts.at(-1)).toBe(1);
    expect(turns).not.toHaveBeenCalled();
    // The socket drops: ./turns.ts counts from now on (it reconnects, and polls meanwhile).
    ws.close(1006);
    await vi.runAllTimersAsync();
    expect(takeOver).toHaveBeenCalledWith("p1", page);
    expect(FakeSocket.all).toHaveLength(1);
    // And for good on this page: another profile goes to it too.
    watchTurns("p2", page, false, turns);
    await vi.runAllTimersAsync();
    expect(takeOver).toHaveBeenLastCalledWith("p2", page);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
