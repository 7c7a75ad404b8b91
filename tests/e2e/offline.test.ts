/**
 * The app offline (issue 25, item 4), in real Chromium against the local worker: the service worker
 * registers on every visit (scope "/"); without a connection a game opens as it was last seen,
 * marked offline and read-only; a turn sent offline is kept on the device and sent when the
 * connection returns, with the same Idempotency-Key (played once); a kept turn the game moved past
 * is refused (409) and the page says so plainly; the app badge shows how many games wait for you.
 * Offline is the browser context's own (`context.setOffline`): the page and its service worker lose
 * the network; the test's own API calls (Node) keep it, like another device.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameState } from "../../src/engine";
import english from "../../web/src/i18n/en";
import {
  annAndBruno,
  apiCall,
  launchChromium,
  playMoonTurnByApi,
  playTurnByApi,
  playUntil,
  readyToPlan,
  startWorker,
  type LocalWorker,
} from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let players: Awaited<ReturnType<typeof annAndBruno>>;
let gameId = "";
const errors: string[] = [];
const en = english.offline;

const game = (id = gameId) => apiCall<{ version: number; state: GameState }>(worker.base, "GET", `/api/games/${id}`);
const annPlays = (g: { status: string; state: GameState }) => g.state.phase === "play" && g.state.current === 0;

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  players = await annAndBruno(worker.base);
  gameId = await players.game();
  await playUntil(worker.base, gameId, players.tokens, annPlays, 30);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

async function annContext(): Promise<BrowserContext> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  const { ann } = players;
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
    id: ann.id,
    name: ann.name,
    token: ann.token,
  });
  // The app badge as an installed app has it (a tab has none here): what the page sets is recorded.
  await ctx.addInitScript(() => {
    const w = window as unknown as { badges: (number | null)[] };
    w.badges = [];
    Object.assign(navigator, {
      setAppBadge: async (n?: number) => void w.badges.push(n ?? null),
      clearAppBadge: async () => void w.badges.push(0),
    });
  });
  return ctx;
}

const badge = (page: Page) => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1) ?? null);

/** The page once its service worker controls it (a first visit is controlled once the worker has activated). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

const notice = (page: Page) => page.locator("#offline-notice .offline-notice");

describe("the app offline", () => {
  let ctx: BrowserContext;
  let page: Page;

  it("registers the service worker on every visit, scope /, asked of the server each time", async () => {
    ctx = await annContext();
    page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${worker.base}/g/${gameId}`);
    await page.waitForSelector(".game");
    await controlled(page);
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration("/");
      return { script: r?.active?.scriptURL, scope: r?.scope, updateViaCache: r?.updateViaCache };
    });
    expect(reg).toEqual({ script: `${worker.base}/sw.js`, scope: `${worker.base}/`, updateViaCache: "none" });
    const sw = await fetch(`${worker.base}/sw.js`);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
  });

  it("the app badge shows how many games wait for Ann, as the title does", async () => {
    // A second game of Ann's waiting for her, and a third waiting for Bruno.
    const second = await players.game();
    const third = await players.game();
    await playTurnByApi(worker.base, third, players.tokens);
    const waiting = async () => {
      let n = 0;
      for (const id of [gameId, second, third]) if ((await game(id)).state.current === 0) n++;
      return n;
    };
    expect(await waiting()).toBe(2);
    await page.goto(`${worker.base}/`);
    await page.waitForFunction(() => document.title.startsWith("(2)"), undefined, { timeout: 20_000 });
    expect(await badge(page)).toBe(2);
    // Ann's turn in the second game played (from another device): one game waits.
    await playTurnByApi(worker.base, second, players.tokens);
    expect(await waiting()).toBe(1);
    await page.reload();
    await page.waitForFunction(() => document.title.startsWith("(1)"), undefined, { timeout: 20_000 });
    expect(await badge(page)).toBe(1);
    // A game page opened afresh counts by the inbox's socket alone (web/src/inbox.ts): the same.
    // (the game where Bruno is to play, so that its own socket counts nothing; and the list of her
    // games, which the poll reads, is never asked for)
    const lists: string[] = [];
    const listed = (r: { url(): string }) => {
      if (/\/api\/players\/[^/]+\/games/.test(r.url())) lists.push(r.url());
    };
    page.on("request", listed);
    await page.goto(`${worker.base}/g/${third}`);
    await page.waitForSelector(".game");
    await page.waitForFunction(() => document.title.startsWith("(1)"), undefined, { timeout: 20_000 });
    expect(await badge(page)).toBe(1);
    page.off("request", listed);
    expect(lists).toEqual([]);
    await page.goto(`${worker.base}/g/${gameId}`);
    await page.waitForSelector(".game");
  });

  it("opens a game as last seen when offline, marked offline and read-only", async () => {
    // Seen once under the worker (the first visit was fetched before it controlled the page).
    await page.reload();
    await page.waitForSelector(".turn-panel");
    // (she touches the page: the rules her turn is planned with come, and the worker keeps them)
    await readyToPlan(page);
    const version = (await game()).version;
    // The seat's view and the log came with the socket's greeting (the page read neither): the page
    // handed them to the worker to keep as the answers to its reads.
    await page.waitForFunction(
      async (id) => {
        const urls = (await (await caches.open("canopy-views")).keys()).map((r) => r.url);
        return (
          urls.some((u) => u.includes(`/api/games/${id}?canopy-who=`)) && urls.some((u) => u.includes("/log?after=0&"))
        );
      },
      gameId,
      { timeout: 20_000 },
    );
    await ctx.setOffline(true);
    await page.reload();
    await page.waitForSelector(".game");
    expect(Number(await page.getAttribute(".game", "data-version"))).toBe(version);
    // Its history as last seen.
    await page.waitForFunction(() => document.querySelectorAll(".history .log li").length > 0, undefined, {
      timeout: 20_000,
    });
    await notice(page).waitFor();
    expect(await notice(page).getAttribute("data-state")).toBe("offline");
    const text = (await notice(page).textContent()) ?? "";
    expect(text).toContain(en.offline);
    expect(text).toContain(en.readOnly);
    expect(text).toMatch(/saved/);
  });

  it("keeps a turn sent offline and sends it when the connection returns: played once", async () => {
    const before = (await game()).version;
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    await page.click(".end-turn");
    await page.locator('#offline-notice [data-turn="kept"]').waitFor();
    expect(await notice(page).textContent()).toContain(en.kept);
    // Nothing reached the game yet, and the plan is still on the page.
    expect((await game()).version).toBe(before);
    expect(await page.$$(".plan li")).toHaveLength(1);

    // The connection comes back, but its first moments still fail: the worker's first two sends of
    // the kept turn do not get through (the page's `online` and Background Sync can both start
    // one); it tries again on its own until it does.
    let cut = 0;
    await ctx.route(new RegExp(`/api/games/${gameId}/actions$`), (route) => {
      if (cut >= 2 || route.request().method() !== "POST") return route.continue();
      cut++;
      return route.abort("internetdisconnected");
    });
    await ctx.setOffline(false);
    await page.locator('#offline-notice [data-turn="played"]').waitFor({ timeout: 20_000 });
    expect(cut).toBe(2);
    await ctx.unrouteAll();
    expect(await notice(page).textContent()).toContain(en.played);
    const after = await game();
    expect(after.version).toBe(before + 1);
    expect(after.state.current).toBe(1);
    // The page follows the game (its socket is back), and the turn was played once only.
    await page.waitForFunction(
      (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) >= v,
      after.version,
    );
    expect((await game()).version).toBe(before + 1);
  });

  it("a kept turn the game moved past is refused (409) and the page says so plainly", async () => {
    await playUntil(worker.base, gameId, players.tokens, annPlays, 30);
    await page.reload();
    await page.waitForSelector(".turn-panel");
    await ctx.setOffline(true);
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    await page.click(".end-turn");
    await page.locator('#offline-notice [data-turn="kept"]').waitFor();
    // Meanwhile Ann's turn is played from another device.
    const played = await playTurnByApi(worker.base, gameId, players.tokens);
    await ctx.setOffline(false);
    await page.locator('#offline-notice [data-turn="stale"]').waitFor({ timeout: 20_000 });
    expect(await notice(page).getAttribute("role")).toBe("alert");
    expect(await notice(page).textContent()).toContain(en.stale);
    expect((await game()).version).toBe(played);
  });

  it("opens a Moonlight game offline with its pieces, drawn from the sprite the worker kept", async () => {
    // (the animals, the Great Tree and the moonstones are <use>s of one SVG file: docs/web.md "Weights")
    const moon = await players.game({ moonlight: { greatTree: true, moonstones: true } });
    await playUntil(worker.base, moon, players.tokens, (g) => g.state.phase === "play", 40, playMoonTurnByApi);
    const tab = await ctx.newPage();
    tab.on("pageerror", (e) => errors.push(e.message));
    const drawn = () =>
      tab.waitForFunction(
        () => {
          const uses = [...document.querySelectorAll("g.animal use, g.great-tree use, g.moonstone use")];
          return uses.length >= 3 && uses.every((u) => u.getBoundingClientRect().width > 8);
        },
        undefined,
        { timeout: 20_000 },
      );
    await tab.goto(`${worker.base}/g/${moon}`);
    await drawn();
    const sprite = (await tab.getAttribute("g.animal use", "href"))!.split("#")[0];
    await tab.waitForFunction(
      async ([id, file]) => {
        const views = (await (await caches.open("canopy-views")).keys()).map((r) => r.url);
        return views.some((u) => u.includes(`/api/games/${id}?canopy-who=`)) && !!(await caches.match(file));
      },
      [moon, sprite] as const,
      { timeout: 20_000 },
    );
    await ctx.setOffline(true);
    try {
      await tab.reload();
      await tab.waitForSelector(".game");
      await notice(tab).waitFor();
      await drawn();
      expect(await tab.getAttribute("g.animal use", "href")).toMatch(/^\/chunks\/moon-[0-9a-f]{10}\.svg#/);
    } finally {
      await ctx.setOffline(false);
      await tab.close();
    }
  });

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});
