/**
 * End to end in real Chromium against the local worker: two players create profiles, create and
 * join a game, play the setup and several full rounds by clicking; a spectator sees every change
 * live; switching the language changes the page; a reload keeps identity and state; a stale page
 * gets a conflict explained and recovers.
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyAction, legalActions, type Action, type GameState } from "../../src/engine";
import { DICTS } from "../web/dicts";
import { stepCell } from "../../web/src/ui/board";
import {
  apiCall,
  launchChromium,
  readyToPlan,
  startWorker,
  type LocalWorker,
  shot,
  withoutLiveUpdates,
} from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

/** Every cell's piece as the page's board draws it ("d4:a2 …"). */
async function pieces(page: Page): Promise<string> {
  return page.$$eval("[data-cell]", (els) =>
    els.map((e) => `${e.getAttribute("data-cell")}:${e.getAttribute("data-piece") ?? ""}`).join(" "),
  );
}

async function version(page: Page): Promise<number> {
  return Number(await page.getAttribute(".game", "data-version"));
}

/** Wait until the page shows the game at `v` (or later). */
async function waitVersion(page: Page, v: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector(".game")?.getAttribute("data-version") ?? -1) >= want,
    v,
    { timeout: 20_000 },
  );
}

function watch(page: Page, name: string, errors: string[]): void {
  page.on("pageerror", (e) => errors.push(`${name}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|WebSocket/.test(m.text()))
      errors.push(`${name} console: ${m.text()}`);
  });
}

/**
 * Play the turn of whoever is to act on `page` by clicking: in setup, the first highlighted edge
 * cell; in play, a growth or a planting when one is offered, then End turn.
 */
async function playTurn(page: Page, turn: number): Promise<void> {
  await page.waitForSelector(".turn-panel", { timeout: 20_000 });
  await readyToPlan(page);
  const phase = await page.getAttribute(".game", "data-phase");
  if (phase === "setup") {
    const targets = await page.$$eval('[data-cell][data-highlight="target"]', (els) =>
      els.map((e) => e.getAttribute("data-cell")!),
    );
    expect(targets.length).toBeGreaterThan(0);
    await page.click(`[data-cell="${targets[turn % targets.length]}"]`);
    await page.waitForSelector(".plan li");
  } else {
    // Grow something if possible, else plant from a tree; buy a seed when nothing else is offered.
    const sources = await page.$$eval('[data-cell][data-highlight="source"]', (els) =>
      els.map((e) => e.getAttribute("data-cell")!),
    );
    let acted = false;
    for (const s of sources) {
      await page.click(`[data-cell="${s}"]`);
      if ((await page.$('.choice[data-kind="grow"]')) && turn % 3 !== 2) {
        await page.click('.choice[data-kind="grow"]');
        acted = true;
        break;
      }
      const [target] = await page.$$eval('[data-cell][data-highlight="target"]', (els) =>
        els.map((e) => e.getAttribute("data-cell")!),
      );
      if (target) {
        await page.click(`[data-cell="${target}"]`);
        acted = true;
        break;
      }
      await page.click(`[data-cell="${s}"]`); // deselect
    }
    if (!acted && (await page.$('.buy[data-piece="seed"]:not([disabled])')))
      await page.click('.buy[data-piece="seed"]');
  }
  const before = await version(page);
  await page.click(".end-turn");
  await waitVersion(page, before + 1);
}

/** Move the keyboard focus on the board to `label` with arrow keys (the board must have the focus). */
async function arrowTo(page: Page, label: string): Promise<void> {
  const from = await page.evaluate(() => document.activeElement?.getAttribute("data-cell") ?? null);
  expect(from).not.toBeNull();
  // Breadth-first search over the arrow keys' moves.
  const prev = new Map<string, [string, string]>([[from!, ["", ""]]]);
  const queue = [from!];
  while (queue.length && !prev.has(label)) {
    const c = queue.shift()!;
    for (const key of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]) {
      const n = stepCell(c, key);
      if (!prev.has(n)) {
        prev.set(n, [c, key]);
        queue.push(n);
      }
    }
  }
  const keys: string[] = [];
  for (let c = label; c !== from; c = prev.get(c)![0]) keys.unshift(prev.get(c)![1]);
  for (const k of keys) await page.keyboard.press(k);
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-cell"))).toBe(label);
}

/** Press Tab until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("a whole game in the browser", () => {
  let ann: Page;
  let bruno: Page;
  let eve: Page;
  let annCtx: BrowserContext;
  let brunoCtx: BrowserContext;
  let gameUrl = "";
  const errors: string[] = [];

  it("two players create profiles, create and join a game; a spectator watches", async () => {
    annCtx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    ann = await annCtx.newPage();
    watch(ann, "ann", errors);
    await ann.goto(`${worker.base}/`);
    await ann.fill('input[name="name"]', "Ann");
    await ann.click('form:has(input[name="name"]) button[type="submit"]');
    await ann.waitForSelector("#new-h");
    expect(await ann.textContent(".signed-in")).toContain("Ann");
    await ann.click('#new-h ~ form button[type="submit"]');
    await ann.waitForSelector(".lobby .invite input");
    const invite = await ann.inputValue(".invite input");
    expect(invite).toMatch(/\/g\/[0-9a-z]+\?invite=/);
    gameUrl = invite.split("?")[0];
    await shot(ann, "lobby-desktop");

    // Bruno is on a phone, with a German browser: the page speaks German by itself.
    brunoCtx = await chrome.browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: "de-DE",
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    bruno = await brunoCtx.newPage();
    watch(bruno, "bruno", errors);
    await bruno.goto(invite);
    await bruno.waitForSelector(".lobby");
    expect(await bruno.textContent(".lobby h1")).toContain("Warten auf Mitspieler");
    await bruno.fill('.lobby input[name="name"]', "Bruno");
    await bruno.click('.lobby form:has(input[name="name"]) button[type="submit"]');
    await bruno.click(".take-seat");
    // A full game starts by itself, for both players.
    await bruno.waitForSelector(".game");
    await ann.waitForSelector(".game");

    const eveCtx = await chrome.browser.newContext({
      viewport: { width: 1024, height: 800 },
      locale: "en-GB",
      colorScheme: "dark",
    });
    eve = await eveCtx.newPage();
    watch(eve, "eve", errors);
    await eve.goto(gameUrl);
    await eve.waitForSelector(".game");
    expect(await eve.textContent(".status")).toContain("You are watching");
    expect(await eve.$(".turn-panel")).toBeNull();
    await eve.waitForSelector(".live.open");
  });

  it("plays the setup and three full rounds by clicking; the spectator sees each change live", async () => {
    const seatPage = async (seat: number) =>
      (await ann.getAttribute(".game", "data-seat")) === String(seat) ? ann : bruno;
    let turns = 0;
    for (let guard = 0; guard < 60; guard++) {
      const round = Number(await eve.getAttribute(".game", "data-round"));
      const phase = await eve.getAttribute(".game", "data-phase");
      if (phase === "play" && round > 3) break;
      const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
      const page = await seatPage(toAct);
      const before = await version(eve);
      await playTurn(page, turns);
      if (turns === 1) await shot(page, page === ann ? "setup-desktop" : "setup-phone");
      turns++;
      const after = await version(page);
      expect(after).toBe(before + 1);
      // Everyone follows live, without reloading: same version, same board.
      await waitVersion(eve, after);
      await waitVersion(ann, after);
      await waitVersion(bruno, after);
      const board = await pieces(page);
      expect(await pieces(eve)).toBe(board);
      expect(await pieces(page === ann ? bruno : ann)).toBe(board);
    }
    expect(turns).toBeGreaterThanOrEqual(4 + 3 * 2);
    expect(await eve.getAttribute(".game", "data-round")).toBe("4");
    // Trees grew and seeds were planted along the way.
    const board = await pieces(eve);
    expect(board).toMatch(/:[ab][02]/);
    // Nothing sticks out sideways on the phone.
    expect(await bruno.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(ann, "play-desktop");
    await shot(bruno, "play-phone");
    await shot(eve, "spectator");
    // The spectator steps back to the start of the history (the rules it replays with come when
    // the history is first touched: docs/web.md "Weights") and returns to the game as it is.
    await eve.click('.replay button[aria-label="Start"]');
    await eve.waitForSelector(".replay-banner");
    expect(await eve.getAttribute(".game", "data-phase")).toBe("setup");
    expect(await pieces(eve)).not.toBe(board);
    await eve.click(".replay-banner button");
    await eve.waitForSelector(".replay-banner", { state: "detached" });
    expect(await pieces(eve)).toBe(board);
  });

  it("plans with undo and redo before ending the turn", async () => {
    const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
    const page = (await ann.getAttribute(".game", "data-seat")) === String(toAct) ? ann : bruno;
    await page.waitForSelector(".turn-panel");
    const start = await pieces(page);
    const light = await page.textContent(".light-now");
    expect(await page.$(".buy:not([disabled])")).not.toBeNull();
    await page.click(".buy:not([disabled])");
    await page.waitForSelector(".plan li");
    expect(await page.textContent(".light-now")).not.toBe(light);
    await page.click(".undo");
    expect(await page.textContent(".light-now")).toBe(light);
    expect(await page.$(".plan li")).toBeNull();
    await page.click(".redo");
    expect(await page.$$(".plan li")).toHaveLength(1);
    expect(await pieces(page)).toBe(start);
    const v = await version(page);
    await page.click(".end-turn");
    await waitVersion(eve, v + 1);
  });

  it("plays a turn with the keyboard only", async () => {
    const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
    const page = (await ann.getAttribute(".game", "data-seat")) === String(toAct) ? ann : bruno;
    await page.waitForSelector(".turn-panel");
    const v = await version(page);
    // Into the board with Tab.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, "[data-cell]");
    // (the focus coming in fetched the rules the turn is planned with)
    await page.waitForSelector(".turn-panel[data-ready]");
    const sources = await page.$$eval('[data-cell][data-highlight="source"]', (els) =>
      els.map((e) => e.getAttribute("data-cell")!),
    );
    expect(sources.length).toBeGreaterThan(0);
    let acted = false;
    for (const s of sources) {
      await arrowTo(page, s);
      await page.keyboard.press("Enter");
      await page.waitForSelector(".choices");
      const target = await page.$$eval('[data-cell][data-highlight="target"]', (els) =>
        els.map((e) => e.getAttribute("data-cell")!),
      );
      if (target.length) {
        // Plant: walk to a target and press Space.
        await arrowTo(page, target[0]);
        await page.keyboard.press(" ");
        acted = true;
        break;
      }
      if (await page.$(".choice")) {
        await tabTo(page, ".choice");
        await page.keyboard.press("Enter");
        acted = true;
        break;
      }
      await page.keyboard.press("Enter"); // deselect
    }
    expect(acted).toBe(true);
    await page.waitForSelector(".plan li");
    await tabTo(page, ".end-turn");
    await page.keyboard.press("Enter");
    await waitVersion(eve, v + 1);
  });

  it("switches the language, and remembers it", async () => {
    const heading = (text: string) =>
      eve.waitForFunction((want) => document.querySelector("#players-h")?.textContent === want, text, {
        timeout: 10_000,
      });
    await eve.selectOption(".lang select", "fr");
    await heading("Joueurs");
    expect(await eve.textContent(".status")).toContain("Vous regardez cette partie");
    expect(await eve.getAttribute("html", "lang")).toBe("fr");
    expect(await eve.getAttribute('[data-cell="d4"]', "aria-label")).toContain("4 feuilles");
    await eve.selectOption(".lang select", "ja");
    await heading("プレイヤー");
    await eve.reload();
    await eve.waitForSelector(".game");
    await heading("プレイヤー");
    await eve.selectOption(".lang select", "nl");
    await heading("Spelers");
  });

  it("keeps identity and state across a reload", async () => {
    const board = await pieces(ann);
    const v = await version(ann);
    await ann.reload();
    await ann.waitForSelector(".game");
    expect(await version(ann)).toBe(v);
    expect(await pieces(ann)).toBe(board);
    expect(await ann.textContent(".player.me h3")).toContain("Ann");
    // The home page still knows Ann and lists the game.
    await ann.goto(`${worker.base}/`);
    await ann.waitForSelector(".games li a");
    expect(await ann.getAttribute(".games li a", "href")).toBe(new URL(gameUrl).pathname);
    await ann.click(".games li a");
    await ann.waitForSelector(".game");
    // The profile moves to another browser with its key.
    const key = await ann.evaluate(() => JSON.parse(localStorage.getItem("canopy.identity")!).token as string);
    const other = await (await chrome.browser.newContext({ locale: "en-US" })).newPage();
    await other.goto(`${worker.base}/`);
    await other.click("details summary");
    await other.fill('input[name="key"]', key);
    await other.click('form:has(input[name="key"]) button[type="submit"]');
    await other.waitForSelector(".signed-in");
    expect(await other.textContent(".signed-in")).toContain("Ann");
    await other.context().close();
  });

  it("reconnects after losing the connection and catches up", async () => {
    // A spectator whose live socket goes through a switch the test can open and close.
    const ctx = await chrome.browser.newContext({ viewport: { width: 800, height: 700 }, locale: "en-US" });
    let cut = false;
    const open: WebSocketRoute[] = [];
    await ctx.routeWebSocket(/\/api\/games\/[^/]+\/live(\?|$)/, (ws) => {
      if (cut) return ws.close({ code: 1011, reason: "network down" });
      ws.connectToServer();
      open.push(ws);
    });
    const page = await ctx.newPage();
    watch(page, "reconnecting", errors);
    await page.goto(gameUrl);
    await page.waitForSelector(".live.open");
    const v = await version(page);
    // The connection drops; reconnecting fails for a while.
    cut = true;
    for (const ws of open.splice(0)) await ws.close({ code: 1006, reason: "dropped" });
    await page.waitForSelector(".live:not(.open)");
    const toAct = Number(await ann.getAttribute(".game", "data-to-act"));
    await playTurn((await ann.getAttribute(".game", "data-seat")) === String(toAct) ? ann : bruno, 3);
    await waitVersion(ann, v + 1);
    expect(await version(page)).toBe(v);
    // The network comes back: the page reconnects by itself and shows what it missed.
    cut = false;
    await page.evaluate(() => dispatchEvent(new Event("online")));
    await waitVersion(page, v + 1);
    await page.waitForSelector(".live.open");
    expect(await pieces(page)).toBe(await pieces(ann));
    await ctx.close();
  });

  it("explains a conflict and recovers when the page's game was stale", async () => {
    // A second tab of the player to act that never hears live updates (its socket is cut).
    const toAct = Number(await eve.getAttribute(".game", "data-to-act"));
    const ctx = (await ann.getAttribute(".game", "data-seat")) === String(toAct) ? annCtx : brunoCtx;
    const page = ctx.pages()[0];
    const stale = await ctx.newPage();
    watch(stale, "stale", errors);
    await withoutLiveUpdates(stale);
    await stale.goto(gameUrl);
    await stale.waitForSelector(".turn-panel");
    const v = await version(stale);
    // The first tab plays the turn (brought to the front: a background tab's animation frames are throttled)...
    await page.bringToFront();
    await playTurn(page, 1);
    await waitVersion(eve, v + 1);
    // ...and whoever is to act next plays too.
    const next = Number(await eve.getAttribute(".game", "data-to-act"));
    const nextPage = (await ann.getAttribute(".game", "data-seat")) === String(next) ? ann : bruno;
    await nextPage.bringToFront();
    await playTurn(nextPage, 2);
    await waitVersion(eve, v + 2);
    await stale.bringToFront();
    expect(await version(stale)).toBe(v);
    // The stale tab still believes it is its turn; ending it gets a 409, explained, then the game reloads.
    await stale.click(".end-turn");
    await stale.waitForSelector(".notice.warn");
    const said = (await stale.textContent(".notice")) ?? "";
    expect(said.includes(DICTS.en.conflict) || said.includes(DICTS.de.conflict)).toBe(true);
    await waitVersion(stale, v + 2);
    expect(await pieces(stale)).toBe(await pieces(eve));
    await stale.close();
  });

  it("starts a game before every seat is taken, and shows the deadline of a time per move", async () => {
    await ann.goto(`${worker.base}/`);
    await ann.check('input[name="seats"][value="3"]');
    await ann.check('input[name="heavyShade"]');
    await ann.selectOption('select[name="moveTime"]', "3600");
    await ann.click('#new-h ~ form button[type="submit"]');
    await ann.waitForSelector(".lobby .invite input");
    expect(await ann.$$(".seat-list li")).toHaveLength(3);
    expect(await ann.$(".start-now")).toBeNull();
    await bruno.goto(await ann.inputValue(".invite input"));
    await bruno.click(".take-seat");
    // Ann sees Bruno arrive live, and may start with two of three seats taken.
    await ann.waitForSelector(".start-now");
    // Starting early asks first (issue 14 defect 4): the free seat would close for good.
    await ann.click(".start-now");
    await ann.waitForSelector(".start-confirm");
    expect(await ann.textContent(".start-confirm")).toContain("Start with 2 players? The free seat closes");
    const waiting = await apiCall(worker.base, "GET", `/api/games/${new URL(ann.url()).pathname.split("/g/")[1]}`);
    expect(waiting.status).toBe("waiting");
    await ann.click(".start-confirm-no");
    await ann.waitForSelector(".start-now");
    expect(await ann.$(".start-confirm")).toBeNull();
    expect(await ann.$(".lobby")).not.toBeNull();
    await ann.click(".start-now");
    await ann.click(".start-confirm-yes");
    await ann.waitForSelector(".game");
    expect(await ann.$$(".player")).toHaveLength(2);
    expect(await ann.textContent(".status")).toContain("Heavy shade");
    await bruno.waitForSelector(".game");
    // Within the hour, in each player's language.
    expect(await ann.textContent(".deadline")).toMatch(/Deadline in (59 minutes|1 hour)/);
    expect(await bruno.textContent(".deadline")).toMatch(/Frist in (59 Minuten|1 Stunde)/);
  });

  it("had no script errors", () => {
    expect(errors).toEqual([]);
  });
});

describe("a finished game", () => {
  it("shows the final scores and replays from the first action", async () => {
    // Two players play a whole game through the API, choosing with the engine.
    const post = async (path: string, body: unknown, token?: string) => {
      const r = await fetch(`${worker.base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as Record<string, unknown>;
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    };
    const a = (await post("/api/players", { name: "Iris" })) as { token: string };
    const b = (await post("/api/players", { name: "Jun" })) as { token: string };
    const created = (await post("/api/games", { seats: 2 }, a.token)) as {
      game: { id: string };
      invite: { code: string };
    };
    const id = created.game.id;
    await post(`/api/games/${id}/join`, { code: created.invite.code }, b.token);
    let rng = 12345;
    for (let guard = 0; guard < 500; guard++) {
      const g = (await (await fetch(`${worker.base}/api/games/${id}`)).json()) as {
        status: string;
        version: number;
        state: GameState;
      };
      if (g.status === "finished") break;
      // A whole turn: a few random actions, then the end (setup turns end by themselves).
      let s = g.state;
      const seat = s.current;
      const turn: Action[] = [];
      while (s.phase !== "ended" && s.current === seat) {
        const legal = legalActions(s);
        rng = (rng * 1103515245 + 12345) >>> 0;
        const pick =
          legal.length > 1 && turn.length < 3 && rng % 4 !== 0 ? legal[1 + (rng % (legal.length - 1))] : legal[0];
        turn.push(pick);
        const r = applyAction(s, pick);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
      await post(`/api/games/${id}/actions`, { version: g.version, actions: turn }, seat === 0 ? a.token : b.token);
    }
    const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
    const page = await ctx.newPage();
    // This browser holds a key the server does not know: it is forgotten and the game shows anyway.
    await page.goto(`${worker.base}/favicon.svg`);
    await page.evaluate(() =>
      localStorage.setItem("canopy.identity", JSON.stringify({ id: "nobody", name: "Ghost", token: "cnp_revoked" })),
    );
    await page.goto(`${worker.base}/g/${id}`);
    await page.waitForSelector(".final table");
    expect(await page.textContent(".status")).toContain("Partie terminée");
    expect(await page.$$(".final tbody tr")).toHaveLength(2);
    expect(await page.getAttribute(".game", "data-phase")).toBe("ended");
    // (the page paints the view its HTML came with at once; the key is forgotten once the server refused it)
    await page.waitForFunction(() => localStorage.getItem("canopy.identity") === null, undefined, { timeout: 20_000 });
    await shot(page, "finished");
    // Replay: back to the very start (an empty board), then one action forward.
    await page.waitForSelector(".replay");
    await page.click(`.replay button[aria-label="${"Début"}"]`);
    await page.waitForSelector(".replay-banner");
    expect(await page.$$("[data-cell][data-piece]")).toHaveLength(0);
    await page.click(`.replay button[aria-label="${"Avancer"}"]`);
    expect(await page.$$("[data-cell][data-piece]")).toHaveLength(1);
    expect(await page.getAttribute(".game", "data-phase")).toBe("setup");
    await page.click(".replay-banner button");
    expect(await page.getAttribute(".game", "data-phase")).toBe("ended");
    await ctx.close();
  });
});
