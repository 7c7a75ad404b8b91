import { describe, expect, it } from "vitest";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../src/game/room";
import { call, newPlayer, roomStub } from "./client";

const DAY = 24 * 3600 * 1000;

async function openTable(token: string, body: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/games", { token, body: { seats: 3, open: true, ...body } });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { game: any; invite: { code: string; url: string } };
}

async function listed(query = ""): Promise<any[]> {
  const r = await call("GET", `/api/tables${query}`);
  expect(r.status).toBe(200);
  return r.body.tables;
}

const game = async (id: string) => (await call("GET", `/api/games/${id}`)).body;

describe("open tables", () => {
  it("a listed game is on the list with its settings and free seats, never its invite; strangers join with one click and a full table starts", async () => {
    const [ann, bob, cat, dan] = await Promise.all(["Ann", "Bob", "Cat", "Dan"].map(newPlayer));
    const { game: created, invite } = await openTable(ann.token, {
      heavyShade: true,
      moveTimeSeconds: 86400,
      moonlight: { greatTree: true, moonstones: false },
      rated: true,
    });
    expect(created.table).toMatchObject({ open: true, closed: null });
    expect(Date.parse(created.table.expiresAt) - Date.parse(created.table.listedAt)).toBe(7 * DAY);

    const list = await call("GET", "/api/tables");
    const row = list.body.tables.find((t: any) => t.id === created.id);
    expect(row).toMatchObject({
      seats: 3,
      free: 2,
      creator: { id: ann.id, name: "Ann" },
      players: [{ seat: 0, id: ann.id, name: "Ann" }],
      options: {
        heavyShade: true,
        longGame: false,
        moveTimeSeconds: 86400,
        moonlight: { greatTree: true, moonstones: false },
        rated: true,
      },
      practice: false,
      url: `http://canopy.test/g/${created.id}`,
    });
    expect(list.body.maxPerPlayer).toBe(3);
    // No secret in the list: not the invite code, not a key.
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(invite.code);
    expect(text).not.toContain(ann.token);
    expect(text).not.toContain("invite");

    // The creator is seated already.
    const self = await call("POST", `/api/tables/${created.id}/join`, { token: ann.token });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe("ALREADY_JOINED");

    const bobJoins = await call("POST", `/api/tables/${created.id}/join`, { token: bob.token });
    expect(bobJoins.status).toBe(200);
    expect(bobJoins.body.seat).toBe(1);
    expect(bobJoins.body.game.status).toBe("waiting");
    expect((await listed()).find((t) => t.id === created.id)).toMatchObject({ free: 1 });

    const catJoins = await call("POST", `/api/tables/${created.id}/join`, { token: cat.token });
    expect(catJoins.status).toBe(200);
    expect(catJoins.body.game.status).toBe("active");
    expect(catJoins.body.game.table).toMatchObject({ open: false });
    expect((await listed()).map((t) => t.id)).not.toContain(created.id);

    // Full: refused, and nothing changes.
    const before = await game(created.id);
    const late = await call("POST", `/api/tables/${created.id}/join`, { token: dan.token });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("TABLE_FULL");
    const after = await game(created.id);
    expect(after.version).toBe(before.version);
    expect(after.seats.map((s: any) => s.player?.id)).toEqual([ann.id, bob.id, cat.id]);
    // Every seated player has it among their games.
    const cats = (await call("GET", `/api/players/${cat.id}/games`)).body.games;
    expect(cats.map((g: any) => g.id)).toContain(created.id);
  });

  it("joining takes a signed-in player: no token or a bad one is 401 and changes nothing", async () => {
    const ann = await newPlayer("Ann");
    const { game: created } = await openTable(ann.token);
    const anonymous = await call("POST", `/api/tables/${created.id}/join`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("UNAUTHORIZED");
    const forged = await call("POST", `/api/tables/${created.id}/join`, { token: "cnp_nothing_of_the_sort" });
    expect(forged.status).toBe(401);
    const after = await game(created.id);
    expect(after.version).toBe(created.version);
    expect(after.seats.filter((s: any) => s.player)).toHaveLength(1);
    expect((await listed()).find((t) => t.id === created.id)).toMatchObject({ free: 2 });
    const missing = await call("POST", "/api/tables/nosuchgame00/join", { token: ann.token });
    expect(missing.status).toBe(404);
  });

  it("the creator closes and lists again; a closed table or a game never listed cannot be joined from the list", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const { game: created } = await openTable(ann.token);

    const notHers = await call("PUT", `/api/games/${created.id}/table`, { token: bob.token, body: { open: false } });
    expect(notHers.status).toBe(403);
    const closed = await call("PUT", `/api/games/${created.id}/table`, { token: ann.token, body: { open: false } });
    expect(closed.status).toBe(200);
    expect(closed.body.game.table).toMatchObject({ open: false, closed: "closed" });
    expect((await listed()).map((t) => t.id)).not.toContain(created.id);

    const refused = await call("POST", `/api/tables/${created.id}/join`, { token: bob.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("TABLE_CLOSED");
    const still = await game(created.id);
    expect(still.version).toBe(closed.body.game.version);
    expect(still.seats.filter((s: any) => s.player)).toHaveLength(1);

    const reopened = await call("PUT", `/api/games/${created.id}/table`, { token: ann.token, body: { open: true } });
    expect(reopened.status).toBe(200);
    expect(reopened.body.game.table).toMatchObject({ open: true, closed: null });
    expect((await listed()).map((t) => t.id)).toContain(created.id);
    expect((await call("POST", `/api/tables/${created.id}/join`, { token: bob.token })).status).toBe(200);

    // A game made without `open` is joined with its invite only.
    const priv = (await call("POST", "/api/games", { token: ann.token, body: { seats: 2 } })).body.game;
    expect(priv.table).toBeNull();
    const uninvited = await call("POST", `/api/tables/${priv.id}/join`, { token: bob.token });
    expect(uninvited.status).toBe(409);
    expect(uninvited.body.error.code).toBe("TABLE_CLOSED");
    expect((await game(priv.id)).seats.filter((s: any) => s.player)).toHaveLength(1);
    expect((await listed()).map((t) => t.id)).not.toContain(priv.id);

    const badBody = await call("PUT", `/api/games/${priv.id}/table`, { token: ann.token, body: { open: "yes" } });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.code).toBe("VALIDATION_FAILED");
  });

  it("a table nobody fills expires by the game's alarm: it leaves the list and cannot be joined", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const { game: created } = await openTable(ann.token, { seats: 2 });
    const later = Date.now() + 7 * DAY + 60_000;
    const due = await runInDurableObject(roomStub(created.id), async (room: GameRoom, state) => {
      room.now = () => later;
      return state.storage.getAlarm();
    });
    expect(due).toBe(Date.parse(created.table.expiresAt));
    expect(await runDurableObjectAlarm(roomStub(created.id))).toBe(true);

    const expired = await game(created.id);
    expect(expired.status).toBe("waiting");
    expect(expired.table).toMatchObject({ open: false, closed: "expired" });
    expect(expired.version).toBe(created.version + 1);
    expect((await listed()).map((t) => t.id)).not.toContain(created.id);

    const refused = await call("POST", `/api/tables/${created.id}/join`, { token: bob.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("TABLE_EXPIRED");
    const after = await game(created.id);
    expect(after.version).toBe(expired.version);
    expect(after.seats.filter((s: any) => s.player)).toHaveLength(1);
    // The alarm ran once: nothing more is scheduled for the expired table.
    const next = await runInDurableObject(roomStub(created.id), (_room: GameRoom, state) => state.storage.getAlarm());
    expect(next).toBeNull();
  });

  it("a player has at most 3 tables listed: the 4th is 409 TOO_MANY_TABLES and creates nothing", async () => {
    const eve = await newPlayer("Eve");
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await openTable(eve.token, { seats: 2 })).game.id);
    const mine = async () => (await call("GET", `/api/players/${eve.id}/games`)).body.games.length;
    expect(await mine()).toBe(3);
    const fourth = await call("POST", "/api/games", { token: eve.token, body: { seats: 2, open: true } });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatchObject({ code: "TOO_MANY_TABLES", open: 3, max: 3 });
    expect(await mine()).toBe(3);

    // A game made unlisted cannot be listed beyond the cap either; closing one makes room.
    const quiet = (await call("POST", "/api/games", { token: eve.token, body: { seats: 2 } })).body.game;
    const over = await call("PUT", `/api/games/${quiet.id}/table`, { token: eve.token, body: { open: true } });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("TOO_MANY_TABLES");
    expect((await game(quiet.id)).table).toBeNull();
    // Listing one that is already listed is not a new one.
    const again = await call("PUT", `/api/games/${made[0]}/table`, { token: eve.token, body: { open: true } });
    expect(again.status).toBe(200);
    await call("PUT", `/api/games/${made[0]}/table`, { token: eve.token, body: { open: false } });
    const room = await call("PUT", `/api/games/${quiet.id}/table`, { token: eve.token, body: { open: true } });
    expect(room.status).toBe(200);
    expect(room.body.game.table.open).toBe(true);
  });

  it("six listings at once from one player: exactly three are listed, the others 409 TOO_MANY_TABLES and unlisted", async () => {
    const gus = await newPlayer("Gus");
    const quiet = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await call("POST", "/api/games", { token: gus.token, body: { seats: 2 } })).body.game.id as string,
      ),
    );
    const answers = await Promise.all(
      quiet.map((id) => call("PUT", `/api/games/${id}/table`, { token: gus.token, body: { open: true } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    for (const a of answers.filter((a) => a.status === 409))
      expect(a.body.error).toMatchObject({ code: "TOO_MANY_TABLES", open: 3, max: 3 });
    const accepted = quiet.filter((_, i) => answers[i].status === 200);
    // The list (D1) and each game (its Durable Object) agree on which three.
    const mine = (await listed()).filter((t) => t.creator.id === gus.id).map((t) => t.id);
    expect(mine.sort()).toEqual([...accepted].sort());
    for (const id of quiet) expect((await game(id)).table?.open ?? false).toBe(accepted.includes(id));

    // Creating listed games at once holds the cap too: none of them is made.
    const hal = await newPlayer("Hal");
    const made = await Promise.all(
      Array.from({ length: 6 }, () => call("POST", "/api/games", { token: hal.token, body: { seats: 2, open: true } })),
    );
    expect(made.map((m) => m.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    for (const m of made.filter((m) => m.status === 409)) expect(m.body.error.code).toBe("TOO_MANY_TABLES");
    const games = (await call("GET", `/api/players/${hal.id}/games`)).body.games.map((g: any) => g.id);
    expect(games.sort()).toEqual(
      made
        .filter((m) => m.status === 201)
        .map((m) => m.body.game.id)
        .sort(),
    );
    expect((await listed()).filter((t) => t.creator.id === hal.id)).toHaveLength(3);
  });

  it("filters by players, Moonlight, rated and time per move; bad filters are 400", async () => {
    const fay = await newPlayer("Fay");
    const moonRated = (await openTable(fay.token, { seats: 4, moonlight: true, rated: true, moveTimeSeconds: 86400 }))
      .game.id;
    const baseFriendly = (await openTable(fay.token, { seats: 2 })).game.id;
    const ids = async (q: string) => (await listed(q)).map((t) => t.id);

    expect(await ids("?seats=4")).toContain(moonRated);
    expect(await ids("?seats=4")).not.toContain(baseFriendly);
    expect(await ids("?moonlight=true")).toContain(moonRated);
    expect(await ids("?moonlight=true")).not.toContain(baseFriendly);
    expect(await ids("?moonlight=false")).toContain(baseFriendly);
    expect(await ids("?moonlight=false")).not.toContain(moonRated);
    expect(await ids("?rated=true")).toEqual(expect.arrayContaining([moonRated]));
    expect(await ids("?rated=true")).not.toContain(baseFriendly);
    expect(await ids("?rated=false")).toContain(baseFriendly);
    expect(await ids("?moveTime=86400")).toContain(moonRated);
    expect(await ids("?moveTime=86400")).not.toContain(baseFriendly);
    expect(await ids("?moveTime=none")).toContain(baseFriendly);
    expect(await ids("?moveTime=none")).not.toContain(moonRated);
    expect(await ids("?seats=2&moonlight=false&rated=false&moveTime=none")).toContain(baseFriendly);
    expect(await ids("?limit=1")).toHaveLength(1);

    for (const q of [
      "seats=5",
      "seats=two",
      "moonlight=maybe",
      "rated=1",
      "moveTime=60",
      "moveTime=soon",
      "limit=0",
      "colour=red",
    ]) {
      const r = await call("GET", `/api/tables?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code, q).toBe("VALIDATION_FAILED");
    }
  });

  it("bots: an open table may have bot seats (a practice game, never rated), not only bots", async () => {
    const gus = await newPlayer("Gus");
    const allBots = await call("POST", "/api/games", {
      token: gus.token,
      body: { seats: 3, open: true, bots: ["easy", "easy"] },
    });
    expect(allBots.status).toBe(400);
    expect(allBots.body.error.code).toBe("VALIDATION_FAILED");
    const ratedBots = await call("POST", "/api/games", {
      token: gus.token,
      body: { seats: 3, open: true, rated: true, bots: ["easy"] },
    });
    expect(ratedBots.status).toBe(400);
    expect((await call("GET", `/api/players/${gus.id}/games`)).body.games).toEqual([]);

    const practice = (await openTable(gus.token, { seats: 3, bots: ["medium"] })).game.id;
    const row = (await listed()).find((t) => t.id === practice);
    expect(row).toMatchObject({ practice: true, free: 1, options: { rated: false } });
    expect(row.players.map((p: any) => p.name)).toEqual(["Gus", "Linnaeus ★★"]);
  });
});
