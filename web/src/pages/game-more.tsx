/**
 * The parts of the game page below the first paint of a turn, in one chunk loaded right after it:
 * the game log with its replay scrubber, going away / coming back, the final scores, the
 * notifications box (its panel is a chunk of its own again, loaded when the box is opened), the
 * board's legend.
 */
import { auth, request } from "../api";
import { newPlan, planAdd, type Plan } from "../model";
import type { LogEntryView } from "../types";
import { History, logLines } from "../ui/history";

export { Away } from "../ui/away";
export { FinalScores } from "../ui/final-scores";
export { HandOver } from "../ui/hand-over";
export { BoardLegend } from "../ui/legend";
export { NotifyBox } from "../ui/notify-box";

/** The log of the game (as lines in the page's language) with the replay scrubber. */
export function GameLog(p: {
  log: LogEntryView[];
  names: string[];
  total: number;
  ply: number | null;
  setPly: (n: number | null) => void;
  canReplay: boolean;
}) {
  return (
    <History lines={logLines(p.log, p.names)} total={p.total} ply={p.ply} setPly={p.setPly} canReplay={p.canReplay} />
  );
}

/**
 * Practice games: the strong bot's turn for this seat (GET …/hint) as the planned turn on the
 * plan's base, which undo takes back; null when the game moved on meanwhile. Here, not in the
 * page's first chunk: only practice games ask.
 */
export async function hintPlan(id: string, plan: Plan): Promise<Plan | null> {
  const h = await request("get", "/api/games/{id}/hint", { params: { path: { id } }, headers: auth() });
  if (h.version !== plan.baseVersion) return null;
  let out = newPlan(plan.base, plan.baseVersion);
  for (const a of h.actions) {
    const r = a.type === "endTurn" ? null : planAdd(out, a);
    if (!r || "error" in r) break;
    out = r;
  }
  return out;
}
