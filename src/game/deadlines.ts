/**
 * Deadlines and vacations as pure commands over the record (the clock's arithmetic is in
 * clock.ts): the clock of a new turn, one step of the clock at a time `now`, going away and
 * coming back; before the game starts, the end of its open table (lobby.ts). Each step re-reads the record, so a step taken twice does nothing the second time.
 */
import { applyAction, cellIndex, labelOf, legalActions, resign, type Action, type LogEntry } from "../engine";
import {
  DAY_MS,
  deadlineOf,
  dueReminder,
  nextClockEvent,
  pauseClock,
  resumeClock,
  startClock,
  turnKey,
  vacationBooked,
} from "./clock";
import type { StoredEntry, TimedOutEvent } from "./events";
import { gameView, settingsOf, type GameRecord } from "./model";
import type { PendingNotification } from "./notifications";
import { done, refuse } from "./outcome";
import type { Decision, Transition } from "./transition";
import { expireTable, tableDue } from "./lobby";

const none = () => done(null);

/** A new turn gets a new clock; a game no longer in play has none. */
export function withClock(g: GameRecord, now: number): GameRecord {
  if (g.status !== "active" || !g.state || g.state.phase === "ended")
    return g.clock || g.vacations?.length ? { ...g, clock: null, vacations: [] } : g;
  const c = g.clock;
  if (c && c.turn === turnKey(g.state) && c.seat === g.state.current) return g;
  const clock = startClock(g.settings.moveTimeSeconds, g.state, g.vacations, now);
  return c === clock ? g : { ...g, clock };
}

/** When the clock must act next (null: nothing scheduled); a waiting game's: when its open table expires. */
export function nextDue(g: GameRecord | null): number | null {
  if (g?.status === "waiting") return tableDue(g);
  return g && g.status === "active" ? (nextClockEvent(g)?.at ?? null) : null;
}

/** The clock's next step if it is due by `now`: a vacation ends, a reminder, or a timeout. */
export function clockStep(g: GameRecord, now: number): Transition | null {
  if (g.status === "waiting") return expireTable(g, now);
  if (g.status !== "active" || !g.state) return null;
  const ev = nextClockEvent(g);
  if (!ev || ev.at > now) return null;
  if (ev.type === "vacationEnds") return endVacation(g, ev.seat, ev.at);
  // A late alarm past the deadline: no reminder any more, the timeout itself.
  if (ev.type === "timeout" || (deadlineOf(g.clock) ?? Number.POSITIVE_INFINITY) <= now) return timeout(g, now);
  return remind(g, now);
}

function timeout(g: GameRecord, now: number): Transition {
  const c = g.clock!;
  const s = g.state!;
  // A clock left from an earlier turn: time the turn in progress instead.
  if (s.current !== c.seat || turnKey(s) !== c.turn) return { next: { ...g, clock: null }, entries: [], answer: none };
  const seat = c.seat;
  const strikes = [...(g.strikes ?? g.seats.map(() => 0))];
  strikes[seat] = (strikes[seat] ?? 0) + 1;
  const max = settingsOf(g).maxTimeouts;
  const resigning = max !== null && strikes[seat] >= max;
  let entry: LogEntry;
  let result = resigning ? resign(s, seat) : null;
  let autoAction: { type: string; cell?: string } | null = null;
  if (resigning) entry = { type: "resign", seat };
  else {
    // The move that is always legal: end the turn; in setup, place on the first free edge cell.
    const action: Action = s.phase === "setup" ? (legalActions(s)[0] ?? { type: "endTurn" }) : { type: "endTurn" };
    entry = action;
    result = applyAction(s, action);
    autoAction =
      action.type === "place"
        ? { type: "place", cell: labelOf(cellIndex(action.cell.q, action.cell.r)) }
        : { type: action.type };
    if (!result.ok) {
      // Should never happen; resign rather than stall the game.
      entry = { type: "resign", seat };
      result = resign(s, seat);
    }
  }
  if (!result?.ok) {
    console.error("timeout: no move possible", result?.ok === false ? result.error.code : "");
    return { next: { ...g, clock: null }, entries: [], answer: none };
  }
  const resigned = entry.type === "resign";
  const finished = result.state.phase === "ended";
  const timedOut: TimedOutEvent = { type: "timedOut", seat, strikes: strikes[seat], resigned };
  const next = withClock(
    {
      ...g,
      state: result.state,
      status: finished ? "finished" : "active",
      endedAt: finished ? now : null,
      logLength: g.logLength + 1,
      strikes,
    },
    now,
  );
  const after =
    next.status === "active" && next.state ? { seat: next.state.current, deadline: deadlineOf(next.clock) } : null;
  const stored: StoredEntry = { seat, entry, events: result.events, timedOut };
  return {
    next,
    entries: [stored],
    announceResignations: false,
    leading: [
      {
        type: "turn.timeout",
        detail: {
          seat,
          autoAction: resigned ? null : autoAction,
          strikes: strikes[seat],
          maxTimeouts: max,
          resigned,
          next: after,
        },
        audience: { players: [g.seats[seat].playerId], channel: true },
      },
    ],
    answer: none,
  };
}

function remind(g: GameRecord, now: number): Transition | null {
  const c = g.clock!;
  const due = dueReminder(c, now);
  if (!due) return null;
  const deadline = deadlineOf(c)!;
  return {
    next: { ...g, clock: { ...c, reminded: [...c.reminded, due.share, ...due.moot] } },
    entries: [],
    leading: [
      {
        type: "turn.reminder",
        detail: { seat: c.seat, deadline, remainingMs: Math.max(0, deadline - now), fraction: due.share },
        audience: { players: [g.seats[c.seat].playerId], channel: true },
      },
    ],
    answer: none,
  };
}

/** End a seat's vacation at `at` (its end, or earlier when the player is back). */
function endVacation(g: GameRecord, seat: number, at: number, opts: { quiet?: boolean } = {}): Transition {
  const v = (g.vacations ?? []).find((x) => x.seat === seat);
  if (!v) return { next: g, entries: [], answer: none };
  const used = [...(g.vacationUsedMs ?? g.seats.map(() => 0))];
  used[seat] = (used[seat] ?? 0) + Math.max(0, Math.min(at, v.until) - v.from);
  const clock = g.clock && g.clock.seat === seat ? resumeClock(g.clock, at) : (g.clock ?? null);
  const resumed = !!g.clock && g.clock.seat === seat && g.clock.runningSince === null;
  const leading: PendingNotification[] = opts.quiet
    ? []
    : [
        {
          type: "player.away",
          detail: { seat, deadline: deadlineOf(clock) },
          audience: { players: resumed ? [g.seats[seat].playerId] : [], channel: true },
        },
      ];
  return {
    next: { ...g, vacations: (g.vacations ?? []).filter((x) => x !== v), vacationUsedMs: used, clock },
    entries: [],
    leading,
    answer: none,
  };
}

/** Declare an absence of `hours` from now (replacing one in progress): the player's clock pauses. */
export function goAway(g: GameRecord, seat: number, hours: number, origin: string, now: number): Decision {
  if (g.status !== "active") return refuse("GAME_NOT_ACTIVE", "Vacations are for games in play.");
  if (g.state?.players[seat]?.resigned) return refuse("RESIGNED", "You have resigned from this game.");
  const allowance = settingsOf(g).vacationDays * DAY_MS;
  const current = (g.vacations ?? []).find((v) => v.seat === seat);
  const bookedBefore = vacationBooked(g, seat) - (current ? current.until - Math.min(now, current.until) : 0);
  const wanted = hours * 3600_000;
  if (bookedBefore + wanted > allowance) {
    const leftHours = Math.max(0, Math.floor((allowance - bookedBefore) / 3600_000));
    return refuse(
      "VACATION_EXHAUSTED",
      `You have ${leftHours} hours of vacation left in this game (of ${settingsOf(g).vacationDays} days).`,
      { hoursLeft: leftHours },
    );
  }
  const back = current ? endVacation(g, seat, now, { quiet: true }).next : g;
  const clock = back.clock && back.clock.seat === seat ? pauseClock(back.clock, now) : (back.clock ?? null);
  return {
    next: { ...back, clock, vacations: [...(back.vacations ?? []), { seat, from: now, until: now + wanted }] },
    entries: [],
    leading: [
      {
        type: "player.away",
        detail: { seat, until: now + wanted },
        audience: { players: g.seats.filter((_, i) => i !== seat).map((s) => s.playerId), channel: true },
      },
    ],
    answer: (s) => done({ game: gameView(s, seat, origin) }),
  };
}

/** Come back early: the vacation ends now (the unused days stay available). */
export function comeBack(g: GameRecord, seat: number, origin: string, now: number): Decision {
  if (!(g.vacations ?? []).some((v) => v.seat === seat))
    return refuse("NOT_AWAY", "You are not on vacation in this game.");
  const t = endVacation(g, seat, now);
  return { ...t, answer: (s) => done({ game: gameView(s, seat, origin) }) };
}
