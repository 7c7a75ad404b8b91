/**
 * The coach in real Chromium (issue 23 item 5, docs/coach.md): a practice game against a bot is
 * played to its end (the person places their trees and then only ends their turns: turns the coach
 * marks), its Durable Object reviews it from the alarm, and the game page's history shows the chart
 * of expected final scores and the marked turns; choosing one shows the forest after the turn played
 * and after the turn suggested. In each of the five languages, and axe finds nothing serious.
 */
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COACH_TEXT } from "../../web/src/coach/i18n";
import type { Lang } from "../../web/src/i18n";
import { apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const LANGS: Lang[] = ["en", "fr", "de", "nl", "ja"];
const LOCALES: Record<Lang, string> = { en: "en-US", fr: "fr-FR", de: "de-DE", nl: "nl-NL", ja: "ja-JP" };

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ann: { id: string; token: string; name: string };
let gameId = "";

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  const created = await apiCall(worker.base, "POST", "/api/players", { name: "Ann" });
  ann = { id: created.player.id, token: created.token, name: "Ann" };
  const game = await apiCall(worker.base, "POST", "/api/games", { seats: 2, bots: ["easy"] }, ann.token);
  gameId = game.game.id;
  // Ann places her trees and then only ends her turns; the bot plays from the game's alarm.
  for (let i = 0; i < 2000; i++) {
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    if (g.status === "finished") break;
    if (g.toAct !== 0) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const legal = await apiCall(worker.base, "GET", `/api/games/${gameId}/legal-actions`, undefined, ann.token);
    if (!legal.actions.length) continue;
    const action = legal.actions.find((a: { type: string }) => a.type === "endTurn") ?? legal.actions[0];
    await apiCall(worker.base, "POST", `/api/games/${gameId}/actions`, { version: legal.version, action }, ann.token);
  }
  expect((await apiCall(worker.base, "GET", `/api/games/${gameId}`)).status).toBe("finished");
}, 600_000);

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

describe("the coach on the game page", () => {
  for (const l of LANGS)
    it(`${l}: the chart of expected scores and the marked turns; a marked turn shows the turn played and the turn suggested`, async () => {
      const s = COACH_TEXT[l];
      const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: LOCALES[l] });
      await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), ann);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${worker.base}/g/${gameId}`);
      // the review runs in the game's alarm: the panel says how far it is, then shows it
      await page.waitForSelector(".coach .coach-chart svg[role=img]", { timeout: 180_000 });
      expect((await page.textContent("#coach-h"))?.trim()).toBe(s.title);
      expect(await page.getAttribute(".coach-chart svg", "aria-label")).toBe(s.chartLabel);
      // a line per player
      expect(await page.$$(".coach-chart polyline[data-seat]")).toHaveLength(2);
      const marks = await page.$$(".coach-marks button");
      expect(marks.length).toBeGreaterThan(0);
      const first = (await marks[0].textContent()) ?? "";
      expect(Object.values(s.mark).some((m) => first.includes(m))).toBe(true);
      await marks[0].click();
      await page.waitForSelector(".coach-turn .coach-board svg");
      expect(await page.$$(".coach-turn .coach-board svg")).toHaveLength(2);
      const turn = (await page.textContent(".coach-turn")) ?? "";
      expect(turn).toContain(s.played);
      expect(turn).toContain(s.suggested);
      expect(await page.getAttribute(".coach-marks button", "aria-pressed")).toBe("true");
      // the chart rings the chosen turn
      expect(await page.$$(".coach-chart circle[fill=none]")).toHaveLength(1);
      await shot(page, `coach-${l}`);

      await page.addScriptTag({ path: AXE });
      const violations = (await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(c: Element, o: object): Promise<{ violations: unknown[] }> } })
          .axe;
        return (await axe.run(document.documentElement, { resultTypes: ["violations"] })).violations;
      })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
      expect(
        violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    }, 300_000);
});
