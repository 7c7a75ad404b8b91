/**
 * Linking a Discord account in Chromium: a signed `/photosynthesis link` (this test's own Ed25519
 * key pair, the worker started with its public key) answers with a one-time link; opened in a
 * browser that is not signed in, the page makes a profile named as in Discord and signs the browser
 * in to it; opened in a browser signed in, it links the account to that browser's profile. Both
 * land in the profile's devices; the used link is refused after.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiCall, launchChromium, type LocalWorker, startWorker } from "./support";

/** A call the worker made to Discord, as the e2e setup received it (tests/e2e/workers.setup.ts). */
interface PlatformCall {
  method: string;
  url: string;
  body: string;
}

const APP_ID = "100000000000000002";
const GUILD = "200000000000000002";
let worker: LocalWorker;
let chromium: { browser: Browser; close(): Promise<void> };
let base: string;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  privateKey = pair.privateKey;
  const publicHex = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("hex");
  worker = await startWorker({ vars: { DISCORD_APPLICATION_ID: APP_ID, DISCORD_PUBLIC_KEY: publicHex } });
  base = worker.base.replace("127.0.0.1", "localhost");
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await worker?.stop();
});

let seq = 300000000000000000n;
const snowflake = () => String(seq++);

/** `/photosynthesis link` by a Discord user, signed as Discord signs it: the one-time link it answers with. */
async function linkCommand(user: { id: string; name: string }): Promise<string> {
  const channel = snowflake();
  const token = `itoken-${snowflake()}`;
  const body = JSON.stringify({
    id: snowflake(),
    application_id: APP_ID,
    type: 2,
    token,
    version: 1,
    guild_id: GUILD,
    channel_id: channel,
    member: {
      user: {
        id: user.id,
        username: user.name.toLowerCase(),
        global_name: user.name,
        discriminator: "0",
        avatar: null,
      },
    },
    data: { id: snowflake(), name: "photosynthesis", type: 1, options: [{ type: 1, name: "link", options: [] }] },
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = Buffer.from(
    await crypto.subtle.sign("Ed25519", privateKey, new TextEncoder().encode(ts + body)),
  ).toString("hex");
  const res = await fetch(`${base}/api/chat/discord/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature-ed25519": sig, "x-signature-timestamp": ts },
    body,
  });
  expect(res.status).toBe(200);
  // Acknowledged at once (a deferred, ephemeral answer: making the link takes D1); the answer itself
  // is the edit of @original on the interaction's follow-up webhook, which the e2e setup receives.
  expect(await res.json()).toEqual({ type: 5, data: { flags: 64 } });
  const followUp = `https://discord.com/api/v10/webhooks/${APP_ID}/${token}/messages/@original`;
  let answer: { components: { components: { url: string }[] }[] } | undefined;
  for (const until = Date.now() + 30_000; !answer; await new Promise((r) => setTimeout(r, 100))) {
    const sent = (await (await fetch(`${inject("e2eWorkers")}/platform-calls`)).json()) as PlatformCall[];
    const edit = sent.find((c) => c.method === "PATCH" && c.url === followUp);
    if (edit) answer = JSON.parse(edit.body);
    else if (Date.now() > until) throw new Error("no answer through the follow-up webhook");
  }
  const url = answer.components[0].components[0].url;
  expect(url).toMatch(/\/pair\/[0-9A-Z]{4}-[0-9A-Z]{4}\?chat=discord$/);
  // The worker names the link after the address it was asked at (127.0.0.1); open it on localhost.
  return url.replace(/^https?:\/\/[^/]+/, base);
}

const identityOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("canopy.identity") ?? "null") as {
        id: string;
        name: string;
        token: string;
      } | null,
  );

describe("linking a Discord account through the one-time link", () => {
  it("a browser not signed in gets a new profile named as in Discord, signed in, the account linked; the link is then used", async () => {
    const link = await linkCommand({ id: snowflake(), name: "Ann" });
    const ctx = await chromium.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Link your Discord account" }).waitFor();
    await page.getByText("“Ann”").first().waitFor();
    await page.getByRole("button", { name: "Make my Canopy profile “Ann”" }).click();
    await page.getByRole("status").getByText("Linked.").waitFor();
    const me = (await identityOf(page))!;
    expect(me.name).toBe("Ann");
    const devices = await apiCall(base, "GET", "/api/me/devices", undefined, me.token);
    expect(devices.devices.map((d: { via: string }) => d.via).sort()).toEqual(["discord", "key"]);
    // Used once: opened again, it says so.
    const again = await ctx.newPage();
    await again.goto(link);
    await again.getByRole("alert").getByText("already used").waitFor();
    await ctx.close();
  });

  it("a browser signed in links the account to its own profile", async () => {
    const ctx = await chromium.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${base}/`);
    await page.locator('input[name="name"]').fill("Bruno");
    await page.getByRole("button", { name: "Create profile" }).click();
    await page.getByText("You play as Bruno").first().waitFor();
    const bruno = (await identityOf(page))!;
    const discordId = snowflake();
    const link = await linkCommand({ id: discordId, name: "bruno_d" });
    await page.goto(link);
    await page.getByRole("button", { name: "Link it to my profile Bruno" }).click();
    await page.getByRole("status").getByText("Linked.").waitFor();
    expect((await identityOf(page))!.token).toBe(bruno.token);
    const me = await apiCall(base, "GET", "/api/me", undefined, bruno.token);
    expect(me.discordUserId).toBe(discordId);
    await ctx.close();
  });
});
