/**
 * The open tables in D1 (issue 16): the lobby's list, filtered, how many tables a player has
 * listed, and the one atomic claim that holds the cap on them. Served from the games index
 * (games.listed_at, partial index games_open_tables), never by asking the games; the games keep
 * listed_at current through their D1 sync.
 */
import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "./queries";
import type { GameSnapshot } from "./snapshot";
import { games, players } from "./schema";

export interface TableFilters {
  seats?: number;
  moonlight?: boolean;
  rated?: boolean;
  /** Exact time per move in seconds, or "none" for games without one. */
  moveTimeSeconds?: number | "none";
}

export interface TableRow {
  id: string;
  seats: number;
  options: unknown;
  createdBy: string;
  creatorName: string | null;
  createdAt: number;
  listedAt: number;
}

/** Tables listed since `since` (older ones have expired even if their game has not said so yet), oldest listed first. */
export async function openTables(d: Db, since: number, f: TableFilters, limit: number): Promise<TableRow[]> {
  const where: SQL[] = [isNotNull(games.listedAt), gt(games.listedAt, since), eq(games.status, "waiting")];
  if (f.seats !== undefined) where.push(eq(games.seats, f.seats));
  // The settings are the game's JSON (GameSettings): moonlight null/absent is the base game.
  if (f.moonlight !== undefined)
    where.push(
      f.moonlight
        ? sql`json_type(${games.options}, '$.moonlight') = 'object'`
        : sql`coalesce(json_type(${games.options}, '$.moonlight'), 'null') <> 'object'`,
    );
  if (f.rated !== undefined)
    where.push(
      f.rated
        ? sql`json_extract(${games.options}, '$.rated') = 1`
        : sql`coalesce(json_extract(${games.options}, '$.rated'), 0) = 0`,
    );
  if (f.moveTimeSeconds === "none") where.push(sql`json_extract(${games.options}, '$.moveTimeSeconds') is null`);
  else if (f.moveTimeSeconds !== undefined)
    where.push(sql`json_extract(${games.options}, '$.moveTimeSeconds') = ${f.moveTimeSeconds}`);
  const rows = await d
    .select({
      id: games.id,
      seats: games.seats,
      options: games.options,
      createdBy: games.createdBy,
      creatorName: players.name,
      createdAt: games.createdAt,
      listedAt: games.listedAt,
    })
    .from(games)
    .leftJoin(players, eq(players.id, games.createdBy))
    .where(and(...where))
    .orderBy(asc(games.listedAt), asc(games.id))
    .limit(limit);
  return rows as TableRow[];
}

/** Who hosts a listed table and since when, as the games index holds it. */
export interface Listing {
  id: string;
  createdBy: string;
  listedAt: number | null;
}

/**
 * Put a game on the list for its host only while they have fewer than `max` other tables listed
 * (since `since`). The count and the write are one batch, which D1 runs as one transaction on its
 * single writer: listings racing from several games (each its own Durable Object) are counted one
 * after another and never go over the cap, where a count read before the write let them all pass.
 * `row` is the game's snapshot: a game not yet in the index is inserted whole (the game's own sync
 * then finds it current); a game already there gets only its host and listed_at. Returns whether
 * the listing held and how many other tables the host had listed.
 */
export async function claimTable(
  client: D1Database,
  row: GameSnapshot["game"],
  since: number,
  max: number,
): Promise<{ held: boolean; others: number }> {
  // Plain D1 statements: drizzle's batch cannot bind a raw `sql` query, and an INSERT … SELECT … WHERE
  // with an upsert has no query-builder form.
  const others = "(SELECT count(*) FROM games WHERE created_by = ?1 AND listed_at > ?2 AND id <> ?3)";
  const [counted, claimed] = await client.batch<{ n: number }>([
    client.prepare(`SELECT ${others} AS n`).bind(row.createdBy, since, row.id),
    client
      .prepare(
        `INSERT INTO games (id, status, seats, options, created_by, created_at, started_at, ended_at, round, to_act, version, listed_at)
         SELECT ?3, ?5, ?6, ?7, ?1, ?8, ?9, ?10, ?11, ?12, ?13, ?14 WHERE ${others} < ?4
         ON CONFLICT (id) DO UPDATE SET created_by = excluded.created_by, listed_at = excluded.listed_at`,
      )
      .bind(
        row.createdBy,
        since,
        row.id,
        max,
        row.status,
        row.seats,
        JSON.stringify(row.options),
        row.createdAt,
        row.startedAt,
        row.endedAt,
        row.round,
        row.toAct,
        row.version,
        row.listedAt ?? null,
      ),
  ]);
  return { held: claimed.meta.changes > 0, others: Number(counted.results[0]?.n ?? 0) };
}

/**
 * After a claim, the index made to say what the game decided when that differs (the game refused
 * in the end, or a request racing on the same game listed it first): only where the row still holds
 * the claim, so a newer sync of the game is never overwritten.
 */
export async function settleTable(d: Db, claimed: Listing, actual: Listing): Promise<void> {
  if (claimed.createdBy === actual.createdBy && claimed.listedAt === actual.listedAt) return;
  await d
    .update(games)
    .set({ createdBy: actual.createdBy, listedAt: actual.listedAt })
    .where(
      and(
        eq(games.id, claimed.id),
        eq(games.createdBy, claimed.createdBy),
        claimed.listedAt === null ? isNull(games.listedAt) : eq(games.listedAt, claimed.listedAt),
      ),
    );
}
