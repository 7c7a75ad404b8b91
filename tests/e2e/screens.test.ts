/**
 * The pages players see, at 375 px and 1280 px, in the five languages (issue 14): the start page, a
 * game page (a base game on your turn, an Under the Moonlight game in play, a finished game) and How
 * to play. Each is checked: nothing wider than the screen (no sideways scrolling), no text
 * overflowing its box, and — in the four other languages — no visible text that is one of the
 * interface's English strings (unless that language writes it the same way, or it is on the short
 * list below). To look at them, `CANOPY_SHOTS=test-results/screens npx vitest run
 * tests/e2e/screens.test.ts` saves each page whole and its first screen there (as the other browser
 * tests do with CANOPY_SHOTS): a hundred PNGs cost the suite more CPU than every check of the file,
 * and nothing reads them in a run.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTS, NOTIFY_DICTS } from "../web/dicts";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { HOW_TO_PLAY } from "../../web/src/i18n/how-to-play";
import type { Lang } from "../../web/src/i18n/index";
import { MOON_DICTS } from "../web/dicts";
import { DEVICE_TEXT } from "../../web/src/devices/i18n";
import { SOCIAL_TEXT } from "../../web/src/social/i18n";
import { annAndBruno, launchChromium, playMoonTurnByApi, playUntil, startWorker, type LocalWorker } from "./support";

/** Where the screenshots go, when they are asked for. */
const SCREENS = process.env.CANOPY_SHOTS ?? "";
const LANGS: Lang[] = ["en", "nl", "fr", "de", "ja"];
const WIDTHS = [375, 1280] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 667, 1280: 900 };

/**
 * English words that are the same in every language here: names (the game's, the players'), and
 * a unit. Kept short on purpose: anything else English in another language is a missing translation.
 */
const SAME_EVERYWHERE = new Set(["Canopy", "Photosynthesis", "Ann", "Bruno", "OK", "English"]);

/** Every string leaf of a dictionary (functions left out: their texts vary). */
function strings(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x === "string") out.add(x.trim());
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x && typeof x === "object") for (const v of Object.values(x)) strings(v, out);
  return out;
}
const textsOf = (l: Lang) =>
  strings([DICTS[l], NOTIFY_DICTS[l], MOON_DICTS[l], HOME_TEXT[l], HOW_TO_PLAY[l], DEVICE_TEXT[l], SOCIAL_TEXT[l]]);
const ENGLISH = textsOf("en");

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ann: { id: string; name: string; token: string };
const games = { base: "", moon: "", finished: "" };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker({ vars: { FIXED_SEED: "13" } }), launchChromium()]);
  const table = await annAndBruno(worker.base);
  ann = table.ann;
  const tokens = table.tokens;
  // A base game in its third round, on Ann's turn.
  games.base = await table.game();
  await playUntil(
    worker.base,
    games.base,
    tokens,
    (g) => g.state.phase === "play" && g.state.round >= 3 && g.state.current === 0,
    30,
  );
  // Under the Moonlight with the Great Tree and moonstones, in play with the animals on the board, on Ann's turn.
  games.moon = await table.game({ moonlight: { greatTree: true, moonstones: true } });
  await playUntil(
    worker.base,
    games.moon,
    tokens,
    (g) => g.state.phase === "play" && g.state.round >= 2 && g.state.current === 0,
    40,
    playMoonTurnByApi,
  );
  // A finished game.
  games.finished = await table.game();
  await playUntil(worker.base, games.finished, tokens, (g) => g.status === "finished", 300);
  if (SCREENS) mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

/** What the page shows that is wrong: sideways scrolling, text overflowing its box, English left over. */
async function problems(page: Page, lang: Lang): Promise<string[]> {
  const found = await page.evaluate(async () => {
    // (the fonts in use, the Japanese one among them, measured once they have loaded)
    await document.fonts.ready;
    const out: { overflow: string[]; texts: string[] } = { overflow: [], texts: [] };
    const root = document.scrollingElement!;
    if (root.scrollWidth > innerWidth) out.overflow.push(`page ${root.scrollWidth} px wide for ${innerWidth}`);
    const seen = new Set<Element>();
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent?.trim() ?? "";
      const el = n.parentElement;
      if (!text || !el || el.closest("script, style, option, select, svg, .sr-only")) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      // (visually hidden text, kept for screen readers, is 1 px)
      if (r.width <= 1 || r.height <= 1) continue;
      out.texts.push(text);
      if (seen.has(el)) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.textOverflow === "ellipsis") continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.overflow.push(
          `<${el.tagName.toLowerCase()} class="${el.className}"> "${text.slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`,
        );
    }
    return out;
  });
  const mine = lang === "en" ? null : textsOf(lang);
  const english = mine
    ? found.texts.filter((x) => ENGLISH.has(x) && !mine.has(x) && !SAME_EVERYWHERE.has(x)).map((x) => `English: "${x}"`)
    : [];
  return [...found.overflow, ...new Set(english)];
}

const PAGES = [
  { name: "home", path: () => "/", ready: ["#profile-h", "ul.games li"] },
  { name: "game-base", path: () => `/g/${games.base}`, ready: [".turn-panel", ".history .log", ".stacks"] },
  { name: "game-moonlight", path: () => `/g/${games.moon}`, ready: [".turn-panel", ".moon-info", ".history .log"] },
  { name: "game-finished", path: () => `/g/${games.finished}`, ready: [".final", ".history .log"] },
  { name: "how-to-play", path: () => "/how-to-play", ready: [".how-to-play svg"] },
];

describe("screenshots at 375 px and 1280 px in the five languages", () => {
  for (const lang of LANGS)
    it(`show no overflow${lang === "en" ? "" : " and no untranslated text"} in ${lang}`, async () => {
      const errors: string[] = [];
      const found: string[] = [];
      // Each page is loaded once and looked at in both widths: the pages' layout is CSS alone (no
      // script reads the window's size), so the page at 1280 px after a resize is the page loaded at
      // 1280 px, for half the page loads.
      const ctx = await chrome.browser.newContext({
        viewport: { width: WIDTHS[0], height: HEIGHT[WIDTHS[0]] },
        locale: lang,
      });
      await ctx.addInitScript(
        ([id, l]) => {
          localStorage.setItem("canopy.identity", JSON.stringify(id));
          localStorage.setItem("canopy.lang", l as string);
        },
        [ann, lang] as const,
      );
      const page = await ctx.newPage();
      page.on("pageerror", (e) => errors.push(e.message));
      try {
        for (const p of PAGES) {
          await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT[WIDTHS[0]] });
          await page.goto(`${worker.base}${p.path()}`);
          for (const sel of p.ready) await page.waitForSelector(sel);
          await page.waitForLoadState("networkidle");
          expect(await page.getAttribute("html", "lang")).toBe(lang);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT[width] });
            if (SCREENS) {
              await page.screenshot({ path: join(SCREENS, `${p.name}-${width}-${lang}.png`), fullPage: true });
              // (and the first screen as it is seen: on a phone the docked turn sits at its foot)
              await page.screenshot({ path: join(SCREENS, `${p.name}-${width}-${lang}-screen.png`) });
            }
            for (const x of await problems(page, lang)) found.push(`${p.name} at ${width} px: ${x}`);
          }
        }
      } finally {
        await ctx.close();
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    });
});
