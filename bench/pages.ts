/**
 * What each page weighs as a browser fetches it (issue 25, item 5): every JS and CSS file a page
 * loads by itself — the first wave, what the page imports after its first paint, its language, its
 * later parts, what its service worker keeps — until the network is quiet, without a click. Each
 * file counts once (a second fetch of the same address comes from a cache), gzipped at level 9 as
 * scripts/build-web.mjs counts it (Cloudflare compresses the static assets it serves).
 *
 * Used by tests/e2e/weights.test.ts (which fails over budget) and by the bench (`client.*`
 * figures, `npm run bench -- --only=client`): the same pages, the same counting.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { legalActions } from "../src/engine";
import { caller, type Call } from "./http";

export const LANGS = ["en", "fr", "de", "ja", "nl"] as const;
export type Lang = (typeof LANGS)[number];

/** The kinds of page weighed, and their budgets (KB of gzipped JS+CSS; issue 25, item 5). */
export const PAGE_BUDGET_KB = {
  /** A seated player's page of a base game in play, their turn. */
  game: 45,
  /** The same game's page for a visitor who is not seated. */
  spectator: 45,
  /** A game under the Moonlight (Great Tree and moonstones), seated and watching: the heavier. */
  moonlight: 55,
  /** The start page, for a new visitor and for a player with games: the heavier. */
  home: 45,
} as const;
export type PageKind = keyof typeof PAGE_BUDGET_KB;

export interface Weighed {
  kind: PageKind;
  /** Which page of the kind (say "player" or "spectator" for the Moonlight). */
  variant: string;
  lang: Lang;
  /** Gzipped bytes of every JS and CSS file fetched. */
  bytes: number;
  files: { path: string; gz: number }[];
  /**
   * The pictures the page fetched (not JS or CSS, so not in `bytes`): the Moonlight's sprite
   * (`/chunks/moon-<hash>.svg`), which its board draws its pieces from (docs/web.md "Weights").
   */
  pictures: { path: string; gz: number }[];
}

interface Profile {
  id: string;
  name: string;
  token: string;
}

/** The pages to weigh, made on the worker at `base`: two profiles, a base game and a Moonlight game in play. */
export async function pagesToWeigh(base: string) {
  const api = caller(base);
  const made = await Promise.all(["Ann", "Bruno"].map((name) => api("POST", "/api/players", undefined, { name })));
  const [ann, bruno]: Profile[] = made.map((r, i) => ({ id: r.player.id, name: ["Ann", "Bruno"][i], token: r.token }));
  const game = async (options: object) => {
    const created = await api("POST", "/api/games", ann.token, { seats: 2, firstPlayer: 0, ...options });
    await api("POST", `/api/games/${created.game.id}/join`, bruno.token, { code: created.invite.code });
    return created.game.id as string;
  };
  const baseGame = await game({});
  const moonGame = await game({ moonlight: { greatTree: true, moonstones: true } });
  // The same, played through its setup to its first round, watched: the animals, the Great Tree and
  // the moonstones on the board (the sprite they are drawn from). (Watched: a seated player's page
  // would also load its animal's abilities, 0.3 to 1.45 KB gz by the random deal, docs/web.md.)
  const moonPlay = await game({ moonlight: { greatTree: true, moonstones: true } });
  await playSetup(api, moonPlay, [ann.token, bruno.token]);
  // Ann also has a game still gathering players (the start page lists it apart).
  await api("POST", "/api/games", ann.token, { seats: 3 });
  // What shows that a page is there (then the probe waits for the network to be quiet).
  const board = "[data-cell]";
  return [
    { kind: "game", variant: "player", path: `/g/${baseGame}`, identity: ann, ready: ".end-turn, .turn-panel" },
    { kind: "spectator", variant: "spectator", path: `/g/${baseGame}`, identity: null, ready: board },
    { kind: "moonlight", variant: "player", path: `/g/${moonGame}`, identity: ann, ready: ".moon-info" },
    { kind: "moonlight", variant: "spectator", path: `/g/${moonGame}`, identity: null, ready: ".moon-info" },
    { kind: "moonlight", variant: "spectator in play", path: `/g/${moonPlay}`, identity: null, ready: "g.animal" },
    { kind: "home", variant: "new visitor", path: "/", identity: null, ready: 'input[name="name"]' },
    { kind: "home", variant: "player", path: "/", identity: ann, ready: "#new-h" },
  ] as { kind: PageKind; variant: string; path: string; identity: Profile | null; ready: string }[];
}

/**
 * Plays a Moonlight game's setup through the API to its first round: each seat in turn makes its
 * first legal choice or placement, as it sees the game (its own deal).
 */
async function playSetup(api: Call, id: string, tokens: string[]): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const seen = await api("GET", `/api/games/${id}`);
    if (seen.state.phase !== "setup") return;
    const seat: number = seen.state.current;
    const g = await api("GET", `/api/games/${id}`, tokens[seat]);
    const legal = legalActions(g.state);
    const pick = legal.find((a) => a.type !== "endTurn") ?? legal[0];
    await api("POST", `/api/games/${id}/actions`, tokens[seat], { version: g.version, actions: [pick] });
  }
  throw new Error(`game ${id}: its setup did not end`);
}

/** Resolves once no request of `context` has been in flight for `quietMs`. */
function quiet(context: BrowserContext, quietMs = 1500): { settled: () => Promise<void>; stop: () => void } {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  context.on("request", start);
  context.on("requestfinished", end);
  context.on("requestfailed", end);
  return {
    async settled() {
      while (inFlight > 0 || Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 100));
    },
    stop() {
      context.off("request", start);
      context.off("requestfinished", end);
      context.off("requestfailed", end);
    },
  };
}

/**
 * Weighs one page in a fresh context of `browser` in `lang`: every JS and CSS response of the page
 * and of its service worker, until the page shows `ready` and the network has been quiet a while.
 */
export async function weigh(
  browser: Browser,
  base: string,
  page: { kind: PageKind; variant: string; path: string; identity: Profile | null; ready: string },
  lang: Lang,
): Promise<Weighed> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang });
  try {
    await context.addInitScript(
      ([identity, l]) => {
        if (identity) localStorage.setItem("canopy.identity", identity);
        localStorage.setItem("canopy.lang", l);
      },
      [page.identity ? JSON.stringify(page.identity) : "", lang] as const,
    );
    const bodies = new Map<string, Promise<number>>();
    const pictures = new Map<string, Promise<number>>();
    const net = quiet(context);
    context.on("response", (r) => {
      const url = new URL(r.url());
      const kept = /\.(js|css)$/.test(url.pathname)
        ? bodies
        : /^\/chunks\/.*\.svg$/.test(url.pathname)
          ? pictures
          : null;
      if (!kept || kept.has(url.pathname) || r.status() !== 200) return;
      // (what the service worker fetches for its cache, such as the files it keeps at install, shows here with
      // no body: those are read again from the server, so that they count as what they weigh)
      const body = r.body().then(
        (b) => (b.length > 0 ? b : context.request.get(r.url()).then((again) => again.body())),
        () => context.request.get(r.url()).then((again) => again.body()),
      );
      kept.set(
        url.pathname,
        body.then(
          (b) => gzipSync(b, { level: 9 }).length,
          () => 0,
        ),
      );
    });
    const tab: Page = await context.newPage();
    await tab.goto(`${base}${page.path}`);
    await tab.waitForSelector(page.ready);
    await net.settled();
    net.stop();
    const files = await Promise.all([...bodies].map(async ([path, gz]) => ({ path, gz: await gz })));
    files.sort((a, b) => b.gz - a.gz);
    const seen = await Promise.all([...pictures].map(async ([path, gz]) => ({ path, gz: await gz })));
    return {
      kind: page.kind,
      variant: page.variant,
      lang,
      bytes: files.reduce((n, f) => n + f.gz, 0),
      files,
      pictures: seen,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every page in every language: the heaviest of each kind first in `worst`. `together`: weigh a
 * page's five languages at once, each in its own context (its own cache and service worker, its
 * network watched apart), as the suite does to spend a fifth of the time waiting for quiet networks;
 * the bench weighs one page at a time.
 */
export async function weighPages(
  browser: Browser,
  base: string,
  opts: { together?: boolean } = {},
): Promise<{ all: Weighed[]; worst: Record<PageKind, Weighed> }> {
  const pages = await pagesToWeigh(base);
  const all: Weighed[] = [];
  for (const p of pages) {
    if (opts.together) all.push(...(await Promise.all(LANGS.map((lang) => weigh(browser, base, p, lang)))));
    else for (const lang of LANGS) all.push(await weigh(browser, base, p, lang));
  }
  const worst = {} as Record<PageKind, Weighed>;
  for (const w of all) if (!worst[w.kind] || w.bytes > worst[w.kind].bytes) worst[w.kind] = w;
  return { all, worst };
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The bench's figures (`npm run bench -- --only=client`): each kind of page's heaviest language, KB
 * gz, on a local worker (bench/service.ts's, which builds the client first) in Debian's chromium.
 */
export async function benchPages(): Promise<{ name: string; unit: string; value: number }[]> {
  const { startLocalWorker } = await import("./service");
  const { chromium } = await import("playwright-core");
  const worker = await startLocalWorker();
  try {
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
    });
    try {
      const { all, worst } = await weighPages(browser, worker.base);
      return [
        ...(Object.keys(PAGE_BUDGET_KB) as PageKind[]).map((k) => ({
          name: `client.${k}_page_kb_gz`,
          unit: "KB",
          value: kb(worst[k].bytes),
        })),
        // The pictures a Moonlight page fetches besides (its sprite, not JS or CSS: not in the figure
        // above), the most of any Moonlight page: a board that shows an animal, the Great Tree, a
        // moonstone or a baby turtle fetches it once (immutable, kept by the service worker).
        {
          name: "client.moonlight_images_kb_gz",
          unit: "KB",
          value: kb(
            Math.max(...all.filter((w) => w.kind === "moonlight").map((w) => w.pictures.reduce((n, f) => n + f.gz, 0))),
          ),
        },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    worker.stop();
  }
}
