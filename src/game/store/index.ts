/**
 * The game's storage, through drizzle (drizzle-orm/durable-sqlite): the only code that queries it.
 * `Store` holds the turn log (`turns`: one row per change, with the idempotency answers) and the
 * outbox's bookkeeping (`room`); `deliveries` (./deliveries.ts) and `talk` (./talk.ts) hold the
 * delivery log and table talk's rows, ./analysis.ts the coach's reviews; ./legacy.ts moves a game of the storage before drizzle.
 * Nothing is created for a game that does not exist: `exists()` only reads, and the tables are made
 * by `create()` (the migrations, applied when a game is created, and on start for a game that exists).
 *
 * Every statement's cursor is kept until `takeRowsWritten()` sums its `rowsWritten`: the
 * storage API's own count, for the cost figures.
 */
import { and, asc, desc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { drizzle, type DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import type { QueuedNotification } from "../../notify/types";
import type { StoredEntry } from "../events";
import type { GameRecord } from "../model";
import type { Outcome } from "../outcome";
import { AnalysisRows } from "./analysis";
import { Deliveries } from "./deliveries";
import { importLegacy } from "./legacy";
import migrations from "./migrations.gen";
import * as schema from "./schema";
import { room, turns } from "./schema";
import { TalkRows } from "./talk";

export type { AnalysisRow } from "./analysis";
export type { DeliveryRow, DeliveryState } from "./deliveries";
export type { MessageRow } from "./talk";

export type RoomDb = DrizzleSqliteDODatabase<typeof schema>;

export interface RoomMeta {
  hooks: boolean;
  expanded: number;
  synced: number;
  syncAttempts: number;
  syncDue: number | null;
  syncError: string | null;
}

const DEFAULT_META: RoomMeta = { hooks: true, expanded: 0, synced: 0, syncAttempts: 0, syncDue: null, syncError: null };

/** The bookkeeping a turn row carries (`turns.hooks`, `synced`, `expanded`). */
type Carried = Pick<RoomMeta, "hooks" | "synced" | "expanded">;

/** One change to append. */
export interface NewTurn {
  record: GameRecord;
  entries: StoredEntry[];
  notes: QueuedNotification[];
  sync: boolean;
  at: number;
  idem?: { player: string; key: string; fingerprint: string; answer: Outcome };
}

export interface LoggedEntry extends StoredEntry {
  index: number;
  version: number;
  at: number;
}

export class Store {
  private readonly db: RoomDb;
  /** The delivery log's rows. */
  readonly deliveries: Deliveries;
  /** Table talk's rows. */
  readonly talk: TalkRows;
  /** The coach's reviews (src/game/analysis.ts). */
  readonly analysis: AnalysisRows;
  private cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  private ready = false;
  /** This start moved a game from the storage of the code before drizzle. */
  imported = false;

  constructor(private readonly storage: DurableObjectStorage) {
    const counted = {
      sql: {
        exec: (query: string, ...bindings: unknown[]) => {
          const c = storage.sql.exec(query, ...bindings);
          this.cursors.push(c);
          return c;
        },
      },
      transactionSync: <T>(fn: () => T) => storage.transactionSync(fn),
    };
    this.db = drizzle(counted as unknown as DurableObjectStorage, { schema });
    this.deliveries = new Deliveries(this.db);
    this.talk = new TalkRows(this.db);
    this.analysis = new AnalysisRows(this.db);
    this.insertTurn = this.prepareInsertTurn();
  }

  /**
   * Open the storage of a game that exists (migrating it if needed); false, having written
   * nothing, when this game was never created. Run it in blockConcurrencyWhile on start.
   */
  async open(): Promise<boolean> {
    if (this.ready) return true;
    const found = this.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('turns', 'game')")
      .toArray()
      .map((r) => r.name);
    if (!found.length) return false;
    if (found.includes("game")) {
      importLegacy(this.storage);
      this.imported = true;
    } else await migrate(this.db, migrations);
    this.ready = true;
    this.startTurn = this.lastTurn();
    return true;
  }

  /** Whether the game exists (after open or create). */
  exists(): boolean {
    return this.ready;
  }

  /**
   * Make the storage of a new game: today's tables in one step (`fresh`: the schema as drizzle-kit
   * writes it for an empty database) with only the newest migration recorded as applied, which is
   * all drizzle's migrator reads. Replaying every migration wrote about twice the rows (each step's
   * tables, the tables a later one rebuilds, a record per migration; issue 24).
   */
  async create(): Promise<void> {
    const newest = migrations.journal.entries.at(-1)!;
    const made = this.storage.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'turns'")
      .one().n;
    if (!made)
      this.storage.transactionSync(() => {
        for (const statement of migrations.fresh.split("--> statement-breakpoint"))
          if (statement.trim()) this.db.run(sql.raw(statement));
        this.db.run(sql.raw(MIGRATIONS_TABLE));
        this.db.run(sql`INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES ('', ${newest.when})`);
      });
    // Applies nothing on the storage just made (it reads the newest record); anything else is migrated.
    await migrate(this.db, migrations);
    this.ready = true;
  }

  /** The rows written by the statements run since the last call. */
  takeRowsWritten(): number {
    let n = 0;
    for (const c of this.cursors) n += c.rowsWritten;
    this.cursors = [];
    return n;
  }

  /** The current game record and its turn number (null: no game). */
  load(): { record: GameRecord; n: number } | null {
    if (!this.exists()) return null;
    const row = this.db
      .select({ n: turns.n, record: turns.record })
      .from(turns)
      .where(isNotNull(turns.record))
      .orderBy(desc(turns.n))
      .limit(1)
      .get();
    return row ? { record: JSON.parse(row.record!) as GameRecord, n: row.n } : null;
  }

  /**
   * The turn row's insert, built once (drizzle's prepared query with placeholders): built anew for
   * every turn, drizzle's query building was a fifth of the turn's work in its Durable Object.
   */
  private readonly insertTurn: ReturnType<Store["prepareInsertTurn"]>;

  private prepareInsertTurn() {
    const p = <K extends keyof typeof turns.$inferInsert>(k: K) => sql.placeholder(k);
    return this.db
      .insert(turns)
      .values({
        version: p("version"),
        at: p("at"),
        first: p("first"),
        last: p("last"),
        entries: p("entries"),
        record: p("record"),
        notes: p("notes"),
        sync: p("sync"),
        idemPlayer: p("idemPlayer"),
        idemKey: p("idemKey"),
        idemFingerprint: p("idemFingerprint"),
        idemAnswer: p("idemAnswer"),
        hooks: p("hooks"),
        synced: p("synced"),
        expanded: p("expanded"),
      })
      .prepare();
  }

  /** Append a change: one row. */
  append(t: NewTurn): void {
    const g = t.record;
    const carried = this.carried();
    const answer = t.idem ? JSON.stringify(t.idem.answer) : null;
    this.insertTurn.run({
      version: g.version,
      at: t.at,
      first: g.logLength - t.entries.length,
      last: g.logLength,
      entries: t.entries.length ? JSON.stringify(t.entries) : null,
      record: JSON.stringify(g),
      notes: t.notes.length ? JSON.stringify(t.notes) : null,
      sync: t.sync,
      idemPlayer: t.idem?.player ?? null,
      idemKey: t.idem?.key ?? null,
      idemFingerprint: t.idem?.fingerprint ?? null,
      idemAnswer: answer,
      ...carried,
    });
    this.carriedOut(carried);
    if (t.sync) this.lastSync = null;
    if (t.idem && answer) this.keep(t.idem.player, t.idem.key, t.at, t.idem.fingerprint, answer);
  }

  /** What a new row carries of the bookkeeping. */
  private carried(): Carried {
    const m = this.meta();
    return { hooks: m.hooks, synced: m.synced, expanded: m.expanded };
  }

  /**
   * The answer remembered for a player's Idempotency-Key (sent since `since`). The answers are
   * read from storage once per start (one query) and kept in memory from then on, each one as it
   * is written: a lookup then costs no scan of the turn rows, however long the game.
   */
  answerFor(player: string, key: string, since: number): { fingerprint: string; answer: Outcome } | null {
    if (!this.answers) {
      this.answers = new Map();
      const rows = this.db
        .select({
          player: turns.idemPlayer,
          key: turns.idemKey,
          at: turns.at,
          fingerprint: turns.idemFingerprint,
          answer: turns.idemAnswer,
        })
        .from(turns)
        .where(and(isNotNull(turns.idemKey), gt(turns.at, since)))
        .orderBy(asc(turns.n))
        .all();
      for (const r of rows) this.keep(r.player!, r.key!, r.at, r.fingerprint!, r.answer!);
    }
    // Answers past their time are forgotten now and then (the rows stay, as before).
    if (this.answers.size > 512) for (const [k, v] of this.answers) if (v.at <= since) this.answers.delete(k);
    const t = this.answers.get(answerKey(player, key));
    return t && t.at > since ? { fingerprint: t.fingerprint, answer: JSON.parse(t.answer) } : null;
  }

  /** Answers by player and key (null: not read yet); see answerFor. */
  private answers: Map<string, { at: number; fingerprint: string; answer: string }> | null = null;

  private keep(player: string, key: string, at: number, fingerprint: string, answer: string): void {
    this.answers?.set(answerKey(player, key), { at, fingerprint, answer });
  }

  /** Remember an answer that changed nothing (a refusal): a row with no record. */
  rememberAnswer(
    g: GameRecord,
    idem: { player: string; key: string; fingerprint: string },
    answer: Outcome,
    at: number,
  ): void {
    const carried = this.carried();
    const text = JSON.stringify(answer);
    this.db
      .insert(turns)
      .values({
        version: g.version,
        at,
        first: g.logLength,
        last: g.logLength,
        idemPlayer: idem.player,
        idemKey: idem.key,
        idemFingerprint: idem.fingerprint,
        idemAnswer: text,
        ...carried,
      })
      .run();
    this.carriedOut(carried);
    this.keep(idem.player, idem.key, at, idem.fingerprint, text);
  }

  /** Log entries after index `after` (at most `limit`), oldest first. */
  entries(after: number, limit: number, upTo = Number.MAX_SAFE_INTEGER): LoggedEntry[] {
    const rows = this.db
      .select({ first: turns.first, version: turns.version, at: turns.at, entries: turns.entries })
      .from(turns)
      .where(and(isNotNull(turns.entries), gt(turns.last, after), lte(turns.first, upTo)))
      .orderBy(asc(turns.n))
      .all();
    const out: LoggedEntry[] = [];
    for (const r of rows) {
      const list = JSON.parse(r.entries!) as StoredEntry[];
      list.forEach((e, i) => {
        const index = r.first + i + 1;
        if (index > after && index <= upTo && out.length < limit)
          out.push({ ...e, index, version: r.version, at: r.at });
      });
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The outbox's bookkeeping: the room row, unless a newer turn row carries `hooks` and `synced`,
   * with what is noted for the next row on top.
   */
  meta(): RoomMeta {
    this.base ??= this.readMeta();
    return this.noted ? { ...this.base, ...this.noted } : { ...this.base };
  }

  /**
   * The bookkeeping as stored, kept in memory between changes: this object is the only writer of
   * its storage, and every write of the bookkeeping goes through `append`, `rememberAnswer` or
   * `setMeta`, which keep it (saves four reads on every turn).
   */
  private base: RoomMeta | null = null;

  /** A turn row was written carrying `c`: the bookkeeping as the next read would find it. */
  private carriedOut(c: Carried): void {
    if (this.base)
      this.base = {
        ...this.base,
        hooks: c.hooks,
        synced: Math.max(this.base.synced, c.synced),
        expanded: Math.max(this.base.expanded, c.expanded),
      };
    this.noted = null;
  }

  private readMeta(): RoomMeta {
    const m = this.db.select().from(room).where(eq(room.id, 1)).get();
    const base: RoomMeta = m
      ? {
          hooks: m.hooks,
          expanded: m.expanded,
          synced: m.synced,
          syncAttempts: m.syncAttempts,
          syncDue: m.syncDue,
          syncError: m.syncError,
        }
      : { ...DEFAULT_META };
    const last = this.db
      .select({ n: turns.n, hooks: turns.hooks, synced: turns.synced, expanded: turns.expanded })
      .from(turns)
      .orderBy(desc(turns.n))
      .limit(1)
      .get();
    if (last && last.hooks !== null && last.n > (m?.atTurn ?? 0)) {
      base.hooks = last.hooks;
      base.synced = Math.max(base.synced, last.synced ?? 0);
      // Rows from before room migration 0004 carry no cursor: the room row's stands.
      base.expanded = Math.max(base.expanded, last.expanded ?? 0);
    }
    return base;
  }

  /** Write the bookkeeping now (with anything noted for the next row). */
  setMeta(patch: Partial<RoomMeta>): void {
    const next = { ...this.meta(), ...patch, atTurn: this.lastTurn() };
    this.db
      .insert(room)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: room.id, set: next })
      .run();
    const { atTurn: _atTurn, ...meta } = next;
    this.base = meta;
    this.noted = null;
  }

  /**
   * Note `hooks`, `synced` or `expanded` for the next row to carry, instead of writing them now.
   * Lost if the object is evicted before that row: then D1 is synced once more (it changes nothing
   * there), the webhooks are looked up again, and notifications already matched are matched again
   * (their deliveries are there: nothing is added or sent twice).
   */
  noteMeta(patch: Partial<Carried>): void {
    this.noted = { ...this.noted, ...patch };
  }

  private noted: Partial<Carried> | null = null;

  /** Run `fn`'s writes as one transaction: all of them or none. */
  atomically<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  /** Turns after `after` that carry notifications, oldest first. */
  notesAfter(after: number, limit: number): { n: number; at: number; notes: QueuedNotification[] }[] {
    return this.db
      .select({ n: turns.n, at: turns.at, notes: turns.notes })
      .from(turns)
      .where(and(gt(turns.n, after), isNotNull(turns.notes)))
      .orderBy(asc(turns.n))
      .limit(limit)
      .all()
      .map((r) => ({ n: r.n, at: r.at, notes: JSON.parse(r.notes!) as QueuedNotification[] }));
  }

  /** The newest turn whose change D1 must learn of (0: none). */
  lastSyncTurn(): number {
    // Read once (a scan of the turns: `sync` has no index), then kept: `append` forgets it when it
    // writes such a turn. Asked on every look at what is due.
    this.lastSync ??=
      this.db
        .select({ n: sql<number>`coalesce(max(${turns.n}), 0)` })
        .from(turns)
        .where(eq(turns.sync, true))
        .get()?.n ?? 0;
    return this.lastSync;
  }

  private lastSync: number | null = null;

  /**
   * The last turn when the object started (0: a new game). Only the turns up to it can have had
   * their notifications matched by an earlier start whose cursor was lost (see noteMeta); this
   * start matches each later turn once.
   */
  startTurn = 0;

  /** The newest turn with notifications (0: none). */
  lastNotesTurn(): number {
    return (
      this.db
        .select({ n: sql<number>`coalesce(max(${turns.n}), 0)` })
        .from(turns)
        .where(isNotNull(turns.notes))
        .get()?.n ?? 0
    );
  }

  lastTurn(): number {
    return (
      this.db
        .select({ n: sql<number>`coalesce(max(${turns.n}), 0)` })
        .from(turns)
        .get()?.n ?? 0
    );
  }
}

/** drizzle's own table of applied migrations, as its migrator makes it (drizzle-orm/durable-sqlite/migrator). */
const MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)";

const answerKey = (player: string, key: string) => `${player}\u0000${key}`;
