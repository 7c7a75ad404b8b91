/**
 * Small things a phone shows (issue 25 item 7), by where things are in Chromium at 375 × 667:
 * - the header's links (Canopy, Open tables, How to play, Sign in) are 44 px targets, and the
 *   header stands in one row in every language (French's words are the longest);
 * - a seat's words in the lobby are never broken one character a line (Japanese breaks anywhere:
 *   "空席" beside the host's bot buttons was squeezed to one character wide).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, PAGE_TIMEOUT, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ann: { id: string; token: string; name: string };
let game = "";
let lobby = "";

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  const a = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
  ann = { id: a.player.id, token: a.token, name: "Ann" };
  const b = await apiCall(worker.base, "POST", "/api/players", { name: "Bruno" });
  const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2, firstPlayer: 0 }, ann.token);
  await apiCall(worker.base, "POST", `/api/games/${created.game.id}/join`, { code: created.invite.code }, b.token);
  game = created.game.id;
  lobby = (await apiCall(worker.base, "POST", "/api/games", { seats: 4 }, ann.token)).game.id;
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

async function phone(lang: string, signedIn: boolean): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width: 375, height: 667 }, locale: lang });
  await context.addInitScript(
    ([l, who]) => {
      localStorage.setItem("canopy.lang", l as string);
      if (who) localStorage.setItem("canopy.identity", who as string);
    },
    [lang, signedIn ? JSON.stringify(ann) : ""],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  return page;
}

/** The header's boxes: each link's and the language menu's (a target too), in page pixels. */
const headerBoxes = (page: Page) =>
  page.$$eval("header.top > a, header.top > label", (els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return {
          name: (e.textContent ?? "").trim() || e.className,
          top: r.top,
          bottom: r.bottom,
          w: r.width,
          h: r.height,
        };
      }),
  );

describe("on a phone (375 × 667)", () => {
  for (const lang of ["en", "fr", "de", "nl", "ja"])
    it(`the header's links are 44 px targets in one row, signed out, in ${lang}`, async () => {
      const page = await phone(lang, false);
      for (const path of ["/", `/g/${game}`]) {
        await page.goto(`${worker.base}${path}`);
        await page.locator("header .signin-link").waitFor();
        const boxes = await headerBoxes(page);
        expect(boxes.map((b) => b.name).join("|")).toMatch(/signin|Sign|connect|Anmeld|Inlog|サインイン/i);
        for (const b of boxes) {
          expect(b.h, `${lang} ${path} ${b.name} height`).toBeGreaterThanOrEqual(44);
          expect(b.w, `${lang} ${path} ${b.name} width`).toBeGreaterThanOrEqual(44);
        }
        // One row: every item's box overlaps the first's vertically.
        const [first, ...rest] = boxes;
        for (const b of rest) expect(b.top, `${lang} ${path} ${b.name} on the first row`).toBeLessThan(first.bottom);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${lang} ${path} no sideways scroll`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    });

  it("a lobby's free seat is never one character a line in Japanese (the host sees bot buttons beside it)", async () => {
    const page = await phone("ja", true);
    await page.goto(`${worker.base}/g/${lobby}`);
    const free = page.locator(".seat-list li .muted", { hasText: "空席" }).first();
    await free.waitFor();
    await page.locator(".seat-list .add-bot").first().waitFor();
    const box = await free.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(e).lineHeight) || 20;
      return { h: r.height, line };
    });
    expect(box.h).toBeLessThan(box.line * 1.5);
    await page.context().close();
  });
});
