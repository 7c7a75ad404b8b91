/**
 * Move deadlines, as pure functions over the game record: the clock of the turn in progress
 * (started when the turn starts, paused while its player is away), the reminders before it runs
 * out, and vacations. The Durable Object keeps the next due time in its `timers` table and acts
 * on `nextClockEvent` when its alarm fires; every handler re-checks the record, so firing twice
 * does nothing the second time.
 */
import type { GameState } from "../engine";

/** Reminders are sent when this share of the move time is left (most urgent last). */
export const REMINDERS = [0.5, 0.1] as const;
export const DEFAULT_MAX_TIMEOUTS = 3;
export const DEFAULT_VACATION_DAYS = 14;
export const DAY_MS = 24 * 3600 * 1000;

export interface TurnClock {
  /** The turn it times: see `turnKey`. */
  turn: string;
  seat: number;
  /** The move time of the game. */
  budgetMs: number;
  /** Time left when the clock last started or stopped. */
  remainingMs: number;
  /** When it last started running; null while paused (its player is away). */
  runningSince: number | null;
  /** Reminder shares already sent for this turn. */
  reminded: number[];
}

export interface Vacation {
  seat: number;
  from: number;
  until: number;
}

/** The clock-related part of a game record. */
export interface ClockFields {
  clock?: TurnClock | null;
  vacations?: Vacation[];
  /** Vacation time used so far per seat (ms), ended vacations only. */
  vacationUsedMs?: number[];
  /** Timeouts in a row per seat (reset when the player moves). */
  strikes?: number[];
}

/** A turn's identity: setup placements and play turns each get their own. */
export function turnKey(state: GameState): string {
  return `${state.phase}:${state.round}:${state.turn}`;
}

export function deadlineOf(clock: TurnClock | null | undefined): number | null {
  if (!clock || clock.runningSince === null) return null;
  return clock.runningSince + clock.remainingMs;
}

export function awayUntil(vacations: Vacation[] | undefined, seat: number, now: number): number | null {
  const v = (vacations ?? []).find((x) => x.seat === seat && x.from <= now && now < x.until);
  return v ? v.until : null;
}

/** The clock of a turn that starts now (null: no move time, or the game is not in play). */
export function startClock(
  moveTimeSeconds: number | null,
  state: GameState | null,
  vacations: Vacation[] | undefined,
  now: number,
): TurnClock | null {
  if (!moveTimeSeconds || !state || state.phase === "ended") return null;
  const budgetMs = moveTimeSeconds * 1000;
  const seat = state.current;
  return {
    turn: turnKey(state),
    seat,
    budgetMs,
    remainingMs: budgetMs,
    runningSince: awayUntil(vacations, seat, now) === null ? now : null,
    reminded: [],
  };
}

export function pauseClock(c: TurnClock, now: number): TurnClock {
  if (c.runningSince === null) return c;
  return { ...c, remainingMs: Math.max(0, c.remainingMs - Math.max(0, now - c.runningSince)), runningSince: null };
}

export function resumeClock(c: TurnClock, at: number): TurnClock {
  return c.runningSince === null ? { ...c, runningSince: at } : c;
}

/** When a reminder share falls due on a running clock. */
function reminderAt(c: TurnClock, share: number): number | null {
  if (c.runningSince === null || c.reminded.includes(share)) return null;
  return c.runningSince + c.remainingMs - share * c.budgetMs;
}

export type ClockEvent =
  | { type: "vacationEnds"; at: number; seat: number }
  | { type: "timeout"; at: number }
  | { type: "reminder"; at: number; share: number };

/** The earliest thing the clock must do, due or not (null: nothing scheduled). */
export function nextClockEvent(f: ClockFields): ClockEvent | null {
  const candidates: ClockEvent[] = [];
  for (const v of f.vacations ?? []) candidates.push({ type: "vacationEnds", at: v.until, seat: v.seat });
  const c = f.clock;
  const deadline = deadlineOf(c);
  if (c && deadline !== null) {
    candidates.push({ type: "timeout", at: deadline });
    const pending = REMINDERS.map((share) => ({ share, at: reminderAt(c, share) })).filter(
      (r): r is { share: 0.5 | 0.1; at: number } => r.at !== null,
    );
    if (pending.length) {
      const first = pending.reduce((a, b) => (b.at < a.at ? b : a));
      candidates.push({ type: "reminder", at: first.at, share: first.share });
    }
  }
  if (!candidates.length) return null;
  // Earliest first; at the same moment a vacation's end comes before a timeout, a timeout before a reminder.
  const order = { vacationEnds: 0, timeout: 1, reminder: 2 } as const;
  candidates.sort((a, b) => a.at - b.at || order[a.type] - order[b.type]);
  return candidates[0];
}

/** The reminder to send at `now`: the most urgent share whose time has come, and the others it makes moot. */
export function dueReminder(c: TurnClock, now: number): { share: number; moot: number[] } | null {
  const due = REMINDERS.filter((share) => {
    const at = reminderAt(c, share);
    return at !== null && at <= now;
  });
  if (!due.length) return null;
  const share = Math.min(...due);
  return { share, moot: due.filter((s) => s !== share) };
}

/** Vacation time a seat has used or booked: ended vacations plus the whole of the current one. */
export function vacationBooked(f: ClockFields, seat: number): number {
  const done = f.vacationUsedMs?.[seat] ?? 0;
  return (
    done + (f.vacations ?? []).filter((v) => v.seat === seat).reduce((n, v) => n + Math.max(0, v.until - v.from), 0)
  );
}
