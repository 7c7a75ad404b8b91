/**
 * The deliveries a match settles at once share one row (`deliveries.batch`, issue 24): one row
 * written for a match whose deliveries all succeed, where each delivery was a row. The log still
 * answers as if each were its own row: numbers in order, each delivery with its attempts, pages
 * that start inside a shared row, a delivery found by its id (the check after a restart), the game
 * webhooks' newest answers, the prune's bound. A delivery that waits for a retry keeps a row of its
 * own (the queue reads only those), and a shared one sent again gets its own row at its number.
 */
import { runInDurableObject } from "cloudflare:test";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { describe, expect, it } from "vitest";
import { Deliveries, type NewDelivery, type SettledDelivery } from "../../src/game/store/deliveries";
import * as schema from "../../src/game/store/schema";
import { call, roomStub, startedGame } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver } from "../notify/helpers";
import { logRow } from "./delivery-fixture";

const FAR = Date.parse("2099-01-01T00:00:00Z");

/** Event `b-<i>` to `target`, settled by one attempt answered `status` at time `i`. */
const settled = (i: number, target: string, status = 200): SettledDelivery => ({
  ...logRow("b", i, target, status < 300 ? "delivered" : "failed", i, i),
  attempts: 1,
  failures: 0,
  lastStatus: status,
  lastError: null,
  updatedAt: i,
  attemptLog: JSON.stringify([
    { attempt: 1, at: i, status, latencyMs: 3, outcome: status < 300 ? "delivered" : "rejected", error: null },
  ]),
});
const waiting = (i: number, target: string): NewDelivery => logRow("b", i, target, "pending", FAR, i);

/** Runs `fn` over the delivery log of a new game, emptied first. */
const inLog = async <T>(fn: (log: Deliveries, sql: SqlStorage) => T) => {
  const { id } = await startedGame(2);
  return runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
    state.storage.sql.exec("DELETE FROM deliveries");
    return fn(new Deliveries(drizzle(state.storage, { schema })), state.storage.sql);
  });
};

const count = (sql: SqlStorage) => sql.exec("SELECT count(*) AS n FROM deliveries").one().n as number;

describe("deliveries settled together share a row", () => {
  it("a match's settled deliveries are one row; a waiting one keeps its own; numbers follow their order", async () => {
    await inLog((log, sql) => {
      log.addAll([settled(1, "hook-a"), settled(2, "hook-b"), settled(3, "hook-c")]);
      expect(count(sql)).toBe(1);
      // Settled, waiting, settled: the waiting one splits the run, numbered in between.
      log.addAll([settled(4, "hook-a"), waiting(5, "hook-b"), settled(6, "hook-c"), settled(7, "hook-a")]);
      expect(count(sql)).toBe(4);
      const all = log.page(Number.MAX_SAFE_INTEGER, 50);
      expect(all.map((d) => [d.n, d.eventId, d.state])).toEqual([
        [7, "b-7", "delivered"],
        [6, "b-6", "delivered"],
        [5, "b-5", "pending"],
        [4, "b-4", "delivered"],
        [3, "b-3", "delivered"],
        [2, "b-2", "delivered"],
        [1, "b-1", "delivered"],
      ]);
      // Each with its own attempts and fields.
      expect(log.row(2)).toMatchObject({ n: 2, id: "b-2:hook-b", targetId: "hook-b", attempts: 1, batch: null });
      expect(log.attempts(2)).toEqual([
        { delivery: 2, attempt: 1, at: 2, status: 200, latencyMs: 3, outcome: "delivered", error: null },
      ]);
      expect(log.row(8)).toBeNull();
      // The queue sees only the waiting one.
      expect(log.pendingCount()).toBe(1);
      expect(log.head("hook-b")?.n).toBe(5);
      expect(log.head("hook-a")).toBeUndefined();
      expect(log.dueHeads(FAR, 10).map((d) => d.n)).toEqual([5]);
      // Found by id (the check a restart makes before matching again), in a shared row or not.
      expect(log.has("b-2:hook-b")).toBe(true);
      expect(log.byId("b-5:hook-b")?.n).toBe(5);
      expect(log.byId("b-6:hook-c")?.n).toBe(6);
      expect(log.has("b-2:hook-a")).toBe(false);
      // A new delivery is numbered after the newest.
      log.add(waiting(8, "hook-a"));
      expect(log.byId("b-8:hook-a")?.n).toBe(8);
    });
  });

  it("pages start anywhere, inside a shared row too, and never show a delivery twice", async () => {
    await inLog((log) => {
      for (let m = 0; m < 10; m++) log.addAll([1, 2, 3].map((k) => settled(m * 3 + k, `hook-${k}`)));
      const every = log.page(Number.MAX_SAFE_INTEGER, 100).map((d) => d.n);
      expect(every).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
      for (const before of [31, 30, 29, 17, 16, 15, 4, 2, 1])
        for (const limit of [1, 2, 4, 7])
          expect(log.page(before, limit).map((d) => d.n)).toEqual(every.filter((n) => n < before).slice(0, limit));
      // Walking the pages as the API's cursor does gives every delivery once.
      const seen: number[] = [];
      for (let before = Number.MAX_SAFE_INTEGER; ; ) {
        const page = log.page(before, 4);
        seen.push(...page.map((d) => d.n));
        if (page.length < 4) break;
        before = page.at(-1)!.n;
      }
      expect(seen).toEqual(every);
    });
  });

  it("a shared delivery sent again gets a row of its own at its number, which wins from then on", async () => {
    await inLog((log) => {
      log.addAll([settled(1, "hook-a"), settled(2, "hook-b"), settled(3, "hook-c")]);
      log.addAll([settled(4, "hook-a"), settled(5, "hook-b")]);
      log.update(2, { state: "pending", due: 50, failures: 0, updatedAt: 50 });
      expect(log.row(2)).toMatchObject({ n: 2, id: "b-2:hook-b", state: "pending", due: 50, attempts: 1 });
      expect(log.head("hook-b")?.n).toBe(2);
      expect(log.dueHeads(60, 10).map((d) => d.n)).toEqual([2]);
      expect(log.nextHeadDue()).toBe(50);
      // A fresh start (no range remembered) finds it too.
      expect(log.pendingCount()).toBe(1);
      const pages = [log.page(Number.MAX_SAFE_INTEGER, 10), log.page(4, 1), log.page(3, 1)];
      expect(pages[0].map((d) => [d.n, d.state])).toEqual([
        [5, "delivered"],
        [4, "delivered"],
        [3, "delivered"],
        [2, "pending"],
        [1, "delivered"],
      ]);
      expect(pages[1].map((d) => d.n)).toEqual([3]);
      expect(pages[2].map((d) => [d.n, d.state])).toEqual([[2, "pending"]]);
      // Its retry settles its own row; the shared row's entry stays out of sight.
      log.update(2, {
        state: "delivered",
        attempts: 2,
        updatedAt: 60,
        attemptLog: log.withAttempt({
          delivery: 2,
          attempt: 2,
          at: 60,
          status: 204,
          latencyMs: 1,
          outcome: "delivered",
          error: null,
        }),
      });
      expect(log.row(2)).toMatchObject({ state: "delivered", attempts: 2 });
      expect(log.attempts(2).map((a) => a.status)).toEqual([200, 204]);
      expect(log.byId("b-2:hook-b")).toMatchObject({ n: 2, attempts: 2 });
      expect(log.page(Number.MAX_SAFE_INTEGER, 10).map((d) => d.n)).toEqual([5, 4, 3, 2, 1]);
      // Changes that apply only to pending deliveries leave shared ones alone.
      log.update(3, { state: "dropped" }, true);
      expect(log.row(3)?.state).toBe("delivered");
    });
  });

  it("the game webhooks' newest answers and the prune see inside shared rows", async () => {
    await inLog((log, sql) => {
      // hook-rare answered 203 once, in a shared row; then 600 deliveries to others, three a row.
      log.addAll([settled(1, "hook-busy"), settled(2, "hook-rare", 203), settled(3, "hook-busy")]);
      for (let i = 10; i < 610; i += 3) log.addAll([i, i + 1, i + 2].map((k) => settled(k, "hook-busy")));
      expect(log.lastAnswers().get("hook-rare")).toEqual({ status: 203, at: 2 });
      expect(log.lastAnswers().get("hook-busy")).toEqual({ status: 200, at: 609 });
      expect(log.prune(500, 50)).toBe(true);
      const left = log.page(Number.MAX_SAFE_INTEGER, 1000);
      // The newest 500 at least (whole rows), the row holding hook-rare's answer, nothing else.
      expect(left.length).toBeGreaterThanOrEqual(503);
      expect(left.length).toBeLessThan(510);
      expect(left.at(-1)!.eventId).toBe("b-1");
      expect(left[0].n).toBe(603);
      expect(log.lastAnswers().get("hook-rare")).toEqual({ status: 203, at: 2 });
      expect(count(sql)).toBeLessThan(175);
      // Below the bound again: nothing more goes.
      expect(log.prune(500, 50)).toBe(false);
    });
  });
});

describe("a match through the API", () => {
  it("two deliveries settled at once are one row; each is listed and can be sent again alone", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
      token: g.players[0].token,
      body: { url: JSON_URL(41) },
    });
    expect(hook.status).toBe(201);
    const calls = receiver();
    await g.join();
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started"]);
    const rows = await runInDurableObject(
      roomStub(g.id) as never,
      (_o: unknown, s: DurableObjectState) => s.storage.sql.exec("SELECT count(*) AS n FROM deliveries").one().n,
    );
    expect(rows).toBe(1);
    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token })).body
      .deliveries as any[];
    expect(log.map((d) => [d.eventType, d.state, d.attempts.length])).toEqual([
      ["game.started", "delivered", 1],
      ["player.joined", "delivered", 1],
    ]);
    expect(log[0].id).toBe(log[1].id + 1);
    // The older one, inside the shared row, sent again: the same event id, once.
    const again = await call("POST", `/api/games/${g.id}/deliveries/${log[1].id}/redeliver`, {
      token: g.players[0].token,
    });
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ id: log[1].id, eventType: "player.joined", state: "pending" });
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "player.joined"]);
    expect(calls[2].headers["webhook-id"]).toBe(calls[0].headers["webhook-id"]);
    const after = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token })).body
      .deliveries as any[];
    expect(after.map((d) => [d.id, d.state, d.attempts.length])).toEqual([
      [log[0].id, "delivered", 1],
      [log[1].id, "delivered", 2],
    ]);
    // The next turn's delivery is numbered after them.
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    const last = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token })).body
      .deliveries as any[];
    expect(last[0]).toMatchObject({ id: log[0].id + 1, eventType: "turn.started", state: "delivered" });
  });
});
