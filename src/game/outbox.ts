/**
 * The one outbox of a game: everything that leaves the Durable Object after a change is
 * committed, delivered from the alarm (or at once after lobby changes), with one retry policy
 * (`retryDelay` of notify/deliver.ts) for all of it:
 *
 * - the D1 index: a change of membership or result marks its turn row `sync`; `synced` in the
 *   room row says how far D1 has caught up;
 * - notifications: carried by the turn row of the change that caused them, matched to webhooks
 *   once (`expanded`, carried by the next turn row), giving one delivery per (event, webhook),
 *   written once after its first attempt (made at once unless older ones of its webhook wait):
 *   those that attempt settled share one `deliveries` row, one that waits for a retry has its own,
 *   changed by each retry;
 * - deliveries: strictly in order per webhook — only the oldest pending delivery of a webhook may
 *   be sent, so nothing newer goes out while an older one waits for its retry, and a 429 pauses
 *   the whole webhook until its Retry-After. Different webhooks go in parallel.
 *
 * A game that has no webhooks keeps no notifications at all (`hooks` false): the API tells the
 * game when a webhook that concerns it is added, and every change of membership looks again.
 */
import { MAX_ATTEMPTS, retryDelay, type AttemptResult } from "../notify/deliver";
import { wants, type NotifyDirectory, type Target } from "../notify/directory";
import { deliverTo } from "../notify/send";
import { deliverToChannel } from "../chat/deliver";
import type { ChatConfig } from "../chat/rest";
import type { Notification, QueuedNotification } from "../notify/types";
import { snapshotOf, type GameRecord, type GameSnapshot } from "./model";
import type { DeliveryRow, DeliveryState, Store } from "./store";
import type { DeliveryPatch, NewDelivery, SettledDelivery } from "./store/deliveries";

/** A notification matched to a webhook, before its row is written (Outbox.expand). */
interface Fresh {
  n: Notification;
  t: Target;
  /** Due from then. */
  at: number;
  /** Its first attempt, made before the row is written. */
  sent: { result: AttemptResult; at: number; patch: Required<Omit<DeliveryPatch, "attemptLog">> } | null;
  /** Why it was dropped before its row was written (its webhook switched off), or null. */
  dropped: string | null;
}

/** Where the games index and results go (D1 in production; a stub in some tests). */
export interface GameIndex {
  /** Returns the rows it wrote (D1's meta.rows_written), when known. */
  sync(snapshot: GameSnapshot): Promise<number | undefined>;
}

export interface OutboxHost {
  store: Store;
  now(): number;
  random(): number;
  directory(): NotifyDirectory;
  index(): GameIndex;
  game(): GameRecord | null;
  /** A webhook was just switched off: tell its owner (queue a notification). */
  onDisabled(target: Target, reason: string): void;
  /** D1 rows written (cost figures). */
  countD1(rows: number): void;
  /** D1 has just learned of the game as it stands (its players can find it there from now on). */
  synced(): Promise<void>;
  /** The chat apps' settings (bot tokens): a game started from a channel edits its message there. */
  chatConfig(): ChatConfig;
}

export type { DeliveryRow, DeliveryState };

export interface DeliveryView {
  id: number;
  eventId: string;
  eventType: string;
  createdAt: string;
  target: {
    id: string;
    scope: "game" | "player";
    kind: string;
    label: string | null;
    url: string | null;
    ownerId: string | null;
  };
  state: DeliveryState;
  attempts: {
    attempt: number;
    at: string;
    status: number | null;
    latencyMs: number;
    outcome: string;
    error: string | null;
  }[];
  nextAttemptAt: string | null;
}

const BATCH = 25;
const CONCURRENCY = 6;
const KEEP_DELIVERIES = 500;
const iso = (t: number) => new Date(t).toISOString();

export class Outbox {
  private running = false;
  /** Matching notifications to webhooks failed (D1 out of reach): try again then. */
  private expandRetry: { at: number; attempts: number } | null = null;

  constructor(private readonly host: OutboxHost) {}

  /** The delivery log's rows (the store's). */
  private get rows() {
    return this.host.store.deliveries;
  }

  // ---- the D1 index -----------------------------------------------------------------------

  /** Whether D1 has yet to learn of a change. */
  syncPending(): boolean {
    return this.host.store.lastSyncTurn() > this.host.store.meta().synced;
  }

  /**
   * Bring D1 up to date if it is behind (and, unless `force`, its retry is due). Never throws.
   * `later`: a change the game goes on from (a lobby change): that D1 has it is noted for the
   * next turn row to carry rather than written now (when no failure is on record to clear).
   */
  async sync(now: number, force = false, later = false): Promise<void> {
    const store = this.host.store;
    const meta = store.meta();
    const last = store.lastSyncTurn();
    const g = this.host.game();
    if (!g || last <= meta.synced || (!force && meta.syncDue !== null && meta.syncDue > now)) return;
    const upTo = store.lastTurn();
    try {
      const rows = await this.host.index().sync(snapshotOf(g));
      if (typeof rows === "number") this.host.countD1(rows);
      const m = store.meta();
      if (later && m.syncAttempts === 0 && m.syncDue === null)
        store.noteMeta({ synced: Math.max(upTo, m.synced), ...this.takeHooks() });
      else
        store.setMeta({
          synced: Math.max(upTo, m.synced),
          syncAttempts: 0,
          syncDue: null,
          syncError: null,
          ...this.takeHooks(),
        });
    } catch (e) {
      const attempts = store.meta().syncAttempts + 1;
      store.setMeta({
        syncAttempts: attempts,
        syncDue: this.host.now() + retryDelay(attempts, this.host.random),
        syncError: String((e as Error)?.message ?? e).slice(0, 500),
        ...this.takeHooks(),
      });
      return;
    }
    await this.host.synced();
  }

  /** The looked-up webhook state, to write with the room row (one write for both). */
  private takeHooks(): { hooks?: boolean } {
    const h = this.hooksNow;
    this.hooksNow = null;
    return h === null ? {} : { hooks: h };
  }

  // ---- notifications ----------------------------------------------------------------------

  /** Whether the game may have webhooks, as just looked up (kept with the next D1 sync's bookkeeping). */
  private hooksNow: boolean | null = null;

  /** Notifications are kept for this game (it may have webhooks). */
  listening(): boolean {
    return !!this.host.game()?.channel || (this.hooksNow ?? this.host.store.meta().hooks);
  }

  /**
   * A game started from a chat channel: its message there, as one more target of the game's
   * notifications (scope "game": the channel's), delivered like a webhook — strictly in order, one
   * at a time, retried, paused on 429 — by editing that message (src/chat/deliver.ts).
   */
  private chatTarget(): Target | null {
    const g = this.host.game();
    const c = g?.channel;
    if (!g || !c) return null;
    const where = c.platform === "discord" ? "Discord" : "Slack";
    return {
      id: `chat_${c.platform}_${c.channel}`,
      scope: "game",
      gameId: g.id,
      ownerId: g.createdBy,
      kind: "chat",
      label: `${where} channel`,
      url: "",
      secret: null,
      events: null,
      redactedUrl: `${where} channel ${c.channel}, message ${c.message}`,
      refused: null,
    };
  }

  /**
   * Before a change of membership: whether any webhook concerns the game's players now (a D1
   * read; when D1 cannot say, assume so).
   */
  async lookUpHooks(gameId: string, players: string[]): Promise<void> {
    try {
      this.hooksNow = (await this.host.directory().targetsFor(gameId, players, players)).targets.length > 0;
    } catch {
      this.hooksNow = true;
    }
  }

  /** A webhook that concerns this game was added: keep its notifications from now on. */
  hooksChanged(): void {
    const store = this.host.store;
    this.hooksNow = null;
    if (!store.meta().hooks) store.setMeta({ hooks: true, expanded: store.lastTurn() });
  }

  /** The earliest due time of anything waiting (null: nothing). */
  nextDue(): number | null {
    const store = this.host.store;
    const meta = store.meta();
    const dues: number[] = [];
    if (store.lastSyncTurn() > meta.synced) dues.push(meta.syncDue ?? this.host.now());
    const note = store.notesAfter(meta.expanded, 1)[0];
    if (note) dues.push(Math.max(note.at, this.expandRetry?.at ?? 0));
    const head = this.rows.nextHeadDue();
    if (head !== null) dues.push(head);
    return dues.length ? Math.min(...dues) : null;
  }

  /** Deliver what is due: D1, then notifications. Never throws. */
  async run(now: number): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.sync(now);
      // What waits in the log first (it is older), then the new notifications: each webhook in order.
      await this.sendDue(now);
      await this.expand(now);
    } catch (e) {
      console.error("outbox delivery failed", (e as Error)?.message ?? String(e));
    } finally {
      this.running = false;
    }
  }

  /**
   * Match the notifications that are due to their webhooks and send each at once where nothing
   * older of its webhook waits, then write each delivery once, as it stands after that first
   * attempt (issue 24: a delivery that succeeds at once is one row written, not an insert and an
   * update), with the cursor, in one transaction. Killed before that write, nothing of it is
   * stored: the notifications are matched and sent again with the same event ids (at least once,
   * as a kill between an attempt and its write always meant).
   */
  private async expand(now: number): Promise<void> {
    if (this.expandRetry && this.expandRetry.at > now) return;
    const store = this.host.store;
    const game = this.host.game();
    // Notifications are due from the time of the change that caused them.
    const rows = store
      .notesAfter(store.meta().expanded, BATCH)
      .filter((_, i, all) => all.slice(0, i + 1).every((x) => x.at <= now));
    if (!rows.length || !game) return;
    const seated = game.seats.map((s) => s.playerId);
    let found: Awaited<ReturnType<NotifyDirectory["targetsFor"]>>;
    try {
      // Every seated player's webhooks, not only this batch's audience: whether any exist decides
      // whether the game keeps notifications at all.
      found = await this.host.directory().targetsFor(game.id, seated, seated);
    } catch (e) {
      const attempts = (this.expandRetry?.attempts ?? 0) + 1;
      this.expandRetry = { at: this.host.now() + retryDelay(attempts, this.host.random), attempts };
      console.warn("webhooks could not be looked up", String((e as Error)?.message ?? e).slice(0, 200));
      return;
    }
    this.expandRetry = null;
    const chat = this.chatTarget();
    const targets = chat ? [...found.targets, chat] : found.targets;
    const at = this.host.now();
    const fresh: Fresh[] = [];
    let matched = 0;
    for (const r of rows)
      for (const q of r.notes) {
        const n: Notification = {
          ...q.notification,
          game: {
            ...q.notification.game,
            players: q.notification.game.players.map((p) => ({
              ...p,
              discordUserId: found.discordIds.get(p.id) ?? null,
            })),
          },
        };
        for (const t of targets) {
          if (!wants(t, q)) continue;
          matched++;
          // One delivery per event and webhook: a turn from before this start may have been
          // matched by the last one (its cursor lost), and its delivery is there already.
          if (r.n <= store.startTurn && this.rows.has(`${n.id}:${t.id}`)) continue;
          fresh.push({ n, t, at: Math.max(at, n.at), sent: null, dropped: null });
        }
      }
    await this.sendFresh(fresh);
    const upTo = Math.max(rows.at(-1)!.n, store.meta().expanded);
    const more = store.notesAfter(upTo, 1).length > 0;
    // One transaction: every delivery row, and the cursor.
    store.atomically(() => {
      // The deliveries the first attempt settled share a row (issue 24); one waiting has its own.
      this.rows.addAll(fresh.map((f) => this.newRow(f)));
      const pruned = this.prune();
      const cursor = { expanded: upTo, hooks: targets.length > 0 };
      // The next turn's row carries the cursor (no row of its own) unless none may come soon or
      // it must not be lost: a game over, more to match at once, rows pruned (a cursor lost to an
      // eviction would match notifications whose deliveries are gone), or a match that found
      // every delivery there already (matched again after a restart: not again after the next).
      if (game.status === "finished" || more || pruned || (matched > 0 && fresh.length === 0)) store.setMeta(cursor);
      else store.noteMeta(cursor);
    });
  }

  /**
   * The first attempt of new deliveries, each webhook's in order while they succeed (different
   * webhooks in parallel), for a webhook with nothing older waiting in the log. Writes nothing of
   * the deliveries (their rows are written once, after): only the directory's record of the answer.
   */
  private async sendFresh(fresh: Fresh[]): Promise<void> {
    const byTarget = new Map<string, Fresh[]>();
    for (const f of fresh) byTarget.set(f.t.id, [...(byTarget.get(f.t.id) ?? []), f]);
    const queue = [...byTarget.values()];
    const workers = Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let list = queue.shift(); list; list = queue.shift()) {
        // Something older of this webhook waits (a retry, a pause after 429): these wait behind it.
        if (this.rows.head(list[0].t.id)) continue;
        for (const f of list.slice(0, BATCH)) {
          const started = this.host.now();
          const result = await this.attempt(f.t, f.n, false);
          f.sent = { result, at: started, patch: this.after({ due: f.at, attempts: 0, failures: 0 }, result) };
          // A chat channel is no webhook of the directory's; a success to a game's own webhook whose
          // D1 row counts no failures changes nothing there but its last answer, which this delivery's
          // row keeps (the game's webhook list takes the newer of the two: Deliveries.lastAnswers).
          const kept =
            f.t.kind === "chat" ||
            (f.t.scope === "game" && f.t.failures === 0 && !f.t.refused && result.outcome === "delivered");
          const off = kept ? null : await this.recordAnswer(f.t, result, started);
          // Switched off: what of it is still pending is dropped (this one with its attempt).
          if (off) for (const g of list) if (!g.sent || g.sent.patch.state === "pending") g.dropped = off;
          if (result.outcome !== "delivered" && result.outcome !== "rejected") break;
        }
      }
    });
    await Promise.all(workers);
  }

  /** A new delivery's row: pending, or as its first attempt left it. */
  private newRow(f: Fresh): NewDelivery | SettledDelivery {
    const t = f.t;
    const base: NewDelivery = {
      id: `${f.n.id}:${t.id}`,
      eventId: f.n.id,
      eventType: f.n.type,
      targetId: t.id,
      targetScope: t.scope,
      targetKind: t.kind,
      targetOwner: t.ownerId,
      targetLabel: t.label,
      targetRedacted: t.redactedUrl,
      notification: JSON.stringify(f.n),
      state: "pending",
      due: f.at,
      createdAt: f.at,
      updatedAt: f.at,
    };
    if (!f.sent) return f.dropped ? { ...base, state: "dropped", lastError: f.dropped } : base;
    const { result: r, at, patch } = f.sent;
    const log = [{ attempt: 1, at, status: r.status, latencyMs: r.latencyMs, outcome: r.outcome, error: r.error }];
    const row: SettledDelivery = { ...base, ...patch, attemptLog: JSON.stringify(log) };
    return f.dropped ? { ...row, state: "dropped", lastError: f.dropped } : row;
  }

  private insert(n: Notification, t: Target, state: DeliveryState, at: number): void {
    // One delivery per event and webhook (matching again after a failure adds nothing).
    this.rows.add({
      id: `${n.id}:${t.id}`,
      eventId: n.id,
      eventType: n.type,
      targetId: t.id,
      targetScope: t.scope,
      targetKind: t.kind,
      targetOwner: t.ownerId,
      targetLabel: t.label,
      targetRedacted: t.redactedUrl,
      notification: JSON.stringify(n),
      state,
      due: at,
      createdAt: at,
      updatedAt: at,
    });
  }

  private async sendDue(now: number): Promise<void> {
    const rows = this.rows.dueHeads(now, BATCH);
    if (!rows.length) return;
    let targets: Map<string, Target>;
    try {
      const chat = this.chatTarget();
      const ids = rows.map((d) => d.targetId).filter((id) => id !== chat?.id);
      targets = ids.length ? await this.host.directory().targetsById(ids) : new Map();
      if (chat) targets.set(chat.id, chat);
    } catch {
      // Our side is down, not the webhook: try again soon without counting an attempt.
      const at = this.host.now() + retryDelay(2, this.host.random);
      for (const d of rows) this.rows.update(d.n, { due: at, lastError: "webhook directory unavailable" }, true);
      return;
    }
    // Per webhook, one after the other while they succeed; different webhooks in parallel.
    const queue = [...rows];
    const workers = Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        let sent = 0;
        for (
          let cur: DeliveryRow | undefined = d;
          cur && cur.due <= now && sent < BATCH;
          cur = this.rows.head(cur.targetId), sent++
        ) {
          const outcome = await this.sendOne(cur, targets.get(cur.targetId));
          if (outcome !== "delivered" && outcome !== "rejected" && outcome !== "dropped") break;
        }
      }
    });
    await Promise.all(workers);
  }

  private async sendOne(d: DeliveryRow, target: Target | undefined): Promise<AttemptResult["outcome"] | "dropped"> {
    const started = this.host.now();
    if (!target) {
      this.rows.update(
        d.n,
        { state: "dropped", lastError: "the webhook was deleted or switched off", updatedAt: started },
        true,
      );
      return "dropped";
    }
    const n = JSON.parse(d.notification) as Notification;
    const result = await this.attempt(target, n, d.attempts > 0);
    this.settle(d, result, started);
    // A channel is no webhook of the directory's: nothing to record or switch off there.
    if (target.kind !== "chat") await this.recordAnswer(target, result, started);
    return result.outcome;
  }

  /** One attempt to send `n` to `target` (a chat channel's message edited, or a webhook's POST); writes nothing. */
  private async attempt(target: Target, n: Notification, retry: boolean): Promise<AttemptResult> {
    const channel = target.kind === "chat" ? this.host.game()?.channel : undefined;
    return channel
      ? await deliverToChannel(channel, n, this.host.chatConfig(), { retry })
      : await deliverTo(target, n, this.host.now());
  }

  /**
   * Tell the directory how a webhook answered. When that switched it off, its pending deliveries
   * are dropped and its owner told; returns why (null: it stays on).
   */
  private async recordAnswer(target: Target, result: AttemptResult, at: number): Promise<string | null> {
    try {
      const reason = answerText(result, target);
      // What D1 counts now: none after a success recorded; unknown otherwise (no success is kept
      // from then on: the next one is recorded, which resets the count there).
      target.failures = undefined;
      const off = await this.host.directory().record(target.id, {
        status: result.status,
        at,
        gone: result.outcome === "gone",
        delivered: result.outcome === "delivered",
        reason,
      });
      if (result.outcome === "delivered") target.failures = 0;
      if (!off) return null;
      const why = target.refused
        ? `the webhook was switched off: its address is refused (${reason})`
        : `the webhook was switched off after answering ${reason} repeatedly`;
      this.rows.dropTarget(target.id, why, this.host.now());
      this.host.onDisabled(target, reason);
      return why;
    } catch (e) {
      console.warn("could not record a webhook's answer", (e as Error)?.message ?? String(e));
      return null;
    }
  }

  /** What an attempt makes of a delivery: its state, next due time and counters (computes only). */
  private after(
    d: { due: number; attempts: number; failures: number },
    r: AttemptResult,
  ): Required<Omit<DeliveryPatch, "attemptLog">> {
    const attempt = d.attempts + 1;
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
      due = after + retryDelay(failures, this.host.random);
    }
    if (state === "pending" && (failures >= MAX_ATTEMPTS || attempt >= MAX_ATTEMPTS * 3)) state = "failed";
    return { state, due, attempts: attempt, failures, lastStatus: r.status, lastError: r.error, updatedAt: after };
  }

  /** Write an attempt and what follows from it (synchronously). */
  private settle(d: DeliveryRow, r: AttemptResult, at: number): void {
    // The attempt is written with the row's own change: one row written (issue 24).
    const attemptLog = this.rows.withAttempt({
      delivery: d.n,
      attempt: d.attempts + 1,
      at,
      status: r.status,
      latencyMs: r.latencyMs,
      outcome: r.outcome,
      error: r.error,
    });
    this.rows.update(d.n, { ...this.after(d, r), attemptLog });
  }

  /** Send a test message to one webhook now, and log it (no retries: the caller sees the result). */
  async sendTest(target: Target, n: Notification): Promise<AttemptResult & { delivery: number }> {
    const at = this.host.now();
    this.insert(n, target, "failed", at);
    const row = this.rows.byId(`${n.id}:${target.id}`)!;
    const r = await deliverTo(target, n, at);
    this.settle(row, r, at);
    // A test is never retried.
    this.rows.update(row.n, { state: r.outcome === "delivered" ? "delivered" : "failed", due: at });
    try {
      await this.host.directory().record(target.id, {
        status: r.status,
        at,
        gone: false,
        delivered: r.outcome === "delivered",
        reason: answerText(r, target),
      });
    } catch {
      /* the answer is reported to the caller anyway */
    }
    return { ...r, delivery: row.n };
  }

  /** Queue a delivery again (same event id: receivers can tell it is the same event). */
  redeliver(n: number, now: number): DeliveryRow | null {
    if (!this.row(n)) return null;
    this.rows.update(n, { state: "pending", due: now, failures: 0, updatedAt: now });
    return this.row(n);
  }

  row(n: number): DeliveryRow | null {
    return this.rows.row(n);
  }

  /** Each of the game's own webhooks' newest answer in the log (see Deliveries.lastAnswers). */
  lastAnswers(): Map<string, { status: number | null; at: number }> {
    return this.rows.lastAnswers();
  }

  /** The delivery log, newest first. Another player's personal webhook shows only its kind. */
  log(viewer: string, opts: { before?: number; limit: number }): { deliveries: DeliveryView[]; next: number | null } {
    const rows = this.rows.page(opts.before ?? Number.MAX_SAFE_INTEGER, opts.limit + 1);
    const page = rows.slice(0, opts.limit);
    return {
      deliveries: page.map((r) => this.view(r, viewer)),
      next: rows.length > opts.limit ? page.at(-1)!.n : null,
    };
  }

  view(r: DeliveryRow, viewer: string): DeliveryView {
    const mine = r.targetScope === "game" || r.targetOwner === viewer;
    const attempts = this.rows.attempts(r.n).map((a) => ({
      attempt: a.attempt,
      at: iso(a.at),
      status: a.status,
      latencyMs: a.latencyMs,
      outcome: a.outcome,
      error: mine ? a.error : null,
    }));
    return {
      id: r.n,
      eventId: r.eventId,
      eventType: r.eventType,
      createdAt: iso(r.createdAt),
      target: {
        id: mine ? r.targetId : "",
        scope: r.targetScope as "game" | "player",
        kind: r.targetKind,
        label: mine ? r.targetLabel : null,
        url: mine ? r.targetRedacted : null,
        ownerId: r.targetScope === "player" ? r.targetOwner : null,
      },
      state: r.state as DeliveryState,
      attempts,
      nextAttemptAt: r.state === "pending" ? iso(r.due) : null,
    };
  }

  /** What waits (tests, stats): notifications not yet matched to webhooks, pending deliveries. */
  pending(): { notifications: number; deliveries: number } {
    const store = this.host.store;
    const notes = store.notesAfter(store.meta().expanded, 1000).reduce((k, r) => k + r.notes.length, 0);
    return { notifications: notes, deliveries: this.rows.pendingCount() };
  }

  /** The D1 sync waiting, if any (tests). */
  waitingSync(): { id: string; kind: string; due: number; attempts: number; lastError: string | null }[] {
    if (!this.syncPending()) return [];
    const m = this.host.store.meta();
    return [
      {
        id: "d1sync",
        kind: "d1sync",
        due: m.syncDue ?? this.host.now(),
        attempts: m.syncAttempts,
        lastError: m.syncError,
      },
    ];
  }

  /** Keep the log bounded: the newest deliveries, and every pending one. Whether rows went. */
  private prune(): boolean {
    return this.rows.prune(KEEP_DELIVERIES, 50);
  }
}

export type { QueuedNotification };

/** How an attempt's answer reads in the directory, the delivery log and the owner's notice. */
function answerText(r: AttemptResult, target: Target): string {
  if (target.refused) return target.refused;
  return r.status ? `HTTP ${r.status}` : "no answer";
}
