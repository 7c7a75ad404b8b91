// Builds the static web client: web/src (TypeScript, Preact) bundled by esbuild into dist/web/,
// with web/public/* copied beside it. dist/web/ is what wrangler.toml's [assets] serves.
//   node scripts/build-web.mjs            one production build (prints the gzipped sizes)
//   node scripts/build-web.mjs --watch    rebuild on change
import { build, context } from "esbuild";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/web");
const watch = process.argv.includes("--watch");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(root, "web/public"), out, { recursive: true });

/** @type {import("esbuild").BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: { app: "web/src/main.tsx" },
  outdir: out,
  bundle: true,
  format: "esm",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  jsx: "automatic",
  jsxImportSource: "preact",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
};

if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  console.log("build-web: watching web/src …");
} else {
  await build(options);
  const sizes = ["app.js", "app.css"].map((f) => {
    const bytes = readFileSync(join(out, f));
    return { file: f, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
  const total = sizes.reduce((s, x) => s + x.gz, 0);
  writeFileSync(join(root, "dist/web-size.json"), JSON.stringify({ files: sizes, gzipTotal: total }, null, 2) + "\n");
  console.log(
    "build-web: " + sizes.map((s) => `${s.file} ${(s.raw / 1024).toFixed(1)} KB (${(s.gz / 1024).toFixed(1)} KB gz)`).join(", ") +
      `; game page JS+CSS ${(total / 1024).toFixed(1)} KB gz`,
  );
}
