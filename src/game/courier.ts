/**
 * The notification outbox of one game, inside its Durable Object's storage:
 *
 * - `notifications`: events written in the same commit as the change that caused them;
 * - `deliveries`: one row per (event, webhook) once the event has been matched to its webhooks,
 *   the per-game delivery log, with its state and the next attempt's due time;
 * - `delivery_attempts`: every attempt (time, status, latency, outcome).
 *
 * `run(now)` (from the alarm) matches due events to webhooks and sends due deliveries, with
 * exponential backoff and jitter, honouring 429 waits, switching off a webhook that answers
 * 401/403/404/410 repeatedly. A delivery row is unique per (event, webhook), and the event id is
 * sent as the idempotency key on every attempt.
 */
import { MAX_ATTEMPTS, bodyFor, retryDelay, sendOnce, type AttemptResult } from "../notify/deliver";
import { wants, type NotifyDirectory, type Target } from "../notify/directory";
import type { Notification, QueuedNotification } from "../notify/types";

export interface CourierHost {
  sql: SqlStorage;
  write(query: string, ...bindings: SqlStorageValue[]): void;
  now(): number;
  random(): number;
  directory(): NotifyDirectory;
  /** The game's id and seated players (for Discord ids). */
  game(): { id: string; players: string[] } | null;
  /** A webhook was just switched off: tell its owner (queue a notification). */
  onDisabled(target: Target, reason: string): void;
}

export type DeliveryState = "pending" | "delivered" | "failed" | "dropped";

export interface DeliveryView {
  id: number;
  eventId: string;
  eventType: string;
  createdAt: string;
  target: { id: string; scope: "game" | "player"; kind: string; label: string | null; url: string | null; ownerId: string | null };
  state: DeliveryState;
  attempts: { attempt: number; at: string; status: number | null; latencyMs: number; outcome: string; error: string | null }[];
  nextAttemptAt: string | null;
}

type DeliveryRow = {
  n: number;
  id: string;
  event_id: string;
  event_type: string;
  target_id: string;
  target_scope: "game" | "player";
  target_kind: string;
  target_owner: string;
  target_label: string | null;
  target_redacted: string;
  notification: string;
  state: DeliveryState;
  due: number;
  attempts: number;
  failures: number;
  created_at: number;
  last_status: number | null;
  last_error: string | null;
};

const BATCH = 25;
const CONCURRENCY = 6;
const KEEP_DELIVERIES = 500;
const iso = (t: number) => new Date(t).toISOString();

export class Courier {
  private running = false;

  constructor(private readonly host: CourierHost) {
    host.sql.exec(`
      CREATE TABLE IF NOT EXISTS notifications (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, payload TEXT NOT NULL, due INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT);
      CREATE TABLE IF NOT EXISTS deliveries (
        n INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
        event_id TEXT NOT NULL, event_type TEXT NOT NULL,
        target_id TEXT NOT NULL, target_scope TEXT NOT NULL, target_kind TEXT NOT NULL, target_owner TEXT NOT NULL,
        target_label TEXT, target_redacted TEXT NOT NULL, notification TEXT NOT NULL,
        state TEXT NOT NULL, due INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, last_status INTEGER, last_error TEXT);
      CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (state, due);
      CREATE INDEX IF NOT EXISTS deliveries_target ON deliveries (target_id, state);
      CREATE TABLE IF NOT EXISTS delivery_attempts (
        delivery INTEGER NOT NULL, attempt INTEGER NOT NULL, at INTEGER NOT NULL, status INTEGER,
        latency_ms INTEGER NOT NULL, outcome TEXT NOT NULL, error TEXT, PRIMARY KEY (delivery, attempt));
    `);
  }

  /** Queue a notification (synchronously: call it inside the commit of the change). */
  enqueue(seq: number, q: QueuedNotification, due: number): void {
    this.host.write(
      "INSERT OR IGNORE INTO notifications (seq, id, payload, due) VALUES (?, ?, ?, ?)",
      seq,
      q.notification.id,
      JSON.stringify(q),
      due,
    );
  }

  /** The earliest due time of anything waiting (null: nothing). */
  nextDue(): number | null {
    return this.host.sql
      .exec<{ due: number | null }>(
        "SELECT min(due) AS due FROM (SELECT min(due) AS due FROM notifications UNION ALL SELECT min(due) AS due FROM deliveries WHERE state = 'pending')",
      )
      .one().due;
  }

  /** Match due notifications to webhooks and send due deliveries. Never throws. */
  async run(now: number): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.expand(now);
      await this.sendDue(now);
    } catch (e) {
      console.error("notification delivery failed", (e as Error)?.message ?? String(e));
    } finally {
      this.running = false;
    }
  }

  private async expand(now: number): Promise<void> {
    const game = this.host.game();
    const rows = this.host.sql
      .exec<{ seq: number; payload: string; attempts: number }>("SELECT seq, payload, attempts FROM notifications WHERE due <= ? ORDER BY seq LIMIT ?", now, BATCH)
      .toArray();
    if (!rows.length || !game) return;
    const queued = rows.map((r) => JSON.parse(r.payload) as QueuedNotification);
    const audience = [...new Set(queued.flatMap((q) => q.audience.players))];
    let found: Awaited<ReturnType<NotifyDirectory["targetsFor"]>>;
    try {
      found = await this.host.directory().targetsFor(game.id, audience, game.players);
    } catch (e) {
      // The directory (D1) is out of reach: try these again later.
      const at = this.host.now();
      for (const r of rows) {
        if (r.attempts + 1 >= MAX_ATTEMPTS * 2) {
          console.error("notification dropped: its webhooks could not be looked up", r.seq);
          this.host.write("DELETE FROM notifications WHERE seq = ?", r.seq);
          continue;
        }
        this.host.write(
          "UPDATE notifications SET attempts = ?, due = ?, last_error = ? WHERE seq = ?",
          r.attempts + 1,
          at + retryDelay(r.attempts + 1, () => this.host.random()),
          String((e as Error)?.message ?? e).slice(0, 300),
          r.seq,
        );
      }
      return;
    }
    const at = this.host.now();
    // One synchronous block: every delivery row of an event, and the event's removal, commit together.
    for (let i = 0; i < rows.length; i++) {
      const q = queued[i];
      const n: Notification = {
        ...q.notification,
        game: {
          ...q.notification.game,
          players: q.notification.game.players.map((p) => ({ ...p, discordUserId: found.discordIds.get(p.id) ?? null })),
        },
      };
      for (const t of found.targets) {
        if (!wants(t, q)) continue;
        this.host.write(
          `INSERT OR IGNORE INTO deliveries (id, event_id, event_type, target_id, target_scope, target_kind, target_owner,
             target_label, target_redacted, notification, state, due, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
          `${n.id}:${t.id}`,
          n.id,
          n.type,
          t.id,
          t.scope,
          t.kind,
          t.ownerId,
          t.label,
          t.redactedUrl,
          JSON.stringify(n),
          at,
          at,
          at,
        );
      }
      this.host.write("DELETE FROM notifications WHERE seq = ?", rows[i].seq);
    }
    this.prune();
  }

  private async sendDue(now: number): Promise<void> {
    const due = this.host.sql
      .exec<DeliveryRow>("SELECT * FROM deliveries WHERE state = 'pending' AND due <= ? ORDER BY due, n LIMIT ?", now, BATCH)
      .toArray();
    if (!due.length) return;
    let targets: Map<string, Target>;
    try {
      targets = await this.host.directory().targetsById(due.map((d) => d.target_id));
    } catch (e) {
      // Our side is down, not the webhook: try again soon without counting an attempt.
      const at = this.host.now();
      for (const d of due)
        this.host.write("UPDATE deliveries SET due = ?, last_error = ? WHERE n = ? AND state = 'pending'", at + retryDelay(2, () => this.host.random()), "webhook directory unavailable", d.n);
      return;
    }
    // One webhook's deliveries go one after the other, in order (a chat reads "time ran out" before
    // "your turn"); different webhooks in parallel. When one is not delivered, the webhook's later
    // ones wait until its retry, without counting an attempt.
    const groups = new Map<string, DeliveryRow[]>();
    for (const d of due) groups.set(d.target_id, [...(groups.get(d.target_id) ?? []), d]);
    const queue = [...groups.values()];
    const workers = Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (let i = 0; i < group.length; i++) {
          const outcome = await this.sendOne(group[i], targets.get(group[i].target_id));
          if (outcome === "delivered" || outcome === "rejected" || outcome === "dropped") continue;
          const retryAt = this.host.sql.exec<{ due: number }>("SELECT due FROM deliveries WHERE n = ?", group[i].n).toArray()[0]?.due;
          for (const later of group.slice(i + 1))
            this.host.write("UPDATE deliveries SET due = max(due, ?) WHERE n = ? AND state = 'pending'", retryAt ?? this.host.now(), later.n);
          break;
        }
      }
    });
    await Promise.all(workers);
  }

  private async sendOne(d: DeliveryRow, target: Target | undefined): Promise<AttemptResult["outcome"] | "dropped"> {
    const started = this.host.now();
    if (!target) {
      this.host.write(
        "UPDATE deliveries SET state = 'dropped', last_error = ?, updated_at = ? WHERE n = ? AND state = 'pending'",
        "the webhook was deleted or switched off",
        started,
        d.n,
      );
      return "dropped";
    }
    const n = JSON.parse(d.notification) as Notification;
    const result = await sendOnce(target, n.id, bodyFor(target.kind, n));
    this.settle(d, result, started);
    try {
      const reason = result.status ? `HTTP ${result.status}` : "no answer";
      const off = await this.host.directory().record(target.id, {
        status: result.status,
        at: started,
        gone: result.outcome === "gone",
        delivered: result.outcome === "delivered",
        reason,
      });
      if (off) {
        this.host.write(
          "UPDATE deliveries SET state = 'dropped', last_error = ?, updated_at = ? WHERE target_id = ? AND state = 'pending'",
          `the webhook was switched off after answering ${reason} repeatedly`,
          this.host.now(),
          target.id,
        );
        this.host.onDisabled(target, reason);
      }
    } catch (e) {
      console.warn("could not record a webhook's answer", (e as Error)?.message ?? String(e));
    }
    return result.outcome;
  }

  /** Write an attempt and what follows from it (synchronously). */
  private settle(d: DeliveryRow, r: AttemptResult, at: number): void {
    const attempt = d.attempts + 1;
    this.host.write(
      "INSERT OR REPLACE INTO delivery_attempts (delivery, attempt, at, status, latency_ms, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)",
      d.n,
      attempt,
      at,
      r.status,
      r.latencyMs,
      r.outcome,
      r.error,
    );
    let state: DeliveryState = "pending";
    let due = d.due;
    let failures = d.failures;
    const after = this.host.now();
    if (r.outcome === "delivered") state = "delivered";
    else if (r.outcome === "rejected") state = "failed";
    else if (r.outcome === "rate_limited") {
      const wait = r.retryAfterMs ?? 0;
      due = after + wait + Math.round(this.host.random() * Math.min(1000, wait * 0.1));
    } else {
      failures++;
      due = after + retryDelay(failures, () => this.host.random());
    }
    if (state === "pending" && (failures >= MAX_ATTEMPTS || attempt >= MAX_ATTEMPTS * 3)) state = "failed";
    this.host.write(
      "UPDATE deliveries SET state = ?, due = ?, attempts = ?, failures = ?, last_status = ?, last_error = ?, updated_at = ? WHERE n = ?",
      state,
      due,
      attempt,
      failures,
      r.status,
      r.error,
      after,
      d.n,
    );
  }

  /** Send a test message to one webhook now, and log it (no retries: the caller sees the result). */
  async sendTest(target: Target, n: Notification): Promise<AttemptResult & { delivery: number }> {
    const at = this.host.now();
    this.host.write(
      `INSERT OR IGNORE INTO deliveries (id, event_id, event_type, target_id, target_scope, target_kind, target_owner,
         target_label, target_redacted, notification, state, due, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'failed', ?, ?, ?)`,
      `${n.id}:${target.id}`,
      n.id,
      n.type,
      target.id,
      target.scope,
      target.kind,
      target.ownerId,
      target.label,
      target.redactedUrl,
      JSON.stringify(n),
      at,
      at,
      at,
    );
    const row = this.host.sql.exec<DeliveryRow>("SELECT * FROM deliveries WHERE id = ?", `${n.id}:${target.id}`).one();
    const r = await sendOnce(target, n.id, bodyFor(target.kind, n));
    this.settle(row, r, at);
    // A test is never retried.
    this.host.write("UPDATE deliveries SET state = ?, due = ? WHERE n = ?", r.outcome === "delivered" ? "delivered" : "failed", at, row.n);
    try {
      await this.host.directory().record(target.id, {
        status: r.status,
        at,
        gone: false,
        delivered: r.outcome === "delivered",
        reason: r.status ? `HTTP ${r.status}` : "no answer",
      });
    } catch {
      /* the answer is reported to the caller anyway */
    }
    return { ...r, delivery: row.n };
  }

  /** Queue a delivery again (same event id: receivers can tell it is the same event). */
  redeliver(n: number, now: number): DeliveryRow | null {
    const row = this.host.sql.exec<DeliveryRow>("SELECT * FROM deliveries WHERE n = ?", n).toArray()[0];
    if (!row) return null;
    this.host.write("UPDATE deliveries SET state = 'pending', due = ?, failures = 0, updated_at = ? WHERE n = ?", now, now, n);
    return this.host.sql.exec<DeliveryRow>("SELECT * FROM deliveries WHERE n = ?", n).one();
  }

  row(n: number): DeliveryRow | null {
    return this.host.sql.exec<DeliveryRow>("SELECT * FROM deliveries WHERE n = ?", n).toArray()[0] ?? null;
  }

  /** The delivery log, newest first. Another player's personal webhook shows only its kind. */
  log(viewer: string, opts: { before?: number; limit: number }): { deliveries: DeliveryView[]; next: number | null } {
    const rows = this.host.sql
      .exec<DeliveryRow>("SELECT * FROM deliveries WHERE n < ? ORDER BY n DESC LIMIT ?", opts.before ?? Number.MAX_SAFE_INTEGER, opts.limit + 1)
      .toArray();
    const page = rows.slice(0, opts.limit);
    return { deliveries: page.map((r) => this.view(r, viewer)), next: rows.length > opts.limit ? page.at(-1)!.n : null };
  }

  view(r: DeliveryRow, viewer: string): DeliveryView {
    const mine = r.target_scope === "game" || r.target_owner === viewer;
    const attempts = this.host.sql
      .exec<{ attempt: number; at: number; status: number | null; latency_ms: number; outcome: string; error: string | null }>(
        "SELECT attempt, at, status, latency_ms, outcome, error FROM delivery_attempts WHERE delivery = ? ORDER BY attempt",
        r.n,
      )
      .toArray()
      .map((a) => ({ attempt: a.attempt, at: iso(a.at), status: a.status, latencyMs: a.latency_ms, outcome: a.outcome, error: mine ? a.error : null }));
    return {
      id: r.n,
      eventId: r.event_id,
      eventType: r.event_type,
      createdAt: iso(r.created_at),
      target: {
        id: mine ? r.target_id : "",
        scope: r.target_scope,
        kind: r.target_kind,
        label: mine ? r.target_label : null,
        url: mine ? r.target_redacted : null,
        ownerId: r.target_scope === "player" ? r.target_owner : null,
      },
      state: r.state,
      attempts,
      nextAttemptAt: r.state === "pending" ? iso(r.due) : null,
    };
  }

  /** Rows waiting (tests, stats). */
  pending(): { notifications: number; deliveries: number } {
    const count = (q: string) => this.host.sql.exec<{ n: number }>(q).one().n;
    return {
      notifications: count("SELECT count(*) AS n FROM notifications"),
      deliveries: count("SELECT count(*) AS n FROM deliveries WHERE state = 'pending'"),
    };
  }

  /** Keep the log bounded: the newest deliveries, and every pending one. */
  private prune(): void {
    const total = this.host.sql.exec<{ n: number }>("SELECT count(*) AS n FROM deliveries").one().n;
    if (total <= KEEP_DELIVERIES + 50) return;
    const cutoff = this.host.sql
      .exec<{ n: number }>("SELECT n FROM deliveries ORDER BY n DESC LIMIT 1 OFFSET ?", KEEP_DELIVERIES)
      .one().n;
    this.host.write("DELETE FROM delivery_attempts WHERE delivery <= ? AND delivery IN (SELECT n FROM deliveries WHERE n <= ? AND state != 'pending')", cutoff, cutoff);
    this.host.write("DELETE FROM deliveries WHERE n <= ? AND state != 'pending'", cutoff);
  }
}
