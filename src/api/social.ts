/** Player pages and leaderboards (issue 16): public reads of D1, no secrets in any answer. */
import { createRoute } from "@hono/zod-openapi";
import type { Ladder } from "../contract/views";
import type { AnimalName } from "../engine";
import { LadderParam, LeaderboardQuery, LeaderboardSchema, PlayerPageSchema } from "../contract/schemas/social";
import { IdParam } from "../contract/schemas/common";
import { db } from "../db/queries";
import { LEADERBOARD_MIN_GAMES, leaderboard, ratingHistoryOf, ratingsOf } from "../db/ratings";
import { favouriteAnimal, finishedGames, gamesInProgress, statsByMode } from "../db/social";
import { gamePlayerNames } from "../db/queries";
import { errorResponses, json, origin, subApp } from "./context";
import { iso, profile } from "./players";

export const social = subApp();

type Options = { moonlight?: unknown; rated?: boolean };

social.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}",
    tags: ["players"],
    summary:
      "A player's page: name, ratings and their history, games in progress, finished games with placements and scores, stats",
    request: { params: IdParam },
    responses: { 200: json(PlayerPageSchema, "The player page"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const base = await profile(c, id);
    const d = db(c.env.DB);
    const [ratings, history, open, finished, byMode, animal] = await Promise.all([
      ratingsOf(d, id),
      ratingHistoryOf(d, id),
      gamesInProgress(d, id, 50),
      finishedGames(d, id, 30),
      statsByMode(d, id),
      favouriteAnimal(d, id),
    ]);
    const names = await gamePlayerNames(
      d,
      open.map((g) => g.id),
    );
    const here = origin(c);
    return c.json(
      {
        ...base,
        ratings,
        ratingHistory: history.map((h) => ({
          ladder: h.ladder,
          game: h.gameId,
          rating: h.rating,
          place: h.rank,
          at: iso(h.endedAt)!,
        })),
        inProgress: open.map((g) => ({
          id: g.id,
          status: g.status,
          seats: g.seats,
          seat: g.seat,
          moonlight: Boolean((g.options as Options).moonlight),
          rated: (g.options as Options).rated === true,
          players: names.get(g.id) ?? [],
          createdAt: iso(g.createdAt)!,
          url: `${here}/g/${g.id}`,
        })),
        finished: finished.map((g) => {
          const mine = g.seats.find((s) => s.seat === g.seat);
          const playing = g.seats.filter((s) => !s.resigned).length;
          const place = (s: { rank: number; resigned: boolean }) => (s.resigned ? playing + 1 : s.rank);
          return {
            id: g.id,
            endedAt: iso(g.endedAt)!,
            moonlight: Boolean((g.options as Options).moonlight),
            rated: (g.options as Options).rated === true,
            seat: g.seat,
            place: mine ? place(mine) : 0,
            score: mine?.score ?? 0,
            seats: g.seats.map((s) => ({
              seat: s.seat,
              player: { id: s.playerId, name: s.name },
              score: s.score,
              place: place(s),
              resigned: s.resigned,
            })),
            url: `${here}/g/${g.id}`,
          };
        }),
        details: {
          byMode,
          favouriteAnimal: animal as AnimalName | null,
        },
      },
      200,
    );
  },
);

social.openapi(
  createRoute({
    method: "get",
    path: "/leaderboards/{ladder}",
    tags: ["players"],
    summary: `A ladder's top players by shown rating (at least ${LEADERBOARD_MIN_GAMES} rated games on it)`,
    request: { params: LadderParam, query: LeaderboardQuery },
    responses: { 200: json(LeaderboardSchema, "The leaderboard"), ...errorResponses(400) },
  }),
  async (c) => {
    const ladder: Ladder = c.req.valid("param").ladder;
    const { limit } = c.req.valid("query");
    const rows = await leaderboard(db(c.env.DB), ladder, limit);
    let place = 0;
    return c.json(
      {
        ladder,
        minGames: LEADERBOARD_MIN_GAMES,
        players: rows.map((r, i) => {
          // Equal shown ratings share a place.
          if (i === 0 || rows[i - 1].rating !== r.rating) place = i + 1;
          return { place, player: { id: r.playerId, name: r.name }, rating: r.rating, games: r.games, wins: r.wins };
        }),
      },
      200,
    );
  },
);
