/**
 * A game's own webhooks' answers (issue 24): a first success to a webhook of the game whose D1 row
 * counts no failures is kept in the game's delivery log only (one D1 write a delivery less), and
 * the game's webhook list takes the newer of D1's answer and the log's. The edges: a failure after
 * successes kept in the log still counts from zero in D1; a success after a failure is recorded
 * (the count starts again); the log's prune keeps each webhook's newest answer; a test message
 * records its answer in D1 as before; a player's own webhooks record every answer in D1.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Deliveries, type NewDelivery, type SettledDelivery } from "../../src/game/store/deliveries";
import * as schema from "../../src/game/store/schema";
import { call, roomStub, startedGame } from "../api/client";
import { logRow } from "./delivery-fixture";
import { JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver, type Clock } from "../notify/helpers";

afterEach(() => vi.restoreAllMocks());

/** The webhook's row in D1 as stored (what the game wrote there). */
const d1Row = async (id: string) =>
  (await env.DB.prepare("SELECT failures, last_status, last_attempt_at FROM webhooks WHERE id = ?")
    .bind(id)
    .first()) as { failures: number; last_status: number | null; last_attempt_at: number | null };

const listed = async (gameId: string, token: string, hook: string) =>
  ((await call("GET", `/api/games/${gameId}/webhooks`, { token })).body.webhooks as any[]).find((w) => w.id === hook);

/** A started 2-player game on `clock` with one JSON webhook of the game answering `status()`. */
async function hookedGame(clock: Clock, n: number, status: () => number) {
  const g = await clockedGame(2, clock);
  const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
    token: g.players[0].token,
    body: { url: JSON_URL(n) },
  });
  expect(hook.status).toBe(201);
  const calls = receiver(() => new Response(null, { status: status() }));
  await g.join(); // "joined" and "started", due now
  return { ...g, hook: hook.body.webhook.id as string, calls };
}

describe("a game's own webhook's answers", () => {
  it("a success to a webhook counting no failures is kept in the game's log, not D1; the list shows it", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 61, () => 204);
    const at = clock.t;
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started"]);
    expect(await d1Row(g.hook)).toEqual({ failures: 0, last_status: null, last_attempt_at: null });
    expect(await listed(g.id, g.players[1].token, g.hook)).toMatchObject({
      lastStatus: 204,
      lastAttemptAt: new Date(at).toISOString(),
      failures: 0,
      enabled: true,
    });
    // And in the answer to a change of it.
    const changed = await call("PATCH", `/api/games/${g.id}/webhooks/${g.hook}`, {
      token: g.players[0].token,
      body: { label: "#table" },
    });
    expect(changed.body.webhook).toMatchObject({ label: "#table", lastStatus: 204 });
  });

  it("a failure after successes kept in the log counts from zero; the next success is recorded", async () => {
    const clock = { t: farFuture() };
    let status = 204;
    const g = await hookedGame(clock, 62, () => status);
    await fireAlarm(g.id);
    status = 410;
    clock.t += 60_000;
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "turn.started"]);
    expect(await d1Row(g.hook)).toEqual({ failures: 1, last_status: 410, last_attempt_at: clock.t });
    expect(await listed(g.id, g.players[0].token, g.hook)).toMatchObject({ failures: 1, lastStatus: 410 });
    // Its retry succeeds: recorded in D1, the count back at zero.
    status = 204;
    clock.t += 3600_000;
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type).at(-1)).toBe("turn.started");
    expect(await d1Row(g.hook)).toEqual({ failures: 0, last_status: 204, last_attempt_at: clock.t });
    // From then on its successes are the log's again.
    const recorded = clock.t;
    clock.t += 60_000;
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(await d1Row(g.hook)).toMatchObject({ failures: 0, last_attempt_at: recorded });
    expect(await listed(g.id, g.players[0].token, g.hook)).toMatchObject({
      lastStatus: 204,
      lastAttemptAt: new Date(clock.t).toISOString(),
    });
  });

  it("a test message records its answer in D1 as before; a player's own webhook records each answer", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 63, () => 204);
    const mine = await call("POST", "/api/me/webhooks", { token: g.players[1].token, body: { url: JSON_URL(64) } });
    expect(mine.status).toBe(201);
    await fireAlarm(g.id);
    const test = await call("POST", `/api/games/${g.id}/webhooks/${g.hook}/test`, { token: g.players[0].token });
    expect(test.body).toMatchObject({ delivered: true, status: 204 });
    expect(await d1Row(g.hook)).toMatchObject({ failures: 0, last_status: 204 });
    // Ben's turn: his own webhook hears it, and D1 records the answer.
    clock.t += 60_000;
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(g.calls.some((c) => c.url === JSON_URL(64))).toBe(true);
    expect(await d1Row(mine.body.webhook.id)).toEqual({ failures: 0, last_status: 204, last_attempt_at: clock.t });
  });
});

const delivery = (i: number, target: string, attempted: boolean): NewDelivery | SettledDelivery => {
  const base = logRow("answer-event", i, target, attempted ? "delivered" : "dropped", i, i);
  if (!attempted) return base;
  const log = [{ attempt: 1, at: i * 10, status: 200 + (i % 7), latencyMs: 1, outcome: "delivered", error: null }];
  return {
    ...base,
    state: "delivered",
    due: i,
    attempts: 1,
    failures: 0,
    lastStatus: 200 + (i % 7),
    lastError: null,
    updatedAt: i,
    attemptLog: JSON.stringify(log),
  };
};

describe("the log's prune", () => {
  it("keeps each of the game's webhooks' newest answer, however many deliveries came after it", async () => {
    const { id } = await startedGame(2);
    await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
      const log = new Deliveries(drizzle(state.storage, { schema }));
      state.storage.sql.exec("DELETE FROM deliveries");
      // A webhook answered at delivery 3 (never again: say its events are rare), then 600 others.
      log.add(delivery(3, "hook-rare", true));
      log.add(delivery(4, "hook-rare", false));
      for (let i = 10; i < 610; i++) log.add(delivery(i, "hook-busy", true));
      expect(log.lastAnswers().get("hook-rare")).toEqual({ status: 203, at: 30 });
      expect(log.prune(500, 50)).toBe(true);
      const left = state.storage.sql.exec("SELECT count(*) AS n FROM deliveries").one().n as number;
      expect(left).toBe(501);
      expect(log.lastAnswers()).toEqual(
        new Map([
          ["hook-rare", { status: 203, at: 30 }],
          ["hook-busy", { status: 200 + (609 % 7), at: 6090 }],
        ]),
      );
    });
  });
});
