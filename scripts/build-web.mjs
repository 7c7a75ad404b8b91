// Builds the static web client: web/src (TypeScript, Preact) bundled by esbuild into dist/web/,
// with web/public/* copied beside it. dist/web/ is what wrangler.toml's [assets] serves.
//   node scripts/build-web.mjs            one production build (prints the gzipped sizes)
//   node scripts/build-web.mjs --watch    rebuild on change
// The game page's JS+CSS must stay within 60 KB gzipped (tests/web/bundle.test.ts checks it);
// the figure is also written to dist/web-size.json for the bench.
import { build, context } from "esbuild";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  await build(buildOptions());
  const sizes = ["app.js", "app.css"].map((f) => {
    const bytes = readFileSync(join(outDir, f));
    return { file: f, raw: bytes.length, gz: gzipSize(bytes) };
  });
  const total = sizes.reduce((s, x) => s + x.gz, 0);
  writeFileSync(join(root, "dist/web-size.json"), JSON.stringify({ files: sizes, gzipTotal: total, gamePageKbGz: Math.round((total / 1024) * 10) / 10 }, null, 2) + "\n");
  console.log(
    "build-web: " + sizes.map((s) => `${s.file} ${(s.raw / 1024).toFixed(1)} KB (${(s.gz / 1024).toFixed(1)} KB gz)`).join(", ") +
      `; game page JS+CSS ${(total / 1024).toFixed(1)} KB gz`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
