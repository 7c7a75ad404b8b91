/**
 * The delivery log has no index (each entry would be a row written on every insert and change of
 * state, issue 24), so the queue's queries must read only from the oldest pending delivery on (the
 * primary key's range), not the whole log: counted here with the storage's own `rowsRead`, on a log
 * of a few hundred delivered rows. And the range never hides a pending delivery: one made pending
 * again below it (a redelivery), or found by a fresh start of the object.
 */
import { runInDurableObject } from "cloudflare:test";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { describe, expect, it } from "vitest";
import { Deliveries, type NewDelivery } from "../../src/game/store/deliveries";
import * as schema from "../../src/game/store/schema";
import { roomStub, startedGame } from "../api/client";
import { logRow } from "./delivery-fixture";

/** Deliveries over a game's storage, with the rows read by every statement summed. */
function counted(storage: DurableObjectStorage) {
  let cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  const sql = {
    exec: (query: string, ...bindings: unknown[]) => {
      const c = storage.sql.exec(query, ...bindings);
      cursors.push(c);
      return c;
    },
  };
  const db = drizzle({ sql, transactionSync: storage.transactionSync.bind(storage) } as never, { schema });
  const rowsRead = <T>(work: () => T): { value: T; rows: number } => {
    cursors = [];
    const value = work();
    return { value, rows: cursors.reduce((sum, c) => sum + c.rowsRead, 0) };
  };
  return { rows: () => new Deliveries(db), rowsRead };
}

const FAR = Date.parse("2099-01-01T00:00:00Z");

const delivery = (i: number, target: string, state: NewDelivery["state"], due = FAR): NewDelivery =>
  logRow("test-event", i, target, state, due, 0);

describe("the delivery queue reads from the oldest pending delivery on", () => {
  it("a look at the queue reads the pending end of the log, not its 300 delivered rows", async () => {
    const { id } = await startedGame(2);
    await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
      const { rows, rowsRead } = counted(state.storage);
      const log = rows();
      for (let i = 0; i < 300; i++) log.add(delivery(i, `hook-${i % 3}`, "delivered"));
      const total = state.storage.sql.exec("SELECT count(*) AS n FROM deliveries").one().n as number;
      expect(total).toBeGreaterThanOrEqual(300);
      log.add(delivery(300, "hook-a", "pending", FAR));
      log.add(delivery(301, "hook-a", "pending", FAR - 10)); // behind the one before it: not a head
      log.add(delivery(302, "hook-b", "pending", FAR + 5));
      const [a, behind, b] = [300, 301, 302].map((i) => log.byId(`test-event-${i}:hook-${i === 302 ? "b" : "a"}`)!.n);

      // The object starts: one scan finds the oldest pending delivery.
      const started = rows();
      expect(started.nextHeadDue()).toBe(FAR);
      // From then on a look reads the 3 pending rows (each, and its webhook's head), not the log.
      const due = rowsRead(() => started.nextHeadDue());
      expect(due.value).toBe(FAR);
      expect(due.rows).toBeLessThan(30);
      const heads = rowsRead(() => started.dueHeads(FAR + 5, 10));
      expect(heads.value.map((d) => d.n)).toEqual([a, b]);
      expect(heads.rows).toBeLessThan(30);
      const head = rowsRead(() => started.head("hook-b"));
      expect(head.value?.n).toBe(b);
      expect(head.rows).toBeLessThan(30);

      // A delivery made pending again far below the range (a redelivery) is found at once.
      const old = started.byId("test-event-10:hook-1")!.n;
      started.update(old, { state: "pending", due: FAR - 100 });
      expect(started.nextHeadDue()).toBe(FAR - 100);
      expect(started.dueHeads(FAR + 5, 10).map((d) => d.n)).toEqual([old, a, b]);
      expect(started.head("hook-1")?.n).toBe(old);
      // So is a new one, on a webhook with nothing pending.
      started.update(old, { state: "delivered" });
      started.add(delivery(303, "hook-c", "pending", FAR - 50));
      const c = started.byId("test-event-303:hook-c")!.n;
      expect(started.nextHeadDue()).toBe(FAR - 50);
      expect(started.dueHeads(FAR + 5, 10).map((d) => d.n)).toEqual([a, b, c]);

      // Once the pending ones are delivered, a look reads nothing of the log before them.
      for (const n of [a, behind, b, c]) started.update(n, { state: "delivered" });
      expect(started.nextHeadDue()).toBeNull();
      const empty = rowsRead(() => started.dueHeads(FAR + 5, 10));
      expect(empty.value).toEqual([]);
      expect(empty.rows).toBeLessThan(5);
      // And a fresh start still finds a pending delivery anywhere in the log.
      started.update(old, { state: "pending", due: FAR - 7 });
      expect(rows().nextHeadDue()).toBe(FAR - 7);
      started.update(old, { state: "delivered" });
    });
  });
});
