/** What a command produces: the game after it, its log entries, and the notifications it leads with. */
import type { StoredEntry } from "./events";
import type { GameRecord } from "./model";
import type { PendingNotification } from "./notifications";
import type { Outcome } from "./outcome";

export interface Transition<T = unknown> {
  /** The game after the change (the version is bumped when committed, if anything visible changed). */
  next: GameRecord;
  entries: StoredEntry[];
  /** Notifications that come first (a timeout, a vacation); the rest follow from the change itself. */
  leading?: PendingNotification[];
  announceResignations?: boolean;
  /** The answer, from the game as stored. */
  answer: (stored: GameRecord) => Outcome<T>;
}

export type Decision<T = unknown> = Transition<T> | { ok: false; error: import("./outcome").Refusal };

export function isRefusal<T>(d: Decision<T>): d is { ok: false; error: import("./outcome").Refusal } {
  return "ok" in d && d.ok === false;
}
