/** D1 queries (drizzle): profiles, the games index, and history. */
import { and, avg, count, desc, eq, inArray, lt, ne, or, sql, sum } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { botName, type BotLevel, type GameStatus } from "../contract/views";
import type { GameSnapshot } from "./snapshot";
import * as schema from "./schema";
import { ratingStatements } from "./ratings";
import { gamePlayers, games, players, resultSeats, results } from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

export function db(d1: D1Database): Db {
  return drizzle(d1, { schema });
}

export async function insertPlayer(d: Db, p: typeof players.$inferInsert): Promise<void> {
  await d.insert(players).values(p);
}

export async function playerById(d: Db, id: string) {
  return (await d.select().from(players).where(eq(players.id, id)).limit(1))[0] ?? null;
}

export async function playerByTokenHash(d: Db, tokenHash: string) {
  return (await d.select().from(players).where(eq(players.tokenHash, tokenHash)).limit(1))[0] ?? null;
}

export interface PlayerStats {
  gamesPlayed: number;
  wins: number;
  averageScore: number | null;
}

export async function playerStats(d: Db, playerId: string): Promise<PlayerStats> {
  const [row] = await d
    .select({
      gamesPlayed: count(),
      wins: sum(sql`case when ${resultSeats.rank} = 1 and ${resultSeats.resigned} = 0 then 1 else 0 end`),
      averageScore: avg(resultSeats.score),
    })
    .from(resultSeats)
    .where(eq(resultSeats.playerId, playerId));
  return {
    gamesPlayed: Number(row?.gamesPlayed ?? 0),
    wins: Number(row?.wins ?? 0),
    averageScore:
      row?.averageScore === null || row?.averageScore === undefined
        ? null
        : Math.round(Number(row.averageScore) * 10) / 10,
  };
}

export interface GameSummaryRow {
  id: string;
  status: GameStatus;
  seats: number;
  options: unknown;
  createdBy: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  round: number;
  toAct: number | null;
  seat: number;
}

/** A player's games, newest first, keyset-paginated by (createdAt, id). */
export async function playerGames(
  d: Db,
  playerId: string,
  opts: { status?: GameStatus; limit: number; before?: { createdAt: number; id: string } },
): Promise<GameSummaryRow[]> {
  const conditions = [eq(gamePlayers.playerId, playerId)];
  if (opts.status) conditions.push(eq(games.status, opts.status));
  if (opts.before)
    conditions.push(
      or(
        lt(games.createdAt, opts.before.createdAt),
        and(eq(games.createdAt, opts.before.createdAt), lt(games.id, opts.before.id)),
      )!,
    );
  const rows = await d
    .select({
      id: games.id,
      status: games.status,
      seats: games.seats,
      options: games.options,
      createdBy: games.createdBy,
      createdAt: games.createdAt,
      startedAt: games.startedAt,
      endedAt: games.endedAt,
      round: games.round,
      toAct: games.toAct,
      seat: gamePlayers.seat,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(...conditions))
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(opts.limit);
  return rows as GameSummaryRow[];
}

/** The games a player sits in that are not over. */
export async function unfinishedGameIds(d: Db, playerId: string): Promise<string[]> {
  const rows = await d
    .select({ id: games.id })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.playerId, playerId), ne(games.status, "finished")));
  return rows.map((r) => r.id);
}

/** A bot's seat (id `bot-<n>-<level>`, no profile) as game lists name it, as the game does ("Merian ★★"); null if not a bot's. */
export function botSeatName(playerId: string): string | null {
  const m = /^bot-(\d+)-(easy|medium|strong)$/.exec(playerId);
  return m ? botName(Number(m[1]), m[2] as BotLevel) : null;
}

export async function gamePlayerNames(
  d: Db,
  gameIds: string[],
): Promise<Map<string, { seat: number; id: string; name: string }[]>> {
  const out = new Map<string, { seat: number; id: string; name: string }[]>();
  if (gameIds.length === 0) return out;
  const rows = await d
    .select({ gameId: gamePlayers.gameId, seat: gamePlayers.seat, playerId: gamePlayers.playerId, name: players.name })
    .from(gamePlayers)
    .leftJoin(players, eq(players.id, gamePlayers.playerId))
    .where(inArray(gamePlayers.gameId, gameIds));
  for (const r of rows) {
    const list = out.get(r.gameId) ?? [];
    const name = r.name ?? botSeatName(r.playerId);
    if (name !== null) list.push({ seat: r.seat, id: r.playerId, name });
    out.set(r.gameId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.seat - b.seat);
  return out;
}

export async function resultOf(d: Db, gameId: string) {
  const [result] = await d.select().from(results).where(eq(results.gameId, gameId)).limit(1);
  if (!result) return null;
  const seats = await d.select().from(resultSeats).where(eq(resultSeats.gameId, gameId)).orderBy(resultSeats.seat);
  return { ...result, seats };
}

/**
 * Write a game's snapshot (idempotent: an older version never overwrites a newer one; a result
 * is written once). One atomic batch; returns the rows D1 wrote.
 */
export async function syncGame(d: Db, snap: GameSnapshot): Promise<number> {
  const g = snap.game;
  const statements: BatchItem<"sqlite">[] = [
    d
      .insert(games)
      .values({ ...g, options: g.options, listedAt: g.listedAt ?? null })
      .onConflictDoUpdate({
        target: games.id,
        set: {
          status: g.status,
          // The host: the creator, or who took the waiting game over when they left (lobby.leave).
          createdBy: g.createdBy,
          seats: g.seats,
          options: g.options,
          startedAt: g.startedAt,
          endedAt: g.endedAt,
          round: g.round,
          toAct: g.toAct,
          version: g.version,
          listedAt: g.listedAt ?? null,
        },
        // Newer only: a snapshot D1 already has (a sync repeated after an eviction) writes nothing.
        setWhere: sql`${games.version} < ${g.version}`,
      }),
    // Seats past the current count (someone left the lobby); with the snapshot current only.
    d
      .delete(gamePlayers)
      .where(
        and(
          eq(gamePlayers.gameId, g.id),
          sql`${gamePlayers.seat} >= ${snap.players.length}`,
          sql`(select version from games where id = ${g.id}) = ${g.version}`,
        ),
      ),
  ];
  if (snap.players.length)
    statements.push(
      d
        .insert(gamePlayers)
        .values(snap.players.map((p) => ({ gameId: g.id, seat: p.seat, playerId: p.playerId })))
        .onConflictDoUpdate({
          target: [gamePlayers.gameId, gamePlayers.seat],
          set: { playerId: sql`excluded.player_id` },
          // Rewrite a seat only when it changed: a turn's sync writes the games row alone.
          setWhere: sql`${gamePlayers.playerId} <> excluded.player_id and (select version from games where id = ${g.id}) = ${g.version}`,
        }),
    );
  if (snap.result) {
    const r = snap.result;
    // The ratings it moves (a rated game), guarded by the result's absence: before the result.
    statements.push(...(await ratingStatements(d, snap)));
    statements.push(
      d
        .insert(results)
        .values({
          gameId: g.id,
          rounds: r.rounds,
          actionCount: r.actionCount,
          options: g.options,
          startedAt: r.startedAt,
          endedAt: r.endedAt,
          winners: r.winners,
        })
        .onConflictDoNothing(),
      d
        .insert(resultSeats)
        .values(r.seats.map((s) => ({ gameId: g.id, ...s })))
        .onConflictDoNothing(),
    );
  }
  const written = (await d.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown as {
    meta?: { rows_written?: number };
  }[];
  // D1's own count of the rows this wrote (indexes included), for the cost figures.
  return written.reduce((n, r) => n + (r?.meta?.rows_written ?? 0), 0);
}
