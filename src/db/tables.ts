/**
 * D1 reads of the open tables (issue 16): the lobby's list, filtered, and how many tables a player
 * has listed. Served from the games index (games.listed_at, partial index games_open_tables), never
 * by asking the games; the games keep listed_at current through their D1 sync.
 */
import { and, asc, count, eq, gt, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "./queries";
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

/** How many tables `playerId` created that are on the list now (listed since `since`), `except` one game. */
export async function openTableCount(d: Db, playerId: string, since: number, except?: string): Promise<number> {
  const where: SQL[] = [isNotNull(games.listedAt), gt(games.listedAt, since), eq(games.createdBy, playerId)];
  if (except) where.push(sql`${games.id} <> ${except}`);
  const [row] = await d
    .select({ n: count() })
    .from(games)
    .where(and(...where));
  return Number(row?.n ?? 0);
}
