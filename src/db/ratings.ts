/**
 * Ratings (issue 16): the Weng-Lin Bayesian model with Plackett–Luce (the `openskill` package's
 * default), one ladder for the base game and one for Under the Moonlight.
 *
 * - A player starts at μ = 25, σ = 25/3 (openskill's defaults, with its τ = 25/300 added to σ before
 *   each game so ratings keep moving).
 * - Places: the engine's ranks (highest score first, then more pieces on the board; still tied:
 *   shared place). A seat that resigned, or was resigned by running out of time `maxTimeouts` turns
 *   in a row, is last, tied with any other such seat.
 * - The shown figure is conservative: round(1000 + 40 × (μ − 3σ)) — 1000 for a new player, rising as
 *   σ shrinks and μ grows. Provisional until PROVISIONAL_GAMES rated games on the ladder.
 * - Applied once per game, in the same D1 batch as the game's result (queries.ts syncGame): the rating
 *   statements only write while the result is not there yet, so an outbox that delivers the same end
 *   twice changes nothing the second time.
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { rate, rating } from "openskill";
import { type Ladder, PROVISIONAL_GAMES } from "../contract/views";
import type { Db } from "./queries";
import { players, ratingHistory, ratings, results } from "./schema";
import type { GameSnapshot } from "./snapshot";

/** Rated games on a ladder before a rating stops being provisional (the contract's: the pages say it). */
export { PROVISIONAL_GAMES };
/** Leaderboards list players with at least this many rated games on the ladder. */
export const LEADERBOARD_MIN_GAMES = PROVISIONAL_GAMES;

export interface Skill {
  mu: number;
  sigma: number;
}

/** The shown rating: conservative (μ − 3σ), scaled so that a new player shows 1000. */
export function displayRating(s: Skill): number {
  return Math.round(1000 + 40 * (s.mu - 3 * s.sigma));
}

export const NEW_PLAYER: Skill = rating();

export function ladderOf(options: { moonlight?: unknown }): Ladder {
  return options.moonlight ? "moonlight" : "base";
}

/** Places for rating: the engine's rank, and resigned seats tied last. */
export function placesOf(seats: readonly { rank: number; resigned: boolean }[]): number[] {
  const playing = seats.filter((s) => !s.resigned).length;
  return seats.map((s) => (s.resigned ? playing + 1 : s.rank));
}

/** New skills after a game, one per seat in the order given (each player a team of one). */
export function rateGame(before: readonly Skill[], places: readonly number[]): Skill[] {
  const after = rate(
    before.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]),
    { rank: [...places] },
  );
  return after.map(([s]) => ({ mu: s.mu, sigma: s.sigma }));
}

/**
 * Whether a finished game moves ratings: created rated, at least two different people, and no bot
 * seat ever (a game with one is "practice"; a bot is marked on the game, on a seat or in the options;
 * read loosely, so that any of these marks makes the game unrated).
 */
export function isRated(snap: GameSnapshot): boolean {
  const options = snap.game.options as { rated?: boolean; bots?: unknown };
  if (options.rated !== true || !snap.result) return false;
  if ((snap.game as { practice?: boolean }).practice) return false;
  if ((snap.players as { bot?: unknown }[]).some((p) => p.bot)) return false;
  const bots = options.bots;
  if (bots && (Array.isArray(bots) ? bots.length > 0 : Object.keys(bots).length > 0)) return false;
  const seats = snap.result.seats as { playerId: string; bot?: unknown }[];
  if (seats.some((s) => s.bot)) return false;
  return new Set(seats.map((s) => s.playerId)).size === seats.length && seats.length >= 2;
}

/**
 * The statements that rate a finished game, to run in its result's batch BEFORE the result is
 * inserted: each writes only while the game has no result in D1 yet. Reads the players' current
 * ratings first (D1 has no interactive transactions); a game of the same player that commits in
 * between makes this batch collide on rating_history's key and fail whole (the outbox retries).
 */
export async function ratingStatements(d: Db, snap: GameSnapshot): Promise<BatchItem<"sqlite">[]> {
  if (!isRated(snap) || !snap.result) return [];
  const gameId = snap.game.id;
  const ladder = ladderOf(snap.game.options);
  const seats = snap.result.seats;
  const ids = seats.map((s) => s.playerId);
  const [done] = await d.select({ id: results.gameId }).from(results).where(eq(results.gameId, gameId)).limit(1);
  if (done) return [];
  const rows = await d
    .select()
    .from(ratings)
    .where(and(eq(ratings.ladder, ladder), inArray(ratings.playerId, ids)));
  const current = new Map(rows.map((r) => [r.playerId, r]));
  const before = seats.map((s) => current.get(s.playerId) ?? { ...NEW_PLAYER, games: 0, wins: 0 });
  const places = placesOf(seats);
  const after = rateGame(before, places);
  const notRatedYet = sql`not exists (select 1 from ${results} where ${results.gameId} = ${gameId})`;
  const now = snap.result.endedAt;
  const out: BatchItem<"sqlite">[] = [];
  seats.forEach((s, i) => {
    const prev = before[i];
    const next = after[i];
    const games = prev.games + 1;
    const wins = prev.wins + (places[i] === 1 && !s.resigned ? 1 : 0);
    const display = displayRating(next);
    // The history row first: its key (player, ladder, games) is taken if another game of this
    // player was rated since the read above, and then the whole batch fails.
    out.push(
      d
        .insert(ratingHistory)
        .select(
          sql`select ${s.playerId}, ${ladder}, ${games}, ${gameId}, ${next.mu}, ${next.sigma}, ${display}, ${places[i]}, ${now} where ${notRatedYet}`,
        ),
      d
        .insert(ratings)
        .select(
          sql`select ${s.playerId}, ${ladder}, ${next.mu}, ${next.sigma}, ${display}, ${games}, ${wins}, ${now} where ${notRatedYet}`,
        )
        .onConflictDoUpdate({
          target: [ratings.playerId, ratings.ladder],
          set: {
            mu: sql`excluded.mu`,
            sigma: sql`excluded.sigma`,
            display: sql`excluded.display`,
            games: sql`excluded.games`,
            wins: sql`excluded.wins`,
            updatedAt: sql`excluded.updated_at`,
          },
        }),
    );
  });
  return out;
}

export interface LadderRating {
  ladder: Ladder;
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  provisional: boolean;
}

export async function ratingsOf(d: Db, playerId: string): Promise<LadderRating[]> {
  const rows = await d.select().from(ratings).where(eq(ratings.playerId, playerId));
  return rows.map((r) => ({
    ladder: r.ladder,
    rating: r.display,
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    wins: r.wins,
    provisional: r.games < PROVISIONAL_GAMES,
  }));
}

/** Points of the rating-over-time chart per ladder. */
export const HISTORY_SHOWN = 200;

export async function ratingHistoryOf(d: Db, playerId: string) {
  return d
    .select({
      ladder: ratingHistory.ladder,
      seq: ratingHistory.seq,
      gameId: ratingHistory.gameId,
      rating: ratingHistory.display,
      rank: ratingHistory.rank,
      endedAt: ratingHistory.endedAt,
    })
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.playerId, playerId),
        // The last HISTORY_SHOWN games of each ladder.
        sql`${ratingHistory.seq} > (select r.games from ${ratings} r where r.player_id = ${ratingHistory.playerId} and r.ladder = ${ratingHistory.ladder}) - ${HISTORY_SHOWN}`,
      ),
    )
    .orderBy(ratingHistory.ladder, ratingHistory.seq);
}

export interface BoardRow {
  playerId: string;
  name: string;
  rating: number;
  games: number;
  wins: number;
}

/** The top of a ladder: players with at least LEADERBOARD_MIN_GAMES rated games, best shown rating first. */
export async function leaderboard(d: Db, ladder: Ladder, limit: number): Promise<BoardRow[]> {
  return d
    .select({
      playerId: ratings.playerId,
      name: players.name,
      rating: ratings.display,
      games: ratings.games,
      wins: ratings.wins,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(and(eq(ratings.ladder, ladder), gte(ratings.games, LEADERBOARD_MIN_GAMES)))
    .orderBy(desc(ratings.display), desc(ratings.games), ratings.playerId)
    .limit(limit);
}
