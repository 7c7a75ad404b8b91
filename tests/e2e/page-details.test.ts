/**
 * Details of the game page and the start page that players tripped over (issue 14, defects 7 and 8):
 * what a player card's SCORE is made of; the new game form's Moonlight checkbox; the start page's
 * cards, without empty areas.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import EN from "../../web/src/i18n/en";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { SOCIAL_TEXT } from "../../web/src/social/i18n";
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
  // Into the game proper, where the trees have collected light.
  for (let i = 0; i < 6; i++) await playTurnByApi(worker.base, gameId, tokens);
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

describe("a player card", () => {
  it("says what its score is made of: tokens, and a point for every 3 light points (issue 14, defect 7)", async () => {
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    await ann.goto(`${worker.base}/g/${gameId}`);
    await ann.waitForSelector(".player .score-how");
    const cards = await ann.$$eval(".player", (els) =>
      els.map((el) => {
        const how = el.querySelector<HTMLElement>(".score-how");
        const score = [...el.querySelectorAll(".label")].find((l) => l.textContent === "Score")?.parentElement;
        return {
          how: how?.textContent ?? "",
          shown: !!how && how.offsetHeight > 0 && getComputedStyle(how).visibility !== "hidden",
          title: score?.getAttribute("title") ?? "",
          score: Number(score?.querySelector("strong")?.textContent),
        };
      }),
    );
    expect(cards).toHaveLength(2);
    for (const [seat, c] of cards.entries()) {
      const p = g.state.players[seat];
      const tokenPoints = p.tokens.reduce((n: number, tk: { value: number }) => n + tk.value, 0);
      const fromLight = Math.floor(p.light / 3);
      expect(c.shown).toBe(true);
      expect(c.how).toBe(`= ${tokenPoints} in tokens + ${fromLight} for ${p.light} ☀ (1 per 3)`);
      expect(c.score).toBe(tokenPoints + fromLight);
      expect(c.title).toMatch(/1 point for every 3 light points/);
    }
    expect(errors).toEqual([]);
  });
});

describe("the new game form", () => {
  it("draws the Moonlight option's checkbox as large as the others, on a phone too (issue 14, defect 8)", async () => {
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${worker.base}/`);
        await page.waitForSelector('input[name="moonlight"]');
        const size = (name: string) =>
          page.$eval(`input[name="${name}"]`, (el) => {
            const r = el.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height)];
          });
        const moon = await size("moonlight");
        expect(moon, `${width}px`).toEqual(await size("longGame"));
        expect(moon, `${width}px`).toEqual(await size("heavyShade"));
        expect(moon[0], `${width}px`).toBeGreaterThanOrEqual(16);
      }
    } finally {
      await page.close();
    }
    expect(errors).toEqual([]);
  });
  it("names each yes/no option's checkbox by its text, and a click on the text ticks it and ticks it off", async () => {
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(`${worker.base}/`);
      const options: [string, string][] = [
        ["longGame", EN.longGame],
        ["heavyShade", EN.heavyShade],
        ["rated", SOCIAL_TEXT.en.ratedGame],
        ["open", HOME_TEXT.en.listOpen],
      ];
      for (const [name, text] of options) {
        const box = page.getByRole("checkbox", { name: text, exact: true });
        expect(await box.getAttribute("name"), name).toBe(name);
        expect(await box.isChecked(), name).toBe(false);
        await page.locator("label.check span", { hasText: text }).click();
        expect(await box.isChecked(), name).toBe(true);
        await page.locator("label.check span", { hasText: text }).click();
        expect(await box.isChecked(), name).toBe(false);
      }
    } finally {
      await page.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("the start page", () => {
  it("leaves no empty area: each card as tall as its content, the profile with its notifications box full width (issue 14, defect 8)", async () => {
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${worker.base}/`);
      await page.waitForSelector("#profile-h");
      await page.waitForSelector("#join-h");
      const box = (sel: string) =>
        page.$eval(sel, (el) => {
          const r = el.getBoundingClientRect();
          return { left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) };
        });
      const turns = await box("#turns");
      const profile = await box('section[aria-labelledby="profile-h"]');
      expect(profile.left).toBe(turns.left);
      expect(profile.width).toBe(turns.width);
      // The join card beside the (taller) new game card keeps its own height.
      const join = await box('section[aria-labelledby="join-h"]');
      const create = await box('section[aria-labelledby="new-h"]');
      expect(join.height).toBeLessThan(create.height / 2);
    } finally {
      await page.close();
    }
    expect(errors).toEqual([]);
  });
});
