/**
 * The live sockets' words that both ends must spell alike (the game's socket, /api/games/:id/live,
 * and the player's inbox socket), and what the game's socket sends.
 */
import type { GameOptionsInput } from "../engine";
import type { GameView, LogEntryView, LogEvent } from "./views";

/**
 * The keep-alive: a socket sending exactly PING is answered PONG by the platform itself
 * (setWebSocketAutoResponse in src/game/room.ts and src/player/inbox.ts), without waking the Durable
 * Object (no request, no duration). A ping with anything more (`{"type":"ping","n":1}`) reaches the
 * object and is answered after everything sent before it.
 */
export const PING = '{"type":"ping"}';
export const PONG = '{"type":"pong"}';

/**
 * The close code of a game socket whose key could not be checked (1011, RFC 6455: the server
 * failed): the page reconnects, waiting longer each time such closes follow one another.
 */
export const UNCHECKED_CLOSE = 1011;

/**
 * A page of the game's log as one caller may read it: what GET /api/games/:id/log answers, and
 * what the game socket carries (`LiveLog`). The same redaction for both (src/game/reads.ts logPage).
 */
export interface LogPage {
  /** The game's version when it was read. */
  version: number;
  total: number;
  entries: LogEntryView[];
  /** More after this index (pass it as ?after=), or null: the page reaches the end of the log. */
  next: number | null;
  /** Once the game has ended: the engine options with the seed, to replay it. */
  replay: { options: GameOptionsInput } | null;
}

/**
 * The log on the game's socket, for a page that opened it with `?after=N` (the index of the last
 * entry it has; 0: none): the greeting carries the entries after N as that socket's seat or a
 * spectator reads them, a `sync` with `after` those after its own, and every change the entries it
 * added (`after`: the log's length before them). A page with the socket open reads no log over HTTP.
 * With `&auth=1` (the page signs in at once) the spectator's greeting carries `log: null`: the
 * log comes with the seat's greeting after the key's check (or, the key sitting nowhere, with the
 * spectator's view sent just before the refusal). A socket opened without `after` gets no `log`.
 */
export interface LiveLog extends LogPage {
  /** The entries follow this index: a page whose last entry is before it missed some. */
  after: number;
}

/** Most log entries a socket message carries; more follow over HTTP from `next`. */
export const LIVE_LOG_LIMIT = 1000;

/** A `game` message of the game's socket: the view as the socket's seat sees it, the change's events, its log. */
export interface LiveGameMessage {
  type: "game";
  game: GameView;
  events: LogEvent[];
  /** On a socket opened with `?after=`: see LiveLog (null: not in this message, see there). */
  log?: LiveLog | null;
}
