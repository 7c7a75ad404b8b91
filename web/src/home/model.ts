/**
 * The start page's lists, in the order a player needs them: the games where it is your turn (the
 * nearest deadline first), then those waiting on others (likewise), then those still gathering
 * players, then the finished ones (the latest first). Pure, for tests.
 */
import type { GameSummary } from "../types";

export interface GameGroups {
  yourTurn: GameSummary[];
  others: GameSummary[];
  gathering: GameSummary[];
  finished: GameSummary[];
}

const at = (iso: string | null, missing: number) => (iso === null ? missing : Date.parse(iso));

/** Soonest deadline first; games without one after them, the longest waiting first. */
function byDeadline(a: GameSummary, b: GameSummary): number {
  return (
    at(a.deadline, Infinity) - at(b.deadline, Infinity) ||
    at(a.startedAt, 0) - at(b.startedAt, 0) ||
    a.id.localeCompare(b.id)
  );
}

const newest = (key: "createdAt" | "endedAt") => (a: GameSummary, b: GameSummary) =>
  at(b[key], 0) - at(a[key], 0) || a.id.localeCompare(b.id);

/** Group and order games (any mix of statuses; a game listed twice counts once, the later copy wins). */
export function groupGames(lists: readonly (readonly GameSummary[])[]): GameGroups {
  const byId = new Map<string, GameSummary>();
  for (const list of lists) for (const g of list) byId.set(g.id, g);
  const all = [...byId.values()];
  const active = all.filter((g) => g.status === "active");
  return {
    yourTurn: active.filter((g) => g.yourTurn).sort(byDeadline),
    others: active.filter((g) => !g.yourTurn).sort(byDeadline),
    gathering: all.filter((g) => g.status === "waiting").sort(newest("createdAt")),
    finished: all.filter((g) => g.status === "finished").sort(newest("endedAt")),
  };
}

/** The other players of a game, by name. */
export function othersOf(g: GameSummary, you: string): string[] {
  return g.players.filter((p) => p.id !== you).map((p) => p.name);
}

/** Whom a game in play waits on (null: on you, or nobody). */
export function waitingOn(g: GameSummary): string | null {
  if (g.status !== "active" || g.yourTurn || g.toAct === null) return null;
  return g.players.find((p) => p.seat === g.toAct)?.name ?? null;
}
