/**
 * The parts of the game page below the first paint of a turn, in one chunk loaded right after it:
 * the game log with its replay scrubber, going away / coming back, the final scores, the
 * notifications box (its panel is a chunk of its own again, loaded when the box is opened).
 */
import type { LogEntryView } from "../types";
import { History, logLines } from "../ui/history";

export { Away } from "../ui/away";
export { FinalScores } from "../ui/final-scores";
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
