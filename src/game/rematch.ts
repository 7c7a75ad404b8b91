/**
 * "Play again" (issue 25, item 2): a finished game's seated player asks for a rematch, and the game
 * — the one authority of its own end — decides it once. The first ask records the new game's id,
 * invite and seed in the old game (one commit) with a `game.rematch` notification to the other
 * people at the table (their personal targets: the invite is in it); every later ask, by anyone
 * seated, or two at once, gets that same game. The new game has the same options and as many
 * seats; its creator (who asked first) sits first, the old game's bots sit again at their levels,
 * and the others join with the invite in one tap (asking too seats them: room.ts).
 * Pure: the room creates the new game (idempotently: its id is fixed here) and seats who asked.
 */
import type { NewSeat, CreateParams } from "./lobby";
import type { GameRecord } from "./model";
import { done, refuse } from "./outcome";
import type { Decision } from "./transition";

/** What the Worker draws for a rematch, used only if the game has none yet. */
export interface RematchDraw {
  id: string;
  inviteCode: string;
  seed: number;
}

/** A rematch as the old game keeps it (server-side: `creator` holds a key hash, never in a view). */
export interface RematchRecord extends RematchDraw {
  /** Who asked first: the new game's creator. */
  creator: NewSeat;
  at: number;
}

/** The new game's address, and with its invite (for the old game's seated players only). */
export const rematchUrl = (origin: string, r: RematchDraw) => `${origin}/g/${r.id}`;
export const rematchInviteUrl = (origin: string, r: RematchDraw) => `${rematchUrl(origin, r)}?invite=${r.inviteCode}`;

/**
 * The rematch of `g` asked first by the player at `seat` (the room answers a game that has one with
 * it, without a commit).
 */
export function askRematch(
  g: GameRecord,
  seat: number,
  creator: NewSeat,
  draw: RematchDraw,
  origin: string,
  now: number,
): Decision<RematchRecord> {
  if (g.status !== "finished")
    return refuse("GAME_NOT_OVER", "The game is not over yet: play again once it has ended.");
  const rematch: RematchRecord = g.rematch ?? { ...draw, creator, at: now };
  const others = g.seats.filter((s, i) => i !== seat && !s.bot && s.playerId !== creator.id).map((s) => s.playerId);
  return {
    next: { ...g, rematch },
    entries: [],
    leading: others.length
      ? [
          {
            type: "game.rematch",
            detail: { seat, rematch: { id: rematch.id, url: rematchInviteUrl(origin, rematch) } },
            // The invite is in it: the players' own targets only, never the game's channels.
            audience: { players: others, channel: false },
          },
        ]
      : [],
    answer: (s) => done(s.rematch!),
  };
}

/** The new game: the old one's options and seat count, its bots again, created by who asked first. */
export function rematchParams(g: GameRecord, r: RematchRecord, origin: string): CreateParams {
  return {
    id: r.id,
    creator: r.creator,
    settings: { ...g.settings, seats: g.seats.length },
    seed: r.seed,
    inviteCode: r.inviteCode,
    origin,
    bots: g.seats.flatMap((s) => (s.bot ? [s.bot] : [])),
  };
}
