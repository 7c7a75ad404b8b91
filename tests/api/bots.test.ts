/** Bot seats (issue 15): seating bots, bots playing from the alarm, practice games, hints, and the refusals. */
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { replay } from "../../src/engine";
import { call, inRoom, newPlayer, roomStub } from "./client";

/** A tiny seeded generator for the human's random legal moves. */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/**
 * Play until the game ends: the human (one token) plays random legal actions; whenever a bot is to
 * act, its turn comes from the game's alarm (fired here; it may also fire by itself).
 */
async function playWithBots(id: string, human: { token: string }, seed = 7, max = 4000) {
  const random = lcg(seed);
  let botTurns = 0;
  for (let i = 0; i < max; i++) {
    const game = (await call("GET", `/api/games/${id}`, { token: human.token })).body;
    if (game.status === "finished") return { game, botTurns };
    if (game.seats[game.toAct].bot) {
      await runDurableObjectAlarm(roomStub(id));
      botTurns++;
      continue;
    }
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: human.token })).body;
    const action = legal.actions[random(legal.actions.length)];
    const r = await call("POST", `/api/games/${id}/actions`, {
      token: human.token,
      body: { version: legal.version, action },
    });
    expect(r.status).toBe(200);
    // The human's request never runs a bot's turn: its answer stops where the human's action left the game.
    if (r.body.game.toAct !== null && r.body.game.seats[r.body.game.toAct].bot)
      expect(r.body.game.version).toBe(legal.version + 1);
  }
  throw new Error("game did not end");
}

async function viewOf(id: string, token?: string) {
  return (await call("GET", `/api/games/${id}`, { token })).body;
}

describe("bot seats", () => {
  it("one person and three bots: the practice game starts at once, bots play from the alarm to the end, and it replays exactly", async () => {
    const ann = await newPlayer("Ann");
    const created = await call("POST", "/api/games", {
      token: ann.token,
      body: { seats: 4, bots: ["easy", "medium", "easy"] },
    });
    expect(created.status).toBe(201);
    const g = created.body.game;
    expect(g.status).toBe("active");
    expect(g.practice).toBe(true);
    expect(g.seats.map((s: any) => s.bot)).toEqual([null, "easy", "medium", "easy"]);
    expect(g.seats.map((s: any) => s.player.name)).toEqual(["Ann", "Linnaeus ★", "Merian ★★", "Makino ★"]);
    // A bot has no key: no token hash, no seat key in any view.
    expect(JSON.stringify(g)).not.toContain("tokenHash");

    const { game: final, botTurns } = await playWithBots(g.id, ann);
    expect(final.status).toBe("finished");
    expect(botTurns).toBeGreaterThan(50);
    expect(final.scores).toHaveLength(4);

    // The log holds the bots' turns like anyone's, and replays to the same end.
    const log = (await call("GET", `/api/games/${g.id}/log`)).body;
    expect(log.total).toBe(final.actionCount);
    expect(new Set(log.entries.map((e: any) => e.seat))).toEqual(new Set([0, 1, 2, 3]));
    const replayed = replay(
      log.replay.options,
      log.entries.map((e: any) => (e.seat === null ? e.entry : { ...e.entry, seat: e.seat })),
    );
    expect(replayed.ok).toBe(true);
    if (replayed.ok) expect(replayed.state).toEqual(final.state);

    // D1 knows the result, the game as practice and the bots' seats by level.
    await runDurableObjectAlarm(roomStub(g.id));
    const seats = await env.DB.prepare("SELECT player_id FROM result_seats WHERE game_id = ? ORDER BY seat")
      .bind(g.id)
      .all<{ player_id: string }>();
    expect(seats.results.map((s) => s.player_id.startsWith("bot-"))).toEqual([false, true, true, true]);
    // The player's game list names the bots by level (they have no profile).
    const list = (await call("GET", `/api/players/${ann.id}/games`)).body;
    expect(list.games[0].players.map((p: any) => p.name)).toEqual(["Ann", "Linnaeus ★", "Merian ★★", "Makino ★"]);
  });

  it("the creator puts bots into the empty seats of a waiting game; a full game starts and its bot plays", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 3 } });
    const { id } = created.body.game;
    expect(created.body.game.practice).toBe(false);
    const code = created.body.invite.code;

    // Someone else may not seat a bot.
    await call("POST", `/api/games/${id}/join`, { token: bob.token, body: { code } });
    const before = await viewOf(id);
    const notCreator = await call("POST", `/api/games/${id}/bots`, { token: bob.token, body: { level: "easy" } });
    expect(notCreator.status).toBe(403);
    expect(notCreator.body.error.code).toBe("NOT_CREATOR");
    // A seat that does not exist; a seat that is taken.
    const noSeat = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "easy", seat: 3 } });
    expect(noSeat.status).toBe(404);
    expect(noSeat.body.error.code).toBe("NO_SUCH_SEAT");
    const taken = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "easy", seat: 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("SEAT_TAKEN");
    // An unknown level.
    const level = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "godlike" } });
    expect(level.status).toBe(400);
    expect(level.body.error.code).toBe("VALIDATION_FAILED");
    expect((await viewOf(id)).version).toBe(before.version);

    const seated = await call("POST", `/api/games/${id}/bots`, {
      token: ann.token,
      body: { level: "strong", seat: 2 },
    });
    expect(seated.status).toBe(200);
    expect(seated.body.seat).toBe(2);
    const game = seated.body.game;
    expect(game.status).toBe("active");
    expect(game.practice).toBe(true);
    expect(game.seats[2]).toMatchObject({ bot: "strong", player: { name: "Linnaeus ★★★" } });

    // The bot plays when it is its turn (setup placements go round the table).
    for (let i = 0; i < 20; i++) {
      const g = await viewOf(id);
      if (g.toAct !== 2) {
        const token = [ann, bob][g.toAct].token;
        const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
        const r = await call("POST", `/api/games/${id}/actions`, {
          token,
          body: { version: legal.version, action: legal.actions[0] },
        });
        expect(r.status).toBe(200);
        continue;
      }
      await runDurableObjectAlarm(roomStub(id));
      const after = await viewOf(id);
      expect(after.toAct).not.toBe(2);
      const log = (await call("GET", `/api/games/${id}/log`)).body;
      expect(log.entries.some((e: any) => e.seat === 2)).toBe(true);
      return;
    }
    throw new Error("the bot's turn never came");
  });

  it("refuses bad creations: an unknown level, more bots than seats", async () => {
    const ann = await newPlayer("Ann");
    const unknown = await call("POST", "/api/games", { token: ann.token, body: { seats: 2, bots: ["expert"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("VALIDATION_FAILED");
    const many = await call("POST", "/api/games", { token: ann.token, body: { seats: 2, bots: ["easy", "easy"] } });
    expect(many.status).toBe(400);
    expect(many.body.error.code).toBe("VALIDATION_FAILED");
    const list = (await call("GET", `/api/players/${ann.id}/games`)).body;
    expect(list.games).toEqual([]);
  });

  it("a hint: only in practice games, only on your turn; it is a legal turn the player can play", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    // Not a practice game.
    const plain = await call("POST", "/api/games", { token: ann.token, body: { seats: 2 } });
    await call("POST", `/api/games/${plain.body.game.id}/join`, {
      token: bob.token,
      body: { code: plain.body.invite.code },
    });
    const notPractice = await call("GET", `/api/games/${plain.body.game.id}/hint`, { token: ann.token });
    expect(notPractice.status).toBe(409);
    expect(notPractice.body.error.code).toBe("NOT_PRACTICE");

    const created = await call("POST", "/api/games", {
      token: ann.token,
      body: { seats: 2, bots: ["easy"], firstPlayer: 1 },
    });
    const id = created.body.game.id;
    // The bot places first: while it is the bot's turn, no hint.
    const early = await call("GET", `/api/games/${id}/hint`, { token: ann.token });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("NOT_YOUR_TURN");
    const spectator = await call("GET", `/api/games/${id}/hint`);
    expect(spectator.status).toBe(401);

    await runDurableObjectAlarm(roomStub(id));
    const g = await viewOf(id, ann.token);
    expect(g.toAct).toBe(0);
    const hint = await call("GET", `/api/games/${id}/hint`, { token: ann.token });
    expect(hint.status).toBe(200);
    expect(hint.body).toMatchObject({ version: g.version, seat: 0, level: "strong" });
    expect(hint.body.actions.length).toBeGreaterThan(0);
    // Asking changed nothing; the same position gives the same hint, worked out once (the game's cache).
    expect((await viewOf(id)).version).toBe(g.version);
    expect((await call("GET", `/api/games/${id}/hint`, { token: ann.token })).body).toEqual(hint.body);
    expect((await call("GET", `/api/games/${id}/hint`, { token: ann.token })).body).toEqual(hint.body);
    expect(await inRoom(id, (r) => (r as unknown as { hints: { searches: number } }).hints.searches)).toBe(1);
    const played = await call("POST", `/api/games/${id}/actions`, {
      token: ann.token,
      body: { version: g.version, actions: hint.body.actions },
    });
    expect(played.status).toBe(200);
  });

  it("a seat that resigned is handed to a bot by the creator, and the game goes on with it to the end", async () => {
    const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 3 } });
    const id = created.body.game.id;
    for (const p of [bob, cat])
      await call("POST", `/api/games/${id}/join`, { token: p.token, body: { code: created.body.invite.code } });
    expect((await call("POST", `/api/games/${id}/resign`, { token: cat.token })).status).toBe(200);
    const before = await viewOf(id);
    expect(before.practice).toBe(false);

    // Refusals change nothing: a seat still played, no such seat, no seat named, not the creator.
    const occupied = await call("POST", `/api/games/${id}/bots`, {
      token: ann.token,
      body: { level: "easy", seat: 1 },
    });
    expect(occupied.status).toBe(409);
    expect(occupied.body.error.code).toBe("SEAT_TAKEN");
    const none = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "easy", seat: 3 } });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("NO_SUCH_SEAT");
    const unnamed = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "easy" } });
    expect(unnamed.status).toBe(400);
    const byBob = await call("POST", `/api/games/${id}/bots`, { token: bob.token, body: { level: "easy", seat: 2 } });
    expect(byBob.status).toBe(403);
    expect((await viewOf(id)).version).toBe(before.version);

    const handed = await call("POST", `/api/games/${id}/bots`, {
      token: ann.token,
      body: { level: "medium", seat: 2 },
    });
    expect(handed.status).toBe(200);
    expect(handed.body.game.seats[2]).toMatchObject({
      bot: "medium",
      resigned: false,
      player: { name: "Linnaeus ★★" },
    });
    expect(handed.body.game.practice).toBe(true);
    expect(handed.body.game.version).toBe(before.version + 1);
    // Cat no longer sits there: a spectator's view.
    expect((await viewOf(id, cat.token)).you).toBeNull();
    // D1's seat list has the bot (a change of membership is synced before the answer).
    const row = await env.DB.prepare("SELECT player_id FROM game_players WHERE game_id = ? AND seat = 2")
      .bind(id)
      .first<{ player_id: string }>();
    expect(row?.player_id).toMatch(/^bot-/);

    // Both people play at random; the bot plays its turns from the alarm.
    const random = lcg(3);
    let botTurns = 0;
    for (let i = 0; i < 4000; i++) {
      const g = await viewOf(id);
      if (g.status === "finished") break;
      if (g.toAct === 2) {
        await runDurableObjectAlarm(roomStub(id));
        botTurns++;
        continue;
      }
      const token = [ann, bob][g.toAct].token;
      const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
      const r = await call("POST", `/api/games/${id}/actions`, {
        token,
        body: { version: legal.version, action: legal.actions[random(legal.actions.length)] },
      });
      expect(r.status).toBe(200);
    }
    const final = await viewOf(id);
    expect(final.status).toBe("finished");
    expect(botTurns).toBeGreaterThan(10);
    expect(final.scores[2].resigned).toBe(false);
    const log = (await call("GET", `/api/games/${id}/log`)).body;
    expect(log.entries.filter((e: any) => e.entry.type === "takeOver")).toHaveLength(1);
    const replayed = replay(
      log.replay.options,
      log.entries.map((e: any) => (e.seat === null ? e.entry : { ...e.entry, seat: e.seat })),
    );
    expect(replayed.ok && replayed.state).toEqual(final.state);
  });
});

describe("bots never play rated games", () => {
  it("a rated game with bots is refused at creation, and a bot is not seated in a rated game; nothing changes", async () => {
    const ann = await newPlayer("Ann");
    const both = await call("POST", "/api/games", {
      token: ann.token,
      body: { seats: 2, rated: true, bots: ["easy"] },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe("VALIDATION_FAILED");
    expect(both.body.error.message).toMatch(/cannot be rated/);

    const rated = await call("POST", "/api/games", { token: ann.token, body: { seats: 2, rated: true } });
    expect(rated.status).toBe(201);
    const id = rated.body.game.id as string;
    const before = await viewOf(id, ann.token);
    const seat = await call("POST", `/api/games/${id}/bots`, { token: ann.token, body: { level: "easy" } });
    expect(seat.status).toBe(409);
    expect(seat.body.error.code).toBe("RATED_GAME");
    const after = await viewOf(id, ann.token);
    expect(after.version).toBe(before.version);
    expect(after.status).toBe("waiting");
  });
});
