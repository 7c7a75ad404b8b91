/** The client bundle stays light and self-contained. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { initialLang, type Lang } from "../../web/src/i18n";
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildWeb, gamePageKbGz, pageBytesGz, root, withPreloads } from "../../scripts/build-web.mjs";

/** `out` and every output it imports statically, as metafile keys. */
function closure(meta: { outputs: Record<string, { imports: { path: string; kind: string }[] }> }, out: string) {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !meta.outputs[k]) return;
    seen.add(k);
    for (const i of meta.outputs[k].imports) if (i.kind === "import-statement") visit(i.path);
  };
  visit(out);
  return seen;
}

describe("web bundle", () => {
  it("keeps the game page within 40 KB of gzipped JS+CSS, loading nothing from other origins", async () => {
    // (the files as they are served: esbuild's chunks after terser's pass)
    const result: {
      outputFiles: { path: string; contents: Uint8Array }[];
      metafile: import("esbuild").Metafile;
    } = await buildWeb();
    const out = result.outputFiles;
    const files = new Map(out.map((f) => [f.path.split("/dist/web/")[1], f.contents]));
    const js = files.get("app.js")!;
    const css = files.get("app.css")!;
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    // Split off: the five languages (a page loads one), the notifications panel with its four other
    // languages, the lobby, and what lies below a turn's first paint (log, replay, away, final scores).
    const meta = result.metafile!;
    const byEntry = new Map(
      Object.entries(meta.outputs).flatMap(([k, o]) =>
        o.entryPoint ? [[o.entryPoint, k.replace(/^dist\/web\//, "")]] : [],
      ),
    );
    const langs = ["de", "fr", "ja", "nl"];
    const expected = new Set([
      ...["en", ...langs].map((l) => byEntry.get(`web/src/i18n/${l}.ts`)),
      // The texts of the later parts a game page's first view does not show (some moments, other
      // pages): those of what it loads at once after its first paint are in the language's chunk.
      ...["en", ...langs].map((l) => byEntry.get(`web/src/i18n/rest/${l}.ts`)),
      // The game page (a chunk app.tsx loads; index.html preloads it on a game's address; with it
      // the log, more.tsx, and the live socket) and its lobby.
      byEntry.get("web/src/game/page.tsx"),
      byEntry.get("web/src/game/lobby.tsx"),
      ...langs.map((l) => byEntry.get(`web/src/game/lobby-i18n/${l}.ts`)),
      // What only some moments of a game page show (a chosen cell's choices, going away, the final
      // scores, the legend, …), loaded when first shown.
      byEntry.get("web/src/game/moments.tsx"),
      // A seated player's table talk (issue 16), loaded when the game's talk holds something for
      // them, a message comes or they ask for it (with the later parts' shared modules, which a
      // spectator's page does not load).
      byEntry.get("web/src/talk/panel.tsx"),
      byEntry.get("web/src/notify/panel.tsx"),
      ...langs.map((l) => byEntry.get(`web/src/notify/i18n/${l}.ts`)),
      // Under the Moonlight's parts of the game page, loaded for such games only, and its languages:
      // what the page shows at once, and what a turn is planned with (on the page's first touch).
      byEntry.get("web/src/moon/ui.tsx"),
      byEntry.get("web/src/moon/play.tsx"),
      // with what only replaying its history needs beside it (its making and replaying hooks).
      byEntry.get("web/src/moon/replay.ts"),
      // Each animal's abilities, loaded for the seat's animal (every animal's to replay a history).
      ...["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle"].map((a) =>
        byEntry.get(`web/src/moon/animals/${a}.ts`),
      ),
      ...["en", ...langs].map((l) => byEntry.get(`web/src/moon/i18n/${l}.ts`)),
      ...["en", ...langs].map((l) => byEntry.get(`web/src/moon/i18n/play/${l}.ts`)),
      // The start page (a game page does not carry it).
      byEntry.get("web/src/home/page.tsx"),
      // The rules the game page plans and replays with (the engine's play: in a shared chunk with
      // the parts that play it, the Moonlight's and "How to play"), loaded to plan a turn or replay.
      byEntry.get("web/src/game/rules.ts"),
      // The history's replay (the engine's replay), loaded on the first touch of the history, for a
      // moment of it in the address, a finished or a practice game: a turn is planned without it.
      byEntry.get("web/src/game/history.ts"),
      // The count of games waiting for you, loaded after the page (it only changes the title): your
      // inbox's socket alone on a page that lists none of them, with their list and the poll that
      // stands in for the socket on the start page.
      byEntry.get("web/src/inbox.ts"),
      byEntry.get("web/src/turns.ts"),
      // Signing a device in (/pair; with the start page, it shares the WebAuthn helpers in a chunk
      // only they load).
      byEntry.get("web/src/signin/page.tsx"),
      // The start page's box of devices and passkeys, loaded when opened (WebAuthn, the QR code).
      byEntry.get("web/src/devices/devices.tsx"),
      // Player pages and leaderboards (/p/<id>, /leaderboard).
      byEntry.get("web/src/social/page.tsx"),
      // The open tables (/tables, issue 16).
      byEntry.get("web/src/tables/page.tsx"),
      // Table talk's texts (English a chunk too).
      ...["en", ...langs].map((l) => byEntry.get(`web/src/talk/i18n/${l}.ts`)),
      // What its box does (the check before sending, the requests that write), loaded when the box is first used.
      byEntry.get("web/src/talk/act.ts"),
      // The coach under the log (issue 23): a finished game's review, with its texts and chart.
      byEntry.get("web/src/coach/panel.tsx"),
      // What next at a game's end (issue 25 item 2): Play again, the rating's change, with its texts.
      byEntry.get("web/src/end/panel.tsx"),
      // "How to play", with its texts in the five languages and its pictures (issue 14).
      byEntry.get("web/src/how-to-play/page.tsx"),
      // The service worker's registration with the offline notice, after the first paint (issue 25).
      byEntry.get("web/src/offline/register.ts"),
      // Under the Moonlight's static pictures, one SVG sprite named by its content (not JS: the
      // Moonlight's drawing on the page refers to it, scripts/build-web.mjs moonSprite).
      [...files.keys()].find((f) => /^chunks\/moon-[0-9a-f]{10}\.svg$/.test(f)),
    ]);
    // (the notice is in the registration's chunk, which the worker keeps at install)
    expect(byEntry.get("web/src/offline/notice.tsx")).toBeUndefined();
    expect(Object.keys(meta.outputs[`dist/web/${byEntry.get("web/src/offline/register.ts")}`].inputs)).toContain(
      "web/src/offline/notice.tsx",
    );
    expect(expected.has(undefined)).toBe(false);
    const chunks = [...files.keys()].filter((f) => f.startsWith("chunks/"));
    const shared = chunks.filter((c) => !expected.has(c));
    expect(chunks.length).toBe(expected.size + shared.length);
    expect(shared.every((c) => /^chunks\/chunk-[A-Z0-9]+\.js$/.test(c))).toBe(true);
    const size = pageBytesGz(out, meta);
    // Every page loads the shell's code in one shared chunk at once (named for preloading); a game
    // page also loads its own chunk and the one chunk of code it shares with its parts (named for
    // preloading on a game's address), never the panel, a language, the lobby or the log; other
    // shared chunks are only loaded by the lazy parts.
    expect(size.preload).toHaveLength(1);
    expect(shared).toContain(size.preload[0]);
    expect(size.game).toHaveLength(2);
    expect(size.game).toContain(byEntry.get("web/src/game/page.tsx"));
    const gameChunk = size.game.find((f: string) => f !== byEntry.get("web/src/game/page.tsx"));
    expect(shared).toContain(gameChunk);
    const inputsOf = (f: string) => Object.keys(meta.outputs[`dist/web/${f}`].inputs);
    expect(inputsOf(size.preload[0])).toContain("node_modules/preact/dist/preact.mjs");
    for (const f of ["web/src/game/page.tsx", "web/src/game/model.ts", "src/render/board.ts", "src/engine/light.ts"])
      expect(inputsOf(gameChunk)).toContain(f);
    const eagerInputs0 = [size.preload[0], gameChunk].flatMap(inputsOf);
    // (the engine's play and the page's planning with it come when a turn is planned or the game replayed)
    for (const f of [
      "src/engine/game.ts",
      "src/engine/actions.ts",
      "src/engine/replay.ts",
      "web/src/game/rules.ts",
      "web/src/i18n/en.ts",
      "web/src/game/view/away.tsx",
      "web/src/ui/profile-form.tsx",
      "web/src/how-to-play/page.tsx",
      "web/src/i18n/how-to-play.ts",
    ])
      expect(eagerInputs0).not.toContain(f);
    const firstWave = new Set([...closure(meta, "dist/web/app.js"), ...size.game.map((f: string) => `dist/web/${f}`)]);
    for (const c of shared.filter((c) => c !== size.preload[0] && c !== gameChunk))
      expect(firstWave.has(`dist/web/${c}`), c).toBe(false);
    // The start page carries none of the game page's code: not its views, the engine or the board's drawing.
    const home = `dist/web/${byEntry.get("web/src/home/page.tsx")}`;
    const homeLoads = [...closure(meta, "dist/web/app.js"), ...closure(meta, home)].flatMap((k) =>
      Object.keys(meta.outputs[k]?.inputs ?? {}),
    );
    expect(homeLoads).toContain("web/src/home/page.tsx");
    expect(homeLoads.filter((i) => /^(src\/engine\/|src\/render\/|web\/src\/game\/)/.test(i))).toEqual([]);
    // Base game, any language (the largest counts): issue 10's budget.
    expect(size.total).toBeLessThanOrEqual(40 * 1024);
    // A base game's page carries none of the Moonlight engine, drawing or UI: they come with the
    // Moonlight chunk, which plugs them in (issue 10, item 6).
    const moonInputs =
      /^(src\/engine\/moonlight\/|src\/engine\/expansions\.ts|src\/render\/moon\.ts|web\/src\/moon\/(ui|model)\.tsx?)/;
    const eagerInputs = ["app.js", ...size.preload, ...size.game].flatMap((f) =>
      Object.keys(meta.outputs[`dist/web/${f}`]?.inputs ?? {}),
    );
    expect(eagerInputs.length).toBeGreaterThan(20);
    expect(eagerInputs.filter((i) => moonInputs.test(i))).toEqual([]);
    const moonChunk = `dist/web/${byEntry.get("web/src/moon/ui.tsx")}`;
    const moonClosure = new Set<string>([moonChunk, ...meta.outputs[moonChunk].imports.map((i) => i.path)]);
    const moonLoaded = [...moonClosure].flatMap((k) => Object.keys(meta.outputs[k]?.inputs ?? {}));
    expect(moonLoaded.some((i) => i.startsWith("src/engine/moonlight/"))).toBe(true);
    expect(moonLoaded).toContain("src/render/moon.ts");
    // Its static pictures (the animals, the Great Tree, moonstones, baby turtles) are not in its code
    // but in the sprite its drawing refers to by its address: no path data of theirs in any JS file.
    expect(moonLoaded).not.toContain("src/render/moon-art.ts");
    const sprite = [...files.keys()].find((f) => f.endsWith(".svg"))!;
    const spriteText = new TextDecoder().decode(files.get(sprite));
    const moonCode = [...moonClosure]
      .map((k) => new TextDecoder().decode(files.get(k.replace(/^dist\/web\//, ""))))
      .join("");
    expect(moonCode).toContain(`"/${sprite}"`);
    // (and the page registers only what the board draws with: not the server's icons, animalIcon's 26-unit box)
    expect(moonCode).not.toContain('viewBox="-13 -13 26 26"');
    const shapes = [...spriteText.matchAll(/ (?:d|points)="([^"]{24,})"/g)].map((m) => m[1]);
    expect(shapes.length).toBeGreaterThan(20);
    const allJs = out.filter((f) => f.path.endsWith(".js")).map((f) => new TextDecoder().decode(f.contents));
    for (const d of shapes)
      expect(
        allJs.some((js) => js.includes(d)),
        d,
      ).toBe(false);
    // What the page shows at once of a Moonlight game (the board's layer, the moon's panel, your
    // deal and its choice, the log's words) reads the state with the expansion's geometry and light
    // alone: none of its play, the rules or the controls a turn is planned with, which come with its
    // second part on the page's first touch (docs/web.md "Weights").
    const moonAtOnce = [...closure(meta, moonChunk)].flatMap((k) => Object.keys(meta.outputs[k]?.inputs ?? {}));
    for (const f of ["src/engine/moonlight/seen.ts", "src/engine/moonlight/light.ts", "web/src/moon/model.ts"])
      expect(moonAtOnce).toContain(f);
    for (const f of [
      "src/engine/moonlight/index.ts",
      "src/engine/moonlight/module.ts",
      "src/engine/moonlight/setup.ts",
      "src/engine/moonlight/play.ts",
      "src/engine/moonlight/abilities/index.ts",
      "src/engine/game.ts",
      "src/engine/rng.ts",
      "web/src/game/rules.ts",
      "web/src/game/plan.ts",
      "web/src/moon/aim.ts",
      "web/src/moon/play.tsx",
    ])
      expect(moonAtOnce).not.toContain(f);
    // Its second part carries them (its code, the expansion's engine, the rules' chunk, the engine's
    // random numbers: four files at most); but not the expansion's making and replaying of a game (a turn is planned
    // without them), nor the animals' abilities (a page enters its seat's animal's, a chunk of its own).
    const moonPlay = `dist/web/${byEntry.get("web/src/moon/play.tsx")}`;
    const moonPlayLoads = [...closure(meta, moonPlay)].flatMap((k) => Object.keys(meta.outputs[k]?.inputs ?? {}));
    for (const f of [
      "src/engine/moonlight/module.ts",
      "src/engine/moonlight/abilities/index.ts",
      "src/engine/game.ts",
      "web/src/game/plan.ts",
      "web/src/moon/aim.ts",
    ])
      expect(moonPlayLoads).toContain(f);
    const playOwn = [...closure(meta, moonPlay)].filter((k) => !closure(meta, moonChunk).has(k) && !firstWave.has(k));
    expect(playOwn.length, playOwn.join(" ")).toBeLessThanOrEqual(4);
    for (const loads of [moonAtOnce, moonPlayLoads]) {
      expect(loads).not.toContain("src/engine/moonlight/make.ts");
      for (const a of ["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle", "all"])
        expect(loads).not.toContain(`src/engine/moonlight/abilities/${a}.ts`);
    }
    expect(Object.keys(meta.outputs[`dist/web/${byEntry.get("web/src/moon/animals/fox.ts")}`].inputs)).toContain(
      "src/engine/moonlight/abilities/fox.ts",
    );
    expect(moonPlayLoads).not.toContain("src/engine/moonlight/replay.ts");
    expect(Object.keys(meta.outputs[`dist/web/${byEntry.get("web/src/moon/replay.ts")}`].inputs)).toContain(
      "src/engine/moonlight/make.ts",
    );
    // The log comes in the game page's chunk (every game page loads it at once: one file weighs
    // less than two, docs/web.md "Weights"), not as a chunk of its own; so does the live socket.
    for (const f of ["web/src/game/more.tsx", "web/src/game/live.ts"]) expect(byEntry.get(f)).toBeUndefined();
    for (const f of ["web/src/game/more.tsx", "web/src/game/view/history.tsx", "web/src/game/live.ts"])
      expect(inputsOf(gameChunk)).toContain(f);
    // What a game page loads at once (its first wave with the log and the live socket) carries
    // the turn panel (it shows before the planning comes, on the page's first touch) but no
    // planning, no engine play, no refusal's handling, none of the later parts' shared modules and
    // no English board words (docs/web.md "Weights").
    const spectatorLoads = [...firstWave].flatMap((k) => Object.keys(meta.outputs[k]?.inputs ?? {}));
    expect(spectatorLoads).toContain("web/src/game/live.ts");
    expect(spectatorLoads).toContain("web/src/game/view/turn.tsx");
    for (const f of [
      "web/src/api/more.ts",
      "web/src/ui/notify-box.tsx",
      "web/src/game/plan.ts",
      "web/src/game/refused.ts",
      "src/engine/game.ts",
      // (the board's English words: the page draws in its own language)
      "src/render/english.ts",
    ])
      expect(spectatorLoads).not.toContain(f);
    // A seated player's notifications box, closed, is in the game page's chunk (its panel comes
    // when it is opened); table talk is a chunk of its own, which the game page does not load at once.
    expect(inputsOf(gameChunk)).toContain("web/src/notify/game-box.tsx");
    for (const f of ["web/src/talk/panel.tsx", "web/src/notify/panel.tsx", "web/src/ui/notify-box.tsx"])
      expect(eagerInputs).not.toContain(f);
    expect(spectatorLoads).not.toContain("web/src/talk/panel.tsx");
    // The chunk a turn is planned with carries no replay of the history.
    const rulesLoads = [...closure(meta, `dist/web/${byEntry.get("web/src/game/rules.ts")}`)].flatMap((k) =>
      Object.keys(meta.outputs[k]?.inputs ?? {}),
    );
    expect(rulesLoads).toContain("src/engine/game.ts");
    expect(rulesLoads).toContain("web/src/game/refused.ts");
    expect(rulesLoads).not.toContain("src/engine/replay.ts");
    expect(await gamePageKbGz()).toBeCloseTo(size.total / 1024, 1);
    // The panel is worth its own chunk: the page would be that much heavier with it.
    expect(size.panel.code).toBeGreaterThan(3 * 1024);

    const html = readFileSync(join(root, "web/public/index.html"), "utf8");
    // Only same-origin scripts, styles and icons.
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1].startsWith("/")).toBe(true);
    // The built page names the chunk app.js imports, so it loads alongside it, and preloads the
    // page's language chunk the same way.
    const built = withPreloads(html, size.preload, size.languages, size.game);
    expect(built).toContain(`<link rel="modulepreload" href="/${size.preload[0]}">`);
    for (const f of size.game) expect(built).toContain(`"/${f}"`);
    expect(Object.keys(size.languages).sort()).toEqual(["de", "en", "fr", "ja", "nl"]);
    for (const f of Object.values(size.languages) as string[]) expect(built).toContain(`"/${f}"`);
    expect(built.indexOf("modulepreload")).toBeLessThan(built.indexOf('src="/app.js"'));
    const text = new TextDecoder().decode(css);
    expect(text).not.toMatch(/@import|url\(\s*["']?https?:/);
    // The game page's sheet has what its first paint shows and, at its end, what it shows right after
    // (the log, the closed notifications box, which the start page and the lobby show too); the start
    // page's, the lobby's, a game's moments' and the notifications panel's are sheets of their own
    // (web/src/ui/part.ts loads them).
    for (const sel of [".turn-panel", ".player", ".board-host", ".score-how", ".history", ".notify-box>summary"])
      expect(text).toContain(sel);
    const sheets = {
      // (the notifications panel's own styles in notify)
      home: [".pill", ".hero", ".qr"],
      lobby: [".seat-list"],
      moments: [".final", ".legend li", ".signed-out .button", ".away form"],
      moon: [".moon-deal", ".moon-step"],
      "moon-play": [".moon-pick", ".moon-levels"],
      notify: [".hook", ".delivery"],
      coach: [".coach-legend", ".coach-sides"],
      end: [".what-next"],
    };
    for (const [name, sels] of Object.entries(sheets)) {
      const sheet = files.get(`styles/${name}.css`);
      expect(sheet, name).toBeDefined();
      const own = new TextDecoder().decode(sheet);
      for (const sel of sels) {
        expect(own, `${name} ${sel}`).toContain(sel);
        expect(text, `app.css ${sel}`).not.toContain(sel);
      }
    }
    const partOf = readFileSync(join(root, "web/src/ui/part.ts"), "utf8");
    for (const name of Object.keys(sheets)) expect(partOf).toContain(`"${name}"`);
    const code = out
      .filter((f) => f.path.endsWith(".js"))
      .map((f) => new TextDecoder().decode(f.contents))
      .join("\n");
    // No fetches or imports of absolute URLs (the SVG namespace is a name, not a load).
    // (Texts may speak of "https://" addresses in general: only a scheme followed by a host counts.)
    const urls = [...code.matchAll(/https?:\/\/[a-z0-9][^"'`\s)]*/gi)].map((m) => m[0]);
    // (The invite field's placeholder "https://…/g/…" is text, not a load; so is the link to its
    // docs in an error message of @simplewebauthn/browser, which only the profile's chunks carry.)
    const isText = (u: string) => /\\u2026|…/.test(u) || u.startsWith("https://simplewebauthn.dev/docs/");
    expect(urls.filter((u) => !u.startsWith("http://www.w3.org/") && !isText(u))).toEqual([]);
  }, 90_000); // (two builds with terser's pass: some 3 s of CPU each, more on a loaded machine)
});

describe("the page's language and game preload", () => {
  it("picks the chunk of the language the page will load, as initialLang does, and the game page's on a game's address", async () => {
    const languages = {
      en: "chunks/en-A.js",
      nl: "chunks/nl-B.js",
      fr: "chunks/fr-C.js",
      de: "chunks/de-D.js",
      ja: "chunks/ja-E.js",
    };
    const html = readFileSync(join(root, "web/public/index.html"), "utf8");
    const game = ["chunks/game/page-G.js", "chunks/chunk-H.js", "styles/x.css"];
    const script = /<script>(.+?)<\/script>/s.exec(withPreloads(html, [], languages, game))![1];
    const cases: { saved: string | null; langs: string[]; lang?: string; blocked?: boolean; path?: string }[] = [
      { saved: "ja", langs: ["en-US"] },
      { saved: null, langs: ["de-DE", "en"], path: "/g/abc_D-1" },
      { saved: "xx", langs: ["pt-BR", "fr-CA"], path: "/g/abc/" },
      { saved: null, langs: [], lang: "nl-NL", path: "/g/" },
      { saved: null, langs: ["pt-BR"], path: "/how-to-play" },
      { saved: "de", langs: ["fr"], blocked: true, path: "/g/x/y" },
    ];
    try {
      for (const c of cases) {
        const storage = {
          getItem: (k: string) => {
            if (c.blocked) throw new Error("blocked");
            return k === "canopy.lang" ? c.saved : null;
          },
        };
        const nav = { languages: c.langs, language: c.lang ?? c.langs[0] ?? "" };
        vi.stubGlobal("localStorage", storage);
        vi.stubGlobal("navigator", nav);
        const head: { rel: string; href: string }[] = [];
        const doc = {
          createElement: () => ({ rel: "", href: "" }),
          head: { appendChild: (l: { rel: string; href: string }) => head.push(l) },
        };
        const location = { pathname: c.path ?? "/" };
        new Function("localStorage", "navigator", "document", "location", script)(storage, nav, doc, location);
        const want = initialLang();
        // (a game's address as app.tsx routes it: /g/<id>, a slash after it or not)
        const onGame = /^\/g\/[^/]+\/?$/.test(location.pathname);
        expect(head, JSON.stringify(c)).toEqual([
          { rel: "modulepreload", href: `/${languages[want as Lang]}` },
          ...(onGame ? game.slice(0, 2).map((f) => ({ rel: "modulepreload", href: `/${f}` })) : []),
        ]);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
