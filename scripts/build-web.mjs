// Builds the static web client: web/src (TypeScript, Preact) bundled by esbuild into dist/web/,
// with web/public/* copied beside it. dist/web/ is what wrangler.toml's [assets] serves.
//   node scripts/build-web.mjs            one production build (prints the gzipped sizes)
//   node scripts/build-web.mjs --watch    rebuild on change
// The game page's JS+CSS must stay within 60 KB gzipped (tests/web/bundle.test.ts checks it);
// the figure is also written to dist/web-size.json for the bench.
import { build, context } from "esbuild";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const outDir = join(root, "dist/web");

/** The esbuild options of the client (also used by the size test, with write: false). */
export function buildOptions({ dev = false } = {}) {
  return /** @type {import("esbuild").BuildOptions} */ ({
    absWorkingDir: root,
    entryPoints: { app: "web/src/main.tsx" },
    outdir: outDir,
    bundle: true,
    format: "esm",
    // Languages other than English are chunks loaded on demand: a page carries one language.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    logLevel: "warning",
  });
}

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * What the game page transfers, gzipped: app.js + app.css + the largest language chunk (a page
 * loads at most one). Takes esbuild's output files (paths and contents).
 */
export function pageBytesGz(files) {
  const gz = files.map((f) => ({ name: f.path.slice(outDir.length + 1), gz: gzipSize(f.contents) }));
  const main = gz.filter((f) => f.name === "app.js" || f.name === "app.css").reduce((n, f) => n + f.gz, 0);
  const lang = Math.max(0, ...gz.filter((f) => f.name.startsWith("chunks/")).map((f) => f.gz));
  return { main, lang, total: main + lang, files: gz };
}

/**
 * The game page's JS+CSS as it is served, gzipped, in KB (one decimal), built in memory.
 * For the bench: `{ name: "client.game_page_kb_gz", unit: "KB", value: await gamePageKbGz() }`.
 */
export async function gamePageKbGz() {
  const result = await build({ ...buildOptions(), write: false, logLevel: "silent" });
  return Math.round((pageBytesGz(result.outputFiles ?? []).total / 1024) * 10) / 10;
}

async function main() {
  const watch = process.argv.includes("--watch");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(join(root, "web/public"), outDir, { recursive: true });
  if (watch) {
    const ctx = await context(buildOptions({ dev: true }));
    await ctx.watch();
    console.log("build-web: watching web/src …");
    return;
  }
  const result = await build({ ...buildOptions(), write: false });
  for (const f of result.outputFiles ?? []) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.contents);
  }
  const size = pageBytesGz(result.outputFiles ?? []);
  const kb = (n) => (n / 1024).toFixed(1);
  writeFileSync(
    join(root, "dist/web-size.json"),
    JSON.stringify({ files: size.files, gzipTotal: size.total, gamePageKbGz: Math.round((size.total / 1024) * 10) / 10 }, null, 2) + "\n",
  );
  console.log(`build-web: app.js+app.css ${kb(size.main)} KB gz, + largest language ${kb(size.lang)} KB gz = game page ${kb(size.total)} KB gz`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
