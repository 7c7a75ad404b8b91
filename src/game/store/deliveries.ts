/**
 * The queries on the game's delivery log (`deliveries`, `delivery_attempts`): one delivery per
 * notification and webhook, and each attempt to send it. What to send when, and what an answer
 * means, is the outbox's (src/game/outbox.ts); this module only reads and writes the rows.
 *
 * A row holds its own delivery (number `n`) and, in `batch`, the deliveries numbered just before it
 * that were settled with it (issue 24: a match whose deliveries all succeed at once is one row
 * written). Only a row's own delivery is ever pending, so the queue's queries read the rows'
 * columns alone; the log's reads (`row`, `byId`, `page`, `lastAnswers`, `prune`) see every delivery.
 * A batched delivery made pending again (a redelivery) gets a row of its own at its number, which
 * wins over its entry in the batch from then on.
 */
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { RoomDb } from "./index";
import { deliveries, deliveryAttempts } from "./schema";

export type DeliveryRow = typeof deliveries.$inferSelect;
/** A delivery kept in another's row (`batch`): its columns but the number (the row's `n` minus its place from the end). */
export type BatchEntry = Omit<DeliveryRow, "n" | "batch">;
export type AttemptRow = typeof deliveryAttempts.$inferSelect;
export type DeliveryState = "pending" | "delivered" | "failed" | "dropped";

/** A new delivery: everything but its number and its counters. */
export type NewDelivery = Omit<
  typeof deliveries.$inferInsert,
  "n" | "attempts" | "failures" | "lastStatus" | "lastError" | "attemptLog" | "batch"
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
    this.addAll([d]);
  }

  /**
   * Add deliveries known not to be in the log, numbered in their order after the newest: each run
   * of settled ones (not pending) in one row, the last of the run's, with the others in its `batch`;
   * each pending one in a row of its own. The newest row is never pruned, so a number is never
   * given twice.
   */
  addAll(list: (NewDelivery | SettledDelivery)[]): void {
    let next = (this.db.get<{ n: number | null }>(sql`SELECT max(n) AS n FROM deliveries`)?.n ?? 0) + 1;
    let run: BatchEntry[] = [];
    const flush = () => {
      if (!run.length) return;
      const own = run.at(-1)!;
      const earlier = run.slice(0, -1);
      this.db
        .insert(deliveries)
        .values({ ...own, n: next + run.length - 1, batch: earlier.length ? JSON.stringify(earlier) : null })
        .run();
      next += run.length;
      run = [];
    };
    for (const d of list) {
      if (d.state !== "pending") {
        run.push(entryOf(d));
        continue;
      }
      flush();
      this.db
        .insert(deliveries)
        .values({ ...d, n: next })
        .run();
      this.pendingAt(next);
      next++;
    }
    flush();
  }

  /** Whether the delivery of an id (`<event id>:<webhook id>`) is in the log. */
  has(id: string): boolean {
    return !!this.byId(id);
  }

  /**
   * Every delivery held by these rows (a row's own, its batch's), each with its number, oldest
   * first, one per number: a row of its own (among these rows) wins over its entry in a batch.
   */
  private unpack(rows: DeliveryRow[]): DeliveryRow[] {
    const mine = new Set(rows.map((r) => r.n));
    const out = new Map<number, DeliveryRow>();
    for (const r of rows) {
      out.set(r.n, { ...r, batch: null });
      if (!r.batch) continue;
      const list = JSON.parse(r.batch) as BatchEntry[];
      list.forEach((e, i) => {
        const n = r.n - list.length + i;
        if (!mine.has(n)) out.set(n, { ...e, n, batch: null });
      });
    }
    return [...out.values()].sort((x, y) => x.n - y.n);
  }

  row(n: number): DeliveryRow | null {
    const own = this.db.select().from(deliveries).where(eq(deliveries.n, n)).get();
    if (own) return { ...own, batch: null };
    // In a batch: the first row above it that holds one (only its own split-off rows lie between).
    const holder = this.db
      .select()
      .from(deliveries)
      .where(and(sql`${deliveries.n} > ${n}`, isNotNull(deliveries.batch)))
      .orderBy(asc(deliveries.n))
      .limit(1)
      .get();
    return holder ? (this.unpack([holder]).find((d) => d.n === n) ?? null) : null;
  }

  /** The delivery of an id (`<event id>:<webhook id>`). */
  byId(id: string): DeliveryRow | undefined {
    const rows = this.db
      .select()
      .from(deliveries)
      .where(sql`${deliveries.id} = ${id} OR instr(${deliveries.batch}, ${JSON.stringify(id)}) > 0`)
      .all();
    const own = rows.find((r) => r.id === id);
    if (own) return { ...own, batch: null };
    return this.unpack(rows).find((d) => d.id === id);
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
    // A batched delivery is never pending; changed (made pending again), it gets a row of its own.
    if (!onlyPending && !this.db.select({ n: deliveries.n }).from(deliveries).where(eq(deliveries.n, n)).get()) {
      const entry = this.row(n);
      if (!entry) return;
      this.db
        .insert(deliveries)
        .values({ ...entry, ...patch, batch: null })
        .run();
      if ((patch.state ?? entry.state) === "pending") this.pendingAt(n);
      return;
    }
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
    const own = this.db.select({ log: deliveries.attemptLog }).from(deliveries).where(eq(deliveries.n, n)).get();
    const row = own ?? { log: this.row(n)?.attemptLog ?? null };
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
    const rows: DeliveryRow[] = [];
    // The row holding `before - 1` in its batch, if any (its own number is `before` or above).
    const holder = this.db
      .select()
      .from(deliveries)
      .where(and(gte(deliveries.n, before), isNotNull(deliveries.batch)))
      .orderBy(asc(deliveries.n))
      .limit(1)
      .get();
    if (holder) rows.push(holder);
    let low = before;
    let found: DeliveryRow[] = [];
    for (;;) {
      const more = this.db
        .select()
        .from(deliveries)
        .where(lt(deliveries.n, low))
        .orderBy(desc(deliveries.n))
        .limit(limit + 1)
        .all();
      rows.push(...more);
      if (more.length) low = more.at(-1)!.n;
      found = this.unpack(rows).filter((d) => d.n < before);
      if (found.length >= limit || more.length <= limit) break;
    }
    found = found.slice(-limit);
    // Rows of their own below the rows read, for deliveries shown from a batch (split off: they win).
    const lowest = found[0]?.n;
    if (lowest !== undefined && lowest < low) {
      const own = this.db
        .select()
        .from(deliveries)
        .where(and(gte(deliveries.n, lowest), lt(deliveries.n, low)))
        .all();
      if (own.length) found = this.unpack([...rows, ...own]).filter((d) => d.n >= lowest && d.n < before);
    }
    return found.reverse();
  }

  pendingCount(): number {
    return this.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM deliveries WHERE state = 'pending'`)?.n ?? 0;
  }

  /**
   * Each of the game's own webhooks' (scope "game") newest attempted delivery in the log (a
   * webhook's deliveries are attempted in order): target id → that delivery. A first success to
   * such a webhook is recorded here only, not on its D1 row (outbox.ts), so the game's webhook list
   * takes the newer of the two.
   */
  private newestAnswered(): Map<string, DeliveryRow> {
    const rows = this.db
      .select()
      .from(deliveries)
      .where(
        sql`(${deliveries.targetScope} = 'game' AND ${deliveries.attempts} > 0) OR ${deliveries.batch} IS NOT NULL`,
      )
      .all();
    const newest = new Map<string, DeliveryRow>();
    for (const d of this.unpack(rows)) if (d.targetScope === "game" && d.attempts > 0) newest.set(d.targetId, d);
    return newest;
  }

  /** Each of the game's own webhooks' newest answer in the log (`newestAnswered`): its status and time. */
  lastAnswers(): Map<string, { status: number | null; at: number }> {
    const out = new Map<string, { status: number | null; at: number }>();
    for (const [target, r] of this.newestAnswered()) {
      const last = this.attempts(r.n).at(-1);
      out.set(target, last ? { status: last.status, at: last.at } : { status: r.lastStatus, at: r.updatedAt });
    }
    return out;
  }

  /**
   * Keep the log bounded: the newest `keep` deliveries, every pending one, and each game webhook's
   * newest attempted one (its last answer, `lastAnswers`: the row that holds it), checked past
   * `keep + slack`. A row goes whole, when its own number is past the newest `keep`.
   */
  prune(keep: number, slack: number): boolean {
    // The numbers' span bounds the count (two rows read, not the whole log): counted only past it.
    const top = this.db.get<{ n: number | null }>(sql`SELECT max(n) AS n FROM deliveries`)?.n ?? null;
    const bottom = this.db.get<{ n: number; k: number | null }>(
      sql`SELECT n, json_array_length(batch) AS k FROM deliveries ORDER BY n LIMIT 1`,
    );
    if (top === null || !bottom) return false;
    if (top - (bottom.n - (bottom.k ?? 0)) + 1 <= keep + slack) return false;
    const sizes = this.db.all<{ n: number; k: number | null }>(
      sql`SELECT n, json_array_length(batch) AS k FROM deliveries ORDER BY n DESC`,
    );
    const total = sizes.reduce((sum, r) => sum + 1 + (r.k ?? 0), 0);
    if (total <= keep + slack) return false;
    // The newest row past the newest `keep` deliveries: it and every row below it may go.
    let counted = 0;
    let cutoff: number | null = null;
    for (const r of sizes) {
      if (counted >= keep) {
        cutoff = r.n;
        break;
      }
      counted += 1 + (r.k ?? 0);
    }
    if (cutoff === null) return false;
    const held = [...this.newestAnswered().values()].map((d) => d.n);
    // The rows holding each game webhook's newest answered delivery: its own row, or its batch's.
    const kept = held.flatMap((n) => {
      const holder = sizes.find((r) => r.n === n) ?? sizes.find((r) => r.k && r.n > n && r.n - r.k <= n);
      return holder ? [holder.n] : [];
    });
    const gone = sizes.filter((r) => r.n <= cutoff && !kept.includes(r.n)).map((r) => r.n);
    if (!gone.length) return false;
    const keptList = kept.length
      ? sql.join(
          kept.map((n) => sql`${n}`),
          sql`, `,
        )
      : sql`NULL`;
    this.db.run(
      sql`DELETE FROM delivery_attempts WHERE delivery IN (SELECT n FROM deliveries WHERE n <= ${cutoff} AND state != 'pending' AND n NOT IN (${keptList}))`,
    );
    this.db.run(sql`DELETE FROM deliveries WHERE n <= ${cutoff} AND state != 'pending' AND n NOT IN (${keptList})`);
    return true;
  }
}

/** A new delivery as an entry of a batch (its counters as a row's defaults would make them). */
function entryOf(d: NewDelivery | SettledDelivery): BatchEntry {
  return {
    attempts: 0,
    failures: 0,
    lastStatus: null,
    attemptLog: null,
    ...d,
    lastError: d.lastError ?? null,
    targetLabel: d.targetLabel ?? null,
  };
}
