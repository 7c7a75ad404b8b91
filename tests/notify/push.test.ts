/**
 * Web Push end to end: subscriptions through the API (structured errors that change nothing, the
 * webhooks' address rules), and deliveries from the game's outbox to a real local push service
 * (web-push-testing, tests/notify/push-service.setup.ts) that checks the VAPID signature, decrypts
 * the payload and records TTL, Urgency and Topic. Time is the Durable Object's injectable clock;
 * alarms are fired on demand.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { db } from "../../src/db/queries";
import { recordPushAnswer } from "../../src/db/push";
import { call, newPlayer } from "../api/client";
import { clockedGame, farFuture, fireAlarm, playFirstLegal } from "./helpers";
import { pushServiceClient, type ServiceSubscription } from "./push-service-client";

const service = () => `http://localhost:${inject("pushServicePort")}`;
const pushes = () => pushServiceClient(service());
/** A subscription at the local push service, as a browser would make it with this key. */
const subscribe = (applicationServerKey = env.VAPID_PUBLIC_KEY as string) => pushes().subscribe(applicationServerKey);
const received = (s: ServiceSubscription) => pushes().messages(s);
const headersOf = (s: ServiceSubscription) => pushes().headers(s);
const asBody = (s: ServiceSubscription, label?: string) => ({
  endpoint: s.endpoint,
  keys: s.keys,
  expirationTime: null,
  ...(label ? { label } : {}),
});
const P256 = "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY";
const AUTH = "c2VjcmV0LWF1dGgtMTIzNA";

describe("push subscriptions through the API", () => {
  it("the VAPID public key is public; subscribing needs a profile", async () => {
    const key = await call("GET", "/api/push/key");
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const anon = await call("POST", "/api/me/push", {
      body: { endpoint: "https://push.example.com/x", keys: { p256dh: P256, auth: AUTH } },
    });
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe("UNAUTHORIZED");
  });

  it("bad subscriptions are refused with a structured error and store nothing", async () => {
    const me = await newPlayer("Pia");
    const cases: [unknown, number, string][] = [
      [{ endpoint: "https://fcm.googleapis.com/fcm/send/abcdef" }, 400, "VALIDATION_FAILED"],
      [
        { endpoint: "https://fcm.googleapis.com/fcm/send/abcdef", keys: { p256dh: P256, auth: AUTH }, extra: 1 },
        400,
        "VALIDATION_FAILED",
      ],
      // The webhooks' address rules: no private, loopback or metadata address, https only.
      [{ endpoint: "https://10.0.0.7/push/abc", keys: { p256dh: P256, auth: AUTH } }, 400, "BAD_PUSH_ENDPOINT"],
      [
        { endpoint: "https://169.254.169.254/latest/meta-data", keys: { p256dh: P256, auth: AUTH } },
        400,
        "BAD_PUSH_ENDPOINT",
      ],
      [{ endpoint: "https://127.0.0.1.nip.io/push", keys: { p256dh: P256, auth: AUTH } }, 400, "BAD_PUSH_ENDPOINT"],
      [{ endpoint: "https://[::ffff:192.168.1.1]/push", keys: { p256dh: P256, auth: AUTH } }, 400, "BAD_PUSH_ENDPOINT"],
      [{ endpoint: "http://push.example.com/abc", keys: { p256dh: P256, auth: AUTH } }, 400, "BAD_PUSH_ENDPOINT"],
      [{ endpoint: "https://push.internal/abcdef", keys: { p256dh: P256, auth: AUTH } }, 400, "BAD_PUSH_ENDPOINT"],
      // Keys that are not a P-256 point and a 16-byte secret.
      [
        { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: P256.slice(8), auth: AUTH } },
        400,
        "BAD_PUSH_KEYS",
      ],
      [
        { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: P256, auth: `${AUTH}AAAA` } },
        400,
        "BAD_PUSH_KEYS",
      ],
    ];
    for (const [body, status, code] of cases) {
      const r = await call("POST", "/api/me/push", { token: me.token, body });
      expect([r.status, r.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
      expect(typeof r.body.error.message).toBe("string");
    }
    const nip = await call("POST", "/api/me/push", { token: me.token, body: cases[4][0] });
    expect(nip.body.error.message).toMatch(/^Push endpoints must point at a public host/);
    expect((await call("GET", "/api/me/push", { token: me.token })).body.subscriptions).toEqual([]);
  });

  it("a subscription is stored once per browser, never shown again, and only its owner removes it", async () => {
    const me = await newPlayer("Pia");
    const other = await newPlayer("Quinn");
    const s = await subscribe();
    const first = await call("POST", "/api/me/push", { token: me.token, body: asBody(s, "Firefox on Android") });
    expect(first.status).toBe(201);
    const sub = first.body.subscription;
    expect(sub).toMatchObject({ label: "Firefox on Android", service: `localhost:${inject("pushServicePort")}` });
    expect(sub.id).toMatch(/^push_[0-9a-z]{16}$/);
    // Sent again as it is (the panel renews it when it opens): answered, nothing written.
    await env.DB.prepare("UPDATE push_subscriptions SET updated_at = 1 WHERE id = ?").bind(sub.id).run();
    const same = await call("POST", "/api/me/push", { token: me.token, body: asBody(s, "Firefox on Android") });
    expect([same.status, same.body.subscription.id, same.body.subscription.updatedAt]).toEqual([
      200,
      sub.id,
      new Date(1).toISOString(),
    ]);
    const again = await call("POST", "/api/me/push", { token: me.token, body: asBody(s) });
    expect([again.status, again.body.subscription.id, again.body.subscription.label]).toEqual([200, sub.id, null]);
    expect(again.body.subscription.updatedAt).not.toBe(new Date(1).toISOString());
    // Another profile signing in on the same browser takes the device over.
    const taken = await call("POST", "/api/me/push", { token: other.token, body: asBody(s) });
    expect([taken.status, taken.body.subscription.id]).toEqual([200, sub.id]);
    expect((await call("GET", "/api/me/push", { token: me.token })).body.subscriptions).toEqual([]);
    await call("POST", "/api/me/push", { token: me.token, body: asBody(s) });
    const list = await call("GET", "/api/me/push", { token: me.token });
    expect(list.body.subscriptions.map((x: { id: string }) => x.id)).toEqual([sub.id]);
    const shown = JSON.stringify([first.body, again.body, list.body]);
    expect(shown).not.toContain(s.clientHash);
    expect(shown).not.toContain(s.keys.auth);
    expect(shown).not.toContain(s.keys.p256dh);

    expect((await call("DELETE", `/api/me/push/${sub.id}`, { token: other.token })).status).toBe(404);
    expect((await call("DELETE", "/api/me/push/not-an-id", { token: me.token })).body.error.code).toBe(
      "VALIDATION_FAILED",
    );
    expect((await call("GET", "/api/me/push", { token: me.token })).body.subscriptions).toHaveLength(1);
    expect((await call("DELETE", `/api/me/push/${sub.id}`, { token: me.token })).status).toBe(204);
    expect((await call("DELETE", `/api/me/push/${sub.id}`, { token: me.token })).status).toBe(404);
    expect((await call("GET", "/api/me/push", { token: me.token })).body.subscriptions).toEqual([]);
  });

  it("send test: the local push service verifies, decrypts and keeps it", async () => {
    const me = await newPlayer("Pia");
    const s = await subscribe();
    const sub = (await call("POST", "/api/me/push", { token: me.token, body: asBody(s) })).body.subscription;
    const r = await call("POST", `/api/me/push/${sub.id}/test`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ delivered: true, status: 201, error: null });
    const [msg] = await received(s);
    expect(msg).toMatchObject({ v: 1, type: "webhook.test", body: "Push notifications work on this device." });
    const [h] = await headersOf(s);
    expect(h).toMatchObject({ ttl: "300", urgency: "high", encoding: "aes128gcm", vapid: true });
  });
});

describe("a subscription the push service replaced (the service worker's pushsubscriptionchange)", () => {
  const renew = (old: ServiceSubscription, next: ServiceSubscription, over: Record<string, unknown> = {}) =>
    call("POST", "/api/push/renew", {
      body: { oldEndpoint: old.endpoint, oldAuth: old.keys.auth, endpoint: next.endpoint, keys: next.keys, ...over },
    });

  it("the old endpoint and auth secret prove it; the same device then gets its pushes at the new one", async () => {
    const me = await newPlayer("Pia");
    const old = await subscribe();
    const sub = (await call("POST", "/api/me/push", { token: me.token, body: asBody(old, "Firefox on Android") })).body
      .subscription;
    const next = await subscribe();
    const listed = async () => (await call("GET", "/api/me/push", { token: me.token })).body.subscriptions;
    const before = await listed();

    // Refusals change nothing: another secret, an unknown endpoint (alike: nothing is told), bad input.
    const wrong = await renew(old, next, { oldAuth: AUTH });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const unknown = await renew({ ...old, endpoint: `${old.endpoint}x` }, next);
    expect([unknown.status, unknown.body.error.code, unknown.body.error.message]).toEqual([
      404,
      "NOT_FOUND",
      wrong.body.error.message,
    ]);
    const privateHost = await renew(old, next, { endpoint: "https://10.0.0.7/push/abc" });
    expect([privateHost.status, privateHost.body.error.code]).toEqual([400, "BAD_PUSH_ENDPOINT"]);
    const badKeys = await renew(old, next, { keys: { p256dh: P256.slice(8), auth: AUTH } });
    expect([badKeys.status, badKeys.body.error.code]).toEqual([400, "BAD_PUSH_KEYS"]);
    const extra = await renew(old, next, { token: "x" });
    expect([extra.status, extra.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(await listed()).toEqual(before);

    const renewed = await renew(old, next);
    expect(renewed.status).toBe(200);
    expect(renewed.body.subscription).toMatchObject({ id: sub.id, label: "Firefox on Android" });
    const shown = JSON.stringify(renewed.body);
    for (const secret of [old.keys.auth, next.keys.auth, next.keys.p256dh, next.clientHash])
      expect(shown).not.toContain(secret);
    expect((await listed()).map((x: { id: string }) => x.id)).toEqual([sub.id]);

    const r = await call("POST", `/api/me/push/${sub.id}/test`, { token: me.token });
    expect(r.body).toMatchObject({ delivered: true, status: 201 });
    expect(await received(next)).toHaveLength(1);
    expect(await received(old)).toHaveLength(0);
    // The old subscription proves nothing any more.
    expect((await renew(old, next)).status).toBe(404);
  });

  it("a new subscription the page already sent as a device of the same player: the proven row keeps its id, name and the pushes", async () => {
    const me = await newPlayer("Pia");
    const old = await subscribe();
    const sub = (await call("POST", "/api/me/push", { token: me.token, body: asBody(old, "Firefox on Android") })).body
      .subscription;
    const next = await subscribe();
    const sentFirst = (await call("POST", "/api/me/push", { token: me.token, body: asBody(next, "Firefox, again") }))
      .body.subscription;
    expect(sentFirst.id).not.toBe(sub.id);

    const renewed = await renew(old, next);
    expect(renewed.status).toBe(200);
    expect(renewed.body.subscription).toMatchObject({ id: sub.id, label: "Firefox on Android" });
    expect(JSON.stringify(renewed.body)).not.toContain(sentFirst.id);
    const listed = (await call("GET", "/api/me/push", { token: me.token })).body.subscriptions;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([sub.id]);
    const r = await call("POST", `/api/me/push/${sub.id}/test`, { token: me.token });
    expect(r.body).toMatchObject({ delivered: true, status: 201 });
    expect(await received(next)).toHaveLength(1);
    expect((await call("DELETE", `/api/me/push/${sentFirst.id}`, { token: me.token })).status).toBe(404);
  });

  it("a new subscription another profile already sent as its device: that profile keeps it, nothing of it is shown, the old row goes", async () => {
    const me = await newPlayer("Pia");
    const other = await newPlayer("Quinn");
    const old = await subscribe();
    await call("POST", "/api/me/push", { token: me.token, body: asBody(old, "Firefox on Android") });
    const next = await subscribe();
    const theirs = (await call("POST", "/api/me/push", { token: other.token, body: asBody(next, "Quinn's tablet") }))
      .body.subscription;

    const renewed = await renew(old, next);
    expect([renewed.status, renewed.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    const shown = JSON.stringify(renewed.body);
    expect(shown).not.toContain(theirs.id);
    expect(shown).not.toContain("Quinn");
    expect((await call("GET", "/api/me/push", { token: me.token })).body.subscriptions).toEqual([]);
    expect((await call("GET", "/api/me/push", { token: other.token })).body.subscriptions).toEqual([theirs]);
    expect((await renew(old, next)).status).toBe(404);
  });
});

describe("push deliveries from the game's outbox", () => {
  it("your turn reaches the device: payload decrypted, TTL until the deadline, Urgency high, VAPID verified; the log shows it", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 6 * 3600 });
    const s = await subscribe();
    const sub = await call("POST", "/api/me/push", { token: g.players[1].token, body: asBody(s) });
    expect(sub.status).toBe(201);
    await g.join();
    await fireAlarm(g.id);
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);

    const got = await received(s);
    expect(got.map((m) => m.type)).toEqual(["game.started", "turn.started"]);
    const turn = got[1];
    expect(turn).toMatchObject({ v: 1, gameId: g.id, tag: `canopy-${g.id}`, title: "Photosynthesis with P0" });
    expect(turn.url).toMatch(new RegExp(`/g/${g.id}$`));
    expect(turn.body).toMatch(/^Your turn\. It ends by itself in 6 h\./);
    const h = await headersOf(s);
    expect(h[1]).toMatchObject({ ttl: String(6 * 3600), urgency: "high", encoding: "aes128gcm", vapid: true });
    expect(h[1].topic).toBe(`turn-${g.id}`.slice(0, 32));
    expect(h[0].topic).toBeNull();

    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[1].token })).body.deliveries;
    const pushed = log.filter((d: any) => d.target.kind === "push");
    expect(pushed.map((d: any) => [d.eventType, d.state])).toEqual([
      ["turn.started", "delivered"],
      ["game.started", "delivered"],
    ]);
    expect(pushed[0].attempts[0]).toMatchObject({ status: 201, outcome: "delivered" });
    expect(pushed[0].target.url).toBe(`https://localhost:${inject("pushServicePort")}/…`);
    // Another player sees that a delivery exists, not where it went.
    const theirs = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token })).body.deliveries;
    const seen = theirs.find((d: any) => d.id === pushed[0].id);
    expect(seen.target).toMatchObject({ kind: "push", url: null, label: null, id: "" });
  });

  it("a success like the last one recorded is not written again; a failure, the success after it and a test message are", async () => {
    const row = async (id: string) =>
      (await env.DB.prepare("SELECT failures, last_status, last_attempt_at FROM push_subscriptions WHERE id = ?")
        .bind(id)
        .first()) as { failures: number; last_status: number | null; last_attempt_at: number | null };
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const s = await subscribe();
    const sub = (await call("POST", "/api/me/push", { token: g.players[1].token, body: asBody(s) })).body.subscription;
    await g.join();
    const started = clock.t;
    await fireAlarm(g.id);
    expect(await row(sub.id)).toEqual({ failures: 0, last_status: 201, last_attempt_at: started });
    // Two more pushes, both delivered: nothing written, the first success stays the answer shown.
    for (let i = 0; i < 2; i++) {
      clock.t += 60_000;
      await playFirstLegal(g.id, g.players);
      await fireAlarm(g.id);
    }
    expect((await received(s)).map((m) => m.type)).toEqual(["game.started", "turn.started"]);
    expect(await row(sub.id)).toEqual({ failures: 0, last_status: 201, last_attempt_at: started });
    const listed = (await call("GET", "/api/me/push", { token: g.players[1].token })).body.subscriptions;
    expect(listed[0]).toMatchObject({ lastStatus: 201, lastAttemptAt: new Date(started).toISOString() });
    // A refusal is counted; the success after it resets the count and is written.
    const answer = { status: 403, at: started + 1, delivered: false, gone: true, expired: false, limit: 3 };
    expect(await recordPushAnswer(db(env.DB), sub.id, answer)).toBe(false);
    expect(await row(sub.id)).toEqual({ failures: 1, last_status: 403, last_attempt_at: started + 1 });
    const ok = { ...answer, status: 201, at: started + 2, delivered: true, gone: false };
    await recordPushAnswer(db(env.DB), sub.id, ok);
    expect(await row(sub.id)).toEqual({ failures: 0, last_status: 201, last_attempt_at: started + 2 });
    await recordPushAnswer(db(env.DB), sub.id, { ...ok, at: started + 3 });
    expect(await row(sub.id)).toEqual({ failures: 0, last_status: 201, last_attempt_at: started + 2 });
    // Another success status is a change; a test message is always recorded.
    await recordPushAnswer(db(env.DB), sub.id, { ...ok, status: 200, at: started + 4 });
    expect(await row(sub.id)).toMatchObject({ last_status: 200, last_attempt_at: started + 4 });
    expect((await call("POST", `/api/me/push/${sub.id}/test`, { token: g.players[1].token })).status).toBe(200);
    const tested = await row(sub.id);
    expect(tested.last_status).toBe(201);
    expect(tested.last_attempt_at).not.toBe(started + 4);
  });

  it("an expired subscription (410) is removed and what was waiting for it is dropped", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const s = await subscribe();
    await call("POST", "/api/me/push", { token: g.players[1].token, body: asBody(s) });
    await g.join();
    await fireAlarm(g.id);
    expect((await received(s)).map((m) => m.type)).toEqual(["game.started"]);

    await pushes().expire(s);
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect((await call("GET", "/api/me/push", { token: g.players[1].token })).body.subscriptions).toEqual([]);
    clock.t += 3600_000;
    await fireAlarm(g.id);
    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[1].token })).body.deliveries;
    const turn = log.find((d: any) => d.target.kind === "push" && d.eventType === "turn.started");
    expect(turn.attempts.map((a: any) => a.status)).toEqual([410]);
    expect(turn.state).toBe("dropped");
    expect((await received(s)).map((m) => m.type)).toEqual(["game.started"]);
  });

  it("a push signed with another VAPID key is refused by the push service (the signature is really checked)", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    // Made for another server's key.
    const other = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"]);
    const raw = new Uint8Array((await crypto.subtle.exportKey("raw", other.publicKey)) as ArrayBuffer);
    const s = await subscribe(
      btoa(String.fromCharCode(...raw))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, ""),
    );
    await call("POST", "/api/me/push", { token: g.players[1].token, body: asBody(s) });
    await g.join();
    await fireAlarm(g.id);
    expect(await received(s)).toEqual([]);
    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[1].token })).body.deliveries;
    const started = log.find((d: any) => d.target.kind === "push");
    expect(started.attempts[0]).toMatchObject({ status: 400, outcome: "rejected" });
    expect(started.state).toBe("failed");
  });
});
