/**
 * A game as the Durable Object keeps it: the lobby (seats, invite), the engine state, and the
 * views derived from it. Pure functions only; storage lives in room.ts.
 */
import {
  computeScores,
  createGame,
  toNotation,
  totalRounds,
  viewFor,
  winnersOf,
  type GameOptionsInput,
  type GameState,
} from "../engine";
import { DEFAULT_MAX_TIMEOUTS, DEFAULT_VACATION_DAYS, deadlineOf, type ClockFields } from "./clock";

import type { GameSettings, GameStatus, GameView, SeatView, TableView } from "../contract/views";
import type { GameSnapshot } from "../db/snapshot";
import type { BotLevel } from "../bots";
import type { RematchRecord } from "./rematch";
import type { ChannelRef } from "../chat/model";

// The views are part of the API contract, declared there.
export type { GameSettings, GameStatus, GameView, SeatView, TableView };
export type { GameSnapshot };

/** The settings with the defaults of fields that older games lack. */
export function settingsOf(g: { settings: GameSettings }): Required<GameSettings> {
  return {
    ...g.settings,
    moonlight: g.settings.moonlight ?? null,
    maxTimeouts: g.settings.maxTimeouts === undefined ? DEFAULT_MAX_TIMEOUTS : g.settings.maxTimeouts,
    vacationDays: g.settings.vacationDays ?? DEFAULT_VACATION_DAYS,
    rated: g.settings.rated ?? false,
  };
}

export interface SeatRecord {
  playerId: string;
  name: string;
  /** SHA-256 of the player's bearer token: a secret, never in any view. */
  tokenHash: string;
  joinedAt: number;
  /**
   * The device keys (their SHA-256, secrets like tokenHash) D1 verified for this seat: the key the
   * seat was taken with, and any other device of the player's that acted here since. A key here
   * acts without a D1 read; its device's revocation strikes it off (room.ts, deviceRevoked).
   */
  keys?: SeatKey[];
  /** A bot's seat: its level (a bot has no key: tokenHash is empty and matches no caller). */
  bot?: BotLevel;
}

export interface SeatKey {
  hash: string;
  device: string;
}

export interface GameRecord extends ClockFields {
  id: string;
  status: GameStatus;
  /** Bumped on every accepted change; clients send the version they saw. */
  version: number;
  settings: GameSettings;
  /** The game's random seed: secret until the game has ended. */
  seed: number;
  createdBy: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** Secret shared with the seated players for inviting others. */
  inviteCode: string;
  /** Seated players; seat i of the engine is seats[i]. */
  seats: SeatRecord[];
  state: GameState | null;
  /** Entries in the action log. */
  logLength: number;
  /** Notifications created so far (their ids count up). */
  notifySeq?: number;
  /** The address the game was created at: links in notifications point there. */
  origin?: string;
  /** Devices revoked while the game went on: never learned as a seat's key again. */
  revokedDevices?: string[];
  /** An open table (issue 16; lobby.ts): listed for anyone signed in to join without the invite. Absent: never listed. */
  table?: TableRecord;
  /** The game "Play again" made of this one once it ended (rematch.ts). */
  rematch?: RematchRecord;
  /**
   * A game started from a chat channel (issue 27, src/chat): the message it owns there, which its
   * outbox keeps up to date. Anyone in that channel may take a free seat from it (the message is
   * the invite). Never in a view.
   */
  channel?: ChannelRef;
}

/**
 * A game listed on the open tables: since when, until when (TABLE_TTL_MS after it was listed, the
 * game's alarm closes it then), and whether it was taken off the list by its creator or expired.
 */
export interface TableRecord {
  listedAt: number;
  expiresAt: number;
  closed: null | "closed" | "expired";
}

/** When the table is on the list now (what D1's games.listed_at holds), else null: closed, expired, started. */
export function listedAt(g: GameRecord): number | null {
  return g.status === "waiting" && g.table && g.table.closed === null ? g.table.listedAt : null;
}

function tableView(g: GameRecord): TableView | null {
  const t = g.table;
  if (!t) return null;
  return { open: listedAt(g) !== null, listedAt: iso(t.listedAt)!, expiresAt: iso(t.expiresAt)!, closed: t.closed };
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** The game as `viewerSeat` (null: a spectator) may see it. Never contains token hashes or the seed. */
export function gameView(g: GameRecord, viewerSeat: number | null, origin: string): GameView {
  const state = g.state ? viewFor(g.state, viewerSeat) : null;
  const seatCount = g.status === "waiting" ? g.settings.seats : g.seats.length;
  const scores = g.state ? computeScores(g.state) : null;
  return {
    id: g.id,
    status: g.status,
    version: g.version,
    options: settingsOf(g),
    seats: Array.from({ length: seatCount }, (_, seat) => {
      const s = g.seats[seat];
      const away = (g.vacations ?? []).find((v) => v.seat === seat);
      return {
        seat,
        player: s ? { id: s.playerId, name: s.name } : null,
        bot: s?.bot ?? null,
        resigned: g.state?.players[seat]?.resigned ?? false,
        timeouts: g.strikes?.[seat] ?? 0,
        awayUntil: away ? iso(away.until) : null,
      };
    }),
    practice: g.seats.some((s) => s.bot),
    createdBy: g.createdBy,
    createdAt: iso(g.createdAt)!,
    startedAt: iso(g.startedAt),
    endedAt: iso(g.endedAt),
    state,
    notation: state ? toNotation(state) : null,
    toAct: g.status === "active" && g.state ? g.state.current : null,
    round: g.state?.round ?? 0,
    totalRounds: totalRounds(g.settings),
    scores,
    winners: g.status === "finished" && scores ? winnersOf(scores) : null,
    actionCount: g.logLength,
    you: viewerSeat === null ? null : { seat: viewerSeat },
    invite:
      viewerSeat === null || g.status !== "waiting"
        ? null
        : { code: g.inviteCode, url: `${origin}/g/${g.id}?invite=${g.inviteCode}` },
    deadline: g.status === "active" ? iso(deadlineOf(g.clock)) : null,
    vacations: (g.vacations ?? []).map((v) => ({ seat: v.seat, from: iso(v.from)!, until: iso(v.until)! })),
    table: tableView(g),
    // The new game's id is no secret (anyone may watch it); its invite is for this game's seats.
    rematch: g.rematch
      ? {
          id: g.rematch.id,
          url: `${origin}/g/${g.rematch.id}`,
          invite:
            viewerSeat === null
              ? null
              : { code: g.rematch.inviteCode, url: `${origin}/g/${g.rematch.id}?invite=${g.rematch.inviteCode}` },
        }
      : null,
  };
}

/** The engine options the game starts with (and replays from). */
export function engineOptions(g: GameRecord): GameOptionsInput {
  const fixed = g.settings.firstPlayer !== null && g.settings.firstPlayer < g.seats.length;
  return {
    players: g.seats.length,
    longGame: g.settings.longGame,
    heavyShade: g.settings.heavyShade,
    ...(fixed ? { firstPlayer: g.settings.firstPlayer! } : {}),
    seed: g.seed,
    ...(g.settings.moonlight ? { moonlight: g.settings.moonlight } : {}),
  };
}

/** Start the engine game with the seated players. */
export function startedState(g: GameRecord): GameState {
  const created = createGame(engineOptions(g));
  if (!created.ok) throw new Error(`cannot start: ${created.error.message}`);
  return created.state;
}

export function snapshotOf(g: GameRecord): GameSnapshot {
  const finished = g.status === "finished" && g.state !== null;
  const scores = g.state ? computeScores(g.state) : [];
  return {
    game: {
      id: g.id,
      status: g.status,
      seats: g.status === "waiting" ? g.settings.seats : g.seats.length,
      options: g.settings,
      createdBy: g.createdBy,
      createdAt: g.createdAt,
      startedAt: g.startedAt,
      endedAt: g.endedAt,
      round: g.state?.round ?? 0,
      toAct: g.status === "active" && g.state ? g.state.current : null,
      version: g.version,
      practice: g.seats.some((s) => s.bot),
      listedAt: listedAt(g),
    },
    players: g.seats.map((s, seat) => ({ seat, playerId: s.playerId, bot: s.bot ?? null })),
    result: finished
      ? {
          rounds: g.state!.round,
          actionCount: g.logLength,
          startedAt: g.startedAt ?? g.createdAt,
          endedAt: g.endedAt ?? g.createdAt,
          winners: winnersOf(scores),
          seats: scores.map((s) => ({
            seat: s.seat,
            playerId: g.seats[s.seat].playerId,
            score: s.total,
            tokens: g.state!.players[s.seat].tokens,
            light: g.state!.players[s.seat].light,
            rank: s.rank,
            resigned: s.resigned,
            animal: g.state!.moon?.players[s.seat]?.animal ?? null,
          })),
        }
      : null,
  };
}
