/**
 * The game page's layout (issue 14), checked by where things are on the screen in Chromium:
 * - on a phone (375 × 667) a whole turn — choose a piece, act, end the turn — is played with the
 *   board, the piece's actions and End turn in view at every step, nothing scrolled, no cell under
 *   the docked turn, and every cell a 44 px target;
 * - on a desktop (1280 × 900) the board, your turn and the history stand side by side, and stepping
 *   through the history never scrolls the board away;
 * - cell names cover no piece, and Under the Moonlight animals stand inside their cell (defect 8);
 * - the Moonlight panel links to How to play's Moonlight part.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellIndex, LABELS, legalActions, type GameState, type Hex } from "../../src/engine";
import {
  annAndBruno,
  apiCall,
  launchChromium,
  playMoonTurnByApi,
  playTurnByApi,
  playUntil,
  readyToPlan,
  startWorker,
  type LocalWorker,
} from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ann: { id: string; name: string; token: string };
const tokens: string[] = [];
const games = { base: "", moon: "", finished: "" };
const errors: string[] = [];

const state = (id: string) =>
  apiCall<{ version: number; status: string; state: GameState }>(worker.base, "GET", `/api/games/${id}`);

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker({ vars: { FIXED_SEED: "13" } }), launchChromium()]);
  const table = await annAndBruno(worker.base);
  ann = table.ann;
  tokens.push(...table.tokens);
  // A base game in play on Ann's turn, with a piece of hers that can grow.
  games.base = await table.game();
  await playUntil(
    worker.base,
    games.base,
    tokens,
    (g) => g.state.phase === "play" && g.state.current === 0 && legalActions(g.state).some((x) => x.type === "grow"),
    40,
  );
  // Under the Moonlight in play (the animals on the board), on Ann's turn.
  games.moon = await table.game({ moonlight: { greatTree: true, moonstones: true } });
  await playUntil(
    worker.base,
    games.moon,
    tokens,
    (g) => g.state.phase === "play" && g.state.round >= 2 && g.state.current === 0,
    40,
    playMoonTurnByApi,
  );
  // A finished game: a full board.
  games.finished = await table.game();
  await playUntil(worker.base, games.finished, tokens, (g) => g.status === "finished", 300);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

async function annAt(width: number, height: number, phone = false): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await chrome.browser.newContext({
    viewport: { width, height },
    locale: "en-US",
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), ann);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page };
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
/**
 * An element's box, found and measured in one step: `page.$eval` finds it and measures it in two round
 * trips, and the board's SVG is replaced on every change (ui/board.tsx): one replaced in between is
 * measured detached, all zeros (what made the desktop history step fail now and then, 2026-11-28).
 */
const box = (page: Page, sel: string): Promise<Box> =>
  page.evaluate((q) => {
    const el = document.querySelector(q);
    if (!el) throw new Error(`nothing matches ${q}`);
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  }, sel);
const inView = (b: Box, vw: number, vh: number) =>
  b.top >= -0.5 && b.left >= -0.5 && b.bottom <= vh + 0.5 && b.right <= vw + 0.5 && b.height > 0;
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe("on a phone (375 × 667)", () => {
  it("plays a whole turn with the board, the piece's actions and End turn in view at every step, nothing scrolled", async () => {
    const { ctx, page } = await annAt(375, 667, true);
    try {
      const before = await state(games.base);
      const grow = legalActions(before.state).find((x) => x.type === "grow") as { cell: Hex } | undefined;
      expect(grow).toBeDefined();
      const cell = LABELS[cellIndex(grow!.cell.q, grow!.cell.r)];
      await page.goto(`${worker.base}/g/${games.base}`);
      await page.waitForSelector(".turn-panel .end-turn");
      await page.waitForSelector(".history .log");
      const y0: number = await page.evaluate(() => window.scrollY);
      expect(y0).toBe(0);

      const check = async (step: string, more: string[] = []) => {
        // (the picture's frame: on a phone the picture is a little wider, its margins cut off)
        const board = await box(page, ".board-host");
        expect(inView(board, 375, 667), `${step}: the board in view ${JSON.stringify(board)}`).toBe(true);
        const end = await box(page, ".turn-panel .end-turn");
        expect(inView(end, 375, 667), `${step}: End turn in view`).toBe(true);
        for (const sel of more) expect(inView(await box(page, sel), 375, 667), `${step}: ${sel} in view`).toBe(true);
        // No cell lies under the docked turn, and each is a 44 px target.
        const dock = await box(page, ".turn-panel");
        const cells = await page.$$eval("[data-cell]", (els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { bottom: r.bottom, width: r.width, height: r.height };
          }),
        );
        expect(cells).toHaveLength(37);
        expect(Math.max(...cells.map((c) => c.bottom)), `${step}: the cells above the dock`).toBeLessThanOrEqual(
          dock.top + 0.5,
        );
        for (const c of cells) {
          expect(c.width).toBeGreaterThanOrEqual(44);
          expect(c.height).toBeGreaterThanOrEqual(44);
        }
        expect(await page.evaluate(() => window.scrollY), `${step}: not scrolled`).toBe(y0);
      };

      await check("the turn starts", [".turn-panel .buy"]);
      // Choose the piece: its actions appear in the dock, under the board.
      await page.click(`[data-cell="${cell}"]`);
      await page.waitForSelector('.choices .choice[data-kind="grow"]');
      await check("a piece chosen", ['.choices .choice[data-kind="grow"]', ".choices-head button"]);
      // Act.
      await page.click('.choices .choice[data-kind="grow"]');
      await page.waitForSelector(".plan .undo:not([disabled])");
      await check("grown", [".plan .undo"]);
      expect(await page.$$eval(".plan ol li", (els) => els.length)).toBe(1);
      // End the turn.
      await page.click(".turn-panel .end-turn");
      await page.waitForFunction(
        (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) > v,
        before.version,
      );
      await page.waitForSelector(".turn-panel", { state: "detached" });
      const board = await box(page, ".board-host");
      expect(inView(board, 375, 667), "the turn sent: the board in view").toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(y0);
      const after = await state(games.base);
      expect(after.state.current).toBe(1);
      expect(after.version).toBeGreaterThan(before.version);
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("a spectator on a phone (375 × 667)", () => {
  it("reads a tapped cell's details at the foot of the screen, the board still in view, and closes them", async () => {
    const ctx = await chrome.browser.newContext({
      viewport: { width: 375, height: 667 },
      locale: "en-US",
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(`${worker.base}/g/${games.finished}`);
      await page.waitForSelector(".board-host svg");
      expect(await page.$(".turn-panel")).toBeNull();
      await page.click('[data-cell="d4"]');
      await page.waitForSelector(".cell-info");
      const info = await box(page, ".cell-info");
      expect(inView(info, 375, 667), "the details in view").toBe(true);
      expect(info.bottom).toBeGreaterThan(667 - 1);
      expect(await page.textContent(".cell-info")).toContain("d4");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const board = await box(page, ".board-host");
      expect(board.top).toBeGreaterThanOrEqual(-0.5);
      expect(info.top).toBeGreaterThan(board.top + board.height / 2);
      await page.click('.cell-info button[aria-label="Close"]');
      await page.waitForSelector(".cell-info", { state: "detached" });
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("on a desktop (1280 × 900)", () => {
  it("shows the board, your turn and the history side by side; stepping through the history never scrolls the board away", async () => {
    // Ann's turn again in the base game, with more than six actions to step through (whether or not
    // the phone's turn was played).
    for (let i = 0; i < 20; i++) {
      const g = await state(games.base);
      if (g.state.ply > 6 && g.state.current === 0) break;
      await playTurnByApi(worker.base, games.base, tokens);
    }
    const { ctx, page } = await annAt(1280, 900);
    try {
      await page.goto(`${worker.base}/g/${games.base}`);
      await page.waitForSelector(".turn-panel");
      // The whole log has come (it comes a page at a time).
      const total = (await state(games.base)).state.ply;
      await page.waitForSelector(`.history .replay input[max="${total}"]`);
      const board = await box(page, "#board");
      const turn = await box(page, ".turn-panel");
      const history = await box(page, ".history");
      expect(board.right).toBeLessThanOrEqual(turn.left);
      expect(turn.right).toBeLessThanOrEqual(history.left);
      for (const b of [board, turn, history]) expect(b.top).toBeLessThan(300);
      expect(inView(await box(page, ".board-host svg"), 1280, 900)).toBe(true);
      expect(inView(await box(page, ".history .replay"), 1280, 900)).toBe(true);

      const step = async (label: string, ply: number, y: number) => {
        await page.click(`.replay button[aria-label="${label}"]`);
        expect(errors).toEqual([]);
        await page.waitForFunction((n) => new URL(location.href).searchParams.get("ply") === String(n), ply);
        expect(await page.evaluate(() => window.scrollY), `${label} to ${ply}: not scrolled`).toBe(y);
        const svg = await box(page, ".board-host svg");
        expect(inView(svg, 1280, 900), `${label} to ${ply}: the board in view (${JSON.stringify(svg)})`).toBe(true);
        expect(inView(await box(page, ".history .replay"), 1280, 900)).toBe(true);
      };
      await step("Start", 0, 0);
      for (let n = 1; n <= 4; n++) await step("Forward", n, 0);
      await step("Back", 3, 0);
      // Scrolled down the page (to the players, the notifications): the board and the history stay.
      const bottom = await page.evaluate(() => {
        scrollTo(0, document.scrollingElement!.scrollHeight);
        return window.scrollY;
      });
      expect(bottom).toBeGreaterThan(0);
      for (let n = 4; n <= 6; n++) await step("Forward", n, bottom);
      expect(total).toBeGreaterThan(6);
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("the board's details (defect 8)", () => {
  it("writes cell names under the pieces, never over one, on a full board and under the Moonlight", async () => {
    const { ctx, page } = await annAt(1280, 900);
    try {
      for (const id of [games.finished, games.moon]) {
        await page.goto(`${worker.base}/g/${id}`);
        await page.waitForSelector(".board-host svg");
        if (!(await page.isChecked(".board-opts input >> nth=1"))) await page.check(".board-opts input >> nth=1");
        await page.waitForSelector("text.name");
        const cells = await page.$$eval("[data-cell]", (els) =>
          els.map((cell) => {
            const rect = (e: Element | null) => {
              if (!e) return null;
              const r = e.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
            };
            return {
              cell: cell.getAttribute("data-cell")!,
              name: rect(cell.querySelector("text.name")),
              nameText: cell.querySelector("text.name")?.textContent ?? "",
              hex: rect(cell.querySelector(".hit")),
              covers: [".piece", ".animal", ".great-tree path", ".great-tree rect", ".nest", ".moonstone"].flatMap(
                (sel) => [...cell.querySelectorAll(sel)].map((e) => ({ sel, r: rect(e)! })),
              ),
            };
          }),
        );
        expect(cells).toHaveLength(37);
        const pieces = cells.reduce((n, c) => n + c.covers.length, 0);
        expect(pieces).toBeGreaterThan(id === games.finished ? 10 : 4);
        for (const c of cells) {
          expect(c.nameText).toBe(c.cell);
          const name = c.name!;
          expect(name.width).toBeGreaterThan(3);
          // Inside its own cell…
          expect(name.left).toBeGreaterThanOrEqual(c.hex!.left);
          expect(name.right).toBeLessThanOrEqual(c.hex!.right);
          expect(name.top).toBeGreaterThan((c.hex!.top + c.hex!.bottom) / 2);
          expect(name.bottom).toBeLessThanOrEqual(c.hex!.bottom + 1);
          // …over none of its pieces.
          for (const p of c.covers) expect(overlap(name, p.r), `${c.cell}: the name over ${p.sel}`).toBe(false);
        }
      }
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });

  it("stands each Moonlight animal inside its cell, clear of the cell's border", async () => {
    const { ctx, page } = await annAt(1280, 900);
    try {
      await page.goto(`${worker.base}/g/${games.moon}`);
      await page.waitForSelector(".board-host svg g.animal");
      const animals = await page.$$eval("[data-cell]:has(g.animal)", (els) =>
        els.map((cell) => {
          const hex = cell.querySelector(".hit")!.getBoundingClientRect();
          const disc = cell.querySelector("g.animal circle")!.getBoundingClientRect();
          const all = cell.querySelector("g.animal")!.getBoundingClientRect();
          return {
            cell: cell.getAttribute("data-cell"),
            hex: { x: hex.left + hex.width / 2, y: hex.top + hex.height / 2, apothem: hex.width / 2 },
            disc: { x: disc.left + disc.width / 2, y: disc.top + disc.height / 2, r: disc.width / 2 },
            all: { top: all.top, bottom: all.bottom, left: all.left, right: all.right },
          };
        }),
      );
      expect(animals).toHaveLength(2);
      for (const a of animals) {
        // A pointy-top hexagon: the disc inside when it is within the apothem of every side.
        for (let k = 0; k < 6; k++) {
          const angle = (Math.PI / 3) * k;
          const d = (a.disc.x - a.hex.x) * Math.cos(angle) + (a.disc.y - a.hex.y) * Math.sin(angle);
          expect(d + a.disc.r, `${a.cell}: the animal across side ${k}`).toBeLessThanOrEqual(a.hex.apothem);
        }
      }
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("Under the Moonlight's panel", () => {
  it("links to How to play's Moonlight part", async () => {
    const { ctx, page } = await annAt(1280, 900);
    try {
      await page.goto(`${worker.base}/g/${games.moon}`);
      await page.waitForSelector(".moon-info");
      const link = page.locator('.moon-info a[href="/how-to-play#moonlight"]');
      expect(await link.count()).toBe(1);
      await link.click();
      await page.waitForSelector("#moonlight");
      expect(new URL(page.url()).pathname).toBe("/how-to-play");
      const part = await box(page, "#moonlight");
      expect(part.top).toBeLessThan(900);
      expect(part.top).toBeGreaterThanOrEqual(-1);
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("Under the Moonlight on a phone (375 × 667)", () => {
  it("moves the animal from the docked turn with the board in view, nothing scrolled", async () => {
    const before = await state(games.moon);
    expect(before.state.phase).toBe("play");
    expect(before.state.current).toBe(0);
    const { ctx, page } = await annAt(375, 667, true);
    try {
      await page.goto(`${worker.base}/g/${games.moon}`);
      // The animal's move and abilities sit in the docked turn, with buying and End turn: they come
      // with the part a turn is planned with, on the page's first touch (docs/web.md "Weights").
      await readyToPlan(page);
      await page.waitForSelector('.turn-panel .moon-controls[data-step="play"]');
      const inDock = async (step: string, sel: string) => {
        const dock = await box(page, ".turn-panel");
        const b = await box(page, sel);
        expect(inView(b, 375, 667), `${step}: ${sel} in view`).toBe(true);
        expect(b.top, `${step}: ${sel} in the dock`).toBeGreaterThanOrEqual(dock.top - 0.5);
      };
      const boardInView = async (step: string) => {
        const board = await box(page, ".board-host");
        // The board's cells above the dock but perhaps its last row: its top half at least in view.
        expect(board.top, `${step}: the board's top`).toBeGreaterThanOrEqual(-0.5);
        expect((await box(page, ".turn-panel")).top, `${step}: the dock under the board's middle`).toBeGreaterThan(
          board.top + board.height / 2,
        );
        expect(await page.evaluate(() => window.scrollY), `${step}: not scrolled`).toBe(0);
      };
      await inDock("the turn starts", ".turn-panel .moon-step");
      await inDock("the turn starts", ".turn-panel .end-turn");
      await boardInView("the turn starts");
      expect(await page.$$eval(".turn-panel .moon-ability", (els) => els.length)).toBeGreaterThan(0);
      // The cells the animal may reach are lit up on the board, in view.
      const cells = await page.$$eval('[data-cell][data-highlight="target"]', (els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { cell: e.getAttribute("data-cell")!, top: r.top, bottom: r.bottom };
        }),
      );
      expect(cells.length).toBeGreaterThan(0);
      await boardInView("aiming");
      const dockTop = (await box(page, ".turn-panel")).top;
      const reachable = cells.filter((c) => c.top >= 0 && c.bottom <= dockTop + 0.5);
      expect(reachable.length, "every target cell above the dock").toBe(cells.length);
      // (a cell where a piece of Ann's could act too is chosen: the move there is offered beside its actions)
      await page.click(`[data-cell="${reachable[0].cell}"]`);
      await page.waitForSelector('.plan li, .choices .choice[data-kind="moveAnimal"]');
      if (await page.$('.choices .choice[data-kind="moveAnimal"]'))
        await page.click('.choices .choice[data-kind="moveAnimal"]');
      await page.waitForSelector(".plan li");
      expect(await page.textContent(".plan ol")).toMatch(/moved from [a-g]\d to [a-g]\d/);
      await boardInView("moved");
      await inDock("moved", ".turn-panel .end-turn");
      // End the turn.
      await page.click(".turn-panel .end-turn");
      await page.waitForFunction(
        (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) > v,
        before.version,
      );
      const after = await state(games.moon);
      expect(after.version).toBeGreaterThan(before.version);
      expect(after.state.moon?.players[0].cell).not.toBe(before.state.moon?.players[0].cell);
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});
