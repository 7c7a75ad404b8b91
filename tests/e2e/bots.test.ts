/**
 * Issue 15 in real Chromium: a player makes a practice game against three easy bots from the start
 * page's form; it starts at once, the bots answer from the game's alarm, the player plays every
 * turn through the page (the Hint button loads the strong bot's turn as the planned turn, End turn
 * sends it) to the end, and the replay steps through it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

const version = async (page: Page) => Number(await page.getAttribute(".game", "data-version"));

describe("a practice game against bots in the browser", () => {
  it("one person and three easy bots, created in the page, played to the end and replayed", async () => {
    const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${worker.base}/`);
    await page.fill('input[name="name"]', "Ann");
    await page.click('form:has(input[name="name"]) button[type="submit"]');
    await page.waitForSelector("#new-h");
    await page.click('#new-h ~ form input[name="seats"][value="4"]');
    await page.selectOption('#new-h ~ form select[name="bots"]', "3");
    await page.selectOption('#new-h ~ form select[name="botLevel"]', "easy");
    await page.click('#new-h ~ form button[type="submit"]');
    // Every other seat a bot: no lobby, the game is on at once.
    await page.waitForSelector(".game");
    const id = page.url().split("/g/")[1];
    const game = await apiCall(worker.base, "GET", `/api/games/${id}`);
    expect(game.status).toBe("active");
    expect(game.practice).toBe(true);
    expect(game.seats.map((s: { bot: string | null }) => s.bot)).toEqual([null, "easy", "easy", "easy"]);
    const players = await page.textContent(".players");
    // A name each (not "Bot ★ 2", which reads as the two-star level).
    for (const name of ["Linnaeus", "Merian", "Makino"]) expect(players).toContain(name);

    let myTurns = 0;
    let last = -1;
    for (let guard = 0; guard < 200; guard++) {
      // The bots play by themselves: wait for the end, or for a newer version where it is my turn.
      await page.waitForFunction(
        (seen) =>
          !!document.querySelector(".final table") ||
          (!!document.querySelector(".hint-button:not([disabled])") &&
            Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) > seen),
        last,
        { timeout: 30_000 },
      );
      if (await page.$(".final table")) break;
      last = await version(page);
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/games/${id}/hint`)),
        page.click(".hint-button"),
      ]);
      expect(res.status()).toBe(200);
      const hint = (await res.json()) as { actions: { type: string }[] };
      // The hint is the planned turn (what it does, in words); End turn sends it.
      if (hint.actions.some((a) => a.type !== "endTurn")) await page.waitForSelector(".plan ol li");
      await page.waitForSelector(".end-turn:not([disabled])");
      await page.click(".end-turn");
      myTurns++;
    }
    await page.waitForSelector(".final table");
    expect(myTurns).toBeGreaterThanOrEqual(20); // two setup placements and 18 rounds
    expect(await page.$$(".final tbody tr")).toHaveLength(4);
    expect(await page.getAttribute(".game", "data-phase")).toBe("ended");
    const final = await apiCall(worker.base, "GET", `/api/games/${id}`);
    expect(final.status).toBe("finished");
    await shot(page, "practice-finished");

    // The replay: back to the empty board, one action forward, then back to the end.
    await page.waitForSelector(".replay");
    await page.click('.replay button[aria-label="Start"]');
    await page.waitForSelector(".replay-banner");
    expect(await page.$$("[data-cell][data-piece]")).toHaveLength(0);
    await page.click('.replay button[aria-label="Forward"]');
    expect(await page.$$("[data-cell][data-piece]")).toHaveLength(1);
    expect(await page.getAttribute(".game", "data-phase")).toBe("setup");
    await page.click(".replay-banner button");
    expect(await page.getAttribute(".game", "data-phase")).toBe("ended");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the creator seats a bot in the lobby, and hands a resigned seat to a bot in play", async () => {
    const ann = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
    const bob = await apiCall(worker.base, "POST", "/api/players", { name: "Bob" });
    const cat = await apiCall(worker.base, "POST", "/api/players", { name: "Cat" });
    const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await ctx.newPage();
    await page.goto(`${worker.base}/favicon.svg`);
    await page.evaluate((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
      id: ann.player.id,
      name: "Ann",
      token: ann.token,
    });

    // A waiting game of two: a medium bot takes the free seat, and the game starts.
    const waiting = await apiCall(worker.base, "POST", "/api/games", { seats: 2 }, ann.token);
    await page.goto(`${worker.base}/g/${waiting.game.id}`);
    await page.click('.add-bot button[data-level="medium"]');
    await page.waitForSelector('.game[data-phase="setup"]');
    const started = await apiCall(worker.base, "GET", `/api/games/${waiting.game.id}`);
    expect(started.status).toBe("active");
    expect(started.seats[1]).toMatchObject({ bot: "medium", player: { name: "Linnaeus ★★" } });

    // A game in play where Cat resigned: Ann hands Cat's seat to an easy bot.
    const g = await apiCall(worker.base, "POST", "/api/games", { seats: 3 }, ann.token);
    for (const p of [bob, cat])
      await apiCall(worker.base, "POST", `/api/games/${g.game.id}/join`, { code: g.invite.code }, p.token);
    await apiCall(worker.base, "POST", `/api/games/${g.game.id}/resign`, undefined, cat.token);
    await page.goto(`${worker.base}/g/${g.game.id}`);
    await page.click('.hand-over [data-seat="2"] button[data-level="easy"]');
    await page.waitForSelector(".hand-over", { state: "detached" });
    const after = await apiCall(worker.base, "GET", `/api/games/${g.game.id}`);
    expect(after.seats[2]).toMatchObject({ bot: "easy", resigned: false, player: { name: "Linnaeus ★" } });
    expect(await page.textContent(".players")).toContain("Linnaeus");
    await ctx.close();
  });
});
