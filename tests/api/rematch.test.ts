/**
 * "Play again" (issue 25, item 2): POST /api/games/{id}/rematch. Once a game is over, a seated
 * player asks and a new game is made with the same options and seats; asked again, or by two
 * players at once, it is the same new game (one decision, in the old game's Durable Object), and
 * whoever asks sits in it. Not over: 409 GAME_NOT_OVER; not seated: 403; nothing changes then.
 */
import { describe, expect, it } from "vitest";
import { rematchParams } from "../../src/game/rematch";
import type { GameRecord } from "../../src/game/model";
import { runDurableObjectAlarm } from "cloudflare:test";
import { call, newPlayer, roomStub, startedGame } from "./client";

const view = async (id: string, token?: string) => (await call("GET", `/api/games/${id}`, { token })).body;
const ask = (id: string, token?: string) => call("POST", `/api/games/${id}/rematch`, { token });

/** Everyone resigns: the game is over. */
async function finish(id: string, players: { token: string }[]) {
  for (const p of players) await call("POST", `/api/games/${id}/resign`, { token: p.token });
  expect((await view(id)).status).toBe("finished");
}

describe("play again", () => {
  it("only once the game is over, only by its seated players; nothing changes otherwise", async () => {
    const { id, players } = await startedGame(2, { heavyShade: true });
    const before = await view(id);
    const early = await ask(id, players[0].token);
    expect([early.status, early.body.error.code]).toEqual([409, "GAME_NOT_OVER"]);
    await finish(id, players);
    const over = await view(id);
    expect(over.rematch ?? null).toBeNull();
    const stranger = await newPlayer("Stranger");
    const notSeated = await ask(id, stranger.token);
    expect([notSeated.status, notSeated.body.error.code]).toEqual([403, "NOT_SEATED"]);
    expect((await ask(id)).status).toBe(401);
    expect((await ask("zzzzzzzzzzzz", players[0].token)).status).toBe(404);
    const after = await view(id);
    expect(after.version).toBe(over.version);
    expect(after.rematch ?? null).toBeNull();
    expect(before.version).toBeLessThan(over.version);
    // Nobody got a new game from all that.
    for (const p of [...players, stranger]) {
      const waiting = (await call("GET", `/api/players/${p.id}/games?status=waiting`, { token: p.token })).body;
      expect(waiting.games).toEqual([]);
    }
  });

  it("two players asking at once get the same new game, each seated; asking again changes nothing", async () => {
    const { id, players, game } = await startedGame(3, { heavyShade: true, longGame: true, moveTimeSeconds: 86400 });
    await finish(id, players);
    const [a, b] = await Promise.all([ask(id, players[1].token), ask(id, players[2].token)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const newId = a.body.rematch.id;
    expect(b.body.rematch.id).toBe(newId);
    expect(newId).not.toBe(id);
    expect(a.body.rematch.url).toBe(`http://canopy.test/g/${newId}`);
    // Whoever asked first made it and sits first; the other sits too. The options are the old game's.
    const fresh = await view(newId);
    expect(fresh.status).toBe("waiting");
    expect(fresh.options).toEqual(game.options);
    expect(fresh.seats).toHaveLength(3);
    const seated = fresh.seats.filter((s: any) => s.player).map((s: any) => s.player.id);
    expect(seated.sort()).toEqual([players[1].id, players[2].id].sort());
    const creator = (a.status === 201 ? players[1] : players[2]).id;
    expect(fresh.createdBy).toBe(creator);
    expect(fresh.seats[0].player.id).toBe(creator);
    for (const r of [a, b]) expect(r.body.game.id).toBe(newId);

    // The old game says where it went on: its players see the invite, a spectator only the game.
    const old = await view(id, players[0].token);
    expect(old.rematch).toMatchObject({ id: newId, url: `http://canopy.test/g/${newId}` });
    expect(old.rematch.invite.url).toBe(`http://canopy.test/g/${newId}?invite=${old.rematch.invite.code}`);
    expect((await view(id)).rematch).toEqual({ id: newId, url: `http://canopy.test/g/${newId}`, invite: null });

    // Asked again by anyone seated: the same game, nothing made or changed; the third player sits down.
    const again = await ask(id, players[1].token);
    expect([again.status, again.body.rematch.id]).toEqual([200, newId]);
    const third = await ask(id, players[0].token);
    expect([third.status, third.body.rematch.id]).toEqual([200, newId]);
    expect(third.body.game.you).toEqual({ seat: 2 });
    expect((await view(id)).version).toBe(old.version);
    const full = await view(newId);
    expect(full.seats.map((s: any) => s.player?.id).sort()).toEqual(players.map((p) => p.id).sort());
    // The last seat taken, it starts as any game does; every player finds it in their games (D1).
    expect(full.status).toBe("active");
    for (const p of players) {
      const list = (await call("GET", `/api/players/${p.id}/games?status=active`, { token: p.token })).body.games;
      expect(list.map((g: any) => g.id)).toContain(newId);
    }
  });

  it("a game with a bot: the bot sits again at its level, the humans come back in one ask each", async () => {
    const [ann, bruno] = [await newPlayer("Ann"), await newPlayer("Bruno")];
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 3, bots: ["easy"] } });
    expect(created.status).toBe(201);
    const id = created.body.game.id;
    const joined = await call("POST", `/api/games/${id}/join`, {
      token: bruno.token,
      body: { code: created.body.invite.code },
    });
    expect(joined.status).toBe(200);
    // Both resign; the bot plays on alone from the alarm to the end.
    for (const p of [ann, bruno]) await call("POST", `/api/games/${id}/resign`, { token: p.token });
    for (let i = 0; i < 400 && (await view(id)).status !== "finished"; i++) await runDurableObjectAlarm(roomStub(id));
    const old = await view(id);
    expect(old.status).toBe("finished");
    const botSeat = old.seats.findIndex((s: any) => s.bot);
    expect(old.seats[botSeat].bot).toBe("easy");

    const asked = await ask(id, bruno.token);
    expect(asked.status).toBe(201);
    const fresh = await view(asked.body.rematch.id);
    expect(fresh.status).toBe("waiting");
    expect(fresh.createdBy).toBe(bruno.id);
    expect(fresh.seats.map((s: any) => s.bot ?? s.player?.id ?? null)).toEqual([bruno.id, "easy", null]);
    // Ann's one ask seats her; the table full, the game starts.
    const back = await ask(id, ann.token);
    expect([back.status, back.body.rematch.id, back.body.game.you]).toEqual([200, fresh.id, { seat: 2 }]);
    expect((await view(fresh.id)).status).toBe("active");
  });

  it("the new game: the old one's options and seat count, its bots again at their levels, its creator first", () => {
    const old = {
      settings: {
        seats: 4,
        longGame: false,
        heavyShade: true,
        moonlight: null,
        moveTimeSeconds: null,
        firstPlayer: null,
      },
      seats: [
        { playerId: "ann", name: "Ann", tokenHash: "h", joinedAt: 0 },
        { playerId: "bot-1-easy", name: "Linnaeus ★", tokenHash: "", joinedAt: 0, bot: "easy" },
        { playerId: "bob", name: "Bob", tokenHash: "h2", joinedAt: 0 },
      ],
    } as unknown as GameRecord;
    const creator = { id: "bob", name: "Bob", tokenHash: "h2" };
    const p = rematchParams(old, { id: "n", inviteCode: "i", seed: 7, creator, at: 0 }, "https://o");
    expect(p).toMatchObject({ id: "n", creator, seed: 7, inviteCode: "i", bots: ["easy"], origin: "https://o" });
    expect(p.settings).toEqual({ ...old.settings, seats: 3 });
  });
});
