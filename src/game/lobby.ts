/** The lobby as pure commands: a record, a command and the time → a transition or a refusal. */
import { done, refuse } from "./outcome";
import { gameView, startedState, type GameRecord, type GameSettings, type SeatKey, type SeatRecord } from "./model";
import { timingSafeEqual } from "./tokens";
import type { Decision } from "./transition";
import type { BotLevel } from "../bots";

export interface NewSeat {
  id: string;
  name: string;
  tokenHash: string;
  /** The device key the seat is taken with, as D1 verified it (see SeatRecord.keys). */
  key?: SeatKey;
}

function seatOf(p: NewSeat, now: number): SeatRecord {
  return {
    playerId: p.id,
    name: p.name,
    tokenHash: p.tokenHash,
    joinedAt: now,
    ...(p.key ? { keys: [{ hash: p.key.hash, device: p.key.device }] } : {}),
  };
}

export interface CreateParams {
  id: string;
  creator: NewSeat;
  settings: GameSettings;
  seed: number;
  inviteCode: string;
  origin: string;
  /** Bots in the seats after the creator's, by level (bots.ts). */
  bots?: BotLevel[];
}

export function newGame(p: CreateParams, now: number): GameRecord {
  return {
    id: p.id,
    status: "waiting",
    version: 1,
    settings: p.settings,
    seed: p.seed,
    createdBy: p.creator.id,
    createdAt: now,
    startedAt: null,
    endedAt: null,
    inviteCode: p.inviteCode,
    seats: [seatOf(p.creator, now)],
    state: null,
    logLength: 0,
    origin: p.origin,
  };
}

/** The game goes into play with the seated players. */
export function begin(g: GameRecord, now: number): GameRecord {
  return {
    ...g,
    status: "active",
    startedAt: now,
    state: startedState(g),
    strikes: g.seats.map(() => 0),
    vacations: [],
    vacationUsedMs: g.seats.map(() => 0),
  };
}

export function join(g: GameRecord, player: NewSeat, code: string, origin: string, now: number): Decision {
  const existing = g.seats.findIndex((s) => s.playerId === player.id);
  if (existing >= 0) return refuse("ALREADY_JOINED", "You already sit in this game.", { seat: existing });
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "This game has already started.");
  if (!timingSafeEqual(code, g.inviteCode)) return refuse("BAD_INVITE", "That invite code is not valid for this game.");
  if (g.seats.length >= g.settings.seats) return refuse("GAME_FULL", "Every seat is taken.");
  const seated: GameRecord = {
    ...g,
    seats: [...g.seats, seatOf(player, now)],
  };
  const seat = seated.seats.length - 1;
  return {
    next: seated.seats.length === seated.settings.seats ? begin(seated, now) : seated,
    entries: [],
    answer: (s) => done({ game: gameView(s, seat, origin), seat }),
  };
}

export function leave(g: GameRecord, seat: number, origin: string): Decision {
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "The game has started: resign instead.");
  return {
    next: { ...g, seats: g.seats.filter((_, i) => i !== seat) },
    entries: [],
    answer: (s) => done({ game: gameView(s, null, origin) }),
  };
}

export function start(g: GameRecord, seat: number, origin: string, now: number): Decision {
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "The game has already started.");
  if (g.createdBy !== g.seats[seat].playerId) return refuse("NOT_CREATOR", "Only the game's creator can start it.");
  if (g.seats.length < 2) return refuse("NOT_ENOUGH_PLAYERS", "At least 2 players must have joined.");
  return { next: begin(g, now), entries: [], answer: (s) => done({ game: gameView(s, seat, origin) }) };
}
