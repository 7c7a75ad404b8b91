/**
 * The end of a game (issue 25, item 2), in Chromium with two browser profiles: a rated game over,
 * each player's page says what next and their rating after it with its change; Ann's "Play again"
 * makes the new game (same options and seats) and takes her there; Bruno's page, open on the old
 * game, learns of it live and his one tap seats him in it. Then the end in the five languages, at
 * a phone's width, with axe finding nothing serious.
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { END_TEXT } from "../../web/src/end/i18n";
import type { Lang } from "../../web/src/i18n";
import { annAndBruno, apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const LOCALES: Record<Lang, string> = { en: "en-US", fr: "fr-FR", de: "de-DE", nl: "nl-NL", ja: "ja-JP" };

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
const contexts: BrowserContext[] = [];
const errors: string[] = [];
const en = END_TEXT.en;
type Who = { id: string; name: string; token: string };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await chrome?.close();
  await worker?.stop();
});

async function as(who: Who, lang: Lang = "en", width = 1280): Promise<Page> {
  const ctx = await chrome.browser.newContext({ viewport: { width, height: 900 }, locale: LOCALES[lang] });
  contexts.push(ctx);
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), who);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(`${who.name}: ${e.message}`));
  return page;
}

/** axe-core's serious and critical violations on the page as it is now, in words (as tests/e2e/a11y.test.ts). */
async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: AXE });
  const violations = (await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Element, o: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document.documentElement, { resultTypes: ["violations"] })).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The rating after `gameId` on `playerId`'s page, and the one before (1000 for a first game). */
async function ratingOf(playerId: string, gameId: string) {
  const page = await apiCall(worker.base, "GET", `/api/players/${playerId}`);
  const h = page.ratingHistory as { game: string; rating: number }[];
  const i = h.findIndex((x) => x.game === gameId);
  return i < 0 ? null : { after: h[i].rating, change: h[i].rating - (i > 0 ? h[i - 1].rating : 1000) };
}

describe("the end of a game", () => {
  let oldId = "";
  let newId = "";
  let ann: Who;
  let bruno: Who;

  it("Play again: Ann makes the new game, Bruno is told live and sits down in one tap", async () => {
    const table = await annAndBruno(worker.base);
    ann = table.ann;
    const me = await apiCall(worker.base, "GET", "/api/me", undefined, table.tokens[1]);
    bruno = { id: me.id, name: me.name, token: table.tokens[1] };
    oldId = await table.game({ heavyShade: true, moveTimeSeconds: 86400, rated: true });
    const old = await apiCall(worker.base, "GET", `/api/games/${oldId}`);
    for (const token of table.tokens)
      await apiCall(worker.base, "POST", `/api/games/${oldId}/resign`, undefined, token);

    const annPage = await as(ann);
    const brunoPage = await as(bruno);
    for (const [p, who] of [
      [annPage, ann],
      [brunoPage, bruno],
    ] as const) {
      await p.goto(`${worker.base}/g/${oldId}`);
      await p.waitForSelector(".what-next .play-again");
      expect(await p.textContent(".what-next h3")).toBe(en.title);
      expect(await p.textContent(".what-next .play-again")).toBe(en.playAgain);
      expect(await p.getAttribute(".what-next .your-games", "href")).toBe("/");
      expect(await p.getAttribute(".what-next .new-game", "href")).toBe("/#new-h");
      // A rated game: the rating after it and its change, as the player page has them.
      await p.waitForSelector(".what-next .rating-change", { timeout: 20_000 });
      const r = await ratingOf(who.id, oldId);
      expect(r).not.toBeNull();
      expect(await p.textContent(".what-next .rating-change")).toBe(en.rating(r!.after, r!.change));
    }

    await shot(annPage, "end-desktop");
    await annPage.click(".what-next .play-again");
    await annPage.waitForURL((u) => /^\/g\/[0-9a-z]{12}$/.test(u.pathname) && u.pathname !== `/g/${oldId}`);
    newId = new URL(annPage.url()).pathname.split("/").pop()!;
    expect(newId).not.toBe(oldId);
    await annPage.waitForSelector(".lobby, .game");
    const made = await apiCall(worker.base, "GET", `/api/games/${newId}`);
    expect(made.options).toEqual(old.options);
    expect(made.seats.map((s: { player: { id: string } | null }) => s.player?.id ?? null)).toEqual([ann.id, null]);

    // Bruno's page, still on the old game, hears of it on its socket.
    await brunoPage.waitForSelector(".what-next .rematch-waiting", { timeout: 20_000 });
    expect(await brunoPage.textContent(".what-next .play-again")).toBe(en.joinRematch);
    await brunoPage.click(".what-next .play-again");
    await brunoPage.waitForURL(`${worker.base}/g/${newId}`);
    const full = await apiCall(worker.base, "GET", `/api/games/${newId}`);
    expect(full.seats.map((s: { player: { id: string } | null }) => s.player?.id).sort()).toEqual(
      [ann.id, bruno.id].sort(),
    );
    // Asked again from the old game: the same new game.
    const again = await apiCall(worker.base, "POST", `/api/games/${oldId}/rematch`, undefined, ann.token);
    expect(again.rematch.id).toBe(newId);
  }, 120_000);

  it("in the five languages, at a phone's width, with nothing serious for axe", async () => {
    expect(newId).not.toBe("");
    for (const l of Object.keys(LOCALES) as Lang[]) {
      const p = await as(bruno, l, 375);
      await p.goto(`${worker.base}/g/${oldId}`);
      await p.waitForSelector(".what-next .rematch-waiting");
      await p.waitForSelector(".what-next .rating-change");
      const e = END_TEXT[l];
      expect(await p.textContent(".what-next h3"), l).toBe(e.title);
      expect(await p.textContent(".what-next .play-again"), l).toBe(e.joinRematch);
      expect(await p.textContent(".what-next .new-game"), l).toBe(e.newGame);
      expect(await p.textContent(".what-next .your-games"), l).toBe(e.yourGames);
      // Every link and button of it is a 44 px target.
      for (const box of await p.$$eval(".what-next a, .what-next button", (els) =>
        els.map((el) => el.getBoundingClientRect().height),
      ))
        expect(box, l).toBeGreaterThanOrEqual(44);
      await p.locator(".what-next").scrollIntoViewIfNeeded();
      await shot(p, `end-phone-${l}`);
      expect(await seriousViolations(p), l).toEqual([]);
      // New game: the start page, its new game form in view (the first thing it shows a player).
      await p.click(".what-next .new-game");
      await p.waitForURL(`${worker.base}/#new-h`);
      await p.waitForSelector("#new-h");
      await p.waitForFunction(() => {
        const r = document.getElementById("new-h")!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      });
      await p.context().close();
      contexts.splice(contexts.indexOf(p.context()), 1);
    }
  }, 180_000);

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});
