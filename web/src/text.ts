/** Words for the board and the log in the current language. */
import { hexLabel, type GameEvent } from "../../src/engine/reading";
import type { BoardText } from "../../src/render";
import { listOf, t } from "./i18n";

const pieceIndex = (name: string) => ["seed", "small", "medium", "large"].indexOf(name);

/** "Alice (triangles)": the name and the shape that tells the seat's pieces apart. */
export function seatLabel(names: readonly string[], seat: number): string {
  return `${names[seat] ?? `#${seat + 1}`} (${t.shapeNames[seat]})`;
}

/** An expansion's words for the board: the base words with its pieces' (their titles, what a cell and the board say of them). */
let moreBoardText: ((base: BoardText, names: readonly string[]) => BoardText) | null = null;
let boardWords = 0;
/** Set when an expansion's part of the page loads, and again when its texts change language (web/src/moon/load.ts). */
export function setMoreBoardText(f: typeof moreBoardText): void {
  moreBoardText = f;
  boardWords++;
}
/** Changes whenever the board's words do beyond the page's language (for the board's memo). */
export const boardWordsKey = () => boardWords;

/** Accessible labels for the board picture. */
export function boardText(names: readonly string[]): BoardText {
  const base: BoardText = {
    board: ({ round, rounds, sun, phase }) =>
      phase === "setup" ? t.boardLabelSetup(t.dirs[sun]) : t.boardLabel(round, rounds, t.dirs[sun]),
    cell: (c) => {
      const parts = [c.label, t.cellLeaves(c.leaves)];
      if (c.piece) {
        parts.push(t.pieceOf(t.piece[c.piece.size], seatLabel(names, c.piece.seat)));
        if (c.piece.size > 0) parts.push(c.light > 0 ? t.collects(c.light) : t.shaded);
        else if (c.shadow > 0) parts.push(t.inShadow);
      } else {
        // (The Great Tree or a moonstone stands on a cell without a piece: it is not empty.)
        if (!c.moon?.greatTree && !c.moon?.stone) parts.push(t.cellEmpty);
        if (c.shadow > 0) parts.push(t.inShadow);
      }
      if (c.previewShadow > 0) parts.push(t.shadedNext);
      if (c.highlight === "target") parts.push(t.aTarget);
      if (c.highlight === "selected") parts.push(t.isSelected);
      if (c.highlight === "used") parts.push(t.usedThisTurn);
      return parts.join(", ");
    },
  };
  return moreBoardText ? moreBoardText(base, names) : base;
}

/** Words for an expansion's events, set when its part of the page loads (web/src/moon/load.ts). */
let moreEventText: ((e: GameEvent, names: readonly string[]) => string | null) | null = null;
export function setMoreEventText(f: typeof moreEventText): void {
  moreEventText = f;
}

/** One log line per event (null for events not worth a line). */
export function eventText(e: GameEvent, names: readonly string[]): string | null {
  const who = (seat: number) => names[seat] ?? `#${seat + 1}`;
  switch (e.type) {
    case "placed":
      return t.evPlaced(who(e.seat), hexLabel(e.cell));
    case "bought":
      return t.evBought(who(e.seat), t.piece[pieceIndex(e.piece)], e.cost);
    case "planted":
      return t.evPlanted(who(e.seat), hexLabel(e.from), hexLabel(e.to));
    case "grew":
      return t.evGrew(who(e.seat), hexLabel(e.cell), t.piece[pieceIndex(e.from)], t.piece[pieceIndex(e.to)], e.cost);
    case "collected":
      return t.evCollected(who(e.seat), hexLabel(e.cell), e.token ? e.token.value : null);
    case "turnEnded":
      return e.auto ? t.evTurnSkipped(who(e.seat)) : t.evTurnEnded(who(e.seat));
    case "resigned":
      return t.evResigned(who(e.seat));
    case "setupEnded":
      return t.evSetupEnded;
    case "roundStarted":
      return t.evRoundStarted(e.round, t.dirs[e.sun]);
    case "lightCollected":
      return t.evLight(who(e.seat), e.amount, e.lost);
    case "gameEnded":
      return t.evGameEnded(
        e.winners.length === 1
          ? t.winnerIs(who(e.winners[0]))
          : e.winners.length > 1
            ? t.winnersAre(listOf(e.winners.map(who)))
            : "",
      );
    default:
      return moreEventText ? moreEventText(e, names) : null;
  }
}

// (times and durations live in ./time, which does not bring the engine: the start page uses them)
export { durationText, relativeTime, whenText } from "./time";
