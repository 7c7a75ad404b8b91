import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, inRoom, roomStub, startedGame } from "../api/client";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const unknownId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => ALPHABET[b & 31]).join("");

/** What the game's Durable Object has stored: its tables and its size (without creating anything). */
async function storageOf(id: string) {
  return runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => ({
    tables: state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((r) => r.name),
    size: state.storage.sql.databaseSize,
  }));
}

const stats = (id: string) => inRoom(id, (room) => room.storageStats());

describe("game storage", () => {
  it("looking up games that were never created writes nothing: no tables, no database", async () => {
    const { players } = await startedGame(2);
    const token = players[0].token;
    const id = unknownId();
    const probes: [string, string, unknown?][] = [
      ["GET", `/api/games/${id}`],
      ["GET", `/api/games/${id}/legal-actions`],
      ["GET", `/api/games/${id}/log`],
      ["GET", `/api/games/${id}/board.png`],
      ["GET", `/api/games/${id}/board.svg`],
      ["GET", `/embed/${id}`],
      ["POST", `/api/games/${id}/actions`, { version: 1, action: { type: "endTurn" } }],
      ["POST", `/api/games/${id}/join`, { code: "x".repeat(16) }],
      ["POST", `/api/games/${id}/vacation`, { hours: 1 }],
      ["GET", `/api/games/${id}/deliveries`],
    ];
    for (const [method, path, body] of probes) {
      const r = await call(method, path, { token, body });
      expect(r.status, path).toBe(404);
    }
    const { exports } = await import("cloudflare:workers");
    const live = await exports.default.fetch(`http://canopy.test/api/games/${id}/live`, {
      headers: { upgrade: "websocket" },
    });
    expect(live.status).toBe(404);
    const stored = await storageOf(id);
    expect(stored.tables).toEqual([]);
    // A game that exists, for contrast: its tables are there.
    const real = await startedGame(2);
    expect((await storageOf(real.id)).tables).toEqual(
      expect.arrayContaining(["turns", "room", "__drizzle_migrations"]),
    );
    expect((await storageOf(real.id)).size).toBeGreaterThan(stored.size);
  });

  it("a turn writes one row; D1 is written when membership or results change, not per turn; lists still know whose turn it is", async () => {
    const { id, players, game } = await startedGame(2);
    // D1 for the lobby: the game's row and its creator's seat (with the seat's player index), then the
    // joining seat with its index and the row again (the game starts): keyed tables, no key index rows.
    expect((await stats(id)).d1RowsWritten).toBe(6);
    const d1Version = async () =>
      (await env.DB.prepare("SELECT version FROM games WHERE id = ?").bind(id).first<{ version: number }>())?.version;
    const syncedAt = await d1Version();
    expect(syncedAt).toBe(game.version);
    let version = game.version;
    let last: { token: string; body: unknown; key: string } | null = null;
    for (let i = 0; i < 4; i++) {
      const before = await stats(id);
      const turns = await inRoom(
        id,
        (room) => (room as any).ctx.storage.sql.exec("SELECT count(*) AS n FROM turns").one().n as number,
      );
      const g = (await call("GET", `/api/games/${id}`)).body;
      const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: players[g.toAct].token })).body;
      last = { token: players[g.toAct].token, body: { version, action: legal.actions[0] }, key: `k-${id}-${i}` };
      const r = await call("POST", `/api/games/${id}/actions`, {
        token: last.token,
        body: last.body,
        headers: { "idempotency-key": last.key },
      });
      expect(r.status).toBe(200);
      version = r.body.version;
      const after = await stats(id);
      expect(after.rowsWritten - before.rowsWritten, `turn ${i}`).toBe(1);
      expect(after.d1RowsWritten).toBe(before.d1RowsWritten);
      expect(
        await inRoom(
          id,
          (room) => (room as any).ctx.storage.sql.exec("SELECT count(*) AS n FROM turns").one().n as number,
        ),
      ).toBe(turns + 1);
    }
    // The idempotency key's answer lives in the turn's row: a retry gets it without a write.
    const before = await stats(id);
    const again = await call("POST", `/api/games/${id}/actions`, {
      token: last!.token,
      body: last!.body,
      headers: { "idempotency-key": last!.key },
    });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.version).toBe(version);
    expect((await stats(id)).rowsWritten).toBe(before.rowsWritten);
    // D1 still has the version of the start; the list asks the game whose turn it is.
    expect(await d1Version()).toBe(syncedAt);
    const now = (await call("GET", `/api/games/${id}`)).body;
    const list = (await call("GET", `/api/players/${players[now.toAct].id}/games`)).body.games;
    expect(list.find((x: any) => x.id === id)).toMatchObject({ toAct: now.toAct, yourTurn: true, round: now.round });
    expect(await inRoom(id, (room) => room.notificationQueue())).toMatchObject({ notifications: 0, deliveries: 0 });
  });

  it("a lobby change writes its row only: that D1 has it rides on the next row, and survives an eviction", async () => {
    const { newPlayer } = await import("../api/client");
    const [a, b] = [await newPlayer("A"), await newPlayer("B")];
    const created = await call("POST", "/api/games", { token: a.token, body: { seats: 2 } });
    const id: string = created.body.game.id;
    const before = await stats(id);
    const joined = await call("POST", `/api/games/${id}/join`, {
      token: b.token,
      body: { code: created.body.invite.code },
    });
    expect(joined.status).toBe(200);
    const after = await stats(id);
    // The join's row, nothing else (no bookkeeping row for the D1 sync made before the answer).
    expect(after.rowsWritten - before.rowsWritten).toBe(1);
    expect(after.d1RowsWritten).toBeGreaterThan(before.d1RowsWritten);
    expect(await inRoom(id, (room) => room.outboxItems())).toEqual([]);
    // The first move's row carries it: evicted, the game still knows D1 has the start.
    const g = (await call("GET", `/api/games/${id}`)).body;
    const token = [a, b][g.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const moved = await call("POST", `/api/games/${id}/actions`, {
      token,
      body: { version: g.version, action: legal.actions[0] },
    });
    expect(moved.status).toBe(200);
    expect((await stats(id)).rowsWritten - after.rowsWritten).toBe(1);
    await evictDurableObject(roomStub(id));
    expect(await inRoom(id, (room) => room.outboxItems())).toEqual([]);
    const d1 = await env.DB.prepare("SELECT status FROM games WHERE id = ?").bind(id).first<{ status: string }>();
    expect(d1?.status).toBe("active");
  });
});
