/**
 * Browser tests' plumbing: a local worker (wrangler's unstable_startWorker, with the static client
 * from dist/web and a local D1 with its migrations applied, started by ./workers.setup.ts), and
 * Debian's chromium driven by playwright-core.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM } from "./chromium";
import { applyAction, legalActions, type Action, type GameState } from "../../src/engine";

export interface LocalWorker {
  base: string;
  stop(): Promise<void>;
}

/**
 * The local worker for this file, with `vars` added to or overriding its plain-text bindings (say
 * FIXED_SEED, or WEBHOOK_KEY for notifications). Workers are started by the project's global setup
 * (./workers.setup.ts) and shared by the files that ask for the same bindings: a test makes its own
 * profiles and games and reads only those. `stop()` lets go of it (the global teardown stops it).
 */
export async function startWorker(opts: { vars?: Record<string, string> } = {}): Promise<LocalWorker> {
  const r = await fetch(`${inject("e2eWorkers")}/worker`, { method: "POST", body: JSON.stringify(opts.vars ?? {}) });
  if (!r.ok) throw new Error(`the e2e global setup could not start a worker: ${await r.text()}`);
  const { base } = (await r.json()) as { base: string };
  return { base, async stop() {} };
}

/**
 * How long a page's waits and actions may take before they fail: Playwright's default is 30 s, and
 * on a loaded shared machine (two cores, several suites and builds at once) a page can take longer
 * than that to get where it is going. A wait that is never satisfied still fails; it fails later.
 */
export const PAGE_TIMEOUT = 90_000;

/**
 * Chromium, as this file's own browser: a connection to the run's one Chromium (launched by
 * ./workers.setup.ts with ./chromium.ts's flags). Its contexts are this file's alone, each isolated
 * from every other (storage, cache, service workers); `close()` closes them and lets go of the
 * connection, the browser stays for the other files (a browser of the file's own, launched when the
 * run's is gone, is closed). Every context waits up to PAGE_TIMEOUT.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  // (should the run's Chromium be gone — crashed under an earlier file —, this file launches its own)
  const browser = await chromium.connect(inject("e2eBrowser")).catch(() => chromium.launch(CHROMIUM));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_TIMEOUT);
    return context;
  };
  // (newPage opens a context of its own, which this newContext does not see)
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(PAGE_TIMEOUT);
    return page;
  };
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** A JSON call to the worker's API (throws with the answer on an error status). */
export async function apiCall<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  const data = text ? JSON.parse(text) : null;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return data as T;
}

/**
 * Play the whole turn of whoever is to act through the API, choosing with the engine: in setup its
 * placement, in play the first growth or planting it offers (or a seed), then the end of the turn.
 * `tokens` are the seats' bearer tokens. Returns the game's new version.
 */
export const playTurnByApi = (base: string, gameId: string, tokens: string[]): Promise<number> =>
  playTurn(base, gameId, tokens, false);

/**
 * The same for any game, Under the Moonlight too: the state is read as the seat to act sees it (its
 * own deal of animals); in setup the turn is its first legal placement or choice, in play a growth
 * or planting (else the first legal action) and the end of the turn. Returns the new version.
 */
export const playMoonTurnByApi = (base: string, gameId: string, tokens: string[]): Promise<number> =>
  playTurn(base, gameId, tokens, true);

async function playTurn(base: string, gameId: string, tokens: string[], moon: boolean): Promise<number> {
  const pub = await apiCall<{ version: number; state: GameState }>(base, "GET", `/api/games/${gameId}`);
  const seat = pub.state.current;
  const g = moon
    ? await apiCall<{ version: number; state: GameState }>(base, "GET", `/api/games/${gameId}`, undefined, tokens[seat])
    : pub;
  let s = g.state;
  const turn: Action[] = [];
  // (a Moonlight setup turn is one placement or choice: the seat's view may not show the turn passing)
  const one = moon && s.phase === "setup";
  // (a turn ends with its endTurn: when the seat also opens the next round, that is another turn)
  while (s.phase !== "ended" && s.current === seat && !(one && turn.length === 1) && turn.at(-1)?.type !== "endTurn") {
    const legal = legalActions(s);
    const pick: Action =
      turn.length === 0
        ? moon
          ? (legal.find((a) => a.type === "grow" || a.type === "plant") ??
            legal.find((a) => a.type !== "endTurn") ??
            legal[0])
          : (legal.find((a) => a.type === "place" || a.type === "grow" || a.type === "plant") ??
            legal.find((a) => a.type === "buy") ??
            legal[0])
        : (legal.find((a) => a.type === "endTurn") ?? legal[0]);
    turn.push(pick);
    const r = applyAction(s, pick);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  const r = await apiCall(
    base,
    "POST",
    `/api/games/${gameId}/actions`,
    { version: g.version, actions: turn },
    tokens[seat],
  );
  return r.version as number;
}

/**
 * Ann and Bruno, two new profiles; `game(options)` creates a two-seat game of Ann's, Ann first, that
 * Bruno has joined (so it is in play), and returns its id.
 */
export async function annAndBruno(base: string) {
  const a = await apiCall(base, "POST", "/api/players", { name: "Ann" });
  const b = await apiCall(base, "POST", "/api/players", { name: "Bruno" });
  const tokens: string[] = [a.token, b.token];
  return {
    ann: { id: a.player.id as string, name: "Ann", token: a.token as string },
    tokens,
    async game(options: object = {}): Promise<string> {
      const created = await apiCall(base, "POST", "/api/games", { seats: 2, firstPlayer: 0, ...options }, a.token);
      await apiCall(base, "POST", `/api/games/${created.game.id}/join`, { code: created.invite.code }, b.token);
      return created.game.id as string;
    },
  };
}

/**
 * Plays turns through the API (`play`: playTurnByApi, or playMoonTurnByApi for a Moonlight game)
 * until `until` holds of the game as anyone sees it; fails after `max` turns.
 */
export async function playUntil(
  base: string,
  gameId: string,
  tokens: string[],
  until: (g: { version: number; status: string; state: GameState }) => boolean,
  max: number,
  play: (base: string, gameId: string, tokens: string[]) => Promise<number> = playTurnByApi,
): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (until(await apiCall(base, "GET", `/api/games/${gameId}`))) return;
    if (i < max) await play(base, gameId, tokens);
  }
  throw new Error(`playUntil: ${gameId} not there after ${max} turns`);
}

/** A full-page screenshot into $CANOPY_SHOTS, when it is set (for looking at the pages). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.CANOPY_SHOTS ?? "";
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Make a page's WebSocket never connect, so it hears no live updates (a stale tab). */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { WebSocket: unknown }).WebSocket = class {
      readyState = 0;
      send() {}
      close() {}
    };
  });
}

/**
 * Touch a game page on your turn as a player does before planning it (a tap on the turn panel's
 * heading): the rules a turn is planned with come on the page's first touch, not with its first
 * view (web/src/game/ctrl.ts `prepareTurn`, docs/web.md "Weights"). Resolves once the turn can be
 * planned (the panel's `data-ready`: its pieces that can act outlined, a cell's choices shown).
 */
export async function readyToPlan(page: Page): Promise<void> {
  await page.click(".turn-panel h2");
  await page.waitForSelector(".turn-panel[data-ready]");
}
