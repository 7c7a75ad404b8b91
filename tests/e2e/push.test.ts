/**
 * Push on this device, in real Chromium against the local worker: the profile's notifications panel
 * turns push on, the service worker (/sw.js) registers, and the browser's subscription reaches the
 * server; then a move by another player goes through the game's outbox to a local push service
 * (web-push-testing: checks the VAPID signature, decrypts), as does "Send a test"; turning push off
 * removes the device. Headless Chromium cannot reach a real push service, so the page's
 * PushManager hands out a subscription made at the local service (everything else is the real
 * browser: permission, service worker, the page's code). The service worker's own handling of a
 * push is checked with DevTools' ServiceWorker.deliverPushMessage.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFY_DICTS } from "../web/dicts";
import { startPushService } from "../notify/push-service";
import { pushServiceClient, type ServiceSubscription } from "../notify/push-service-client";
import { apiCall, launchChromium, playTurnByApi, startWorker, type LocalWorker } from "./support";

const nen = NOTIFY_DICTS.en;
/** A VAPID key pair for this test only (P-256, base64url). */
const VAPID = {
  publicKey: "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY",
  privateKey: "2-9pqSMpnMP9e_zqGr0ZheVgkmdPeUNMEAdpx2HrNps",
};

let worker: LocalWorker;
let chrome: { browser: Browser; close(): Promise<void> };
let service: { port: number; stop(): Promise<void> };
let pushes: ReturnType<typeof pushServiceClient>;

beforeAll(async () => {
  service = await startPushService();
  pushes = pushServiceClient(`http://localhost:${service.port}`);
  [worker, chrome] = await Promise.all([
    startWorker({
      vars: {
        WEBHOOK_KEY: "e2e-only-webhook-key-0123456789abcdef",
        ALLOW_HTTP_WEBHOOKS: "1",
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: "mailto:e2e@canopy.invalid",
      },
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await chrome?.close();
  await worker?.stop();
  await service?.stop();
});

/** Wait until `read` gives something `ok` accepts (the outbox sends from the game's alarm, a moment later). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = await read();
  }
  return last;
}

/**
 * The page's PushManager hands out `sub` (made at the local push service) instead of asking
 * Google's, keeping the application server key the page passed, as a real subscription does.
 */
function fakePushManager(sub: ServiceSubscription) {
  let current: unknown = null;
  const make = (key: ArrayBuffer) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: key },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    getKey: () => null,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  });
  PushManager.prototype.subscribe = async (opts?: PushSubscriptionOptionsInit) => {
    const k = opts?.applicationServerKey as Uint8Array;
    current = make(k.buffer.slice(k.byteOffset, k.byteOffset + k.byteLength) as ArrayBuffer);
    return current as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => {
    return current as PushSubscription | null;
  };
}

describe("push on this device", () => {
  let ctx: BrowserContext;
  let ann: Page;
  let token = "";
  let sub: ServiceSubscription;
  const errors: string[] = [];

  it("turns push on from the profile: the service worker registers and the subscription reaches the server", async () => {
    sub = await pushes.subscribe(VAPID.publicKey);
    ctx = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    await ctx.grantPermissions(["notifications"], { origin: worker.base });
    await ctx.addInitScript(fakePushManager, sub);
    ann = await ctx.newPage();
    ann.on("pageerror", (e) => errors.push(e.message));
    await ann.goto(`${worker.base}/`);
    // The site can be installed: a manifest with icons.
    const manifest = await ann.getAttribute('link[rel="manifest"]', "href");
    const m = await apiCall(worker.base, "GET", manifest!);
    expect(m).toMatchObject({ short_name: "Canopy", start_url: "/", display: "standalone" });
    expect((await fetch(`${worker.base}/icon-192.png`)).headers.get("content-type")).toBe("image/png");

    await ann.fill('input[name="name"]', "Ann");
    await ann.click('form:has(input[name="name"]) button[type="submit"]');
    await ann.waitForSelector("#new-h");
    token = await ann.evaluate(() => JSON.parse(localStorage.getItem("canopy.identity")!).token);
    await ann.click("#my-notifications > summary");
    await ann.waitForSelector('.push[data-state="off"]');
    expect(await ann.textContent(".push h3")).toBe(nen.pushTitle);
    expect(await ann.textContent(".push-status")).toBe(nen.pushIsOff);
    await ann.click(".push-on");
    await ann.waitForSelector('.push[data-state="on"]');
    expect(await ann.textContent(".push-status")).toBe(nen.pushIsOn);

    const sw = await ann.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      return { script: reg?.active?.scriptURL ?? null, scope: reg?.scope ?? null };
    });
    expect(sw).toEqual({ script: `${worker.base}/sw.js`, scope: `${worker.base}/` });
    const mine = await apiCall(worker.base, "GET", "/api/me/push", undefined, token);
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({ service: `localhost:${service.port}` });
    expect(mine.subscriptions[0].label).toMatch(/Chrome on Linux/);
    expect(errors).toEqual([]);
  });

  it("a move by another player reaches the device through the outbox; Send a test too", async () => {
    const bob = await apiCall(worker.base, "POST", "/api/players", { name: "Bob" });
    const created = await apiCall(worker.base, "POST", "/api/games", { seats: 2, firstPlayer: 1 }, token);
    const id = created.game.id;
    await apiCall(worker.base, "POST", `/api/games/${id}/join`, { code: created.invite.code }, bob.token);
    await playTurnByApi(worker.base, id, [token, bob.token]);
    const got = await until(
      () => pushes.messages(sub),
      (ms) => ms.some((x) => x.type === "turn.started"),
      "your turn",
    );
    const turn = got.find((x) => x.type === "turn.started");
    expect(turn).toMatchObject({ title: "Photosynthesis with Bob", body: "Your turn.", url: `${worker.base}/g/${id}` });
    const arrivals = await pushes.headers(sub);
    expect(arrivals.every((a) => a.vapid && a.encoding === "aes128gcm")).toBe(true);

    await ann.click(".push-test");
    await ann.waitForSelector(`.push .ok-line:has-text("${nen.pushTestSent}")`);
    expect((await pushes.messages(sub)).at(-1)).toMatchObject({ type: "webhook.test" });
  });

  it("the service worker shows a pushed message, with the game to open", async () => {
    const cdp = await ctx.newCDPSession(ann);
    const versions = new Promise<{ registrationId: string }[]>((resolve) => {
      cdp.on("ServiceWorker.workerVersionUpdated", (e: { versions: { registrationId: string; status: string }[] }) => {
        const running = e.versions.filter((v) => v.status === "activated");
        if (running.length) resolve(running);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const [version] = await versions;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: worker.base,
      registrationId: version.registrationId,
      data: JSON.stringify({
        v: 1,
        type: "turn.started",
        title: "Photosynthesis with Bob",
        body: "Your turn.",
        url: "https://elsewhere.example/x",
        gameId: "g123",
        tag: "canopy-g123",
      }),
    });
    const shown = await until(
      () =>
        ann.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url: string }).url,
          })),
        ),
      (list) => list.length > 0,
      "the notification",
    );
    // Another origin in the message: the notification opens this site's game page instead.
    expect(shown).toEqual([
      { title: "Photosynthesis with Bob", body: "Your turn.", tag: "canopy-g123", url: "/g/g123" },
    ]);
  });

  it("turning push off removes the device from the server", async () => {
    await ann.click(".push-off");
    await ann.waitForSelector('.push[data-state="off"]');
    expect((await apiCall(worker.base, "GET", "/api/me/push", undefined, token)).subscriptions).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
