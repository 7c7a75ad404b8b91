/**
 * Table talk in real Chromium (issue 16): two players exchange messages live beside the log, a
 * third who muted one of them sees only the other's; a writer deletes a message and it leaves the
 * others' pages at once; text stays text; the panel passes axe. A game whose talk holds nothing
 * for a player offers a button that loads the panel (focus in its box); a message that comes, or
 * a talk that holds one when the page opens, shows the panel without a click (issue 25, weights).
 */
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, launchChromium, shot, startWorker, type LocalWorker } from "./support";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

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

/**
 * A player's page on the game, signed in. The game's talk holds nothing for them yet: the page
 * offers the button that loads the panel, and does not load it by itself.
 */
async function open(gameId: string, who: { id: string; name: string; token: string }): Promise<Page> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), who);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(`${who.name}: ${e.message}`));
  const panels: string[] = [];
  page.on("request", (r) => {
    if (/\/chunks\/talk\//.test(r.url())) panels.push(r.url());
  });
  await page.goto(`${worker.base}/g/${gameId}`);
  await page.getByRole("button", { name: "Talk to the table" }).waitFor();
  await page.waitForLoadState("networkidle");
  expect(panels, who.name).toEqual([]);
  // (the talk's card and heading, as the panel's, with the button in place of the messages and box)
  expect(await page.getByRole("heading", { name: "Table talk" }).count()).toBe(1);
  expect(await page.getByRole("textbox", { name: "Your message" }).count()).toBe(0);
  return page;
}

/** Press the button: the panel comes, with the focus in its box. */
async function talkTo(page: Page) {
  await page.getByRole("button", { name: "Talk to the table" }).click();
  await page.getByRole("textbox", { name: "Your message" }).waitFor();
  await page.getByText("No messages yet.").waitFor();
  expect(await page.getByRole("heading", { name: "Table talk" }).count()).toBe(1);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("talk-input");
  expect(await page.getByRole("button", { name: "Talk to the table" }).count()).toBe(0);
}

/** axe's serious and critical violations in what `selector` picks on the page. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return (await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: any[] }> } }).axe;
    return (await axe.run({ include: [[sel]] }, { resultTypes: ["violations"] })).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help}`);
  }, selector)) as string[];
}

const texts = (page: Page) => page.$$eval(".talk-list .talk-text", (els) => els.map((e) => e.textContent ?? ""));

async function say(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Your message" }).fill(text);
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");
  await page.locator(".talk-list .talk-text", { hasText: text }).first().waitFor();
  // The message can come back on the live socket before the answer to the send empties the box.
  await expect.poll(() => page.getByRole("textbox", { name: "Your message" }).inputValue()).toBe("");
}

describe("table talk", () => {
  it("two players exchange messages live; a third who muted one sees only the other; a deletion leaves every page", async () => {
    const players: { id: string; name: string; token: string }[] = [];
    for (const name of ["Ann", "Ben", "Cy"]) {
      const r = await apiCall(worker.base, "POST", "/api/players", { name });
      players.push({ id: r.player.id, name, token: r.token });
    }
    const created = await apiCall(worker.base, "POST", "/api/games", { seats: 3, firstPlayer: 0 }, players[0].token);
    const gameId: string = created.game.id;
    for (const p of players.slice(1))
      await apiCall(worker.base, "POST", `/api/games/${gameId}/join`, { code: created.invite.code }, p.token);

    const [ann, ben, cy] = await Promise.all(players.map((p) => open(gameId, p)));
    // The button before it is pressed passes axe (a 44 px target is the sheet's: checked by its height).
    expect(await axeViolations(ann, ".talk")).toEqual([]);
    await shot(ann, "talk-button");
    expect((await ann.getByRole("button", { name: "Talk to the table" }).boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );
    await talkTo(ann);
    await talkTo(cy);
    // Cy mutes Ann, on the page.
    await cy.getByText("Mute players").click();
    await cy.getByRole("button", { name: "Mute Ann" }).click();
    await cy.getByRole("button", { name: "Unmute Ann" }).waitFor();
    expect(await cy.getByRole("button", { name: "Unmute Ann" }).getAttribute("aria-pressed")).toBe("true");

    // Ann writes (markup stays text, typed where the button put the focus); Ben's page, where
    // nothing was pressed, shows the panel with it without a click or a reload, and he answers.
    const hello = "Hello Ben <b>not bold</b> @everyone";
    // (Ben's keyboard is on the button, not pressed: the panel that takes its place takes the focus)
    await ben.getByRole("button", { name: "Talk to the table" }).focus();
    await ann.keyboard.type(hello);
    expect(await ann.getByRole("textbox", { name: "Your message" }).inputValue()).toBe(hello);
    await say(ann, hello);
    await ben.locator(".talk-list .talk-text", { hasText: hello }).waitFor();
    expect(await ben.getByRole("button", { name: "Talk to the table" }).count()).toBe(0);
    await expect.poll(() => ben.evaluate(() => document.activeElement?.id)).toBe("talk-input");
    expect(await ben.locator(".talk-list b").count()).toBe(0);
    expect(await ben.locator(".talk-list li strong").first().textContent()).toBe("Ann");
    await say(ben, "Hi Ann! Good luck 🌳");
    await ann.locator(".talk-list .talk-text", { hasText: "Good luck" }).waitFor();
    expect(await texts(ann)).toEqual([hello, "Hi Ann! Good luck 🌳"]);
    expect(await texts(ben)).toEqual([hello, "Hi Ann! Good luck 🌳"]);

    // Cy gets Ben's message live, never Ann's (sent before it, on the same socket).
    await cy.locator(".talk-list .talk-text", { hasText: "Good luck" }).waitFor();
    expect(await texts(cy)).toEqual(["Hi Ann! Good luck 🌳"]);
    expect(await cy.getByText("You do not see the messages of Ann.").count()).toBe(1);

    // An empty message is refused on the page, and nothing is sent.
    await ann.getByRole("textbox", { name: "Your message" }).fill("   ");
    await ann.getByRole("button", { name: "Send" }).click();
    await ann.getByText("Write something first.").waitFor();
    expect(await texts(ben)).toHaveLength(2);

    await shot(ben, "talk-ben");
    await shot(cy, "talk-cy-muted");
    // Ann deletes hers: it leaves her page and Ben's at once.
    await ann.getByRole("button", { name: "Delete your message 1" }).click();
    await ben.locator(".talk-list .talk-text", { hasText: "not bold" }).waitFor({ state: "detached" });
    await ann.locator(".talk-list .talk-text", { hasText: "not bold" }).waitFor({ state: "detached" });
    expect(await texts(ben)).toEqual(["Hi Ann! Good luck 🌳"]);
    // Ben cannot delete Ann's or anyone's but his own.
    expect(await ben.getByRole("button", { name: /Delete your message/ }).count()).toBe(1);

    // Opened again, each page shows the talk as its reader may read it — the socket's greeting
    // brings it (the page asks for no list of its own) — and Cy's mute with it.
    const asked: string[] = [];
    for (const p of [ben, cy])
      p.on("request", (r) => {
        if (r.method() === "GET" && new URL(r.url()).pathname.endsWith("/messages")) asked.push(r.url());
      });
    await Promise.all([ben.reload(), cy.reload()]);
    await ben.locator(".talk-list .talk-text", { hasText: "Good luck" }).waitFor();
    await cy.locator(".talk-list .talk-text", { hasText: "Good luck" }).waitFor();
    expect(await texts(ben)).toEqual(["Hi Ann! Good luck 🌳"]);
    expect(await texts(cy)).toEqual(["Hi Ann! Good luck 🌳"]);
    expect(await cy.getByText("You do not see the messages of Ann.").count()).toBe(1);
    expect(asked).toEqual([]);

    // A page whose game's talk holds messages shows them with no button pressed (Ben's and Cy's
    // above); Ann's, opened again, too.
    await ann.reload();
    await ann.locator(".talk-list .talk-text", { hasText: "Good luck" }).waitFor();
    expect(await ann.getByRole("button", { name: "Talk to the table" }).count()).toBe(0);

    // A spectator's page (signed in, not seated) has no talk at all.
    const stranger = await apiCall(worker.base, "POST", "/api/players", { name: "Dee" });
    const ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    await ctx.addInitScript((id) => localStorage.setItem("canopy.identity", JSON.stringify(id)), {
      id: stranger.player.id,
      name: "Dee",
      token: stranger.token,
    });
    const watcher = await ctx.newPage();
    await watcher.goto(`${worker.base}/g/${gameId}`);
    await watcher.waitForSelector(".game");
    expect(await watcher.getByRole("heading", { name: "Table talk" }).count()).toBe(0);
    expect(await watcher.getByRole("button", { name: "Talk to the table" }).count()).toBe(0);
    expect(await watcher.content()).not.toContain("Good luck");

    // axe: no serious or critical violation in the panel.
    expect(await axeViolations(ben, ".talk")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
