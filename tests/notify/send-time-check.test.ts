/**
 * Webhooks stored before the address check was tightened: their URL is checked again whenever a
 * game resolves its targets, nothing is sent to a private address, and the webhook is switched
 * off at once with its owner told, as after repeated 410s.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../src/db/queries";
import { insertWebhook } from "../../src/db/webhooks";
import { encrypt, webhookKey } from "../../src/notify/crypto";
import { redactUrl } from "../../src/notify/targets";
import { call } from "../api/client";
import { DISCORD_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Write a webhook row straight into D1, as an older version of the service could have. */
async function storeOldWebhook(gameId: string, ownerId: string, id: string, url: string) {
  const key = await webhookKey((env as unknown as { WEBHOOK_KEY: string }).WEBHOOK_KEY);
  const now = Date.now();
  await insertWebhook(db((env as unknown as { DB: D1Database }).DB), {
    id,
    scope: "game",
    gameId,
    ownerId,
    kind: "slack",
    label: "old hook",
    urlEncrypted: await encrypt(key, url, `url:${id}`),
    urlRedacted: redactUrl(url),
    secretEncrypted: null,
    events: null,
    createdAt: now,
    updatedAt: now,
  });
}

describe("the address check at send time", () => {
  // Refused even with the development escape hatch (ALLOW_HTTP_WEBHOOKS=1 in these tests), which
  // lets through exactly localhost, 127.0.0.1 and [::1].
  for (const [url, why] of [
    ["https://10.1.2.3/hooks/x", "public host"],
    ["https://127.0.0.1.nip.io/hooks/x", "public host"],
    ["https://[64:ff9b::a9fe:a9fe]/latest", "public host"],
    ["http://192.168.0.7/x", "https://"],
  ]) {
    it(`a stored webhook to ${url} gets no request, is switched off at once, and its owner is told`, async () => {
      const clock = { t: farFuture() };
      const g = await clockedGame(2, clock, {}, ["Owner", "Other"]);
      await g.join();
      await fireAlarm(g.id); // the lobby's notifications are out before the webhooks exist
      const owner = g.players[0];
      const mine = await call("POST", "/api/me/webhooks", {
        token: owner.token,
        body: { url: DISCORD_URL(3), label: "my DMs" },
      });
      expect(mine.status).toBe(201);
      const wid = `wh_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
      await storeOldWebhook(g.id, owner.id, wid, url);
      const calls = receiver();

      await playFirstLegal(g.id, g.players);
      await fireAlarm(g.id);
      await fireAlarm(g.id); // the notice goes out from the next alarm
      const hosts = calls.map((c) => new URL(c.url).hostname);
      expect(
        hosts.every((h) => h === "discord.com"),
        hosts.join(),
      ).toBe(true);

      const list = await call("GET", `/api/games/${g.id}/webhooks`, { token: g.players[1].token });
      const hook = list.body.webhooks.find((w: any) => w.id === wid);
      expect(hook).toMatchObject({ enabled: false, failures: 1, lastStatus: null });
      expect(hook.disabledReason).toMatch(/^address refused: /);
      expect(hook.disabledReason).toContain(why);

      const notices = calls.filter(
        (c) => c.url === DISCORD_URL(3) && c.json.embeds?.[0]?.title === "A notification webhook was switched off",
      );
      expect(notices).toHaveLength(1);
      expect(notices[0].json.embeds[0].description).toContain("old hook");
      // The owner is told why in plain words, not "answered no answer repeatedly".
      expect(notices[0].json.embeds[0].description).toContain("points at an address Canopy does not send to");
      expect(notices[0].json.embeds[0].description).not.toContain("repeatedly");

      const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: owner.token })).body.deliveries;
      const toOld = log.filter((d: any) => d.target.id === wid || d.target.label === "old hook");
      expect(toOld.length).toBeGreaterThan(0);
      expect(toOld[0].state).toBe("dropped");
      expect(toOld[0].attempts.map((a: any) => [a.status, a.outcome])).toEqual([[null, "gone"]]);
      expect(toOld[0].attempts[0].error).toContain(why);

      // Later moves do not try it again, even a day later.
      clock.t += 86_400_000;
      await playFirstLegal(g.id, g.players);
      await fireAlarm(g.id);
      expect(calls.every((c) => new URL(c.url).hostname === "discord.com")).toBe(true);

      // Its test button reports the refusal without sending anything.
      const before = calls.length;
      const test = await call("POST", `/api/games/${g.id}/webhooks/${wid}/test`, { token: owner.token });
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      expect(test.body).toMatchObject({ delivered: false, status: null });
      expect(test.body.error).toContain(why);
      expect(calls).toHaveLength(before);
    });
  }

  it("the development escape hatch still lets exactly localhost through at send time", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const wid = `wh_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await storeOldWebhook(g.id, g.players[0].id, wid, "http://127.0.0.1:9/hook");
    const calls = receiver();
    await g.join();
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    expect(calls.map((c) => c.url)).toContain("http://127.0.0.1:9/hook");
    const hook = (await call("GET", `/api/games/${g.id}/webhooks`, { token: g.players[0].token })).body.webhooks.find(
      (w: any) => w.id === wid,
    );
    expect(hook).toMatchObject({ enabled: true, disabledReason: null });
  });
});
