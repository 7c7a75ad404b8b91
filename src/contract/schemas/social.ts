/**
 * zod schemas of the social routes (issue 16): player pages with ratings, and leaderboards. Public
 * answers: names, placements, scores and ratings only — never a key, device, webhook or push address.
 */
import { z } from "@hono/zod-openapi";
import { ANIMAL_NAMES } from "../../engine";
import { GameStatusSchema } from "./games";
import { ProfileSchema } from "./players";
import { LADDERS } from "../views";

export const LadderSchema = z
  .enum(LADDERS)
  .openapi({ description: "The base game, or Under the Moonlight (any of its modes)." });

export const LadderParam = z.object({
  ladder: LadderSchema.openapi({ param: { name: "ladder", in: "path" }, example: "base" }),
});

export const LadderRatingSchema = z
  .object({
    ladder: LadderSchema,
    rating: z.number().int().openapi({ description: "The shown rating: round(1000 + 40 × (μ − 3σ)); 1000 to start." }),
    mu: z.number().openapi({ description: "Weng-Lin skill estimate μ." }),
    sigma: z.number().openapi({ description: "Its uncertainty σ." }),
    games: z.number().int().openapi({ description: "Rated games on this ladder." }),
    wins: z.number().int(),
    provisional: z.boolean().openapi({ description: "Fewer than 5 rated games on this ladder (docs/ratings.md)." }),
  })
  .openapi("LadderRating");

const SeatResultSchema = z.object({
  seat: z.number().int(),
  player: z.object({ id: z.string(), name: z.string() }),
  score: z.number().int(),
  place: z.number().int().openapi({ description: "1 = first; tied seats share a place; resigned seats rank last." }),
  resigned: z.boolean(),
});

export const PlayerPageSchema = ProfileSchema.extend({
  ratings: z.array(LadderRatingSchema),
  ratingHistory: z
    .array(
      z.object({
        ladder: LadderSchema,
        game: z.string(),
        rating: z.number().int().openapi({ description: "The shown rating after that game." }),
        place: z.number().int(),
        at: z.string(),
      }),
    )
    .openapi({ description: "The shown rating after each rated game, oldest first (the last 200 per ladder)." }),
  inProgress: z.array(
    z.object({
      id: z.string(),
      status: GameStatusSchema,
      seats: z.number().int(),
      seat: z.number().int(),
      moonlight: z.boolean(),
      rated: z.boolean(),
      players: z.array(z.object({ seat: z.number().int(), id: z.string(), name: z.string() })),
      createdAt: z.string(),
      url: z.string(),
    }),
  ),
  finished: z
    .array(
      z.object({
        id: z.string(),
        endedAt: z.string(),
        moonlight: z.boolean(),
        rated: z.boolean(),
        seat: z.number().int(),
        place: z.number().int(),
        score: z.number().int(),
        seats: z.array(SeatResultSchema),
        url: z.string(),
      }),
    )
    .openapi({ description: "The latest finished games (at most 30), newest first." }),
  details: z.object({
    byMode: z
      .array(
        z.object({
          players: z.number().int(),
          ladder: LadderSchema,
          games: z.number().int(),
          wins: z.number().int(),
          averageScore: z.number().nullable(),
        }),
      )
      .openapi({ description: "Finished games and wins by player count and mode." }),
    favouriteAnimal: z
      .enum(ANIMAL_NAMES)
      .nullable()
      .openapi({ description: "The Moonlight animal played most often (null: none yet)." }),
  }),
}).openapi("PlayerPage");

export const LeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const LeaderboardSchema = z
  .object({
    ladder: LadderSchema,
    minGames: z.number().int().openapi({ description: "Rated games a player needs on the ladder to be listed." }),
    players: z.array(
      z.object({
        place: z.number().int(),
        player: z.object({ id: z.string(), name: z.string() }),
        rating: z.number().int(),
        games: z.number().int(),
        wins: z.number().int(),
      }),
    ),
  })
  .openapi("Leaderboard");
