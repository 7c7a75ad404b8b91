/**
 * The storage of one game's Durable Object (SQLite, through drizzle; migrations in drizzle/room/).
 *
 * - `turns`: one row per accepted change (a turn, a lobby change, a clock event): its log
 *   entries with their events, the game record after it (the current game is the last row), the
 *   notifications it causes (only when someone may listen), and the answer a retry with the same
 *   Idempotency-Key gets. A turn writes this one row and nothing else.
 *   A refusal sent with an Idempotency-Key is remembered in a row of its own (no record).
 * - `room`: the outbox's bookkeeping (D1 sync, notification cursor); written only when it moves
 *   outside a turn and no turn row will carry it (a failed sync, a webhook added, a finished game);
 *   a turn row carries `hooks`, `synced` and `expanded` as they stand.
 * - `deliveries`, `delivery_attempts`: the per-webhook delivery log (games with webhooks only); the
 *   deliveries a match settled at once share one row (`batch`).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const turns = sqliteTable("turns", {
  n: integer("n").primaryKey(),
  /** The game's version after this change. */
  version: integer("version").notNull(),
  at: integer("at").notNull(),
  /** Log entries before this change (its entries are first+1 … last). */
  first: integer("first").notNull(),
  last: integer("last").notNull(),
  /** JSON: StoredEntry[] (null: no action was played). */
  entries: text("entries"),
  /** JSON: the GameRecord after this change (null only in rows imported from the old log). */
  record: text("record"),
  /** JSON: QueuedNotification[] this change causes, when the game may have listeners. */
  notes: text("notes"),
  /** Whether D1 must learn of this change (membership or result). */
  sync: integer("sync", { mode: "boolean" }).notNull().default(false),
  /**
   * The outbox's bookkeeping as of this row (null in rows imported from the old storage): whether
   * the game may have webhooks, and the turn up to which D1 knew the game. A D1 sync made before a
   * lobby change is answered is noted here, by the next row, instead of a write of its own.
   */
  hooks: integer("hooks", { mode: "boolean" }),
  synced: integer("synced"),
  /**
   * The turn up to which notifications were matched to webhooks, as of this row (null in rows
   * from before room migration 0004: then the room row's). Moved by the outbox after a turn and
   * carried by the next row instead of a write of its own.
   */
  expanded: integer("expanded"),
  /** Idempotency: who sent which key with which request, and the answer (JSON). */
  idemPlayer: text("idem_player"),
  idemKey: text("idem_key"),
  idemFingerprint: text("idem_fingerprint"),
  idemAnswer: text("idem_answer"),
});

export const room = sqliteTable("room", {
  id: integer("id").primaryKey(),
  /** Whether the game may have webhooks (notifications are kept only then). */
  hooks: integer("hooks", { mode: "boolean" }).notNull().default(true),
  /** Turns up to here have had their notifications matched to webhooks. */
  expanded: integer("expanded").notNull().default(0),
  /** Turns up to here are known to D1. */
  synced: integer("synced").notNull().default(0),
  syncAttempts: integer("sync_attempts").notNull().default(0),
  syncDue: integer("sync_due"),
  syncError: text("sync_error"),
  /** The last turn when this row was written: a newer turn row's `hooks` and `synced` win. */
  atTurn: integer("at_turn").notNull().default(0),
});

export const deliveries = sqliteTable(
  "deliveries",
  {
    /**
     * The delivery's number (its id in the API). No AUTOINCREMENT: its sequence row was one more
     * row written on every insert (issue 24); the newest row is never pruned, so a number is never
     * given twice.
     */
    n: integer("n").primaryKey(),
    /** `<event id>:<webhook id>`: one delivery per event and webhook (checked on insert). */
    id: text("id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    targetId: text("target_id").notNull(),
    targetScope: text("target_scope").notNull(),
    targetKind: text("target_kind").notNull(),
    targetOwner: text("target_owner").notNull(),
    targetLabel: text("target_label"),
    targetRedacted: text("target_redacted").notNull(),
    notification: text("notification").notNull(),
    state: text("state").notNull(),
    due: integer("due").notNull(),
    attempts: integer("attempts").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    /**
     * The attempts, first first (JSON, `AttemptRow[]` without `delivery`), written with the row's
     * own change after each attempt: one row written per attempt. `delivery_attempts` holds only
     * attempts made before this column (a row each, and its primary key's index entry).
     */
    attemptLog: text("attempt_log"),
    /**
     * Deliveries settled together with this one (issue 24): JSON, the rows (`BatchEntry[]` of
     * ./deliveries.ts: every column but `n` and `batch`) of the deliveries numbered just before this
     * row's `n`, oldest first. A match's deliveries that its first attempt settled (delivered,
     * failed, dropped) are one row written, not one each; a delivery that waits for a retry has a
     * row of its own. Never pending; redelivered, an entry gets a row of its own at its number,
     * which wins over the entry from then on. Null: this row holds only its own delivery.
     */
    batch: text("batch"),
  },
  // No index: each index entry is a row written (billed) on every insert and on every change of
  // state, two more rows per delivery; the queue's queries scan a log kept under 550 rows
  // (outbox.ts prune), and rows read cost a thousandth of rows written (issue 24).
);

export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    delivery: integer("delivery").notNull(),
    attempt: integer("attempt").notNull(),
    at: integer("at").notNull(),
    status: integer("status"),
    latencyMs: integer("latency_ms").notNull(),
    outcome: text("outcome").notNull(),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.delivery, t.attempt] })],
);

/**
 * Table talk (src/game/talk.ts): the seated players' messages, numbered in the order the game took
 * them (`n`). A deleted message keeps its number; its text is gone (null). `seat` is the writer's
 * seat when they wrote; a reader is told the seat the writer (`player`) sits in now (a lobby's seats
 * move up when someone leaves).
 */
export const messages = sqliteTable(
  "messages",
  {
    n: integer("n").primaryKey(),
    seat: integer("seat").notNull(),
    player: text("player").notNull(),
    /** Null once its writer deleted it. */
    text: text("text"),
    at: integer("at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("messages_player").on(t.player, t.n)],
);

/** Table talk: `player` does not see the messages of `muted` (a player id), until unmuted. */
export const mutes = sqliteTable(
  "mutes",
  {
    player: text("player").notNull(),
    muted: text("muted").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.player, t.muted] })],
);

/**
 * The coach's review of a game (src/game/analysis.ts, docs/coach.md): one row per alarm slice,
 * holding the reviews of the play-phase turns `first` … `last - 1` (numbered from 0 in the
 * game's order) as JSON. Written once per turn, never rewritten: the analysis is stored with the
 * game. `version` is the game's version when the slice was written; `work` the slice's budget used.
 */
export const analysis = sqliteTable("analysis", {
  n: integer("n").primaryKey(),
  first: integer("first").notNull(),
  last: integer("last").notNull(),
  version: integer("version").notNull(),
  work: integer("work").notNull(),
  /** JSON: TurnReviewRecord[] (analysis.ts). */
  reviews: text("reviews").notNull(),
});
