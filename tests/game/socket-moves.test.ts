/**
 * Moves sent on the live socket (what the web client does when its socket is open): the same
 * command as POST /actions — key by key exactly once, the version checked, bad input refused
 * with a structured error on the socket that changes nothing, a revoked device refused. And a
 * sign-in whose key check fails (D1 unreachable) is told and closed, never left a spectator.
 */
import { describe, expect, it, vi } from "vitest";
import { UNCHECKED_CLOSE } from "../../src/game/live";
import { hashToken } from "../../src/game/tokens";
import { call, inRoom, openLive, startedGame } from "../api/client";

/** A socket signed in with `token`, and a way to wait for the answer to a move's key. */
async function liveAs(id: string, token: string | null) {
  const live = await openLive(id);
  await live.next(1);
  if (token) {
    live.ws.send(JSON.stringify({ type: "auth", token }));
    await live.next(2);
  }
  const answers = (key: string | null) =>
    live.messages.filter((m) => (m.type === "submitted" || m.type === "refused") && m.key === key);
  const answer = async (key: string | null, nth = 1) => {
    for (let n = live.messages.length + 1; answers(key).length < nth; n++) await live.next(n);
    return answers(key)[nth - 1];
  };
  const send = (msg: unknown) => live.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  return { ...live, answer, send };
}

async function turnOf(id: string, token: string) {
  const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
  return { version: legal.version as number, action: legal.actions[0] };
}

const versionOf = async (id: string) => (await call("GET", `/api/games/${id}`)).body.version as number;

describe("moves on the live socket", () => {
  it("are played once per key: a resend, on any socket or over HTTP, gets the first answer", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const a = await liveAs(id, me.token);
    const b = await liveAs(id, me.token);
    const { version, action } = await turnOf(id, me.token);
    const move = { type: "submit", key: "turn-1", version, actions: [action] };
    // The same move three times at once, on two sockets of the same player.
    a.send(move);
    b.send(move);
    a.send(move);
    const first = await a.answer("turn-1");
    const second = await b.answer("turn-1");
    const third = await a.answer("turn-1", 2);
    expect(first.type).toBe("submitted");
    expect(first.version).toBe(version + 1);
    expect(first.game.version).toBe(version + 1);
    for (const again of [second, third]) {
      expect(again.type).toBe("submitted");
      expect(again.replayed).toBe(true);
      expect(again.version).toBe(first.version);
      expect(again.events).toEqual(first.events);
    }
    expect(await versionOf(id)).toBe(version + 1);
    // Over HTTP with the same Idempotency-Key: the same answer, nothing played again.
    const http = await call("POST", `/api/games/${id}/actions`, {
      token: me.token,
      headers: { "idempotency-key": "turn-1" },
      body: { version, actions: [action] },
    });
    expect(http.status).toBe(200);
    expect(http.headers.get("idempotent-replayed")).toBe("true");
    expect(http.body.version).toBe(first.version);
    // The same key for another request: refused, nothing changes.
    a.send({ type: "submit", key: "turn-1", version: version + 1, actions: [action] });
    const reused = await a.answer("turn-1", 3);
    expect(reused).toEqual({
      type: "refused",
      key: "turn-1",
      error: expect.objectContaining({ code: "IDEMPOTENCY_KEY_REUSED", message: expect.any(String) }),
    });
    expect(await versionOf(id)).toBe(version + 1);
    // The other sockets were told of the move as usual.
    expect(b.messages.some((m) => m.type === "game" && m.game.version === version + 1)).toBe(true);
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it("a stale version, another seat's turn, bad input or no sign-in: refused on the socket, nothing changes", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const other = players[1 - game.toAct];
    const { version, action } = await turnOf(id, me.token);
    const mine = await liveAs(id, me.token);
    const theirs = await liveAs(id, other.token);
    const nobody = await liveAs(id, null);

    const refusals: [ReturnType<typeof liveAs> extends Promise<infer L> ? L : never, unknown, string][] = [
      [mine, { type: "submit", key: "stale", version: version - 1, actions: [action] }, "STALE_VERSION"],
      [theirs, { type: "submit", key: "not-mine", version, actions: [action] }, "NOT_YOUR_TURN"],
      [mine, { type: "submit", key: "bad", version, actions: [{ type: "fly" }] }, "VALIDATION_FAILED"],
      [mine, { type: "submit", key: "empty", version, actions: [] }, "VALIDATION_FAILED"],
      [mine, { type: "submit", key: "extra", version, actions: [action], cheat: true }, "VALIDATION_FAILED"],
      [mine, { type: "submit", key: "", version, actions: [action] }, "VALIDATION_FAILED"],
      [nobody, { type: "submit", key: "anon", version, actions: [action] }, "UNAUTHORIZED"],
    ];
    for (const [socket, msg, code] of refusals) {
      socket.send(msg);
      const r = await socket.answer((msg as { key: string }).key);
      expect(r.type).toBe("refused");
      expect(r.error).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
    }
    mine.send({ type: "submit", version, actions: [action] });
    expect((await mine.answer(null)).error.code).toBe("VALIDATION_FAILED");
    expect(await versionOf(id)).toBe(version);
    // The stale move's key keeps its answer: a retry over HTTP gets the same refusal.
    const retry = await call("POST", `/api/games/${id}/actions`, {
      token: me.token,
      headers: { "idempotency-key": "stale" },
      body: { version: version - 1, actions: [action] },
    });
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe("STALE_VERSION");
    // And the right move still plays.
    mine.send({ type: "submit", key: "good", version, actions: [action] });
    expect((await mine.answer("good")).version).toBe(version + 1);
    for (const s of [mine, theirs, nobody]) s.ws.close(1000);
  });

  it("a revoked device's socket cannot move", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const made = await call("POST", "/api/me/pairings", { token: me.token });
    const phone = (await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } }))
      .body;
    const socket = await liveAs(id, phone.token);
    expect(socket.messages[1].game.you).toEqual({ seat: game.toAct });
    const { version, action } = await turnOf(id, me.token);
    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: me.token })).status).toBe(204);
    socket.send({ type: "submit", key: "after", version, actions: [action] });
    const r = await socket.answer("after");
    expect(r.type).toBe("refused");
    expect(r.error.code).toBe("DEVICE_REVOKED");
    expect(await versionOf(id)).toBe(version);
    socket.ws.close(1000);
  });

  it("a socket whose key is checked while its device is signed out is told so, never seated", async () => {
    const { id, players, game } = await startedGame(2);
    const me = players[game.toAct];
    const made = await call("POST", "/api/me/pairings", { token: me.token });
    const phone = (await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } }))
      .body;
    const socket = await liveAs(id, null);
    // The race: D1 answered the socket's key check before the revocation was written there, and the
    // revocation reached the game (struck off, its signed-in sockets told) before that answer came
    // back. The game knows; D1 does not yet: the socket is told DEVICE_REVOKED, not given the seat.
    await inRoom(id, (room) => room.deviceRevoked(phone.device.id));
    socket.send({ type: "auth", token: phone.token });
    const told = await socket.next(2);
    expect(told.error?.code).toBe("DEVICE_REVOKED");
    // What it sees after is a spectator's view; a move on it is refused as a revoked device's.
    socket.send({ type: "sync" });
    expect((await socket.next(3)).game.you).toBeNull();
    const { version, action } = await turnOf(id, me.token);
    socket.send({ type: "submit", key: "raced", version, actions: [action] });
    expect((await socket.answer("raced")).error.code).toBe("DEVICE_REVOKED");
    expect(await versionOf(id)).toBe(version);
    socket.ws.close(1000);
  });
});

describe("signing in on the live socket", () => {
  it("a key check that fails (D1 unreachable) is told and the socket closed; the page's new socket gets the seat's view", async () => {
    const { id, players } = await startedGame(2);
    const me = players[0];
    const live = await openLive(id);
    const closed = new Promise<CloseEvent>((resolve) => live.ws.addEventListener("close", resolve));
    expect((await live.next(1)).game.you).toBeNull();
    // The key check throws once, as a D1 read does when its connection is lost; the error's text
    // carries the token, which the log must not.
    await inRoom(id, (room) => {
      vi.spyOn(room as unknown as { deviceCaller(h: string): Promise<unknown> }, "deviceCaller").mockRejectedValueOnce(
        new Error(`D1_ERROR: Network connection lost (${me.token})`),
      );
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      live.ws.send(JSON.stringify({ type: "auth", token: me.token }));
      // Before the fix nothing more came: the page kept the spectator's view for good.
      expect(await live.next(2)).toMatchObject({ type: "error", error: { code: "INTERNAL", retry: true } });
      expect((await closed).code).toBe(UNCHECKED_CLOSE);
      const lines = JSON.stringify(logged.mock.calls);
      expect(lines).toContain("could not be checked");
      expect(lines).toContain("Network connection lost");
      expect(lines).not.toContain(me.token);
      expect(lines).not.toContain(await hashToken(me.token));
    } finally {
      logged.mockRestore();
    }
    // The page reconnects on any close and signs in again: the seat's view this time.
    const again = await liveAs(id, me.token);
    expect(again.messages[1]).toMatchObject({ type: "game", game: { you: { seat: 0 } } });
    again.ws.close(1000);
  });
});
