/**
 * A game's delivery log (web/src/notify/deliveries-ctrl.ts) driven in Node with a fake server that
 * pages as the API does (src/game/outbox.ts `log`): the first view, older pages, a refresh while
 * newer deliveries arrive, Resend and its line.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../web/src/api";
import { DeliveryLog, type LogDeps, PAGE } from "../../web/src/notify/deliveries-ctrl";
import type { Delivery } from "../../web/src/types";

function delivery(id: number, eventType = "turn.started"): Delivery {
  return {
    id,
    eventId: `evt_${id}`,
    eventType,
    createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, id)).toISOString(),
    target: { id: "wh1", scope: "game", kind: "json", label: "Bot", url: "https://example.com/…", ownerId: null },
    state: "delivered",
    attempts: [
      { attempt: 1, at: "2026-11-27T12:00:00.000Z", status: 204, latencyMs: 3, outcome: "delivered", error: null },
    ],
    nextAttemptAt: null,
  };
}

/** A fake game with deliveries 1…`count` (the first one the game's start); what the log asked. */
function server(count: number) {
  const all: Delivery[] = [];
  const asked: string[] = [];
  const add = (k: number) => {
    for (let i = 0; i < k; i++) all.push(delivery(all.length + 1, all.length === 0 ? "game.started" : "turn.started"));
  };
  add(count);
  const deps: LogDeps = {
    page: async ({ limit, before }) => {
      asked.push(`page ${limit}${before === undefined ? "" : ` before ${before}`}`);
      const rows = all.filter((d) => d.id < (before ?? Number.MAX_SAFE_INTEGER)).reverse();
      const page = rows.slice(0, limit);
      return { deliveries: page, next: rows.length > limit ? page.at(-1)!.id : null };
    },
    redeliver: async (id) => {
      asked.push(`redeliver ${id}`);
      const d = all.find((x) => x.id === id);
      if (!d) throw new ApiError(404, "NOT_FOUND", "No such delivery.", null);
      d.state = "pending";
      return { delivery: { ...d } };
    },
  };
  return { deps, add, asked };
}

const ids = (log: DeliveryLog) => log.rows?.map((d) => d.id);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe("the delivery log", () => {
  it("shows the newest ten first, and still ten after a refresh once newer ones came", async () => {
    const s = server(25);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    expect(ids(log)).toEqual(range(25, 16));
    expect(log.next).toBe(16);
    s.add(1);
    await log.refresh();
    expect(log.rows).toHaveLength(PAGE);
    expect(ids(log)).toEqual(range(26, 17));
    expect(log.next).toBe(17);
  });

  it("pages to the end without repeats", async () => {
    const s = server(25);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    await log.older();
    expect(ids(log)).toEqual(range(25, 6));
    await log.older();
    expect(ids(log)).toEqual(range(25, 1));
    expect(log.next).toBeNull();
    expect(log.loadingOlder).toBe(false);
  });

  it("keeps a fully paged log and a resent row's line when newer deliveries come", async () => {
    const s = server(25);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    await log.older();
    await log.older();
    const start = log.rows!.at(-1)!;
    expect(start.eventType).toBe("game.started");
    expect(await log.resend(start)).toBe(true);
    expect(log.note).toEqual({ id: start.id, ok: true });
    expect(log.rows!.find((d) => d.id === start.id)!.state).toBe("pending");
    // The turns of a timed game go out meanwhile; the panel refreshes after the resend.
    s.add(3);
    await log.refresh();
    expect(ids(log)).toEqual(range(28, 1));
    expect(log.next).toBeNull();
    // The line stays under its row, which is still shown.
    expect(log.note).toEqual({ id: start.id, ok: true });
    expect(ids(log)).toContain(log.note!.id);
  });

  it("refreshes a partly paged log down to the oldest row shown, and the next page follows it", async () => {
    const s = server(40);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    await log.older();
    expect(ids(log)).toEqual(range(40, 21));
    // More new ones than a page: the refresh asks again until it reaches the rows shown.
    s.add(12);
    await log.refresh();
    expect(ids(log)).toEqual(range(52, 21));
    expect(log.next).toBe(21);
    await log.older();
    expect(ids(log)).toEqual(range(52, 11));
    expect(log.next).toBe(11);
  });

  it("a refresh that lands while an older page is asked for loads that page too", async () => {
    const s = server(30);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    const older = log.older();
    const refresh = log.refresh();
    await Promise.all([older, refresh]);
    expect(ids(log)).toEqual(range(30, 11));
    expect(log.loadingOlder).toBe(false);
  });

  it("says a refused resend under its row", async () => {
    const s = server(3);
    const log = new DeliveryLog(s.deps);
    await log.refresh();
    expect(await log.resend(delivery(99))).toBe(false);
    expect(log.note).toMatchObject({ id: 99, ok: false });
    expect((log.note as { error: unknown }).error).toBeInstanceOf(ApiError);
    expect(log.busy).toBeNull();
  });
});
