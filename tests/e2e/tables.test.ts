/**
 * Open tables in real Chromium (issue 16): the creator lists a game from the new-game form; a
 * stranger, signed in in a browser of their own, finds it on /tables from the header's link, joins
 * with one click (no invite), and the full table starts for both.
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
const errors: string[] = [];

beforeAll(async () => {
  [worker, chrome] = await Promise.all([startWorker(), launchChromium()]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
});

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's serious and critical violations on the page as it is now, in words (as tests/e2e/a11y.test.ts). */
async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: AXE });
  const violations = (await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function signedIn(who: { id: string; name: string; token: string }): Promise<BrowserContext> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), who);
  return ctx;
}

describe("open tables", () => {
  it("the creator lists a table; a stranger finds it on /tables, joins with one click, and the game starts", async () => {
    const people = [];
    for (const name of ["Ann", "Bob"]) {
      const r = await apiCall(worker.base, "POST", "/api/players", { name });
      people.push({ id: r.player.id as string, name, token: r.token as string });
    }
    const [ann, bob] = people;

    // Ann lists a 2-player game from the new-game form.
    const annCtx = await signedIn(ann);
    const annPage = await annCtx.newPage();
    annPage.on("pageerror", (e) => errors.push(e.message));
    await annPage.goto(`${worker.base}/`);
    await annPage.locator('input[name="open"]').check();
    await annPage.getByRole("button", { name: "Create game" }).click();
    await annPage.waitForURL(/\/g\/[A-Za-z0-9_-]+$/);
    const gameId = new URL(annPage.url()).pathname.split("/")[2];
    await annPage.waitForSelector(".lobby");
    const listed = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(listed.status).toBe("waiting");
    expect(listed.table.open).toBe(true);

    // Bob, in a browser of his own, goes from the header to the open tables.
    const bobCtx = await signedIn(bob);
    const bobPage = await bobCtx.newPage();
    bobPage.on("pageerror", (e) => errors.push(e.message));
    await bobPage.goto(`${worker.base}/`);
    await bobPage.locator("header a.tables-link").click();
    await bobPage.waitForURL(`${worker.base}/tables`);
    const card = bobPage.locator(`li[data-table="${gameId}"]`);
    await card.waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toContain("Ann");
    expect(text).toContain("1 free seat");
    expect(text).toContain("for 2");
    // The filters narrow the list from the server: a 3-player filter leaves Ann's table out.
    await bobPage.locator('select[name="seats"]').selectOption("3");
    await card.waitFor({ state: "detached" });
    await bobPage.locator('select[name="seats"]').selectOption("2");
    await card.waitFor();
    await shot(bobPage, "tables-list");

    // One click, no invite: Bob sits down and the full table starts.
    await card.getByRole("button", { name: "Join" }).click();
    await bobPage.waitForURL(`${worker.base}/g/${gameId}`);
    await bobPage.waitForSelector(".game");
    const started = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(started.status).toBe("active");
    expect(started.seats.map((s: { player: { id: string } }) => s.player.id)).toEqual([ann.id, bob.id]);
    // Ann's page follows live: her lobby becomes the game.
    await annPage.waitForSelector(".game");
    // The table has left the list.
    const after = await apiCall(worker.base, "GET", "/api/tables");
    expect(after.tables.map((t: { id: string }) => t.id)).not.toContain(gameId);
    expect(errors).toEqual([]);
    await annCtx.close();
    await bobCtx.close();
  });

  it("the creator lists a waiting game from its lobby and takes it off; a visitor without the invite takes a seat there", async () => {
    const people = [];
    for (const name of ["Dee", "Cat"]) {
      const r = await apiCall(worker.base, "POST", "/api/players", { name });
      people.push({ id: r.player.id as string, name, token: r.token as string });
    }
    const [dee, cat] = people;
    const created = await apiCall(worker.base, "POST", "/api/games", { seats: 3 }, dee.token);
    const gameId: string = created.game.id;

    const deeCtx = await signedIn(dee);
    const deePage = await deeCtx.newPage();
    deePage.on("pageerror", (e) => errors.push(e.message));
    await deePage.goto(`${worker.base}/g/${gameId}`);
    await deePage.getByText("Not on the open tables").waitFor();
    await deePage.getByRole("button", { name: "List on the open tables" }).click();
    await deePage.getByText("On the open tables until").waitFor();
    expect((await apiCall(worker.base, "GET", `/api/games/${gameId}`)).table.open).toBe(true);

    // Cat opens the game's page without an invite: the listed table lets her sit down.
    const catCtx = await signedIn(cat);
    const catPage = await catCtx.newPage();
    catPage.on("pageerror", (e) => errors.push(e.message));
    await catPage.goto(`${worker.base}/g/${gameId}`);
    await catPage.locator("button.take-seat").click();
    await catPage.getByText("(you)").waitFor();
    const seated = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(seated.status).toBe("waiting");
    expect(seated.seats[1].player.id).toBe(cat.id);

    // On /tables her seat is marked; the page passes axe.
    await catPage.goto(`${worker.base}/tables`);
    const card = catPage.locator(`li[data-table="${gameId}"]`);
    await card.waitFor();
    expect(await card.getByRole("link", { name: "You sit here" }).count()).toBe(1);
    expect(await seriousViolations(catPage)).toEqual([]);

    // Dee takes it off the list.
    await deePage.getByRole("button", { name: "Take off the open tables" }).click();
    await deePage.getByRole("button", { name: "List on the open tables" }).waitFor();
    const closed = await apiCall(worker.base, "GET", `/api/games/${gameId}`);
    expect(closed.table).toMatchObject({ open: false, closed: "closed" });
    const list = await apiCall(worker.base, "GET", "/api/tables");
    expect(list.tables.map((t: { id: string }) => t.id)).not.toContain(gameId);
    expect(errors).toEqual([]);
    await deeCtx.close();
    await catCtx.close();
  });
});
