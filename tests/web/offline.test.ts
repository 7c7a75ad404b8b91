/**
 * The service worker's decisions (web/src/sw/logic.ts) and the app badge (web/src/title.ts): which
 * requests it answers, where a notification's tap goes among the open tabs, what a kept turn's
 * answer means; the badge set and cleared with the title's count.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../web/src/api";
import { viewKey } from "../../web/src/offline/key";
import { gameOfPath, keptReads, resendWaitMs, routeOf, sentOutcome, tabFor, turnGame } from "../../web/src/sw/logic";
import { setTitleCount } from "../../web/src/title";

const O = "https://canopy.example";
const route = (method: string, path: string, mode = "cors") => routeOf(method, mode, new URL(path, O), O);

describe("what the service worker answers", () => {
  it("pages, the app's files, the game views, and turns; nothing else, and nothing of another site", () => {
    expect(route("GET", "/g/k3x9m2p7q4rt?ply=4", "navigate")).toBe("page");
    expect(route("GET", "/", "navigate")).toBe("page");
    expect(route("GET", "/chunks/en-ABC123.js")).toBe("chunk");
    // (the Moonlight's sprite, which its board refers to with <use>: hashed, kept as a chunk is)
    expect(route("GET", "/chunks/moon-0123456789.svg", "same-origin")).toBe("chunk");
    for (const f of ["/app.js", "/app.css", "/styles/home.css", "/icon-192.png", "/manifest.webmanifest"])
      expect(route("GET", f), f).toBe("static");
    for (const v of [
      "/api/games/k3x9m2p7q4rt",
      "/api/games/k3x9m2p7q4rt/log?after=3",
      "/api/players/k3x9m2p7q4rt/games?status=active&limit=100",
      "/api/me",
    ])
      expect(route("GET", v), v).toBe("view");
    expect(route("POST", "/api/games/k3x9m2p7q4rt/actions")).toBe("turn");
    // Left to the browser: other API reads (devices, webhooks, deliveries), every other write, the
    // live socket, embeds, a navigation to the API, and anything of another origin.
    for (const [m, p, mode] of [
      ["GET", "/api/me/devices", "cors"],
      ["GET", "/api/games/k3x9m2p7q4rt/webhooks", "cors"],
      ["GET", "/api/games/k3x9m2p7q4rt/deliveries", "cors"],
      ["POST", "/api/games", "cors"],
      ["POST", "/api/games/k3x9m2p7q4rt/messages", "cors"],
      ["PUT", "/api/games/k3x9m2p7q4rt/table", "cors"],
      ["GET", "/api/games/k3x9m2p7q4rt/live", "websocket"],
      ["GET", "/embed/k3x9m2p7q4rt", "navigate"],
      ["GET", "/api/openapi.json", "navigate"],
    ])
      expect(route(m, p, mode), `${m} ${p}`).toBeNull();
    expect(routeOf("GET", "cors", new URL("https://elsewhere.example/app.js"), O)).toBeNull();
    expect(turnGame("/api/games/k3x9m2p7q4rt/actions")).toBe("k3x9m2p7q4rt");
    expect(turnGame("/api/games/k3x9m2p7q4rt/resign")).toBeNull();
  });

  it("a kept turn that cannot get through yet is tried again, sooner first, for about a minute", () => {
    const waits: number[] = [];
    for (let f = 0, ms = resendWaitMs(0); ms !== null; ms = resendWaitMs(++f)) waits.push(ms);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000]);
    expect(resendWaitMs(6)).toBeNull();
  });

  it("a kept turn's answer: played (a replay too), stale (409), refused, or sent again later", () => {
    expect([200, 201].map(sentOutcome)).toEqual(["played", "played"]);
    expect(sentOutcome(409)).toBe("stale");
    expect([400, 401, 403, 404, 422].map(sentOutcome)).toEqual(Array(5).fill("refused"));
    expect([429, 500, 503].map(sentOutcome)).toEqual(["later", "later", "later"]);
  });
});

describe("a notification's tap", () => {
  const g = `${O}/g/k3x9m2p7q4rt`;

  it("focuses the tab already showing that game, sent to the notification's moment when it shows another", () => {
    expect(tabFor([`${O}/`, `${g}?ply=12`], g)).toEqual({ tab: 1, navigate: true });
    expect(tabFor([`${O}/`, `${g}/`], g)).toEqual({ tab: 1, navigate: true });
    // The tab at the very address: focused only.
    expect(tabFor([`${g}?ply=3`, g], g)).toEqual({ tab: 1, navigate: false });
  });

  it("opens a window when no tab shows that game (another game, another site, another page)", () => {
    expect(tabFor([`${O}/g/zzzzzzzzzzzz`, `${O}/tables`, `https://elsewhere.example/g/k3x9m2p7q4rt`], g)).toEqual({
      tab: -1,
      navigate: false,
    });
    expect(tabFor([], g)).toEqual({ tab: -1, navigate: false });
    // A page that is not a game goes to a tab of that page.
    expect(tabFor([`${O}/tables`], `${O}/tables`)).toEqual({ tab: 0, navigate: false });
    expect(gameOfPath("/g/k3x9m2p7q4rt")).toBe("k3x9m2p7q4rt");
    expect(gameOfPath("/p/k3x9m2p7q4rt")).toBeNull();
  });
});

describe("the app badge", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the count of games waiting for you, cleared at none", () => {
    const calls: string[] = [];
    vi.stubGlobal("document", { title: "" });
    vi.stubGlobal("navigator", {
      setAppBadge: async (n: number) => void calls.push(`set ${n}`),
      clearAppBadge: async () => void calls.push("clear"),
    });
    setTitleCount(3);
    setTitleCount(0);
    expect(calls).toEqual(["set 3", "clear"]);
    expect(document.title).toBe("Canopy");
  });

  it("where the browser has none, nothing happens", () => {
    vi.stubGlobal("document", { title: "" });
    vi.stubGlobal("navigator", {});
    expect(() => setTitleCount(2)).not.toThrow();
    expect(document.title).toBe("(2) Canopy");
  });
});

describe("what a game page's socket greeting stands in for", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is kept at the addresses the page reads the view and the log at, under the keys the worker finds them by", async () => {
    const fetched: [string, Record<string, string>][] = [];
    vi.stubGlobal("localStorage", { getItem: () => JSON.stringify({ id: "p", token: "tok", name: "Ann" }) });
    vi.stubGlobal("fetch", async (url: string, init: { headers: Record<string, string> }) => {
      fetched.push([url, init.headers]);
      return new Response("{}", { status: 200 });
    });
    await api.game("k3x9m2p7q4rt");
    await api.log("k3x9m2p7q4rt", 0);
    const log = { after: 0, version: 3, total: 0, entries: [], next: null, replay: null };
    const kept = keptReads(O, "k3x9m2p7q4rt", { version: 3 }, log);
    expect(kept.map(([u]) => u)).toEqual(fetched.map(([u]) => `${O}${u}`));
    expect(kept.map(([, body]) => body)).toEqual([
      { version: 3 },
      { version: 3, total: 0, entries: [], next: null, replay: null },
    ]);
    for (const [u] of kept) expect(routeOf("GET", "cors", new URL(u), O)).toBe("view");
    // The same key as the page's own read with its key (never the token in it).
    const key = await viewKey(kept[0][0], fetched[0][1].authorization);
    expect(key).toBe(`${O}/api/games/k3x9m2p7q4rt?canopy-who=${key.split("=").at(-1)}`);
    expect(key).not.toContain("tok");
    expect(await viewKey(kept[0][0], "Bearer tok")).toBe(key);
  });
});
