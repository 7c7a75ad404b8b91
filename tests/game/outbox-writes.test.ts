/**
 * The outbox's writes (issue 24): a new delivery is sent first and written once, as its first
 * attempt left it (one row, no insert then update), and the notification cursor rides on the next
 * turn's row instead of a room row per alarm. What that must not weaken, checked across evictions:
 * a kill between the commit and the send still delivers; a kill after the send but before the rows
 * are written sends again with the same event id (at least once) and logs it once; a cursor lost to
 * an eviction matches nothing twice. And a game stored before (room migration 0003) keeps going.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, inRoom, roomStub } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver, type Clock } from "../notify/helpers";
import { storeAsOf } from "./stored-as";

afterEach(() => {
  vi.restoreAllMocks();
});

const stats = (id: string) => inRoom(id, (room) => room.storageStats());
const sqlOf = <R>(id: string, fn: (sql: SqlStorage) => R) =>
  runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => fn(state.storage.sql));

const deliveryLog = async (id: string, token: string) =>
  ((await call("GET", `/api/games/${id}/deliveries`, { token })).body.deliveries as any[]).map((d) => ({
    event: d.eventId as string,
    state: d.state as string,
    attempts: d.attempts.length as number,
  }));

/** A started 2-player game on `clock` with one JSON webhook, and every request it sends recorded. */
async function hookedGame(clock: Clock, n: number) {
  const g = await clockedGame(2, clock);
  const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
    token: g.players[0].token,
    body: { url: JSON_URL(n) },
  });
  expect(hook.status).toBe(201);
  const calls = receiver();
  await g.join(); // "joined" and "started", due now
  return { ...g, calls, ids: () => calls.map((c) => c.headers["webhook-id"]) };
}

/** After an eviction the clock is the test's again. */
const reclock = (id: string, clock: Clock) =>
  inRoom(id, (room) => {
    room.now = () => clock.t;
    room.random = () => 0.5;
  });

describe("the outbox writes each delivery once", () => {
  it("a delivery that succeeds at once is one row written; the cursor rides on the next turn's row", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 31);
    const before = await stats(g.id);
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started"]);
    // Two deliveries settled at once, one row: no update after the send, no row each (they share
    // one, issue 24), no room row for the cursor.
    expect((await stats(g.id)).rowsWritten - before.rowsWritten).toBe(1);
    const log = await deliveryLog(g.id, g.players[0].token);
    expect(log.map((d) => [d.state, d.attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 1],
    ]);
    // The next turn writes its one row, which carries the cursor.
    const turn = await stats(g.id);
    await playFirstLegal(g.id, g.players);
    expect((await stats(g.id)).rowsWritten - turn.rowsWritten).toBe(1);
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    await fireAlarm(g.id);
    // Only the new turn's notification went: nothing of the first alarm again.
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "turn.started"]);
    expect(new Set(g.ids()).size).toBe(3);
  });

  it("a cursor lost to an eviction before the next turn matches nothing twice, once", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 32);
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(2);
    const log = await deliveryLog(g.id, g.players[0].token);
    // Evicted before any turn row carried the cursor: the notifications are matched again, their
    // deliveries found in the log, nothing sent; the cursor is then written (one row, and one for
    // the start's D1 sync, noted for the next turn's row as well and done again) ...
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    const before = await stats(g.id);
    await inRoom(g.id, (room) => (room as any).a.scheduleAlarm());
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(2);
    expect((await stats(g.id)).rowsWritten - before.rowsWritten).toBe(2);
    expect(await deliveryLog(g.id, g.players[0].token)).toEqual(log);
    // ... so that another eviction matches nothing again.
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    expect(await inRoom(g.id, (room) => room.notificationQueue())).toMatchObject({ notifications: 0, deliveries: 0 });
    const quiet = await stats(g.id);
    await inRoom(g.id, (room) => (room as any).a.scheduleAlarm());
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(2);
    expect((await stats(g.id)).rowsWritten).toBe(quiet.rowsWritten);
  });

  it("killed between the commit and the send: the turn's notification is delivered once when the object is back", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 33);
    await fireAlarm(g.id);
    await playFirstLegal(g.id, g.players);
    expect(g.calls).toHaveLength(2);
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    // The alarm the commit set is still there, and delivers.
    expect(await fireAlarm(g.id)).toBe(true);
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "turn.started"]);
    expect((await deliveryLog(g.id, g.players[0].token)).map((d) => [d.state, d.attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 1],
      ["delivered", 1],
    ]);
  });

  it("killed after the send, before its rows are written: sent again with the same event id, logged once", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 34);
    // The object dies once the webhook has answered, before the transaction that writes the rows.
    await inRoom(g.id, (room) => {
      (room as any).a.store.atomically = () => {
        throw new Error("killed");
      };
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(2);
    expect(await sqlOf(g.id, (sql) => sql.exec("SELECT count(*) AS n FROM deliveries").one().n)).toBe(0);
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    await inRoom(g.id, (room) => (room as any).a.scheduleAlarm());
    await fireAlarm(g.id);
    // At least once, with stable ids: the receiver can tell the second copy of each is the same event.
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "player.joined", "game.started"]);
    expect(g.ids().slice(2)).toEqual(g.ids().slice(0, 2));
    const log = await deliveryLog(g.id, g.players[0].token);
    expect(log.map((d) => [d.event, d.state, d.attempts])).toEqual([
      [g.ids()[1], "delivered", 1],
      [g.ids()[0], "delivered", 1],
    ]);
  });
});

describe("a game stored before the deliveries were written once (room migration 0003)", () => {
  it("opens with its log and cursor, numbers new deliveries after its old ones, and sends nothing twice", async () => {
    const clock = { t: farFuture() };
    const g = await hookedGame(clock, 35);
    await fireAlarm(g.id);
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(3);
    const log = await deliveryLog(g.id, g.players[0].token);
    // Put the storage back as 0003 left it: AUTOINCREMENT numbers, no cursor in the turn rows (the
    // room row holds it, as that code wrote it after each match).
    await sqlOf(g.id, (sql) => {
      const last = sql.exec("SELECT max(n) AS n FROM turns").one().n as number;
      storeAsOf(sql, "0003_deliveries_lean");
      sql.exec(
        "INSERT INTO room (id, expanded, at_turn) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET expanded = excluded.expanded, at_turn = excluded.at_turn",
        last,
        last,
      );
      const ddl = sql.exec("SELECT sql FROM sqlite_master WHERE name = 'deliveries'").one().sql as string;
      expect(ddl).toContain("AUTOINCREMENT");
      const columns = sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('turns')").toArray();
      expect(columns.map((c) => c.name)).not.toContain("expanded");
    });
    await evictDurableObject(roomStub(g.id));
    await reclock(g.id, clock);
    expect(await deliveryLog(g.id, g.players[0].token)).toEqual(log);
    const stored = await sqlOf(g.id, (sql) => ({
      ddl: sql.exec("SELECT sql FROM sqlite_master WHERE name = 'deliveries'").one().sql as string,
      sequence: sql.exec("SELECT count(*) AS n FROM sqlite_sequence WHERE name = 'deliveries'").one().n,
      max: sql.exec("SELECT max(n) AS n FROM deliveries").one().n as number,
    }));
    expect(stored.ddl).not.toContain("AUTOINCREMENT");
    expect(stored.sequence).toBe(0);
    // Nothing matched again; the next turn's delivery comes after the old ones.
    await inRoom(g.id, (room) => (room as any).a.scheduleAlarm());
    await fireAlarm(g.id);
    expect(g.calls).toHaveLength(3);
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    expect(g.calls.map((c) => c.json.type)).toEqual(["player.joined", "game.started", "turn.started", "turn.started"]);
    const after = await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token });
    expect(after.body.deliveries[0]).toMatchObject({ id: stored.max + 1, state: "delivered" });
  });
});
