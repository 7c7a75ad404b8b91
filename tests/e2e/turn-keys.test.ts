/**
 * The game page from the keyboard (issue 14, defect 6): "Skip to the board" is the first Tab stop;
 * Ctrl+Z / Ctrl+Y undo and redo the planned turn; choosing an action keeps the focus in the page
 * (not on <body>); and the "Turn sent." notice is gone when the next turn begins.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, playTurnByApi, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ctx: BrowserContext;
let ann: Page;
let gameId = "";
const tokens: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  const a = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
  const b = await apiCall(worker.base, "POST", "/api/players", { name: "Bruno" });
  tokens.push(a.token, b.token);
  const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2, firstPlayer: 0 }, a.token);
  gameId = created.game.id;
  await apiCall(worker.base, "POST", `/api/games/${gameId}/join`, { code: created.invite.code }, b.token);
  // Past the setup, to a turn of Ann's in the game proper where one of her trees can grow (choices
  // come from a chosen piece).
  await playUntilAnn(true);
  ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
    id: a.player.id,
    name: "Ann",
    token: a.token,
  });
  ann = await ctx.newPage();
  ann.on("pageerror", (e) => errors.push(e.message));
});

afterAll(async () => {
  await ctx?.close();
  await chrome?.close();
  await worker?.stop();
});

/**
 * Plays the other turns by API until it is Ann's turn in the game proper; with `grow`, until she
 * can grow a tree too (she passes her turns meanwhile, gathering light).
 */
async function playUntilAnn(grow = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    if (g.state.phase === "play" && g.state.current === 0) {
      if (!grow) return;
      const legal = await apiCall(worker.base, "GET", `/api/games/${gameId}/legal-actions`, undefined, tokens[0]);
      if (legal.actions.some((a: { type: string }) => a.type === "grow")) return;
      const turn = { version: g.version, actions: [{ type: "endTurn" }] };
      await apiCall(worker.base, "POST", `/api/games/${gameId}/actions`, turn, tokens[0]);
    } else await playTurnByApi(worker.base, gameId, tokens);
  }
  throw new Error("never Ann's turn");
}

const planned = (page: Page) => page.$$eval(".plan li", (els) => els.length);
const version = async (page: Page) => Number(await page.getAttribute(".game", "data-version"));

describe("the game page from the keyboard", () => {
  it("the first Tab stop skips to the board", async () => {
    await ann.goto(`${worker.base}/g/${gameId}`);
    await ann.waitForSelector(".turn-panel");
    await ann.keyboard.press("Tab");
    const first = await ann.evaluate(() => ({
      cls: document.activeElement?.className ?? "",
      href: document.activeElement?.getAttribute("href") ?? "",
      text: document.activeElement?.textContent ?? "",
    }));
    expect(first).toEqual({ cls: "skip", href: "#board", text: "Skip to the board" });
  });

  it("choosing keeps the focus in the turn panel; Ctrl+Z and Ctrl+Y undo and redo", async () => {
    // (the keys pressed so far fetched the rules her turn is planned with)
    await ann.waitForSelector(".turn-panel[data-ready]");
    // One of Ann's trees with an action (grow: her trees collected light), then that action from
    // the keyboard: the button goes away with its choice.
    const sources = await ann.$$eval('[data-cell][data-highlight="source"]', (els) =>
      els.map((e) => e.getAttribute("data-cell")!),
    );
    let chosen = false;
    for (const s of sources) {
      await ann.click(`[data-cell="${s}"]`);
      await ann.waitForSelector(".choices");
      if (await ann.$(".choice")) {
        chosen = true;
        break;
      }
      await ann.click(`[data-cell="${s}"]`); // deselect
    }
    expect(chosen).toBe(true);
    await ann.focus(".choice");
    await ann.keyboard.press("Enter");
    await ann.waitForSelector(".plan li");
    await ann.waitForFunction(() => document.activeElement !== document.body);
    expect(await ann.evaluate(() => !!document.activeElement && !!document.activeElement.closest(".turn-panel"))).toBe(
      true,
    );
    expect(await planned(ann)).toBe(1);
    await ann.keyboard.press("Control+z");
    await ann.waitForFunction(() => document.querySelectorAll(".plan li").length === 0);
    await ann.keyboard.press("Control+y");
    await ann.waitForFunction(() => document.querySelectorAll(".plan li").length === 1);
    await ann.keyboard.press("Control+z");
    await ann.waitForFunction(() => document.querySelectorAll(".plan li").length === 0);
    await ann.keyboard.press("Control+Shift+z");
    await ann.waitForFunction(() => document.querySelectorAll(".plan li").length === 1);
  });

  it("'Turn sent.' is over when the next turn begins", async () => {
    const before = await version(ann);
    await ann.click(".end-turn");
    await ann.waitForSelector(".notice.info");
    expect(await ann.textContent(".notice.info")).toContain("Turn sent.");
    // Bruno plays at once (well within the notice's 4 seconds), until Ann's turn comes again.
    await playUntilAnn();
    await ann.waitForFunction(
      (v) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) >= v,
      before + 2,
      { timeout: 20_000 },
    );
    await ann.waitForSelector(".turn-panel");
    expect(await ann.$(".notice.info")).toBeNull();
    expect(errors).toEqual([]);
  });
});
