/**
 * Under the Moonlight, a player who joins with the page open (issue 14, defect 1): Bruno opens the
 * invitation, makes a profile and takes the seat without reloading; when Ann (first to act) has
 * chosen her animal, Bruno's page must offer his own two animals at once. Before the fix his live
 * socket still counted him as a spectator (it said who he was before he sat), so the update it
 * brought hid his deal: "Choose your animal" with nothing to choose, until a reload (the server
 * side of it is pinned in tests/game/room.test.ts). Also defect 2: the setup status names the
 * expansion's step and counts it apart from the setup trees.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, startWorker, type LocalWorker } from "./support";

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

describe("Under the Moonlight: joining with the page open", () => {
  it("the joiner sees their own deal when it becomes their turn to choose, without a reload", async () => {
    const ann = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
    const created = await apiCall(
      worker.base,
      "POST",
      "/api/games",
      { seats: 2, moonlight: true, firstPlayer: 0 },
      ann.token,
    );
    const gameId: string = created.game.id;
    const invite: string = created.game.invite.url;

    const ctx = await chrome.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
    const bruno = await ctx.newPage();
    const errors: string[] = [];
    bruno.on("pageerror", (e) => errors.push(e.message));
    await bruno.goto(invite.replace(/^https?:\/\/[^/]+/, worker.base));
    await bruno.fill('.lobby input[name="name"]', "Bruno");
    await bruno.click('.lobby form:has(input[name="name"]) button[type="submit"]');
    await bruno.click(".take-seat");
    await bruno.waitForSelector(".game .moon-info");
    expect(await bruno.getAttribute(".game", "data-seat")).toBe("1");
    // Ann is to choose first: Bruno waits, with nothing to keep yet.
    expect(await bruno.$$(".moon-keep")).toHaveLength(0);
    // The status names the expansion's step and counts it alone (defect 2: it said "small trees on
    // edge cells (1 of 8 placed)" here); 2 choices and 2 animal placements come before the trees.
    await bruno.waitForFunction(() =>
      /choosing animals \(step 1 of 4\)/.test(document.querySelector(".setup-status")?.textContent ?? ""),
    );

    // Ann chooses through the API; Bruno's page hears it over its live socket.
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`, undefined, ann.token);
    const mine: string[] = g.state.moon.players[0].deal;
    expect(mine).toHaveLength(2);
    const before = await version(bruno);
    await apiCall(
      worker.base,
      "POST",
      `/api/games/${gameId}/actions`,
      { version: g.version, actions: [{ type: "chooseAnimal", animal: mine[0] }] },
      ann.token,
    );
    await bruno.waitForFunction(
      (v) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) > v,
      before,
      { timeout: 20_000 },
    );
    // His two animals, each with an enabled "Keep" (the page was not reloaded).
    await bruno.waitForFunction(() => document.querySelectorAll(".moon-keep:not([disabled])").length === 2, null, {
      timeout: 10_000,
    });
    const offered = await bruno.$$eval(".moon-keep", (els) => els.map((e) => e.getAttribute("data-animal")));
    for (const a of offered) expect(mine).not.toContain(a);
    expect(await bruno.textContent(".setup-status")).toMatch(/choosing animals \(step 2 of 4\)/);
    await bruno.click(".moon-keep");
    await bruno.waitForSelector(".plan li");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
