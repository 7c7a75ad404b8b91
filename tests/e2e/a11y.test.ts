/**
 * axe-core on every kind of page players see (issue 14, defect 9; issue 25): the start page, a game
 * page (base game on your turn, Under the Moonlight while choosing and, on a phone, its dock in a
 * round, a finished game, a device signed out of its profile), signing in (/pair), a player's page,
 * the leaderboard, the open tables, how to play and the embed page, in Chromium. Any violation,
 * whatever its impact, fails the test, named with the elements it was found on. axe's script is
 * injected from node_modules (the page itself never loads it).
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  annAndBruno,
  launchChromium,
  playMoonTurnByApi,
  playUntil,
  readyToPlan,
  startWorker,
  type LocalWorker,
} from "./support";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ctx: BrowserContext;
let page: Page;
const games = { base: "", moon: "", moonPlay: "", finished: "" };
let ann = { id: "", name: "", token: "" };
const errors: string[] = [];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the page as it is now; its violations (any impact), in words. */
async function violations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: AXE });
  const found = (await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Violation[];
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page's <h1>s (every page has one). */
const headings = (p: Page) => p.$$eval("h1", (els) => els.map((e) => e.textContent ?? ""));

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  const table = await annAndBruno(worker.base);
  const tokens = table.tokens;
  // A base game in play, on Ann's turn (after the setup).
  games.base = await table.game();
  await playUntil(worker.base, games.base, tokens, (g) => g.state.phase === "play" && g.state.current === 0, 20);
  // Under the Moonlight with both modes, the animals being chosen.
  games.moon = await table.game({ moonlight: { greatTree: true, moonstones: true } });
  // Under the Moonlight again, played through its setup to Ann's turn in a round (the phone's dock).
  games.moonPlay = await table.game({ moonlight: { greatTree: true, moonstones: true } });
  await playUntil(
    worker.base,
    games.moonPlay,
    tokens,
    (g) => g.state.phase === "play" && g.state.current === 0,
    40,
    playMoonTurnByApi,
  );
  // A finished game, played to its end.
  games.finished = await table.game();
  await playUntil(worker.base, games.finished, tokens, (g) => g.status === "finished", 300);
  ann = table.ann;
  ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), table.ann);
  page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
});

afterAll(async () => {
  await ctx?.close();
  await chrome?.close();
  await worker?.stop();
});

/** A page at a phone's size (375 × 667, touch) in a context of its own; `init` runs before its scripts. */
async function phonePage(init: (id: typeof ann) => void): Promise<{ p: Page; close(): Promise<void> }> {
  const phone = await chrome.browser.newContext({
    viewport: { width: 375, height: 667 },
    locale: "en-US",
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(init, ann);
  const p = await phone.newPage();
  p.on("pageerror", (e) => errors.push(e.message));
  return { p, close: () => phone.close() };
}

describe("axe-core finds no violation", () => {
  it("on the start page", async () => {
    await page.goto(`${worker.base}/`);
    await page.waitForSelector('input[name="moonlight"]');
    await page.waitForSelector("ul.games li");
    expect(await violations(page)).toEqual([]);
    expect(await headings(page)).not.toEqual([]);
  });

  it("on a game page, on your turn, with a piece chosen", async () => {
    await page.goto(`${worker.base}/g/${games.base}`);
    await page.waitForSelector(".turn-panel");
    await readyToPlan(page);
    await page.click('[data-cell][data-highlight="source"]');
    await page.waitForSelector(".choices");
    expect(await violations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on a game page under the Moonlight", async () => {
    await page.goto(`${worker.base}/g/${games.moon}`);
    await page.waitForSelector(".moon-controls .moon-animal");
    await page.waitForSelector(".moon-info");
    expect(await violations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on a phone, under the Moonlight: the docked turn in a round", async () => {
    const { p, close } = await phonePage((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)));
    try {
      await p.goto(`${worker.base}/g/${games.moonPlay}`);
      // (the animal's abilities come with the part a turn is planned with, on the page's first touch)
      await readyToPlan(p);
      await p.waitForSelector('.turn-panel .moon-controls[data-step="play"] .moon-ability');
      expect(await violations(p)).toEqual([]);
      expect(await headings(p)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("on a game page of a device signed out of its profile (the card with Sign in again)", async () => {
    // (What the page keeps once told DEVICE_REVOKED: the profile it was signed out of, no key.)
    const { p, close } = await phonePage((id) =>
      localStorage.setItem("canopy.signedOut", JSON.stringify({ id: id.id, name: id.name })),
    );
    try {
      await p.goto(`${worker.base}/g/${games.base}`);
      await p.waitForSelector(".signed-out[role=alert] a");
      expect(await violations(p)).toEqual([]);
      expect(await headings(p)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("on signing in, a player's page, the leaderboard, the open tables and how to play", async () => {
    const pages: [string, string][] = [
      ["/pair", 'input[name="code"]'],
      [`/p/${ann.id}`, "main h1"],
      ["/leaderboard", "main h1"],
      ["/tables", "main h1"],
      ["/how-to-play", "main h1"],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${worker.base}${path}`);
      await page.waitForSelector(ready);
      expect(await violations(page), path).toEqual([]);
      expect(await headings(page), path).toHaveLength(1);
    }
  });

  it("on a finished game's page", async () => {
    await page.goto(`${worker.base}/g/${games.finished}`);
    // With what next for its player (Play again, New game, Back to your games).
    await page.waitForSelector(".final .what-next .play-again");
    expect(await violations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on the embed page", async () => {
    // The embed page's Content-Security-Policy admits its own script only: this context lets axe's in.
    const embedCtx = await chrome.browser.newContext({ viewport: { width: 640, height: 520 }, bypassCSP: true });
    try {
      const embed = await embedCtx.newPage();
      await embed.goto(`${worker.base}/embed/${games.base}`);
      await embed.waitForSelector("main svg");
      expect(await violations(embed)).toEqual([]);
    } finally {
      await embedCtx.close();
    }
    expect(errors).toEqual([]);
  });
});
