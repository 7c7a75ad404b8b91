import { describe, expect, it } from "vitest";
import { call, newPlayer, startedGame } from "./client";

const logTotal = async (id: string) => (await call("GET", `/api/games/${id}/log`)).body.total as number;

describe("submitting moves", () => {
  it("20 concurrent submissions of the same move: exactly one is applied, the rest are 409 stale", async () => {
    const { id, players, game } = await startedGame(2);
    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const action = legal.actions[0];
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", `/api/games/${id}/actions`, { token, body: { version: legal.version, action } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error.code).toBe("STALE_VERSION");
      expect(r.body.error.currentVersion).toBe(legal.version + 1);
    }
    expect(await logTotal(id)).toBe(1);
  });

  it("concurrent retries with one Idempotency-Key: one application, every answer the first one", async () => {
    const { id, players, game } = await startedGame(3);
    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const body = { version: legal.version, action: legal.actions[3] };
    const headers = { "idempotency-key": "turn-1-try" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", `/api/games/${id}/actions`, { token, body, headers })),
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(results[0].body);
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    expect(await logTotal(id)).toBe(1);
    // A later retry still gets the first answer, even though the game moved on.
    const next = (await call("GET", `/api/games/${id}`)).body;
    const again = await call("POST", `/api/games/${id}/actions`, { token, body, headers });
    expect(again.body).toEqual(results[0].body);
    expect((await call("GET", `/api/games/${id}`)).body.version).toBe(next.version);
    // The same key for a different request is refused.
    const other = await call("POST", `/api/games/${id}/actions`, {
      token,
      body: { ...body, version: body.version + 1 },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("an Idempotency-Key's answer survives an eviction: the move and the refusal are answered again, not applied", async () => {
    const { evictDurableObject } = await import("cloudflare:test");
    const { roomStub } = await import("./client");
    const { id, players, game } = await startedGame(2);
    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const body = { version: legal.version, action: legal.actions[0] };
    const first = await call("POST", `/api/games/${id}/actions`, {
      token,
      body,
      headers: { "idempotency-key": "k-move" },
    });
    expect(first.status).toBe(200);
    // A stale move with its own key: refused, and the refusal is what its retries get.
    const stale = await call("POST", `/api/games/${id}/actions`, {
      token,
      body,
      headers: { "idempotency-key": "k-stale" },
    });
    expect(stale.status).toBe(409);
    await evictDurableObject(roomStub(id));
    const again = await call("POST", `/api/games/${id}/actions`, {
      token,
      body,
      headers: { "idempotency-key": "k-move" },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const staleAgain = await call("POST", `/api/games/${id}/actions`, {
      token,
      body,
      headers: { "idempotency-key": "k-stale" },
    });
    expect(staleAgain.status).toBe(409);
    expect(staleAgain.body).toEqual(stale.body);
    const reused = await call("POST", `/api/games/${id}/actions`, {
      token,
      body: { ...body, version: body.version + 1 },
      headers: { "idempotency-key": "k-move" },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    // A new key after the eviction is a new request (and the answers learned since are kept too).
    const now = (await call("GET", `/api/games/${id}`)).body;
    expect(now.version).toBe(first.body.version);
    expect(await logTotal(id)).toBe(1);
  });

  it("a whole turn is applied atomically: all or nothing", async () => {
    const { id, players } = await startedGame(2, { firstPlayer: 0 });
    const [a, b] = players;
    const place = async (token: string, cell: string) => {
      const g = (await call("GET", `/api/games/${id}`)).body;
      const r = await call("POST", `/api/games/${id}/actions`, {
        token,
        body: { version: g.version, action: { type: "place", cell } },
      });
      expect(r.status).toBe(200);
    };
    // Setup: a at a1, b at a4, a at g1, b at g4 (edge cells).
    await place(a.token, "a1");
    await place(b.token, "a4");
    await place(a.token, "g1");
    await place(b.token, "g4");
    let g = (await call("GET", `/api/games/${id}`)).body;
    expect(g.state.phase).toBe("play");
    expect(g.toAct).toBe(0);
    const light = g.state.players[0].light;
    expect(light).toBeGreaterThan(0);
    // A turn whose last action is illegal changes nothing.
    const bad = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: {
        version: g.version,
        actions: [
          { type: "buy", piece: "seed" },
          { type: "collect", cell: "d4" },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("CELL_EMPTY");
    expect(bad.body.error.index).toBe(1);
    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after.version).toBe(g.version);
    expect(after.state).toEqual(g.state);
    // A good turn applies every action and passes play on.
    const good = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: g.version, actions: [{ type: "buy", piece: "seed" }, { type: "endTurn" }] },
    });
    expect(good.status).toBe(200);
    expect(good.body.version).toBe(g.version + 1);
    expect(good.body.game.toAct).toBe(1);
    expect(good.body.events.map((e: any) => e.type)).toEqual(["bought", "turnEnded", "turnStarted"]);
    // b ends round 1 and, holding the first-player token in round 2, may go on at once.
    g = good.body.game;
    const twoTurns = await call("POST", `/api/games/${id}/actions`, {
      token: b.token,
      body: { version: g.version, actions: [{ type: "endTurn" }, { type: "endTurn" }] },
    });
    expect(twoTurns.status).toBe(200);
    expect(twoTurns.body.game.round).toBe(2);
    expect(twoTurns.body.game.toAct).toBe(0);
    // Actions after the caller's turn ended are refused (they would be the next player's).
    g = (await call("GET", `/api/games/${id}`)).body;
    const over = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      // a ends round 2, starts round 3 with the token, ends it: the third is b's to play.
      body: { version: g.version, actions: [{ type: "endTurn" }, { type: "endTurn" }, { type: "endTurn" }] },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe("TURN_OVER");
    expect(over.body.error.index).toBe(2);
    expect(await logTotal(id)).toBe(8);
  });

  it("who may act: another seat 403, no token 401, bad token 401, spectators read only", async () => {
    const { id, players, game } = await startedGame(2);
    const actor = players[game.toAct];
    const other = players[1 - game.toAct];
    const stranger = await newPlayer("Watcher");
    const body = { version: game.version, action: { type: "place", cell: "a1" } };
    const path = `/api/games/${id}/actions`;

    const notTurn = await call("POST", path, { token: other.token, body });
    expect(notTurn.status).toBe(403);
    expect(notTurn.body.error.code).toBe("NOT_YOUR_TURN");
    const notSeated = await call("POST", path, { token: stranger.token, body });
    expect(notSeated.status).toBe(403);
    expect(notSeated.body.error.code).toBe("NOT_SEATED");
    const none = await call("POST", path, { body });
    expect(none.status).toBe(401);
    const forged = await call("POST", path, { token: `cnp_${actor.id}_${"x".repeat(32)}`, body });
    expect(forged.status).toBe(401);
    const garbage = await call("POST", path, { token: "hello", body });
    expect(garbage.status).toBe(401);
    for (const r of [notTurn, notSeated, none, forged, garbage]) expect(typeof r.body.error.message).toBe("string");

    // Spectators (no token, or a player who is not seated) can read.
    const view = await call("GET", `/api/games/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.you).toBeNull();
    expect(view.body.invite).toBeNull();
    const legal = await call("GET", `/api/games/${id}/legal-actions`, { token: stranger.token });
    expect(legal.status).toBe(200);
    expect(legal.body.actions).toEqual([]);
    expect((await call("GET", `/api/games/${id}/log`)).status).toBe(200);
    expect(await logTotal(id)).toBe(0);

    const ok = await call("POST", path, { token: actor.token, body });
    expect(ok.status).toBe(200);
  });
});
