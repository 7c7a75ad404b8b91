/**
 * The parts of the game page below the first paint of a turn: the game log with its replay
 * scrubber, the scoring stacks, a seated player's button that loads
 * table talk and notifications box (closed). Every game page loads them at once, so
 * they come in the game page's chunk (./view/lazy.tsx; one file weighs less than two: docs/web.md
 * "Weights"), styled by app.css's end, and show after the page's first paint. The
 * live socket is ./live.ts (../deps.ts), what only some moments show ./moments.tsx.
 */
import type { GameState } from "../../../src/engine/base";
import type { GameView, LogEntryView } from "../types";
import { lazy } from "../ui/lazy";
import { loadPart } from "../ui/part";
import { History, logLines } from "./view/history";

export { Stacks } from "./view/stacks";
export { TalkButton } from "./view/talk-button";
export { GameNotify } from "../notify/game-box";

/** The coach (web/src/coach): a chunk of its own, for a finished game or a practice game's player. */
const Coach = lazy(() => loadPart("coach", import("../coach/panel")).then((m) => m.CoachPanel));

/**
 * The log of the game (as lines in the page's language) with the replay scrubber (`states`: the
 * game at every ply, null when it cannot be replayed), and under it the coach's review.
 */
export function GameLog(p: {
  log: LogEntryView[];
  names: string[];
  total: number;
  ply: number | null;
  setPly: (n: number | null) => void;
  states: GameState[] | null;
  /** Whether the history can be replayed (the rules may come when it is first touched: `prepare`). */
  canReplay: boolean;
  prepare: () => void;
  view: GameView;
}) {
  const v = p.view;
  const seat = v.you?.seat ?? -1;
  return (
    <>
      <History
        lines={logLines(p.log, p.names)}
        total={p.total}
        ply={p.ply}
        setPly={p.setPly}
        canReplay={p.canReplay}
        prepare={p.prepare}
      />
      {(v.status === "finished" || (v.practice && seat >= 0)) && (
        <Coach
          gameId={v.id}
          status={v.status}
          practice={v.practice}
          seat={seat}
          names={p.names}
          stateAt={(n: number) => p.states?.[n] ?? null}
          theme={matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"}
        />
      )}
    </>
  );
}
