/** D1 reads for the player pages (issue 16): games in progress, finished games, stats by mode. */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "./queries";
import { gamePlayers, games, players, resultSeats, results } from "./schema";

/** The games a player sits in that are not over, newest first. */
export async function gamesInProgress(d: Db, playerId: string, limit: number) {
  return d
    .select({
      id: games.id,
      status: games.status,
      seats: games.seats,
      options: games.options,
      createdAt: games.createdAt,
      seat: gamePlayers.seat,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.playerId, playerId), ne(games.status, "finished")))
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(limit);
}

/** A player's latest finished games with every seat's placement and score, newest first. */
export async function finishedGames(d: Db, playerId: string, limit: number) {
  const mine = await d
    .select({
      id: results.gameId,
      endedAt: results.endedAt,
      options: results.options,
      seat: resultSeats.seat,
    })
    .from(resultSeats)
    .innerJoin(results, eq(results.gameId, resultSeats.gameId))
    .where(eq(resultSeats.playerId, playerId))
    .orderBy(desc(results.endedAt), desc(results.gameId))
    .limit(limit);
  if (mine.length === 0) return [];
  const seats = await d
    .select({
      gameId: resultSeats.gameId,
      seat: resultSeats.seat,
      playerId: resultSeats.playerId,
      name: players.name,
      score: resultSeats.score,
      rank: resultSeats.rank,
      resigned: resultSeats.resigned,
    })
    .from(resultSeats)
    .innerJoin(players, eq(players.id, resultSeats.playerId))
    .where(
      inArray(
        resultSeats.gameId,
        mine.map((g) => g.id),
      ),
    )
    .orderBy(resultSeats.gameId, resultSeats.seat);
  return mine.map((g) => ({ ...g, seats: seats.filter((s) => s.gameId === g.id) }));
}

/** Finished games, wins and average score by player count and mode (base / Moonlight). */
export async function statsByMode(d: Db, playerId: string) {
  const rows = await d
    .select({
      players: sql<number>`(select count(*) from ${resultSeats} s2 where s2.game_id = ${resultSeats.gameId})`,
      moonlight: sql<number>`(json_extract(${results.options}, '$.moonlight') is not null)`,
      games: sql<number>`count(*)`,
      wins: sql<number>`sum(case when ${resultSeats.rank} = 1 and ${resultSeats.resigned} = 0 then 1 else 0 end)`,
      averageScore: sql<number | null>`avg(${resultSeats.score})`,
    })
    .from(resultSeats)
    .innerJoin(results, eq(results.gameId, resultSeats.gameId))
    .where(eq(resultSeats.playerId, playerId))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`2`, sql`1`);
  return rows.map((r) => ({
    players: Number(r.players),
    ladder: Number(r.moonlight) ? ("moonlight" as const) : ("base" as const),
    games: Number(r.games),
    wins: Number(r.wins ?? 0),
    averageScore: r.averageScore === null ? null : Math.round(Number(r.averageScore) * 10) / 10,
  }));
}

/** The Moonlight animal a player played most often (ties: the first by name), or null. */
export async function favouriteAnimal(d: Db, playerId: string): Promise<string | null> {
  const [row] = await d
    .select({ animal: resultSeats.animal, n: sql<number>`count(*)` })
    .from(resultSeats)
    .where(and(eq(resultSeats.playerId, playerId), sql`${resultSeats.animal} is not null`))
    .groupBy(resultSeats.animal)
    .orderBy(desc(sql`count(*)`), resultSeats.animal)
    .limit(1);
  return row?.animal ?? null;
}
