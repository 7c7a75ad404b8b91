/**
 * What each player's inbox (src/player/inbox.ts) is told of this game: for every human seat,
 * whether it is their turn and when that turn times out, while the game is in play. A commit tells
 * only the players whose line changed (a turn: the one who moved and the one to move; the start
 * and the end: everyone), each line with the game's version so an inbox keeps them in order.
 * Pure: the record in, the lines out.
 */
import { deadlineOf } from "./clock";
import type { GameRecord } from "./model";

/** A player's line for one game; null: the game is not in play for them (waiting, finished, left). */
export interface TurnLine {
  id: string;
  yourTurn: boolean;
  deadline: number | null;
  version: number;
}

export function turnLine(g: GameRecord, seat: number): TurnLine | null {
  if (g.status !== "active" || !g.state || g.seats[seat]?.bot) return null;
  const yourTurn = g.state.current === seat;
  return { id: g.id, yourTurn, deadline: yourTurn ? deadlineOf(g.clock) : null, version: g.version };
}

/** A player's line in a game (null: not in play for them). */
export function turnFor(g: GameRecord | null, playerId: string): TurnLine | null {
  if (!g) return null;
  const seat = g.seats.findIndex((s) => s.playerId === playerId);
  return seat < 0 ? null : turnLine(g, seat);
}

const same = (a: TurnLine | null, b: TurnLine | null) =>
  a === null || b === null ? a === b : a.yourTurn === b.yourTurn && a.deadline === b.deadline;

/** The players to tell after a change from `prev` to `next`, with their new line (null: gone). */
export function turnChanges(prev: GameRecord, next: GameRecord): { playerId: string; line: TurnLine | null }[] {
  const out: { playerId: string; line: TurnLine | null }[] = [];
  const players = new Set([...prev.seats, ...next.seats].filter((s) => s.playerId && !s.bot).map((s) => s.playerId));
  for (const playerId of players) {
    const before = turnFor(prev, playerId);
    const after = turnFor(next, playerId);
    if (!same(before, after)) out.push({ playerId, line: after });
  }
  return out;
}
