/**
 * The deploy path, offline: `npm run deploy -- --dry-run` builds the Worker exactly as `wrangler deploy`
 * would upload it, with the D1 id put in place from D1_DATABASE_ID, and the bundle stays under the
 * free plan's 3 MB compressed limit (measured here by gzipping every uploaded module).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const FREE_PLAN_LIMIT = 3 * 1024 * 1024;
const D1_ID = "11111111-2222-4333-8444-555555555555";
const outdir = mkdtempSync(join(tmpdir(), "canopy-dry-run-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("deploy --dry-run", () => {
  it("bundles the Worker with the D1 id in place, under 3 MB compressed", () => {
    const run = spawnSync(process.execPath, ["scripts/deploy.mjs", "--dry-run", "--outdir", outdir], {
      encoding: "utf8",
      env: { ...process.env, D1_DATABASE_ID: D1_ID, CLOUDFLARE_API_TOKEN: "", WRANGLER_SEND_METRICS: "false" },
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("--dry-run: exiting now");

    const config = readFileSync("wrangler.deploy.toml", "utf8");
    expect(config).toContain(`database_id = "${D1_ID}"`);
    expect(readFileSync("wrangler.toml", "utf8")).not.toContain(D1_ID);

    const modules = readdirSync(outdir).filter((f) => !f.endsWith(".map") && f !== "README.md");
    expect(modules).toContain("index.js");
    expect(modules.some((f) => f.endsWith(".wasm"))).toBe(true);
    const compressed = modules.reduce(
      (sum, f) => sum + gzipSync(readFileSync(join(outdir, f)), { level: 9 }).length,
      0,
    );
    expect(compressed).toBeGreaterThan(100_000);
    expect(compressed).toBeLessThan(FREE_PLAN_LIMIT);
  }, 150_000);
});
