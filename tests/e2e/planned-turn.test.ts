/**
 * A planned turn survives (issue 13, item 5), in real Chromium: actions planned but not sent are
 * kept in the browser per game and seat, through a reload and a closed tab; once the game has moved
 * on without them (the turn played in another browser), they are discarded with a notice.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameState } from "../../src/engine";
import { DICTS } from "../web/dicts";
import { apiCall, launchChromium, playTurnByApi, playUntil, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let gameId = "";
const tokens: string[] = [];
const ids: string[] = [];
const contexts: BrowserContext[] = [];
const errors: string[] = [];
const en = DICTS.en;

/** The game as the server has it. */
const game = () => apiCall<{ version: number; state: GameState }>(worker.base, "GET", `/api/games/${gameId}`);

/** Play by the API until it is Ann's (seat 0's) turn in the play phase. */
const untilAnnPlays = () =>
  playUntil(worker.base, gameId, tokens, (g) => g.state.phase === "play" && g.state.current === 0, 30);

/** A browser context (its own storage, like another device) signed in as Ann. */
async function annBrowser(): Promise<BrowserContext> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  contexts.push(ctx);
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
    id: ids[0],
    name: "Ann",
    token: tokens[0],
  });
  return ctx;
}

async function open(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${worker.base}/g/${gameId}`);
  await page.waitForSelector(".game");
  return page;
}

const planned = (page: Page) => page.$$eval(".plan li", (els) => els.map((e) => e.textContent));
const savedPlans = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("canopy.plan.")));

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  for (const name of ["Ann", "Bob"]) {
    const p = await apiCall(worker.base, "POST", "/api/players", { name });
    tokens.push(p.token);
    ids.push((await apiCall(worker.base, "GET", "/api/me", undefined, p.token)).id);
  }
  const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2 }, tokens[0]);
  gameId = created.game.id;
  await apiCall(worker.base, "POST", `/api/games/${gameId}/join`, { code: created.invite.code }, tokens[1]);
  await untilAnnPlays();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await chrome?.close();
  await worker?.stop();
});

describe("a planned turn", () => {
  let a: BrowserContext;

  it("is planned with rules that come on the page's first touch: the turn shows at once, a press before they come is not lost", async () => {
    const page = await (await annBrowser()).newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    const rules: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/chunks/game/rules-")) rules.push(r.url());
    });
    await page.goto(`${worker.base}/g/${gameId}`);
    // Her turn shows at once, what she can buy with it; nothing that plans it is fetched untouched.
    await page.waitForSelector(".turn-panel .buy:not([disabled])");
    await page.waitForLoadState("networkidle");
    expect(rules).toEqual([]);
    expect(await page.$(".turn-panel[data-ready]")).toBeNull();
    // A buy pressed now fetches them, and is planned once they come.
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    expect(rules).toHaveLength(1);
    expect(await planned(page)).toHaveLength(1);
    await page.waitForSelector(".turn-panel[data-ready]");
    await page.context().close();
  });

  it("survives a reload and a closed tab, with what was undone", async () => {
    a = await annBrowser();
    let page = await open(a);
    await page.waitForSelector(".turn-panel");
    expect(await planned(page)).toEqual([]);
    const light = await page.textContent(".light-now");
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    const plan = await planned(page);
    expect(plan).toHaveLength(1);
    const lightAfter = await page.textContent(".light-now");
    expect(lightAfter).not.toBe(light);

    await page.reload();
    await page.waitForSelector(".plan li");
    expect(await planned(page)).toEqual(plan);
    expect(await page.textContent(".light-now")).toBe(lightAfter);

    // Undone, then the tab closed: a new tab has nothing planned, and the undone action to redo.
    await page.click(".undo");
    expect(await planned(page)).toEqual([]);
    await page.close();
    page = await open(a);
    await page.waitForSelector(".turn-panel");
    expect(await planned(page)).toEqual([]);
    expect(await page.isEnabled(".redo")).toBe(true);
    await page.click(".redo");
    await page.waitForSelector(".plan li");
    expect(await planned(page)).toEqual(plan);
    expect(await page.$(".notice")).toBeNull();
    expect((await game()).state.current).toBe(0); // nothing was sent
    await page.close();
  });

  it("is discarded with a notice when the turn is played in another browser", async () => {
    const page = await open(a);
    await page.waitForSelector(".plan li");
    expect(await savedPlans(page)).toHaveLength(1);
    // Ann on another device (its own storage: nothing planned there) plays the turn.
    const other = await open(await annBrowser());
    await other.waitForSelector(".turn-panel");
    expect(await planned(other)).toEqual([]);
    const v = (await game()).version;
    await other.click(".end-turn");
    await other.waitForFunction(
      (want) => Number(document.querySelector(".game")?.getAttribute("data-version")) > want,
      v,
    );
    // The first browser is told, and its plan is gone (from the page and from storage).
    await page.waitForSelector(".notice.warn", { timeout: 20_000 });
    expect(await page.textContent(".notice.warn")).toContain(en.planGone);
    // (With two players the next turn may be Ann's again: a fresh one, with nothing planned.)
    expect(await planned(page)).toEqual([]);
    expect(await savedPlans(page)).toEqual([]);
    await page.reload();
    await page.waitForSelector(".game");
    expect(await page.$(".notice")).toBeNull();
    await page.close();
    await other.close();
  });

  it("planned in a tab that was closed is discarded with a notice when it opens after the turn was played", async () => {
    await untilAnnPlays();
    let page = await open(a);
    await page.waitForSelector(".turn-panel");
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    await page.close();
    // Played elsewhere meanwhile (the seat's own key, from another client).
    const v = (await game()).version;
    await playTurnByApi(worker.base, gameId, tokens);
    expect((await game()).version).toBeGreaterThan(v);
    page = await open(a);
    await page.waitForSelector(".notice.warn", { timeout: 20_000 });
    expect(await page.textContent(".notice.warn")).toContain(en.planGone);
    expect(await savedPlans(page)).toEqual([]);
    // Back to Ann: a fresh turn, nothing of the old plan in it.
    await untilAnnPlays();
    await page.waitForSelector(".turn-panel", { timeout: 20_000 });
    expect(await planned(page)).toEqual([]);
    expect(await page.isEnabled(".redo")).toBe(false);
  });

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});
