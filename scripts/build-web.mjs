// Builds the static web client: web/src (TypeScript, Preact) bundled by esbuild into dist/web/,
// with web/public/* copied beside it. dist/web/ is what wrangler.toml's [assets] serves.
//   node scripts/build-web.mjs            one production build (prints the gzipped sizes)
//   node scripts/build-web.mjs --watch    rebuild on change
// The game page's first wave (what it loads at once: app.js, the shell's chunk, the game page's chunk,
// app.css, its language) must stay within 40 KB gzipped (issue 10; tests/web/bundle.test.ts checks
// it); the figure is also written to dist/web-size.json. What each page fetches in all, first wave
// and after, is weighed in Chromium (bench/pages.ts: tests/e2e/weights.test.ts and the bench's
// `client.*` figures; issue 25). Parts loaded on demand (every language, the game page, the start
// page, the notifications panel, the lobby, the log and replay, Under the Moonlight's engine,
// drawing and UI, …) are chunks; the code they share with the shell is one chunk every page imports
// at once, which index.html names as <link rel="modulepreload"> (with its language), and the code
// the game page shares with its parts is one chunk it preloads on a game's address.
import { build, buildSync, context } from "esbuild";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { runInNewContext } from "node:vm";
import { minify } from "terser";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const outDir = join(root, "dist/web");

/** The page's root module: what main.tsx renders; everything every page loads at once is reached from it. */
const PAGE_ROOT = join(root, "web/src/app.tsx");
/** The game page's root module (a chunk app.tsx loads, preloaded on a game's address). */
const GAME_ROOT = join(root, "web/src/game/page.tsx");
/**
 * The rules the game page plans and replays with (the engine's play and the page's use of it): a
 * chunk the page loads when it plans a turn or replays, not for its first view (docs/web.md "Weights").
 */
const GAME_RULES = join(root, "web/src/game/rules.ts");
/** A module that imports the engine's play (base.ts or an expansion's entry), not only its reading. */
const PLAYS = /^import (?!type\b)[^;]*from "[./]*(src\/)?engine\/(base|[a-z]+\/index|moonlight)";/m;

/**
 * The web client's modules that some module loads with `import("./…")` (a literal relative path),
 * each with whether it is a part of the game page: loaded from the game page's own modules
 * (web/src/game/, web/src/moon/) or from such a part ("How to play" too); and `closure(file)`,
 * the web client's modules a module loads at once (its static imports, read from the source).
 */
function lazyModules() {
  /** @type {Map<string, string[]>} module → the files that import() it */
  const importers = new Map();
  /** @type {Map<string, string[]>} module → the web client's modules it imports statically (not types) */
  const imports = new Map();
  const fileOf = (from, spec) => {
    const base = resolve(dirname(from), spec);
    return [".ts", ".tsx", "/index.ts", "/index.tsx"].map((x) => base + x).find((f) => existsSync(f));
  };
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) {
        const source = readFileSync(p, "utf8");
        for (const m of source.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
          const file = fileOf(p, m[1]);
          if (file) importers.set(file, [...(importers.get(file) ?? []), p]);
        }
        const found = [];
        for (const m of source.matchAll(
          /^(?:import|export)\s+(?!type\b)(?:[^;]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm,
        )) {
          const file = fileOf(p, m[1]);
          if (file) found.push(file);
        }
        imports.set(p, found);
      }
    }
  };
  walk(join(root, "web/src"));
  const ofGame = /[\\/]web[\\/]src[\\/](game|moon)[\\/]/;
  // "How to play" draws boards with the game's engine and drawing: as a part of the game page, it
  // shares the game page's chunk rather than cutting the engine and drawing into a chunk of their
  // own, which cost the game page's first wave 0.7 KB gz (its budget, tests/web/bundle.test.ts).
  const gameParts = new Set([join(root, "web/src/how-to-play/page.tsx")]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, from] of importers)
      if (file !== GAME_ROOT && !gameParts.has(file) && from.some((f) => ofGame.test(f) || gameParts.has(f))) {
        gameParts.add(file);
        grew = true;
      }
  }
  /** The web client's modules `file` loads at once (itself, and what it imports statically). */
  const closure = (file) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const g of imports.get(f) ?? []) visit(g);
    };
    visit(file);
    return seen;
  };
  return { lazy: new Set(importers.keys()), gameParts, closure };
}

/**
 * Few shared chunks instead of many. esbuild (which has no manual chunks) puts each module in a
 * chunk keyed by the set of entry points that reach it, so the page's code was cut into seven
 * chunks by which lazy parts happen to share which module — about 2 KB gz more than the same code
 * in one file, and seven requests. Every lazy part is only ever loaded by the page, after it, so
 * each is made to import the page's root module too (an import of what is already loaded, which
 * runs nothing): every module the page loads at once is then reached by the same entry points and
 * lands in one chunk. The same for the game page: its parts (the log, talk, the lobby, the
 * Moonlight, …) import its root module, so what it loads at once lands in one chunk of its own
 * (with what it shares with other pages, such as the board's drawing for "How to play", in a
 * chunk both load). Only the bundle changes; the source keeps its imports as they are.
 */
const oneSharedChunk = {
  name: "one-shared-chunk",
  setup(build) {
    const { lazy, gameParts, closure } = lazyModules();
    build.onResolve({ filter: /^canopy:later:/ }, (args) => ({ path: args.path.slice(13), namespace: "canopy-later" }));
    build.onLoad({ filter: /.*/, namespace: "canopy-later" }, (args) => ({
      contents: LATER[args.path].map((f) => `import ${JSON.stringify(join(root, f))};\n`).join(""),
      loader: "js",
      resolveDir: root,
    }));
    build.onLoad({ filter: /[\\/]web[\\/]src[\\/].*\.tsx?$/ }, (args) => {
      if (args.path === PAGE_ROOT)
        return {
          contents: `${WITH_SHELL.map((f) => `import ${JSON.stringify(join(root, f))};\n`).join("")}${readFileSync(args.path, "utf8")}`,
          loader: "tsx",
        };
      if (!lazy.has(args.path)) return undefined;
      const roots = gameParts.has(args.path) ? [PAGE_ROOT, GAME_ROOT] : [PAGE_ROOT];
      const source = readFileSync(args.path, "utf8");
      // A part that plays the engine imports the game page's rules too: they then share one chunk
      // with the engine's play (the rules' own chunk is left nearly empty) instead of two.
      if (gameParts.has(args.path) && args.path !== GAME_RULES && PLAYS.test(source)) roots.push(GAME_RULES);
      // Under the Moonlight the parts that play it (the part a turn is planned with, an animal's
      // abilities, a chunk each, and the replay's hooks) import what they share with the other
      // parts too: the engine's play, the expansion's engine, and what the first part shares with
      // "How to play" (its reading and drawing), or the modules they use would be cut out of those
      // chunks into new ones.
      if (MOON_PLAYS.test(args.path))
        roots.push(GAME_RULES, ...[...MOON_SEEN_SHARED, ...MOON_PLAY_SHARED].map((f) => join(root, f)));
      // A part that uses one of a group of the later parts' small shared modules loads the whole
      // group (one chunk), and only the groups it uses.
      const loads = closure(args.path);
      for (const [group, files] of Object.entries(LATER))
        if (files.some((f) => loads.has(join(root, f)))) roots.push(`canopy:later:${group}`);
      return {
        contents: `${roots.map((r) => `import ${JSON.stringify(r)};\n`).join("")}${source}`,
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
      };
    });
  },
};

/**
 * Under the Moonlight the game page loads two parts (docs/web.md "Weights"): what it shows at once
 * (web/src/moon/ui.tsx), and what a turn is planned with (web/src/moon/play.tsx, with the animals'
 * abilities, a chunk each, and the replay's hooks, web/src/moon/replay.ts: MOON_PLAYS). What the
 * first shares with "How to play" and the others — the expansion's reading (its geometry, light,
 * setup schedule: the engine's MOONLIGHT_SEEN) and its drawing (plugged in by
 * web/src/moon/drawing.ts) — is one chunk; so is the expansion's engine, which only the others load.
 */
const MOON_SEEN_SHARED = ["web/src/moon/drawing.ts", "src/engine/moonlight/seen.ts"];
const MOON_PLAY_SHARED = ["src/engine/moonlight/index.ts"];
const MOON_PLAYS = /[\\/]web[\\/]src[\\/]moon[\\/](play\.tsx|replay\.ts|animals[\\/][a-z]+\.ts)$/;

/**
 * Small modules that the parts loaded after a page's first paint share (a few hundred bytes each),
 * in groups: a group is one chunk, which every part using any of its modules loads, rather than one
 * chunk each (the game page fetched six). Two groups, so that a seated player's game page (table
 * talk, the Moonlight's part) does not load the API's rarer calls and the bots' names, which only
 * the start page, the lobby and some moments use (docs/web.md "Weights"). The start page's and the
 * lobby's notifications box (ui/notify-box.tsx) is in neither: the game page has its own
 * (notify/game-box.tsx), and table talk would load it for nothing.
 */
const LATER = {
  /** The API's rarer calls, the bots' names. */
  api: ["web/src/api/more.ts", "web/src/ui/bot-text.ts"],
  /** The loader of a feature's texts. */
  ui: ["web/src/i18n/lazy.ts"],
};

/**
 * Tiny modules that the game page's chunk shares with a part every kind of page may load (the live
 * socket's backoff and keep-alive, which the poll of your turns uses too): in the shell's chunk
 * rather than a chunk of their own of 0.1 KB gz, one request more on every game page.
 */
const WITH_SHELL = ["web/src/backoff.ts", "src/contract/live.ts"];

/**
 * Under the Moonlight's static pictures (the animals, the Great Tree, a moonstone and its halo, a
 * baby turtle) as one SVG sprite, src/render/moon-art.ts `moonSprite` (the one source of their
 * shapes, which the server draws inline), named by its content: chunks/moon-<hash>.svg, served
 * immutable as the chunks are (web/public/_headers) and kept by the service worker as they are (its
 * `/chunks/` route). The web page draws the pictures by reference (`<use href="…#owl">`): the build
 * gives it the address as `__MOON_SPRITE__` (web/src/moon/drawing.ts), and its JS carries no path
 * data (docs/web.md "Weights"). Made once a process (`--watch` does not remake it).
 */
let sprite = null;
export function moonSprite() {
  if (!sprite) {
    const art = buildSync({
      absWorkingDir: root,
      entryPoints: ["src/render/moon-art.ts"],
      bundle: true,
      format: "iife",
      globalName: "art",
      write: false,
      logLevel: "warning",
    });
    const svg = runInNewContext(`${art.outputFiles[0].text};art.moonSprite()`);
    const hash = createHash("sha256").update(svg).digest("hex").slice(0, 10);
    sprite = { path: join(outDir, `chunks/moon-${hash}.svg`), contents: new TextEncoder().encode(svg) };
  }
  return sprite;
}

/** The esbuild options of the client (also used by the size test, with write: false). */
export function buildOptions({ dev = false } = {}) {
  return /** @type {import("esbuild").BuildOptions} */ ({
    absWorkingDir: root,
    // The page, and the stylesheets split off its app.css (web/src/ui/part.ts loads them by name).
    entryPoints: {
      app: "web/src/main.tsx",
      ...Object.fromEntries(
        readdirSync(join(root, "web/src/styles"))
          .filter((f) => f.endsWith(".css"))
          .map((f) => [`styles/${f.slice(0, -4)}`, `web/src/styles/${f}`]),
      ),
    },
    outdir: outDir,
    bundle: true,
    format: "esm",
    // Languages are chunks loaded on demand (English too): a page carries one language.
    splitting: true,
    // A lazy part's chunk is named after its source file and folder (web/src/how-to-play/page.tsx →
    // chunks/how-to-play/page-<hash>.js; the languages chunks/i18n/de-<hash>.js): every page is a
    // page.tsx in a folder of its own, so the file name alone would not tell them apart. Shared
    // chunks are chunks/chunk-<hash>.js.
    outbase: "web/src",
    chunkNames: "chunks/[dir]/[name]-[hash]",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
    // Which output imports which, to tell what the page loads at once from what it loads on demand.
    metafile: true,
    define: { __MOON_SPRITE__: JSON.stringify(`/${moonSprite().path.slice(outDir.length + 1)}`) },
    plugins: [oneSharedChunk],
  });
}

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * terser's options for a second pass over esbuild's minified JS. esbuild minifies in one pass
 * (fast, but it leaves code a compressor with passes still shortens: conditionals joined,
 * constants inlined, dead branches dropped across functions); terser after it took 2.6 % off the
 * game page's gzipped code and the Moonlight's engine and drawing (2026-11-28, docs/web.md
 * "Weights"; a second compress pass saved some 20 B a chunk more, for a third more build time).
 * `module`: the chunks are ES modules (their top level is theirs to rename).
 */
const terserOptions = (module) => ({
  ecma: 2020,
  module,
  compress: true,
  mangle: true,
  format: { comments: false },
});

/** esbuild's output files with each JS file passed through terser (`module`: ES modules, not the worker's script). */
export async function compact(files, { module = true } = {}) {
  return Promise.all(
    files.map(async (f) => {
      if (!f.path.endsWith(".js")) return { path: f.path, contents: f.contents };
      // (fresh options for every file: terser writes into the ones it is given)
      const { code } = await minify(new TextDecoder().decode(f.contents), terserOptions(module));
      return { path: f.path, contents: new TextEncoder().encode(code) };
    }),
  );
}

/** The client as it is served, in memory: esbuild's chunks (with its metafile) after terser's pass, and the Moonlight's sprite. */
export async function buildWeb(opts = {}) {
  const result = await build({ ...buildOptions(), write: false, ...opts });
  return { outputFiles: [...(await compact(result.outputFiles ?? [])), moonSprite()], metafile: result.metafile };
}

/**
 * The service worker's registration with the offline notice (a chunk loaded after the first paint):
 * the worker keeps it beforehand, for a page opened offline.
 */
const OFFLINE_CHUNKS = ["web/src/offline/register.ts"];

/**
 * The service worker (web/src/sw/index.ts) as /sw.js: one classic script (no chunks, no imports),
 * with the build's shell to keep for offline use — the start page's files and the offline notice —
 * and a version made from them, so every build that changes the app changes /sw.js and the browser
 * installs the new worker (which drops the old shell).
 */
export function serviceWorkerOptions({ files = [], content = "" } = {}) {
  const version = createHash("sha256")
    .update(`${files.join("\n")}\n${content}`)
    .digest("hex")
    .slice(0, 12);
  return /** @type {import("esbuild").BuildOptions} */ ({
    absWorkingDir: root,
    entryPoints: ["web/src/sw/index.ts"],
    outfile: join(outDir, "sw.js"),
    bundle: true,
    format: "iife",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    define: { __PRECACHE__: JSON.stringify({ version, files }) },
  });
}

/** The files the worker keeps at install: app.js, app.css, what app.js loads at once, the offline chunks. */
export function precacheFiles(files, metafile, preload) {
  const rel = (path) => (path.startsWith(outDir) ? path.slice(outDir.length + 1) : path.replace(/^dist\/web\//, ""));
  const offline = Object.entries(metafile.outputs).flatMap(([k, o]) =>
    OFFLINE_CHUNKS.includes(o.entryPoint ?? "") ? [rel(k)] : [],
  );
  const names = ["app.js", "app.css", ...preload, ...offline];
  // Content, not only names: app.js and app.css keep their names from build to build.
  const hash = createHash("sha256");
  for (const f of files) if (names.includes(rel(f.path))) hash.update(f.contents);
  return { files: names.map((n) => `/${n}`), content: hash.digest("hex").slice(0, 12) };
}

/** The game page's module: a chunk of its own (web/src/app.tsx loads it). */
const GAME_PAGE = "web/src/game/page.tsx";
/** The main languages' modules (English too: every language is a chunk). */
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
  const first = closure(metafile, key("app.js"));
  // The game page's chunk and what it imports at once (index.html preloads them on a game's address).
  const gameKey = outputs.find(([, o]) => o.entryPoint === GAME_PAGE)?.[0];
  const game = gameKey ? closure(metafile, gameKey) : new Set();
  const eager = new Set([...first, ...game]);
  const largest = (test, except) =>
    Math.max(
      0,
      ...outputs.filter(([, o]) => o.entryPoint && test(o.entryPoint)).map(([k]) => sum(closure(metafile, k), except)),
    );
  const main = sum(eager) + (gz.get("app.css") ?? 0);
  const lang = largest((e) => LANGUAGE.test(e), eager);
  /** Each main language's chunk (what index.html preloads for the page's language). */
  const languages = Object.fromEntries(
    outputs.flatMap(([k, o]) =>
      o.entryPoint && LANGUAGE.test(o.entryPoint) ? [[o.entryPoint.slice(-5, -3), rel(k)]] : [],
    ),
  );
  const panelKey = outputs.find(([, o]) => o.entryPoint === PANEL)?.[0];
  const panelCode = panelKey ? sum(closure(metafile, panelKey), eager) : 0;
  const panelLang = largest((e) => PANEL_LANGUAGE.test(e), eager);
  return {
    main,
    lang,
    total: main + lang,
    /** Loaded at once with app.js on every page (besides app.js itself). */
    preload: [...first].map(rel).filter((f) => f !== "app.js"),
    /** Loaded at once on a game page besides those: its chunk and the chunks it imports. */
    game: [...game].filter((k) => !first.has(k)).map(rel),
    languages,
    panel: { code: panelCode, lang: panelLang, total: panelCode + panelLang },
    files: [...gz].map(([name, size]) => ({ name, gz: size })),
  };
}

/**
 * The game page's JS+CSS as it is served, gzipped, in KB (one decimal), built in memory.
 * For the bench: `{ name: "client.game_page_kb_gz", unit: "KB", value: await gamePageKbGz() }`.
 */
export async function gamePageKbGz() {
  const result = await buildWeb({ logLevel: "silent" });
  return Math.round((pageBytesGz(result.outputFiles, result.metafile).total / 1024) * 10) / 10;
}

/**
 * index.html with the chunks app.js imports at once named for preloading (no waterfall), and a
 * small inline script that preloads the page's language chunk the same way: it picks the language
 * as `initialLang` in web/src/i18n/index.ts does (the saved choice, else the browser's first
 * language we speak, else English), so that chunk loads alongside app.js instead of after it. On a
 * game's address (/g/<id>, as app.tsx routes it) the script preloads the game page's chunks too.
 */
export function withPreloads(html, preload, languages = {}, game = []) {
  const links = preload.filter((f) => f.endsWith(".js")).map((f) => `<link rel="modulepreload" href="/${f}">`);
  if (Object.keys(languages).length || game.length) {
    const map = JSON.stringify(Object.fromEntries(Object.entries(languages).map(([l, f]) => [l, `/${f}`])));
    const gameFiles = JSON.stringify(game.filter((f) => f.endsWith(".js")).map((f) => `/${f}`));
    links.push(
      `<script>(function(m,g){function p(h){var k=document.createElement("link");k.rel="modulepreload";k.href=h;document.head.appendChild(k)}` +
        `var l;try{l=localStorage.getItem("canopy.lang")}catch(e){}` +
        `if(!m[l]){l="en";var n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];` +
        `for(var i=0;i<n.length;i++){var b=String(n[i]||"").toLowerCase().split("-")[0];if(m[b]){l=b;break}}}` +
        `if(m[l])p(m[l]);if(/^\\/g\\/[A-Za-z0-9_-]+\\/?$/.test(location.pathname))for(var j=0;j<g.length;j++)p(g[j])})(${map},${gameFiles})</script>`,
    );
  }
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
    const { path, contents } = moonSprite();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, contents);
    const ctx = await context(buildOptions({ dev: true }));
    await ctx.watch();
    const sw = await context(serviceWorkerOptions());
    await sw.watch();
    console.log("build-web: watching web/src …");
    return;
  }
  const result = await buildWeb();
  for (const f of result.outputFiles) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.contents);
  }
  const size = pageBytesGz(result.outputFiles, result.metafile);
  const index = join(outDir, "index.html");
  writeFileSync(index, withPreloads(readFileSync(index, "utf8"), size.preload, size.languages, size.game));
  const shell = precacheFiles(result.outputFiles, result.metafile, size.preload);
  const sw = await build({ ...serviceWorkerOptions(shell), write: false });
  for (const f of await compact(sw.outputFiles ?? [], { module: false })) writeFileSync(f.path, f.contents);
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
