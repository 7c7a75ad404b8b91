/**
 * The game Durable Object: the single authority of one game. It applies requests one at a time,
 * and every accepted change is written to its SQLite storage (state, append-only action log,
 * idempotency record, outbox) synchronously, in one implicit transaction, before it answers.
 *
 * Side effects leave through the outbox, delivered from the alarm with retries: the D1 index and
 * history now; turn notifications later. Clock and D1 writer are injectable for tests.
 */
import { DurableObject } from "cloudflare:workers";
import { applyAction, applyEntry, cellIndex, labelOf, legalActions, resign, viewEntry, viewEvents, type Action, type GameEvent, type LogEntry } from "../engine";
import { fail, ok, type ErrorBody, type Reply } from "../api/errors";
import { hashToken, type Caller } from "../api/auth";
import { db, syncGame } from "../db/queries";
import type { Env } from "../env";
import { engineOptions, gameView, settingsOf, snapshotOf, startedState, type GameRecord, type GameSettings, type GameSnapshot } from "./model";
import { viewFor } from "../engine/view";
import { DAY_MS, deadlineOf, dueReminder, nextClockEvent, pauseClock, resumeClock, startClock, turnKey, vacationBooked } from "./clock";
import { Courier, type DeliveryView } from "./courier";
import { notifyGame, transitionNotifications, type PendingNotification } from "./notifications";
import { d1Directory, notifyConfig, type NotifyConfig, type NotifyDirectory, type Target } from "../notify/directory";
import type { AttemptResult } from "../notify/deliver";
import type { Notification } from "../notify/types";

/** Where finished games and the games index go (D1 in production; a stub in some tests). */
export interface GameIndex {
  sync(snapshot: GameSnapshot): Promise<void>;
}

export interface RoomReply<T = unknown> extends Reply<T> {
  /** Whether the caller's token matched a seat of this game (else the Worker checks it in D1). */
  callerKnown: boolean;
}

export interface CreateParams {
  id: string;
  creator: { id: string; name: string; tokenHash: string };
  settings: GameSettings;
  seed: number;
  inviteCode: string;
  origin: string;
}

export interface SubmitParams {
  version: number;
  actions: unknown[];
  idempotencyKey: string | null;
  origin: string;
}

export interface LogEntryView {
  index: number;
  version: number;
  seat: number | null;
  entry: LogEntry;
  events: GameEvent[];
  at: string;
  /** "timeout" when the service played this for a player whose time ran out. */
  auto: "timeout" | null;
}

/** Engine events plus the service's own: a move played for a player whose time ran out. */
export type TimedOutEvent = { type: "timedOut"; seat: number; strikes: number; resigned: boolean };

/** What the "send test" endpoint reports. */
export interface TestResult {
  delivered: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
  deliveryId: number | null;
}

const SYNC_ID = "d1sync";
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const MAX_BACKOFF_MS = 15 * 60 * 1000;

export class GameRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private game: GameRecord | null;
  /** Injectable for tests. */
  now: () => number = () => Date.now();
  index: GameIndex;
  random: () => number = Math.random;
  /** Where webhooks are looked up (D1; replaceable in tests). */
  directory: NotifyDirectory;
  private readonly config: NotifyConfig;
  private readonly courier: Courier;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS log (
        idx INTEGER PRIMARY KEY, version INTEGER NOT NULL, seat INTEGER,
        entry TEXT NOT NULL, events TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS idempotency (
        player TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL, body TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (player, key));
      CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, due INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT);
      CREATE TABLE IF NOT EXISTS timers (id TEXT PRIMARY KEY, due INTEGER NOT NULL);
    `);
    const row = this.sql.exec<{ record: string }>("SELECT record FROM game WHERE id = 1").toArray()[0];
    this.game = row ? (JSON.parse(row.record) as GameRecord) : null;
    const d = db(env.DB);
    this.index = { sync: (snap) => syncGame(d, snap) };
    this.config = notifyConfig(env);
    this.directory = d1Directory(env as unknown as { DB: D1Database } & Record<string, unknown>);
    this.courier = new Courier({
      sql: this.sql,
      write: (q, ...b) => this.write(q, ...b),
      now: () => this.now(),
      random: () => this.random(),
      directory: () => this.directory,
      game: () => (this.game ? { id: this.game.id, players: this.game.seats.map((s) => s.playerId) } : null),
      onDisabled: (t, reason) => this.webhookDisabled(t, reason),
    });
  }

  // ---- lobby ------------------------------------------------------------------------------

  async create(p: CreateParams): Promise<RoomReply> {
    return this.settle(this.createNow(p));
  }

  private createNow(p: CreateParams): RoomReply {
    if (this.game) return { ...fail(409, "CONFLICT", "This game already exists."), callerKnown: false };
    const t = this.now();
    const g: GameRecord = {
      id: p.id,
      status: "waiting",
      version: 1,
      settings: p.settings,
      seed: p.seed,
      createdBy: p.creator.id,
      createdAt: t,
      startedAt: null,
      endedAt: null,
      inviteCode: p.inviteCode,
      seats: [{ playerId: p.creator.id, name: p.creator.name, tokenHash: p.creator.tokenHash, joinedAt: t }],
      state: null,
      logLength: 0,
      origin: p.origin,
    };
    this.commit(g, []);
    return { ...ok({ game: gameView(g, 0, p.origin), invite: gameView(g, 0, p.origin).invite }, 201), callerKnown: true };
  }

  async join(player: { id: string; name: string; tokenHash: string }, code: string, origin: string): Promise<RoomReply> {
    return this.settle(this.joinNow(player, code, origin));
  }

  private joinNow(player: { id: string; name: string; tokenHash: string }, code: string, origin: string): RoomReply {
    const g = this.game;
    if (!g) return this.notFound();
    const existing = g.seats.findIndex((s) => s.playerId === player.id);
    if (existing >= 0) return { ...fail(409, "ALREADY_JOINED", "You already sit in this game.", { seat: existing }), callerKnown: true };
    if (g.status !== "waiting") return { ...fail(409, "GAME_NOT_WAITING", "This game has already started."), callerKnown: false };
    if (!timingSafeEqual(code, g.inviteCode)) return { ...fail(403, "BAD_INVITE", "That invite code is not valid for this game."), callerKnown: false };
    if (g.seats.length >= g.settings.seats) return { ...fail(409, "GAME_FULL", "Every seat is taken."), callerKnown: false };
    const next: GameRecord = {
      ...g,
      version: g.version + 1,
      seats: [...g.seats, { playerId: player.id, name: player.name, tokenHash: player.tokenHash, joinedAt: this.now() }],
    };
    const seat = next.seats.length - 1;
    const started = this.commit(next.seats.length === next.settings.seats ? this.begin(next) : next, []);
    return { ...ok({ game: gameView(started, seat, origin), seat }), callerKnown: true };
  }

  async leave(caller: Caller | null, origin: string): Promise<RoomReply> {
    return this.settle(this.leaveNow(caller, origin));
  }

  private leaveNow(caller: Caller | null, origin: string): RoomReply {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const g = auth.game;
    if (g.status !== "waiting") return this.reply(fail(409, "GAME_NOT_WAITING", "The game has started: resign instead."));
    const seats = g.seats.filter((_, i) => i !== auth.seat);
    const next: GameRecord = { ...g, version: g.version + 1, seats };
    this.commit(next, []);
    return this.reply(ok({ game: gameView(next, null, origin) }));
  }

  async start(caller: Caller | null, origin: string): Promise<RoomReply> {
    return this.settle(this.startNow(caller, origin));
  }

  private startNow(caller: Caller | null, origin: string): RoomReply {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const g = auth.game;
    if (g.status !== "waiting") return this.reply(fail(409, "GAME_NOT_WAITING", "The game has already started."));
    if (g.createdBy !== g.seats[auth.seat].playerId) return this.reply(fail(403, "NOT_CREATOR", "Only the game's creator can start it."));
    if (g.seats.length < 2) return this.reply(fail(409, "NOT_ENOUGH_PLAYERS", "At least 2 players must have joined."));
    const next = this.commit(this.begin({ ...g, version: g.version + 1 }), []);
    return this.reply(ok({ game: gameView(next, auth.seat, origin) }));
  }

  private begin(g: GameRecord): GameRecord {
    return { ...g, status: "active", startedAt: this.now(), state: startedState(g), strikes: g.seats.map(() => 0), vacations: [], vacationUsedMs: g.seats.map(() => 0) };
  }

  // ---- play -------------------------------------------------------------------------------

  async submit(caller: Caller | null, p: SubmitParams): Promise<RoomReply> {
    return this.settle(this.submitNow(caller, p));
  }

  private submitNow(caller: Caller | null, p: SubmitParams): RoomReply {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const { game: g, seat } = auth;
    const fingerprint = JSON.stringify({ version: p.version, actions: p.actions });
    if (p.idempotencyKey) {
      const seen = this.sql
        .exec<{ fingerprint: string; status: number; body: string }>(
          "SELECT fingerprint, status, body FROM idempotency WHERE player = ? AND key = ?",
          g.seats[seat].playerId,
          p.idempotencyKey,
        )
        .toArray()[0];
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return this.reply(fail(422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different request."));
        return { status: seen.status, body: JSON.parse(seen.body), headers: { "idempotent-replayed": "true" }, callerKnown: true };
      }
    }
    const result = this.play(g, seat, p);
    // Remember the answer to this key, whatever it was, so a retry gets the same one.
    if (p.idempotencyKey && result.status < 500)
      this.write(
        "INSERT OR REPLACE INTO idempotency (player, key, fingerprint, status, body, at) VALUES (?, ?, ?, ?, ?, ?)",
        g.seats[seat].playerId,
        p.idempotencyKey,
        fingerprint,
        result.status,
        JSON.stringify(result.body),
        this.now(),
      );
    return this.reply(result);
  }

  private play(g: GameRecord, seat: number, p: SubmitParams): Reply {
    if (g.status !== "active" || !g.state)
      return fail(409, g.status === "waiting" ? "GAME_NOT_ACTIVE" : "GAME_OVER", g.status === "waiting" ? "The game has not started yet." : "The game is over.");
    if (p.version !== g.version)
      return fail(409, "STALE_VERSION", `The game has changed (version ${g.version}, you sent ${p.version}); reload it and try again.`, {
        currentVersion: g.version,
      });
    if (g.state.current !== seat) return fail(403, "NOT_YOUR_TURN", `It is seat ${g.state.current}'s turn.`, { toAct: g.state.current });
    let state = g.state;
    const entries: { entry: LogEntry; events: GameEvent[] }[] = [];
    for (let i = 0; i < p.actions.length; i++) {
      if (state.phase === "ended" || state.current !== seat)
        return fail(422, "TURN_OVER", "Your turn ended before this action; send the rest on your next turn.", { index: i });
      const entry = { ...(p.actions[i] as object), seat } as LogEntry;
      const r = applyEntry(state, entry);
      if (!r.ok) return fail(422, r.error.code, r.error.message, { index: i });
      state = r.state;
      entries.push({ entry: p.actions[i] as LogEntry, events: r.events });
    }
    const finished = state.phase === "ended";
    const strikes = [...(g.strikes ?? g.seats.map(() => 0))];
    strikes[seat] = 0; // moving by yourself ends a run of timeouts
    const next = this.commit(
      {
        ...g,
        version: g.version + 1,
        state,
        status: finished ? "finished" : "active",
        endedAt: finished ? this.now() : null,
        logLength: g.logLength + entries.length,
        strikes,
      },
      entries.map((e) => ({ ...e, seat })),
    );
    // Under the Moonlight some events carry what only their seat may see (viewEvents)
    return ok({ version: next.version, events: viewEvents(entries.flatMap((e) => e.events), seat, finished), game: gameView(next, seat, p.origin) });
  }

  async resignSeat(caller: Caller | null, origin: string): Promise<RoomReply> {
    return this.settle(this.resignSeatNow(caller, origin));
  }

  private resignSeatNow(caller: Caller | null, origin: string): RoomReply {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const { game: g, seat } = auth;
    if (g.status !== "active" || !g.state) return this.reply(fail(409, "GAME_NOT_ACTIVE", "Only a game in play can be resigned; leave a waiting game instead."));
    const r = resign(g.state, seat);
    if (!r.ok) return this.reply(fail(409, r.error.code, r.error.message));
    const finished = r.state.phase === "ended";
    const next = this.commit(
      {
        ...g,
        version: g.version + 1,
        state: r.state,
        status: finished ? "finished" : "active",
        endedAt: finished ? this.now() : null,
        logLength: g.logLength + 1,
      },
      [{ entry: { type: "resign", seat }, events: r.events, seat }],
    );
    return this.reply(ok({ version: next.version, events: viewEvents(r.events, seat, finished), game: gameView(next, seat, origin) }));
  }

  // ---- reading ----------------------------------------------------------------------------

  view(caller: Caller | null, origin: string): RoomReply {
    if (!this.game) return this.notFound();
    const seat = this.seatOf(caller);
    return { ...ok(gameView(this.game, seat, origin)), callerKnown: seat !== null };
  }

  legal(caller: Caller | null): RoomReply {
    const g = this.game;
    if (!g) return this.notFound();
    const seat = this.seatOf(caller);
    const mine = seat !== null && g.status === "active" && g.state !== null && g.state.current === seat;
    return {
      ...ok({ version: g.version, seat, toAct: g.status === "active" ? g.state!.current : null, actions: mine ? legalActions(g.state!) : [] }),
      callerKnown: seat !== null,
    };
  }

  log(caller: Caller | null, after: number, limit: number): RoomReply {
    const g = this.game;
    if (!g) return this.notFound();
    const rows = this.sql
      .exec<{ idx: number; version: number; seat: number | null; entry: string; events: string; at: number }>(
        "SELECT idx, version, seat, entry, events, at FROM log WHERE idx > ? ORDER BY idx LIMIT ?",
        after,
        limit,
      )
      .toArray();
    // Under the Moonlight a seat's animal choice is hidden from the others until the game has ended
    const viewer = this.seatOf(caller);
    const ended = g.status === "finished";
    const entries: LogEntryView[] = rows.map((r) => ({
      index: r.idx,
      version: r.version,
      seat: r.seat,
      entry: viewEntry(JSON.parse(r.entry), r.seat, viewer, ended),
      events: viewEvents(JSON.parse(r.events), viewer, ended),
      at: new Date(r.at).toISOString(),
      auto: r.events.includes('"timedOut"') ? "timeout" : null,
    }));
    const last = entries.at(-1)?.index ?? after;
    return {
      ...ok({
        version: g.version,
        total: g.logLength,
        entries,
        next: last < g.logLength ? last : null,
        // The seed replays the game; it is secret until the game has ended.
        replay: g.status === "finished" ? { options: engineOptions(g) } : null,
      }),
      callerKnown: this.seatOf(caller) !== null,
    };
  }

  /**
   * Embeds and board pictures: the game as a spectator sees it now, and the public board after the
   * first `ply` log entries (null: now), replayed from the log with the game's seed; `last` is the
   * entry that led there. Past plies never change, so callers may cache them for good.
   */
  publicAt(ply: number | null, origin: string): RoomReply {
    const g = this.game;
    if (!g) return this.notFound();
    const total = g.logLength;
    const at = ply ?? total;
    if (!Number.isInteger(at) || at < 0 || at > total)
      return { ...fail(404, "NO_SUCH_PLY", `This game has plies 0 to ${total}.`, { total }), callerKnown: false };
    const past = g.state !== null && at < total;
    const rows = this.sql
      .exec<{ idx: number; seat: number | null; entry: string; events: string }>(
        "SELECT idx, seat, entry, events FROM log WHERE idx > ? AND idx <= ? ORDER BY idx",
        past ? 0 : at - 1,
        at,
      )
      .toArray();
    let state = g.state;
    if (past) {
      state = startedState(g);
      for (const r of rows) {
        const e = JSON.parse(r.entry);
        const step = applyEntry(state, r.seat === null ? e : { ...e, seat: r.seat });
        if (!step.ok) return { ...fail(500, "INTERNAL", `The log does not replay at entry ${r.idx}.`), callerKnown: false };
        state = step.state;
      }
    }
    const last = rows.at(-1);
    return {
      ...ok({
        game: gameView(g, null, origin),
        ply: at,
        total,
        state: state && viewFor(state, null),
        last:
          last && last.idx === at
            ? {
                seat: last.seat,
                entry: viewEntry(JSON.parse(last.entry) as LogEntry, last.seat, null, g.status === "finished"),
                events: viewEvents(JSON.parse(last.events) as GameEvent[], null, g.status === "finished"),
              }
            : null,
      }),
      callerKnown: false,
    };
  }

  /** Rows in each table and rows written since this instance started (tests, cost benchmark). */
  storageStats(): Record<string, number> {
    const count = (t: string) => this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${t}`).one().n;
    return { log: count("log"), idempotency: count("idempotency"), outbox: count("outbox"), rowsWritten: this.rowsWritten };
  }

  /** What D1 should hold of this game now. */
  snapshot(): GameSnapshot | null {
    return this.game ? snapshotOf(this.game) : null;
  }

  /** A trivial round trip, for the benchmark's floor. */
  ping(): string {
    return "pong";
  }

  // ---- live channel -----------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json({ error: { code: "BAD_REQUEST", message: "Expected a WebSocket upgrade." } }, { status: 426 });
    if (!this.game) return Response.json({ error: { code: "NOT_FOUND", message: "No such game." } }, { status: 404 });
    const origin = new URL(request.url).origin;
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ seat: null, origin } satisfies SocketInfo);
    server.send(JSON.stringify({ type: "game", game: gameView(this.game, null, origin), events: [] }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== "string" || message.length > 4096 || !this.game) return;
    let msg: { type?: unknown; token?: unknown };
    try {
      msg = JSON.parse(message);
    } catch {
      ws.send(JSON.stringify({ type: "error", error: { code: "BAD_REQUEST", message: "Messages are JSON." } }));
      return;
    }
    const info = ws.deserializeAttachment() as SocketInfo;
    if (msg.type === "ping") ws.send(JSON.stringify({ type: "pong", version: this.game.version }));
    else if (msg.type === "auth" && typeof msg.token === "string") {
      const hash = await hashToken(msg.token);
      const seat = this.game.seats.findIndex((s) => s.tokenHash === hash);
      if (seat < 0) {
        ws.send(JSON.stringify({ type: "error", error: { code: "UNAUTHORIZED", message: "That token does not sit in this game." } }));
        return;
      }
      ws.serializeAttachment({ ...info, seat } satisfies SocketInfo);
      ws.send(JSON.stringify({ type: "game", game: gameView(this.game, seat, info.origin), events: [] }));
    } else if (msg.type === "sync") {
      ws.send(JSON.stringify({ type: "game", game: gameView(this.game, info.seat, info.origin), events: [] }));
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      /* already closed */
    }
  }

  private broadcast(events: GameEvent[]): void {
    const g = this.game;
    if (!g) return;
    const views = new Map<string, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const info = ws.deserializeAttachment() as SocketInfo | null;
      const seat = info?.seat ?? null;
      const key = `${seat}|${info?.origin ?? ""}`;
      let text = views.get(key);
      if (!text) {
        const seen = viewEvents(events, seat, g.status === "finished");
        text = JSON.stringify({ type: "game", game: gameView(g, seat, info?.origin ?? ""), events: seen });
        views.set(key, text);
      }
      try {
        ws.send(text);
      } catch {
        /* a closing socket */
      }
    }
  }

  // ---- deadlines and vacations ------------------------------------------------------------

  /**
   * Act on the clock up to `now`: end vacations, send reminders, play for a player whose time
   * ran out. Each step re-reads the record and commits on its own, so it happens at most once.
   */
  private tick(now: number): void {
    for (let i = 0; i < 50; i++) {
      const g = this.game;
      if (!g || g.status !== "active" || !g.state) return;
      const ev = nextClockEvent(g);
      if (!ev || ev.at > now) return;
      if (ev.type === "vacationEnds") this.endVacation(g, ev.seat, ev.at);
      // A late alarm past the deadline: no reminder any more, the timeout itself.
      else if (ev.type === "timeout" || (deadlineOf(g.clock) ?? Infinity) <= now) this.timeout(g, now);
      else this.remind(g, now);
    }
  }

  private timeout(g: GameRecord, now: number): void {
    const c = g.clock!;
    const s = g.state!;
    if (s.current !== c.seat || turnKey(s) !== c.turn) {
      // A clock left from an earlier turn: time the turn in progress instead.
      this.commit({ ...g, clock: null }, [], { silent: true });
      return;
    }
    const seat = c.seat;
    const strikes = [...(g.strikes ?? g.seats.map(() => 0))];
    strikes[seat] = (strikes[seat] ?? 0) + 1;
    const max = settingsOf(g).maxTimeouts;
    const resigning = max !== null && strikes[seat] >= max;
    let entry: LogEntry;
    let result = resigning ? resign(s, seat) : null;
    let autoAction: { type: string; cell?: string } | null = null;
    if (resigning) entry = { type: "resign", seat };
    else {
      // The move that is always legal: end the turn; in setup, place on the first free edge cell.
      const action: Action = s.phase === "setup" ? (legalActions(s)[0] ?? { type: "endTurn" }) : { type: "endTurn" };
      entry = action;
      result = applyAction(s, action);
      autoAction = action.type === "place" ? { type: "place", cell: labelOf(cellIndex(action.cell.q, action.cell.r)) } : { type: action.type };
      if (!result.ok) {
        // Should never happen; resign rather than stall the game.
        entry = { type: "resign", seat };
        result = resign(s, seat);
      }
    }
    if (!result || !result.ok) {
      console.error("timeout: no move possible", result?.ok === false ? result.error.code : "");
      this.commit({ ...g, clock: null }, [], { silent: true });
      return;
    }
    const resigned = entry.type === "resign";
    const finished = result.state.phase === "ended";
    const events: GameEvent[] = [{ type: "timedOut", seat, strikes: strikes[seat], resigned } satisfies TimedOutEvent as unknown as GameEvent, ...result.events];
    const next = this.withClock({
      ...g,
      version: g.version + 1,
      state: result.state,
      status: finished ? "finished" : "active",
      endedAt: finished ? now : null,
      logLength: g.logLength + 1,
      strikes,
    });
    const after = next.status === "active" && next.state ? { seat: next.state.current, deadline: deadlineOf(next.clock) } : null;
    this.commit(next, [{ entry, events, seat }], {
      announceResignations: false,
      leading: [
        {
          type: "turn.timeout",
          detail: { seat, autoAction: resigned ? null : autoAction, strikes: strikes[seat], maxTimeouts: max, resigned, next: after },
          audience: { players: [g.seats[seat].playerId], channel: true },
        },
      ],
    });
  }

  private remind(g: GameRecord, now: number): void {
    const c = g.clock!;
    const due = dueReminder(c, now);
    if (!due) return;
    const deadline = deadlineOf(c)!;
    this.commit(
      { ...g, clock: { ...c, reminded: [...c.reminded, due.share, ...due.moot] } },
      [],
      {
        silent: true,
        leading: [
          {
            type: "turn.reminder",
            detail: { seat: c.seat, deadline, remainingMs: Math.max(0, deadline - now), fraction: due.share },
            audience: { players: [g.seats[c.seat].playerId], channel: true },
          },
        ],
      },
    );
  }

  /** End a seat's vacation at `at` (its end, or earlier when the player is back). */
  private endVacation(g: GameRecord, seat: number, at: number, opts: { quiet?: boolean } = {}): GameRecord {
    const v = (g.vacations ?? []).find((x) => x.seat === seat);
    if (!v) return g;
    const used = [...(g.vacationUsedMs ?? g.seats.map(() => 0))];
    used[seat] = (used[seat] ?? 0) + Math.max(0, Math.min(at, v.until) - v.from);
    const clock = g.clock && g.clock.seat === seat ? resumeClock(g.clock, at) : (g.clock ?? null);
    const resumed = !!g.clock && g.clock.seat === seat && g.clock.runningSince === null;
    return this.commit({ ...g, vacations: (g.vacations ?? []).filter((x) => x !== v), vacationUsedMs: used, clock }, [], {
      silent: opts.quiet,
      leading: opts.quiet ? [] : [
        {
          type: "player.away",
          detail: { seat, deadline: deadlineOf(clock) },
          audience: { players: resumed ? [g.seats[seat].playerId] : [], channel: true },
        },
      ],
    });
  }

  /** Declare an absence of `hours` from now (replacing one in progress): the player's clock pauses. */
  async goAway(caller: Caller | null, hours: number, origin: string): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    let g = auth.game;
    const seat = auth.seat;
    if (g.status !== "active") return this.reply(fail(409, "GAME_NOT_ACTIVE", "Vacations are for games in play."));
    if (g.state?.players[seat]?.resigned) return this.reply(fail(409, "RESIGNED", "You have resigned from this game."));
    const now = this.now();
    const allowance = settingsOf(g).vacationDays * DAY_MS;
    const current = (g.vacations ?? []).find((v) => v.seat === seat);
    const bookedBefore = vacationBooked(g, seat) - (current ? current.until - Math.min(now, current.until) : 0);
    const wanted = hours * 3600_000;
    if (bookedBefore + wanted > allowance) {
      const leftHours = Math.max(0, Math.floor((allowance - bookedBefore) / 3600_000));
      return this.reply(
        fail(409, "VACATION_EXHAUSTED", `You have ${leftHours} hours of vacation left in this game (of ${settingsOf(g).vacationDays} days).`, {
          hoursLeft: leftHours,
        }),
      );
    }
    if (current) g = this.endVacation(g, seat, now, { quiet: true });
    const clock = g.clock && g.clock.seat === seat ? pauseClock(g.clock, now) : (g.clock ?? null);
    const next = this.commit(
      { ...g, clock, vacations: [...(g.vacations ?? []), { seat, from: now, until: now + wanted }] },
      [],
      {
        leading: [
          {
            type: "player.away",
            detail: { seat, until: now + wanted },
            audience: { players: g.seats.filter((_, i) => i !== seat).map((s) => s.playerId), channel: true },
          },
        ],
      },
    );
    return this.reply(ok({ game: gameView(next, seat, origin) }));
  }

  /** Come back early: the vacation ends now (the unused days stay available). */
  async comeBack(caller: Caller | null, origin: string): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const { game: g, seat } = auth;
    if (!(g.vacations ?? []).some((v) => v.seat === seat)) return this.reply(fail(409, "NOT_AWAY", "You are not on vacation in this game."));
    const next = this.endVacation(g, seat, this.now());
    return this.reply(ok({ game: gameView(next, seat, origin) }));
  }

  /** A new turn gets a new clock; a game no longer in play has none. */
  private withClock(g: GameRecord): GameRecord {
    if (g.status !== "active" || !g.state || g.state.phase === "ended") return g.clock || g.vacations?.length ? { ...g, clock: null, vacations: [] } : g;
    const c = g.clock;
    if (c && c.turn === turnKey(g.state) && c.seat === g.state.current) return g;
    const clock = startClock(g.settings.moveTimeSeconds, g.state, g.vacations, this.now());
    return c === clock ? g : { ...g, clock };
  }

  /** Keep the next clock event's time in the timers table (the alarm takes the earliest due). */
  private syncTimers(g: GameRecord): boolean {
    const ev = g.status === "active" ? nextClockEvent(g) : null;
    const row = this.sql.exec<{ due: number }>("SELECT due FROM timers WHERE id = 'clock'").toArray()[0];
    if (!ev) {
      if (row) this.write("DELETE FROM timers WHERE id = 'clock'");
      return !!row;
    }
    if (row?.due === ev.at) return false;
    this.write("INSERT OR REPLACE INTO timers (id, due) VALUES ('clock', ?)", ev.at);
    return true;
  }

  // ---- notifications ----------------------------------------------------------------------

  private origin(g: GameRecord): string {
    return this.config.publicOrigin ?? g.origin ?? "";
  }

  /** Turn pending notifications into queued ones with ids (synchronously, inside a commit). */
  private queue(g: GameRecord, pending: PendingNotification[], at: number): GameRecord {
    if (!pending.length) return g;
    let seq = g.notifySeq ?? 0;
    const game = notifyGame(g, this.origin(g), this.config.boardImages);
    for (const p of pending) {
      seq++;
      const notification: Notification = { ...p.detail, id: `evt_${g.id}_${seq}`, type: p.type, at, game };
      this.courier.enqueue(seq, { notification, audience: p.audience, exclude: p.exclude }, at);
    }
    return { ...g, notifySeq: seq };
  }

  private webhookDisabled(t: Target, reason: string): void {
    const g = this.game;
    if (!g) return;
    this.commit(g, [], {
      silent: true,
      leading: [
        {
          type: "webhook.disabled",
          detail: { webhook: { id: t.id, kind: t.kind, label: t.label, redactedUrl: t.redactedUrl, reason, scope: t.scope } },
          audience: { players: [t.ownerId], channel: t.scope === "game" },
          exclude: [t.id],
        },
      ],
    });
    void this.scheduleAlarm();
  }

  /** Send a test message to one of this game's webhooks (or a player's own, from here), logged. */
  async testWebhook(caller: Caller | null, target: Target): Promise<RoomReply<TestResult>> {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply as RoomReply<TestResult>;
    const g = auth.game;
    const seq = (g.notifySeq ?? 0) + 1;
    const at = this.now();
    this.commit({ ...g, notifySeq: seq }, [], { silent: true });
    const n: Notification = { id: `evt_${g.id}_${seq}`, type: "webhook.test", at, game: notifyGame(g, this.origin(g), false) };
    const r: AttemptResult & { delivery: number } = await this.courier.sendTest(target, n);
    return this.reply(ok({ delivered: r.outcome === "delivered", status: r.status, latencyMs: r.latencyMs, error: r.error, deliveryId: r.delivery })) as RoomReply<TestResult>;
  }

  /** The delivery log (players of the game only). */
  deliveries(caller: Caller | null, opts: { before?: number; limit: number }): RoomReply {
    const auth = this.authorize(caller, { write: false });
    if ("reply" in auth) return auth.reply;
    return this.reply(ok(this.courier.log(auth.game.seats[auth.seat].playerId, opts)));
  }

  /** Send a delivery again (same event id). A player's own webhook's deliveries are theirs to resend. */
  async redeliver(caller: Caller | null, id: number): Promise<RoomReply> {
    const auth = this.authorize(caller, { write: true });
    if ("reply" in auth) return auth.reply;
    const me = auth.game.seats[auth.seat].playerId;
    const row = this.courier.row(id);
    if (!row) return this.reply(fail(404, "NOT_FOUND", "No such delivery."));
    if (row.target_scope === "player" && row.target_owner !== me)
      return this.reply(fail(403, "FORBIDDEN", "Only its owner can resend to a personal webhook."));
    if (row.event_type === "webhook.test") return this.reply(fail(409, "CONFLICT", "Send a new test instead."));
    const again = this.courier.redeliver(id, this.now())!;
    await this.scheduleAlarm();
    return this.reply(ok({ delivery: this.courier.view(again, me) }, 202));
  }

  /** Whether the caller sits in this game (the API checks it before touching the game's webhooks). */
  membership(caller: Caller | null): RoomReply<{ seat: number; status: string; playerIds: string[] }> {
    const auth = this.authorize(caller, { write: false });
    if ("reply" in auth) return auth.reply as RoomReply<{ seat: number; status: string; playerIds: string[] }>;
    return this.reply(ok({ seat: auth.seat, status: auth.game.status, playerIds: auth.game.seats.map((s) => s.playerId) })) as RoomReply<{
      seat: number;
      status: string;
      playerIds: string[];
    }>;
  }

  /** Pending notification work (tests). */
  notificationQueue(): { notifications: number; deliveries: number; timer: number | null } {
    const timer = this.sql.exec<{ due: number }>("SELECT due FROM timers WHERE id = 'clock'").toArray()[0]?.due ?? null;
    return { ...this.courier.pending(), timer };
  }

  // ---- outbox -----------------------------------------------------------------------------

  override async alarm(): Promise<void> {
    const now = this.now();
    try {
      this.tick(now);
    } catch (e) {
      console.error("clock failed", (e as Error)?.stack ?? String(e));
    }
    await this.deliver(now);
    await this.courier.run(now);
    await this.scheduleAlarm();
  }

  /**
   * After a change that lists or results must show at once (lobby changes, the end of the game),
   * deliver the D1 sync before answering; if D1 fails, the alarm retries. Notifications are never
   * sent here: they go from the alarm, so they cannot delay an answer.
   */
  private async settle(reply: RoomReply): Promise<RoomReply> {
    if (this.urgentSync) {
      this.urgentSync = false;
      await this.deliver(Number.MAX_SAFE_INTEGER);
      await this.scheduleAlarm();
    }
    return reply;
  }
  private urgentSync = false;

  /** Try every outbox item due by `until`; failures are rescheduled with backoff and jitter. */
  private async deliver(until: number): Promise<void> {
    const due = this.sql
      .exec<{ id: string; kind: string; payload: string; attempts: number }>(
        "SELECT id, kind, payload, attempts FROM outbox WHERE due <= ? ORDER BY due",
        until,
      )
      .toArray();
    for (const item of due) {
      try {
        if (item.kind === "d1sync") await this.index.sync(JSON.parse(item.payload) as GameSnapshot);
        // Delivered: remove it unless a newer payload replaced it meanwhile.
        this.write("DELETE FROM outbox WHERE id = ? AND payload = ?", item.id, item.payload);
      } catch (e) {
        const attempts = item.attempts + 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
        const jittered = Math.round(backoff / 2 + this.random() * (backoff / 2));
        this.write(
          "UPDATE outbox SET attempts = ?, due = ?, last_error = ? WHERE id = ? AND payload = ?",
          attempts,
          this.now() + jittered,
          String((e as Error)?.message ?? e).slice(0, 500),
          item.id,
          item.payload,
        );
      }
    }
  }

  /** Pending outbox items (for tests and the delivery log). */
  outbox(): { id: string; kind: string; due: number; attempts: number; lastError: string | null }[] {
    return this.sql
      .exec<{ id: string; kind: string; due: number; attempts: number; last_error: string | null }>(
        "SELECT id, kind, due, attempts, last_error FROM outbox ORDER BY due",
      )
      .toArray()
      .map((r) => ({ id: r.id, kind: r.kind, due: r.due, attempts: r.attempts, lastError: r.last_error }));
  }

  /**
   * One alarm for everything: the D1 sync, the game's clock (deadlines, reminders, vacations) and
   * notification deliveries. It is always set to the earliest due time of the three.
   */
  private async scheduleAlarm(): Promise<void> {
    const dues = [
      this.sql.exec<{ due: number | null }>("SELECT min(due) AS due FROM outbox").one().due,
      this.sql.exec<{ due: number | null }>("SELECT min(due) AS due FROM timers").one().due,
      this.courier.nextDue(),
    ].filter((d): d is number => d !== null);
    if (!dues.length) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(Math.min(...dues), Date.now()));
  }

  // ---- internals --------------------------------------------------------------------------

  private rowsWritten = 0;

  /** Run a writing statement, counting the rows it wrote (storage cost figures). */
  private write(query: string, ...bindings: SqlStorageValue[]): void {
    this.rowsWritten += this.sql.exec(query, ...bindings).rowsWritten;
  }

  /**
   * Persist a change: the record, its log entries, the D1 sync item, the notifications it causes
   * and the clock's next due time, all written with no await between them, so they are committed
   * together; then tell the live sockets. Returns the record as stored (with its clock).
   */
  private commit(
    next: GameRecord,
    entries: { entry: LogEntry; events: GameEvent[]; seat?: number }[],
    opts: { leading?: PendingNotification[]; announceResignations?: boolean; silent?: boolean } = {},
  ): GameRecord {
    const t = this.now();
    const prev = this.game;
    let g = this.withClock(next);
    const pending = transitionNotifications(prev, g, entries.flatMap((e) => e.events), opts.leading ?? [], {
      announceResignations: opts.announceResignations,
    });
    g = this.queue(g, pending, t);
    this.write("INSERT OR REPLACE INTO game (id, record) VALUES (1, ?)", JSON.stringify(g));
    let idx = g.logLength - entries.length;
    for (const e of entries) {
      idx++;
      this.write(
        "INSERT INTO log (idx, version, seat, entry, events, at) VALUES (?, ?, ?, ?, ?, ?)",
        idx,
        g.version,
        e.seat ?? null,
        JSON.stringify(e.entry),
        JSON.stringify(e.events),
        t,
      );
    }
    const lobbyChanged = !prev || prev.status !== g.status || prev.seats.length !== g.seats.length;
    const turnChanged = prev?.state?.round !== g.state?.round || prev?.state?.current !== g.state?.current;
    let schedule = pending.length > 0;
    if (lobbyChanged || turnChanged) {
      this.write(
        "INSERT OR REPLACE INTO outbox (id, kind, payload, due, attempts) VALUES (?, 'd1sync', ?, ?, 0)",
        SYNC_ID,
        JSON.stringify(snapshotOf(g)),
        t,
      );
      if (lobbyChanged) this.urgentSync = true;
      else schedule = true;
    }
    if (this.syncTimers(g)) schedule = true;
    if (t - this.lastPrune > 3600_000) {
      this.lastPrune = t;
      this.write("DELETE FROM idempotency WHERE at < ?", t - IDEMPOTENCY_TTL_MS);
    }
    this.game = g;
    if (schedule) void this.scheduleAlarm();
    if (!opts.silent) this.broadcast(entries.flatMap((e) => e.events));
    return g;
  }
  private lastPrune = 0;

  private seatOf(caller: Caller | null): number | null {
    if (!caller || !this.game) return null;
    const seat = this.game.seats.findIndex((s) => s.playerId === caller.playerId && s.tokenHash === caller.tokenHash);
    return seat >= 0 ? seat : null;
  }

  private authorize(caller: Caller | null, opts: { write: boolean }): { game: GameRecord; seat: number } | { reply: RoomReply } {
    const g = this.game;
    if (!g) return { reply: this.notFound() };
    if (!caller) return { reply: { ...fail(401, "UNAUTHORIZED", "Send your token as Authorization: Bearer <token>."), callerKnown: false } };
    const seat = this.seatOf(caller);
    if (seat === null)
      return { reply: { ...fail(403, "NOT_SEATED", "You do not sit in this game; spectators can watch but not act."), callerKnown: false } };
    return { game: g, seat };
  }

  private reply(r: Reply): RoomReply {
    return { ...r, callerKnown: true };
  }

  private notFound(): RoomReply {
    return { ...fail(404, "NOT_FOUND", "No such game."), callerKnown: false };
  }
}

interface SocketInfo {
  seat: number | null;
  origin: string;
}

function timingSafeEqual(a: string, b: string): boolean {
  if (typeof a !== "string" || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type { ErrorBody };
