/**
 * Games stored by the code before drizzle keep going: storage written with that code's DDL (the
 * CREATE TABLE statements of its two constructors, verbatim) and its record and log format is
 * opened by today's Durable Object, moved into the migrated tables, and played on.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyEntry, type LogEntry } from "../../src/engine";
import { begin, newGame } from "../../src/game/lobby";
import type { GameRecord } from "../../src/game/model";
import { hashToken } from "../../src/game/tokens";
import { call, newPlayer, roomStub } from "../api/client";

/** The storage DDL of src/game/room.ts and src/game/courier.ts before this change. */
const LEGACY_DDL = `
  CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS log (
    idx INTEGER PRIMARY KEY, version INTEGER NOT NULL, seat INTEGER,
    entry TEXT NOT NULL, events TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS idempotency (
    player TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL, body TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (player, key));
  CREATE TABLE IF NOT EXISTS outbox (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, due INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT);
  CREATE TABLE IF NOT EXISTS timers (id TEXT PRIMARY KEY, due INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS notifications (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, payload TEXT NOT NULL, due INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT);
  CREATE TABLE IF NOT EXISTS deliveries (
    n INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    event_id TEXT NOT NULL, event_type TEXT NOT NULL,
    target_id TEXT NOT NULL, target_scope TEXT NOT NULL, target_kind TEXT NOT NULL, target_owner TEXT NOT NULL,
    target_label TEXT, target_redacted TEXT NOT NULL, notification TEXT NOT NULL,
    state TEXT NOT NULL, due INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, last_status INTEGER, last_error TEXT);
  CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (state, due);
  CREATE INDEX IF NOT EXISTS deliveries_target ON deliveries (target_id, state);
  CREATE TABLE IF NOT EXISTS delivery_attempts (
    delivery INTEGER NOT NULL, attempt INTEGER NOT NULL, at INTEGER NOT NULL, status INTEGER,
    latency_ms INTEGER NOT NULL, outcome TEXT NOT NULL, error TEXT, PRIMARY KEY (delivery, attempt));
`;

describe("a game stored by the code before drizzle", () => {
  it("opens, keeps its log, its idempotency answers and its delivery log, and plays on", async () => {
    const players = [await newPlayer("Old A"), await newPlayer("Old B")];
    const hashes = await Promise.all(players.map((p) => hashToken(p.token)));
    const id = `leg${Date.now().toString(36)}`.slice(0, 12).padEnd(12, "0");
    const t0 = Date.now() - 3600_000;
    // The record and log as the old code wrote them: one log row per action, the record in `game`.
    let g: GameRecord = newGame(
      {
        id,
        creator: { id: players[0].id, name: "Old A", tokenHash: hashes[0] },
        settings: { seats: 2, longGame: false, heavyShade: false, moveTimeSeconds: null, firstPlayer: 0 },
        seed: 12345,
        inviteCode: "0123456789abcdef",
        origin: "http://canopy.test",
      },
      t0,
    );
    g = {
      ...g,
      seats: [...g.seats, { playerId: players[1].id, name: "Old B", tokenHash: hashes[1] }].map((s) => ({
        ...s,
        joinedAt: t0,
      })),
    } as GameRecord;
    g = { ...begin(g, t0), version: 3 };
    const log: { idx: number; version: number; seat: number; entry: LogEntry; events: unknown[]; at: number }[] = [];
    const { legalActions } = await import("../../src/engine");
    for (let i = 0; i < 3; i++) {
      const seat = g.state!.current;
      const action = legalActions(g.state!)[0];
      const r = applyEntry(g.state!, { ...action, seat } as LogEntry);
      if (!r.ok) throw new Error(r.error.code);
      // The old code cast its service event into the engine's list, first.
      const events = i === 2 ? [{ type: "timedOut", seat, strikes: 1, resigned: false }, ...r.events] : r.events;
      g = { ...g, state: r.state, version: g.version + 1, logLength: g.logLength + 1, strikes: [0, 0] };
      log.push({ idx: g.logLength, version: g.version, seat, entry: action as LogEntry, events, at: t0 + i * 1000 });
    }
    const answered = { version: log[0].version, events: [], game: { id } };
    await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
      const sql = state.storage.sql;
      sql.exec(LEGACY_DDL);
      sql.exec("INSERT INTO game (id, record) VALUES (1, ?)", JSON.stringify(g));
      for (const r of log)
        sql.exec(
          "INSERT INTO log (idx, version, seat, entry, events, at) VALUES (?, ?, ?, ?, ?, ?)",
          r.idx,
          r.version,
          r.seat,
          JSON.stringify(r.entry),
          JSON.stringify(r.events),
          r.at,
        );
      sql.exec(
        "INSERT INTO idempotency (player, key, fingerprint, status, body, at) VALUES (?, ?, ?, ?, ?, ?)",
        players[log[0].seat].id,
        "old-key",
        JSON.stringify({ version: 3, actions: [log[0].entry] }),
        200,
        JSON.stringify(answered),
        Date.now() - 60_000,
      );
      sql.exec(
        "INSERT INTO outbox (id, kind, payload, due, attempts) VALUES ('d1sync', 'd1sync', ?, ?, 0)",
        JSON.stringify({}),
        t0,
      );
      sql.exec(
        `INSERT INTO deliveries (id, event_id, event_type, target_id, target_scope, target_kind, target_owner, target_label, target_redacted,
          notification, state, due, attempts, failures, created_at, updated_at) VALUES ('e1:w1', 'evt_${id}_1', 'game.started', 'w1', 'game', 'json',
          ?, NULL, 'https://x.example/…/abcd', '{}', 'delivered', ?, 1, 0, ?, ?)`,
        players[0].id,
        t0,
        t0,
        t0,
      );
      sql.exec(
        "INSERT INTO delivery_attempts (delivery, attempt, at, status, latency_ms, outcome, error) VALUES (1, 1, ?, 200, 12, 'delivered', NULL)",
        t0,
      );
    });
    await evictDurableObject(roomStub(id));

    const view = (await call("GET", `/api/games/${id}`)).body;
    expect(view).toMatchObject({ id, status: "active", version: g.version, actionCount: 3, toAct: g.state!.current });
    const logView = (await call("GET", `/api/games/${id}/log`)).body;
    expect(logView.entries.map((e: any) => [e.index, e.version, e.seat, e.entry.type, e.auto])).toEqual(
      log.map((r, i) => [r.idx, r.version, r.seat, (r.entry as { type: string }).type, i === 2 ? "timeout" : null]),
    );
    expect(logView.entries[2].events[0]).toEqual({ type: "timedOut", seat: log[2].seat, strikes: 1, resigned: false });
    // The old answer to an Idempotency-Key is still the answer.
    const replayed = await call("POST", `/api/games/${id}/actions`, {
      token: players[log[0].seat].token,
      body: { version: 3, action: log[0].entry },
      headers: { "idempotency-key": "old-key" },
    });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(answered);
    // The delivery log is kept.
    const deliveries = (await call("GET", `/api/games/${id}/deliveries`, { token: players[0].token })).body.deliveries;
    expect(deliveries.map((d: any) => [d.eventType, d.state, d.attempts.length])).toEqual([
      ["game.started", "delivered", 1],
    ]);
    // The old tables are gone; the migrated ones are there.
    const tables = await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((r) => r.name),
    );
    for (const old of ["game", "log", "idempotency", "outbox", "timers", "notifications"])
      expect(tables).not.toContain(old);
    expect(tables).toEqual(
      expect.arrayContaining(["turns", "room", "deliveries", "delivery_attempts", "__drizzle_migrations"]),
    );

    // And play goes on, one row per turn; the pending D1 sync of the old outbox is delivered.
    for (let i = 0; i < 3; i++) {
      const now = (await call("GET", `/api/games/${id}`)).body;
      const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: players[now.toAct].token })).body;
      const r = await call("POST", `/api/games/${id}/actions`, {
        token: players[now.toAct].token,
        body: { version: now.version, action: legal.actions[0] },
      });
      expect(r.status).toBe(200);
    }
    const after = (await call("GET", `/api/games/${id}/log`)).body;
    expect(after.total).toBe(6);
    expect(after.entries.slice(0, 3)).toEqual(logView.entries);
    await evictDurableObject(roomStub(id));
    expect((await call("GET", `/api/games/${id}/log`)).body).toEqual(after);
    void env;
  });
});
