/**
 * The game as the API shows it (GET /api/games/:id, the live socket, and every lobby answer) and the
 * entries of its log. Built by src/game from its record; declared here so the web client reads the
 * same types. The engine's own types (state, scores, log entries, events) are used as they are.
 */
import type { GameEvent, GameState, LogEntry, MoonOptions, Score } from "../engine";

export const BOT_LEVELS = ["easy", "medium", "strong"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
/**
 * Bots' names: botanists of several lands, the same in every language, one for each bot of a game
 * (its seat's id `bot-<n>-<level>` takes the n-th), so three bots of one level are three names, not
 * "Bot ★ 2" (which read as the two-star level); the level follows as one to three stars (the
 * bundled card font draws ★, src/embed/font/coverage.ts). Pages show the stars as a badge that says
 * "bot" and the level in words (web/src/ui/seat-name.tsx).
 */
export const BOT_NAMES = ["Linnaeus", "Merian", "Makino", "Darwin", "Mendel", "Humboldt", "Carver", "Banks"] as const;
export const BOT_STARS: Record<BotLevel, string> = { easy: "★", medium: "★★", strong: "★★★" };

/** The name of the n-th bot of a game (n from 1), at `level`: "Merian ★★". */
export function botName(n: number, level: BotLevel): string {
  return `${BOT_NAMES[(n - 1) % BOT_NAMES.length]} ${BOT_STARS[level]}`;
}

/** Rated games on a ladder before a rating stops being provisional (and is listed on the leaderboard). */
export const PROVISIONAL_GAMES = 5;

export const GAME_STATUSES = ["waiting", "active", "finished"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export interface GameSettings {
  /** Seats offered (2–4); the game starts with the seats filled by then. */
  seats: number;
  longGame: boolean;
  heavyShade: boolean;
  /** Under the Moonlight with its modes, or null (absent in older games): the base game. */
  moonlight?: MoonOptions | null;
  /** Time per move in seconds, or null for no deadline. */
  moveTimeSeconds: number | null;
  /** Seat holding the first-player token, or null to draw it from the seed. */
  firstPlayer: number | null;
  /** Timeouts in a row after which a seat is resigned (null: never). Absent in old games: 3. */
  maxTimeouts?: number | null;
  /** Vacation days each player may take in this game. Absent in old games: 14. */
  vacationDays?: number;
  /** Whether the result moves the players' ratings (issue 16). Absent in old games: false. */
  rated?: boolean;
}

/** The rating ladders: the base game, and Under the Moonlight (any of its modes). */
export const LADDERS = ["base", "moonlight"] as const;
export type Ladder = (typeof LADDERS)[number];

export interface SeatView {
  seat: number;
  player: { id: string; name: string } | null;
  /** A bot's seat: its level (its name says so too); null for a person or an empty seat. */
  bot: BotLevel | null;
  resigned: boolean;
  /** Timeouts in a row. */
  timeouts: number;
  /** While the player is away: until when (their clock is paused). */
  awayUntil: string | null;
}

export interface GameView {
  id: string;
  status: GameStatus;
  version: number;
  options: Required<GameSettings>;
  seats: SeatView[];
  /** A game with a bot seat: practice, never rated; its players may ask for a hint. */
  practice: boolean;
  /** The host: the player who created the game, or, when they left it before it started, the human seated longest then (who may start it, seat bots and list its table). */
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  state: GameState | null;
  notation: string | null;
  toAct: number | null;
  round: number;
  totalRounds: number;
  scores: Score[] | null;
  winners: number[] | null;
  actionCount: number;
  you: { seat: number } | null;
  invite: { code: string; url: string } | null;
  /** When the turn in progress times out (null: no move time, or its player is away). */
  deadline: string | null;
  /** Players away now, whose clocks are paused. */
  vacations: { seat: number; from: string; until: string }[];
  /** An open table (issue 16): null (or absent in older answers) when the game was never listed. */
  table?: TableView | null;
  /**
   * The game "Play again" made of this one once it ended (POST /api/games/{id}/rematch): its id and
   * address for anyone, its invite for this game's seated players; null (or absent) when none.
   */
  rematch?: { id: string; url: string; invite: { code: string; url: string } | null } | null;
}

/** A game listed on the open tables, as its view shows it. */
export interface TableView {
  /** On the list now: waiting, not closed, not expired. */
  open: boolean;
  listedAt: string;
  /** When the table leaves the list if nobody has filled it (see docs/tables.md). */
  expiresAt: string;
  /** Taken off the list by its creator ("closed") or by time ("expired"); null while listed or once started. */
  closed: "closed" | "expired" | null;
}

/** A move played by the service for a player whose time ran out. */
export interface TimedOutEvent {
  type: "timedOut";
  seat: number;
  strikes: number;
  resigned: boolean;
}

/** The service's own events, beside the engine's. */
export type ServiceEvent = TimedOutEvent;

/** What a log entry's events are: the engine's, led by the service's own when it played the move. */
export type LogEvent = GameEvent | ServiceEvent;

/** One entry of the game log: one action with its events. */
export interface LogEntryView {
  index: number;
  version: number;
  seat: number | null;
  entry: LogEntry;
  events: LogEvent[];
  at: string;
  /** "timeout" when the service played this for a player whose time ran out. */
  auto: "timeout" | null;
}
