/**
 * End to end in real Chromium against the local worker: two players create profiles, create and
 * join a game, play the setup and several full rounds by clicking; a spectator sees every change
 * live; switching the language changes the page; a reload keeps identity and state; a stale page
 * gets a conflict explained and recovers.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, startWorker, type LocalWorker } from "./support";

const SHOTS = process.env.CANOPY_SHOTS ?? "";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Every cell's piece as the page's board draws it ("d4:a2 …"). */
async function pieces(page: Page): Promise<string> {
  return page.$$eval("[data-cell]", (els) =>
    els
      .map((e) => `${e.getAttribute("data-cell")}:${e.getAttribute("data-piece") ?? ""}`)
      .join(" "),
  );
}

async function version(page: Page): Promise<number> {
  return Number(await page.getAttribute(".game", "data-version"));
}

/** Wait until the page shows the game at `v` (or later). */
async function waitVersion(page: Page, v: number): Promise<void> {
  await page.waitForFunction((want) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) >= want, v, { timeout: 20_000 });
}

function watch(page: Page, name: string, errors: string[]): void {
  page.on("pageerror", (e) => errors.push(`${name}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|WebSocket/.test(m.text())) errors.push(`${name} console: ${m.text()}`);
  });
}

/**
 * Play the turn of whoever is to act on `page` by clicking: in setup, the first highlighted edge
 * cell; in play, a growth or a planting when one is offered, then End turn.
 */
async function playTurn(page: Page, turn: number): Promise<void> {
  await page.waitForSelector(".turn-panel", { timeout: 20_000 });
  const phase = await page.getAttribute(".game", "data-phase");
  if (phase === "setup") {
    const targets = await page.$$('[data-cell][data-highlight="target"]');
    expect(targets.length).toBeGreaterThan(0);
    await targets[turn % targets.length].click();
    await page.waitForSelector(".plan li");
  } else {
    // Grow something if possible, else plant from a tree; buy a seed when nothing else is offered.
    const sources = await page.$$eval('[data-cell][data-highlight="source"]', (els) => els.map((e) => e.getAttribute("data-cell")!));
    let acted = false;
    for (const s of sources) {
      await page.click(`[data-cell="${s}"]`);
      const grow = await page.$('.choice[data-kind="grow"]');
      if (grow && turn % 3 !== 2) {
        await grow.click();
        acted = true;
        break;
      }
      const target = await page.$('[data-cell][data-highlight="target"]');
      if (target) {
        await target.click();
        acted = true;
        break;
      }
      await page.click(`[data-cell="${s}"]`); // deselect
    }
    if (!acted) {
      const seed = await page.$('.buy[data-piece="seed"]:not([disabled])');
      if (seed) await seed.click();
    }
  }
  const before = await version(page);
  await page.click(".end-turn");
  await waitVersion(page, before + 1);
}

describe("a whole game in the browser", () => {
  let ann: Page;
  let bruno: Page;
  let eve: Page;
  let annCtx: BrowserContext;
  let brunoCtx: BrowserContext;
  let gameUrl = "";
  const errors: string[] = [];

  it("two players create profiles, create and join a game; a spectator watches", async () => {
    annCtx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    ann = await annCtx.newPage();
    watch(ann, "ann", errors);
    await ann.goto(`${worker.base}/`);
    await ann.fill('input[name="name"]', "Ann");
    await ann.click('form:has(input[name="name"]) button[type="submit"]');
    await ann.waitForSelector("#new-h");
    expect(await ann.textContent(".signed-in")).toContain("Ann");
    await ann.click('#new-h ~ form button[type="submit"]');
    await ann.waitForSelector(".lobby .invite input");
    const invite = await ann.inputValue(".invite input");
    expect(invite).toMatch(/\/g\/[0-9a-z]+\?invite=/);
    gameUrl = invite.split("?")[0];
    await shot(ann, "lobby-desktop");

    // Bruno is on a phone, with a German browser: the page speaks German by itself.
    brunoCtx = await chrome.browser.newContext({ viewport: { width: 375, height: 812 }, locale: "de-DE", isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    bruno = await brunoCtx.newPage();
    watch(bruno, "bruno", errors);
    await bruno.goto(invite);
    await bruno.waitForSelector(".lobby");
    expect(await bruno.textContent(".lobby h1")).toContain("Warten auf Mitspieler");
    await bruno.fill('.lobby input[name="name"]', "Bruno");
    await bruno.click('.lobby form:has(input[name="name"]) button[type="submit"]');
    await bruno.click(".take-seat");
    // A full game starts by itself, for both players.
    await bruno.waitForSelector(".game");
    await ann.waitForSelector(".game");

    const eveCtx = await chrome.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
    eve = await eveCtx.newPage();
    watch(eve, "eve", errors);
    await eve.goto(gameUrl);
    await eve.waitForSelector(".game");
    expect(await eve.textContent(".status")).toContain("You are watching");
    expect(await eve.$(".turn-panel")).toBeNull();
    await eve.waitForSelector(".live.open");
  });

  it("plays the setup and three full rounds by clicking; the spectator sees each change live", async () => {
    const seatPage = async (seat: number) => ((await ann.getAttribute(".game", "data-seat")) === String(seat) ? ann : bruno);
    let turns = 0;
    for (let guard = 0; guard < 60; guard++) {
      const round = Number(await eve.getAttribute(".game", "data-round"));
      const phase = await eve.getAttribute(".game", "data-phase");
      if (phase === "play" && round > 3) break;
      const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
      const page = await seatPage(toAct);
      const before = await version(eve);
      await playTurn(page, turns);
      if (turns === 1) await shot(page, page === ann ? "setup-desktop" : "setup-phone");
      turns++;
      const after = await version(page);
      expect(after).toBe(before + 1);
      // Everyone follows live, without reloading: same version, same board.
      await waitVersion(eve, after);
      await waitVersion(ann, after);
      await waitVersion(bruno, after);
      const board = await pieces(page);
      expect(await pieces(eve)).toBe(board);
      expect(await pieces(page === ann ? bruno : ann)).toBe(board);
    }
    expect(turns).toBeGreaterThanOrEqual(4 + 3 * 2);
    expect(await eve.getAttribute(".game", "data-round")).toBe("4");
    // Trees grew and seeds were planted along the way.
    const board = await pieces(eve);
    expect(board).toMatch(/:[ab][02]/);
    await shot(ann, "play-desktop");
    await shot(bruno, "play-phone");
    await shot(eve, "spectator");
  });

  it("plans with undo and redo before ending the turn", async () => {
    const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
    const page = (await ann.getAttribute(".game", "data-seat")) === String(toAct) ? ann : bruno;
    await page.waitForSelector(".turn-panel");
    const start = await pieces(page);
    const light = await page.textContent(".light-now");
    const buy = await page.$(".buy:not([disabled])");
    expect(buy).not.toBeNull();
    await buy!.click();
    await page.waitForSelector(".plan li");
    expect(await page.textContent(".light-now")).not.toBe(light);
    await page.click(".undo");
    expect(await page.textContent(".light-now")).toBe(light);
    expect(await page.$(".plan li")).toBeNull();
    await page.click(".redo");
    expect(await page.$$(".plan li")).toHaveLength(1);
    expect(await pieces(page)).toBe(start);
    const v = await version(page);
    await page.click(".end-turn");
    await waitVersion(eve, v + 1);
  });

  it("switches the language, and remembers it", async () => {
    await eve.selectOption(".lang select", "fr");
    expect(await eve.textContent("#players-h")).toBe("Joueurs");
    expect(await eve.textContent(".status")).toContain("Vous regardez cette partie");
    expect(await eve.getAttribute("html", "lang")).toBe("fr");
    expect(await eve.getAttribute('[data-cell="d4"]', "aria-label")).toContain("4 feuilles");
    await eve.selectOption(".lang select", "ja");
    expect(await eve.textContent("#players-h")).toBe("プレイヤー");
    await eve.reload();
    await eve.waitForSelector(".game");
    expect(await eve.textContent("#players-h")).toBe("プレイヤー");
    await eve.selectOption(".lang select", "nl");
    expect(await eve.textContent("#players-h")).toBe("Spelers");
  });

  it("keeps identity and state across a reload", async () => {
    const board = await pieces(ann);
    const v = await version(ann);
    await ann.reload();
    await ann.waitForSelector(".game");
    expect(await version(ann)).toBe(v);
    expect(await pieces(ann)).toBe(board);
    expect(await ann.textContent(".player.me h3")).toContain("Ann");
    // The home page still knows Ann and lists the game.
    await ann.goto(`${worker.base}/`);
    await ann.waitForSelector(".games li a");
    expect(await ann.getAttribute(".games li a", "href")).toBe(new URL(gameUrl).pathname);
    await ann.click(".games li a");
    await ann.waitForSelector(".game");
  });

  it("explains a conflict and recovers when the page's game was stale", async () => {
    // A second tab of the player to act that never hears live updates (its socket is cut).
    const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
    const ctx = (await ann.getAttribute(".game", "data-seat")) === String(toAct) ? annCtx : brunoCtx;
    const page = ctx.pages()[0];
    const stale = await ctx.newPage();
    watch(stale, "stale", errors);
    await stale.addInitScript(() => {
      // biome-ignore lint: a socket that never connects
      (window as unknown as { WebSocket: unknown }).WebSocket = class {
        readyState = 0;
        send() {}
        close() {}
      };
    });
    await stale.goto(gameUrl);
    await stale.waitForSelector(".turn-panel");
    const v = await version(stale);
    // The first tab plays the turn...
    await playTurn(page, 1);
    await waitVersion(eve, v + 1);
    // ...and whoever is to act next plays too.
    const next = Number(await eve.getAttribute(".game", "data-to-act"));
    await playTurn((await ann.getAttribute(".game", "data-seat")) === String(next) ? ann : bruno, 2);
    await waitVersion(eve, v + 2);
    expect(await version(stale)).toBe(v);
    // The stale tab still believes it is its turn; ending it gets a 409, explained, then the game reloads.
    await stale.click(".end-turn");
    await stale.waitForSelector(".notice.warn");
    expect(await stale.textContent(".notice")).toContain("The game changed while you were planning");
    await waitVersion(stale, v + 2);
    expect(await pieces(stale)).toBe(await pieces(eve));
    await stale.close();
  });

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});
