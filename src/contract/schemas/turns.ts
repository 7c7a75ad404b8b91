/**
 * zod schemas of a player's turns (src/api/turns.ts, answered by the player's inbox, src/player/):
 * the games in play where they sit, whether it is their turn there, and that turn's deadline.
 */
import { z } from "@hono/zod-openapi";

export const TurnSchema = z
  .object({
    id: z.string().openapi({ description: "The game." }),
    yourTurn: z.boolean().openapi({ description: "Whether it is this player's turn there." }),
    deadline: z
      .string()
      .nullable()
      .openapi({ description: "When your turn there times out (your turn, in a game with a move time), else null." }),
    version: z.number().int().openapi({ description: "The game's version this was true of." }),
  })
  .openapi("Turn");

export const TurnListSchema = z
  .object({ games: z.array(TurnSchema).openapi({ description: "Every game in play where the player sits." }) })
  .openapi("TurnList");
