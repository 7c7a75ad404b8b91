/**
 * A player's inbox (src/player/inbox.ts): their turns without D1 — told by each game after its
 * commit, in order, read over HTTP or followed live on its socket — and never anyone else's:
 * no key, a malformed, unknown or signed-out one, or another player's is refused; a signed-out
 * device's socket is closed at once; an unknown player id stores nothing.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newPlayer, startedGame } from "../api/client";

const turnsOf = (id: string, token?: string) => call("GET", `/api/players/${id}/turns`, { token });

/**
 * A player's turns once the inbox has what `ok` waits for: the games tell it just after their
 * answer, so a read made at once may come a moment before (tried again, up to 10 s).
 */
async function turnsWhen(id: string, token: string, ok: (games: any[]) => boolean): Promise<any[]> {
  let games: any[] = [];
  for (let i = 0; i < 200; i++) {
    games = (await turnsOf(id, token)).body.games;
    if (ok(games)) return games;
    await new Promise((r) => setTimeout(r, 50));
  }
  return games;
}

async function legalTurn(gameId: string, token: string) {
  const legal = (await call("GET", `/api/games/${gameId}/legal-actions`, { token })).body;
  return { version: legal.version as number, actions: [legal.actions[0]] };
}

/** Play the first legal action for the player to act, until the turn passes. */
async function playTurn(gameId: string, players: { token: string }[]) {
  const g = (await call("GET", `/api/games/${gameId}`)).body;
  const me = players[g.toAct];
  for (let i = 0; i < 30; i++) {
    const now = (await call("GET", `/api/games/${gameId}`)).body;
    if (now.toAct !== g.toAct || now.version === undefined) return;
    const r = await call("POST", `/api/games/${gameId}/actions`, {
      token: me.token,
      body: await legalTurn(gameId, me.token),
    });
    if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/** The inbox's socket for a player, signed in with `token`; its messages as they come. */
async function openInbox(playerId: string) {
  const { exports } = await import("cloudflare:workers");
  const res = await exports.default.fetch(`http://canopy.test/api/players/${playerId}/turns/live`, {
    headers: { upgrade: "websocket" },
  });
  const ws = res.webSocket!;
  const messages: any[] = [];
  let closed: number | null = null;
  let wake: () => void = () => {};
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
    wake();
  });
  ws.addEventListener("close", (e) => {
    closed = e.code;
    wake();
  });
  ws.accept();
  const until = async (f: () => boolean) => {
    for (let i = 0; i < 200 && !f(); i++)
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    expect(f()).toBe(true);
  };
  return { ws, messages, until, closed: () => closed };
}

const storageOf = (playerId: string) =>
  runInDurableObject(
    env.PLAYER.get(env.PLAYER.idFromName(playerId)) as never,
    (_o: unknown, state: DurableObjectState) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master").one().n,
  );

describe("a player's turns", () => {
  it("are read from the inbox and follow each turn: the one who moved and the one to move are told", async () => {
    const { id, players, game } = await startedGame(2);
    const first = game.toAct as number;
    const [a, b] = [players[first], players[1 - first]];
    const before = await turnsOf(a.id, a.token);
    expect(before.status).toBe(200);
    expect(before.body.games).toEqual([{ id, yourTurn: true, deadline: null, version: expect.any(Number) }]);
    expect((await turnsOf(b.id, b.token)).body.games).toEqual([expect.objectContaining({ id, yourTurn: false })]);
    await playTurn(id, players);
    const after = await turnsWhen(b.id, b.token, (g) => g[0]?.yourTurn === true);
    expect(after).toEqual([expect.objectContaining({ id, yourTurn: true })]);
    expect(after[0].version).toBeGreaterThan(before.body.games[0].version);
    expect(await turnsWhen(a.id, a.token, (g) => g[0]?.yourTurn === false)).toEqual([
      expect.objectContaining({ id, yourTurn: false }),
    ]);
  });

  it("are whole again after the inbox restarts: it asks its games", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const stub = env.PLAYER.get(env.PLAYER.idFromName(me.id)) as never;
    expect((await turnsOf(me.id, me.token)).body.games).toEqual([expect.objectContaining({ id, yourTurn: true })]);
    // What a restart loses: the lines kept in memory (the games and checked keys are stored).
    await runInDurableObject(stub, (o: unknown) => {
      const inbox = o as { lines: Map<string, unknown>; complete: boolean };
      inbox.lines.clear();
      inbox.complete = false;
    });
    expect((await turnsOf(me.id, me.token)).body.games).toEqual([expect.objectContaining({ id, yourTurn: true })]);
  });

  it("carry the deadline of your turn in a game with a move time", async () => {
    const { id, players, game } = await startedGame(2, { moveTimeSeconds: 3600 });
    const me = players[game.toAct];
    const [line] = (await turnsOf(me.id, me.token)).body.games;
    expect(line.id).toBe(id);
    expect(line.deadline).toBe(game.deadline);
    expect(Date.parse(line.deadline)).toBeGreaterThan(Date.now());
  });

  it("are refused without a key, with a malformed, unknown or signed-out one, and for another player", async () => {
    const ann = await newPlayer("Ann");
    const bob = await newPlayer("Bob");
    const refused = (r: { status: number; body: any }, status: number, code: string) => {
      expect(r.status).toBe(status);
      expect(r.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
    };
    refused(await turnsOf(ann.id), 401, "UNAUTHORIZED");
    refused(await turnsOf(ann.id, "not-a-token"), 401, "UNAUTHORIZED");
    refused(await turnsOf(ann.id, `cnp_${ann.id}_${"0".repeat(32)}`), 401, "UNAUTHORIZED");
    refused(await turnsOf(ann.id, bob.token), 403, "FORBIDDEN");
    refused(await call("GET", "/api/players/NOT-AN-ID/turns", { token: ann.token }), 400, "VALIDATION_FAILED");
    // A second device of Ann's reads her turns, then is signed out: refused at once.
    const made = await call("POST", "/api/me/pairings", { token: ann.token });
    const phone = (await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } }))
      .body;
    expect((await turnsOf(ann.id, phone.token)).status).toBe(200);
    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: ann.token })).status).toBe(204);
    refused(await turnsOf(ann.id, phone.token), 401, "DEVICE_REVOKED");
    expect((await turnsOf(ann.id, ann.token)).status).toBe(200);
  });

  it("an unknown player id, asked with a key made up for it, stores nothing", async () => {
    const ghost = "ghost0000000";
    const r = await turnsOf(ghost, `cnp_${ghost}_${"a".repeat(32)}`);
    expect(r.status).toBe(401);
    const socket = await openInbox(ghost);
    socket.ws.send(JSON.stringify({ type: "auth", token: `cnp_${ghost}_${"b".repeat(32)}` }));
    await socket.until(() => socket.closed() !== null);
    expect(socket.closed()).toBe(4401);
    expect(await storageOf(ghost)).toBe(0);
  });
});

describe("the inbox's socket", () => {
  it("sends your turns when signed in and each change live; refuses another player's key (4403)", async () => {
    const { id, players, game } = await startedGame(2);
    const waiting = players[1 - game.toAct];
    const live = await openInbox(waiting.id);
    live.ws.send(JSON.stringify({ type: "auth", token: waiting.token }));
    await live.until(() => live.messages.some((m) => m.type === "turns"));
    expect(live.messages[0]).toEqual({ type: "turns", games: [expect.objectContaining({ id, yourTurn: false })] });
    await playTurn(id, players);
    await live.until(() => live.messages.some((m) => m.type === "turn" && m.game.yourTurn));
    expect(live.messages.find((m) => m.type === "turn")).toEqual({
      type: "turn",
      game: expect.objectContaining({ id, yourTurn: true }),
    });
    live.ws.close(1000);

    const other = await openInbox(waiting.id);
    other.ws.send(JSON.stringify({ type: "auth", token: players[game.toAct].token }));
    await other.until(() => other.closed() !== null);
    expect(other.messages).toEqual([{ type: "error", error: expect.objectContaining({ code: "FORBIDDEN" }) }]);
    expect(other.closed()).toBe(4403);

    const silent = await openInbox(waiting.id);
    silent.ws.send(JSON.stringify({ type: "sync" }));
    await silent.until(() => silent.closed() !== null);
    expect(silent.closed()).toBe(4401);
  });

  it("of a device signed out is closed at once, told why", async () => {
    const ann = await newPlayer("Ann");
    const made = await call("POST", "/api/me/pairings", { token: ann.token });
    const phone = (await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } }))
      .body;
    const live = await openInbox(ann.id);
    live.ws.send(JSON.stringify({ type: "auth", token: phone.token }));
    await live.until(() => live.messages.some((m) => m.type === "turns"));
    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: ann.token })).status).toBe(204);
    await live.until(() => live.closed() !== null);
    expect(live.messages.at(-1)).toEqual({ type: "error", error: expect.objectContaining({ code: "DEVICE_REVOKED" }) });
    expect(live.closed()).toBe(4401);
  });

  it("keeps each game's lines in order: an older one, or the same again, changes nothing", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const inbox = env.PLAYER.get(env.PLAYER.idFromName(me.id)) as any;
    const [now] = (await turnsOf(me.id, me.token)).body.games;
    await inbox.tell(me.id, id, { id, yourTurn: false, deadline: null, version: now.version - 1 }, now.version - 1);
    expect((await turnsOf(me.id, me.token)).body.games).toEqual([now]);
    await inbox.tell(me.id, id, null, now.version + 5);
    await inbox.tell(me.id, id, { id, yourTurn: true, deadline: null, version: now.version + 1 }, now.version + 1);
    expect((await turnsOf(me.id, me.token)).body.games).toEqual([]);
  });
});
