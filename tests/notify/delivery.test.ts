import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, inRoom, newPlayer } from "../api/client";
import {
  DISCORD_URL,
  JSON_URL,
  SLACK_URL,
  clockedGame,
  farFuture,
  fireAlarm,
  playFirstLegal,
  receiver,
  type Received,
} from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const addWebhook = async (id: string, token: string, body: Record<string, unknown>) => {
  const r = await call("POST", `/api/games/${id}/webhooks`, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { webhook: any; secret: string | null };
};

describe("reliable delivery", () => {
  it("500, 500, 429 with retry_after, then 200: the event arrives exactly once by id, after the right waits", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    await g.join();
    const { secret } = await addWebhook(g.id, g.players[0].token, { url: JSON_URL(1), events: ["turn.started"] });
    expect(secret).toMatch(/^whsec_/);
    const script = [500, 500, 429, 200];
    const calls = receiver((_r, i) =>
      script[i] === 429
        ? Response.json({ message: "You are being rate limited.", retry_after: 7.5, global: false }, { status: 429 })
        : new Response(script[i] === 500 ? "boom" : null, { status: script[i] ?? 200 }),
    );

    await playFirstLegal(g.id, g.players); // seat 0 places: seat 1's turn starts
    expect(calls).toHaveLength(0); // the move itself sends nothing
    const t0 = clock.t;
    await fireAlarm(g.id);
    expect(calls).toHaveLength(1);

    const step = async (ms: number, expected: number) => {
      clock.t += ms;
      await fireAlarm(g.id);
      expect(calls, `at +${clock.t - t0} ms`).toHaveLength(expected);
    };
    // First retry after the backoff of one failure: 5 s · (1/2 + 0.5 · 1/2) = 3.75 s.
    await step(3749, 1);
    await step(1, 2);
    // Second retry: 10 s · 0.75 = 7.5 s.
    await step(7499, 2);
    await step(1, 3);
    // The 429 asked for 7.5 s; jitter adds 0.5 · min(1 s, 10 %) = 375 ms.
    await step(7874, 3);
    await step(1, 4);
    // Done: nothing more, ever.
    await step(86_400_000, 4);

    const ids = new Set(calls.map((c) => c.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const c of calls) {
      expect(c.url).toBe(JSON_URL(1));
      expect(c.headers["idempotency-key"]).toBe(c.headers["webhook-id"]);
      const verified = new Webhook(secret!).verify(c.body, c.headers) as any;
      expect(verified.type).toBe("turn.started");
      expect(verified.data.seat).toBe(1);
      expect(verified.data.id).toBe(c.headers["webhook-id"]);
    }
    // Same body on every attempt (only the signature's timestamp may differ).
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);

    const log = await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[1].token });
    expect(log.status).toBe(200);
    const turn = log.body.deliveries.filter((d: any) => d.eventType === "turn.started");
    expect(turn).toHaveLength(1);
    expect(turn[0]).toMatchObject({ state: "delivered", eventId: calls[0].headers["webhook-id"], nextAttemptAt: null });
    expect(turn[0].target).toMatchObject({ scope: "game", kind: "json", url: "https://receiver.example.net/…/th-1" });
    expect(turn[0].attempts.map((a: any) => [a.status, a.outcome])).toEqual([
      [500, "retry"],
      [500, "retry"],
      [429, "rate_limited"],
      [200, "delivered"],
    ]);
    expect(turn[0].attempts.map((a: any) => Date.parse(a.at) - t0)).toEqual([0, 3750, 11250, 19125]);
    // Each attempt is written with its delivery's own row (one row written an attempt, issue 24).
    const kept = await inRoom(g.id, (room) => {
      const sql = (room as any).ctx.storage.sql;
      const row = sql.exec("SELECT attempt_log FROM deliveries WHERE n = ?", turn[0].id).one();
      return {
        apart: sql.exec("SELECT count(*) AS n FROM delivery_attempts").one().n as number,
        inRow: (JSON.parse(row.attempt_log) as { outcome: string }[]).map((a) => a.outcome),
      };
    });
    expect(kept).toEqual({ apart: 0, inRow: ["retry", "retry", "rate_limited", "delivered"] });
    // Only the game's players see the log.
    const stranger = await newPlayer("Nosy");
    expect((await call("GET", `/api/games/${g.id}/deliveries`, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", `/api/games/${g.id}/deliveries`)).status).toBe(401);

    // Redelivery sends the same event (same id) once more.
    const again = await call("POST", `/api/games/${g.id}/deliveries/${turn[0].id}/redeliver`, {
      token: g.players[0].token,
    });
    expect(again.status).toBe(202);
    expect(again.body.delivery.state).toBe("pending");
    await fireAlarm(g.id);
    expect(calls).toHaveLength(5);
    expect(calls[4].headers["webhook-id"]).toBe(calls[0].headers["webhook-id"]);
    expect(calls[4].body).toBe(calls[0].body);
  });

  it("one webhook gets its notifications in order: when one fails, the later ones wait for its retry", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    await addWebhook(g.id, g.players[0].token, { url: JSON_URL(4) });
    const calls = receiver((_r, i) => new Response(null, { status: i === 0 ? 503 : 204 }));
    await g.join(); // "joined" and "started", both due now
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined"]);
    clock.t += 3750;
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined", "player.joined", "game.started"]);
    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[1].token })).body.deliveries;
    expect(log.map((d: any) => [d.eventType, d.state, d.attempts.length])).toEqual([
      ["game.started", "delivered", 1],
      ["player.joined", "delivered", 2],
    ]);
  });

  it("a move is never delayed by a slow webhook: delivery waits in the outbox and goes from the alarm", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    // Set up before the game starts: a game keeps notifications from when a webhook concerns it.
    await addWebhook(g.id, g.players[0].token, { url: DISCORD_URL(1) });
    await g.join();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls = receiver(async () => {
      await gate;
      return new Response(null, { status: 204 });
    });
    await playFirstLegal(g.id, g.players);
    expect(calls).toHaveLength(0);
    const delivering = fireAlarm(g.id);
    // While the webhook hangs, play goes on.
    for (let i = 0; i < 3; i++) await playFirstLegal(g.id, g.players);
    expect(calls.length).toBeGreaterThan(0);
    release();
    await delivering;
    await fireAlarm(g.id);
    const types = calls.map((c) => c.json.embeds[0].title as string);
    expect(types.filter((t) => t.startsWith("Your turn"))).toHaveLength(4);
    expect(types).toContain("The game has started");
  });

  it("a webhook answering 404 repeatedly is switched off, its owner told on their other webhooks; it can be switched on again", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, {}, ["Owner", "Other"]);
    await g.join();
    await fireAlarm(g.id); // the lobby's notifications are out before the webhooks exist
    const owner = g.players[0];
    const mine = await call("POST", "/api/me/webhooks", {
      token: owner.token,
      body: { url: DISCORD_URL(7), label: "my DMs" },
    });
    expect(mine.status).toBe(201);
    const slack = await addWebhook(g.id, owner.token, {
      url: SLACK_URL(1),
      label: "#canopy",
      events: ["turn.started"],
    });
    const calls = receiver((r) =>
      r.url.includes("hooks.slack.com")
        ? new Response("no_service", { status: 404 })
        : new Response(null, { status: 204 }),
    );
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    clock.t += 5000;
    await fireAlarm(g.id);
    clock.t += 10_000;
    await fireAlarm(g.id);
    const toSlack = calls.filter((c) => c.url === SLACK_URL(1));
    expect(toSlack).toHaveLength(3);
    // The notice goes out from the next alarm.
    await fireAlarm(g.id);
    const notices = calls.filter((c) => c.url === DISCORD_URL(7));
    expect(notices).toHaveLength(1);
    expect(notices[0].json.embeds[0].title).toBe("A notification webhook was switched off");
    expect(notices[0].json.embeds[0].description).toContain("HTTP 404");
    expect(notices[0].json.embeds[0].description).toContain("https://hooks.slack.com/services/…/");
    expect(JSON.stringify(notices[0].json)).not.toContain(SLACK_URL(1));
    // No more attempts to it.
    clock.t += 86_400_000;
    await fireAlarm(g.id);
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(calls.filter((c) => c.url === SLACK_URL(1))).toHaveLength(3);

    const list = await call("GET", `/api/games/${g.id}/webhooks`, { token: g.players[1].token });
    const hook = list.body.webhooks.find((w: any) => w.id === slack.webhook.id);
    expect(hook).toMatchObject({ enabled: false, failures: 3, lastStatus: 404, label: "#canopy" });
    expect(hook.disabledReason).toContain("HTTP 404");
    // Only the player who added it (or the game's creator) switches it on again.
    const notTheirs = await call("PATCH", `/api/games/${g.id}/webhooks/${slack.webhook.id}`, {
      token: g.players[1].token,
      body: { enabled: true },
    });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error.code).toBe("NOT_WEBHOOK_OWNER");
    const on = await call("PATCH", `/api/games/${g.id}/webhooks/${slack.webhook.id}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.webhook).toMatchObject({ enabled: true, failures: 0, disabledReason: null });
  });

  it("'send test' posts to the webhook now and reports its answer; game tests appear in the delivery log", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const hook = await addWebhook(g.id, g.players[0].token, { url: JSON_URL(2) });
    const calls = receiver((r) => (r.url === JSON_URL(2) ? new Response("ok") : new Response("gone", { status: 410 })));
    const test = await call("POST", `/api/games/${g.id}/webhooks/${hook.webhook.id}/test`, {
      token: g.players[0].token,
    });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ delivered: true, status: 200, error: null });
    expect(calls).toHaveLength(1);
    const verified = new Webhook(hook.secret!).verify(calls[0].body, calls[0].headers) as any;
    expect(verified.type).toBe("webhook.test");
    const log = await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token });
    expect(log.body.deliveries[0]).toMatchObject({
      id: test.body.deliveryId,
      eventType: "webhook.test",
      state: "delivered",
    });

    // A personal webhook's test, and a failing one.
    const mine = await call("POST", "/api/me/webhooks", { token: g.players[1].token, body: { url: SLACK_URL(2) } });
    expect(mine.body.secret).toBeNull();
    const t2 = await call("POST", `/api/me/webhooks/${mine.body.webhook.id}/test`, { token: g.players[1].token });
    expect(t2.body).toMatchObject({ delivered: false, status: 410, error: "HTTP 410: gone" });
    const slackBody = calls[1].json;
    expect(slackBody.text).toContain("Test notification");
    expect(slackBody.blocks[0].type).toBe("header");
    const me = await call("GET", "/api/me/webhooks", { token: g.players[1].token });
    expect(me.body.webhooks[0]).toMatchObject({ lastStatus: 410, enabled: true });
    // Not someone else's webhook.
    expect(
      (await call("POST", `/api/me/webhooks/${mine.body.webhook.id}/test`, { token: g.players[0].token })).status,
    ).toBe(404);
  });

  it("your own webhook gets your turns (pinging your Discord id), not the others'; the log hides others' own webhooks", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 3600 }, ["Ann", "Ben"]);
    const [ann, ben] = g.players;
    expect(
      (await call("PATCH", "/api/me", { token: ben.token, body: { discordUserId: "223456789012345678" } })).body
        .discordUserId,
    ).toBe("223456789012345678");
    await call("POST", "/api/me/webhooks", { token: ann.token, body: { url: DISCORD_URL(1) } });
    await call("POST", "/api/me/webhooks", { token: ben.token, body: { url: DISCORD_URL(2), label: "Ben's DMs" } });
    const calls = receiver();
    await g.join();
    await fireAlarm(g.id);
    // Both hear that the game started; Ann (seat 0) is first.
    const byUrl = (u: string) => calls.filter((c) => c.url === u).map((c) => c.json);
    expect(byUrl(DISCORD_URL(1)).map((m) => m.embeds[0].title)).toEqual([
      "Ben joined the game",
      "The game has started",
    ]);
    expect(byUrl(DISCORD_URL(2)).map((m) => m.embeds[0].title)).toEqual(["The game has started"]);
    await playFirstLegal(g.id, g.players); // Ann places: Ben's turn
    await fireAlarm(g.id);
    const benTurn = byUrl(DISCORD_URL(2)).at(-1);
    expect(benTurn.embeds[0].title).toBe("Your turn, Ben");
    expect(benTurn.content).toContain("<@223456789012345678>");
    expect(benTurn.allowed_mentions).toEqual({ parse: [], users: ["223456789012345678"] });
    expect(benTurn.embeds[0].description).toContain(`<t:${Math.floor((clock.t + 3600_000) / 1000)}:R>`);
    expect(byUrl(DISCORD_URL(1)).map((m) => m.embeds[0].title)).not.toContain("Your turn, Ben");

    const annLog = (await call("GET", `/api/games/${g.id}/deliveries`, { token: ann.token })).body.deliveries;
    const bens = annLog.filter((d: any) => d.target.ownerId === ben.id);
    expect(bens.length).toBeGreaterThan(0);
    for (const d of bens)
      expect(d.target).toMatchObject({ scope: "player", kind: "discord", url: null, label: null, id: "" });
    const benLog = (await call("GET", `/api/games/${g.id}/deliveries`, { token: ben.token })).body.deliveries;
    expect(benLog.find((d: any) => d.target.ownerId === ben.id).target).toMatchObject({
      label: "Ben's DMs",
      url: `https://discord.com/api/webhooks/…/${DISCORD_URL(2).slice(-4)}`,
    });
    const resend = await call("POST", `/api/games/${g.id}/deliveries/${bens[0].id}/redeliver`, { token: ann.token });
    expect(resend.status).toBe(403);
  });

  it("events are matched when they are delivered: a D1 outage delays them, nothing is lost", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    await g.join();
    await addWebhook(g.id, g.players[0].token, { url: JSON_URL(3), events: ["turn.started"] });
    const calls = receiver();
    await inRoom(g.id, (room) => {
      (globalThis as any).__directory = room.directory;
      room.directory = {
        targetsFor: async () => {
          throw new Error("D1 is down");
        },
        targetsById: async () => {
          throw new Error("D1 is down");
        },
        record: async () => false,
      };
    });
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(calls).toHaveLength(0);
    const queued = await inRoom(g.id, (room) => room.notificationQueue());
    expect(queued.notifications).toBeGreaterThan(0);
    await inRoom(g.id, (room) => {
      room.directory = (globalThis as any).__directory;
    });
    clock.t += 60_000;
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["turn.started"]);
    expect(await inRoom(g.id, (room) => room.notificationQueue())).toMatchObject({ notifications: 0, deliveries: 0 });
  });
});

describe("webhook settings through the API", () => {
  it("validation and permissions", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const [a, b] = g.players;
    const stranger = await newPlayer("Stranger");
    const path = `/api/games/${g.id}/webhooks`;
    const post = (token: string | undefined, body: unknown) => call("POST", path, { token, body });
    expect((await post(undefined, { url: JSON_URL(1) })).status).toBe(401);
    expect((await post(stranger.token, { url: JSON_URL(1) })).status).toBe(403);
    expect((await post(b.token, { url: JSON_URL(1) })).status).toBe(403); // not seated yet
    const bad = [
      { url: "http://receiver.example.net/x" },
      { url: "https://10.1.2.3/x" },
      { url: "https://metadata.internal/x" },
      { url: "javascript:alert(1)" },
      { url: DISCORD_URL(1), kind: "json" },
      { url: "https://discord.com/api/webhooks/1/x" },
      { url: JSON_URL(1), kind: "email" },
      { url: JSON_URL(1), events: ["nope"] },
      { url: JSON_URL(1), extra: 1 },
      {},
    ];
    for (const body of bad) {
      const r = await post(a.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error.code).toBe("string");
    }
    // Development: http:// to localhost.
    const local = await post(a.token, { url: "http://127.0.0.1:8788/hook", label: "local" });
    expect(local.status).toBe(201);
    expect(local.body.webhook).toMatchObject({
      kind: "json",
      url: "http://127.0.0.1:8788/…",
      label: "local",
      enabled: true,
      scope: "game",
    });
    // A Slack-compatible server that is not Slack.
    expect((await post(a.token, { url: JSON_URL(5), kind: "slack" })).body.webhook.kind).toBe("slack");
    for (let i = 0; i < 3; i++) expect((await post(a.token, { url: JSON_URL(10 + i) })).status).toBe(201);
    const full = await post(a.token, { url: JSON_URL(20) });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe("TOO_MANY_WEBHOOKS");
    // Change, rotate, delete.
    const wid = local.body.webhook.id;
    const changed = await call("PATCH", `${path}/${wid}`, {
      token: a.token,
      body: { url: DISCORD_URL(3), label: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      secret: null,
      webhook: { kind: "discord", label: null, url: `https://discord.com/api/webhooks/…/${DISCORD_URL(3).slice(-4)}` },
    });
    const back = await call("PATCH", `${path}/${wid}`, { token: a.token, body: { url: JSON_URL(30) } });
    expect(back.body.secret).toMatch(/^whsec_/);
    const rotated = await call("PATCH", `${path}/${wid}`, { token: a.token, body: { rotateSecret: true } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(back.body.secret);
    await g.join();
    expect((await call("DELETE", `${path}/${wid}`, { token: b.token })).status).toBe(403); // not b's webhook
    expect((await call("DELETE", `${path}/${wid}`, { token: a.token })).status).toBe(204);
    expect((await call("DELETE", `${path}/${wid}`, { token: a.token })).status).toBe(404);
    expect((await call("GET", path, { token: b.token })).body.webhooks).toHaveLength(4);
    // Another game's webhook id is not found here.
    const other = await clockedGame(2, clock);
    const theirs = await addWebhook(other.id, other.players[0].token, { url: JSON_URL(40) });
    expect((await call("DELETE", `${path}/${theirs.webhook.id}`, { token: a.token })).status).toBe(404);
    expect((await call("PATCH", "/api/me", { token: a.token, body: { discordUserId: "12" } })).status).toBe(400);
  });

  it("URLs and secrets never appear in any answer, view or log after they are set, nor in D1 in the clear", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 7200 });
    const [a, b] = g.players;
    const urls = [DISCORD_URL(5), SLACK_URL(5), JSON_URL(5), DISCORD_URL(6)];
    const secrets: string[] = [];
    for (const url of urls.slice(0, 3)) {
      const r = await addWebhook(g.id, a.token, { url });
      if (r.secret) secrets.push(r.secret);
    }
    const mine = await call("POST", "/api/me/webhooks", { token: b.token, body: { url: urls[3], kind: "discord" } });
    expect(mine.status).toBe(201);
    const calls: Received[] = receiver();
    await g.join();
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(calls.length).toBeGreaterThan(3);
    const gets = [
      `/api/games/${g.id}`,
      `/api/games/${g.id}/webhooks`,
      `/api/games/${g.id}/deliveries`,
      `/api/games/${g.id}/log`,
      `/api/games/${g.id}/legal-actions`,
      `/api/me/webhooks`,
      `/api/me`,
      `/api/players/${a.id}`,
      `/api/players/${a.id}/games`,
      `/api/openapi.json`,
    ];
    const fragments = [
      ...urls.flatMap((u) => [u, new URL(u).pathname, u.slice(-20)]),
      ...secrets,
      ...secrets.map((s) => s.slice(6, 30)),
    ];
    for (const token of [a.token, b.token, undefined])
      for (const path of gets) {
        const text = JSON.stringify((await call("GET", path, { token })).body);
        for (const f of fragments) expect(text.includes(f), `${path} leaks ${f.slice(0, 12)}…`).toBe(false);
      }
    const rows = await env.DB.prepare("SELECT * FROM webhooks").all();
    const dump = JSON.stringify(rows.results);
    for (const f of fragments) expect(dump.includes(f)).toBe(false);
    // Nor in the Durable Object's storage (the delivery log keeps redacted URLs only).
    const stored = await inRoom(g.id, (room) => {
      const sql = (room as any).ctx.storage.sql as SqlStorage;
      return JSON.stringify(
        ["deliveries", "delivery_attempts", "turns", "room"].map((t) => sql.exec(`SELECT * FROM ${t}`).toArray()),
      );
    });
    for (const f of fragments) expect(stored.includes(f)).toBe(false);
  });
});
