/**
 * The game as the Durable Object holds it, and the one way it changes: `commit` takes a command's
 * transition and writes it as one row (store/) with no await in between — the clock of a new
 * turn, the version bumped when anything visible changed, the notifications it causes (kept only
 * if someone may listen) — then tells the live sockets just after the answer (live.ts) and leaves
 * the rest to the outbox (outbox.ts), delivered from the one alarm (`scheduleAlarm`).
 * Clock and randomness come from the room (injectable in tests).
 */
import type { ChatConfig } from "../chat/rest";
import type { NotifyConfig, NotifyDirectory, Target } from "../notify/directory";
import type { Notification, QueuedNotification } from "../notify/types";
import * as access from "./access";
import { Analysis } from "./analysis";
import * as bots from "./bots";
import { clockStep, nextDue as clockDue, withClock } from "./deadlines";
import { eventsOf } from "./events";
import { LIVE_LOG_LIMIT } from "../contract/live";
import * as live from "./live";
import { gameView, listedAt, type GameRecord } from "./model";
import { notifyGame, transitionNotifications, type PendingNotification } from "./notifications";
import { Outbox, type GameIndex } from "./outbox";
import { done, type Outcome, type RoomReply } from "./outcome";
import { Store, type NewTurn } from "./store";
import type { Caller, Who } from "./tokens";
import { isRefusal, type Decision, type Transition } from "./transition";
import { turnChanges, turnFor, type TurnLine } from "./turns";

export interface AuthorityHost {
  now(): number;
  random(): number;
  directory(): NotifyDirectory;
  index(): GameIndex;
  config: NotifyConfig;
  /** Bench runs keep the row counts in storage across evictions. */
  benching: boolean;
  /** Which of these devices were signed out of their profile (D1). */
  revokedAmong(deviceIds: string[]): Promise<string[]>;
  /** Tell a player's inbox their line in this game (src/player/inbox.ts). */
  tell?(playerId: string, line: TurnLine | null, version: number): Promise<void>;
  /** The chat apps' settings (a game started from a channel edits its message there). */
  chatConfig: ChatConfig;
}

/** How soon after a change a bench run's counts are written (keepRowsSoon). */
const BENCH_ROWS_KEPT_AFTER_MS = 200;

export type Idem = { player: string; key: string; fingerprint: string };

export class Authority {
  game: GameRecord | null = null;
  readonly store: Store;
  readonly outbox: Outbox;
  /** The coach's post-game review, from the alarm (analysis.ts). */
  readonly coach: Analysis;
  /** Visible changes, told to the live sockets just after the answer. */
  readonly changes: live.Changes;
  /** Rows written, by the storage API's own counts (cost figures; kept across evictions in bench runs). */
  rows = { do: 0, d1: 0, alarms: 0 };
  /** A change of membership or result was committed: D1 learns of it before the answer (`settle`). */
  private urgent = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly host: AuthorityHost,
  ) {
    this.store = new Store(ctx.storage);
    this.coach = new Analysis(this.store, () => this.game);
    this.changes = new live.Changes(ctx, () => this.game, this.logEntries);
    this.outbox = new Outbox({
      store: this.store,
      now: () => host.now(),
      random: () => host.random(),
      directory: () => host.directory(),
      index: () => host.index(),
      game: () => this.game,
      onDisabled: (t, reason) => this.webhookDisabled(t, reason),
      countD1: (n) => {
        this.rows.d1 += n;
      },
      synced: () => this.strikeRevoked(),
      chatConfig: () => host.chatConfig,
    });
  }

  /** On start (in blockConcurrencyWhile): load the game, if it was ever created (nothing is written otherwise). */
  async open(): Promise<void> {
    if (!(await this.store.open())) return;
    this.game = this.store.load()?.record ?? null;
    // A game moved from the old storage may have work waiting (a D1 sync, notifications).
    if (this.store.imported) await this.scheduleAlarm();
    if (this.host.benching)
      this.rows = ((await this.ctx.storage.get("bench:rows")) as typeof this.rows | undefined) ?? this.rows;
    this.counted();
  }

  origin(g: GameRecord): string {
    return this.host.config.publicOrigin ?? g.origin ?? "";
  }

  // ---- who acts -----------------------------------------------------------------------------

  /** The caller (see access.identify); a key D1 verified for a seat is learned (one row). */
  identify(who: Who | null): { caller: Caller | null } | { refusal: RoomReply } {
    const id = access.identify(this.game, who);
    if ("caller" in id && id.caller) this.learn(id.caller);
    return id;
  }

  learn(c: Caller): void {
    const learned = access.learnKey(this.game, c);
    if (!learned) return;
    this.game = learned;
    this.write({ record: learned, entries: [], notes: [], sync: false, at: this.host.now() });
  }

  authorize(who: Who | null): access.Seated | { refusal: RoomReply } {
    const id = this.identify(who);
    if ("refusal" in id) return id;
    return access.authorize(this.game, id.caller);
  }

  /**
   * A device signed out of its profile (D1 already says so): its key is struck off the seats and
   * never learned here again, and its live sockets lose their seat's view at once.
   */
  strike(deviceId: string): void {
    if (!this.game) return;
    const struck = access.strikeDevice(this.game, deviceId);
    if (struck) {
      this.game = struck;
      this.write({ record: struck, entries: [], notes: [], sync: false, at: this.host.now() });
    }
    live.signOut(this.ctx, this.game, deviceId);
  }

  /**
   * D1 lists the game for its players only once its change of membership is synced: a device
   * signed out before then was not found by its revocation (which asks D1 for the player's
   * games), so the keys the seats know are checked against D1 now (one read, on lobby changes).
   */
  private async strikeRevoked(): Promise<void> {
    const g = this.game;
    if (!g || g.status === "finished") return;
    const devices = g.seats.flatMap((s) => (s.keys ?? []).map((k) => k.device));
    if (!devices.length) return;
    try {
      for (const d of await this.host.revokedAmong(devices)) this.strike(d);
    } catch (e) {
      console.error("device check failed", (e as Error)?.message ?? String(e));
    }
  }

  /** Authorize, decide, commit; lobby changes reach D1 before the answer. */
  async act(who: Who | null, decide: (s: access.Seated) => Decision): Promise<RoomReply> {
    const auth = this.authorize(who);
    if ("refusal" in auth) return auth.refusal;
    const d = decide(auth);
    if (isRefusal(d)) return reply(d);
    return this.settle(reply(this.commit(d)));
  }

  // ---- the one way the game changes ---------------------------------------------------------

  /**
   * Commit a transition: the clock of a new turn, the version bumped when anything visible
   * changed, the notifications it causes (kept only if someone may listen), all in one row; then
   * the live sockets (just after the answer). Returns the answer computed from the game as stored.
   */
  commit<T>(t: Transition<T>, idem?: Idem): Outcome<T> {
    const now = this.host.now();
    const prev = this.game!;
    let next = withClock(t.next, now);
    const visible = t.entries.length > 0 || publicChanged(prev, next);
    if (visible) next = { ...next, version: prev.version + 1 };
    const membership =
      prev.status !== next.status ||
      prev.createdBy !== next.createdBy ||
      prev.seats.length !== next.seats.length ||
      prev.seats.some((s, i) => s.playerId !== next.seats[i].playerId) ||
      listedAt(prev) !== listedAt(next);
    const pending = transitionNotifications(
      prev,
      next,
      t.entries.flatMap((e) => e.events),
      t.leading ?? [],
      { announceResignations: t.announceResignations },
    );
    const keep = pending.length > 0 && this.outbox.listening();
    const queued = keep ? this.queue(next, pending, now) : { game: next, notes: [] };
    next = queued.game;
    const answer = t.answer(next);
    this.game = next;
    this.write({
      record: next,
      entries: t.entries,
      notes: queued.notes,
      sync: membership,
      at: now,
      idem: idem && { ...idem, answer },
    });
    if (visible) this.changes.add(t.entries.flatMap(eventsOf), prev.logLength);
    for (const c of turnChanges(prev, next)) this.tellSoon(c.playerId);
    if (membership) this.urgent = true;
    if (keep || clockDue(prev) !== clockDue(next) || bots.botToAct(next)) void this.scheduleAlarm();
    return answer;
  }

  /** The stored log after an index, as much as a live socket's message carries (live.ts). */
  readonly logEntries: live.Entries = (after) => this.store.entries(after, LIVE_LOG_LIMIT);

  /** Write a row (a change, or what only the server keeps). */
  write(t: NewTurn): void {
    this.store.append(t);
    this.counted();
  }

  /** Add the rows the storage API counted to the game's figures. */
  counted(): void {
    const n = this.store.takeRowsWritten();
    if (!n) return;
    this.rows.do += n;
    if (this.host.benching) this.keepRowsSoon();
  }

  /**
   * Bench runs keep their counts in storage across evictions, written a moment after the last
   * change rather than with each one: a write of its own in every turn's commit was work the
   * service does not do, timed as part of the turn (service.turn_overhead_ratio). An object is
   * evicted only after seconds without requests, long after this write.
   */
  private keepRowsSoon(): void {
    if (this.rowsTimer !== null) return;
    this.rowsTimer = setTimeout(() => {
      this.rowsTimer = null;
      void this.ctx.storage.put("bench:rows", this.rows);
    }, BENCH_ROWS_KEPT_AFTER_MS);
  }

  private rowsTimer: ReturnType<typeof setTimeout> | null = null;

  /** After a change of membership or result, D1 learns of it before the answer (the alarm retries). */
  async settle(r: RoomReply, created = false): Promise<RoomReply> {
    if (this.urgent || created) {
      this.urgent = false;
      // The game goes on from a lobby change: the next turn's row notes that D1 has it.
      await this.outbox.sync(this.host.now(), true, this.game?.status !== "finished");
      this.counted();
      if (this.host.benching) await this.ctx.storage.put("bench:rows", this.rows);
      await this.scheduleAlarm();
    }
    return r;
  }

  /** Give pending notifications their ids and time (synchronously, inside the commit). */
  private queue(
    g: GameRecord,
    pending: PendingNotification[],
    at: number,
  ): { game: GameRecord; notes: QueuedNotification[] } {
    let seq = g.notifySeq ?? 0;
    const game = notifyGame(g, this.origin(g), this.host.config.boardImages);
    const notes = pending.map((p) => {
      seq++;
      const notification: Notification = { ...p.detail, id: `evt_${g.id}_${seq}`, type: p.type, at, game };
      return { notification, audience: p.audience, exclude: p.exclude };
    });
    return { game: { ...g, notifySeq: seq }, notes };
  }

  /** A webhook was switched off by the outbox: its owner is told (a notification of its own). */
  private webhookDisabled(t: Target, reason: string): void {
    // Push subscriptions are removed, never switched off (the directory reports none); a chat
    // channel is no webhook (its deliveries record nothing in the directory).
    if (!this.game || t.kind === "push" || t.kind === "chat") return;
    this.commit({
      next: this.game,
      entries: [],
      leading: [
        {
          type: "webhook.disabled",
          detail: {
            webhook: {
              id: t.id,
              kind: t.kind,
              label: t.label,
              redactedUrl: t.redactedUrl,
              reason,
              ...(t.refused ? { refused: true } : {}),
              scope: t.scope,
            },
          },
          audience: { players: [t.ownerId], channel: t.scope === "game" },
          exclude: [t.id],
        },
      ],
      answer: () => done(null),
    });
    void this.scheduleAlarm();
  }

  // ---- the alarm: the clock, a bot, the coach, then the outbox ------------------------------

  async alarm(): Promise<void> {
    if (!this.game) return;
    if (this.host.benching) this.rows.alarms++;
    const now = this.host.now();
    try {
      // Each step re-reads the record and commits on its own, so it happens at most once.
      for (let i = 0; i < 50 && this.game; i++) {
        const t = clockStep(this.game, now);
        if (!t) break;
        this.commit(t);
      }
    } catch (e) {
      console.error("clock failed", (e as Error)?.stack ?? String(e));
    }
    try {
      // One bot turn per alarm: the sockets see each turn, and the next bot's comes from the next alarm.
      const t = this.game && bots.botTurn(this.game, this.origin(this.game), now);
      if (t && !isRefusal(t)) this.commit(t);
    } catch (e) {
      console.error("bot failed", (e as Error)?.stack ?? String(e));
    }
    await this.outbox.run(now);
    try {
      // The coach, once the game is over (or a practice game's player asked): slices of the review,
      // the game's requests answered between two (a timer lets them in).
      await this.coach.review(() => new Promise((go) => setTimeout(go, 0)));
    } catch (e) {
      console.error("analysis failed", (e as Error)?.stack ?? String(e));
    }
    this.counted();
    await this.scheduleAlarm();
  }

  /** Players' inboxes being told (one call in flight each), and whether they changed meanwhile. */
  private readonly inboxes = new Map<string, { again: boolean }>();

  /**
   * Tell a player's inbox their line just after the answer, on the commit's path like the sockets
   * and notifications. One call in flight per player, each carrying the game's line as it is when
   * sent (not as it was at the commit), so the last to arrive is the newest even when two commits
   * share a version; a change meanwhile sends once more after it. A failed call is tried again
   * (1 s, 5 s, 30 s). The inbox keeps each game's newest version, so a repeat changes nothing.
   */
  private tellSoon(playerId: string): void {
    if (!this.host.tell) return;
    const busy = this.inboxes.get(playerId);
    if (busy) {
      busy.again = true;
      return;
    }
    const s = { again: false };
    this.inboxes.set(playerId, s);
    setTimeout(() => void this.tellNow(playerId, s, 0), 0);
  }

  private async tellNow(playerId: string, s: { again: boolean }, tries: number): Promise<void> {
    s.again = false;
    const g = this.game!;
    try {
      await this.host.tell!(playerId, turnFor(g, playerId), g.version);
    } catch (e) {
      const wait = [1000, 5000, 30_000][tries];
      if (wait !== undefined) {
        setTimeout(() => void this.tellNow(playerId, s, tries + 1), wait);
        return;
      }
      // Put right when the inbox next starts (it asks its games then).
      console.error("inbox not told", (e as Error)?.message ?? String(e));
    }
    if (s.again) return void this.tellNow(playerId, s, 0);
    this.inboxes.delete(playerId);
  }

  /** One alarm for everything: the clock's next event, the outbox's next due item, a bot to play, the coach's next slice. */
  async scheduleAlarm(): Promise<void> {
    if (!this.game) return;
    const now = this.host.now();
    const botDue = bots.botToAct(this.game) || this.coach.due() ? now : null;
    const dues = [clockDue(this.game), this.outbox.nextDue(), botDue].filter((d): d is number => d !== null);
    const want = dues.length ? Math.max(Math.min(...dues), now) : null;
    const current = await this.ctx.storage.getAlarm();
    if (want === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== want && !(want === now && current !== null && current <= now))
      // An alarm stored for a moment already past fires as soon as it can, as one set for now
      // would: wanted now, it is not set again (each setAlarm is a row written, issue 24). A commit
      // and the lobby's settle each asked for "now", a moment apart; so did a bot's turn played
      // from the alarm and the alarm's end.
      await this.ctx.storage.setAlarm(want);
  }
}

/** An outcome for a caller who sits in the game. */
export function reply<T>(o: Outcome<T>): RoomReply<T> {
  return { ...o, callerKnown: true };
}

/** Whether a spectator would see any difference (the version aside). */
function publicChanged(a: GameRecord, b: GameRecord): boolean {
  if (a === b) return false;
  const v = (g: GameRecord) => JSON.stringify({ ...gameView(g, null, ""), version: 0 });
  return v(a) !== v(b);
}
