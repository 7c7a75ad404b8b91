/**
 * The game Durable Object: the single authority of one game, as a thin shell. It authenticates
 * the caller, runs a pure command (lobby.ts, play.ts, deadlines.ts), and commits the transition
 * as one row (store.ts) with no await in between, before it answers; just after the answer it
 * tells the live sockets (live.ts: the mover does not wait for them, and no socket ever sees an
 * older version after a newer one) and leaves the rest to the outbox (outbox.ts), delivered from
 * the alarm.
 * Clock and randomness are injectable (tests drive time through `now`).
 */
import { DurableObject } from "cloudflare:workers";
import { d1Directory, notifyConfig, type NotifyConfig, type NotifyDirectory, type Target } from "../notify/directory";
import type { Notification } from "../notify/types";
import { db, syncGame } from "../db/queries";
import { deviceByTokenHash } from "../db/identity";
import type { Env } from "../env";
import { nextDue as clockDue, clockStep, comeBack, goAway, withClock } from "./deadlines";
import { deadlineOf } from "./clock";
import { eventsOf } from "./events";
import * as bots from "./bots";
import * as live from "./live";
import * as lobby from "./lobby";
import { gameView, snapshotOf, type GameRecord, type GameSnapshot } from "./model";
import { notifyGame, transitionNotifications, type PendingNotification } from "./notifications";
import { Outbox, type GameIndex } from "./outbox";
import { done, refuse, type Outcome, type RoomReply } from "./outcome";
import * as play from "./play";
import * as reads from "./reads";
import { Store } from "./store";
import { type Caller, isClaim, type Who } from "./tokens";
import { isRefusal, type Decision, type Transition } from "./transition";

export type { CreateParams } from "./lobby";
export type { GameIndex } from "./outbox";
export type { DeliveryView } from "./outbox";
export type { LogEntryView } from "./reads";
export type { TimedOutEvent } from "./events";
export type { RoomReply } from "./outcome";

export interface SubmitParams {
  version: number;
  actions: unknown[];
  idempotencyKey: string | null;
  origin: string;
}

/** What the "send test" endpoint reports. */
export interface TestResult {
  delivered: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
  deliveryId: number | null;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** Device keys a seat keeps (see SeatRecord.keys). */
const MAX_SEAT_KEYS = 8;

type Seated = { game: GameRecord; seat: number };

export class GameRoom extends DurableObject<Env> {
  private readonly store: Store;
  private game: GameRecord | null = null;
  /** Injectable for tests. */
  now: () => number = () => Date.now();
  random: () => number = Math.random;
  index: GameIndex;
  /** Where webhooks are looked up (D1; replaceable in tests). */
  directory: NotifyDirectory;
  private readonly config: NotifyConfig;
  private readonly outbox: Outbox;
  /** Visible changes, told to the live sockets just after the answer. */
  private readonly changes = new live.Changes(this.ctx, () => this.game);
  /** Rows written, by the storage API's own counts (cost figures; kept across evictions in bench runs). */
  private rows = { do: 0, d1: 0, alarms: 0 };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new Store(ctx.storage);
    const d = db(env.DB);
    this.index = { sync: (snap) => syncGame(d, snap) };
    this.config = notifyConfig(env);
    this.directory = d1Directory(env as unknown as { DB: D1Database } & Record<string, unknown>);
    this.outbox = new Outbox({
      store: this.store,
      now: () => this.now(),
      random: () => this.random(),
      directory: () => this.directory,
      index: () => this.index,
      game: () => this.game,
      onDisabled: (t, reason) => this.webhookDisabled(t, reason),
      countD1: (n) => {
        this.rows.d1 += n;
      },
    });
    void ctx.blockConcurrencyWhile(async () => {
      // A game that was never created has no storage, and looking it up creates none.
      if (await this.store.open()) {
        this.game = this.store.load()?.record ?? null;
        // A game moved from the old storage may have work waiting (a D1 sync, notifications).
        if (this.store.imported) await this.scheduleAlarm();
        if (this.benching)
          this.rows = ((await ctx.storage.get("bench:rows")) as typeof this.rows | undefined) ?? this.rows;
        this.counted();
      }
    });
  }

  private get benching(): boolean {
    return this.env.BENCH_ROUTES === "1";
  }

  // ---- lobby ------------------------------------------------------------------------------

  async create(p: lobby.CreateParams): Promise<RoomReply> {
    if (this.game) return { ...refuse("CONFLICT", "This game already exists."), callerKnown: false };
    await this.outbox.lookUpHooks(p.id, [p.creator.id]);
    if (this.game) return { ...refuse("CONFLICT", "This game already exists."), callerKnown: false };
    await this.store.create();
    const g = lobby.newGame(p, this.now());
    this.game = g;
    this.write({ record: g, entries: [], notes: [], sync: true, at: g.createdAt });
    // The creator's bots sit down at once (a game of bots only starts: its first bot plays from the alarm).
    if (p.bots?.length) this.commit(bots.seatBots(g, p.bots, this.now()));
    const view = gameView(this.game, 0, p.origin);
    return this.settle({ ...done({ game: view, invite: view.invite }, "created"), callerKnown: true }, true);
  }

  async join(player: lobby.NewSeat, code: string, origin: string): Promise<RoomReply> {
    if (!this.game) return this.notFound();
    const tried = lobby.join(this.game, player, code, origin, this.now());
    if (isRefusal(tried)) return { ...tried, callerKnown: tried.error.code === "ALREADY_JOINED" };
    // Whether the new player brings webhooks (a read that lets other requests in: decide again after).
    await this.outbox.lookUpHooks(this.game.id, [...this.game.seats.map((s) => s.playerId), player.id]);
    const d = lobby.join(this.game, player, code, origin, this.now());
    if (isRefusal(d)) return { ...d, callerKnown: d.error.code === "ALREADY_JOINED" };
    return this.settle({ ...this.commit(d), callerKnown: true });
  }

  async leave(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => lobby.leave(s.game, s.seat, origin));
  }

  async start(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => lobby.start(s.game, s.seat, origin, this.now()));
  }

  /** The creator seats a bot: in an empty seat of a waiting game, or a seat that resigned (bots.ts). */
  async seatBot(caller: Who | null, level: bots.BotLevel, seat: number | null, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => bots.seatBot(s.game, s.seat, level, seat, origin, this.now()));
  }

  /** What the strong bot would play for the caller this turn (practice games only). */
  hint(caller: Who | null): RoomReply {
    const auth = this.authorize(caller, { write: false });
    if ("refusal" in auth) return auth.refusal;
    return this.reply(bots.hint(auth.game, auth.seat));
  }

  // ---- play -------------------------------------------------------------------------------

  async submit(caller: Who | null, p: SubmitParams): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("refusal" in auth) return auth.refusal;
    const { game: g, seat } = auth;
    const player = g.seats[seat].playerId;
    const fingerprint = JSON.stringify({ version: p.version, actions: p.actions });
    const now = this.now();
    if (p.idempotencyKey) {
      const seen = this.store.answerFor(player, p.idempotencyKey, now - IDEMPOTENCY_TTL_MS);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return this.reply(refuse("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different request."));
        return { ...seen.answer, callerKnown: true, replayed: true };
      }
    }
    const d = play.submit(g, seat, p.version, p.actions, p.origin, now);
    const idem = p.idempotencyKey ? { player, key: p.idempotencyKey, fingerprint } : undefined;
    if (isRefusal(d)) {
      // Remember the answer to this key, whatever it was, so a retry gets the same one.
      if (idem) this.store.rememberAnswer(g, idem, d, now);
      this.counted();
      return this.reply(d);
    }
    return this.settle(this.reply(this.commit(d, idem)));
  }

  async resignSeat(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => play.resignSeat(s.game, s.seat, origin, this.now()));
  }

  /** Declare an absence of `hours` from now (replacing one in progress): the player's clock pauses. */
  async goAway(caller: Who | null, hours: number, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => goAway(s.game, s.seat, hours, origin, this.now()));
  }

  /** Come back early: the vacation ends now (the unused days stay available). */
  async comeBack(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.act(caller, (s) => comeBack(s.game, s.seat, origin, this.now()));
  }

  // ---- reading ----------------------------------------------------------------------------

  view(who: Who | null, origin: string): RoomReply {
    const id = this.identify(who);
    if ("refusal" in id) return id.refusal;
    if (!this.game) return this.notFound();
    const seat = this.seatOf(id.caller);
    return { ...done(gameView(this.game, seat, origin)), callerKnown: seat !== null };
  }

  legal(who: Who | null): RoomReply {
    const id = this.identify(who);
    if ("refusal" in id) return id.refusal;
    if (!this.game) return this.notFound();
    const seat = this.seatOf(id.caller);
    return { ...reads.legal(this.game, seat), callerKnown: seat !== null };
  }

  log(who: Who | null, after: number, limit: number): RoomReply {
    const id = this.identify(who);
    if ("refusal" in id) return id.refusal;
    if (!this.game) return this.notFound();
    const seat = this.seatOf(id.caller);
    return { ...reads.log(this.game, this.store, seat, after, limit), callerKnown: seat !== null };
  }

  publicAt(ply: number | null, origin: string): RoomReply {
    if (!this.game) return this.notFound();
    return { ...reads.publicAt(this.game, this.store, ply, origin), callerKnown: false };
  }

  /** Where a game stands, for "whose turn is it" lists (D1 is not written on every turn). */
  summary(): {
    status: string;
    round: number;
    toAct: number | null;
    version: number;
    deadline: number | null;
  } | null {
    const g = this.game;
    if (!g) return null;
    return {
      status: g.status,
      round: g.state?.round ?? 0,
      toAct: g.status === "active" && g.state ? g.state.current : null,
      version: g.version,
      deadline: g.status === "active" ? deadlineOf(g.clock) : null,
    };
  }

  /** What D1 should hold of this game now. */
  snapshot(): GameSnapshot | null {
    return this.game ? snapshotOf(this.game) : null;
  }

  // ---- webhooks and the delivery log ------------------------------------------------------

  /** A webhook that concerns this game was added (by the API): keep its notifications from now on. */
  hooksChanged(): void {
    if (!this.game) return;
    this.outbox.hooksChanged();
    this.counted();
  }

  /** Send a test message to one of this game's webhooks (or a player's own, from here), logged. */
  async testWebhook(caller: Who | null, target: Target): Promise<RoomReply<TestResult>> {
    const auth = this.authorize(caller, { write: true });
    if ("refusal" in auth) return auth.refusal as RoomReply<TestResult>;
    const g = auth.game;
    const seq = (g.notifySeq ?? 0) + 1;
    const at = this.now();
    this.game = { ...g, notifySeq: seq };
    this.write({ record: this.game, entries: [], notes: [], sync: false, at });
    const n: Notification = {
      id: `evt_${g.id}_${seq}`,
      type: "webhook.test",
      at,
      game: notifyGame(g, this.origin(g), false),
    };
    const r = await this.outbox.sendTest(target, n);
    this.counted();
    return this.reply(
      done({
        delivered: r.outcome === "delivered",
        status: r.status,
        latencyMs: r.latencyMs,
        error: r.error,
        deliveryId: r.delivery,
      }),
    ) as RoomReply<TestResult>;
  }

  /** The delivery log (players of the game only). */
  deliveries(caller: Who | null, opts: { before?: number; limit: number }): RoomReply {
    const auth = this.authorize(caller, { write: false });
    if ("refusal" in auth) return auth.refusal;
    return this.reply(done(this.outbox.log(auth.game.seats[auth.seat].playerId, opts)));
  }

  /** Send a delivery again (same event id). A player's own webhook's deliveries are theirs to resend. */
  async redeliver(caller: Who | null, id: number): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("refusal" in auth) return auth.refusal;
    const me = auth.game.seats[auth.seat].playerId;
    const row = this.outbox.row(id);
    if (!row) return this.reply(refuse("NOT_FOUND", "No such delivery."));
    if (row.targetScope === "player" && row.targetOwner !== me)
      return this.reply(refuse("FORBIDDEN", "Only its owner can resend to a personal webhook."));
    if (row.eventType === "webhook.test") return this.reply(refuse("CONFLICT", "Send a new test instead."));
    const again = this.outbox.redeliver(id, this.now())!;
    this.counted();
    await this.scheduleAlarm();
    return this.reply(done({ delivery: this.outbox.view(again, me) }, "accepted"));
  }

  /** Whether the caller sits in this game (the API checks it before touching the game's webhooks). */
  membership(caller: Who | null): RoomReply<{ seat: number; status: string; playerIds: string[] }> {
    const auth = this.authorize(caller, { write: false });
    if ("refusal" in auth) return auth.refusal as RoomReply<{ seat: number; status: string; playerIds: string[] }>;
    return this.reply(
      done({ seat: auth.seat, status: auth.game.status, playerIds: auth.game.seats.map((s) => s.playerId) }),
    ) as RoomReply<{
      seat: number;
      status: string;
      playerIds: string[];
    }>;
  }

  /** Pending notification work and the clock's next due time (tests). */
  notificationQueue(): { notifications: number; deliveries: number; timer: number | null } {
    return { ...this.outbox.pending(), timer: clockDue(this.game) };
  }

  /** The D1 sync waiting, if any (tests). */
  outboxItems(): { id: string; kind: string; due: number; attempts: number; lastError: string | null }[] {
    return this.outbox.waitingSync();
  }

  // ---- cost figures (the benchmark) -------------------------------------------------------

  /** Rows written for this game, DO and D1, by the platform's own counts. */
  storageStats(): { rowsWritten: number; d1RowsWritten: number; alarms: number } {
    return { rowsWritten: this.rows.do, d1RowsWritten: this.rows.d1, alarms: this.rows.alarms };
  }

  /** The benchmark's floor: a call that writes one row (never on a game's id). */
  writeOne(): number {
    if (this.game) return 0;
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    return this.ctx.storage.sql.exec("INSERT INTO floor (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1")
      .rowsWritten;
  }

  /** A trivial round trip. */
  ping(): string {
    return "pong";
  }

  // ---- live channel -----------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json(
        { error: { code: "UPGRADE_REQUIRED", message: "Expected a WebSocket upgrade." } },
        { status: 426 },
      );
    if (!this.game) return Response.json({ error: { code: "NOT_FOUND", message: "No such game." } }, { status: 404 });
    this.changes.flush();
    return live.accept(this.ctx, this.game, request);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.changes.flush();
    if (this.game)
      await live.onMessage(
        ws,
        this.game,
        message,
        (hash) => this.deviceCaller(hash),
        (caller, m, origin) => this.socketMove(caller, m, origin),
      );
  }

  /**
   * A turn sent on the live socket (a message bills 1/20 of a request and no Worker): the same
   * command as POST /actions — its key is its Idempotency-Key, the same version check, the same
   * per-key write limit — for the device that signed the socket in, while it is not revoked.
   */
  private async socketMove(caller: Caller, m: live.SocketMove, origin: string): Promise<RoomReply> {
    const g = this.game;
    if (!g) return this.notFound();
    if (caller.deviceId && g.revokedDevices?.includes(caller.deviceId))
      return this.reply(refuse("DEVICE_REVOKED", "This device was signed out from its profile."));
    const limiter = this.env.WRITE_LIMITER;
    if (limiter && caller.keyHash && !(await limiter.limit({ key: `${g.id}:${caller.keyHash}` })).success)
      return this.reply(refuse("RATE_LIMITED", "Too many requests; slow down.", { retryAfterSeconds: 10 }));
    return this.submit(caller, { version: m.version, actions: m.actions, idempotencyKey: m.key, origin });
  }

  /**
   * A device's key hash as a verified caller (its player's seat key), or null: unknown or revoked.
   * A key a seat knows needs no D1 read (see identify).
   */
  private async deviceCaller(keyHash: string): Promise<Caller | null> {
    const g = this.game;
    if (g && g.status !== "finished")
      for (const s of g.seats) {
        const k = s.keys?.find((k) => k.hash === keyHash);
        if (k) return { playerId: s.playerId, tokenHash: s.tokenHash, deviceId: k.device, keyHash };
      }
    const found = await deviceByTokenHash(db(this.env.DB), keyHash);
    if (!found || found.device.revokedAt !== null) return null;
    const caller = { playerId: found.player.id, tokenHash: found.player.tokenHash, deviceId: found.device.id, keyHash };
    this.learn(caller);
    return caller;
  }

  /**
   * A device was signed out of its profile (D1 already says so): its key is struck off the seats
   * and never learned here again, and its live sockets lose their seat's view at once.
   */
  async deviceRevoked(deviceId: string): Promise<void> {
    const g = this.game;
    if (!g) return;
    if (g.status !== "finished" && !g.revokedDevices?.includes(deviceId)) {
      this.game = {
        ...g,
        seats: g.seats.map((s) =>
          s.keys?.some((k) => k.device === deviceId) ? { ...s, keys: s.keys.filter((k) => k.device !== deviceId) } : s,
        ),
        revokedDevices: [...(g.revokedDevices ?? []), deviceId],
      };
      this.write({ record: this.game, entries: [], notes: [], sync: false, at: this.now() });
    }
    live.signOut(this.ctx, this.game!, deviceId);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    live.onClose(ws, code);
  }

  // ---- the alarm: the clock, then the outbox ----------------------------------------------

  override async alarm(): Promise<void> {
    if (!this.game) return;
    if (this.benching) this.rows.alarms++;
    const now = this.now();
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
    this.counted();
    await this.scheduleAlarm();
  }

  /** One alarm for everything: the clock's next event and the outbox's next due item. */
  private async scheduleAlarm(): Promise<void> {
    if (!this.game) return;
    const botDue = bots.botToAct(this.game) ? this.now() : null;
    const dues = [clockDue(this.game), this.outbox.nextDue(), botDue].filter((d): d is number => d !== null);
    const want = dues.length ? Math.max(Math.min(...dues), this.now()) : null;
    const current = await this.ctx.storage.getAlarm();
    if (want === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== want) await this.ctx.storage.setAlarm(want);
  }

  // ---- internals --------------------------------------------------------------------------

  /** Authorize, decide, commit; lobby changes reach D1 before the answer. */
  private async act(caller: Who | null, decide: (s: Seated) => Decision): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("refusal" in auth) return auth.refusal;
    const d = decide(auth);
    if (isRefusal(d)) return this.reply(d);
    return this.settle(this.reply(this.commit(d)));
  }

  /**
   * Commit a transition: the clock of a new turn, the version bumped when anything visible
   * changed, the notifications it causes (kept only if someone may listen), all in one row; then
   * the live sockets (just after the answer). Returns the answer computed from the game as stored.
   */
  private commit<T>(t: Transition<T>, idem?: { player: string; key: string; fingerprint: string }): Outcome<T> {
    const now = this.now();
    const prev = this.game!;
    let next = withClock(t.next, now);
    const visible = t.entries.length > 0 || publicChanged(prev, next);
    if (visible) next = { ...next, version: prev.version + 1 };
    const membership =
      prev.status !== next.status ||
      prev.seats.length !== next.seats.length ||
      prev.seats.some((s, i) => s.playerId !== next.seats[i].playerId);
    const pending = transitionNotifications(
      prev,
      next,
      t.entries.flatMap((e) => e.events),
      t.leading ?? [],
      {
        announceResignations: t.announceResignations,
      },
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
    if (visible) this.changes.add(t.entries.flatMap(eventsOf));
    if (membership) this.urgent = true;
    if (keep || clockDue(prev) !== clockDue(next) || bots.botToAct(next)) void this.scheduleAlarm();
    return answer;
  }
  private urgent = false;

  private write(t: Parameters<Store["append"]>[0]): void {
    this.store.append(t);
    this.counted();
  }

  /** Add the rows the storage API counted to the game's figures. */
  private counted(): void {
    const n = this.store.takeRowsWritten();
    if (!n) return;
    this.rows.do += n;
    if (this.benching) void this.ctx.storage.put("bench:rows", this.rows);
  }

  /** After a change of membership or result, D1 learns of it before the answer (the alarm retries). */
  private async settle(reply: RoomReply, created = false): Promise<RoomReply> {
    if (this.urgent || created) {
      this.urgent = false;
      // The game goes on from a lobby change: the next turn's row notes that D1 has it.
      await this.outbox.sync(this.now(), true, this.game?.status !== "finished");
      this.counted();
      if (this.benching) await this.ctx.storage.put("bench:rows", this.rows);
      await this.scheduleAlarm();
    }
    return reply;
  }

  private origin(g: GameRecord): string {
    return this.config.publicOrigin ?? g.origin ?? "";
  }

  /** Give pending notifications their ids and time (synchronously, inside the commit). */
  private queue(
    g: GameRecord,
    pending: PendingNotification[],
    at: number,
  ): { game: GameRecord; notes: import("../notify/types").QueuedNotification[] } {
    let seq = g.notifySeq ?? 0;
    const game = notifyGame(g, this.origin(g), this.config.boardImages);
    const notes = pending.map((p) => {
      seq++;
      const notification: Notification = { ...p.detail, id: `evt_${g.id}_${seq}`, type: p.type, at, game };
      return { notification, audience: p.audience, exclude: p.exclude };
    });
    return { game: { ...g, notifySeq: seq }, notes };
  }

  private webhookDisabled(t: Target, reason: string): void {
    // Push subscriptions are removed, never switched off (the directory reports none).
    if (!this.game || t.kind === "push") return;
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

  private seatOf(caller: Caller | null): number | null {
    if (!caller || !this.game) return null;
    const seat = this.game.seats.findIndex((s) => s.playerId === caller.playerId && s.tokenHash === caller.tokenHash);
    return seat >= 0 ? seat : null;
  }

  /**
   * Who the game acts for. A claimed key acts at once when a seat of its player knows it (the key
   * the seat was taken with, or one D1 verified for it since; revoked devices are struck off), in
   * a game not over. Any other key — a new device, a spectator's, any key of a finished game —
   * is refused with KEY_UNVERIFIED: the Worker verifies it in D1 (a revoked device gets its 401
   * there) and asks again with the Caller, whose key the seat then learns.
   */
  private identify(who: Who | null): { caller: Caller | null } | { refusal: RoomReply } {
    if (!who) return { caller: null };
    if (!isClaim(who)) {
      this.learn(who);
      return { caller: who };
    }
    const g = this.game;
    const seat = g && g.status !== "finished" ? g.seats.find((s) => s.playerId === who.playerId) : undefined;
    const key = seat?.keys?.find((k) => k.hash === who.keyHash);
    if (!seat || !key)
      return {
        refusal: { ...refuse("KEY_UNVERIFIED", "This key must be verified by the Worker first."), callerKnown: false },
      };
    return { caller: { playerId: who.playerId, tokenHash: seat.tokenHash, deviceId: key.device, keyHash: key.hash } };
  }

  /** A key D1 verified for a seat of this game: the seat knows it from now on (one row, once per device). */
  private learn(c: Caller): void {
    const g = this.game;
    if (!g || g.status === "finished" || !c.keyHash || !c.deviceId) return;
    if (g.revokedDevices?.includes(c.deviceId)) return;
    const i = g.seats.findIndex((s) => s.playerId === c.playerId && s.tokenHash === c.tokenHash);
    if (i < 0 || g.seats[i].keys?.some((k) => k.hash === c.keyHash)) return;
    const key = { hash: c.keyHash, device: c.deviceId };
    // A few devices per seat: the oldest is forgotten (it is verified in D1 again if it comes back).
    const keys = [...(g.seats[i].keys ?? []), key].slice(-MAX_SEAT_KEYS);
    this.game = { ...g, seats: g.seats.map((s, j) => (j === i ? { ...s, keys } : s)) };
    this.write({ record: this.game, entries: [], notes: [], sync: false, at: this.now() });
  }

  private authorize(who: Who | null, _opts: { write: boolean }): Seated | { refusal: RoomReply } {
    const id = this.identify(who);
    if ("refusal" in id) return id;
    const caller = id.caller;
    const g = this.game;
    if (!g) return { refusal: this.notFound() };
    if (!caller)
      return {
        refusal: { ...refuse("UNAUTHORIZED", "Send your token as Authorization: Bearer <token>."), callerKnown: false },
      };
    const seat = this.seatOf(caller);
    if (seat === null)
      return {
        refusal: {
          ...refuse("NOT_SEATED", "You do not sit in this game; spectators can watch but not act."),
          callerKnown: false,
        },
      };
    return { game: g, seat };
  }

  private reply<T>(o: Outcome<T>): RoomReply<T> {
    return { ...o, callerKnown: true };
  }

  private notFound(): RoomReply {
    return { ...refuse("NOT_FOUND", "No such game."), callerKnown: false };
  }
}

/** Whether a spectator would see any difference (the version aside). */
function publicChanged(a: GameRecord, b: GameRecord): boolean {
  if (a === b) return false;
  const v = (g: GameRecord) => JSON.stringify({ ...gameView(g, null, ""), version: 0 });
  return v(a) !== v(b);
}
