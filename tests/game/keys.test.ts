/**
 * The keys a game knows (SeatRecord.keys): a key its seat was taken with acts without a D1 read;
 * any other key is refused with KEY_UNVERIFIED until the Worker has verified it in D1; a revoked
 * device's key is struck off and never learned again, even from a verification made before the
 * revocation that arrives after it.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/game/tokens";
import { call, inRoom, newPlayer, roomStub, startedGame } from "../api/client";

const claim = async (p: { id: string; token: string }) => ({ playerId: p.id, keyHash: await hashToken(p.token) });

async function deviceOf(token: string): Promise<string> {
  return (await call("GET", "/api/me/devices", { token })).body.devices[0].id;
}

describe("the keys a game knows", () => {
  it("acts for a seat's own key at once; asks for any other key to be verified", async () => {
    const { id, players } = await startedGame(2);
    const known = await inRoom(id, async (room) => room.view(await claim(players[1]), "http://x"));
    expect(known.ok).toBe(true);
    expect((known.value as any).you).toEqual({ seat: 1 });

    // A well-formed key the game never saw (another device, a forged secret): D1 must decide.
    const forged = { playerId: players[1].id, keyHash: await hashToken(`${players[1].token}x`) };
    const unknown = await inRoom(id, (room) => room.view(forged, "http://x"));
    expect(unknown.ok).toBe(false);
    expect(unknown.error?.code).toBe("KEY_UNVERIFIED");
    // A move with it changes nothing.
    const g = (await call("GET", `/api/games/${id}`)).body;
    const refused = await inRoom(id, (room) =>
      room.submit(forged, { version: g.version, actions: [], idempotencyKey: null, origin: "http://x" }),
    );
    expect(refused.error?.code).toBe("KEY_UNVERIFIED");
    expect((await call("GET", `/api/games/${id}`)).body.version).toBe(g.version);
  });

  it("a revoked device's key is struck off, and a verification from before the revocation does not bring it back", async () => {
    const { id, players } = await startedGame(2);
    const p = players[0];
    const device = await deviceOf(p.token);
    const seatKey = await hashToken(p.token);
    const verified = { playerId: p.id, tokenHash: seatKey, deviceId: device, keyHash: seatKey };

    await inRoom(id, (room) => room.deviceRevoked(device));
    const after = await inRoom(id, async (room) => room.view(await claim(p), "http://x"));
    expect(after.error?.code).toBe("KEY_UNVERIFIED");

    // The Worker verified the key in D1 just before the revocation, and asks the game just after.
    const late = await inRoom(id, (room) => room.view(verified, "http://x"));
    expect(late.ok).toBe(true);
    const again = await inRoom(id, async (room) => room.view(await claim(p), "http://x"));
    expect(again.error?.code).toBe("KEY_UNVERIFIED");
    // Through HTTP, D1 has the last word: the device is not revoked there (only the game was told), so
    // the key acts, but the game does not learn it again.
    expect((await call("GET", `/api/games/${id}`, { token: p.token })).body.you).toEqual({ seat: 0 });
    const still = await inRoom(id, async (room) => room.view(await claim(p), "http://x"));
    expect(still.error?.code).toBe("KEY_UNVERIFIED");
  });

  it("learns a key D1 verified for a seat: the next request needs no verification", async () => {
    const { id, players } = await startedGame(2);
    const p = players[1];
    const made = await call("POST", "/api/me/pairings", { token: p.token });
    const phone = (await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } }))
      .body;
    const phoneClaim = { playerId: p.id, keyHash: await hashToken(phone.token) };
    expect((await inRoom(id, (room) => room.view(phoneClaim, "http://x"))).error?.code).toBe("KEY_UNVERIFIED");
    // Its first request is verified in D1 by the Worker; the game keeps the key for the seat.
    expect((await call("GET", `/api/games/${id}`, { token: phone.token })).body.you).toEqual({ seat: 1 });
    const known = await inRoom(id, (room) => room.view(phoneClaim, "http://x"));
    expect((known.value as any).you).toEqual({ seat: 1 });
    // Revoked: struck off at once, and D1 refuses it.
    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: p.token })).status).toBe(204);
    expect((await inRoom(id, (room) => room.view(phoneClaim, "http://x"))).error?.code).toBe("KEY_UNVERIFIED");
    const refused = await call("GET", `/api/games/${id}/legal-actions`, { token: phone.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("DEVICE_REVOKED");
  });
});

describe("signing a device out again", () => {
  it("tells its games again: a game that missed the first notice stops trusting the key", async () => {
    const { id, players } = await startedGame(2);
    const p = players[0];
    const made = await call("POST", "/api/me/pairings", { token: p.token });
    const phone = await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName: "Phone" } });
    expect(phone.status).toBe(201);
    // The game learns the phone's key (verified once in D1).
    expect((await call("GET", `/api/games/${id}`, { token: phone.body.token })).body.you).toEqual({ seat: 0 });
    // Signed out in D1, but the game was never told (as if that notice had failed).
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare("update devices set revoked_at = ? where id = ?").bind(Date.now(), phone.body.device.id).run();
    expect((await call("GET", `/api/games/${id}`, { token: phone.body.token })).body.you).toEqual({ seat: 0 });

    // Signing it out again answers 404 (nothing left to revoke) and tells the game.
    const again = await call("DELETE", `/api/me/devices/${phone.body.device.id}`, { token: p.token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("NOT_FOUND");
    const after = await call("GET", `/api/games/${id}/legal-actions`, { token: phone.body.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("DEVICE_REVOKED");
  });
  it("a device signed out while D1 did not list the game yet (its join not synced) is struck off once it is", async () => {
    const [ann, bo] = [await newPlayer("Ann"), await newPlayer("Bo")];
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 2 } });
    const id: string = created.body.game.id;
    // D1 is out of reach for this game's sync when Bo joins: the join is answered, D1 learns of it later.
    await inRoom(id, (room) => {
      (globalThis as any).__realIndex = room.index;
      room.index = {
        sync: async () => {
          throw new Error("D1 is down");
        },
      };
    });
    const joined = await call("POST", `/api/games/${id}/join`, {
      token: bo.token,
      body: { code: created.body.invite.code },
    });
    expect(joined.status).toBe(200);
    const { env } = await import("cloudflare:workers");
    const listed = await env.DB.prepare("SELECT count(*) AS n FROM game_players WHERE game_id = ? AND player_id = ?")
      .bind(id, bo.id)
      .first<{ n: number }>();
    expect(listed?.n).toBe(0);
    // Bo signs his device out: D1 lists no game of his to tell, so this game still knows the key.
    const device = await deviceOf(bo.token);
    expect((await call("DELETE", `/api/me/devices/${device}`, { token: bo.token })).status).toBe(204);
    // D1 is back; the sync's retry is due: the game is listed, and its seats' keys checked against D1.
    await inRoom(id, (room) => {
      room.index = (globalThis as any).__realIndex;
      room.now = () => Date.now() + 3600_000;
    });
    expect(await runDurableObjectAlarm(roomStub(id))).toBe(true);
    expect(
      (
        await env.DB.prepare("SELECT count(*) AS n FROM game_players WHERE game_id = ? AND player_id = ?")
          .bind(id, bo.id)
          .first<{ n: number }>()
      )?.n,
    ).toBe(1);
    // Bo still sits, but his device's key is struck off and refused.
    const seat = await inRoom(id, (room) => (room as any).game.seats[1]);
    expect(seat.playerId).toBe(bo.id);
    expect(seat.keys ?? []).toEqual([]);
    const after = await call("GET", `/api/games/${id}/legal-actions`, { token: bo.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("DEVICE_REVOKED");
    // Ann's key is untouched: she still acts at once.
    expect((await call("GET", `/api/games/${id}`, { token: ann.token })).body.you).toEqual({ seat: 0 });
  });
});
