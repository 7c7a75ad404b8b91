/**
 * The queries on the game's delivery log (`deliveries`, `delivery_attempts`): one row per
 * notification and webhook, and each attempt to send it. What to send when, and what an answer
 * means, is the outbox's (src/game/outbox.ts); this module only reads and writes the rows.
 */
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { RoomDb } from "./index";
import { deliveries, deliveryAttempts } from "./schema";

export type DeliveryRow = typeof deliveries.$inferSelect;
export type AttemptRow = typeof deliveryAttempts.$inferSelect;
export type DeliveryState = "pending" | "delivered" | "failed" | "dropped";

/** A new delivery: everything but its number and its counters. */
export type NewDelivery = Omit<
  typeof deliveries.$inferInsert,
  "n" | "attempts" | "failures" | "lastStatus" | "lastError" | "attemptLog"
> & { state: DeliveryState; lastError?: string | null };

/** A new delivery written once its first attempt is made (its state, counters and attempt log with it). */
export type SettledDelivery = NewDelivery & Required<DeliveryPatch>;

/** What a delivery's row becomes after an attempt. */
export interface DeliveryPatch {
  state?: DeliveryState;
  due?: number;
  attempts?: number;
  failures?: number;
  lastStatus?: number | null;
  lastError?: string | null;
  updatedAt?: number;
  /** The attempts (`withAttempt`). */
  attemptLog?: string;
}

export class Deliveries {
  constructor(private readonly db: RoomDb) {}

  /**
   * No pending delivery has a number below this (null: not known since the object started; one
   * scan finds it). The log has no index (each entry would be a row written on every insert and
   * change of state), so the queue's queries read only the numbers from here on — the rows since
   * the oldest pending delivery, most often the last turn's — by the primary key's range.
   */
  private low: number | null = null;

  private from(): number {
    this.low ??=
      this.db.get<{ n: number | null }>(sql`SELECT min(n) AS n FROM deliveries WHERE state = 'pending'`)?.n ??
      Number.MAX_SAFE_INTEGER;
    return this.low;
  }

  /** Delivery `n` is pending (again). */
  private pendingAt(n: number): void {
    if (this.low !== null && n < this.low) this.low = n;
  }

  /** Add a delivery unless one with its id (event and webhook) is there already. */
  add(d: NewDelivery | SettledDelivery): void {
    if (!this.has(d.id)) this.addNew(d);
  }

  /** Add a delivery known not to be in the log (`has`: a scan, the id has no index). */
  addNew(d: NewDelivery | SettledDelivery): void {
    this.db.insert(deliveries).values(d).run();
    // The newest number is the last of the primary key (no scan).
    if (d.state === "pending" && this.low !== null)
      this.pendingAt(this.db.get<{ n: number }>(sql`SELECT max(n) AS n FROM deliveries`)!.n);
  }

  /** Whether the delivery of an id (`<event id>:<webhook id>`) is in the log. */
  has(id: string): boolean {
    return !!this.db.select({ n: deliveries.n }).from(deliveries).where(eq(deliveries.id, id)).get();
  }

  row(n: number): DeliveryRow | null {
    return this.db.select().from(deliveries).where(eq(deliveries.n, n)).get() ?? null;
  }

  /** The delivery of an id (`<event id>:<webhook id>`). */
  byId(id: string): DeliveryRow | undefined {
    return this.db.select().from(deliveries).where(eq(deliveries.id, id)).get();
  }

  /** The oldest pending delivery of a webhook. */
  head(targetId: string): DeliveryRow | undefined {
    return this.db
      .select()
      .from(deliveries)
      .where(and(gte(deliveries.n, this.from()), eq(deliveries.targetId, targetId), eq(deliveries.state, "pending")))
      .orderBy(asc(deliveries.n))
      .limit(1)
      .get();
  }

  /** The earliest due time among the webhooks' oldest pending deliveries (null: none). */
  nextHeadDue(): number | null {
    // The oldest pending delivery, exactly: the range starts there from now on.
    const low = this.from();
    this.low =
      this.db.get<{ n: number | null }>(sql`SELECT min(n) AS n FROM deliveries WHERE n >= ${low} AND state = 'pending'`)
        ?.n ?? Number.MAX_SAFE_INTEGER;
    const head = this.db.get<{
      due: number | null;
    }>(sql`SELECT min(due) AS due FROM deliveries d WHERE n >= ${this.low} AND state = 'pending'
      AND n = (SELECT min(n) FROM deliveries WHERE n >= ${this.low} AND target_id = d.target_id AND state = 'pending')`);
    return head?.due ?? null;
  }

  /** The webhooks' oldest pending deliveries that are due at `now`, oldest first (at most `limit`). */
  dueHeads(now: number, limit: number): DeliveryRow[] {
    const low = this.from();
    const heads = this.db.all<{ n: number }>(sql`SELECT n FROM deliveries d WHERE n >= ${low} AND state = 'pending'
      AND due <= ${now} AND n = (SELECT min(n) FROM deliveries WHERE n >= ${low} AND target_id = d.target_id
      AND state = 'pending') ORDER BY n LIMIT ${limit}`);
    return heads.flatMap((h) => this.row(h.n) ?? []);
  }

  /** Change a delivery's row (`onlyPending`: unless it has left the pending state). */
  update(n: number, patch: DeliveryPatch, onlyPending = false): void {
    this.db
      .update(deliveries)
      .set(patch)
      .where(onlyPending ? and(eq(deliveries.n, n), eq(deliveries.state, "pending")) : eq(deliveries.n, n))
      .run();
    if (patch.state === "pending") this.pendingAt(n);
  }

  /** Every pending delivery of a webhook dropped (it was switched off). */
  dropTarget(targetId: string, lastError: string, at: number): void {
    this.db
      .update(deliveries)
      .set({ state: "dropped", lastError, updatedAt: at })
      .where(and(eq(deliveries.targetId, targetId), eq(deliveries.state, "pending")))
      .run();
  }

  /** The pending deliveries of a message (`message.written`, its number `n`) dropped. */
  dropMessage(n: number, lastError: string, at: number): void {
    this.db
      .update(deliveries)
      .set({ state: "dropped", lastError, updatedAt: at })
      .where(
        and(
          eq(deliveries.state, "pending"),
          eq(deliveries.eventType, "message.written"),
          sql`json_extract(${deliveries.notification}, '$.message.n') = ${n}`,
        ),
      )
      .run();
  }

  /**
   * A delivery's attempts, first first: its row's log, or (a delivery from before that log) the
   * rows of `delivery_attempts`.
   */
  attempts(n: number): AttemptRow[] {
    const row = this.db.select({ log: deliveries.attemptLog }).from(deliveries).where(eq(deliveries.n, n)).get();
    if (row?.log) return (JSON.parse(row.log) as Omit<AttemptRow, "delivery">[]).map((a) => ({ ...a, delivery: n }));
    return this.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.delivery, n))
      .orderBy(asc(deliveryAttempts.attempt))
      .all();
  }

  /** The attempts with attempt `a` added (again: replaced), as the row's log to write. */
  withAttempt(a: AttemptRow): string {
    const { delivery: _delivery, ...entry } = a;
    const list = this.attempts(a.delivery)
      .filter((x) => x.attempt !== a.attempt)
      .map(({ delivery: _d, ...x }) => x);
    list.push(entry);
    list.sort((x, y) => x.attempt - y.attempt);
    return JSON.stringify(list);
  }

  /** Up to `limit` deliveries before number `before`, newest first. */
  page(before: number, limit: number): DeliveryRow[] {
    return this.db
      .select()
      .from(deliveries)
      .where(lt(deliveries.n, before))
      .orderBy(desc(deliveries.n))
      .limit(limit)
      .all();
  }

  pendingCount(): number {
    return this.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM deliveries WHERE state = 'pending'`)?.n ?? 0;
  }

  /**
   * Each of the game's own webhooks' (scope "game") newest answer in the log: the last attempt of
   * its newest attempted delivery (a webhook's deliveries are attempted in order), target id → its
   * status and time. A first success to such a webhook is recorded here only, not on its D1 row
   * (outbox.ts), so the game's webhook list takes the newer of the two.
   */
  lastAnswers(): Map<string, { status: number | null; at: number }> {
    const newest = this.db.all<{ n: number }>(
      sql`SELECT max(n) AS n FROM deliveries WHERE target_scope = 'game' AND attempts > 0 GROUP BY target_id`,
    );
    const out = new Map<string, { status: number | null; at: number }>();
    for (const { n } of newest) {
      const r = this.row(n);
      if (!r) continue;
      const last = this.attempts(n).at(-1);
      out.set(r.targetId, last ? { status: last.status, at: last.at } : { status: r.lastStatus, at: r.updatedAt });
    }
    return out;
  }

  /**
   * Keep the log bounded: the newest `keep` deliveries, every pending one, and each game webhook's
   * newest attempted one (its last answer, `lastAnswers`), checked past `keep + slack`.
   */
  prune(keep: number, slack: number): boolean {
    // The numbers' span bounds the count (two rows read, not the whole log): counted only past it.
    const span = this.db.get<{ n: number | null }>(sql`SELECT max(n) - min(n) + 1 AS n FROM deliveries`)?.n ?? 0;
    if (span <= keep + slack) return false;
    const total = this.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM deliveries`)?.n ?? 0;
    if (total <= keep + slack) return false;
    const cutoff = this.db.get<{ n: number }>(sql`SELECT n FROM deliveries ORDER BY n DESC LIMIT 1 OFFSET ${keep}`)!.n;
    const kept = sql`(SELECT max(n) FROM deliveries WHERE target_scope = 'game' AND attempts > 0 GROUP BY target_id)`;
    this.db.run(
      sql`DELETE FROM delivery_attempts WHERE delivery IN (SELECT n FROM deliveries WHERE n <= ${cutoff} AND state != 'pending' AND n NOT IN ${kept})`,
    );
    this.db.run(sql`DELETE FROM deliveries WHERE n <= ${cutoff} AND state != 'pending' AND n NOT IN ${kept}`);
    return true;
  }
}
