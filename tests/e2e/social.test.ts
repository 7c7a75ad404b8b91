/**
 * Ratings in real Chromium (issue 16): after a rated game played to its end, the players' names on
 * the game page lead to their pages, which draw the rating-over-time chart; the leaderboard opens.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, playTurnByApi, shot, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
const errors: string[] = [];

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

describe("player pages", () => {
  it("a finished rated game: the name on the game page links to the player page, which shows the rating chart", async () => {
    const players: { id: string; token: string }[] = [];
    for (const name of ["Ann", "Bob"]) {
      const r = await apiCall(worker.base, "POST", "/api/players", { name });
      players.push({ id: r.player.id, token: r.token });
    }
    const tokens = players.map((p) => p.token);
    const created = await apiCall(
      worker.base,
      "POST",
      "/api/games",
      { seats: 2, firstPlayer: 0, rated: true },
      tokens[0],
    );
    const gameId: string = created.game.id;

    const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
      id: players[1].id,
      name: "Bob",
      token: tokens[1],
    });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    // Bob opens the invitation: the lobby says the game is rated, and Ann's name links to her page.
    await page.goto(`${worker.base}/g/${gameId}?invite=${created.invite.code}`);
    await page.getByText("Rated game.").waitFor();
    expect(await page.locator(`.seat-list a[href="/p/${players[0].id}"]`).textContent()).toBe("Ann");
    await apiCall(worker.base, "POST", `/api/games/${gameId}/join`, { code: created.invite.code }, tokens[1]);
    for (let i = 0; i < 200; i++) {
      const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
      if (g.status === "finished") break;
      await playTurnByApi(worker.base, gameId, tokens);
    }
    const final = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(final.status).toBe("finished");
    const page0 = await apiCall(worker.base, "GET", `/api/players/${players[0].id}`);
    expect(page0.ratings).toHaveLength(1);

    await page.goto(`${worker.base}/g/${gameId}`);
    await page.waitForSelector(".game");
    // Ann's name in the players list is a link to her page, followed without reloading.
    const link = page.locator(`article.player h3 a[href="/p/${players[0].id}"]`);
    await link.click();
    await page.waitForURL(`${worker.base}/p/${players[0].id}`);
    await page.waitForSelector("#player-h");
    expect(await page.textContent("#player-h")).toBe("Ann");
    const chart = page.locator('.ladder[data-ladder="base"] svg.rating-chart polyline');
    await chart.waitFor();
    const points = (await chart.getAttribute("points"))!.trim().split(" ");
    // Where everyone starts, then one point for the game.
    expect(points).toHaveLength(2);
    expect(await page.textContent('.ladder[data-ladder="base"] .rating')).toBe(String(page0.ratings[0].rating));
    expect(await page.textContent('.ladder[data-ladder="base"]')).toContain("provisional");
    // The finished game is listed with both players' places and scores, their names linking on.
    const finished = page.locator("ul.finished li");
    expect(await finished.count()).toBe(1);
    expect(await finished.first().locator(`a[href="/p/${players[1].id}"]`).textContent()).toBe("Bob");
    await shot(page, "player-page");

    // The leaderboard opens from there (nobody has the minimum of rated games yet).
    await page.click('a[href="/leaderboard"]');
    await page.waitForSelector("#board-h");
    await page.getByText("Nobody is listed yet.").waitFor();
    expect(await page.textContent(".social")).toContain("Players are listed here after 5 rated games");
    // A direct visit to a player page works too (the server gives the client for /p/…).
    await page.goto(`${worker.base}/p/${players[1].id}`);
    await page.waitForSelector('.ladder[data-ladder="base"] svg.rating-chart polyline');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
