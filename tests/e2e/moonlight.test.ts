/**
 * Under the Moonlight end to end in real Chromium against the local worker: two players create a
 * Moonlight game with the Great Tree from the form, each chooses an animal seeing only their own
 * deal, they place the animals, the Great Tree and the setup trees by clicking, and play rounds
 * with the animal's move and an ability by clicking; a spectator never sees the hidden deal; each
 * player and the spectator scrub through the game's history so far.
 */
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, startWorker, type LocalWorker, shot } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  // A known seed: seat 0 is dealt the hedgehog first and seat 1 the fox, so an ability (run,
  // steal, scare) is always within reach and the test does not depend on a lucky deal.
  [worker, chrome] = await Promise.all([startWorker({ vars: { FIXED_SEED: "13" } }), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

const version = async (page: Page) => Number(await page.getAttribute(".game", "data-version"));
async function waitVersion(page: Page, v: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) >= want,
    v,
    { timeout: 20_000 },
  );
}
const targets = (page: Page) =>
  page.$$eval('[data-cell][data-highlight="target"]', (els) => els.map((e) => e.getAttribute("data-cell")!));
const dealShown = (page: Page) =>
  page.$$eval(".moon-animal", (els) => els.map((e) => e.getAttribute("data-animal")!).sort());

describe("Under the Moonlight in the browser", () => {
  let ann: Page;
  let bruno: Page;
  let eve: Page;
  let gameId = "";
  const errors: string[] = [];
  const watch = (page: Page, name: string) => {
    page.on("pageerror", (e) => errors.push(`${name}: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource|WebSocket/.test(m.text()))
        errors.push(`${name} console: ${m.text()}`);
    });
  };

  it("creates a Moonlight game with the Great Tree from the form; a second player joins, a spectator watches", async () => {
    const annCtx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    ann = await annCtx.newPage();
    watch(ann, "ann");
    await ann.goto(`${worker.base}/`);
    await ann.fill('input[name="name"]', "Ann");
    await ann.click('form:has(input[name="name"]) button[type="submit"]');
    await ann.waitForSelector("#new-h");
    expect(await ann.$('input[name="greatTree"]')).toBeNull();
    await ann.check('input[name="moonlight"]');
    await ann.check('input[name="greatTree"]');
    expect(await ann.textContent(".moonlight")).toContain("moon points");
    await shot(ann, "moon-form-desktop");
    await ann.click('#new-h ~ form button[type="submit"]');
    await ann.waitForSelector(".lobby .invite input");
    const invite = await ann.inputValue(".invite input");
    gameId = invite.split("/g/")[1].split("?")[0];

    const brunoCtx = await chrome.browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: "de-DE",
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    bruno = await brunoCtx.newPage();
    watch(bruno, "bruno");
    await bruno.goto(invite);
    await bruno.fill('.lobby input[name="name"]', "Bruno");
    await bruno.click('.lobby form:has(input[name="name"]) button[type="submit"]');
    await bruno.click(".take-seat");
    await bruno.waitForSelector(".game");
    await ann.waitForSelector(".game");

    const eveCtx = await chrome.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
    eve = await eveCtx.newPage();
    watch(eve, "eve");
    await eve.goto(`${worker.base}/g/${gameId}`);
    await eve.waitForSelector(".moon-info");
    await ann.waitForSelector(".moon-info");
    await bruno.waitForSelector(".moon-info");
    const game = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(game.state.moon.stage).toBe("choose");
    expect(game.state.options.moonlight).toEqual({ greatTree: true, moonstones: false });
  });

  it("each player sees only their own deal; the spectator sees none", async () => {
    await shot(ann, "moon-choose-desktop");
    await shot(bruno, "moon-choose-phone");
    const annDeal = await dealShown(ann);
    const brunoDeal = await dealShown(bruno);
    expect(annDeal).toHaveLength(2);
    expect(brunoDeal).toHaveLength(2);
    for (const a of annDeal) expect(brunoDeal).not.toContain(a);
    expect(await dealShown(eve)).toEqual([]);
    // Abilities with their costs are on the cards.
    expect(await ann.$$eval(".moon-animal .cost", (els) => els.length)).toBeGreaterThanOrEqual(2);
    const spectator = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(spectator.state.moon.players.every((p: { deal: unknown }) => p.deal === null)).toBe(true);
    await shot(ann, "moon-choose-desktop");
    await shot(bruno, "moon-choose-phone");
  });

  it("plays the setup by clicking: animals, the Great Tree, the setup trees", async () => {
    const pageOf = async (seat: number) =>
      (await ann.getAttribute(".game", "data-seat")) === String(seat) ? ann : bruno;
    const other = (p: Page) => (p === ann ? bruno : ann);
    let chosen = 0;
    for (let guard = 0; guard < 20; guard++) {
      if ((await eve.getAttribute(".game", "data-phase")) !== "setup") break;
      const page = await pageOf(Number(await eve.getAttribute(".game", "data-to-act")));
      await page.waitForSelector(".turn-panel");
      // A new live connection first gets the spectator's view, then the player's: wait for what is to click.
      await page.waitForSelector('.moon-keep, [data-cell][data-highlight="target"]');
      const before = await version(eve);
      if (await page.$(".moon-keep")) {
        const keep = await page.$$eval(".moon-keep", (els) => els.map((e) => e.getAttribute("data-animal")!));
        await page.click(`.moon-keep[data-animal="${keep[0]}"]`);
        await page.waitForSelector(".plan li");
        chosen++;
      } else {
        const cells = await targets(page);
        expect(cells.length).toBeGreaterThan(0);
        await page.click(`[data-cell="${cells[0]}"]`);
        await page.waitForSelector(".plan li");
      }
      await page.click(".end-turn");
      await waitVersion(eve, before + 1);
      await waitVersion(other(page), before + 1);
      if (chosen === 1 && before === 0) {
        // The other player and the spectator learn that an animal was chosen, not which.
        const log = await eve.textContent(".log");
        expect(log).toContain("chose an animal");
        expect(log).not.toMatch(/chose the /);
        await other(page).waitForFunction(() =>
          /(chose an animal|hat ein Tier gewählt)/.test(document.querySelector(".log")?.textContent ?? ""),
        );
      }
      if (before === 3) {
        await shot(ann, "moon-setup-desktop");
        await shot(bruno, "moon-setup-phone");
      }
    }
    expect(chosen).toBe(2);
    expect(await eve.getAttribute(".game", "data-phase")).toBe("play");
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(g.state.moon.greatTree).toBeGreaterThanOrEqual(0);
    expect(g.state.moon.players.every((p: { cell: number; animal: string | null }) => p.cell >= 0 && p.animal)).toBe(
      true,
    );
    expect(await eve.textContent(".log")).toMatch(/placed the Great Tree on [a-g]\d/);
  });

  it("draws the animals, the Great Tree and the moonstones from the sprite, in their inks, kept for offline use", async () => {
    // The page draws the Moonlight's static pictures by reference to one immutable SVG file
    // (scripts/build-web.mjs moonSprite; docs/web.md "Weights"): a <use> whose file did not come, or
    // whose inks did not reach it, draws nothing — so each must have a box, and the owner's colour.
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    for (const page of [ann, bruno, eve]) {
      await page.waitForFunction(
        () => {
          const uses = [...document.querySelectorAll("g.animal use, g.great-tree use")];
          return uses.length === 3 && uses.every((u) => u.getBoundingClientRect().width > 8);
        },
        undefined,
        { timeout: 20_000 },
      );
      const href = (await page.getAttribute("g.animal use", "href"))!;
      expect(href).toMatch(/^\/chunks\/moon-[0-9a-f]{10}\.svg#[a-z]+$/);
      for (const u of await page.$$("g.animal use, g.great-tree use, g.moonstone use, g.nest use")) {
        const box = (await u.boundingBox())!;
        expect(box.width).toBeGreaterThan(8);
        expect(box.height).toBeGreaterThan(8);
      }
      // Each animal in its owner's colour (the ink --a of its <use>): pixels of that colour in its box.
      for (const [seat, p] of (g.state.moon.players as { animal: string }[]).entries()) {
        const use = (await page.$(`g.animal[data-seat="${"ab"[seat]}"] use`))!;
        expect(await use.getAttribute("href")).toBe(`${href.split("#")[0]}#${p.animal}`);
        const png = PNG.sync.read(await use.screenshot());
        const [r, gr, b] = ["#D55E00", "#0072B2"][seat].match(/[0-9A-F]{2}/g)!.map((h) => Number.parseInt(h, 16));
        let inked = 0;
        for (let i = 0; i < png.data.length; i += 4)
          if (Math.abs(png.data[i] - r) + Math.abs(png.data[i + 1] - gr) + Math.abs(png.data[i + 2] - b) < 40) inked++;
        expect(inked, `${p.animal} of seat ${seat}`).toBeGreaterThan(20);
      }
    }
    const file = (await ann.getAttribute("g.animal use", "href"))!.split("#")[0];
    const res = await fetch(`${worker.base}${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The service worker keeps it, as it keeps the chunks, for the page opened offline.
    await ann.waitForFunction((f) => caches.match(f).then((hit) => !!hit), file, { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it("plays rounds moving the animal and using an ability by clicking", async () => {
    const pageOf = async (seat: number) =>
      (await ann.getAttribute(".game", "data-seat")) === String(seat) ? ann : bruno;
    let moved = 0;
    let abilities = 0;
    let turns = 0;
    for (let guard = 0; guard < 40 && (abilities === 0 || turns < 2); guard++) {
      const page = await pageOf(Number(await eve.getAttribute(".game", "data-to-act")));
      await page.waitForSelector(".moon-controls");
      const before = await version(eve);
      // The animal's move: one of the highlighted cells (where a piece of the player's could act
      // too, the cell is chosen and the move is offered beside its actions).
      const cells = await targets(page);
      if (cells.length > 0) {
        await page.click(`[data-cell="${cells[turns % cells.length]}"]`);
        await page.waitForSelector('.plan li, .choices .choice[data-kind="moveAnimal"]');
        if (await page.$('.choices .choice[data-kind="moveAnimal"]'))
          await page.click('.choices .choice[data-kind="moveAnimal"]');
        await page.waitForSelector(".plan li");
        moved++;
      }
      // An ability when one is affordable: its button, then its target cells if it asks for them.
      const button = await page.$('.moon-ability[data-legal="1"] .choice:not([disabled])');
      if (button) {
        await button.click();
        for (let i = 0; i < 2 && (await page.$(".moon-pick")); i++) {
          const cells = await targets(page);
          expect(cells.length).toBeGreaterThan(0);
          await page.click(`[data-cell="${cells[0]}"]`);
        }
        await page.waitForFunction(() => !document.querySelector(".moon-pick"));
        abilities++;
        if (abilities === 1) await shot(page, page === ann ? "moon-ability-desktop" : "moon-ability-phone");
      }
      await page.click(".end-turn");
      await waitVersion(eve, before + 1);
      turns++;
    }
    expect(moved).toBeGreaterThan(0);
    expect(abilities).toBeGreaterThan(0);
    const log = await eve.textContent(".log");
    expect(log).toMatch(/moved from [a-g]\d to [a-g]\d/);
    expect(log).toMatch(/used .+ \(\d+ ☾\)/);
    await shot(eve, "moon-play-spectator");
    await shot(bruno, "moon-play-phone");
    await shot(ann, "moon-play-desktop");
    // The spectator still sees no deal, and the moon card shows both players' moon points.
    expect(await dealShown(eve)).toEqual([]);
    expect(await eve.$$eval(".moon-seats li", (els) => els.length)).toBe(2);
    expect(errors).toEqual([]);
  });

  it("has a history scrubber in a game in progress, replaying only what each viewer may see", async () => {
    // Before the engine's replayView the client rebuilt Moonlight games without the expansion, so
    // they had no scrubber at all. Setup here: 2 choices, 2 animals, the Great Tree, 4 setup trees.
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    const animals: string[] = g.state.moon.players.map((p: { animal: string }) => p.animal);
    for (const [page, start, forward] of [
      [ann, "Start", "Forward"],
      [bruno, "Anfang", "Weiter"],
      [eve, "Start", "Forward"],
    ] as const) {
      await page.waitForSelector(".replay");
      await page.click(`.replay button[aria-label="${start}"]`);
      await page.waitForSelector(".replay-banner");
      expect(await page.getAttribute(".game", "data-phase")).toBe("setup");
      expect(await page.$$("[data-cell][data-piece]")).toHaveLength(0);
      expect(await page.$$("g.animal")).toHaveLength(0);
      // A deal is secret: the history shows a player only the board it is seen to keep, the spectator none.
      const seat = Number(await page.getAttribute(".game", "data-seat"));
      expect(await dealShown(page)).toEqual(seat >= 0 ? [animals[seat]] : []);
      for (let i = 0; i < 5; i++) await page.click(`.replay button[aria-label="${forward}"]`);
      // Both animals and the Great Tree stand; no tree yet.
      expect(await page.$$("g.animal")).toHaveLength(2);
      expect(await page.$$("[data-cell][data-great-tree]")).toHaveLength(1);
      expect(await page.$$("[data-cell][data-piece]")).toHaveLength(0);
      await page.click(`.replay button[aria-label="${forward}"]`);
      expect(await page.$$("[data-cell][data-piece]")).toHaveLength(1);
      if (page === eve) await shot(eve, "moon-replay-spectator");
      await page.click(".replay-banner button");
      await page.waitForFunction(() => !document.querySelector(".replay-banner"));
      expect(await page.getAttribute(".game", "data-phase")).toBe("play");
    }
    expect(errors).toEqual([]);
  });
});
