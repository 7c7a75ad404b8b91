/**
 * Notifications, deadlines and vacations in real Chromium against the local worker (with a webhook
 * key, and plain http allowed to a receiver on loopback): creating a game with its deadline rules;
 * a game's channel webhooks (add with the secret shown once and copied, refusals explained, send a
 * test, switch off and on, a new secret, delete, the limit), what the receiver gets (signed, filtered,
 * a dead address switched off by itself), the delivery log with paging and Resend; going away and
 * coming back as the others see it live; your own webhooks and Discord id on the profile; a server
 * without a webhook key. What a timeout looks like is shown from a real game whose log and view the
 * test marks as timed out (a deadline is an hour at least: the clock itself is tested in the workers
 * project).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { DICTS, LOBBY_DICTS, NOTIFY_DICTS } from "../web/dicts";
import {
  apiCall,
  launchChromium,
  playTurnByApi,
  startWorker,
  type LocalWorker,
  shot,
  withoutLiveUpdates,
} from "./support";

const en = DICTS.en;
const fr = DICTS.fr;
const nen = NOTIFY_DICTS.en;
const nfr = NOTIFY_DICTS.fr;

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let receiver: Server;
let hookBase = "";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];

beforeAll(async () => {
  // A receiver on loopback: /ok/… answers 204, /gone/… 410 (the address is gone).
  receiver = createServer((req, res) => {
    // connection: close, as the suite's other loopback servers (tests/chat/platform.setup.ts says
    // why): a kept-alive connection Node closes after 5 s idle can take the next send with it, and a
    // resend clicked at that moment said it failed (a full run, 2026-11-27 16:27 UTC).
    res.setHeader("connection", "close");
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(req.url?.startsWith("/gone") ? 410 : 204);
      res.end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  [worker, chrome] = await Promise.all([
    startWorker({
      vars: {
        WEBHOOK_KEY: "e2e-only-webhook-key-0123456789abcdef",
        ALLOW_HTTP_WEBHOOKS: "1",
        NOTIFY_BOARD_IMAGES: "0",
      },
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
  await new Promise((ok) => receiver?.close(ok));
});

function watch(page: Page, name: string, errors: string[]): void {
  page.on("pageerror", (e) => errors.push(`${name}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|WebSocket/.test(m.text()))
      errors.push(`${name} console: ${m.text()}`);
  });
  // Confirmations (delete, new secret) are accepted.
  page.on("dialog", (d) => void d.accept());
}

/** Wait until `f` holds, polling (for what arrives at the receiver, or appears after a refresh). */
async function until<T>(f: () => T | Promise<T>, what: string, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what} (received: ${received.map((r) => `${r.path} ${bodyOf(r).type ?? "-"}`).join("; ")})`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { type?: string; embeds?: unknown[]; data?: Record<string, unknown> };
const at = (prefix: string) => received.filter((r) => r.path.startsWith(prefix));

/** The fixed parts of a message around its one variable (a time, which the browser formats). */
const around = (message: (x: string) => string): string[] =>
  message("\u0000")
    .split("\u0000")
    .map((x) => x.trim())
    .filter(Boolean);

/** The webhook item called `name` in the panel. */
const hook = (page: Page, name: string): Locator =>
  page.locator(".hook", { has: page.locator(".hook-name", { hasText: name }) });

/** Open the Notifications box (loading the panel) and wait for its lists. */
async function openPanel(page: Page): Promise<void> {
  if (!(await page.locator(".notify-box[open]").count())) await page.click(".notify-box > summary");
  await page.waitForSelector(".notify-panel .hooks h3 .count");
}

/** Fill and send the add form. */
async function addHook(page: Page, f: { url: string; kind?: string; label?: string; only?: string[] }): Promise<void> {
  await page.fill('input[name="hookUrl"]', f.url);
  await page.selectOption('select[name="hookKind"]', f.kind ?? "");
  await page.fill('input[name="hookLabel"]', f.label ?? "");
  if (f.only) {
    for (const box of await page.$$('input[name="hookEvent"]')) {
      const want = f.only.includes((await box.getAttribute("value"))!);
      if ((await box.isChecked()) !== want) await box.click();
    }
  }
  await page.click(".add-hook");
}

describe("notifications, deadlines and vacations in the browser", () => {
  let annCtx: BrowserContext;
  let ann: Page;
  let bruno: Page;
  let brunoCtx: BrowserContext;
  let gameId = "";
  let invite = "";
  const tokens: string[] = [];
  const errors: string[] = [];
  let secret = "";

  it("creates a game with a time per move, resignation after timeouts and vacation days", async () => {
    annCtx = await chrome.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      permissions: ["clipboard-read", "clipboard-write"],
    });
    ann = await annCtx.newPage();
    watch(ann, "ann", errors);
    await ann.goto(`${worker.base}/`);
    await ann.fill('input[name="name"]', "Ann");
    await ann.click('form:has(input[name="name"]) button[type="submit"]');
    await ann.waitForSelector("#new-h");
    // Without a time per move, the timeouts rule has nothing to do.
    expect(await ann.isDisabled('select[name="maxTimeouts"]')).toBe(true);
    await ann.selectOption('select[name="moveTime"]', "86400");
    expect(await ann.isDisabled('select[name="maxTimeouts"]')).toBe(false);
    const choices = await ann.$$eval('select[name="maxTimeouts"] option', (os) =>
      os.map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    );
    expect(choices.map(([v]) => v)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "null"]);
    expect(choices.at(-1)![1]).toBe(HOME_TEXT.en.maxTimeoutsNever);
    expect(await ann.inputValue('select[name="maxTimeouts"]')).toBe("3");
    expect(await ann.inputValue('input[name="vacationDays"]')).toBe("14");
    await ann.selectOption('select[name="maxTimeouts"]', "2");
    await ann.fill('input[name="vacationDays"]', "3");
    await shot(ann, "notify-create-game");
    await ann.click('#new-h ~ form button[type="submit"]');
    await ann.waitForSelector(".lobby .invite input");
    invite = await ann.inputValue(".invite input");
    gameId = /\/g\/([0-9a-z]+)/.exec(invite)![1];
    tokens[0] = await ann.evaluate(() => JSON.parse(localStorage.getItem("canopy.identity")!).token as string);
    // The lobby says the rules, and the server has them.
    expect(await ann.textContent(".lobby")).toContain(
      `${en.moveTime}: 1 day (${LOBBY_DICTS.en.timeoutRule(2)}, ${LOBBY_DICTS.en.vacationRule(3)})`,
    );
    const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(g.options).toMatchObject({ moveTimeSeconds: 86400, maxTimeouts: 2, vacationDays: 3 });
  });

  it("loads the notifications panel only when it is opened, and explains refused addresses", async () => {
    const chunks: string[] = [];
    ann.on("request", (r) => {
      if (r.url().includes("/chunks/")) chunks.push(r.url());
    });
    await ann.waitForTimeout(300);
    expect(chunks).toEqual([]);
    await openPanel(ann);
    expect(chunks.some((u) => /\/chunks\/notify\/panel-\w+\.js$/.test(u))).toBe(true);
    expect(await ann.textContent(".hooks h3")).toContain(nen.gameHooksTitle);
    expect(await ann.textContent(".hooks")).toContain(nen.noHooks);
    // Plain http to another host: refused, and said why.
    await addHook(ann, { url: "http://example.com/hook" });
    await ann.waitForSelector(".hook-add .error");
    expect(await ann.textContent(".hook-add .error")).toContain(nen.errBadUrl);
    // A Discord address may only be sent as Discord.
    await ann.fill(
      'input[name="hookUrl"]',
      "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
    );
    expect(await ann.textContent(".hook-add .detected")).toContain(nen.detected("Discord"));
    await addHook(ann, {
      url: "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      kind: "slack",
    });
    await ann.waitForFunction(
      (want) => document.querySelector(".hook-add .error")?.textContent?.includes(want),
      nen.errBadKind,
    );
    expect(await ann.$$(".hook")).toHaveLength(0);
  });

  it("adds a signed JSON webhook and shows its secret once, with a copy button", async () => {
    await addHook(ann, { url: `${hookBase}/ok/json`, label: "Bot" });
    await ann.waitForSelector(".hook .secret input");
    expect(await ann.$(".hook-add .error")).toBeNull();
    expect(await ann.textContent(".hook-add .ok-line")).toBe(nen.added);
    secret = await ann.inputValue(".hook .secret input");
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    expect(await hook(ann, "Bot").textContent()).toContain(nen.secretHelp);
    await ann.click(".hook .secret .copy-field button");
    await ann.waitForFunction(
      (copied) => document.querySelector(".hook .secret .copy-field button")?.textContent === copied,
      en.copied,
    );
    expect(await ann.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(ann, "notify-secret");
    await ann.click(".secret-done");
    expect(await ann.$(".secret")).toBeNull();
    // The URL is never shown again in full, nor the secret.
    const item = hook(ann, "Bot");
    const shownUrl = (await item.locator(".hook-url").textContent())!;
    expect(shownUrl).toMatch(new RegExp(`^${hookBase.replace(/[.]/g, "\\.")}/…`));
    expect(shownUrl).not.toContain("/ok/json");
    expect(await item.locator(".badge.kind").textContent()).toBe(nen.kindNames.json);
    expect(await item.locator(".hook-meta").textContent()).toContain(nen.allEvents);
    expect(await item.locator(".hook-meta").textContent()).toContain(nen.neverUsed);

    // A Discord-format webhook for two kinds of notification only, and one at an address that is gone.
    await addHook(ann, {
      url: `${hookBase}/ok/discord`,
      kind: "discord",
      label: "#photosynthesis",
      only: ["turn.started", "game.ended"],
    });
    await ann.waitForSelector('.hook[data-kind="discord"]');
    expect(await hook(ann, "#photosynthesis").locator(".hook-meta").textContent()).toContain(
      nen.someEvents([nen.eventNames["turn.started"], nen.eventNames["game.ended"]].join(", ")),
    );
    expect(await hook(ann, "#photosynthesis").locator(".secret").count()).toBe(0);
    await addHook(ann, { url: `${hookBase}/gone/hook`, label: "Old server" });
    await until(() => hook(ann, "Old server").count(), "the third webhook");
    expect(await ann.textContent(".hooks h3 .count")).toContain(nen.count(3, 5));
    await ann.click(".secret-done");

    // After a reload the secret is not shown again.
    await ann.reload();
    await openPanel(ann);
    expect(await ann.$$(".hook")).toHaveLength(3);
    expect(await ann.$(".secret")).toBeNull();
    expect(await ann.content()).not.toContain(secret);
  });

  it("delivers the game's notifications: signed, filtered, and a dead address is switched off by itself", async () => {
    brunoCtx = await chrome.browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: "fr-FR",
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    bruno = await brunoCtx.newPage();
    watch(bruno, "bruno", errors);
    await bruno.goto(invite);
    await bruno.fill('.lobby input[name="name"]', "Bruno");
    await bruno.click('.lobby form:has(input[name="name"]) button[type="submit"]');
    await bruno.click(".take-seat");
    await bruno.waitForSelector(".game");
    await ann.waitForSelector(".game");
    tokens[1] = await bruno.evaluate(() => JSON.parse(localStorage.getItem("canopy.identity")!).token as string);

    // The signed JSON webhook hears Bruno join and the game start; its signature verifies.
    const started = await until(
      () => at("/ok/json").find((r) => bodyOf(r).type === "game.started"),
      "game.started at the JSON webhook",
    );
    const verified = new Verifier(secret).verify(started.body, {
      "webhook-id": String(started.headers["webhook-id"]),
      "webhook-timestamp": String(started.headers["webhook-timestamp"]),
      "webhook-signature": String(started.headers["webhook-signature"]),
    }) as { type: string; data: { game: { id: string } } };
    expect(verified.data.game.id).toBe(gameId);
    expect(at("/ok/json").some((r) => bodyOf(r).type === "player.joined")).toBe(true);
    // A turn is played: the Discord one gets Discord messages, and only what it asked for (its turns,
    // and the webhook notices that always go).
    await playTurnByApi(worker.base, gameId, tokens);
    await until(
      () => at("/ok/json").some((r) => bodyOf(r).type === "turn.started"),
      "the first turn at the JSON webhook",
    );
    const wanted = () =>
      at("/ok/json").filter((r) => /^(turn\.started|game\.ended|webhook\.disabled)$/.test(bodyOf(r).type ?? "")).length;
    await until(
      () => at("/ok/discord").length > 0 && at("/ok/discord").length === wanted(),
      "the Discord webhook's messages",
    );
    expect(at("/ok/discord").every((r) => Array.isArray(bodyOf(r).embeds) && !r.headers["webhook-signature"])).toBe(
      true,
    );
    expect(at("/ok/discord").length).toBeLessThan(at("/ok/json").length);
    // The gone address answered 410 three times: it is switched off (and the others are told).
    await until(() => at("/gone/").length >= 3, "three answers from the gone address");
    await until(() => at("/ok/json").find((r) => bodyOf(r).type === "webhook.disabled"), "the webhook.disabled notice");
    await openPanel(ann);
    await until(async () => {
      await ann.click(".notify-panel .refresh");
      await ann.waitForTimeout(300);
      return (await hook(ann, "Old server").getAttribute("data-enabled")) === "false";
    }, "the gone webhook shown as switched off");
    const old = hook(ann, "Old server");
    expect(await old.locator(".off-reason").textContent()).toBe(nen.offAfter("HTTP 410"));
    expect(await old.locator(".hook-meta").textContent()).toContain("HTTP 410");
    await shot(ann, "notify-switched-off");
    // Switched on again by hand.
    await old.locator(".toggle").click();
    await until(async () => (await old.getAttribute("data-enabled")) === "true", "the webhook switched on again");
    expect(await old.locator(".off-reason").count()).toBe(0);
  });

  it("sends tests and reports what the webhook answered", async () => {
    const bot = hook(ann, "Bot");
    const before = at("/ok/json").length;
    await bot.locator(".test").click();
    await bot.locator(".test-result").waitFor();
    const ok = (await bot.locator(".test-result").textContent())!;
    expect(ok).toMatch(/^Test delivered: HTTP 204 in \d+ ms\.$/);
    // (found by its type: another of Ann's notifications may reach the receiver at the same time)
    await until(
      () =>
        at("/ok/json")
          .slice(before)
          .find((r) => bodyOf(r).type === "webhook.test"),
      "the test at the receiver",
    );
    const old = hook(ann, "Old server");
    await old.locator(".test").click();
    await old.locator(".test-result.fail").waitFor();
    expect(await old.locator(".test-result").textContent()).toMatch(/^Test not delivered: HTTP 410 in \d+ ms\./);
  });

  it("keeps a delivery log with every attempt, pages it, and sends one again", async () => {
    // More notifications: a few turns, played through the API.
    for (let i = 0; i < 4; i++) await playTurnByApi(worker.base, gameId, tokens);
    await until(
      () => at("/ok/json").filter((r) => bodyOf(r).type === "turn.started").length >= 5,
      "turn notifications",
    );
    await ann.click(".notify-panel .refresh");
    await ann.waitForSelector(".delivery-list .delivery");
    expect(await ann.textContent(".deliveries h3")).toBe(nen.deliveriesTitle);
    // Newest first, ten at a time; older ones on demand, without repeats.
    expect(await ann.$$(".delivery")).toHaveLength(10);
    const firstIds = await ann.$$eval(".delivery", (els) => els.map((e) => Number(e.getAttribute("data-id"))));
    expect([...firstIds].sort((a, b) => b - a)).toEqual(firstIds);
    await ann.click(".deliveries .older");
    await until(async () => (await ann.$$(".delivery")).length > 10, "older deliveries");
    const ids = await ann.$$eval(".delivery", (els) => els.map((e) => Number(e.getAttribute("data-id"))));
    expect(new Set(ids).size).toBe(ids.length);
    // All of them, page by page, as the API has them.
    while (await ann.$(".deliveries .older")) {
      const n = (await ann.$$(".delivery")).length;
      await ann.click(".deliveries .older");
      await until(
        async () => (await ann.$$(".delivery")).length > n || !(await ann.$(".deliveries .older")),
        "another page",
      );
    }
    const all = await apiCall(worker.base, "GET", `/api/games/${gameId}/deliveries?limit=200`, undefined, tokens[0]);
    const shown = await ann.$$eval(".delivery", (els) => els.map((e) => Number(e.getAttribute("data-id"))));
    // (Newer ones may have come since the first page was loaded.)
    expect(shown).toEqual(all.deliveries.map((d: { id: number }) => d.id).filter((id: number) => id <= shown[0]));
    // The gone address's deliveries show its answers.
    expect(
      await ann.locator(".delivery", { hasText: "Old server" }).filter({ hasText: "HTTP 410" }).count(),
    ).toBeGreaterThan(0);
    // Resend the game's start to the JSON webhook: the receiver sees the same event id again.
    const start = ann.locator('.delivery[data-event="game.started"]', { hasText: "Bot" });
    expect(await start.locator(".badge.state").textContent()).toBe(nen.states.delivered);
    expect(await start.textContent()).toContain(nen.attemptLine(1, 204, 0, "").split(",")[0]);
    const firstStart = at("/ok/json").find((r) => bodyOf(r).type === "game.started")!;
    await start.locator(".resend").click();
    await start.locator(".ok-line").waitFor();
    expect(await start.locator(".ok-line").textContent()).toBe(nen.resent);
    const again = await until(
      () => at("/ok/json").filter((r) => r.headers["webhook-id"] === firstStart.headers["webhook-id"]).length >= 2,
      "the same event delivered again",
    );
    expect(again).toBe(true);
    await until(async () => {
      await ann.click(".notify-panel .refresh");
      await ann.waitForTimeout(300);
      return (await start.locator(".d-attempts summary").count()) > 0;
    }, "the second attempt in the log");
    expect(await start.locator(".d-attempts summary").textContent()).toBe(nen.attempts(2));
    // A refresh of the paged log reaches down to its oldest row, however many newer deliveries came
    // meanwhile (turns of the timed game, the gone address's retries): the start and its line stay.
    expect(await start.locator(".ok-line").textContent()).toBe(nen.resent);
    const after = await ann.$$eval(".delivery", (els) => els.map((e) => Number(e.getAttribute("data-id"))));
    expect(after.at(-1)).toBe(shown.at(-1));
    await shot(ann, "notify-log");
  });

  it("makes a new secret, switches a webhook off and on, and deletes one", async () => {
    const bot = hook(ann, "Bot");
    await bot.locator(".rotate").click();
    await bot.locator(".secret input").waitFor();
    const next = await bot.locator(".secret input").inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    secret = next;
    await ann.click(".secret-done");
    await bot.locator(".toggle").click();
    await until(async () => (await bot.getAttribute("data-enabled")) === "false", "Bot switched off");
    expect(await bot.locator(".off-reason").textContent()).toBe(nen.offByPlayer);
    expect(await bot.locator(".toggle").textContent()).toBe(nen.switchOn);
    await bot.locator(".toggle").click();
    await until(async () => (await bot.getAttribute("data-enabled")) === "true", "Bot switched on");
    await hook(ann, "#photosynthesis").locator(".delete").click();
    await until(async () => (await hook(ann, "#photosynthesis").count()) === 0, "the Discord webhook deleted");
    const list = await apiCall(worker.base, "GET", `/api/games/${gameId}/webhooks`, undefined, tokens[0]);
    expect(list.webhooks.map((w: { label: string }) => w.label).sort()).toEqual(["Bot", "Old server"]);
  });

  it("shows the same channel to the other player in their language, and explains the limit of five", async () => {
    await bruno.locator(".notify-box > summary").scrollIntoViewIfNeeded();
    await openPanel(bruno);
    expect(await bruno.textContent(".hooks h3")).toContain(nfr.gameHooksTitle);
    expect(await bruno.$$(".hook")).toHaveLength(2);
    // Ann added both: Bruno may send a test, but not change, switch off, rotate or remove them.
    for (const name of ["Bot", "Old server"]) {
      const theirs = hook(bruno, name);
      expect(await theirs.locator(".test").count()).toBe(1);
      expect(await theirs.locator(".toggle, .rotate, .delete").count()).toBe(0);
      expect(await theirs.locator(".added-by").textContent()).toBe(nfr.addedBy("Ann"));
    }
    // Ann, who added them, still has every control.
    expect(await hook(ann, "Bot").locator(".toggle, .rotate, .delete").count()).toBe(3);
    expect(await hook(ann, "Bot").locator(".added-by").count()).toBe(0);
    expect(await bruno.textContent(".notify-box summary")).toContain(fr.notificationsTitle);
    // Nothing sticks out sideways on the phone.
    expect(await bruno.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(bruno, "notify-phone");
    // Meanwhile Ann fills the game's five places; the form gives way to the limit.
    for (const n of [3, 4, 5]) {
      await addHook(ann, { url: `${hookBase}/ok/${n}`, label: `Hook ${n}` });
      await until(() => hook(ann, `Hook ${n}`).count(), `Hook ${n}`);
      if (await ann.$(".secret-done")) await ann.click(".secret-done");
    }
    await ann.waitForSelector(".hooks .limit");
    expect(await ann.$(".hook-add")).toBeNull();
    expect(await ann.textContent(".hooks .limit")).toBe(nen.limitReached(5));
    // Bruno's page still offers the form: the server refuses, and Bruno is told why, in French.
    await addHook(bruno, { url: `${hookBase}/ok/6`, label: "Six" });
    await bruno.waitForSelector(".hook-add .error");
    expect(await bruno.textContent(".hook-add .error")).toBe(nfr.errTooMany);
  });

  it("follows the language while the panel is open", async () => {
    await ann.selectOption(".lang select", "nl");
    await ann.waitForFunction(
      (want) => document.querySelector(".hooks h3")?.textContent?.includes(want),
      NOTIFY_DICTS.nl.gameHooksTitle,
      { timeout: 10_000 },
    );
    expect(await ann.textContent(".deliveries h3")).toBe(NOTIFY_DICTS.nl.deliveriesTitle);
    await ann.selectOption(".lang select", "en");
    await ann.waitForFunction(
      (want) => document.querySelector(".hooks h3")?.textContent?.includes(want),
      nen.gameHooksTitle,
      { timeout: 10_000 },
    );
  });

  it("goes away and comes back; the others see it live; too long or not away is explained", async () => {
    // Make it Bruno's turn, so his clock is the one running.
    const seatOf = async (p: Page) => Number(await p.getAttribute(".game", "data-seat"));
    const brunoSeat = await seatOf(bruno);
    expect(brunoSeat).toBe(1);
    for (let i = 0; i < 2; i++) {
      const g = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
      if (g.toAct === brunoSeat) break;
      await playTurnByApi(worker.base, gameId, tokens);
    }
    const g0 = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(g0.toAct).toBe(brunoSeat);
    await bruno.reload();
    await bruno.waitForSelector(".away");
    await ann.waitForFunction(
      (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) >= v,
      g0.version,
    );
    expect(await ann.$(".status .deadline")).not.toBeNull();
    expect(await bruno.textContent(".away h2")).toBe(fr.awayTitle);
    expect(await bruno.textContent(".away")).toContain(fr.awayHelp(3));
    // Four days in a game that allows three: the server says how much is left.
    await bruno.fill('input[name="awayAmount"]', "4");
    await bruno.selectOption('select[name="awayUnit"]', "days");
    await bruno.click(".go-away");
    await bruno.waitForSelector(".away .error");
    expect(await bruno.textContent(".away .error")).toBe(fr.errVacationExhausted(72));
    // One day is fine: Bruno is away, his clock paused; Ann sees it at once.
    await bruno.fill('input[name="awayAmount"]', "1");
    await bruno.click(".go-away");
    await bruno.waitForSelector(".away .im-back");
    for (const part of around(fr.youAreAway)) expect(await bruno.textContent(".away-now")).toContain(part);
    // His own status line says it too (it is his turn).
    await bruno.waitForSelector(".status .paused");
    for (const part of around(fr.youAreAway)) expect(await bruno.textContent(".status .paused")).toContain(part);
    const badge = ann.locator(".player .badge.away");
    await badge.waitFor();
    for (const part of around(en.awayBadge)) expect(await badge.textContent()).toContain(part);
    for (const part of around((x) => en.clockPaused("Bruno", x)))
      expect(await ann.textContent(".status .paused")).toContain(part);
    expect(await ann.$(".status .deadline")).toBeNull();
    const view = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(view.deadline).toBeNull();
    expect(view.vacations).toHaveLength(1);
    expect(view.seats[brunoSeat].awayUntil).toBe(view.vacations[0].until);
    await shot(bruno, "away-phone");
    await shot(ann, "away-seen");

    // A second tab of Bruno's that hears nothing live still shows him away...
    const stale = await brunoCtx.newPage();
    watch(stale, "stale", errors);
    await withoutLiveUpdates(stale);
    await stale.goto(`${worker.base}/g/${gameId}`);
    await stale.waitForSelector(".away .im-back");
    // ...Bruno comes back in the first one: Ann sees the badge go and the deadline return...
    await bruno.bringToFront();
    await bruno.click(".im-back");
    await bruno.waitForSelector(".go-away");
    await ann.waitForSelector(".player .badge.away", { state: "detached" });
    await ann.waitForSelector(".status .deadline");
    // ...and coming back again from the stale tab is explained.
    await stale.bringToFront();
    await stale.click(".im-back");
    await stale.waitForSelector(".away .error");
    expect(await stale.textContent(".away .error")).toBe(fr.errNotAway);
    await stale.close();
  });

  it("shows a timeout on the player card, in the log, and to the player whose time ran out", async () => {
    // Ann's page, with the game as it would be after a timeout: the last turn that was ended was
    // ended for its player, once so far (of two allowed), and a live message that Ann's own time ran out.
    // (No service worker: the page's requests are rewritten by page.route, which sees none it answers.)
    const ctx = await chrome.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      serviceWorkers: "block",
    });
    const me = await apiCall(worker.base, "GET", "/api/me", undefined, tokens[0]);
    await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
      id: me.id,
      name: "Ann",
      token: tokens[0],
    });
    const page = await ctx.newPage();
    watch(page, "timeouts", errors);
    const annSeat = Number(await ann.getAttribute(".game", "data-seat"));
    const log0 = await apiCall(worker.base, "GET", `/api/games/${gameId}/log`);
    const last = [...log0.entries].reverse().find((e: { entry: { type: string } }) => e.entry.type === "endTurn") as {
      index: number;
      seat: number;
    };
    expect(last).toBeDefined();
    const late = last.seat;
    const lateName = ["Ann", "Bruno"][late];
    const mark = (game: { seats: { timeouts: number }[] }) => {
      game.seats[late].timeouts = 1;
      return game;
    };
    await page.route(new RegExp(`/api/games/${gameId}$`), async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: mark(await res.json()) });
    });
    let timedOutEntry = -1;
    /** The log as it would be: that turn's end played by the service (over HTTP, or with the socket's view). */
    const markLog = (log: { entries: { index: number; auto: string | null; events: unknown[] }[] }) => {
      const entry = log.entries.find((e) => e.index === last.index);
      if (entry) {
        entry.auto = "timeout";
        entry.events.unshift({ type: "timedOut", seat: late, strikes: 1, resigned: false });
        timedOutEntry = entry.index;
      }
      return log;
    };
    await page.route(new RegExp(`/api/games/${gameId}/log`), async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: markLog(await res.json()) });
    });
    let toPage: ((m: string) => void) | null = null;
    let lastGame: unknown = null;
    // (the game's socket, not the inbox's: /api/players/…/turns/live)
    await ctx.routeWebSocket(/\/api\/games\/[^/]+\/live(\?|$)/, (ws) => {
      const server = ws.connectToServer();
      toPage = (m) => ws.send(m);
      server.onMessage((m) => {
        const msg = JSON.parse(String(m));
        if (msg.type === "game") {
          msg.game = mark(msg.game);
          lastGame = msg.game;
          if (msg.log) msg.log = markLog(msg.log);
        }
        ws.send(JSON.stringify(msg));
      });
    });
    await page.goto(`${worker.base}/g/${gameId}`);
    await page.waitForSelector(".history .log li.auto");
    expect(timedOutEntry).toBeGreaterThan(0);
    const line = (await page.textContent(".history .log li.auto"))!;
    expect(line).toBe(`${DICTS.en.evTurnEnded(lateName)} — ${en.autoTimeout}`);
    const badge = page.locator(".player", { has: page.locator("h3", { hasText: lateName }) }).locator(".badge.late");
    expect(await badge.textContent()).toContain(en.timeoutsBadge(1, 2));
    expect(await badge.getAttribute("title")).toBe(en.timeoutsLong(1));
    expect(await page.$$(".badge.late")).toHaveLength(1);
    // The live channel says Ann's own time ran out: she is told.
    await until(() => toPage && lastGame, "the live channel");
    toPage!(
      JSON.stringify({
        type: "game",
        game: lastGame,
        events: [{ type: "timedOut", seat: annSeat, strikes: 1, resigned: false }],
      }),
    );
    await page.waitForSelector(".notice.warn");
    expect(await page.textContent(".notice.warn")).toContain(en.youTimedOut);
    await shot(page, "timeouts");
    // In every language.
    for (const l of ["nl", "fr", "de", "ja"] as const) {
      await page.selectOption(".lang select", l);
      await page.waitForFunction(
        (want) => document.querySelector(".history .log li.auto")?.textContent?.endsWith(want),
        DICTS[l].autoTimeout,
        { timeout: 10_000 },
      );
      expect(await badge.textContent()).toContain(DICTS[l].timeoutsBadge(1, 2));
    }
    await ctx.close();
  });

  it("on the profile: your own webhooks and your Discord id", async () => {
    const before = received.length;
    await ann.goto(`${worker.base}/`);
    await ann.waitForSelector("#profile-h");
    await ann.click("#my-notifications > summary");
    await ann.waitForSelector(".notify-panel .discord");
    expect(await ann.textContent(".hooks h3")).toContain(nen.myHooksTitle);
    // The Discord id: checked, saved, kept.
    await ann.waitForSelector(".save-discord:not([disabled])");
    await ann.fill('input[name="discordUserId"]', "12345");
    await ann.click(".save-discord");
    expect(await ann.textContent(".discord .error")).toBe(nen.discordInvalid);
    await ann.fill('input[name="discordUserId"]', "123456789012345678");
    await ann.click(".save-discord");
    await ann.waitForSelector(".discord .ok-line");
    expect((await apiCall(worker.base, "GET", "/api/me", undefined, tokens[0])).discordUserId).toBe(
      "123456789012345678",
    );
    // A personal webhook, tested.
    await addHook(ann, { url: `${hookBase}/ok/me`, label: "My phone" });
    await ann.waitForSelector(".hook .secret input");
    await ann.click(".secret-done");
    const mine = hook(ann, "My phone");
    await mine.locator(".test").click();
    await mine.locator(".test-result.ok").waitFor();
    // (the personal webhook gets all of Ann's notifications: a "webhook.disabled" of an earlier test's
    // gone address may reach it first)
    await until(
      () => received.slice(before).find((r) => r.path === "/ok/me" && bodyOf(r).type === "webhook.test"),
      "the personal test",
    );
    await shot(ann, "notify-profile");
    await ann.reload();
    await ann.click("#my-notifications > summary");
    await ann.waitForSelector(".notify-panel .hooks h3 .count");
    await ann.waitForSelector(".save-discord:not([disabled])");
    expect(await ann.inputValue('input[name="discordUserId"]')).toBe("123456789012345678");
    expect(await ann.$$(".hook")).toHaveLength(1);
    // Cleared again.
    await ann.fill('input[name="discordUserId"]', "");
    await ann.click(".save-discord");
    await ann.waitForSelector(".discord .ok-line");
    expect((await apiCall(worker.base, "GET", "/api/me", undefined, tokens[0])).discordUserId).toBeNull();
    await hook(ann, "My phone").locator(".delete").click();
    await until(async () => (await ann.$$(".hook")).length === 0, "the personal webhook deleted");
  });

  it("offers no notifications to a spectator", async () => {
    const ctx = await chrome.browser.newContext({ locale: "en-US" });
    const eve = await ctx.newPage();
    watch(eve, "eve", errors);
    await eve.goto(`${worker.base}/g/${gameId}`);
    await eve.waitForSelector(".game");
    expect(await eve.$(".notify-box")).toBeNull();
    expect(await eve.$(".card.away")).toBeNull();
    await ctx.close();
  });

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});

describe("a server without a webhook key", () => {
  let bare: LocalWorker;
  beforeAll(async () => {
    bare = await startWorker({ vars: { WEBHOOK_KEY: "" } });
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it("explains that notifications are not set up", async () => {
    const ctx = await chrome.browser.newContext({ locale: "de-DE" });
    const page = await ctx.newPage();
    await page.goto(`${bare.base}/`);
    await page.fill('input[name="name"]', "Dora");
    await page.click('form:has(input[name="name"]) button[type="submit"]');
    await page.click("#my-notifications > summary");
    await page.waitForSelector(".hook-add");
    await addHook(page, { url: "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz" });
    await page.waitForSelector(".hook-add .error");
    expect(await page.textContent(".hook-add .error")).toBe(NOTIFY_DICTS.de.errNotConfigured);
    await ctx.close();
  });
});
