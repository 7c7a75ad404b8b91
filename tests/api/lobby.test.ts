import { describe, expect, it } from "vitest";
import { runDurableObjectAlarm } from "cloudflare:test";
import { call, newPlayer, roomStub } from "./client";

describe("lobby", () => {
  it("create, invite, join, leave, start by the creator; full games start by themselves", async () => {
    const [ann, bob, cat, dan] = await Promise.all(["Ann", "Bob", "Cat", "Dan"].map(newPlayer));
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 3, heavyShade: true } });
    expect(created.status).toBe(201);
    const { game, invite } = created.body;
    expect(game.status).toBe("waiting");
    expect(game.you).toEqual({ seat: 0 });
    expect(game.seats).toHaveLength(3);
    expect(game.options).toMatchObject({ seats: 3, heavyShade: true, longGame: false, moveTimeSeconds: null });
    expect(invite.url).toBe(`http://canopy.test/g/${game.id}?invite=${invite.code}`);
    const id = game.id;

    const badCode = await call("POST", `/api/games/${id}/join`, { token: bob.token, body: { code: "nope" } });
    expect(badCode.status).toBe(403);
    expect(badCode.body.error.code).toBe("BAD_INVITE");

    const joined = await call("POST", `/api/games/${id}/join`, { token: bob.token, body: { code: invite.code } });
    expect(joined.status).toBe(200);
    expect(joined.body.seat).toBe(1);
    const twice = await call("POST", `/api/games/${id}/join`, { token: bob.token, body: { code: invite.code } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("ALREADY_JOINED");

    // Only the creator starts; a waiting game cannot be played.
    const notCreator = await call("POST", `/api/games/${id}/start`, { token: bob.token });
    expect(notCreator.status).toBe(403);
    expect(notCreator.body.error.code).toBe("NOT_CREATOR");
    const early = await call("POST", `/api/games/${id}/actions`, {
      token: ann.token,
      body: { version: 2, action: { type: "endTurn" } },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("GAME_NOT_ACTIVE");

    // Bob leaves; alone, Ann cannot start.
    expect((await call("POST", `/api/games/${id}/leave`, { token: bob.token })).status).toBe(200);
    const alone = await call("POST", `/api/games/${id}/start`, { token: ann.token });
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe("NOT_ENOUGH_PLAYERS");

    // Cat and Dan fill the 3 seats: the game starts by itself.
    await call("POST", `/api/games/${id}/join`, { token: cat.token, body: { code: invite.code } });
    const last = await call("POST", `/api/games/${id}/join`, { token: dan.token, body: { code: invite.code } });
    expect(last.body.game.status).toBe("active");
    expect(last.body.game.state.options.players).toBe(3);
    expect(last.body.game.state.options.heavyShade).toBe(true);
    expect(last.body.game.seats.map((s: any) => s.player.name)).toEqual(["Ann", "Cat", "Dan"]);
    const full = await call("POST", `/api/games/${id}/join`, { token: bob.token, body: { code: invite.code } });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe("GAME_NOT_WAITING");
    const leaveLate = await call("POST", `/api/games/${id}/leave`, { token: cat.token });
    expect(leaveLate.status).toBe(409);

    // Every player's list shows it as active; Bob's does not.
    const list = (await call("GET", `/api/players/${dan.id}/games?status=active`)).body;
    expect(list.games.map((g: any) => g.id)).toContain(id);
    // "Your turn" in the lists: exactly the seat to act sees it.
    const toAct = last.body.game.toAct;
    const seated = [ann, cat, dan];
    for (let seat = 0; seat < 3; seat++) {
      const mine = (await call("GET", `/api/players/${seated[seat].id}/games`)).body.games.find(
        (g: any) => g.id === id,
      );
      expect(mine.toAct).toBe(toAct);
      expect(mine.yourTurn).toBe(seat === toAct);
    }
    expect((await call("GET", `/api/players/${bob.id}/games`)).body.games).toEqual([]);
  });

  it("the creator may start with fewer seats filled, and fix the first player", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const { game, invite } = (
      await call("POST", "/api/games", { token: ann.token, body: { seats: 4, firstPlayer: 1 } })
    ).body;
    await call("POST", `/api/games/${game.id}/join`, { token: bob.token, body: { code: invite.code } });
    const started = await call("POST", `/api/games/${game.id}/start`, { token: ann.token });
    expect(started.status).toBe(200);
    expect(started.body.game.seats).toHaveLength(2);
    expect(started.body.game.toAct).toBe(1);
    expect(started.body.game.state.firstPlayer).toBe(1);
    // After a move, the lists follow the turn (delivered from the game's outbox by its alarm).
    const placed = await call("POST", `/api/games/${game.id}/actions`, {
      token: bob.token,
      body: { version: started.body.game.version, action: { type: "place", cell: "a1" } },
    });
    expect(placed.body.game.toAct).toBe(0);
    await runDurableObjectAlarm(roomStub(game.id));
    const annList = (await call("GET", `/api/players/${ann.id}/games?status=active`)).body.games;
    expect(annList.find((g: any) => g.id === game.id)).toMatchObject({ toAct: 0, yourTurn: true });
  });

  it("resigning: the game goes on for the others, a resigned seat's turns end by themselves", async () => {
    const players = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
    const { game, invite } = (
      await call("POST", "/api/games", { token: players[0].token, body: { seats: 3, firstPlayer: 0 } })
    ).body;
    for (const p of players.slice(1))
      await call("POST", `/api/games/${game.id}/join`, { token: p.token, body: { code: invite.code } });
    const r = await call("POST", `/api/games/${game.id}/resign`, { token: players[1].token });
    expect(r.status).toBe(200);
    expect(r.body.game.seats[1].resigned).toBe(true);
    // Setup: Ann places, then Bob's placement is skipped: Cat is next.
    const g1 = (await call("GET", `/api/games/${game.id}`)).body;
    const placed = await call("POST", `/api/games/${game.id}/actions`, {
      token: players[0].token,
      body: { version: g1.version, action: { type: "place", cell: "a1" } },
    });
    expect(placed.body.game.toAct).toBe(2);
    const again = await call("POST", `/api/games/${game.id}/resign`, { token: players[1].token });
    expect(again.status).toBe(409);
    // The other two resign: the game is over and nobody who resigned wins.
    await call("POST", `/api/games/${game.id}/resign`, { token: players[0].token });
    const end = await call("POST", `/api/games/${game.id}/resign`, { token: players[2].token });
    expect(end.body.game.status).toBe("finished");
    expect(end.body.game.winners).toEqual([]);
  });

  it("the last human to leave a waiting game abandons it: the bots' seats go too, it leaves the open tables and every list, nobody sits down again", async () => {
    const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
    const created = await call("POST", "/api/games", {
      token: ann.token,
      body: { seats: 4, open: true, bots: ["easy", "medium"] },
    });
    expect(created.status).toBe(201);
    const { game, invite } = created.body;
    const tables = async () => (await call("GET", "/api/tables")).body.tables.map((t: any) => t.id);
    expect(await tables()).toContain(game.id);
    expect((await call("GET", `/api/players/${ann.id}/games`)).body.games.map((g: any) => g.id)).toEqual([game.id]);

    const left = await call("POST", `/api/games/${game.id}/leave`, { token: ann.token });
    expect(left.status).toBe(200);
    expect(left.body.game.status).toBe("waiting");
    expect(left.body.game.seats.map((s: any) => [s.player, s.bot])).toEqual(Array(4).fill([null, null]));
    expect(left.body.game.table).toMatchObject({ open: false, closed: "closed" });
    expect(await tables()).not.toContain(game.id);
    expect((await call("GET", `/api/players/${ann.id}/games`)).body.games).toEqual([]);

    // Nobody sits down again, by invite or from the list; the refusals change nothing.
    const byInvite = await call("POST", `/api/games/${game.id}/join`, {
      token: bob.token,
      body: { code: invite.code },
    });
    expect([byInvite.status, byInvite.body.error.code]).toEqual([409, "GAME_ABANDONED"]);
    const fromList = await call("POST", `/api/tables/${game.id}/join`, { token: cat.token });
    expect([fromList.status, fromList.body.error.code]).toEqual([409, "GAME_ABANDONED"]);
    const back = await call("POST", `/api/games/${game.id}/join`, { token: ann.token, body: { code: invite.code } });
    expect([back.status, back.body.error.code]).toEqual([409, "GAME_ABANDONED"]);
    const now = (await call("GET", `/api/games/${game.id}`)).body;
    expect([now.version, now.seats.filter((s: any) => s.player).length]).toEqual([left.body.game.version, 0]);
    expect((await call("GET", `/api/players/${bob.id}/games`)).body.games).toEqual([]);
  });

  it("a human other than the creator leaving a game with bots leaves it to its creator", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const { game, invite } = (
      await call("POST", "/api/games", { token: ann.token, body: { seats: 4, bots: ["easy"] } })
    ).body;
    await call("POST", `/api/games/${game.id}/join`, { token: bob.token, body: { code: invite.code } });
    const left = await call("POST", `/api/games/${game.id}/leave`, { token: bob.token });
    expect(left.body.game.seats.map((s: any) => s.player?.name ?? null)).toEqual(["Ann", "Linnaeus ★", null, null]);
    const started = await call("POST", `/api/games/${game.id}/start`, { token: ann.token });
    expect([started.status, started.body.game.status]).toEqual([200, "active"]);
  });

  it("profiles: validation, public view, pagination", async () => {
    const bad = await call("POST", "/api/players", { body: { name: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_FAILED");
    const me = await newPlayer("Eve");
    const profile = await call("GET", `/api/players/${me.id}`);
    expect(profile.body).toMatchObject({
      id: me.id,
      name: "Eve",
      stats: { gamesPlayed: 0, wins: 0, averageScore: null },
    });
    expect(JSON.stringify(profile.body)).not.toContain(me.token);
    expect((await call("GET", "/api/me", { token: me.token })).body.id).toBe(me.id);
    expect((await call("GET", "/api/players/zzzzzzzzzzzz")).status).toBe(404);
    for (let i = 0; i < 5; i++) await call("POST", "/api/games", { token: me.token, body: { seats: 2 } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await call("GET", `/api/players/${me.id}/games?limit=2${cursor ? `&cursor=${cursor}` : ""}`))
        .body;
      expect(page.games.length).toBeLessThanOrEqual(2);
      seen.push(...page.games.map((g: any) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
    expect((await call("GET", `/api/players/${me.id}/games?status=active`)).body.games).toEqual([]);
    expect((await call("GET", `/api/players/${me.id}/games?cursor=%%%`)).status).toBe(400);
  });
});
