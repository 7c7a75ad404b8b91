/**
 * Browser tests' plumbing: a local worker (wrangler's unstable_startWorker, with the static client
 * from dist/web and a fresh local D1 with its migrations applied), and Debian's chromium driven by
 * playwright-core.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { unstable_startWorker } from "wrangler";

export interface LocalWorker {
  base: string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, "../..");

export async function startWorker(): Promise<LocalWorker> {
  if (!existsSync(join(ROOT, "dist/web/app.js"))) execFileSync("node", ["scripts/build-web.mjs"], { cwd: ROOT, stdio: "inherit" });
  const persist = mkdtempSync(join(tmpdir(), "canopy-e2e-"));
  const env = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" };
  execFileSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), "d1", "migrations", "apply", "canopy", "--local", "--persist-to", persist], {
    cwd: ROOT,
    env,
    stdio: "ignore",
  });
  const worker = await unstable_startWorker({
    config: join(ROOT, "wrangler.toml"),
    dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, persist, logLevel: "warn" },
    bindings: { RATE_LIMIT_BURST: { type: "plain_text", value: "1000000" } },
  } as Parameters<typeof unstable_startWorker>[0]);
  const url = await worker.url;
  const base = url.origin;
  return {
    base,
    async stop() {
      await worker.dispose();
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium with the flags that work on these machines. playwright-core itself gives every launch
 * a fresh temporary --user-data-dir (it refuses the flag in `args`), and every context is isolated.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
