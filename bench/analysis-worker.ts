/**
 * The coach inside workerd, for bench/analysis.ts's `bots.analysis_cpu_s_per_game`: POST {turns}
 * reviews every turn of one game (src/bots/coach.ts reviewTurn, as the game's alarm slices do) and
 * answers the work done. The bench reads the workerd process's CPU time around the request (the
 * clock inside workerd stands still during CPU work, so the worker cannot time itself).
 */
import type { GameState } from "../src/engine";
import { reviewTurn } from "../src/bots/coach";

export default {
  async fetch(request: Request): Promise<Response> {
    const { turns } = (await request.json()) as { turns: { view: GameState; codes: number[] }[] };
    let work = 0;
    for (const t of turns) work += reviewTurn(t.view, t.codes, t.view.ply)?.work ?? 0;
    return Response.json({ work, turns: turns.length });
  },
};
