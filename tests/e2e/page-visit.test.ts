/**
 * The service bench's page visit (bench/real.ts PAGE_VISIT) is what the web client really asks the
 * Worker for: a real Chromium opens a game page where it is the player's turn, and every request
 * that reaches the Worker (the API, the game page's preview, sockets; not the static files the
 * platform serves alone) is recorded until the page is settled and shows the game's log; then the
 * player plays the turn, and what the page asks for after it is recorded too (AFTER_TURN), until
 * the page shows the turn in its log. If the client changes what a visit costs, this fails until the
 * bench's visit is changed with it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AFTER_TURN, PAGE_VISIT } from "../../bench/real";
import { annAndBruno, launchChromium, playTurnByApi, readyToPlan, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

/** The routes the Worker answers (wrangler.toml: run_worker_first); everything else is a static file. */
const WORKER_ROUTES = /^\/(api\/|oembed|embed\/|g\/)/;

it("a visit to play a turn asks the Worker for what the bench's visit does", async () => {
  const { ann, game, tokens } = await annAndBruno(worker.base);
  const id = await game({ moveTimeSeconds: 86400 });
  // Ann's second placement: the game has a log to show (her first and Bruno's).
  for (let i = 0; i < 2; i++) await playTurnByApi(worker.base, id, tokens);
  const ctx = await chrome.browser.newContext({ locale: "en-US" });
  await ctx.addInitScript((p) => localStorage.setItem("canopy.identity", JSON.stringify(p)), ann);
  const page = await ctx.newPage();
  const seen: string[] = [];
  const name = (method: string, url: string) => {
    const u = new URL(url);
    const path = `${u.pathname}${u.search}`.replaceAll(id, ":id").replaceAll(ann.id, ":me");
    return `${method} ${path}`;
  };
  page.on("request", (r) => {
    if (WORKER_ROUTES.test(new URL(r.url()).pathname)) seen.push(name(r.method(), r.url()));
  });
  page.on("websocket", (ws) => seen.push(name("WS", ws.url().replace(/^ws/, "http"))));
  await page.goto(`${worker.base}/g/${id}`);
  // Ann's turn: the page shows it; its later parts (the log, table talk, the title's count) come
  // after. Wait for as many requests as the bench's visit makes (or 30 s), then until the page is
  // settled (no request for half a second: the browser's own idle), so any more show up too.
  await page.waitForSelector(".turn-panel", { timeout: 30_000 });
  // (she touches the page: the rules her turn is planned with come, and where a tree goes is shown)
  await readyToPlan(page);
  await page.waitForSelector('[data-cell][data-highlight="target"]');
  for (let i = 0; i < 300 && seen.length < PAGE_VISIT.length; i++) await page.waitForTimeout(100);
  await page.waitForLoadState("networkidle");
  // The game's log is on the page (however it came: with the socket's greeting, or a request).
  const logLines = () => page.$$eval(".history .log li", (l) => l.length);
  await page.waitForFunction(() => document.querySelectorAll(".history .log li").length >= 2, null, {
    timeout: 30_000,
  });
  // Table talk is on the page: the game's holds nothing, so its button (the socket's greeting said
  // so, with the list: no request of its own), which loads the panel when pressed.
  await page.waitForSelector(".talk-open button", { timeout: 30_000 });
  expect([...seen].sort()).toEqual([...PAGE_VISIT].sort());

  // Ann plays her turn (on the socket): what the page asks for after it is the bench's too.
  seen.length = 0;
  const before = Number(await page.getAttribute(".game", "data-version"));
  await page.click('[data-cell][data-highlight="target"]');
  await page.waitForSelector(".plan li");
  // (counted before the turn goes: its change can be on the page before the click's promise settles)
  const lines = await logLines();
  await page.click(".end-turn");
  await page.waitForFunction((v) => Number(document.querySelector(".game")?.getAttribute("data-version")) > v, before);
  // Its log shows the turn (with the socket's change, or from a request).
  await page.waitForFunction((n) => document.querySelectorAll(".history .log li").length > n, lines, {
    timeout: 30_000,
  });
  for (let i = 0; i < 300 && seen.length < AFTER_TURN.length; i++) await page.waitForTimeout(100);
  await page.waitForLoadState("networkidle");
  expect(seen.map((r) => r.replace(/after=\d+/, "after=:last"))).toEqual([...AFTER_TURN]);
  await ctx.close();
});
