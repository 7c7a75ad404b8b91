/** zod schemas of the coach's post-game analysis (src/api/analysis.ts; docs/coach.md). */
import { z } from "@hono/zod-openapi";
import { BotLevelSchema } from "./games";
import { ActionSchema } from "./rules";

export const MarkSchema = z.enum(["inaccuracy", "mistake", "blunder"]).openapi("AnalysisMark", {
  description: "How much the turn cost, by the points lost (thresholds in `marks`).",
});

const Scores = z.array(z.number()).nullable();

export const AnalysisTurnSchema = z
  .object({
    turn: z.number().int().openapi({ description: "The play-phase turn's number in the game, from 0." }),
    seat: z.number().int(),
    round: z.number().int(),
    first: z.number().int().openapi({ description: "The turn's first entry in the log (GET /log's index)." }),
    last: z.number().int().openapi({ description: "The turn's last entry (its end of turn)." }),
    played: z.array(ActionSchema),
    best: z
      .array(ActionSchema)
      .openapi({ description: "The best turn the search found (the turn played when nothing beats it)." }),
    expected: Scores.openapi({
      description:
        "Expected final score of every seat after the turn played, from the acting seat's view (null: the search could not replay the turn).",
    }),
    bestExpected: Scores.openapi({ description: "The same after the best turn found." }),
    lost: z.number().openapi({ description: "Expected points of its own the seat lost against the best turn (≥ 0)." }),
    spread: z.number().openapi({ description: "Standard error of `lost` over the search's playouts." }),
    mark: MarkSchema.nullable(),
    auto: z.boolean().openapi({ description: "The clock ended this turn (a timeout)." }),
  })
  .openapi("AnalysisTurn");

export const AnalysisSchema = z
  .object({
    gameId: z.string(),
    status: z.literal("ready"),
    complete: z
      .boolean()
      .openapi({ description: "Every turn of a finished game is reviewed (false: a practice game still in play)." }),
    version: z.number().int(),
    reviewed: z.number().int(),
    total: z.number().int(),
    marks: z
      .object({ inaccuracy: z.number(), mistake: z.number(), blunder: z.number() })
      .openapi({ description: "Points lost from which a turn gets each mark (and at least twice its spread)." }),
    seats: z.array(z.object({ seat: z.number().int(), name: z.string(), bot: BotLevelSchema.nullable() })),
    final: z.array(z.number()).nullable().openapi({ description: "The final scores (a finished game)." }),
    turns: z.array(AnalysisTurnSchema).openapi({
      description: "Every play-phase turn in order (a practice game in play: the caller's own turns only).",
    }),
  })
  .openapi("Analysis");

export const AnalysisProgressSchema = z
  .object({
    gameId: z.string(),
    status: z.literal("running"),
    reviewed: z.number().int().openapi({ description: "Turns reviewed so far." }),
    total: z.number().int().openapi({ description: "Turns to review." }),
  })
  .openapi("AnalysisProgress");
