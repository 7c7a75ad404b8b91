/**
 * The game Durable Object: the single authority of one game, as a thin shell — its RPC surface,
 * the alarm and the live sockets. Each method says who acts (access.ts), runs a pure command
 * (lobby.ts, play.ts, deadlines.ts, bots.ts) and has it committed (authority.ts: one row, with no
 * await in between, before the answer; the sockets just after it; the rest from the outbox).
 * Clock and randomness are injectable (tests drive time through `now`).
 */
import { DurableObject } from "cloudflare:workers";
import { chatConfig } from "../chat/rest";
import { errorBody } from "../contract/errors";
import { TALK_ON_OPEN } from "../contract/talk";
import { deviceByTokenHash, revokedAmong } from "../db/identity";
import { db, syncGame } from "../db/queries";
import { claimTable, settleTable } from "../db/tables";
import type { Env } from "../env";
import { meter, meteredEnv, meteredState, timed } from "../meter";
import { d1Directory, notifyConfig, type NotifyDirectory, type Target } from "../notify/directory";
import * as access from "./access";
import { Authority, reply } from "./authority";
import * as bots from "./bots";
import { comeBack, goAway, nextDue as clockDue } from "./deadlines";
import * as hooks from "./hooks";
import * as live from "./live";
import { type Listing, listingOf, newListing, type TableIndex, tooManyTables } from "./listing";
import * as lobby from "./lobby";
import { type GameRecord, type GameView, gameView, listedAt, snapshotOf, type GameSnapshot } from "./model";
import type { GameIndex } from "./outbox";
import { done, type Outcome, refuse, type RoomReply } from "./outcome";
import * as play from "./play";
import { askRematch, type RematchDraw, rematchParams, rematchUrl } from "./rematch";
import { roomStub } from "./stub";
import * as reads from "./reads";
import type { Caller, Who } from "./tokens";
import { isRefusal } from "./transition";
import { Talk } from "./talk";
import { turnFor, type TurnLine } from "./turns";
import type { PlayerInbox } from "../player/inbox";

export type { CreateParams } from "./lobby";
export type { GameIndex } from "./outbox";
export type { DeliveryView } from "./outbox";
export type { LogEntryView } from "./reads";
export type { TimedOutEvent } from "./events";
export type { RoomReply } from "./outcome";
export type { TestResult } from "./hooks";

/** What `membership` answers. */
export interface Membership {
  seat: number;
  status: string;
  playerIds: string[];
  /** The game's own webhooks' newest answers in its delivery log: webhook id → status and time. */
  answers?: Record<string, { status: number | null; at: number }>;
}

/**
 * The rematch's game as the old game calls it (the stub's own RPC types of GameRoom, seen from inside
 * GameRoom, collapse to never: these three methods are all it uses).
 */
interface RematchRoom {
  create(p: lobby.CreateParams): Promise<RoomReply>;
  join(player: lobby.NewSeat, code: string | null, origin: string): Promise<RoomReply>;
  viewFor(caller: Caller, origin: string): Promise<GameView | null>;
}
const rematchRoom = (ns: DurableObjectNamespace, id: string) => roomStub(ns, id) as unknown as RematchRoom;

export interface SubmitParams {
  version: number;
  actions: unknown[];
  idempotencyKey: string | null;
  origin: string;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export class GameRoom extends DurableObject<Env> {
  /** Injectable for tests. */
  now: () => number = () => Date.now();
  random: () => number = Math.random;
  index: GameIndex;
  /** Where webhooks are looked up (D1; replaceable in tests). */
  directory: NotifyDirectory;
  /** Where listings are claimed under the cap on open tables (D1's games index; replaceable in tests). */
  tables: TableIndex;
  private readonly a: Authority;
  /** Table talk: the seated players' messages and mutes (talk.ts). */
  private readonly talk: Talk;

  /** Bench runs (BENCH_ROUTES=1): storage, D1 and calls metered (src/meter.ts), the clock shifted by benchClock. */
  private readonly benching: boolean;
  private benchShift = 0;
  /** The bindings (metered in bench runs). */
  private readonly bindings: Env;
  /** The hints worked out in this game, per seat and version (bots.ts HintCache). */
  private readonly hints = new bots.HintCache();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.benching = env.BENCH_ROUTES === "1";
    if (this.benching) {
      ctx = meteredState(ctx);
      env = meteredEnv(env, { GAME: "game", PLAYER: "player" });
      this.now = () => Date.now() + this.benchShift;
    }
    this.bindings = env;
    const d = db(env.DB);
    this.index = { sync: (snap) => syncGame(d, snap) };
    this.tables = {
      claim: (row) => claimTable(env.DB, row, this.now() - lobby.TABLE_TTL_MS, lobby.MAX_OPEN_TABLES),
      settle: (claimed, actual) => settleTable(d, claimed, actual),
    };
    this.directory = d1Directory(env as unknown as { DB: D1Database } & Record<string, unknown>);
    this.a = new Authority(ctx, {
      now: () => this.now(),
      random: () => this.random(),
      directory: () => this.directory,
      index: () => this.index,
      config: notifyConfig(env),
      benching: env.BENCH_ROUTES === "1",
      revokedAmong: (ids) => revokedAmong(db(env.DB), ids),
      tell: (playerId, line, version) => this.tellInbox(playerId, line, version),
      chatConfig: chatConfig(env),
    });
    this.talk = new Talk(ctx, this.a);
    // An open page's keep-alive (web/src/game/live.ts: exactly this text every 25 s) is answered by the
    // platform without waking the object; any other message, a ping with more fields too, reaches it.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(live.PING, live.PONG));
    // A game that was never created has no storage, and looking it up creates none.
    void ctx.blockConcurrencyWhile(() => this.a.open());
  }

  /** The game as held in memory (some tests replace it there). */
  private get game(): GameRecord | null {
    return this.a.game;
  }

  private set game(g: GameRecord | null) {
    this.a.game = g;
  }

  // ---- lobby ------------------------------------------------------------------------------

  async create(p: lobby.CreateParams): Promise<RoomReply> {
    const exists = () => ({ ...refuse("CONFLICT", "This game already exists."), callerKnown: false });
    if (this.game) return exists();
    await this.a.outbox.lookUpHooks(p.id, [p.creator.id]);
    if (this.game) return exists();
    const g = lobby.newGame(p, this.now());
    // A game listed from its creation is claimed first: refused over the cap, it creates nothing.
    const listing = newListing(null, g);
    if (listing) {
      const { held, others } = await this.tables.claim(snapshotOf(g).game);
      if (!held) return { ...tooManyTables(others), callerKnown: false };
      if (this.game) return exists();
    }
    try {
      await this.a.store.create();
    } catch (e) {
      if (listing) await this.tables.settle(listing, { ...listing, listedAt: null });
      throw e;
    }
    this.a.game = g;
    this.a.write({ record: g, entries: [], notes: [], sync: true, at: g.createdAt });
    // The creator's bots sit down at once (a game of bots only starts: its first bot plays from the alarm).
    if (p.bots?.length) this.a.commit(bots.seatBots(g, p.bots, this.now()));
    const view = gameView(this.a.game, 0, p.origin);
    return this.a.settle({ ...done({ game: view, invite: view.invite }, "created"), callerKnown: true }, true);
  }

  /** Take a seat with the invite code, or (code null) from the open tables (lobby.join). */
  async join(player: lobby.NewSeat, code: string | null, origin: string): Promise<RoomReply> {
    if (!this.game) return access.notFound();
    const tried = lobby.join(this.game, player, code, origin, this.now());
    if (isRefusal(tried)) return { ...tried, callerKnown: tried.error.code === "ALREADY_JOINED" };
    // Whether the new player brings webhooks (a read that lets other requests in: decide again after).
    await this.a.outbox.lookUpHooks(this.game.id, [...this.game.seats.map((s) => s.playerId), player.id]);
    const d = lobby.join(this.game, player, code, origin, this.now());
    if (isRefusal(d)) return { ...d, callerKnown: d.error.code === "ALREADY_JOINED" };
    return this.a.settle({ ...this.a.commit(d), callerKnown: true });
  }

  /**
   * Take a seat from the game's chat message (src/chat): a click in the game's own channel stands
   * for the invite (lobby.channelJoin).
   */
  async channelJoin(
    player: lobby.NewSeat,
    where: { platform: string; channel: string; user: string },
    origin: string,
  ): Promise<RoomReply> {
    if (!this.game) return access.notFound();
    const decide = () => lobby.channelJoin(this.game!, player, where, origin, this.now());
    const tried = decide();
    if (isRefusal(tried)) return { ...tried, callerKnown: tried.error.code === "ALREADY_JOINED" };
    await this.a.outbox.lookUpHooks(this.game.id, [...this.game.seats.map((s) => s.playerId), player.id]);
    const d = decide();
    if (isRefusal(d)) return { ...d, callerKnown: d.error.code === "ALREADY_JOINED" };
    return this.a.settle({ ...this.a.commit(d), callerKnown: true });
  }

  /** Leave a waiting game; the host leaving hands the game to the human seated longest (lobby.leave). */
  async leave(caller: Who | null, origin: string): Promise<RoomReply> {
    const heir = await this.heirTables(caller);
    const r = await this.a.act(caller, (s) => lobby.leave(s.game, s.seat, origin, heir?.tables ?? null));
    if (heir?.claimed) await this.settleListing(heir.claimed);
    return r;
  }

  /**
   * When the host of a listed table is leaving, the table is claimed for the heir (the cap holds
   * for the new host too: listing.ts) and how many other tables the heir has listed. The claim
   * lets other requests in, so leave decides again after it and takes the table off the list
   * unless the claim held for the heir it finds then; D1 unreachable, it leaves the list.
   */
  private async heirTables(
    caller: Who | null,
  ): Promise<{ tables: lobby.ListedTables; claimed: Listing | null } | null> {
    const g = this.game;
    if (!g || listedAt(g) === null) return null;
    const id = access.identify(g, caller);
    const seat = "caller" in id ? access.seatOf(g, id.caller) : null;
    if (seat === null || g.seats[seat].playerId !== g.createdBy) return null;
    const heir = lobby.heirOf(g, seat);
    if (heir === null) return null;
    const next = { ...g, createdBy: heir };
    try {
      const { held, others } = await this.tables.claim(snapshotOf(next).game);
      return { tables: { playerId: heir, listed: others }, claimed: held ? listingOf(next) : null };
    } catch (e) {
      console.error("open table claim failed", (e as Error)?.message ?? String(e));
      return null;
    }
  }

  /** After a claim and the game's decision, D1's index says what the game holds (listing.ts). */
  private async settleListing(claimed: Listing): Promise<void> {
    if (!this.game) return;
    try {
      await this.tables.settle(claimed, listingOf(this.game));
    } catch (e) {
      console.error("open table settle failed", (e as Error)?.message ?? String(e));
    }
  }

  /**
   * "Play again" (rematch.ts): the first ask commits the new game's id, invite and seed here with a
   * notification to the others, so every ask — again, or two at once — gets the same game. Then the
   * new game is created (its id is fixed, so a second create is its CONFLICT: already made) and
   * whoever asked, if not its creator, takes a seat in it with the invite.
   */
  async rematch(caller: Caller, seat: lobby.NewSeat, draw: RematchDraw, origin: string): Promise<RoomReply> {
    const auth = this.a.authorize(caller);
    if ("refusal" in auth) return auth.refusal;
    let r = auth.game.rematch;
    // Whether this ask made the rematch (201): decided here, once, whichever create reaches it first.
    const madeNow = !r;
    if (!r) {
      const d = askRematch(auth.game, auth.seat, seat, draw, origin, this.now());
      if (isRefusal(d)) return reply(d);
      const made = this.a.commit(d);
      if (!made.ok) return reply(made);
      r = made.value;
    }
    const next = rematchRoom(this.env.GAME, r.id);
    const created = await next.create(rematchParams(this.game!, r, origin));
    if (!created.ok && created.error?.code !== "CONFLICT") return { ...created, callerKnown: true };
    const rematch = { id: r.id, url: rematchUrl(origin, r) };
    const kind = madeNow ? "created" : undefined;
    if (r.creator.id === caller.playerId)
      return reply(done({ rematch, game: await next.viewFor(caller, origin) }, kind));
    const joined = await next.join(seat, r.inviteCode, origin);
    // Seated now, or already; full or started without them: the new game is there to watch (null).
    const game = joined.ok || joined.error?.code === "ALREADY_JOINED" ? await next.viewFor(caller, origin) : null;
    return reply(done({ rematch, game }, kind));
  }

  /** The game as `caller` sees it (a rematch's answer). */
  viewFor(caller: Caller, origin: string): GameView | null {
    if (!this.game) return null;
    return gameView(this.game, access.seatOf(this.game, caller), origin);
  }

  async start(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.a.act(caller, (s) => lobby.start(s.game, s.seat, origin, this.now()));
  }

  /**
   * The host lists the waiting game on the open tables, or takes it off (lobby.setTable). A new
   * listing is claimed in D1 first, under the cap (listing.ts); the game decides again after.
   */
  async setTable(caller: Who | null, open: boolean, origin: string): Promise<RoomReply> {
    const now = this.now();
    const decide = (s: access.Seated) => lobby.setTable(s.game, s.seat, open, origin, now);
    const auth = this.a.authorize(caller);
    if ("refusal" in auth) return auth.refusal;
    const first = decide(auth);
    const listing = isRefusal(first) ? null : newListing(auth.game, first.next);
    if (!listing || isRefusal(first)) return this.a.act(caller, decide);
    const { held, others } = await this.tables.claim(snapshotOf(first.next).game);
    if (!held) return reply(tooManyTables(others));
    const r = await this.a.act(caller, decide);
    await this.settleListing(listing);
    return r;
  }

  /** The host seats a bot: in an empty seat of a waiting game, or a seat that resigned (bots.ts). */
  async seatBot(caller: Who | null, level: bots.BotLevel, seat: number | null, origin: string): Promise<RoomReply> {
    return this.a.act(caller, (s) => bots.seatBot(s.game, s.seat, level, seat, origin, this.now()));
  }

  /**
   * The coach's review (analysis.ts): of a finished game for anyone; of a practice game in play for
   * its seated players. Reads only: what waits is reviewed from the alarm, which this asks for.
   */
  async analysis(who: Who | null): Promise<RoomReply> {
    const g = this.game;
    if (!g) return access.notFound();
    let seat: number | null = null;
    if (g.status !== "finished" && bots.isPractice(g)) {
      const auth = this.a.authorize(who);
      if ("refusal" in auth) return auth.refusal;
      seat = auth.seat;
    }
    const r = this.a.coach.read(g, seat);
    if (r.ok && r.kind === "accepted") await this.a.scheduleAlarm();
    return { ...r, callerKnown: seat !== null };
  }

  /** What the strong bot would play for the caller this turn (practice games only). */
  hint(caller: Who | null): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : reply(bots.hint(auth.game, auth.seat, this.hints));
  }

  // ---- play -------------------------------------------------------------------------------

  async submit(caller: Who | null, p: SubmitParams): Promise<RoomReply> {
    const auth = this.a.authorize(caller);
    if ("refusal" in auth) return auth.refusal;
    const { game: g, seat } = auth;
    const player = g.seats[seat].playerId;
    const fingerprint = JSON.stringify({ version: p.version, actions: p.actions });
    const now = this.now();
    if (p.idempotencyKey) {
      const seen = this.a.store.answerFor(player, p.idempotencyKey, now - IDEMPOTENCY_TTL_MS);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return reply(refuse("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different request."));
        return { ...seen.answer, callerKnown: true, replayed: true };
      }
    }
    const d = play.submit(g, seat, p.version, p.actions, p.origin, now);
    const idem = p.idempotencyKey ? { player, key: p.idempotencyKey, fingerprint } : undefined;
    if (isRefusal(d)) {
      // Remember the answer to this key, whatever it was, so a retry gets the same one.
      if (idem) this.a.store.rememberAnswer(g, idem, d, now);
      this.a.counted();
      return reply(d);
    }
    return this.a.settle(reply(this.a.commit(d, idem)));
  }

  async resignSeat(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.a.act(caller, (s) => play.resignSeat(s.game, s.seat, origin, this.now()));
  }

  /** Declare an absence of `hours` from now (replacing one in progress): the player's clock pauses. */
  async goAway(caller: Who | null, hours: number, origin: string): Promise<RoomReply> {
    return this.a.act(caller, (s) => goAway(s.game, s.seat, hours, origin, this.now()));
  }

  /** Come back early: the vacation ends now (the unused days stay available). */
  async comeBack(caller: Who | null, origin: string): Promise<RoomReply> {
    return this.a.act(caller, (s) => comeBack(s.game, s.seat, origin, this.now()));
  }

  // ---- reading ----------------------------------------------------------------------------

  /** Read as whoever the caller is (a spectator when they sit nowhere). */
  private read(who: Who | null, f: (seat: number | null) => Outcome): RoomReply {
    const id = this.a.identify(who);
    if ("refusal" in id) return id.refusal;
    if (!this.game) return access.notFound();
    const seat = access.seatOf(this.game, id.caller);
    return { ...f(seat), callerKnown: seat !== null };
  }

  view(who: Who | null, origin: string): RoomReply {
    return this.read(who, (seat) => done(gameView(this.game!, seat, origin)));
  }

  legal(who: Who | null): RoomReply {
    return this.read(who, (seat) => reads.legal(this.game!, seat));
  }

  log(who: Who | null, after: number, limit: number): RoomReply {
    return this.read(who, (seat) => reads.log(this.game!, this.a.store, seat, after, limit));
  }

  publicAt(ply: number | null, origin: string): RoomReply {
    if (!this.game) return access.notFound();
    return { ...reads.publicAt(this.game, this.a.store, ply, origin), callerKnown: false };
  }

  /** A player's line in this game for their inbox (src/player/inbox.ts asks after a cold start). */
  turnFor(playerId: string): TurnLine | null {
    return turnFor(this.game, playerId);
  }

  /**
   * Tell a player's inbox their line in this game (authority.ts, after a commit: two a turn, the
   * mover's and the next player's). Each inbox's stub is made once and kept (idFromName hashes the
   * name every time), and made again after a call on it failed.
   */
  private tellInbox = async (playerId: string, line: TurnLine | null, version: number): Promise<void> => {
    const ns = this.bindings.PLAYER;
    if (!ns || !this.game) return;
    let inbox = this.inboxStubs.get(playerId);
    if (!inbox) {
      inbox = ns.get(ns.idFromName(playerId)) as unknown as DurableObjectStub<PlayerInbox>;
      this.inboxStubs.set(playerId, inbox);
    }
    try {
      await inbox.tell(playerId, this.game.id, line, version);
    } catch (e) {
      this.inboxStubs.delete(playerId);
      throw e;
    }
  };

  private readonly inboxStubs = new Map<string, DurableObjectStub<PlayerInbox>>();

  /** Where a game stands, for "whose turn is it" lists (D1 is not written on every turn). */
  summary(): reads.GameSummary | null {
    return this.game ? reads.summary(this.game) : null;
  }

  /** The game as `playerId`'s list of games shows it, or null when they do not sit in it (src/api/players.ts). */
  listing(playerId: string): reads.GameListing | null {
    return this.game ? reads.listing(this.game, playerId) : null;
  }

  /** Where a game stands, with its players' names and ids (a chat channel's list of games, src/chat). */
  channelSummary(): (reads.GameSummary & { seats: { id: string; name: string }[]; channel: string | null }) | null {
    const g = this.game;
    if (!g) return null;
    return {
      ...reads.summary(g),
      seats: g.seats.map((s) => ({ id: s.playerId, name: s.name })),
      channel: g.channel?.channel ?? null,
    };
  }

  /** What D1 should hold of this game now. */
  snapshot(): GameSnapshot | null {
    return this.game ? snapshotOf(this.game) : null;
  }

  // ---- table talk (talk.ts): seated players only ----------------------------------------

  say(caller: Who | null, text: string): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : this.talk.say(auth, text, this.now());
  }

  messages(caller: Who | null, after: number, limit: number): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : this.talk.read(auth, after, limit);
  }

  unsay(caller: Who | null, n: number): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : this.talk.unsay(auth, n, this.now());
  }

  mute(caller: Who | null, seat: number, on: boolean): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : this.talk.setMute(auth, seat, on, this.now());
  }

  // ---- webhooks and the delivery log (hooks.ts) -------------------------------------------

  /** A webhook that concerns this game was added (by the API): keep its notifications from now on. */
  hooksChanged(): void {
    if (!this.game) return;
    this.a.outbox.hooksChanged();
    this.a.counted();
  }

  /** Send a test message to one of this game's webhooks (or a player's own, from here), logged. */
  async testWebhook(caller: Who | null, target: Target): Promise<RoomReply<hooks.TestResult>> {
    const auth = this.a.authorize(caller);
    if ("refusal" in auth) return auth.refusal as RoomReply<hooks.TestResult>;
    return hooks.sendTest(this.a, auth, target, this.now());
  }

  /** The delivery log (players of the game only). */
  deliveries(caller: Who | null, opts: { before?: number; limit: number }): RoomReply {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : hooks.deliveries(this.a, auth, opts);
  }

  /** Send a delivery again (same event id). */
  async redeliver(caller: Who | null, id: number): Promise<RoomReply> {
    const auth = this.a.authorize(caller);
    return "refusal" in auth ? auth.refusal : hooks.redeliver(this.a, auth, id, this.now());
  }

  /**
   * Whether the caller sits in this game (the API checks it before touching the game's webhooks);
   * `answers`: with the newest answer of each of the game's own webhooks in its delivery log (their
   * list takes the newer of D1's and these: outbox.ts keeps a first success here only).
   */
  membership(caller: Who | null, answers = false): RoomReply<Membership> {
    const auth = this.a.authorize(caller);
    if ("refusal" in auth) return auth.refusal as RoomReply<Membership>;
    const { game: g, seat } = auth;
    return reply(
      done({
        seat,
        status: g.status,
        playerIds: g.seats.map((s) => s.playerId),
        ...(answers ? { answers: Object.fromEntries(this.a.outbox.lastAnswers()) } : {}),
      }),
    );
  }

  /** Pending notification work and the clock's next due time (tests). */
  notificationQueue(): { notifications: number; deliveries: number; timer: number | null } {
    return { ...this.a.outbox.pending(), timer: clockDue(this.game) };
  }

  /** The D1 sync waiting, if any (tests). */
  outboxItems(): { id: string; kind: string; due: number; attempts: number; lastError: string | null }[] {
    return this.a.outbox.waitingSync();
  }

  // ---- cost figures (the benchmark) -------------------------------------------------------

  /** Rows written for this game, DO and D1, by the platform's own counts. */
  storageStats(): { rowsWritten: number; d1RowsWritten: number; alarms: number } {
    const r = this.a.rows;
    return { rowsWritten: r.do, d1RowsWritten: r.d1, alarms: r.alarms };
  }

  /** The benchmark's floor: a call that writes one row (never on a game's id). */
  writeOne(): number {
    if (this.game) return 0;
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    return this.ctx.storage.sql.exec("INSERT INTO floor (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1")
      .rowsWritten;
  }

  /**
   * Bench runs only: the game's clock moves on by `ms`, and its alarm fires now if its time has
   * come by that clock (the platform fires alarms by the real one). Returns the alarms fired.
   */
  async benchClock(ms: number): Promise<{ fired: number }> {
    if (!this.benching) return { fired: 0 };
    this.benchShift += ms;
    const at = await this.ctx.storage.getAlarm();
    if (at === null || at > this.now()) return { fired: 0 };
    // As the platform runs it: the alarm is taken off as it starts (getAlarm() is null inside a
    // running handler, Cloudflare's alarms API), so an alarm that wants another at once sets it, and
    // that setAlarm is counted as it would be billed (called directly it found its own time still set).
    await this.ctx.storage.deleteAlarm();
    await this.alarm();
    return { fired: 1 };
  }

  /** A trivial round trip. */
  ping(): string {
    return "pong";
  }

  // ---- live channel (live.ts) -------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json(errorBody("UPGRADE_REQUIRED", "Expected a WebSocket upgrade."), { status: 426 });
    if (!this.game) return Response.json(errorBody("NOT_FOUND", "No such game."), { status: 404 });
    this.a.changes.flush();
    return live.accept(this.ctx, this.game, request, this.a.logEntries);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.benching) {
      meter.wsMessages++;
      return timed(() => this.onSocketMessage(ws, message));
    }
    return this.onSocketMessage(ws, message);
  }

  private async onSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.a.changes.flush();
    const g = this.game;
    if (g)
      await live.onMessage(
        ws,
        g,
        message,
        (hash) => this.deviceCaller(hash),
        (caller, m, origin) => this.socketMove(caller, m, origin),
        (seat) => this.talk.list(g, seat, 0, TALK_ON_OPEN),
        this.a.logEntries,
      );
  }

  /**
   * A turn sent on the live socket (a message bills 1/20 of a request and no Worker): the same
   * command as POST /actions — its key is its Idempotency-Key, the same version check, the same
   * per-key write limit — for the device that signed the socket in, while it is not revoked.
   */
  private async socketMove(caller: Caller, m: live.SocketMove, origin: string): Promise<RoomReply> {
    const g = this.game;
    if (!g) return access.notFound();
    if (caller.deviceId && g.revokedDevices?.includes(caller.deviceId))
      return reply(refuse("DEVICE_REVOKED", "This device was signed out from its profile."));
    const limiter = this.env.WRITE_LIMITER;
    if (limiter && caller.keyHash && !(await limiter.limit({ key: `${g.id}:${caller.keyHash}` })).success)
      return reply(refuse("RATE_LIMITED", "Too many requests; slow down.", { retryAfterSeconds: 10 }));
    return this.submit(caller, { version: m.version, actions: m.actions, idempotencyKey: m.key, origin });
  }

  /**
   * A device's key hash as a verified caller (its player's seat key), "revoked" for a device
   * signed out of its profile, or null: unknown.
   */
  private async deviceCaller(keyHash: string): Promise<Caller | "revoked" | null> {
    // A key a seat knows needs no D1 read (see access.identify).
    const known = access.knownDevice(this.game, keyHash);
    if (known) return known;
    const found = await deviceByTokenHash(db(this.bindings.DB), keyHash);
    if (!found) return null;
    if (found.device.revokedAt !== null) return "revoked";
    // The device may have been signed out while D1 answered (its revocation struck it off here and
    // told the sockets it had signed in, not this one, whose key was not yet checked): revoked too,
    // or this socket would get the seat's view of a signed-out device.
    if (this.game?.revokedDevices?.includes(found.device.id)) return "revoked";
    const caller = { playerId: found.player.id, tokenHash: found.player.tokenHash, deviceId: found.device.id, keyHash };
    this.a.learn(caller);
    return caller;
  }

  /**
   * A device was signed out of its profile (D1 already says so): its key is struck off the seats
   * and never learned here again, and its live sockets lose their seat's view at once.
   */
  async deviceRevoked(deviceId: string): Promise<void> {
    this.a.strike(deviceId);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    live.onClose(ws, code);
  }

  // ---- the alarm: the clock, a bot, then the outbox (authority.ts) ------------------------

  override async alarm(): Promise<void> {
    if (this.benching) {
      meter.alarms++;
      return timed(() => this.a.alarm());
    }
    await this.a.alarm();
  }
}
