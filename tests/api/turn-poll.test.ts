/**
 * The client's "games waiting for you" poll (web/src/turns.ts) reads the player's active games: it
 * must say whose turn it is and until when, and write nothing — neither D1 nor any game's storage.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, inRoom, newPlayer } from "./client";

/** Every row of every D1 table, to compare before and after. */
async function d1Dump(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name",
  ).all<{ name: string }>();
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables.results) out[name] = (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results;
  return JSON.stringify(out);
}

async function gameOf(creator: { token: string }, other: { token: string }, options: Record<string, unknown>) {
  const created = await call("POST", "/api/games", { token: creator.token, body: { seats: 2, ...options } });
  expect(created.status).toBe(201);
  const id: string = created.body.game.id;
  const joined = await call("POST", `/api/games/${id}/join`, {
    token: other.token,
    body: { code: created.body.invite.code },
  });
  expect(joined.status).toBe(200);
  return id;
}

describe("the turn poll", () => {
  it("lists whose turn it is with the deadline, and a poll writes no row anywhere", async () => {
    const ann = await newPlayer("Ann");
    const bob = await newPlayer("Bob");
    const timed = await gameOf(ann, bob, { moveTimeSeconds: 86400, firstPlayer: 0 });
    const untimed = await gameOf(ann, bob, { firstPlayer: 1 });
    const poll = () =>
      call("GET", `/api/players/${ann.id}/games?status=active&limit=100`, { token: ann.token }).then((r) => {
        expect(r.status).toBe(200);
        return r.body.games as { id: string; yourTurn: boolean; deadline: string | null; toAct: number }[];
      });
    const first = await poll();
    const view = (await call("GET", `/api/games/${timed}`)).body;
    expect(view.deadline).toEqual(expect.any(String));
    expect(view.toAct).toBe(0);
    expect(first.find((g) => g.id === timed)).toMatchObject({ yourTurn: true, toAct: 0, deadline: view.deadline });
    expect(first.find((g) => g.id === untimed)).toMatchObject({ yourTurn: false, toAct: 1, deadline: null });

    const d1Before = await d1Dump();
    const rowsBefore = await Promise.all([timed, untimed].map((id) => inRoom(id, (room) => room.storageStats())));
    for (let i = 0; i < 5; i++) expect(await poll()).toEqual(first);
    const rowsAfter = await Promise.all([timed, untimed].map((id) => inRoom(id, (room) => room.storageStats())));
    expect(rowsAfter).toEqual(rowsBefore);
    expect(await d1Dump()).toBe(d1Before);
  });

  afterEach(() => vi.restoreAllMocks());

  it("a player's own games in play come from their inbox and the games, without D1, as D1 lists them", async () => {
    const ann = await newPlayer("Ann");
    const bob = await newPlayer("Bob");
    const cat = await newPlayer("Cat");
    const ids = [
      await gameOf(ann, bob, { moveTimeSeconds: 86400, firstPlayer: 0 }),
      await gameOf(bob, ann, { firstPlayer: 1 }),
      await gameOf(ann, cat, { firstPlayer: 1 }),
    ];
    // Not in play: a game waiting for its players.
    expect((await call("POST", "/api/games", { token: ann.token, body: { seats: 2 } })).status).toBe(201);
    const list = (token?: string, query = "status=active&limit=100") =>
      call("GET", `/api/players/${ann.id}/games?${query}`, token ? { token } : {}).then((r) => {
        expect(r.status).toBe(200);
        return r.body as { games: { id: string }[]; nextCursor: string | null };
      });
    // Anyone's view of the list is D1's; the first of Ann's own fills her inbox (from D1, once).
    const fromD1 = await list();
    expect(fromD1.games.map((g) => g.id).sort()).toEqual([...ids].sort());
    expect(await list(ann.token)).toEqual(fromD1);
    const prepare = vi.spyOn(Object.getPrototypeOf(env.DB), "prepare");
    expect(await list(ann.token)).toEqual(fromD1);
    // Page by page: the inbox's first page, then D1's from its cursor.
    const first = await list(ann.token, "status=active&limit=2");
    expect(first.games).toEqual(fromD1.games.slice(0, 2));
    expect(prepare).not.toHaveBeenCalled();
    const rest = await list(ann.token, `status=active&limit=2&cursor=${first.nextCursor}`);
    expect(rest).toEqual({ games: fromD1.games.slice(2), nextCursor: null });
    // Another player's key reads D1's list, as anyone does.
    prepare.mockClear();
    expect(await list(bob.token)).toEqual(fromD1);
    expect(prepare).toHaveBeenCalled();
  });
});
