/**
 * axe-core on the pages players see (issue 14, defect 9): the start page, a game page (base game on
 * your turn, Under the Moonlight, a finished game) and the embed page, in Chromium. Any serious or
 * critical violation fails the test, named with the elements it was found on. axe's script is
 * injected from node_modules (the page itself never loads it).
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annAndBruno, launchChromium, playUntil, startWorker, type LocalWorker } from "./support";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ctx: BrowserContext;
let page: Page;
const games = { base: "", moon: "", finished: "" };
const errors: string[] = [];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the page as it is now; the serious and critical violations, in words. */
async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: AXE });
  const violations = (await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
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
  // A finished game, played to its end.
  games.finished = await table.game();
  await playUntil(worker.base, games.finished, tokens, (g) => g.status === "finished", 300);
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

describe("axe-core finds no serious or critical violation", () => {
  it("on the start page", async () => {
    await page.goto(`${worker.base}/`);
    await page.waitForSelector('input[name="moonlight"]');
    await page.waitForSelector("ul.games li");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await headings(page)).not.toEqual([]);
  });

  it("on a game page, on your turn, with a piece chosen", async () => {
    await page.goto(`${worker.base}/g/${games.base}`);
    await page.waitForSelector(".turn-panel");
    await page.click('[data-cell][data-highlight="source"]');
    await page.waitForSelector(".choices");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on a game page under the Moonlight", async () => {
    await page.goto(`${worker.base}/g/${games.moon}`);
    await page.waitForSelector(".moon-controls .moon-animal");
    await page.waitForSelector(".moon-info");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on a finished game's page", async () => {
    await page.goto(`${worker.base}/g/${games.finished}`);
    // With what next for its player (Play again, New game, Back to your games).
    await page.waitForSelector(".final .what-next .play-again");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await headings(page)).toHaveLength(1);
  });

  it("on the embed page", async () => {
    // The embed page's Content-Security-Policy admits its own script only: this context lets axe's in.
    const embedCtx = await chrome.browser.newContext({ viewport: { width: 640, height: 520 }, bypassCSP: true });
    try {
      const embed = await embedCtx.newPage();
      await embed.goto(`${worker.base}/embed/${games.base}`);
      await embed.waitForSelector("main svg");
      expect(await seriousViolations(embed)).toEqual([]);
    } finally {
      await embedCtx.close();
    }
    expect(errors).toEqual([]);
  });
});
