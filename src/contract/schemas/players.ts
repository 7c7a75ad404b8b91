/** zod schemas of profiles (src/api/players.ts): creating one, reading and changing your own, your games. */
import { z } from "@hono/zod-openapi";
import { checkName, NAME_MAX, NAME_MAX_UNITS } from "../player-name";
import { GameStatusSchema } from "./games";

/**
 * A player name: normalised (NFC, trimmed) and checked by ../player-name.ts: no control or
 * format characters, no unpaired surrogate, something visible, at most 40 characters as people
 * count them. Every route that takes a name uses this schema.
 */
export const PlayerNameSchema = z
  .string()
  .max(NAME_MAX_UNITS * 4)
  .overwrite((s) => s.normalize("NFC").trim())
  .check((ctx) => {
    const r = checkName(ctx.value);
    if (!r.ok) ctx.issues.push({ code: "custom", message: r.message, input: ctx.value });
  })
  .openapi({
    example: "Hjalmar",
    description: `At most ${NAME_MAX} characters (as people count them), at least one visible; no control or invisible format characters. Stored in NFC.`,
  });

export const CreatePlayerBody = z
  .object({
    name: PlayerNameSchema,
    discordUserId: z
      .string()
      .regex(/^\d{15,21}$/, "a Discord user id is a number (snowflake)")
      .optional()
      .openapi({ description: "Lets turn notifications ping you on Discord." }),
  })
  .strict()
  .openapi("CreatePlayer");

export const PlayerSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string().openapi({ format: "date-time" }) })
  .openapi("Player");

export const CreatedPlayerSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({ description: "Bearer token; shown once, keep it secret." }),
  })
  .openapi("CreatedPlayer");

export const ProfileSchema = PlayerSchema.extend({
  stats: z.object({
    gamesPlayed: z.number().int(),
    wins: z.number().int(),
    averageScore: z.number().nullable(),
  }),
}).openapi("Profile");

export const MeSchema = ProfileSchema.extend({
  discordUserId: z
    .string()
    .nullable()
    .openapi({ description: "Pinged by turn notifications on Discord (private: only you see it)." }),
}).openapi("Me");

export const GamesQuery = z.object({
  status: GameStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const GameSummarySchema = z
  .object({
    id: z.string(),
    status: GameStatusSchema,
    seats: z.number().int(),
    seat: z.number().int().openapi({ description: "The player's seat in this game." }),
    options: z.looseObject({}),
    players: z.array(z.object({ seat: z.number().int(), id: z.string(), name: z.string() })),
    round: z.number().int(),
    toAct: z.number().int().nullable().openapi({ description: "Seat to act while the game is active." }),
    yourTurn: z.boolean().openapi({ description: "Whether it is this player's turn." }),
    deadline: z
      .string()
      .nullable()
      .openapi({ description: "When the turn being played times out (active games with a move time), else null." }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    url: z.string(),
  })
  .openapi("GameSummary");

export const GameListSchema = z
  .object({ games: z.array(GameSummarySchema), nextCursor: z.string().nullable() })
  .openapi("GameList");

export const UpdateMeBody = z
  .object({
    discordUserId: z
      .string()
      .regex(/^\d{15,21}$/, "a Discord user id is a number (snowflake)")
      .nullable()
      .openapi({ description: "Your Discord user id, so turn notifications on Discord ping you; null to stop." }),
  })
  .strict()
  .openapi("UpdateMe");
