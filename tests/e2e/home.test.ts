/**
 * The start page in real Chromium: signed in, the games where it is your turn come first (then
 * those waiting on others, those gathering players, and the new-game form below); the tab's title
 * and favicon count the games waiting for you and follow a move made in another browser context;
 * the game page's title says "Your turn" while it is, and the count drops once the turn is played.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTS } from "../web/dicts";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { apiCall, launchChromium, playTurnByApi, readyToPlan, startWorker, type LocalWorker, shot } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await chrome?.close();
  await worker?.stop();
});

type Player = { id: string; name: string; token: string };

async function player(name: string): Promise<Player> {
  const r = await apiCall(worker.base, "POST", "/api/players", { name });
  return { id: r.player.id, name, token: r.token };
}

/** A two-seat game created by `a`; joined by `b` (and so started) unless b is null. */
async function game(a: Player, b: Player | null, options: Record<string, unknown> = {}): Promise<string> {
  const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2, ...options }, a.token);
  if (b)
    await apiCall(worker.base, "POST", `/api/games/${created.game.id}/join`, { code: created.invite.code }, b.token);
  return created.game.id;
}

/**
 * A browser context signed in as `p`, polling its games every second when its inbox's socket is not
 * open (the page's test setting) — or as the app is, when `asShipped`.
 */
async function signedIn(p: Player, errors: string[], asShipped = false): Promise<Page> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  contexts.push(ctx);
  await ctx.addInitScript(
    ([id, fast]) => {
      localStorage.setItem("canopy.identity", JSON.stringify(id));
      if (fast) localStorage.setItem("canopy.turnPollMs", "1000");
    },
    [p, !asShipped] as const,
  );
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(`${p.name}: ${e.message}`));
  return page;
}

const titleIs = (page: Page, want: string) =>
  page.waitForFunction((w) => document.title === w, want, { timeout: 30_000 });

/** Place the setup tree of the player whose page this is, by clicking, and end the turn. */
async function placeTree(page: Page): Promise<void> {
  await page.waitForSelector(".turn-panel", { timeout: 20_000 });
  await readyToPlan(page);
  await page.waitForSelector('[data-cell][data-highlight="target"]');
  const before = Number(await page.getAttribute(".game", "data-version"));
  await page.click('[data-cell][data-highlight="target"]');
  await page.waitForSelector(".plan li");
  await page.click(".end-turn");
  await page.waitForFunction(
    (v) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) > v,
    before,
    { timeout: 20_000 },
  );
}

describe("the start page", () => {
  it("lists your turn first, and the title counts the games waiting for you, live", async () => {
    const errors: string[] = [];
    const en = DICTS.en;
    const h = HOME_TEXT.en;
    const [ann, bob, cy] = await Promise.all([player("Ann"), player("Bob"), player("Cy")]);
    // Ann's turn with Bob (a day per move), Cy's turn with Ann, and a game still looking for a player.
    const withBob = await game(ann, bob, { firstPlayer: 0, moveTimeSeconds: 86400 });
    const withCy = await game(cy, ann, { firstPlayer: 0 });
    const open = await game(ann, null);

    const page = await signedIn(ann, errors);
    await page.goto(`${worker.base}/`);
    await page.waitForSelector(`#turns li[data-game="${withBob}"]`);
    // The games still gathering players come from their own request: wait for them too.
    await page.waitForSelector(`#gathering li[data-game="${open}"]`);
    await titleIs(page, "(1) Canopy");
    // The first thing on the page: the games waiting for you, then the others, then the rest.
    const order = await page.$$eval("main section", (els) => els.map((e) => e.id || e.getAttribute("aria-labelledby")));
    expect(order.slice(0, 3)).toEqual(["turns", "others", "gathering"]);
    expect(order.indexOf("new-h")).toBeGreaterThan(2);
    expect(await page.textContent("main h1")).toContain(en.yourTurn);
    expect(await page.$$eval("main ul.games li", (els) => els[0].getAttribute("data-game"))).toBe(withBob);
    const mine = await page.textContent(`#turns li[data-game="${withBob}"]`);
    expect(mine).toContain(h.waitFor("Bob", 1));
    expect(mine).toContain(en.deadline(""));
    expect(await page.textContent(`#others li[data-game="${withCy}"]`)).toContain(h.waitingOn("Cy"));
    expect(await page.textContent(`#gathering li[data-game="${open}"]`)).toContain(h.seatsTaken(1, 2));
    expect(await page.getAttribute('link[rel="icon"]', "href")).toMatch(/^data:image\/svg\+xml,/);
    await shot(page, "home-your-turn");

    // Cy plays in another browser context: the game with Cy is now waiting for Ann too.
    const cyPage = await signedIn(cy, errors);
    await cyPage.goto(`${worker.base}/g/${withCy}`);
    await placeTree(cyPage);
    await titleIs(page, "(2) Canopy");
    await page.waitForSelector(`#turns li[data-game="${withCy}"]`);
    expect(await page.$$(`#others li`)).toHaveLength(0);

    // The game page says it is Ann's turn; once she has played it, the count drops at once.
    await page.click(`#turns li[data-game="${withBob}"] a`);
    await page.waitForSelector(".game");
    await titleIs(page, `(2) ${en.yourTurn} · Canopy · Ann, Bob`);
    await placeTree(page);
    await titleIs(page, "(1) Canopy · Ann, Bob");
    // Back on the start page: the game with Bob waits on Bob.
    await page.click("header a.brand");
    await page.waitForSelector(`#others li[data-game="${withBob}"]`);
    expect(await page.textContent(`#others li[data-game="${withBob}"]`)).toContain(h.waitingOn("Bob"));
    await titleIs(page, "(1) Canopy");
    expect(errors).toEqual([]);
  });

  it("shows a new 'your turn' as the opponent moves, from your inbox's socket: no request for the list in between", async () => {
    const errors: string[] = [];
    const [ann, bob] = await Promise.all([player("Ann"), player("Bob")]);
    // Bob's turn first, in a game Ann's list already has.
    const id = await game(bob, ann, { firstPlayer: 0 });
    const page = await signedIn(ann, errors, true);
    const inbox = new Promise<void>((resolve) =>
      page.on("websocket", (ws) => {
        if (!ws.url().endsWith(`/api/players/${ann.id}/turns/live`)) return;
        ws.on("framereceived", (f) => {
          if (String(f.payload).includes('"type":"turns"')) resolve();
        });
      }),
    );
    const lists: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/players/${ann.id}/games`) lists.push(r.url());
    });
    await page.goto(`${worker.base}/`);
    await page.waitForSelector(`#others li[data-game="${id}"]`);
    await inbox;
    await titleIs(page, "Canopy");
    const asked = lists.length;

    // Bob moves (another device): Ann's page shows her turn, with nothing asked for it.
    const at = Date.now();
    await playTurnByApi(worker.base, id, [bob.token, ann.token]);
    await page.waitForSelector(`#turns li[data-game="${id}"]`, { timeout: 10_000 });
    const took = Date.now() - at;
    await titleIs(page, "(1) Canopy");
    expect(lists.length, `the list asked again within ${took} ms of the move`).toBe(asked);
    expect(await page.$(`#others li[data-game="${id}"]`)).toBeNull();
    expect(errors).toEqual([]);
  });
});
