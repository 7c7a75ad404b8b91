// Builds a bench entry the way production builds the code (esbuild, bundled, minified, no
// `keepNames`: tsx's keepNames wraps hot closures and costs the engine about 18%), then runs it
// with this Node in a child process and returns what it printed on stdout.
//   import { runBundled } from "./build.mjs"; const out = await runBundled("bench/engine.ts", [], { CANOPY_BENCH_CHILD: "engine" });
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Bundle `entry` (relative to the repository root) into a temporary .mjs file; returns its path and a clean-up. */
export async function bundle(entry) {
  const dir = mkdtempSync(join(tmpdir(), "canopy-bench-build-"));
  const outfile = join(dir, "bench.mjs");
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    minify: true,
    keepNames: false,
    legalComments: "none",
    logLevel: "warning",
  });
  return { outfile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bundle `entry` and run it with this Node (`process.execPath`) and extra `env`; returns its stdout. */
export async function runBundled(entry, args = [], env = {}) {
  const { outfile, cleanup } = await bundle(entry);
  try {
    return execFileSync(process.execPath, [outfile, ...args], {
      encoding: "utf8",
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1 << 24,
    });
  } finally {
    cleanup();
  }
}
