/**
 * What a turn costs its Durable Object beyond its one row (issue 24, service.turn_overhead_ratio):
 * the row's statement is built once per object, not per turn, and a bench run's own counts are
 * not written in the turn's commit.
 */
import { describe, expect, it, vi } from "vitest";
import { call, inRoom, startedGame } from "../api/client";

/** The player to act plays their first legal action; the answer. */
async function playOne(id: string, players: { token: string }[], key?: string) {
  const g = (await call("GET", `/api/games/${id}`)).body;
  const token = players[g.toAct].token;
  const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
  return call("POST", `/api/games/${id}/actions`, {
    token,
    body: { version: legal.version, action: legal.actions[0] },
    headers: key ? { "idempotency-key": key } : {},
  });
}

const lastRow = (id: string) =>
  inRoom(
    id,
    (room) =>
      (room as any).ctx.storage.sql
        .exec(
          "SELECT version, sync, hooks, synced, expanded, idem_key, idem_answer, notes FROM turns ORDER BY n DESC LIMIT 1",
        )
        .one() as Record<string, unknown>,
  );

describe("a turn's work in its Durable Object", () => {
  it("writes its row with the statement prepared when the object started: no query is built per turn", async () => {
    const { id, players } = await startedGame(2);
    const built = await inRoom(id, (room) => vi.spyOn((room as any).a.store.db, "insert"));
    const r = await playOne(id, players, `k-${id}`);
    expect(r.status).toBe(200);
    const keyed = await lastRow(id);
    expect(keyed).toMatchObject({ version: r.body.version, sync: 0, idem_key: `k-${id}` });
    expect(JSON.parse(keyed.idem_answer as string).value.version).toBe(r.body.version);
    const plain = await playOne(id, players);
    expect(plain.status).toBe(200);
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    // The row as the query builder wrote it: booleans as 0/1, absent values as NULL.
    expect(await lastRow(id)).toMatchObject({
      version: plain.body.version,
      sync: 0,
      hooks: expect.any(Number),
      idem_key: null,
      idem_answer: null,
      notes: null,
    });
  });

  it("in a bench run keeps its counts a moment after the turn, not in the turn's commit", async () => {
    const { id, players } = await startedGame(2);
    const put = await inRoom(id, (room) => {
      (room as any).a.host.benching = true;
      return vi.spyOn((room as any).ctx.storage, "put");
    });
    const r = await playOne(id, players);
    expect(r.status).toBe(200);
    const during = put.mock.calls.filter(([k]) => k === "bench:rows").length;
    expect(during).toBe(0);
    // Written once the turn is over, with the turn's row counted.
    await vi.waitFor(() => expect(put.mock.calls.filter(([k]) => k === "bench:rows").length).toBe(1));
    const stats = await inRoom(id, (room) => room.storageStats());
    expect(put.mock.calls.find(([k]) => k === "bench:rows")?.[1]).toMatchObject({ do: stats.rowsWritten });
    await inRoom(id, (room) => {
      (room as any).a.host.benching = false;
      put.mockRestore();
    });
  });
});

describe("telling the players' inboxes", () => {
  it("makes each inbox's stub once, and again after a call on it failed", async () => {
    const { id, players } = await startedGame(2);
    const made = await inRoom(id, async (room) => {
      const ns = (room as any).bindings.PLAYER as DurableObjectNamespace;
      const idFromName = vi.spyOn(ns, "idFromName");
      const tell = (room as any).tellInbox as (p: string, line: unknown, v: number) => Promise<void>;
      const line = { id, yourTurn: false, deadline: null, version: 1000 };
      for (let v = 0; v < 3; v++) await tell(players[0].id, { ...line, version: 1000 + v }, 1000 + v);
      const once = idFromName.mock.calls.length;
      // A call that fails drops the stub: the next one makes it anew.
      const stub = (room as any).inboxStubs.get(players[0].id);
      const failing = vi.spyOn(stub, "tell").mockRejectedValueOnce(new Error("overloaded"));
      await expect(async () => await tell(players[0].id, { ...line, version: 1010 }, 1010)).rejects.toThrow();
      await tell(players[0].id, { ...line, version: 1011 }, 1011);
      failing.mockRestore();
      const after = idFromName.mock.calls.length;
      idFromName.mockRestore();
      return { once, after };
    });
    expect(made).toEqual({ once: 1, after: 2 });
  });
});
