/**
 * `npm run bench` prints every figure; `npm run bench -- --json [file]` also writes them as a JSON
 * array of {name, unit, value} (the format github-action-benchmark reads; default bench-results.json).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analysisCpuInWorkerd } from "./analysis";
import { strongCpuInWorkerd } from "./bots-workerd";
import { benchEmbed } from "./embed";
// @ts-expect-error: a plain .mjs build script without type declarations
import { runBundled } from "./build.mjs";
import { benchCpuOnly, benchPollOnly, benchRealOnly, benchService } from "./service";
// @ts-expect-error: a plain .mjs build script without type declarations
import { gamePageKbGz } from "../scripts/build-web.mjs";
import { benchPages } from "./pages";

type Figure = { name: string; unit: string; value: number; low?: number; high?: number };

const args = process.argv.slice(2);
const figures: Figure[] = [];
const only = args.find((a) => a.startsWith("--only="))?.slice(7);

// The engine runs as a production-like bundle (no keepNames) in a child process: bench/engine.ts.
if (!only || only === "engine")
  figures.push(...(JSON.parse(await runBundled("bench/engine.ts", [], { CANOPY_BENCH_CHILD: "engine" })) as Figure[]));
// The bots' matches (bench/bots.ts), bundled the same way; `--games=N` per figure (default 400).
// Not in the default run (about 15 minutes on 2 cores): `npm run bench -- --only=bots`.
if (only === "bots") {
  const pass = args.filter((a) => a.startsWith("--games=") || a.startsWith("--figures="));
  const out = await runBundled("bench/bots.ts", pass, { CANOPY_BENCH_CHILD: "bots" });
  figures.push(...(JSON.parse(out) as Figure[]));
}
// Strong's CPU per turn inside workerd (bench/bots-workerd.ts): with the matches, or alone with --figures=cpu.
const figuresArg = args.find((a) => a.startsWith("--figures="))?.slice(10);
if (only === "bots" && (!figuresArg || figuresArg.split(",").includes("cpu"))) {
  const cpu = await strongCpuInWorkerd();
  figures.push(
    { name: "bots.strong_turn_cpu_ms_p50", unit: "ms", value: cpu.p50 },
    { name: "bots.strong_turn_cpu_ms_p99", unit: "ms", value: cpu.p99 },
  );
}
// The coach's CPU per reviewed game inside workerd (bench/analysis.ts): with the matches, or alone with --figures=analysis.
if (only === "bots" && (!figuresArg || figuresArg.split(",").includes("analysis"))) {
  const a = await analysisCpuInWorkerd();
  figures.push(
    { name: "bots.analysis_cpu_s_per_game", unit: "s", value: a.base2p },
    { name: "bots.analysis_cpu_s_per_game_4p", unit: "s", value: a.base4p },
    { name: "bots.analysis_cpu_s_per_game_moonlight", unit: "s", value: a.moon2p },
    { name: "bots.analysis_games_per_figure", unit: "games", value: a.games },
  );
}
// The full runs of the checks `npm test` runs a part of (`--only=full`, not in the default run: 75 s on
// two idle cores, 2026-11-27): the engine's property checks on every random case, the fast core against the engine over
// 400 games a case, strong on every position of the bots' tests. The figure is how many passed; a
// failure stops the bench.
if (only === "full") {
  const out = join(tmpdir(), `canopy-full-${process.pid}.json`);
  execFileSync(
    "npx",
    [
      "vitest",
      "run",
      "tests/engine",
      "tests/bots",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
    {
      stdio: "inherit",
      env: { ...process.env, CANOPY_FULL: "1", CANOPY_FAST_GAMES: "400" },
    },
  );
  const report = JSON.parse(readFileSync(out, "utf8")) as { numPassedTests: number };
  figures.push({ name: "full.tests_passed", unit: "tests", value: report.numPassedTests });
}
if (!only || only === "service") figures.push(...(await benchService()));
if (only === "real") figures.push(...(await benchRealOnly()));
if (!only || only === "poll") figures.push(...(await benchPollOnly()));
if (!only || only === "cpu") figures.push(...(await benchCpuOnly()));
if (!only || only === "embed") figures.push(...benchEmbed());
// The pages' weights as Chromium fetches them (bench/pages.ts, the same counting as
// tests/e2e/weights.test.ts), and the game page's first wave alone (what the build counts).
if (!only || only === "client") {
  figures.push(...(await benchPages()));
  figures.push({ name: "client.game_page_first_wave_kb_gz", unit: "KB", value: (await gamePageKbGz()) as number });
}

for (const f of figures)
  console.log(
    `${f.name.padEnd(40)} ${String(f.value).padStart(12)} ${f.unit}${f.low === undefined ? "" : ` (Wilson 95%: ${f.low}–${f.high})`}`,
  );
const j = args.indexOf("--json");
if (j >= 0) {
  const file = args[j + 1] && !args[j + 1].startsWith("--") ? args[j + 1] : "bench-results.json";
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
