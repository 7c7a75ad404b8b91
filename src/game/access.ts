/**
 * Who the game acts for: a caller's seat, the device keys each seat knows, and the devices signed
 * out of their profile. Pure functions over the game record; the room writes what they return.
 */
import type { GameRecord } from "./model";
import { refuse, type RoomReply } from "./outcome";
import { type Caller, isClaim, type Who } from "./tokens";

/** Device keys a seat keeps (see SeatRecord.keys). */
const MAX_SEAT_KEYS = 8;

export type Seated = { game: GameRecord; seat: number };

/** The caller's seat (null: a spectator or nobody). */
export function seatOf(g: GameRecord | null, caller: Caller | null): number | null {
  if (!caller || !g) return null;
  const seat = g.seats.findIndex((s) => s.playerId === caller.playerId && s.tokenHash === caller.tokenHash);
  return seat >= 0 ? seat : null;
}

export const notFound = (): RoomReply => ({ ...refuse("NOT_FOUND", "No such game."), callerKnown: false });

/**
 * Who the game acts for. A claimed key acts at once when a seat of its player knows it (the key
 * the seat was taken with, or one D1 verified for it since; revoked devices are struck off), in
 * a game not over. Any other key — a new device, a spectator's, any key of a finished game —
 * is refused with KEY_UNVERIFIED: the Worker verifies it in D1 (a revoked device gets its 401
 * there) and asks again with the Caller, whose key the seat then learns (`learnKey`).
 */
export function identify(g: GameRecord | null, who: Who | null): { caller: Caller | null } | { refusal: RoomReply } {
  if (!who) return { caller: null };
  if (!isClaim(who)) return { caller: who };
  const seat = g && g.status !== "finished" ? g.seats.find((s) => s.playerId === who.playerId) : undefined;
  const key = seat?.keys?.find((k) => k.hash === who.keyHash);
  if (!seat || !key)
    return {
      refusal: { ...refuse("KEY_UNVERIFIED", "This key must be verified by the Worker first."), callerKnown: false },
    };
  return { caller: { playerId: who.playerId, tokenHash: seat.tokenHash, deviceId: key.device, keyHash: key.hash } };
}

/** A seated caller, or the refusal to answer. */
export function authorize(g: GameRecord | null, caller: Caller | null): Seated | { refusal: RoomReply } {
  if (!g) return { refusal: notFound() };
  if (!caller)
    return {
      refusal: { ...refuse("UNAUTHORIZED", "Send your token as Authorization: Bearer <token>."), callerKnown: false },
    };
  const seat = seatOf(g, caller);
  if (seat === null)
    return {
      refusal: {
        ...refuse("NOT_SEATED", "You do not sit in this game; spectators can watch but not act."),
        callerKnown: false,
      },
    };
  return { game: g, seat };
}

/**
 * A key D1 verified for a seat of this game: the game with the seat knowing it from now on (one
 * row, once per device), or null when there is nothing to learn.
 */
export function learnKey(g: GameRecord | null, c: Caller): GameRecord | null {
  if (!g || g.status === "finished" || !c.keyHash || !c.deviceId) return null;
  if (g.revokedDevices?.includes(c.deviceId)) return null;
  const i = g.seats.findIndex((s) => s.playerId === c.playerId && s.tokenHash === c.tokenHash);
  if (i < 0 || g.seats[i].keys?.some((k) => k.hash === c.keyHash)) return null;
  const key = { hash: c.keyHash, device: c.deviceId };
  // A few devices per seat: the oldest is forgotten (it is verified in D1 again if it comes back).
  const keys = [...(g.seats[i].keys ?? []), key].slice(-MAX_SEAT_KEYS);
  return { ...g, seats: g.seats.map((s, j) => (j === i ? { ...s, keys } : s)) };
}

/** A device key a seat of a game not over knows, as its caller (no D1 read needed), or null. */
export function knownDevice(g: GameRecord | null, keyHash: string): Caller | null {
  if (!g || g.status === "finished") return null;
  for (const s of g.seats) {
    const k = s.keys?.find((k) => k.hash === keyHash);
    if (k) return { playerId: s.playerId, tokenHash: s.tokenHash, deviceId: k.device, keyHash };
  }
  return null;
}

/**
 * A device signed out of its profile: the game with its key struck off the seats and the device
 * never learned again, or null when there is nothing to change (already struck, or the game is over).
 */
export function strikeDevice(g: GameRecord, deviceId: string): GameRecord | null {
  if (g.status === "finished" || g.revokedDevices?.includes(deviceId)) return null;
  return {
    ...g,
    seats: g.seats.map((s) =>
      s.keys?.some((k) => k.device === deviceId) ? { ...s, keys: s.keys.filter((k) => k.device !== deviceId) } : s,
    ),
    revokedDevices: [...(g.revokedDevices ?? []), deviceId],
  };
}
