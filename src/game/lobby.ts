/** The lobby as pure commands: a record, a command and the time → a transition or a refusal. */
import { done, refuse } from "./outcome";
import {
  gameView,
  listedAt,
  startedState,
  type GameRecord,
  type GameSettings,
  type SeatKey,
  type SeatRecord,
} from "./model";
import { timingSafeEqual } from "./tokens";
import { isRefusal, type Decision, type Transition } from "./transition";
import type { ChannelRef } from "../chat/model";
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
  /** List the game on the open tables (issue 16) from its creation. */
  open?: boolean;
  /** Started from a chat channel: the message it owns there (src/chat). */
  channel?: ChannelRef;
}

/**
 * Open tables (issue 16). A listed table stays on the list TABLE_TTL_MS: then the game's alarm (the
 * one that runs the clock, deadlines.ts) closes it as "expired" — it leaves the list and nobody can
 * join it from there; the game itself stays a waiting game of its creator (an invite still works,
 * and listing it again gives it another TABLE_TTL_MS). How many tables one player may have listed
 * at once (MAX_OPEN_TABLES; the list is D1's) is held by a claim in D1 before the game commits a
 * listing (listing.ts).
 */
export const TABLE_TTL_MS = 7 * 24 * 3600 * 1000;
export const MAX_OPEN_TABLES = 3;

function listed(now: number): NonNullable<GameRecord["table"]> {
  return { listedAt: now, expiresAt: now + TABLE_TTL_MS, closed: null };
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
    ...(p.open ? { table: listed(now) } : {}),
    ...(p.channel ? { channel: p.channel } : {}),
  };
}

/**
 * A seat taken from the game's chat message: only a click in the channel the game belongs to, and
 * the message stands for the invite. The chat user is remembered for the seat (whom turn pings mention).
 */
export function channelJoin(
  g: GameRecord,
  player: NewSeat,
  where: { platform: string; channel: string; user: string },
  origin: string,
  now: number,
): Decision {
  const c = g.channel;
  if (!c || c.platform !== where.platform || c.channel !== where.channel)
    return refuse("NOT_THIS_CHANNEL", "This game was not started in this channel: join it with its invite link.");
  const d = join(g, player, g.inviteCode, origin, now);
  if (isRefusal(d)) return d;
  const next = d.next.channel
    ? { ...d.next, channel: { ...d.next.channel, members: { ...d.next.channel.members, [player.id]: where.user } } }
    : d.next;
  return { ...d, next };
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

/**
 * Take a free seat: with the invite code, or with `code` null from the open tables (no code: the
 * table must be listed — not closed, not expired). A game whose seats are all taken starts.
 */
export function join(g: GameRecord, player: NewSeat, code: string | null, origin: string, now: number): Decision {
  const existing = g.seats.findIndex((s) => s.playerId === player.id);
  if (existing >= 0) return refuse("ALREADY_JOINED", "You already sit in this game.", { seat: existing });
  // A waiting game always seats its host until every human left it (leave).
  if (g.status === "waiting" && g.seats.length === 0)
    return refuse("GAME_ABANDONED", "Everyone left this game before it started: nobody can sit down in it any more.");
  if (code === null) {
    const refused = tableRefusal(g, now);
    if (refused) return refused;
  } else {
    if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "This game has already started.");
    if (!timingSafeEqual(code, g.inviteCode))
      return refuse("BAD_INVITE", "That invite code is not valid for this game.");
  }
  if (g.seats.length >= g.settings.seats)
    return code === null
      ? refuse("TABLE_FULL", "Every seat at this table is taken.")
      : refuse("GAME_FULL", "Every seat is taken.");
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

/** Why a stranger cannot sit down at this table now, or null. */
function tableRefusal(g: GameRecord, now: number) {
  const t = g.table;
  if (g.status !== "waiting")
    return g.seats.length >= g.settings.seats
      ? refuse("TABLE_FULL", "Every seat at this table is taken: its game has started.")
      : refuse("TABLE_CLOSED", "This game has started: its table is closed.");
  if (!t) return refuse("TABLE_CLOSED", "This game is not an open table: join it with its invite.");
  if (t.closed === "expired" || (t.closed === null && now >= t.expiresAt))
    return refuse("TABLE_EXPIRED", "Nobody joined this table in time: it has left the list.", {
      expiredAt: new Date(t.expiresAt).toISOString(),
    });
  if (t.closed === "closed") return refuse("TABLE_CLOSED", "Its host took this table off the list.");
  return null;
}

/**
 * The host (createdBy) lists a waiting game on the open tables (for another TABLE_TTL_MS) or takes it off.
 * Asking for what already is changes nothing.
 */
export function setTable(g: GameRecord, seat: number, open: boolean, origin: string, now: number): Decision {
  if (g.createdBy !== g.seats[seat].playerId)
    return refuse(
      "NOT_CREATOR",
      "Only the game's host (its creator, or who took over when they left) can list or close its table.",
    );
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "The game has started: its table is closed.");
  const isListed = listedAt(g) !== null && now < g.table!.expiresAt;
  const table = open
    ? isListed
      ? g.table
      : listed(now)
    : g.table && isListed
      ? { ...g.table, closed: "closed" as const }
      : g.table;
  return {
    next: table === g.table ? g : { ...g, table },
    entries: [],
    answer: (s) => done({ game: gameView(s, seat, origin) }),
  };
}

/** When a listed table must leave the list (the game's alarm), else null. */
export function tableDue(g: GameRecord): number | null {
  return listedAt(g) !== null ? g.table!.expiresAt : null;
}

/** A listed table nobody filled in time leaves the list ("expired"); nothing else changes. */
export function expireTable(g: GameRecord, now: number): Transition | null {
  const due = tableDue(g);
  if (due === null || due > now) return null;
  return { next: { ...g, table: { ...g.table!, closed: "expired" } }, entries: [], answer: () => done(null) };
}

/**
 * Who hosts a waiting game after the player in `leaving` goes: the human seated longest among the
 * others (the earliest `joinedAt`; seats fill in order, so on a tie the lower seat), or null when
 * only bots (or nobody) would be left. The host is `createdBy`: the game's creator until they leave.
 */
export function heirOf(g: GameRecord, leaving: number): string | null {
  let heir: SeatRecord | null = null;
  for (const [i, s] of g.seats.entries())
    if (i !== leaving && s.bot === undefined && (heir === null || s.joinedAt < heir.joinedAt)) heir = s;
  return heir?.playerId ?? null;
}

/** How many other tables a player has listed now (D1's count, read by the room before leave decides). */
export interface ListedTables {
  playerId: string;
  listed: number;
}

/**
 * A seated player leaves a waiting game. The last human to leave (bots or nobody in the other
 * seats) abandons it: only a human of the game could start it, seat a bot or fill it, so the bots'
 * seats are freed too, its table leaves the list (closed), and nobody sits down in it again
 * (join: GAME_ABANDONED). With no seat, it is in nobody's games (the D1 sync drops the seats).
 *
 * When the host leaves and another human stays, the host role passes to them (heirOf): starting,
 * seating bots and listing the table are theirs from then on. A listed table stays listed only if
 * `heirTables` says the heir has fewer than MAX_OPEN_TABLES others on the list (the cap holds for
 * them too); otherwise — over the cap, or not known for this heir — it is taken off the list
 * ("closed"), and the new host may list it again within their cap.
 */
export function leave(g: GameRecord, seat: number, origin: string, heirTables: ListedTables | null = null): Decision {
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "The game has started: resign instead.");
  const seats = g.seats.filter((_, i) => i !== seat);
  const heir = heirOf(g, seat);
  const answer = (s: GameRecord) => done({ game: gameView(s, null, origin) });
  if (heir === null) {
    const table = listedAt(g) !== null ? { ...g.table!, closed: "closed" as const } : g.table;
    return { next: { ...g, seats: [], ...(table ? { table } : {}) }, entries: [], answer };
  }
  if (g.createdBy !== g.seats[seat].playerId) return { next: { ...g, seats }, entries: [], answer };
  const keepsList = heirTables !== null && heirTables.playerId === heir && heirTables.listed < MAX_OPEN_TABLES;
  const table = listedAt(g) !== null && !keepsList ? { ...g.table!, closed: "closed" as const } : g.table;
  return { next: { ...g, seats, createdBy: heir, ...(table ? { table } : {}) }, entries: [], answer };
}

export function start(g: GameRecord, seat: number, origin: string, now: number): Decision {
  if (g.status !== "waiting") return refuse("GAME_NOT_WAITING", "The game has already started.");
  if (g.createdBy !== g.seats[seat].playerId)
    return refuse("NOT_CREATOR", "Only the game's host (its creator, or who took over when they left) can start it.");
  if (g.seats.length < 2) return refuse("NOT_ENOUGH_PLAYERS", "At least 2 players must have joined.");
  return { next: begin(g, now), entries: [], answer: (s) => done({ game: gameView(s, seat, origin) }) };
}
