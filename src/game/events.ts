/** The service's own events, beside the engine's, and the log entries that carry them. */
import type { LogEvent, ServiceEvent, TimedOutEvent } from "../contract/views";
import { viewEvents, type GameEvent, type LogEntry } from "../engine";

// The service's events are part of the API contract, declared there.
export type { LogEvent, ServiceEvent, TimedOutEvent } from "../contract/views";

/** One log entry as stored. */
export interface StoredEntry {
  seat: number | null;
  entry: LogEntry;
  /** The engine's events of this entry. */
  events: GameEvent[];
  /** The service played it: the player's time ran out. */
  timedOut?: TimedOutEvent;
}

/** The events of an entry as the log shows them (the service's first). */
export function eventsOf(e: StoredEntry): LogEvent[] {
  return e.timedOut ? [e.timedOut, ...e.events] : e.events;
}

const isService = (e: LogEvent): e is ServiceEvent => e.type === "timedOut";

/** Events as `viewer` may see them (the engine hides what is private to a seat until the end). */
export function viewLogEvents(events: readonly LogEvent[], viewer: number | null, ended: boolean): LogEvent[] {
  return events.map((e) => (isService(e) ? e : viewEvents([e], viewer, ended)[0]));
}
