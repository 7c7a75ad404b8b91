/**
 * Which notifications a change of a game causes, as pure functions of the record before and
 * after it. The Durable Object writes what these return in the same commit as the change.
 */
import { computeScores, moonReport, totalRounds, viewFor, winnersOf, type GameEvent, type GameState } from "../engine";
import type { Audience, EventType, NotificationDetail, NotifyGame, NotifyMoon } from "../notify/types";
import { deadlineOf, turnKey } from "./clock";
import { settingsOf, type GameRecord } from "./model";

/** A notification before it gets its id and time. */
export interface PendingNotification {
  type: EventType;
  detail: NotificationDetail;
  audience: Audience;
  exclude?: string[];
}

export function notifyGame(g: GameRecord, origin: string, boardImages: boolean): NotifyGame {
  const points = g.channel && g.state ? computeScores(g.state).map((x) => x.tokens) : null;
  const phase =
    g.status === "waiting"
      ? "lobby"
      : g.status === "finished" || g.state?.phase === "ended"
        ? "ended"
        : g.state?.phase === "setup"
          ? "setup"
          : "play";
  return {
    id: g.id,
    url: `${origin}/g/${g.id}`,
    status: g.status,
    round: g.state?.round ?? 0,
    totalRounds: totalRounds(g.settings),
    phase,
    seats: g.status === "waiting" ? g.settings.seats : g.seats.length,
    players: g.seats.map((s, seat) => ({
      seat,
      id: s.playerId,
      name: s.name,
      resigned: g.state?.players[seat]?.resigned ?? false,
      ...(s.bot ? { bot: s.bot } : {}),
      ...(points ? { points: points[seat] } : {}),
    })),
    // A channel's message shows whose turn it is and the points so far (src/chat).
    ...(g.channel && g.status !== "waiting"
      ? { toAct: g.status === "active" && g.state ? g.state.current : null }
      : {}),
    imageUrl:
      boardImages && g.state && publicOrigin(origin)
        ? `${origin}/api/games/${g.id}/board.png?ply=${g.logLength}`
        : null,
    ...(g.state?.moon ? { moon: notifyMoon(g.state) } : {}),
  };
}

/**
 * Under the Moonlight: the moon and the animals as a spectator sees them (`viewFor(state, null)`),
 * so no notification can carry an animal chosen but not yet revealed, or a face-down baby turtle.
 */
export function notifyMoon(state: GameState): NotifyMoon {
  const view = viewFor(state, null);
  const m = view.moon!;
  const report = moonReport(view);
  return {
    stage: m.stage,
    full: report.full,
    nextFull: report.marker.full,
    players: m.players.map((p, seat) => ({ seat, animal: p.animal, points: p.points })),
  };
}

/** Whether chat services can fetch pictures from this origin (Slack refuses a message whose image it cannot load). */
function publicOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (
      u.protocol === "https:" &&
      !/^(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(u.hostname) &&
      !u.hostname.endsWith(".localhost")
    );
  } catch {
    return false;
  }
}

const others = (g: GameRecord, seat: number) => g.seats.filter((_, i) => i !== seat).map((s) => s.playerId);
const everyone = (g: GameRecord) => g.seats.map((s) => s.playerId);

/**
 * The notifications of the change `prev` → `next`. `events` are the engine events it produced;
 * `leading` are notifications the caller adds first (a timeout), which may already announce the
 * next player (then the game's channels get no separate "your turn").
 */
export function transitionNotifications(
  prev: GameRecord | null,
  next: GameRecord,
  events: GameEvent[],
  leading: PendingNotification[] = [],
  opts: { announceResignations?: boolean } = {},
): PendingNotification[] {
  const out: PendingNotification[] = [...leading];
  if (!prev) return out;
  const nextTurn = () =>
    next.status === "active" && next.state ? { seat: next.state.current, deadline: deadlineOf(next.clock) } : null;

  // The lobby: seats taken and left.
  if (prev.status === "waiting") {
    for (let seat = 0; seat < next.seats.length; seat++) {
      const id = next.seats[seat].playerId;
      if (!prev.seats.some((s) => s.playerId === id))
        out.push({ type: "player.joined", detail: { seat }, audience: { players: others(next, seat), channel: true } });
    }
    for (let seat = 0; seat < prev.seats.length; seat++) {
      const s = prev.seats[seat];
      if (!next.seats.some((x) => x.playerId === s.playerId))
        out.push({
          type: "player.left",
          detail: { seat: null, subjectName: s.name },
          audience: { players: everyone(next), channel: true },
        });
    }
  }

  if (prev.status === "waiting" && next.status === "active") {
    out.push({
      type: "game.started",
      detail: { next: nextTurn() },
      audience: { players: everyone(next), channel: true },
    });
    return out;
  }

  if (opts.announceResignations !== false)
    for (const e of events)
      if (e.type === "resigned")
        out.push({
          type: "player.resigned",
          detail: { seat: e.seat, next: next.status === "active" ? nextTurn() : null },
          audience: { players: others(next, e.seat), channel: true },
        });

  if (prev.status === "active" && next.status === "finished" && next.state) {
    const scores = computeScores(next.state);
    out.push({
      type: "game.ended",
      detail: {
        scores: scores.map((s) => ({
          seat: s.seat,
          total: s.total,
          tokens: s.tokens,
          light: s.light,
          rank: s.rank,
          resigned: s.resigned,
          ...(s.moon !== undefined ? { moon: s.moon, babies: s.babies ?? 0 } : {}),
        })),
        winners: winnersOf(scores),
      },
      audience: { players: everyone(next), channel: true },
    });
    return out;
  }

  if (next.status === "active" && next.state && prev.state && turnKey(prev.state) !== turnKey(next.state)) {
    const seat = next.state.current;
    const announced = out.some((n) => n.detail.next && n.detail.next.seat === seat);
    out.push({
      type: "turn.started",
      detail: { seat, deadline: deadlineOf(next.clock) },
      audience: { players: [next.seats[seat].playerId], channel: !announced },
    });
  }
  return out;
}

/** The maximum number of timeouts in a row for a game (null: never resign). */
export function maxTimeoutsOf(g: GameRecord): number | null {
  return settingsOf(g).maxTimeouts;
}
