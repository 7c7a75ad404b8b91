/** Reading a game: its view, the legal actions, the log, and the public board at any ply. */
import { applyEntry, legalActions, viewEntry, viewFor, type LogEntry } from "../engine";
import { deadlineOf } from "./clock";
import { eventsOf, viewLogEvents } from "./events";
import { engineOptions, gameView, startedState, type GameRecord } from "./model";
import { done, refuse, type Outcome } from "./outcome";
import type { LoggedEntry, Store } from "./store";
import type { LogPage } from "../contract/live";
import type { LogEntryView } from "../contract/views";

export type { LogEntryView };

export function legal(g: GameRecord, seat: number | null): Outcome {
  const mine = seat !== null && g.status === "active" && g.state !== null && g.state.current === seat;
  return done({
    version: g.version,
    seat,
    toAct: g.status === "active" ? g.state!.current : null,
    actions: mine ? legalActions(g.state!) : [],
  });
}

/**
 * A page of the log as `viewer` sees it (a seat, or null: a spectator), from the stored entries after
 * `after`: what GET /log answers, and what the live socket carries in its greetings and with each
 * change (src/game/live.ts) — one redaction for both.
 */
export function logPage(g: GameRecord, rows: readonly LoggedEntry[], viewer: number | null, after: number): LogPage {
  // Under the Moonlight a seat's animal choice is hidden from the others until the game has ended
  const ended = g.status === "finished";
  const entries: LogEntryView[] = rows.map((e) => ({
    index: e.index,
    version: e.version,
    seat: e.seat,
    entry: viewEntry(e.entry, e.seat, viewer, ended),
    events: viewLogEvents(eventsOf(e), viewer, ended),
    at: new Date(e.at).toISOString(),
    auto: e.timedOut ? "timeout" : null,
  }));
  const last = entries.at(-1)?.index ?? after;
  return {
    version: g.version,
    total: g.logLength,
    entries,
    next: last < g.logLength ? last : null,
    // The seed replays the game; it is secret until the game has ended.
    replay: g.status === "finished" ? { options: engineOptions(g) } : null,
  };
}

export function log(g: GameRecord, store: Store, viewer: number | null, after: number, limit: number): Outcome {
  return done(logPage(g, store.entries(after, limit), viewer, after));
}

/**
 * Embeds and board pictures: the game as a spectator sees it now, and the public board after the
 * first `ply` log entries (null: now), replayed from the log with the game's seed; `last` is the
 * entry that led there. Past plies never change, so callers may cache them for good.
 */
export function publicAt(g: GameRecord, store: Store, ply: number | null, origin: string): Outcome {
  const total = g.logLength;
  const at = ply ?? total;
  if (!Number.isInteger(at) || at < 0 || at > total)
    return refuse("NO_SUCH_PLY", `This game has plies 0 to ${total}.`, { total });
  const past = g.state !== null && at < total;
  const rows = at === 0 ? [] : store.entries(past ? 0 : at - 1, Number.MAX_SAFE_INTEGER, at);
  let state = g.state;
  if (past) {
    state = startedState(g);
    for (const r of rows) {
      const step = applyEntry(state, r.seat === null ? r.entry : ({ ...r.entry, seat: r.seat } as LogEntry));
      if (!step.ok) return refuse("INTERNAL", `The log does not replay at entry ${r.index}.`);
      state = step.state;
    }
  }
  const last = rows.at(-1);
  const ended = g.status === "finished";
  return done({
    game: gameView(g, null, origin),
    ply: at,
    total,
    state: state && viewFor(state, null),
    last:
      last && last.index === at
        ? {
            seat: last.seat,
            entry: viewEntry(last.entry, last.seat, null, ended),
            events: viewLogEvents(eventsOf(last), null, ended),
          }
        : null,
  });
}

/** Where a game stands, for "whose turn is it" lists (D1 is not written on every turn). */
export interface GameSummary {
  status: string;
  round: number;
  toAct: number | null;
  version: number;
  deadline: number | null;
}

/**
 * A game as a player's list of games shows it (GET /players/{id}/games, the same fields D1's list
 * gives), for a player seated in it, or null: that list answered from the player's inbox and the
 * games themselves, without D1 (issue 24).
 */
export interface GameListing extends GameSummary {
  id: string;
  seats: number;
  seat: number;
  options: GameRecord["settings"];
  players: { seat: number; id: string; name: string }[];
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}

export function listing(g: GameRecord, playerId: string): GameListing | null {
  const seat = g.seats.findIndex((s) => s.playerId === playerId);
  if (seat < 0) return null;
  // As D1 holds them (model.ts snapshotOf).
  return {
    ...summary(g),
    id: g.id,
    seats: g.status === "waiting" ? g.settings.seats : g.seats.length,
    seat,
    options: g.settings,
    players: g.seats.map((s, i) => ({ seat: i, id: s.playerId, name: s.name })),
    createdAt: g.createdAt,
    startedAt: g.startedAt,
    endedAt: g.endedAt,
  };
}

export function summary(g: GameRecord): GameSummary {
  return {
    status: g.status,
    round: g.state?.round ?? 0,
    toAct: g.status === "active" && g.state ? g.state.current : null,
    version: g.version,
    deadline: g.status === "active" ? deadlineOf(g.clock) : null,
  };
}
