import type { AnimalName, MoonStage } from "../engine";

/**
 * What a notification says, independent of where it goes. The game's Durable Object builds these
 * in the same commit as the change that caused them; the formatters (discord.ts, slack.ts,
 * json.ts) turn one into a request body for one kind of target.
 */

import type { EventType, TargetKind } from "../contract/notifications";

// The names the API shares with the client live in the contract.
export { ALWAYS_SENT, EVENT_TYPES, TARGET_KINDS, type EventType, type TargetKind } from "../contract/notifications";

export interface NotifyPlayer {
  seat: number;
  id: string;
  name: string;
  resigned: boolean;
  /** A bot's seat: its level (its name says so too); absent for a person. */
  bot?: "easy" | "medium" | "strong";
  /** Scoring tokens so far (set for games played from a chat channel, whose message shows them). */
  points?: number;
  /** Filled in at delivery time from the profile (D1); pings this user on Discord. */
  discordUserId?: string | null;
}

export interface NotifyGame {
  id: string;
  /** Where to play: `<origin>/g/<id>`. */
  url: string;
  status: "waiting" | "active" | "finished";
  /** 0 during setup. */
  round: number;
  totalRounds: number;
  phase: "lobby" | "setup" | "play" | "ended";
  players: NotifyPlayer[];
  /** Seats offered (for the lobby). */
  seats: number;
  /** The seat to act (active games played from a chat channel; null: nobody). */
  toAct?: number | null;
  /** A picture of the board at this moment, when the service renders one. */
  imageUrl?: string | null;
  /** Under the Moonlight only (absent in base games): the moon and animals, as a spectator sees them. */
  moon?: NotifyMoon;
}

/** Under the Moonlight: what every player may know of the expansion (from the spectator's view). */
export interface NotifyMoon {
  /** The expansion's setup step in progress (what the seat to act does), or null once done. */
  stage: MoonStage | null;
  /** Full moon this round (else half). */
  full: boolean;
  /** The phase the marker predicts for the next round. */
  nextFull: boolean;
  /** Per seat: the animal once revealed (null before), and moon points. */
  players: { seat: number; animal: AnimalName | null; points: number }[];
}

export interface FinalScore {
  seat: number;
  total: number;
  tokens: number;
  light: number;
  rank: number;
  resigned: boolean;
  /** Under the Moonlight: points from unspent moon points, and from the "points" baby turtle. */
  moon?: number;
  babies?: number;
}

/** The details that only some events carry. */
export interface NotificationDetail {
  /** The seat the event is about (whose turn, who joined, resigned, timed out, went away). */
  seat?: number | null;
  /** The name of a subject who no longer sits in the game (a player who left). */
  subjectName?: string;
  /** When the turn of `seat` times out (ms since epoch); null: no deadline or the clock is paused. */
  deadline?: number | null;
  /** Reminders: time left (ms) and the share of the move time it is (0.5, 0.1). */
  remainingMs?: number;
  fraction?: number;
  /** Timeouts: what was played for the player, how many timeouts in a row, and whether the seat was resigned. */
  autoAction?: { type: string; cell?: string } | null;
  strikes?: number;
  maxTimeouts?: number | null;
  resigned?: boolean;
  /** The seat to act after this event (timeouts, resignations, game start). */
  next?: { seat: number; deadline: number | null } | null;
  /** Game over. */
  scores?: FinalScore[];
  winners?: number[];
  /** Vacation: away until (ms). */
  until?: number;
  /** "Play again" (seat: who asked): the new game, and its address with the invite (personal targets only). */
  rematch?: { id: string; url: string };
  /** Table talk: the message a player wrote (seat: the writer), as written; escaped by each formatter. */
  message?: { n: number; text: string };
  /** Webhook disabled: which one and why. */
  webhook?: {
    id: string;
    kind: TargetKind;
    label: string | null;
    redactedUrl: string;
    reason: string;
    refused?: boolean;
    scope: "game" | "player";
  };
}

export interface Notification extends NotificationDetail {
  /** Stable id: the same on every attempt and every target (the idempotency key, `webhook-id`). */
  id: string;
  type: EventType;
  /** When it happened (ms since epoch). */
  at: number;
  game: NotifyGame;
}

/**
 * Who should hear of an event besides the game's own channels: the players whose personal
 * targets receive it (player ids), and whether the game's channels receive it at all.
 */
export interface Audience {
  players: string[];
  channel: boolean;
}

export interface QueuedNotification {
  notification: Notification;
  audience: Audience;
  /** Targets never to send this to (e.g. the one that was just disabled). */
  exclude?: string[];
}
