// Builds the static web client: web/src (TypeScript, Preact) bundled by esbuild into dist/web/,
// with web/public/* copied beside it. dist/web/ is what wrangler.toml's [assets] serves.
//   node scripts/build-web.mjs            one production build (prints the gzipped sizes)
//   node scripts/build-web.mjs --watch    rebuild on change
// The game page's JS+CSS must stay within 46 KB gzipped (tests/web/bundle.test.ts checks it);
// the figure is also written to dist/web-size.json for the bench. Parts loaded on demand (the other
// languages, the notifications panel, the start page, Under the Moonlight's engine, drawing and UI)
// are chunks; code they share with the page is split into
// chunks the page imports at once, which index.html names as <link rel="modulepreload">.
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
    // Which output imports which, to tell what the page loads at once from what it loads on demand.
    metafile: true,
  });
}

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The main languages' modules (English is in the page itself). */
const LANGUAGE = /^web\/src\/i18n\/[a-z]{2}\.ts$/;
/** The notifications panel, loaded when its box is opened, and its languages. */
const PANEL = "web/src/notify/panel.tsx";
const PANEL_LANGUAGE = /^web\/src\/notify\/i18n\/[a-z]{2}\.ts$/;

/** `out` and every output it imports statically (what loading it loads at once), as metafile keys. */
function closure(metafile, out) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || !metafile.outputs[k]) return;
    seen.add(k);
    for (const i of metafile.outputs[k].imports) if (i.kind === "import-statement") visit(i.path);
  };
  visit(out);
  return seen;
}

/**
 * What the game page transfers, gzipped: app.js with the chunks it imports at once, app.css, and
 * the largest language chunk (a page loads at most one). Also what opening the notifications panel
 * adds (its chunk and its largest language). Takes esbuild's output files and metafile.
 */
export function pageBytesGz(files, metafile) {
  const rel = (path) => (path.startsWith(outDir) ? path.slice(outDir.length + 1) : path.replace(/^dist\/web\//, ""));
  const gz = new Map(files.map((f) => [rel(f.path), gzipSize(f.contents)]));
  const key = (name) => `dist/web/${name}`;
  const outputs = Object.entries(metafile.outputs);
  const sum = (keys, except = new Set()) =>
    [...keys].filter((k) => !except.has(k)).reduce((n, k) => n + (gz.get(rel(k)) ?? 0), 0);
  const eager = closure(metafile, key("app.js"));
  const largest = (test, except) =>
    Math.max(
      0,
      ...outputs.filter(([, o]) => o.entryPoint && test(o.entryPoint)).map(([k]) => sum(closure(metafile, k), except)),
    );
  const main = sum(eager) + (gz.get("app.css") ?? 0);
  const lang = largest((e) => LANGUAGE.test(e), eager);
  const panelKey = outputs.find(([, o]) => o.entryPoint === PANEL)?.[0];
  const panelCode = panelKey ? sum(closure(metafile, panelKey), eager) : 0;
  const panelLang = largest((e) => PANEL_LANGUAGE.test(e), eager);
  return {
    main,
    lang,
    total: main + lang,
    /** Loaded at once with app.js (besides app.js itself). */
    preload: [...eager].map(rel).filter((f) => f !== "app.js"),
    panel: { code: panelCode, lang: panelLang, total: panelCode + panelLang },
    files: [...gz].map(([name, size]) => ({ name, gz: size })),
  };
}

/**
 * The game page's JS+CSS as it is served, gzipped, in KB (one decimal), built in memory.
 * For the bench: `{ name: "client.game_page_kb_gz", unit: "KB", value: await gamePageKbGz() }`.
 */
export async function gamePageKbGz() {
  const result = await build({ ...buildOptions(), write: false, logLevel: "silent" });
  return Math.round((pageBytesGz(result.outputFiles ?? [], result.metafile).total / 1024) * 10) / 10;
}

/** index.html with the chunks app.js imports at once named for preloading (no waterfall). */
export function withPreloads(html, preload) {
  const links = preload.filter((f) => f.endsWith(".js")).map((f) => `<link rel="modulepreload" href="/${f}">`);
  return links.length
    ? html.replace(
        '<script type="module" src="/app.js"></script>',
        `${links.join("\n")}\n<script type="module" src="/app.js"></script>`,
      )
    : html;
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
  const size = pageBytesGz(result.outputFiles ?? [], result.metafile);
  const index = join(outDir, "index.html");
  writeFileSync(index, withPreloads(readFileSync(index, "utf8"), size.preload));
  const kb = (n) => (n / 1024).toFixed(1);
  writeFileSync(
    join(root, "dist/web-size.json"),
    `${JSON.stringify(
      {
        files: size.files,
        gzipTotal: size.total,
        gamePageKbGz: Math.round((size.total / 1024) * 10) / 10,
        notificationsPanelKbGz: Math.round((size.panel.total / 1024) * 10) / 10,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `build-web: page JS+CSS ${kb(size.main)} KB gz, + largest language ${kb(size.lang)} KB gz = game page ${kb(size.total)} KB gz` +
      ` (notifications panel, on demand: ${kb(size.panel.code)} + ${kb(size.panel.lang)} KB gz)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
