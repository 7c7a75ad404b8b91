/**
 * A player's inbox: one Durable Object per player, holding what the home page and every tab's
 * title need — the games in play where the player sits, whether it is their turn there and when
 * that turn times out — so that "your turn" never reads D1 (issue 24). Each game tells the inbox
 * of the players whose line changed, just after its commit (src/game/turns.ts, authority.ts),
 * with the game's version: a line older than the one held is ignored, so repeats and retries
 * change nothing. Pages follow it on a hibernating WebSocket; GET …/turns is the fallback.
 *
 * What it keeps, and what that costs (every row written is billed):
 * - stored: the games in play where the player sits (a row when one starts or ends for them) and
 *   the device keys it has checked (a row per device, once; D1 is asked only for a key it does
 *   not know: it keeps no copy of a profile, only that this hash is this player's device);
 * - in memory only: each game's line. An inbox that starts cold asks its games (one call each,
 *   never D1) the first time someone reads it, and from then on is told; lines are never written.
 *   A line lost with a stopped game is put right by the next start of the inbox.
 * Nothing is stored for a player that does not exist: every read and socket first proves a key of
 * that player (D1 says whose it is), and only a game the player sits in tells it anything.
 */
import { DurableObject } from "cloudflare:workers";
import { INBOX_CLOSE, type InboxMessage, type TurnView } from "../contract/turns";
import { PING, PONG } from "../contract/live";
import { deviceByTokenHash } from "../db/identity";
import { db, playerGames } from "../db/queries";
import type { Env } from "../env";
import { hashToken } from "../game/tokens";
import type { TurnLine } from "../game/turns";
import { meter, meteredEnv, meteredState, timed } from "../meter";

export type InboxRefusal = { code: "UNAUTHORIZED" | "DEVICE_REVOKED" | "FORBIDDEN"; message: string };
export type InboxRead = { ok: true; games: TurnView[] } | { ok: false; error: InboxRefusal };

/** What a game answers when the inbox asks for its line (src/game/room.ts turnFor). */
interface GameLines {
  turnFor(playerId: string): Promise<TurnLine | null>;
}

interface Attached {
  player: string;
  device?: string;
}

/** Longest message read on the socket (an auth message). */
const MAX_MESSAGE = 4096;

const view = (l: TurnLine): TurnView => ({
  id: l.id,
  yourTurn: l.yourTurn,
  deadline: l.deadline === null ? null : new Date(l.deadline).toISOString(),
  version: l.version,
});

export class PlayerInbox extends DurableObject<Env> {
  private readonly state: DurableObjectState;
  private readonly benching: boolean;
  /** Each game's line (in play for this player), as last told or asked. */
  private readonly lines = new Map<string, TurnLine>();
  /** Versions of games no longer in play (a late line for one is older and ignored). */
  private readonly gone = new Map<string, number>();
  /** Whether `lines` holds every game of the stored list (false after a cold start). */
  private complete = false;
  private filling: Promise<void> | null = null;

  /** The bindings (metered in bench runs). */
  private readonly bindings: Env;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.benching = env.BENCH_ROUTES === "1";
    this.state = this.benching ? meteredState(ctx) : ctx;
    this.bindings = meteredEnv(env, { GAME: "game" });
    // An open page's keep-alive is answered without waking the inbox (as the game's socket).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  // ---- storage (made on the first write: a player's first checked key or game) -------------

  private get sql() {
    return this.state.storage.sql;
  }

  private stored(): boolean {
    return (
      this.sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'games'")
        .one().n > 0
    );
  }

  private makeTables(): void {
    this.state.storage.transactionSync(() => {
      this.sql.exec("CREATE TABLE IF NOT EXISTS keys (hash TEXT PRIMARY KEY, device TEXT NOT NULL) WITHOUT ROWID");
      this.sql.exec("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY) WITHOUT ROWID");
      this.sql.exec("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL) WITHOUT ROWID");
    });
  }

  // ---- who reads ---------------------------------------------------------------------------

  /**
   * A device key of this player (its SHA-256), or why not: a key the inbox checked before needs
   * nothing else; another one is looked up in D1 once and kept if it is this player's and not
   * signed out (a signed-out device is struck off at once: deviceRevoked).
   */
  private async check(playerId: string, keyHash: string): Promise<{ device: string } | { error: InboxRefusal }> {
    if (this.stored()) {
      const known = this.sql.exec<{ device: string }>("SELECT device FROM keys WHERE hash = ?", keyHash).toArray()[0];
      if (known) return { device: known.device };
    }
    const found = await deviceByTokenHash(db(this.bindings.DB), keyHash);
    if (!found) return { error: { code: "UNAUTHORIZED", message: "Unknown token." } };
    if (found.device.revokedAt !== null)
      return { error: { code: "DEVICE_REVOKED", message: "This device was signed out from its profile." } };
    if (found.player.id !== playerId)
      return { error: { code: "FORBIDDEN", message: "This is another player's inbox." } };
    if (!this.stored()) this.makeTables();
    this.sql.exec(
      "INSERT INTO keys (hash, device) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING",
      keyHash,
      found.device.id,
    );
    return { device: found.device.id };
  }

  /** The player's turns, for a key of theirs. */
  async read(playerId: string, keyHash: string): Promise<InboxRead> {
    return this.call(async () => {
      const who = await this.check(playerId, keyHash);
      if ("error" in who) return { ok: false, error: who.error };
      return { ok: true, games: await this.turns(playerId) };
    });
  }

  /** Every game in play for the player, its line (asking the games after a cold start). */
  private async turns(playerId: string): Promise<TurnView[]> {
    if (!this.complete) {
      this.filling ??= this.fill(playerId).finally(() => {
        this.filling = null;
      });
      await this.filling;
    }
    return [...this.lines.values()].map(view);
  }

  /**
   * After a cold start: the stored list of games (made from D1 once, the first time this player
   * is read), each game asked for its line.
   */
  private async fill(playerId: string): Promise<void> {
    if (!this.stored()) this.makeTables();
    const seeded = this.sql.exec<{ v: number }>("SELECT v FROM meta WHERE k = 'seeded'").toArray().length > 0;
    if (!seeded) {
      // Once per player: the games already in play when the inbox came (a list, from D1).
      const rows = await playerGames(db(this.bindings.DB), playerId, { status: "active", limit: 500 });
      this.state.storage.transactionSync(() => {
        for (const r of rows) this.sql.exec("INSERT INTO games (id) VALUES (?) ON CONFLICT (id) DO NOTHING", r.id);
        this.sql.exec("INSERT INTO meta (k, v) VALUES ('seeded', 1) ON CONFLICT (k) DO NOTHING");
      });
    }
    const ids = this.sql
      .exec<{ id: string }>("SELECT id FROM games")
      .toArray()
      .map((r) => r.id);
    const asked = await Promise.all(
      ids
        .filter((id) => !this.lines.has(id))
        .map(async (id) => {
          try {
            return { id, line: await this.game(id).turnFor(playerId) };
          } catch (e) {
            console.error("inbox: a game did not answer", (e as Error)?.message ?? String(e));
            return { id, line: undefined };
          }
        }),
    );
    let all = true;
    for (const { id, line } of asked) {
      if (line === undefined) all = false;
      // A game that answered before it started, while its start was being told: the told line stands.
      else if (line === null) {
        if (!this.lines.has(id)) this.forget(id, 0);
      } else if (!this.lines.has(id)) this.lines.set(id, line);
    }
    this.complete = all;
  }

  private game(id: string): GameLines {
    const ns = this.bindings.GAME;
    return ns.get(ns.idFromName(id)) as unknown as GameLines;
  }

  // ---- told by the games -------------------------------------------------------------------

  /**
   * A game's line for this player changed (null: the game is not in play for them any more).
   * Idempotent and ordered per game by its version; sent on to the player's open pages.
   */
  async tell(playerId: string, gameId: string, line: TurnLine | null, version: number): Promise<void> {
    return this.call(() => {
      const held = this.lines.get(gameId)?.version ?? this.gone.get(gameId) ?? -1;
      if (version < held) return;
      if (line === null) {
        if (this.forget(gameId, version)) this.send({ type: "gone", id: gameId, version });
        return;
      }
      if (!this.lines.has(gameId) && !this.gone.has(gameId)) {
        if (!this.stored()) this.makeTables();
        this.sql.exec("INSERT INTO games (id) VALUES (?) ON CONFLICT (id) DO NOTHING", gameId);
      }
      this.gone.delete(gameId);
      this.lines.set(gameId, line);
      this.send({ type: "turn", game: view(line) });
      void playerId;
    });
  }

  /** A game left the player's list; whether it was on it. */
  private forget(gameId: string, version: number): boolean {
    const had = this.lines.delete(gameId);
    this.gone.set(gameId, version);
    if (this.stored()) this.sql.exec("DELETE FROM games WHERE id = ?", gameId);
    return had;
  }

  /** A device was signed out of its profile: its key is struck off, its sockets closed now. */
  async deviceRevoked(deviceId: string): Promise<void> {
    return this.call(() => {
      if (this.stored()) this.sql.exec("DELETE FROM keys WHERE device = ?", deviceId);
      for (const ws of this.state.getWebSockets()) {
        const a = ws.deserializeAttachment() as Attached | null;
        if (a?.device !== deviceId) continue;
        this.refuse(ws, { code: "DEVICE_REVOKED", message: "This device was signed out from its profile." });
      }
    });
  }

  // ---- the live socket ---------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return Response.json(
        { error: { code: "UPGRADE_REQUIRED", message: "Expected a WebSocket upgrade." } },
        { status: 426 },
      );
    const player = new URL(request.url).searchParams.get("player") ?? "";
    const pair = new WebSocketPair();
    this.state.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ player } satisfies Attached);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.benching) meter.wsMessages++;
    return this.call(async () => {
      if (typeof message !== "string" || message.length > MAX_MESSAGE)
        return this.refuse(ws, { code: "UNAUTHORIZED", message: "Send {type: 'auth', token} first." });
      let msg: { type?: unknown; token?: unknown };
      try {
        msg = JSON.parse(message);
      } catch {
        msg = {};
      }
      const a = ws.deserializeAttachment() as Attached;
      if (msg.type === "auth" && typeof msg.token === "string") {
        const who = await this.check(a.player, await hashToken(msg.token));
        if ("error" in who) return this.refuse(ws, who.error);
        ws.serializeAttachment({ player: a.player, device: who.device } satisfies Attached);
        this.sendTo(ws, { type: "turns", games: await this.turns(a.player) });
      } else if (!a.device) this.refuse(ws, { code: "UNAUTHORIZED", message: "Send {type: 'auth', token} first." });
      else if (msg.type === "ping") this.sendTo(ws, { type: "pong" });
      else if (msg.type === "sync") this.sendTo(ws, { type: "turns", games: await this.turns(a.player) });
    });
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      /* already closed */
    }
  }

  private refuse(ws: WebSocket, error: InboxRefusal): void {
    this.sendTo(ws, { type: "error", error });
    try {
      ws.close(error.code === "FORBIDDEN" ? INBOX_CLOSE.forbidden : INBOX_CLOSE.unauthorized, error.code);
    } catch {
      /* closing already */
    }
  }

  private sendTo(ws: WebSocket, m: InboxMessage): void {
    try {
      ws.send(JSON.stringify(m));
    } catch {
      /* a closing socket */
    }
  }

  /** To every signed-in page of the player. */
  private send(m: InboxMessage): void {
    const text = JSON.stringify(m);
    for (const ws of this.state.getWebSockets()) {
      if (!(ws.deserializeAttachment() as Attached | null)?.device) continue;
      try {
        ws.send(text);
      } catch {
        /* a closing socket */
      }
    }
  }

  /** Bench runs time each call (src/meter.ts). */
  private call<T>(work: () => Promise<T> | T): Promise<T> {
    return this.benching ? timed(work) : Promise.resolve(work());
  }
}
