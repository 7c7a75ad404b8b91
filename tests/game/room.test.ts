import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { db, syncGame } from "../../src/db/queries";
import { call, inRoom, newPlayer, openLive, playToEnd, roomStub, startedGame } from "../api/client";

async function playSome(id: string, players: { token: string }[], n: number) {
  for (let i = 0; i < n; i++) {
    const g = (await call("GET", `/api/games/${id}`)).body;
    const token = players[g.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const action = legal.actions[(i * 7) % legal.actions.length];
    const r = await call("POST", `/api/games/${id}/actions`, { token, body: { version: legal.version, action } });
    expect(r.status).toBe(200);
  }
}

describe("the game Durable Object", () => {
  it("evicted mid-game, resumes with identical state and log", async () => {
    const { id, players } = await startedGame(3);
    await playSome(id, players, 25);
    const before = (await call("GET", `/api/games/${id}`)).body;
    const logBefore = (await call("GET", `/api/games/${id}/log`)).body;
    await evictDurableObject(roomStub(id));
    const after = (await call("GET", `/api/games/${id}`)).body;
    const logAfter = (await call("GET", `/api/games/${id}/log`)).body;
    expect(after).toEqual(before);
    expect(logAfter).toEqual(logBefore);
    // And play goes on from there.
    await playSome(id, players, 5);
    expect((await call("GET", `/api/games/${id}/log`)).body.total).toBe(30);
  });

  it("D1 failing when the game ends: the result lands once D1 works again, exactly once", async () => {
    const { id, players } = await startedGame(2);
    let failures = 0;
    await inRoom(id, (room) => {
      const real = room.index;
      (globalThis as any).__realIndex = real;
      room.index = {
        sync: async () => {
          failures++;
          throw new Error("D1 is down");
        },
      };
    });
    const final = await playToEnd(id, players, 3);
    expect(final.status).toBe("finished");
    expect(failures).toBeGreaterThan(0);
    const missing = await env.DB.prepare("SELECT count(*) AS n FROM results WHERE game_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(missing?.n).toBe(0);
    const pending = await inRoom(id, (room) => room.outboxItems());
    expect(pending).toHaveLength(1);
    expect(pending[0].attempts).toBeGreaterThan(0);
    expect(pending[0].lastError).toContain("D1 is down");
    expect(pending[0].due).toBeGreaterThan(Date.now());

    // An alarm before the retry is due changes nothing.
    await runDurableObjectAlarm(roomStub(id));
    // D1 is back; time passes to the retry.
    await inRoom(id, (room) => {
      room.index = (globalThis as any).__realIndex;
      room.now = () => Date.now() + 3600_000;
    });
    await runDurableObjectAlarm(roomStub(id));
    const row = await env.DB.prepare("SELECT * FROM results WHERE game_id = ?").bind(id).first<any>();
    expect(row?.action_count).toBe(final.actionCount);
    expect(await inRoom(id, (room) => room.outboxItems())).toEqual([]);
    // Delivering again (at-least-once) does not duplicate anything.
    const snapshot = await inRoom(id, (room) => room.snapshot()!);
    await syncGame(db(env.DB), snapshot);
    await syncGame(db(env.DB), snapshot);
    const results = await env.DB.prepare("SELECT count(*) AS n FROM results WHERE game_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(results?.n).toBe(1);
    const seats = await env.DB.prepare("SELECT count(*) AS n FROM result_seats WHERE game_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(seats?.n).toBe(2);
  });

  it("the live channel pushes every change to spectators and players", async () => {
    const { id, players, game } = await startedGame(2);
    const { res, ws, messages, next } = await openLive(id);
    expect(res.status).toBe(101);
    const first = await next(1);
    expect(first.type).toBe("game");
    expect(first.game.version).toBe(game.version);
    expect(first.game.you).toBeNull();

    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    await call("POST", `/api/games/${id}/actions`, {
      token,
      body: { version: legal.version, action: legal.actions[0] },
    });
    const update = await next(2);
    expect(update.game.version).toBe(game.version + 1);
    expect(update.events[0].type).toBe("placed");

    // Authenticating turns the channel into that seat's view.
    ws.send(JSON.stringify({ type: "auth", token: players[0].token }));
    const mine = await next(3);
    expect(mine.game.you).toEqual({ seat: 0 });
    // (then, seated, table talk as that seat may read it: tests/api/talk.test.ts)
    expect((await next(4)).type).toBe("talk.list");
    ws.send(JSON.stringify({ type: "auth", token: "cnp_nobody" }));
    expect((await next(5)).type).toBe("error");
    // A move and, before its update can be sent, a sync: the socket still sees the versions in order.
    const again = (await call("GET", `/api/games/${id}/legal-actions`, { token: players[1 - game.toAct].token })).body;
    const moved = call("POST", `/api/games/${id}/actions`, {
      token: players[1 - game.toAct].token,
      body: { version: again.version, action: again.actions[0] },
    });
    ws.send(JSON.stringify({ type: "sync" }));
    expect((await moved).status).toBe(200);
    await next(7);
    const versions = messages.filter((m) => m.type === "game").map((m) => m.game.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions.at(-1)).toBe(game.version + 2);
    ws.close(1000);

    const plain = await call("GET", `/api/games/${id}/live`);
    expect(plain.status).toBe(426);
  });
  it("a socket that said who it is before taking a seat gets that seat's view once seated (Moonlight deal)", async () => {
    const ann = await newPlayer("Ann");
    const bruno = await newPlayer("Bruno");
    const created = await call("POST", "/api/games", {
      token: ann.token,
      body: { seats: 2, moonlight: true, firstPlayer: 0 },
    });
    const id: string = created.body.game.id;
    const { ws, messages, next } = await openLive(id);
    expect((await next(1)).game.you).toBeNull();
    // Bruno's page says who he is while he only looks at the lobby: not seated yet.
    ws.send(JSON.stringify({ type: "auth", token: bruno.token }));
    expect((await next(2)).type).toBe("error");
    // He takes the seat (the game starts) and Ann chooses her animal: his socket now carries his own view.
    const joined = await call("POST", `/api/games/${id}/join`, {
      token: bruno.token,
      body: { code: created.body.invite.code },
    });
    expect(joined.status).toBe(200);
    const started = await next(3);
    expect(started.game.you).toEqual({ seat: 1 });
    expect(started.game.state.moon.players[1].deal).toHaveLength(2);
    const g = (await call("GET", `/api/games/${id}`, { token: ann.token })).body;
    const chose = await call("POST", `/api/games/${id}/actions`, {
      token: ann.token,
      body: { version: g.version, action: { type: "chooseAnimal", animal: g.state.moon.players[0].deal[0] } },
    });
    expect(chose.status).toBe(200);
    let update = await next(4);
    while (update.game.version < chose.body.version) update = await next(messages.length + 1);
    expect(update.game.you).toEqual({ seat: 1 });
    expect(update.game.state.moon.players[1].deal).toHaveLength(2);
    expect(update.game.state.moon.players[0].deal).toBeNull();
    ws.close(1000);
  });
});
