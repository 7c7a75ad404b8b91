/**
 * The queries on the coach's rows (`analysis`): one row per alarm slice of reviewed turns. What a
 * review holds and when it is made is src/game/analysis.ts's; this module only reads and writes rows.
 */
import { asc, sql } from "drizzle-orm";
import type { RoomDb } from "./index";
import { analysis } from "./schema";

export type AnalysisRow = typeof analysis.$inferSelect;

export class AnalysisRows {
  constructor(private readonly db: RoomDb) {}

  /** Turns reviewed so far (the reviews are kept in the game's order, from turn 0). */
  reviewed(): number {
    return (
      this.db
        .select({ n: sql<number>`coalesce(max(${analysis.last}), 0)` })
        .from(analysis)
        .get()?.n ?? 0
    );
  }

  /** Every slice, oldest first. */
  all(): AnalysisRow[] {
    return this.db.select().from(analysis).orderBy(asc(analysis.n)).all();
  }

  /** Keep a slice: the reviews of turns first … last - 1 (one row). */
  add(row: Omit<AnalysisRow, "n">): void {
    this.db.insert(analysis).values(row).run();
  }
}
