/**
 * "How to play" in real Chromium (issue 14): reached from a game page and from the start page by the
 * header's link, loaded only then (a chunk of its own), in the page's language, with its board
 * pictures drawn; an address with an anchor (#moonlight) shows that part.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTS } from "../web/dicts";
import { HOW_TO_PLAY } from "../../web/src/i18n/how-to-play";
import { apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await worker?.stop();
});

/** A page in a fresh context in `lang`, recording page errors and the chunks it loads. */
async function open(lang: string, width: number, errors: string[]): Promise<{ page: Page; loaded: string[] }> {
  const ctx = await chrome.browser.newContext({ viewport: { width, height: 800 }, locale: lang });
  contexts.push(ctx);
  const page = await ctx.newPage();
  const loaded: string[] = [];
  page.on("pageerror", (e) => errors.push(`${lang}: ${e.message}`));
  page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
  return { page, loaded };
}

/** The page is there, in its language, with its pictures drawn by the board renderer. */
async function checkPage(page: Page, lang: "en" | "de" | "fr" | "nl" | "ja"): Promise<void> {
  const h = HOW_TO_PLAY[lang];
  await page.waitForSelector("article.how-to-play h1");
  expect(await page.textContent("main h1")).toBe(h.title);
  expect(new URL(page.url()).pathname).toBe("/how-to-play");
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  expect(await page.title()).toContain(h.title);
  // Every part, in order, with its title in the language.
  const titles = await page.$$eval("article.how-to-play section h2", (els) => els.map((e) => e.textContent));
  expect(titles).toEqual([h.sun, h.light, h.turn, h.buy, h.plant, h.grow, h.collect, h.moonlight].map((s) => s.title));
  expect(await page.textContent("#sun figcaption")).toBe(h.shadowPicture);
  // The pictures: two boards of 37 cells with their pieces, and the four sizes, all laid out.
  for (const name of ["shadows", "planting"]) {
    const fig = `figure[data-picture="${name}"]`;
    expect(await page.$$(`${fig} svg .cell`), name).toHaveLength(37);
    expect((await page.$$(`${fig} svg [data-piece]`)).length, name).toBeGreaterThanOrEqual(4);
    const box = await (await page.$(`${fig} svg`))!.boundingBox();
    expect(box!.width, name).toBeGreaterThan(250);
    expect(box!.height, name).toBeGreaterThan(200);
  }
  // The worked example: the centre's medium tree is shaded, e5's collects 2 (two light dots).
  const shadows = 'figure[data-picture="shadows"]';
  expect(await page.getAttribute(`${shadows} [data-cell="d4"]`, "data-shadow")).toBe("3");
  expect(await page.getAttribute(`${shadows} [data-cell="e5"]`, "data-light")).toBe("2");
  expect(await page.$$('figure[data-picture="planting"] [data-highlight="target"]')).toHaveLength(15);
  // Under the Moonlight: the beaver stands in moonlight, the Great Tree in the centre, named in the language.
  const moon = 'figure[data-picture="moonlight"]';
  expect(await page.$$(`${moon} svg .cell`)).toHaveLength(37);
  expect(await page.getAttribute(`${moon} [data-cell="d2"]`, "data-moonlight")).toBe("direct");
  expect(await page.getAttribute(`${moon} [data-cell="d2"]`, "data-animal")).toBe("beaver");
  expect(await page.getAttribute(`${moon} [data-cell="d4"]`, "data-great-tree")).toBe("1");
  const moonTitles = await page.$$eval(`${moon} svg title`, (els) => els.map((e) => e.textContent));
  expect(moonTitles).toContain(h.moonWords.greatTree);
  expect(moonTitles).toContain(h.moonWords.animalOf(h.moonWords.animals.beaver, h.names[1], 3));
  // (its animals, Great Tree and moonstones drawn from the Moonlight's sprite: each <use> has a box)
  await page.waitForFunction(
    (fig) => {
      const uses = [...document.querySelectorAll(`${fig} svg use`)];
      return uses.length >= 3 && uses.every((u) => u.getBoundingClientRect().width > 4);
    },
    moon,
    { timeout: 20_000 },
  );
  const sizes = await page.$$('figure[data-picture="sizes"] svg');
  expect(sizes).toHaveLength(4);
  for (const s of sizes) expect((await s.boundingBox())!.width).toBeGreaterThan(30);
  // The cell names in the pictures are drawn (the caption speaks of them).
  expect(await page.$$eval(`${shadows} svg text`, (els) => els.map((e) => e.textContent))).toContain("d7");
}

describe("How to play", () => {
  it("opens from a game page and from the start page, in English and in German, with its pictures", async () => {
    const errors: string[] = [];
    const ann = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
    const bob = await apiCall(worker.base, "POST", "/api/players", { name: "Bob" });
    const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2 }, ann.token);
    const id = created.game.id as string;
    await apiCall(worker.base, "POST", `/api/games/${id}/join`, { code: created.invite.code }, bob.token);

    // From a game page, in English: the page's code is loaded only when the link is followed.
    const en = await open("en-GB", 1280, errors);
    await en.page.goto(`${worker.base}/g/${id}`);
    await en.page.waitForSelector(".game");
    const link = "header a.learn-link";
    expect(await en.page.textContent(link)).toBe(DICTS.en.howToPlay);
    await en.page.waitForLoadState("networkidle");
    expect(en.loaded.filter((p) => p.includes("how-to-play"))).toEqual([]);
    await en.page.click(link);
    await checkPage(en.page, "en");
    expect(en.loaded.filter((p) => /\/chunks\/how-to-play\/page-[A-Z0-9]+\.js$/.test(p))).toHaveLength(1);
    await shot(en.page, "how-to-play-en");
    // Back to the game with the browser's back button.
    await en.page.goBack();
    await en.page.waitForSelector(".game");

    // From the start page, in German, on a phone.
    const de = await open("de-DE", 375, errors);
    await de.page.goto(`${worker.base}/`);
    await de.page.waitForSelector("main h1");
    expect(await de.page.textContent(link)).toBe(DICTS.de.howToPlay);
    await de.page.click(link);
    await checkPage(de.page, "de");
    // Nothing wider than the phone's screen.
    expect(await de.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(de.page, "how-to-play-de-375");
    // The table of contents leads to each part.
    await de.page.click('nav a[href="#moonlight"]');
    await de.page.waitForFunction(() => location.hash === "#moonlight");
    expect(await de.page.isVisible("#moonlight h2")).toBe(true);

    // An address with an anchor, opened directly: that part is in view.
    const ja = await open("ja-JP", 375, errors);
    await ja.page.goto(`${worker.base}/how-to-play#moonlight`);
    await checkPage(ja.page, "ja");
    await ja.page.waitForFunction(() => {
      const r = document.getElementById("moonlight")!.getBoundingClientRect();
      return r.top >= -1 && r.top < innerHeight;
    });
    expect(await ja.page.textContent("#moonlight h2")).toBe(HOW_TO_PLAY.ja.moonlight.title);
    expect(errors).toEqual([]);
  });
});
