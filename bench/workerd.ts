/**
 * What the bench's CPU figures inside workerd share (bench/bots-workerd.ts, bench/analysis.ts): a
 * bench worker bundled as a deployment would be and started in Miniflare's workerd, and the CPU
 * time of the workerd processes this process started, read from Linux /proc in clock ticks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { build } from "esbuild";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU ms of the workerd processes that are children of this process. */
export function workerdCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const f = stat.slice(close + 2).split(" ");
      if (!comm.startsWith("workerd") || Number(f[1]) !== process.pid) continue;
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** The worker `entry` (a bench/*-worker.ts), minified and bundled, running in workerd; dispose it after use. */
export async function benchWorker(entry: string): Promise<Miniflare> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "warning",
  });
  return new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: bundle.outputFiles[0].text, compatibilityDate: "2026-11-01" }),
  );
}
