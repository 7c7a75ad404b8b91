/**
 * A game stored before the lean delivery log (room migration 0002: the log's index, each attempt a
 * row of `delivery_attempts`) is opened by today's code, migrated once (0003_deliveries_lean: the
 * attempts moved into their delivery's row, the index gone), and its deliveries go on: the log shows
 * the same attempts, and a delivery waiting for its retry is sent once.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import journal from "../../drizzle/room/meta/_journal.json";
import { call, inRoom, roomStub } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, receiver } from "../notify/helpers";
import { storeAsOf } from "./stored-as";

afterEach(() => {
  vi.restoreAllMocks();
});

const inStorage = <R>(id: string, fn: (sql: SqlStorage) => R) =>
  runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => fn(state.storage.sql));

const deliveryLog = async (id: string, token: string) =>
  ((await call("GET", `/api/games/${id}/deliveries`, { token })).body.deliveries as any[]).map((d) => ({
    event: d.eventType,
    state: d.state,
    attempts: d.attempts.map((a: any) => [a.status, a.outcome]),
  }));

describe("a game stored before the lean delivery log", () => {
  it("is migrated when it opens: its attempts move into their rows, and a delivery waiting for a retry is sent", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
      token: g.players[0].token,
      body: { url: JSON_URL(24) },
    });
    expect(hook.status).toBe(201);
    const calls = receiver((_r, i) => new Response(null, { status: i === 0 ? 503 : 204 }));
    await g.join(); // "joined" and "started", both due now
    await fireAlarm(g.id); // "joined" fails once; "started" waits behind it
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined"]);
    const before = await deliveryLog(g.id, g.players[1].token);
    expect(before).toEqual([
      { event: "game.started", state: "pending", attempts: [] },
      { event: "player.joined", state: "pending", attempts: [[503, "retry"]] },
    ]);

    // Put the storage back as migration 0002 left it: the index, and the attempts in their own rows.
    await inStorage(g.id, (sql) => {
      const rows = storeAsOf(sql, "0002_analysis");
      for (const d of rows.deliveries)
        for (const a of JSON.parse((d.attempt_log as string | null) ?? "[]"))
          sql.exec(
            "INSERT INTO delivery_attempts (delivery, attempt, at, status, latency_ms, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
            d.n,
            a.attempt,
            a.at,
            a.status,
            a.latencyMs,
            a.outcome,
            a.error,
          );
      expect(sql.exec("SELECT count(*) AS n FROM delivery_attempts").one().n).toBe(1);
      expect(sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'deliveries_target'").one().n).toBe(1);
      const columns = sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('deliveries')").toArray();
      expect(columns.map((c) => c.name)).not.toContain("attempt_log");
    });
    await evictDurableObject(roomStub(g.id));

    // Opened by today's code: the same log, the attempts in their delivery's row, no index.
    await inRoom(g.id, (room) => {
      room.now = () => clock.t;
      room.random = () => 0.5;
    });
    expect(await deliveryLog(g.id, g.players[1].token)).toEqual(before);
    const stored = await inStorage(g.id, (sql) => ({
      migrations: sql.exec("SELECT count(*) AS n FROM __drizzle_migrations").one().n,
      apart: sql.exec("SELECT count(*) AS n FROM delivery_attempts").one().n,
      index: sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'deliveries_target'").one().n,
      logs: sql
        .exec<{ log: string | null }>("SELECT attempt_log AS log FROM deliveries ORDER BY n")
        .toArray()
        .map((r) => (r.log ? JSON.parse(r.log).map((a: any) => a.outcome) : null)),
    }));
    expect(stored).toEqual({
      migrations: journal.entries.length,
      apart: 0,
      index: 0,
      logs: [["retry"], null],
    });

    // The retry is sent once, then what waited behind it; each attempt kept in its row.
    clock.t += 3750;
    await fireAlarm(g.id);
    expect(calls.map((c) => c.json.type)).toEqual(["player.joined", "player.joined", "game.started"]);
    expect(await deliveryLog(g.id, g.players[1].token)).toEqual([
      { event: "game.started", state: "delivered", attempts: [[204, "delivered"]] },
      {
        event: "player.joined",
        state: "delivered",
        attempts: [
          [503, "retry"],
          [204, "delivered"],
        ],
      },
    ]);
    await fireAlarm(g.id);
    expect(calls).toHaveLength(3);
  });
});
