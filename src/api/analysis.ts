/**
 * The coach's analysis of a game (issue 23 item 5, docs/coach.md): GET /games/:id/analysis. Reads
 * only: the game's Durable Object reviews the turns in its alarm, never in this request.
 */
import { createRoute } from "@hono/zod-openapi";
import { AnalysisProgressSchema, AnalysisSchema } from "../contract/schemas/analysis";
import { IdParam } from "../contract/schemas/common";
import { askGame, errorResponses, json, subApp } from "./context";
import { answer, room } from "./games";
import { limitAnalysis } from "./limits";

export const analysis = subApp();

analysis.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/analysis",
    tags: ["games"],
    summary:
      "The coach's review of every play-phase turn: expected final scores of the turn played and of the best turn found, points lost, marks. A finished game's is public; a practice game's seated players may ask at any time (their own turns)",
    request: { params: IdParam },
    responses: {
      200: json(AnalysisSchema, "The analysis"),
      202: json(AnalysisProgressSchema, "Under way (the first ask starts it): ask again shortly"),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await limitAnalysis(c, id);
    return answer(c, await askGame(c, (who) => room(c, id).analysis(who)));
  },
);
