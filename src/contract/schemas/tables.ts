/**
 * zod schemas of the open tables (issue 16): the lobby's list and its filters, and listing or
 * closing a table. Public answers: settings, seats and names only — never an invite code or a key.
 */
import { z } from "@hono/zod-openapi";
import { MAX_PLAYERS, MIN_PLAYERS } from "../../engine";
import { MoonOptionsSchema } from "./rules";

const Bool = z.enum(["true", "false"]);

export const TablesQuery = z
  .object({
    seats: z.coerce
      .number()
      .int()
      .min(MIN_PLAYERS)
      .max(MAX_PLAYERS)
      .optional()
      .openapi({ description: "Only tables for this many players." }),
    moonlight: Bool.optional().openapi({ description: "true: Under the Moonlight only; false: the base game only." }),
    rated: Bool.optional().openapi({ description: "true: rated tables only; false: friendly ones only." }),
    moveTime: z
      .union([
        z.literal("none"),
        z.coerce
          .number()
          .int()
          .min(3600)
          .max(14 * 24 * 3600),
      ])
      .optional()
      .openapi({ description: 'Time per move in seconds (exactly), or "none" for tables without one.' }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const TableSchema = z
  .object({
    id: z.string(),
    seats: z.number().int().openapi({ description: "Players the game is for." }),
    free: z.number().int().openapi({ description: "Seats still free." }),
    players: z
      .array(z.object({ seat: z.number().int(), id: z.string(), name: z.string() }))
      .openapi({ description: "Who sits there already (bots by their level's name)." }),
    creator: z.object({ id: z.string(), name: z.string() }),
    options: z.object({
      longGame: z.boolean(),
      heavyShade: z.boolean(),
      moonlight: MoonOptionsSchema.nullable().openapi({ description: "null: the base game." }),
      moveTimeSeconds: z.number().int().nullable(),
      maxTimeouts: z.number().int().nullable(),
      vacationDays: z.number().int(),
      rated: z.boolean(),
    }),
    practice: z.boolean().openapi({ description: "A bot sits there: a practice game, never rated." }),
    listedAt: z.string(),
    expiresAt: z.string().openapi({ description: "When it leaves the list if its seats are not all taken by then." }),
    url: z.string().openapi({ description: "The game's page (no invite in it: a table is joined from the list)." }),
  })
  .openapi("OpenTable");

export const TableListSchema = z
  .object({
    tables: z.array(TableSchema).openapi({ description: "Listed the longest first." }),
    maxPerPlayer: z.number().int().openapi({ description: "How many tables one player may have listed at once." }),
  })
  .openapi("OpenTables");

export const TableBody = z
  .object({
    open: z.boolean().openapi({
      description: "true: list the waiting game (for another 7 days); false: take it off the list.",
    }),
  })
  .strict()
  .openapi("SetTable");
