/**
 * The cap on listed tables (MAX_OPEN_TABLES per host), held under concurrent requests. A player's
 * tables are separate games, each its own Durable Object, so no one game can count them: a change
 * that lists a table for a host — a new game listed, a waiting game listed, a listed table handed to
 * a new host — first claims the listing in D1's games index, where the count and the write are one
 * transaction (db/tables.ts claimTable). Then the game decides again and commits as usual, and the
 * index is made to say what it decided if that differs from the claim (`settle`).
 */
import type { GameSnapshot } from "../db/snapshot";
import { MAX_OPEN_TABLES } from "./lobby";
import { type GameRecord, listedAt } from "./model";
import { refuse } from "./outcome";

/** Who hosts a game's listed table and since when (null: not listed). */
export interface Listing {
  id: string;
  createdBy: string;
  listedAt: number | null;
}

/** The games index's side of the claim (D1; replaceable in tests). */
export interface TableIndex {
  /** List `row` for its host unless they have MAX_OPEN_TABLES others listed; how many others they had. */
  claim(row: GameSnapshot["game"]): Promise<{ held: boolean; others: number }>;
  /** Make the index say `actual` where it still holds `claimed`. */
  settle(claimed: Listing, actual: Listing): Promise<void>;
}

export function listingOf(g: GameRecord): Listing {
  return { id: g.id, createdBy: g.createdBy, listedAt: listedAt(g) };
}

/** The listing `next` makes that `prev` (null: a new game) did not have, to be claimed first; else null. */
export function newListing(prev: GameRecord | null, next: GameRecord): Listing | null {
  const l = listingOf(next);
  if (l.listedAt === null) return null;
  if (prev && listedAt(prev) === l.listedAt && prev.createdBy === l.createdBy) return null;
  return l;
}

export function tooManyTables(others: number) {
  return refuse(
    "TOO_MANY_TABLES",
    `You already have ${others} open tables waiting for players (at most ${MAX_OPEN_TABLES}); close one or wait for it to fill.`,
    { open: others, max: MAX_OPEN_TABLES },
  );
}
