/**
 * A game stored by the code before drizzle (tables game, log, idempotency, outbox, timers,
 * notifications, deliveries, delivery_attempts, made by DDL in the constructors): moved into the
 * migrated tables once, in one transaction, and the old tables dropped. Only `Store.open` calls it.
 */
import type { StoredEntry } from "../events";
import type { GameRecord } from "../model";
import migrations from "./migrations.gen";

/** The tables of the code before drizzle, dropped once their rows are moved. */
const OLD_TABLES = [
  "game",
  "log",
  "idempotency",
  "outbox",
  "timers",
  "notifications",
  "legacy_deliveries",
  "legacy_delivery_attempts",
];

/** Move a game in the old storage into the migrated tables (one transaction: all or nothing). */
export function importLegacy(s: DurableObjectStorage): void {
  const has = (t: string) =>
    s.sql.exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?", t).one().n >
    0;
  // One transaction: the old tables out of the way, the migrations (as `migrate` applies them, but
  // synchronously, so that a failure leaves the old game untouched), the import, the old tables gone.
  s.transactionSync(() => {
    for (const t of ["deliveries", "delivery_attempts"])
      if (has(t)) s.sql.exec(`ALTER TABLE ${t} RENAME TO legacy_${t}`);
    for (const i of ["deliveries_pending", "deliveries_target"]) s.sql.exec(`DROP INDEX IF EXISTS ${i}`);
    migrateNow(s);
    const game = rows<{ record: string }>(s, "SELECT record FROM game WHERE id = 1")[0];
    if (has("log")) importLog(s);
    if (game) importGame(s, game.record, has);
    if (has("idempotency") && game) importAnswers(s, JSON.parse(game.record) as GameRecord);
    if (has("legacy_deliveries")) importDeliveries(s, has("legacy_delivery_attempts"));
    for (const t of OLD_TABLES) s.sql.exec(`DROP TABLE IF EXISTS ${t}`);
  });
}

const rows = <T>(s: DurableObjectStorage, query: string, ...b: SqlStorageValue[]) =>
  s.sql.exec(query, ...b).toArray() as T[];

/** The migrations, as drizzle's `migrate` applies them, but synchronously (inside the transaction). */
function migrateNow(s: DurableObjectStorage): void {
  s.sql.exec(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)",
  );
  for (const e of migrations.journal.entries) {
    const text = (migrations.migrations as Record<string, string>)[`m${String(e.idx).padStart(4, "0")}`];
    for (const stmt of text.split("--> statement-breakpoint")) if (stmt.trim()) s.sql.exec(stmt);
    s.sql.exec('INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)', "", e.when);
  }
}

/** The old log: one turn row (entries only, no record) per entry. */
function importLog(s: DurableObjectStorage): void {
  const log = rows<{ idx: number; version: number; seat: number | null; entry: string; events: string; at: number }>(
    s,
    "SELECT * FROM log ORDER BY idx",
  );
  for (const r of log) {
    const events = JSON.parse(r.events) as { type: string }[];
    const timedOut = events[0]?.type === "timedOut" ? events[0] : undefined;
    const entry: StoredEntry = {
      seat: r.seat,
      entry: JSON.parse(r.entry),
      events: (timedOut ? events.slice(1) : events) as StoredEntry["events"],
    };
    if (timedOut) entry.timedOut = timedOut as StoredEntry["timedOut"];
    s.sql.exec(
      "INSERT INTO turns (version, at, first, last, entries, record, notes, sync) VALUES (?, ?, ?, ?, ?, NULL, NULL, 0)",
      r.version,
      r.at,
      r.idx - 1,
      r.idx,
      JSON.stringify([entry]),
    );
  }
}

/** The game record as the last turn row, with the notifications and the D1 sync still waiting. */
function importGame(s: DurableObjectStorage, record: string, has: (t: string) => boolean): void {
  const g = JSON.parse(record) as GameRecord;
  const pending = has("notifications")
    ? rows<{ payload: string }>(s, "SELECT payload FROM notifications ORDER BY seq").map((r) => JSON.parse(r.payload))
    : [];
  const sync =
    has("outbox") && rows<{ n: number }>(s, "SELECT count(*) AS n FROM outbox WHERE kind = 'd1sync'")[0].n > 0;
  s.sql.exec(
    "INSERT INTO turns (version, at, first, last, entries, record, notes, sync) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)",
    g.version,
    g.endedAt ?? g.startedAt ?? g.createdAt,
    g.logLength,
    g.logLength,
    record,
    pending.length ? JSON.stringify(pending) : null,
    sync ? 1 : 0,
  );
  const last = rows<{ n: number }>(s, "SELECT max(n) AS n FROM turns")[0].n;
  // Everything before the import is known to D1 unless its sync was still waiting.
  s.sql.exec("INSERT INTO room (id, hooks, expanded, synced) VALUES (1, 1, ?, ?)", last - 1, sync ? last - 1 : last);
}

/** The remembered Idempotency-Key answers, as rows with no record. */
function importAnswers(s: DurableObjectStorage, g: GameRecord): void {
  for (const r of rows<{ player: string; key: string; fingerprint: string; status: number; body: string; at: number }>(
    s,
    "SELECT * FROM idempotency",
  )) {
    const body = JSON.parse(r.body);
    const answer = r.status < 300 ? { ok: true, value: body } : { ok: false, error: body.error };
    s.sql.exec(
      "INSERT INTO turns (version, at, first, last, idem_player, idem_key, idem_fingerprint, idem_answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      g.version,
      r.at,
      g.logLength,
      g.logLength,
      r.player,
      r.key,
      r.fingerprint,
      JSON.stringify(answer),
    );
  }
}

/** The delivery log, as it was (the same columns under the migrated tables). */
function importDeliveries(s: DurableObjectStorage, withAttempts: boolean): void {
  s.sql.exec(`INSERT INTO deliveries (n, id, event_id, event_type, target_id, target_scope, target_kind, target_owner, target_label,
    target_redacted, notification, state, due, attempts, failures, created_at, updated_at, last_status, last_error)
    SELECT n, id, event_id, event_type, target_id, target_scope, target_kind, target_owner, target_label, target_redacted,
    notification, state, due, attempts, failures, created_at, updated_at, last_status, last_error FROM legacy_deliveries`);
  if (withAttempts)
    s.sql.exec(
      "INSERT INTO delivery_attempts (delivery, attempt, at, status, latency_ms, outcome, error) SELECT delivery, attempt, at, status, latency_ms, outcome, error FROM legacy_delivery_attempts",
    );
}
