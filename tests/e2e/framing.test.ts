/**
 * Who may frame what, as the worker serves it: every static file of the client carries
 * web/public/_headers (frame-ancestors 'self', X-Frame-Options SAMEORIGIN), the game page the same
 * from the Worker, and only /embed/* may be framed by other sites. Checked on the headers and in
 * Chromium: a page on another origin frames the client's start page (refused) and an embed (shown);
 * the client's own origin may frame itself.
 */
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, startWorker, type LocalWorker } from "./support";

const DIST = join(import.meta.dirname, "../../dist/web");

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let other: Server;
let otherBase = "";
let otherHtml = "";
let gameId = "";

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
  other = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(otherHtml);
  });
  await new Promise<void>((ok) => other.listen(0, "127.0.0.1", ok));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  const a = await apiCall(worker.base, "POST", "/api/players", { name: "Ada" });
  gameId = (await apiCall(worker.base, "POST", "/api/games", { seats: 2 }, a.token)).game.id;
});

afterAll(async () => {
  await new Promise((ok) => other?.close(ok));
  await chrome?.close();
  await worker?.stop();
});

const SAME_ORIGIN_ONLY = { "content-security-policy": "frame-ancestors 'self'", "x-frame-options": "SAMEORIGIN" };

describe("framing", () => {
  it("every static file and client route may be framed only by the site itself", async () => {
    // Every file the build made (the page, script, style, icon, chunks), and client routes that fall
    // back to the page: a game (through the Worker), one that does not exist, any other address.
    const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name !== "_headers")
      .map((f) => `/${relative(DIST, join(f.parentPath, f.name))}`);
    expect(files).toEqual(expect.arrayContaining(["/index.html", "/app.js", "/app.css", "/favicon.svg"]));
    expect(files.filter((f) => f.startsWith("/chunks/")).length).toBeGreaterThan(8);
    const paths = ["/", ...files, "/some/where/else", `/g/${gameId}`, "/g/zzzzzzzzzzzz"];
    for (const p of paths) {
      const r = await fetch(`${worker.base}${p}`);
      expect(r.status < 500, p).toBe(true);
      expect(r.headers.get("content-security-policy"), p).toBe(SAME_ORIGIN_ONLY["content-security-policy"]);
      expect(r.headers.get("x-frame-options"), p).toBe(SAME_ORIGIN_ONLY["x-frame-options"]);
    }
    // The rules file itself is not served.
    expect(await (await fetch(`${worker.base}/_headers`)).text()).not.toContain("frame-ancestors");
    // The embed is the one page other sites may frame.
    const embed = await fetch(`${worker.base}/embed/${gameId}`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    // The API is not a page: it says nothing about framing.
    expect((await fetch(`${worker.base}/api/health`)).headers.get("x-frame-options")).toBeNull();
  });

  /** The frame `id` of `page` once it has loaded, or null if Chromium refused to show it. */
  async function frameOf(page: Page, id: string): Promise<Frame> {
    const handle = await page.waitForSelector(`iframe#${id}`);
    const f = await handle.contentFrame();
    if (!f) throw new Error(`no frame ${id}`);
    await f.waitForLoadState("load").catch(() => {});
    return f;
  }

  it("in Chromium: another site may frame an embed, not the client; the client may frame itself", async () => {
    otherHtml = `<!doctype html><title>Another site</title>
<iframe id="start" src="${worker.base}/" width="400" height="300"></iframe>
<iframe id="embed" src="${worker.base}/embed/${gameId}" width="400" height="500"></iframe>`;
    const ctx = await chrome.browser.newContext({ locale: "en-US" });
    const page = await ctx.newPage();
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${otherBase}/`);
    const embed = await frameOf(page, "embed");
    await embed.waitForSelector("svg.board", { timeout: 20_000 });
    const start = await frameOf(page, "start");
    // Chromium shows its error page instead of the client: no app, no header.
    await page.waitForTimeout(500);
    expect(await start.$("header.top")).toBeNull();
    expect(start.url() === "chrome-error://chromewebdata/" || refused.length > 0).toBe(true);

    // On its own origin the client may be framed (frame-ancestors 'self').
    await page.goto(`${worker.base}/framing-test`);
    await page.setContent(`<iframe id="self" src="${worker.base}/" width="400" height="300"></iframe>`);
    // (setContent keeps the origin of the page it replaces.)
    expect(await page.evaluate(() => location.origin)).toBe(worker.base);
    const self = await frameOf(page, "self");
    await self.waitForSelector("header.top", { timeout: 20_000 });
    await ctx.close();
  });
});
