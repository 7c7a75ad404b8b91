/**
 * The queries on table talk's rows (`messages`, `mutes`). Who may write, read or delete, and who
 * hears of a message, is src/game/talk.ts's; this module only reads and writes the rows.
 */
import { and, asc, desc, eq, gt, isNotNull } from "drizzle-orm";
import type { RoomDb } from "./index";
import { messages, mutes } from "./schema";

export type MessageRow = typeof messages.$inferSelect;

export class TalkRows {
  constructor(private readonly db: RoomDb) {}

  /** When `player`'s newest `count` messages were written, newest first. */
  recentTimes(player: string, count: number): number[] {
    return this.db
      .select({ at: messages.at })
      .from(messages)
      .where(eq(messages.player, player))
      .orderBy(desc(messages.n))
      .limit(count)
      .all()
      .map((r) => r.at);
  }

  /** Keep a message; its row, numbered. */
  add(m: { seat: number; player: string; text: string; at: number }): MessageRow {
    return this.db.insert(messages).values(m).returning().get();
  }

  /** The messages after `after` that are not deleted, oldest first. */
  after(after: number): MessageRow[] {
    return this.db
      .select()
      .from(messages)
      .where(and(gt(messages.n, after), isNotNull(messages.text)))
      .orderBy(asc(messages.n))
      .all();
  }

  /** The newest message's number (0: none). */
  last(): number {
    return this.db.select({ n: messages.n }).from(messages).orderBy(desc(messages.n)).limit(1).get()?.n ?? 0;
  }

  get(n: number): MessageRow | undefined {
    return this.db.select().from(messages).where(eq(messages.n, n)).get();
  }

  /** A message loses its text (it keeps its number). */
  erase(n: number, at: number): void {
    this.db.update(messages).set({ text: null, deletedAt: at }).where(eq(messages.n, n)).run();
  }

  mute(player: string, muted: string, at: number): void {
    this.db.insert(mutes).values({ player, muted, at }).onConflictDoNothing().run();
  }

  unmute(player: string, muted: string): void {
    this.db
      .delete(mutes)
      .where(and(eq(mutes.player, player), eq(mutes.muted, muted)))
      .run();
  }

  /** The players `player` muted. */
  mutedBy(player: string): Set<string> {
    return new Set(
      this.db
        .select({ muted: mutes.muted })
        .from(mutes)
        .where(eq(mutes.player, player))
        .all()
        .map((r) => r.muted),
    );
  }

  /** The players who muted `player`. */
  mutersOf(player: string): Set<string> {
    return new Set(
      this.db
        .select({ player: mutes.player })
        .from(mutes)
        .where(eq(mutes.muted, player))
        .all()
        .map((r) => r.player),
    );
  }
}
