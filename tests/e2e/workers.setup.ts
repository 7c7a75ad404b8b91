/**
 * Global setup of the browser tests: the local workers they run against, started once per run and
 * shared by every test file that asks for the same bindings (most ask for none; three for a fixed
 * seed; the notification and push tests for their own keys). Starting a worker — applying the D1
 * migrations with wrangler's CLI, bundling, booting workerd — costs ~10 CPU-seconds, and there are
 * twenty files.
 *
 * Test files reach this process through a small HTTP endpoint on loopback (`inject("e2eWorkers")`):
 * `POST /worker` with the bindings as JSON answers `{ base }`, starting that worker on the first ask.
 * The migrations are applied once, into a template directory that every worker's local storage is
 * copied from. Sharing a worker is safe because every test makes its own profiles and games and
 * reads only those (no test counts anything across the whole server).
 *
 * A worker with a chat app's bindings (DISCORD_APPLICATION_ID, SLACK_SIGNING_SECRET) never reaches
 * Discord or Slack: its calls to them are answered here as the platforms answer (a message, `ok`)
 * and kept, in order, for `GET /platform-calls` (what a deferred interaction answered through its
 * follow-up webhook, say). Its other outbound requests go out as they would.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    e2eWorkers: string;
    e2eBrowser: string;
  }
}

const ROOT = join(import.meta.dirname, "../..");

interface Running {
  base: string;
  dispose(): Promise<void>;
}

/** A fresh local D1 with the migrations applied (once per run; each worker gets a copy). */
async function migratedTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "canopy-e2e-template-"));
  const wrangler = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
  await new Promise<void>((ok, fail) =>
    execFile(
      process.execPath,
      [wrangler, "d1", "migrations", "apply", "canopy", "--local", "--persist-to", dir],
      { cwd: ROOT, env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
      (e, _out, err) => (e ? fail(new Error(`d1 migrations apply: ${e.message}\n${err}`)) : ok()),
    ),
  );
  return dir;
}

/** Discord's and Slack's hosts: a chat worker's calls to them are answered by `fakePlatform`. */
const PLATFORM_HOSTS = new Set(["discord.com", "slack.com", "hooks.slack.com"]);

interface PlatformCall {
  method: string;
  url: string;
  body: string;
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, "dist/web/app.js")))
    execFileSync("node", ["scripts/build-web.mjs"], { cwd: ROOT, stdio: "inherit" });
  let template: Promise<string> | undefined;
  const dirs: string[] = [];
  const running = new Map<string, Promise<Running>>();
  const platformCalls: PlatformCall[] = [];

  /** A chat worker's outbound requests: Discord's and Slack's answered and kept, the rest sent on. */
  async function fakePlatform(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!PLATFORM_HOSTS.has(url.hostname)) return fetch(request.url, request);
    platformCalls.push({ method: request.method, url: url.href, body: await request.text() });
    const id = String(10n ** 18n + BigInt(platformCalls.length));
    return Response.json(
      url.hostname === "discord.com" ? { id, channel_id: id, content: "" } : { ok: true, ts: `${Date.now() / 1000}` },
    );
  }

  async function start(vars: Record<string, string>): Promise<Running> {
    template ??= migratedTemplate();
    const persist = mkdtempSync(join(tmpdir(), "canopy-e2e-"));
    dirs.push(persist);
    cpSync(await template, persist, { recursive: true });
    const { unstable_startWorker } = await import("wrangler");
    const chat = "DISCORD_APPLICATION_ID" in vars || "SLACK_SIGNING_SECRET" in vars;
    const worker = await unstable_startWorker({
      config: join(ROOT, "wrangler.toml"),
      dev: {
        server: { hostname: "127.0.0.1", port: 0 },
        inspector: false,
        persist,
        logLevel: "warn",
        ...(chat ? { outboundService: fakePlatform } : {}),
      },
      bindings: Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { type: "plain_text", value }])),
    } as Parameters<typeof unstable_startWorker>[0]);
    return { base: (await worker.url).origin, dispose: () => worker.dispose() };
  }

  const server = createServer((req, res) => {
    // One connection per call (the answer says "connection: close"): Node closes a kept-alive
    // connection idle for 5 s (keepAliveTimeout), and a client that sends its next request on it at
    // that moment sees "Network connection lost." (the CI run of 2026-11-27 failed a chat test so).
    // A new loopback connection costs nothing here; a lost answer would fail a test at random.
    res.setHeader("connection", "close");
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      try {
        if (req.method === "GET" && req.url === "/platform-calls") {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(platformCalls));
          return;
        }
        if (req.method !== "POST" || req.url !== "/worker") throw new Error(`${req.method} ${req.url}`);
        const vars = JSON.parse(body || "{}") as Record<string, string>;
        const key = JSON.stringify(Object.entries(vars).sort(([a], [b]) => (a < b ? -1 : 1)));
        let worker = running.get(key);
        if (!worker) {
          worker = start(vars);
          running.set(key, worker);
          // (a start that failed is tried again by the next file rather than failing them all)
          worker.catch(() => running.delete(key));
        }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ base: (await worker).base }));
      } catch (e) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String((e as Error)?.stack ?? e));
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  project.provide("e2eWorkers", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // One Chromium for the run: every file connects to it (support.ts launchChromium) and gets contexts
  // of its own, instead of each file launching a browser (~0.5 CPU-s a launch, thirty files).
  const browser = await chromium.launchServer(CHROMIUM);
  project.provide("e2eBrowser", browser.wsEndpoint());

  return async () => {
    await new Promise((ok) => server.close(ok));
    await browser.close();
    await Promise.allSettled([...running.values()].map(async (w) => (await w).dispose()));
    if (template) dirs.push(await template.catch(() => ""));
    for (const dir of dirs) if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
