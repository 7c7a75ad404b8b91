/**
 * What a turn costs its Durable Object beyond its one row (issue 24, service.turn_overhead_ratio):
 * the row's statement is built once per object, not per turn, and a bench run's own counts are
 * not written in the turn's commit.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, inRoom, newPlayer, roomStub, startedGame } from "../api/client";
import { farFuture } from "../notify/helpers";

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

describe("the alarm's writes", () => {
  it("an alarm that commits sets the next alarm once, at its end, not once per commit as well", async () => {
    const human = await newPlayer("Ann");
    const created = await call("POST", "/api/games", {
      token: human.token,
      body: { seats: 3, firstPlayer: 0, bots: ["easy", "easy"] },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.game.id;
    // A clock far ahead (alarms never fire by themselves) that moves on at every reading.
    let t = farFuture();
    await inRoom(id, (room) => {
      room.now = () => (t += 1000);
    });
    const g = (await call("GET", `/api/games/${id}`)).body;
    expect(g.toAct).toBe(0);
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: human.token })).body;
    const moved = await call("POST", `/api/games/${id}/actions`, {
      token: human.token,
      body: { version: legal.version, action: legal.actions[0] },
    });
    expect(moved.status).toBe(200);
    const setAlarm = await inRoom(id, (room) => vi.spyOn((room as any).ctx.storage, "setAlarm"));
    // The first bot plays from the alarm; the second bot is to act next, so an alarm is wanted now.
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after.toAct).toBe(2);
    expect(setAlarm).toHaveBeenCalledTimes(1);
    expect(await inRoom(id, (room) => (room as any).ctx.storage.getAlarm())).not.toBeNull();
    setAlarm.mockRestore();
    // And it fires: the second bot plays.
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    expect((await call("GET", `/api/games/${id}`)).body.toAct).toBe(0);
  });
});
