/**
 * Under the Moonlight on a phone (issue 25 item 1), in Chromium at 375 × 667 with touch: Ann plays a
 * whole Moonlight setup (her animal from her deal, its placement, the Great Tree or a moonstone, her
 * setup trees) and two rounds' turns, all by taps, Bruno playing his turns through the API: each
 * turn the animal's move; the first time the engine allows an ability aimed at a cell (the
 * hedgehog's run, the fox's churn, the beaver's improvement), that ability from the dock — its
 * button naming it and its cost, the cells the rules allow highlighted, tapped, applied —; then a
 * growth (or a purchase) when the rules allow one (in round 1 Ann has no light points: the dock then
 * offers none). At every step the docked turn says what to do, and what it names is highlighted on
 * the board; before every tap the test checks, by where things are (getBoundingClientRect), that
 * the target is on the screen, the page not scrolled, nothing on top of it (elementFromPoint) and,
 * for a cell, not under the dock; the board, the moon and the sun stay above the dock, which takes
 * at most a third of the screen while cells are to be chosen. axe finds nothing on the page.
 * In rounds 3 and 4 the sun stands at the southern corners (south-east, then south-west: docs/rules.md
 * §2), the foot of the board, and in rounds 2 and 5 at the eastern and western ones, the picture's
 * sides: it stays whole on the screen and above the dock, under the Moonlight and in the base game.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LABELS, applyAction, cellIndex, legalActions, type Action, type GameState } from "../../src/engine";
import { moonRules } from "../../src/engine/moonlight";
import { actionCells } from "../../web/src/game/model";
import en from "../../web/src/moon/i18n/en";
import { baseActionAt } from "../../web/src/moon/aim";
import {
  annAndBruno,
  apiCall,
  launchChromium,
  playMoonTurnByApi,
  playUntil,
  startWorker,
  type LocalWorker,
} from "./support";

/** The animals' abilities aimed at one cell (the dock's "cell" kind): the hedgehog's run, the fox's churn, the beaver's improvement. */
type AbilityAction = Extract<Action, { type: "ability" }>;
const AIMED: readonly string[] = ["run", "churn", "improve"];
const aimedCell = (a: AbilityAction): string => {
  const c = "to" in a ? a.to : "cell" in a ? a.cell : null;
  if (!c || typeof c !== "object") throw new Error(`not aimed at a cell: ${JSON.stringify(a)}`);
  return LABELS[cellIndex(c.q, c.r)];
};
const ABILITY_NAMES: Record<string, string> = en.abilities;
/** The state after `a` (the engine's own rules). */
function stateAfter(state: GameState, a: Action): GameState {
  const r = applyAction(state, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const W = 375;
const H = 667;

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let ctx: BrowserContext;
let page: Page;
let gameId = "";
let tokens: string[] = [];
const errors: string[] = [];

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker({ vars: { FIXED_SEED: "13" } }), launchChromium()]);
  const table = await annAndBruno(worker.base);
  tokens = table.tokens;
  gameId = await table.game({ moonlight: { greatTree: true, moonstones: true } });
  ctx = await chrome.browser.newContext({
    viewport: { width: W, height: H },
    locale: "en-US",
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), table.ann);
  page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
});

afterAll(async () => {
  await ctx?.close();
  await chrome?.close();
  await worker?.stop();
});

const game = () =>
  apiCall<{ version: number; status: string; state: GameState }>(worker.base, "GET", `/api/games/${gameId}`);
const box = (sel: string): Promise<Box | null> =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  }, sel);
const inView = (b: Box) => b.top >= -0.5 && b.left >= -0.5 && b.bottom <= H + 0.5 && b.right <= W + 0.5 && b.height > 0;
/** The screen as the player sees it, into $CANOPY_SHOTS when it is set (for looking at the steps). */
async function shot(p: Page, name: string): Promise<void> {
  const dir = process.env.CANOPY_SHOTS;
  if (dir) await p.screenshot({ path: join(dir, `${name}.png`) });
}
const scrollY = () => page.evaluate(() => window.scrollY);
const targets = () =>
  page.$$eval('[data-cell][data-highlight="target"]', (els) => els.map((e) => e.getAttribute("data-cell")!).sort());

/** Every cell of the board, the moon and the sun (`marks`): on the screen and above the dock. */
async function boardClear(step: string, marks = [".board-host .moon", ".board-host .sun"]): Promise<void> {
  const dock = (await box(".turn-panel"))!;
  const cells = await page.$$eval("[data-cell]", (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    }),
  );
  expect(cells).toHaveLength(37);
  for (const c of cells) expect(inView(c), `${step}: every cell on the screen`).toBe(true);
  expect(Math.max(...cells.map((c) => c.bottom)), `${step}: the cells above the dock`).toBeLessThanOrEqual(
    dock.top + 0.5,
  );
  for (const sel of marks) {
    const b = await box(sel);
    expect(b, `${step}: ${sel}`).not.toBeNull();
    expect(inView(b!), `${step}: ${sel} on the screen ${JSON.stringify(b)}`).toBe(true);
    expect(b!.bottom, `${step}: ${sel} above the dock (top ${dock.top})`).toBeLessThanOrEqual(dock.top + 0.5);
  }
}

/**
 * Tap what `sel` finds, checking first that it is on the screen as it is (nothing scrolled), that a
 * tap on its centre reaches it (nothing on top), and for a board cell, that it is not under the dock.
 */
async function tap(sel: string, step: string): Promise<void> {
  const y0 = await scrollY();
  expect(y0, `${step}: the page is not scrolled`).toBe(0);
  const b = await box(sel);
  expect(b, `${step}: ${sel} is there`).not.toBeNull();
  expect(inView(b!), `${step}: ${sel} on the screen ${JSON.stringify(b)}`).toBe(true);
  if (sel.startsWith("[data-cell")) {
    const dock = (await box(".turn-panel"))!;
    expect(b!.bottom, `${step}: ${sel} above the dock`).toBeLessThanOrEqual(dock.top + 0.5);
  }
  const x = (b!.left + b!.right) / 2;
  const y = (b!.top + b!.bottom) / 2;
  const reached = await page.evaluate(
    ({ s, x, y }) => {
      const el = document.querySelector(s)!;
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el === hit || el.contains(hit));
    },
    { s: sel, x, y },
  );
  expect(reached, `${step}: a tap on ${sel} reaches it`).toBe(true);
  await page.touchscreen.tap(x, y);
  expect(await scrollY(), `${step}: still not scrolled`).toBe(y0);
}

const stepText = () => page.textContent(".turn-panel .moon-step");

async function sendTurn(step: string): Promise<void> {
  const before = (await game()).version;
  await page.waitForSelector(".turn-panel .end-turn:not([disabled])");
  await tap(".turn-panel .end-turn", `${step}: end of the turn`);
  await page.waitForFunction((v) => Number(document.querySelector(".game")?.getAttribute("data-version")) > v, before);
}

async function seriousOrAnyViolations(): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

describe("Under the Moonlight on a phone (375 × 667)", () => {
  it("plays a whole setup and two rounds' turns (an ability from the dock), every step said in the dock and every target tapped in view", async () => {
    await page.goto(`${worker.base}/g/${gameId}`);
    await page.waitForSelector(".board-host svg");
    const seen = new Set<string>();
    let played = 0;
    let moves = 0;
    const acted: string[] = [];
    let ability: { action: AbilityAction; version: number } | null = null;
    for (let guard = 0; guard < 40; guard++) {
      const g = await game();
      if (g.state.phase === "play" && played >= 2 && g.state.current === 0) break;
      if (g.state.current !== 0) {
        await playMoonTurnByApi(worker.base, gameId, tokens);
        continue;
      }
      await page.waitForFunction(
        (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) >= v,
        g.version,
      );
      await page.waitForSelector(".turn-panel");
      const phase = g.state.phase;
      const stage = g.state.moon?.stage ?? null;
      if (phase === "setup" && stage === "choose") {
        // The dock says to choose, with the deal right there: both boards, their abilities and costs.
        await page.waitForSelector('.turn-panel .moon-controls[data-step="choose"]');
        expect(await page.textContent(".turn-panel .moon-choose h3")).toBe("Choose your animal");
        expect(await stepText()).toContain("Keep one of the two animals");
        const cards = await page.$$eval(".turn-panel .moon-animal", (els) =>
          els.map((e) => e.getAttribute("data-animal")),
        );
        expect(cards).toHaveLength(2);
        for (const a of cards) {
          const b = (await box(`.turn-panel .moon-animal[data-animal="${a}"] h4`))!;
          expect(inView(b), `the deal's ${a} in view`).toBe(true);
        }
        expect(await page.$$eval(".turn-panel .moon-animal .cost", (els) => els.length)).toBeGreaterThanOrEqual(2);
        await shot(page, "moon-phone-choose");
        expect(await seriousOrAnyViolations(), "axe while choosing").toEqual([]);
        await tap(`.turn-panel .moon-keep[data-animal="${cards[0]}"]`, "keep an animal");
        await page.waitForSelector(".turn-panel .plan li");
        await sendTurn("choose");
        seen.add("choose");
        continue;
      }
      if (phase === "setup") {
        // A placement: the dock says which and how many cells; those cells are highlighted.
        const want = stage ?? "trees";
        if (stage) await page.waitForSelector(`.turn-panel .moon-controls[data-step="${stage}"]`);
        await page.waitForFunction(() => document.querySelectorAll('[data-cell][data-highlight="target"]').length > 0);
        const cells = await targets();
        if (stage) {
          const text = (await stepText()) ?? "";
          expect(text).toMatch(
            stage === "animals"
              ? /^Place your \w+:/
              : stage === "greatTree"
                ? /^Place the Great Tree/
                : /^Place a moonstone/,
          );
          expect(text, "the count of the highlighted cells").toContain(
            cells.length === 1 ? "the highlighted" : `${cells.length} highlighted`,
          );
        } else {
          // The setup trees (as in the base game): the dock says where a tree goes, on a phone too.
          const hint = await box(".turn-panel > .hint.step");
          expect(hint, "trees: the dock says what to do").not.toBeNull();
          expect(inView(hint!) && hint!.height >= 10, `trees: the hint shown ${JSON.stringify(hint)}`).toBe(true);
          expect(await page.textContent(".turn-panel > .hint.step")).toBe(
            "Choose an empty edge cell for a small tree.",
          );
        }
        const dock = (await box(".turn-panel"))!;
        expect(dock.height, `${want}: the dock at most a third of the screen`).toBeLessThanOrEqual(H / 3);
        await boardClear(want);
        if (!seen.has(want)) await shot(page, `moon-phone-${want}`);
        await tap(`[data-cell="${cells[0]}"]`, `place (${want}) on ${cells[0]}`);
        await page.waitForSelector(".turn-panel .plan li");
        await sendTurn(want);
        seen.add(want);
        continue;
      }
      // A round: the dock names the animal and where it may go, which is highlighted; a tap there moves it.
      await page.waitForSelector('.turn-panel .moon-controls[data-step="play"]');
      const cells = await targets();
      const text = (await stepText()) ?? "";
      if (cells.length > 0) {
        expect(text).toMatch(/^Move it: choose /);
        expect(text).toContain(cells.length === 1 ? "the highlighted cell" : `${cells.length} highlighted cells`);
      }
      await shot(page, `moon-phone-play-${played + 1}`);
      const dock = (await box(".turn-panel"))!;
      expect(dock.height, `play: the dock at most a third of the screen (${dock.height})`).toBeLessThanOrEqual(H / 3);
      await boardClear("play");
      // Each ability button names the ability (and its level) and its cost.
      const buttons = await page.$$eval(".turn-panel .moon-ability", (els) =>
        els.map((e) => ({
          name: e.querySelector("strong")?.textContent ?? "",
          buttons: [...e.querySelectorAll("button")].map((b) => b.textContent ?? ""),
        })),
      );
      expect(buttons.length).toBeGreaterThan(0);
      for (const a of buttons)
        for (const b of a.buttons) {
          if (!/^Steal from/.test(b) && a.name !== "Baby steps") expect(b).toContain(a.name);
          expect(b).toMatch(/\d+ ☾/);
        }
      const legal = legalActions(g.state);
      if (cells.length > 0) {
        // (a cell where a piece of Ann's could act is chosen instead: its actions and the move are then offered)
        const to = cells.find((c) => !baseActionAt(legal, c));
        expect(to, "a highlighted cell with nothing of the base game on it").toBeDefined();
        await tap(`[data-cell="${to}"]`, `move the animal to ${to}`);
        await page.waitForSelector(".turn-panel .plan li");
        expect(await page.textContent(".turn-panel .plan ol")).toMatch(/moved from [a-g]\d to [a-g]\d/);
        moves++;
        // Moved: no cell is offered for the animal any more, and the dock says so.
        expect(await stepText()).toContain("has moved");
        await shot(page, `moon-phone-moved-${played + 1}`);
        await boardClear("moved");
        let s = stateAfter(g.state, legal.find((a) => a.type === "moveAnimal" && actionCells(a).at(-1) === to)!);
        let planned = 1;
        // The animal's ability from the dock, the first time one aimed at cells is legal (the engine's
        // list): its button names it and its cost; pressed, the dock says to choose a cell and the
        // cells the engine allows are highlighted, on the screen and above the dock; a tap applies it.
        const aimed = legalActions(s).filter(
          (a): a is AbilityAction => a.type === "ability" && AIMED.includes(a.ability),
        );
        if (!ability && aimed.length > 0) {
          const name = ABILITY_NAMES[aimed[0].ability];
          const cost = moonRules.ABILITIES.find((r) => r.name === aimed[0].ability)!.costs[0];
          const want = [...new Set(aimed.filter((a) => a.ability === aimed[0].ability).map(aimedCell))].sort();
          const button = `.turn-panel .moon-ability[data-ability="${aimed[0].ability}"] button[data-level="1"]`;
          const label = (await page.textContent(button)) ?? "";
          expect(label, "the ability's button names it").toContain(name);
          expect(label, "and its cost").toContain(`${cost} ☾`);
          await tap(button, `use ${name}`);
          await page.waitForSelector('.turn-panel .moon-controls[data-step="aim"]');
          expect(await stepText()).toContain(name);
          expect(await stepText()).toContain(
            want.length === 1 ? "Choose the highlighted cell" : `Choose one of the ${want.length} highlighted cells`,
          );
          expect(await targets(), `${name}: the cells the rules allow, highlighted`).toEqual(want);
          expect((await box(".turn-panel"))!.height, `${name}: the dock at most a third`).toBeLessThanOrEqual(H / 3);
          await boardClear(`${name}: aiming`);
          await shot(page, `moon-phone-${aimed[0].ability}`);
          const at = want[0];
          await tap(`[data-cell="${at}"]`, `${name} to ${at}`);
          await page.waitForFunction((n) => document.querySelectorAll(".turn-panel .plan li").length > n, planned);
          const plan = (await page.textContent(".turn-panel .plan ol")) ?? "";
          expect(plan).toContain(`used ${name} (${cost} ☾)`);
          expect(await page.$('.turn-panel .moon-controls[data-step="aim"]'), "aimed no more").toBeNull();
          const used = aimed.find((a) => aimedCell(a) === at)!;
          s = stateAfter(s, used);
          planned = await page.$$eval(".turn-panel .plan li", (els) => els.length);
          ability = { action: used, version: g.version };
        }
        // Then the base game's part of the turn, by taps too, when the rules allow one now (the
        // engine's list): a growth (the tree chosen, its growth in the dock), else a purchase.
        // When they allow neither (no light points yet), the dock offers neither.
        const next = legalActions(s);
        const grow = next.find((a) => a.type === "grow");
        const buy = next.some((a) => a.type === "buy");
        if (grow) {
          const at = actionCells(grow)[0];
          await tap(`[data-cell="${at}"]`, `choose the tree on ${at}`);
          await page.waitForSelector('.turn-panel .choices .choice[data-kind="grow"]');
          await boardClear("a tree chosen");
          await tap('.turn-panel .choices .choice[data-kind="grow"]', `grow the tree on ${at}`);
          acted.push("grow");
        } else if (buy) {
          await tap(".turn-panel .buy:not([disabled])", "buy from the player board");
          acted.push("buy");
        } else {
          expect(await page.$$(".turn-panel .buy:not([disabled])"), "no purchase offered").toHaveLength(0);
        }
        if (grow || buy)
          await page.waitForFunction((n) => document.querySelectorAll(".turn-panel .plan li").length > n, planned);
      }
      expect(await seriousOrAnyViolations(), "axe on the round's turn").toEqual([]);
      await sendTurn("play");
      played++;
      if (ability && ability.version === g.version) {
        // The ability was played as planned: the log's last turn of Ann's has it, and a run moved the animal.
        const log = await apiCall(worker.base, "GET", `/api/games/${gameId}/log`);
        const mine = (log.entries as { seat: number; version: number; entry: Action }[])
          .filter((e) => e.seat === 0 && e.version > g.version)
          .map((e) => e.entry);
        expect(mine).toContainEqual(expect.objectContaining(ability.action));
        if (ability.action.ability === "run") {
          const now = await game();
          expect(LABELS[now.state.moon!.players[0].cell]).toBe(aimedCell(ability.action));
        }
      }
    }
    expect(seen.has("choose") && seen.has("animals") && seen.has("trees")).toBe(true);
    expect(seen.has("greatTree") || seen.has("moonstones")).toBe(true);
    expect(played).toBe(2);
    expect(moves).toBe(2);
    expect(acted, "a base-game action tapped in a round").not.toEqual([]);
    expect(ability, "an animal's ability used from the dock").not.toBeNull();
    expect(errors).toEqual([]);
  });

  it("keeps the sun (and the moon) whole on the screen and above the dock at the southern, eastern and western corners, in the base game too", async () => {
    // Rounds 3 and 4: the sun at the south-east, then the south-west corner, the foot of the board;
    // rounds 2 and 5: the east and the west corners, the picture's sides (a phone cuts its sides).
    const corner: Record<number, string> = { 2: "east", 3: "south-east", 4: "south-west", 5: "west" };
    const open = async (id: string, round: number, moon: boolean) => {
      const g = await apiCall<{ version: number; state: GameState }>(worker.base, "GET", `/api/games/${id}`);
      expect(g.state.round).toBe(round);
      await page.goto(`${worker.base}/g/${id}`);
      await page.waitForFunction(
        (v) => Number(document.querySelector(".game")?.getAttribute("data-version")) >= v,
        g.version,
      );
      await page.waitForSelector(".turn-panel .end-turn");
      const step = `${moon ? "Moonlight" : "base game"}, round ${round}, the sun in the ${corner[round]}`;
      expect(await page.textContent(".status"), step).toContain(`Sun in the ${corner[round]}`);
      expect((await box(".turn-panel"))!.height, `${step}: the dock at most a third`).toBeLessThanOrEqual(H / 3);
      await shot(page, `moon-phone-round${round}${moon ? "" : "-base"}`);
      await boardClear(step, moon ? [".board-host .moon", ".board-host .sun"] : [".board-host .sun"]);
    };
    const annTurn = (round: number) => (g: { state: GameState }) =>
      g.state.phase === "play" && g.state.round >= round && g.state.current === 0;
    // (round 2's east is checked at every step of the test above)
    for (const round of [3, 4, 5]) {
      await playUntil(worker.base, gameId, tokens, annTurn(round), 12, playMoonTurnByApi);
      await open(gameId, round, true);
    }
    // The base game: the same two players, a game of their own.
    const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2, firstPlayer: 0 }, tokens[0]);
    const base = created.game.id as string;
    await apiCall(worker.base, "POST", `/api/games/${base}/join`, { code: created.invite.code }, tokens[1]);
    for (const round of [2, 3, 4, 5]) {
      await playUntil(worker.base, base, tokens, annTurn(round), 20);
      await open(base, round, false);
    }
    expect(errors).toEqual([]);
  });
});
