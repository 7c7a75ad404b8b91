/**
 * Rated games, player pages and leaderboards through the HTTP API (issue 16): a rated game moves
 * ratings once, even when its end reaches D1 only on a retry; the player page shows it with no secret.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { db, syncGame } from "../../src/db/queries";
import { displayRating, rateGame } from "../../src/db/ratings";
import { applyAction, legalActions, type Action, type GameState } from "../../src/engine";
import { call, inRoom, newPlayer, roomStub } from "./client";

/** Play whole turns (the first growth, planting or purchase offered, then the end) until the game ends. */
async function finish(id: string, tokens: string[]) {
  for (let i = 0; i < 400; i++) {
    const g = (await call("GET", `/api/games/${id}`)).body;
    if (g.status === "finished") return g;
    let s: GameState = g.state;
    const seat = s.current;
    const turn: Action[] = [];
    while (s.phase !== "ended" && s.current === seat) {
      const legal = legalActions(s);
      const pick =
        turn.length === 0
          ? (legal.find((a) => a.type === "place" || a.type === "grow" || a.type === "plant") ??
            legal.find((a) => a.type === "buy") ??
            legal[0])
          : (legal.find((a) => a.type === "endTurn") ?? legal[0]);
      turn.push(pick);
      const r = applyAction(s, pick);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    const r = await call("POST", `/api/games/${id}/actions`, {
      token: tokens[seat],
      body: { version: g.version, actions: turn },
    });
    if (r.status !== 200) throw new Error(`turn refused: ${r.status} ${JSON.stringify(r.body)}`);
  }
  throw new Error("the game did not end");
}

async function ratedGame(names: string[], options: Record<string, unknown> = {}) {
  const players = await Promise.all(names.map(newPlayer));
  const created = await call("POST", "/api/games", {
    token: players[0].token,
    body: { seats: names.length, firstPlayer: 0, rated: true, ...options },
  });
  expect(created.status).toBe(201);
  expect(created.body.game.options.rated).toBe(options.rated ?? true);
  const id: string = created.body.game.id;
  for (const p of players.slice(1))
    expect(
      (await call("POST", `/api/games/${id}/join`, { token: p.token, body: { code: created.body.invite.code } }))
        .status,
    ).toBe(200);
  return { id, players };
}

const count = async (q: string, ...args: unknown[]) =>
  (
    await env.DB.prepare(q)
      .bind(...args)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("rated games", () => {
  it("a finished rated game: ratings, history and the game on both player pages, and nothing secret", async () => {
    const { id, players } = await ratedGame(["Ann", "Bob"]);
    const end = await finish(
      id,
      players.map((p) => p.token),
    );
    const places = end.scores.map((s: { rank: number }) => s.rank);
    const expected = rateGame(
      [
        { mu: 25, sigma: 25 / 3 },
        { mu: 25, sigma: 25 / 3 },
      ],
      places,
    );
    for (const [seat, p] of players.entries()) {
      const page = await call("GET", `/api/players/${p.id}`);
      expect(page.status).toBe(200);
      const body = page.body;
      expect(body.ratings).toHaveLength(1);
      expect(body.ratings[0]).toMatchObject({
        ladder: "base",
        games: 1,
        provisional: true,
        rating: displayRating(expected[seat]),
      });
      expect(body.ratings[0].mu).toBeCloseTo(expected[seat].mu, 9);
      expect(body.ratingHistory).toEqual([
        { ladder: "base", game: id, rating: displayRating(expected[seat]), place: places[seat], at: end.endedAt },
      ]);
      expect(body.inProgress).toEqual([]);
      expect(body.finished).toHaveLength(1);
      expect(body.finished[0]).toMatchObject({ id, rated: true, moonlight: false, seat, place: places[seat] });
      expect(body.finished[0].score).toBe(end.scores[seat].total);
      expect(body.finished[0].seats.map((s: { player: { name: string } }) => s.player.name)).toEqual(["Ann", "Bob"]);
      expect(body.details.byMode).toEqual([
        {
          players: 2,
          ladder: "base",
          games: 1,
          wins: places[seat] === 1 ? 1 : 0,
          averageScore: end.scores[seat].total,
        },
      ]);
      expect(body.details.favouriteAnimal).toBeNull();
      // Public: no key, no hash of one, no device.
      const text = JSON.stringify(body);
      for (const q of players) expect(text).not.toContain(q.token);
      expect(text).not.toMatch(/"(token\w*|\w*[hH]ash|devices?|webhooks?|push\w*|discordUserId)":/);
    }
  });

  it("the end reaches D1 only on the outbox's retry, and is delivered again after: rated exactly once", async () => {
    const { id, players } = await ratedGame(["Cat", "Dan"]);
    await inRoom(id, (room) => {
      (globalThis as any).__realIndex = room.index;
      room.index = {
        sync: async () => {
          throw new Error("D1 is down");
        },
      };
    });
    const end = await finish(
      id,
      players.map((p) => p.token),
    );
    expect(end.status).toBe("finished");
    expect(await count("SELECT count(*) AS n FROM rating_history WHERE game_id = ?", id)).toBe(0);
    await inRoom(id, (room) => {
      room.index = (globalThis as any).__realIndex;
      room.now = () => Date.now() + 3600_000;
    });
    await runDurableObjectAlarm(roomStub(id));
    expect(await count("SELECT count(*) AS n FROM rating_history WHERE game_id = ?", id)).toBe(2);
    // The same end again (at-least-once delivery), twice at once.
    const snapshot = await inRoom(id, (room) => room.snapshot()!);
    await Promise.allSettled([syncGame(db(env.DB), snapshot), syncGame(db(env.DB), snapshot)]);
    await syncGame(db(env.DB), snapshot);
    expect(await count("SELECT count(*) AS n FROM rating_history WHERE game_id = ?", id)).toBe(2);
    for (const p of players)
      expect(await count("SELECT games AS n FROM ratings WHERE player_id = ? AND ladder = 'base'", p.id)).toBe(1);
  });

  it("games are friendly unless created rated; bad input is refused and changes nothing", async () => {
    const { id, players } = await ratedGame(["Eve", "Fay"], { rated: false });
    await finish(
      id,
      players.map((p) => p.token),
    );
    const page = (await call("GET", `/api/players/${players[0].id}`)).body;
    expect(page.ratings).toEqual([]);
    expect(page.finished[0]).toMatchObject({ id, rated: false });

    const before = await count("SELECT count(*) AS n FROM games");
    const bad = await call("POST", "/api/games", { token: players[0].token, body: { seats: 2, rated: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_FAILED");
    expect(await count("SELECT count(*) AS n FROM games")).toBe(before);

    expect((await call("GET", "/api/players/NOT-AN-ID")).status).toBe(400);
    const missing = await call("GET", "/api/players/zzzzzzzzzzzz");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
  });
});

describe("leaderboards", () => {
  it("top players of a ladder by shown rating, with the minimum of rated games; ties share a place", async () => {
    const ps = await Promise.all(["Gus", "Hal", "Ida", "Jo"].map(newPlayer));
    const rows: [number, number, number, number][] = [
      [0, 30, 2, 9],
      [1, 26, 3, 5],
      [2, 40, 1, 4], // too few games: not listed
      [3, 26, 3, 7],
    ];
    for (const [i, mu, sigma, games] of rows)
      await env.DB.prepare(
        "INSERT INTO ratings (player_id, ladder, mu, sigma, display, games, wins, updated_at) VALUES (?, 'moonlight', ?, ?, ?, ?, 1, 0)",
      )
        .bind(ps[i].id, mu, sigma, displayRating({ mu, sigma }), games)
        .run();
    const board = await call("GET", "/api/leaderboards/moonlight?limit=100");
    expect(board.status).toBe(200);
    expect(board.body.ladder).toBe("moonlight");
    expect(board.body.minGames).toBe(5);
    const mine = board.body.players.filter((r: { player: { id: string } }) => ps.some((p) => p.id === r.player.id));
    expect(mine.map((r: { player: { name: string } }) => r.player.name)).toEqual(["Gus", "Jo", "Hal"]);
    expect(mine[0].rating).toBe(displayRating({ mu: 30, sigma: 2 }));
    expect(mine[1].place).toBe(mine[2].place);
    expect(JSON.stringify(board.body)).not.toContain(ps[0].token);

    const base = await call("GET", "/api/leaderboards/base");
    expect(base.status).toBe(200);
    expect(base.body.players.some((r: { player: { id: string } }) => r.player.id === ps[0].id)).toBe(false);

    for (const path of [
      "/api/leaderboards/chess",
      "/api/leaderboards/base?limit=0",
      "/api/leaderboards/base?limit=x",
    ]) {
      const r = await call("GET", path);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
    }
  });
});
