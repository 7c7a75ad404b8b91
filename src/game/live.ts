/** The live channel: hibernatable WebSockets that get the game view after every visible change. */
import { viewLogEvents, type LogEvent } from "./events";
import { gameView, type GameRecord } from "./model";
import { logPage } from "./reads";
import type { LoggedEntry } from "./store";
import { errorBody } from "../contract/errors";
import { SubmitBody } from "../contract/schemas/games";
import type { RoomReply } from "./outcome";
import { type Caller, hashToken } from "./tokens";
import { scrub } from "../notify/targets";
import { UNCHECKED_CLOSE, type LiveGameMessage, type LiveLog } from "../contract/live";
import type { TalkList, TalkSocketMessage } from "../contract/talk";

interface SocketInfo {
  /** The seat the socket's key sat in when it said who it is (kept for sockets of older code). */
  seat: number | null;
  origin: string;
  /**
   * The player's seat key (see Caller) the socket's token stands for, kept even while it sits
   * nowhere: a visitor who takes a seat with the page open gets their seat's view from then on
   * (Moonlight: their own deal), without reconnecting. Server-side only, like the seats' own hashes.
   */
  keyHash?: string;
  /** The device whose token said who it is (so signing that device out drops the seat's view). */
  device?: string;
  /** The player that token is of, and the hash of the device's own key (moves sent on the socket). */
  player?: string;
  key?: string;
  /** Its device was signed out: moves sent on it are refused with DEVICE_REVOKED. */
  revoked?: boolean;
  /**
   * Opened with `?after=N` (contract LiveLog): the page reads its log from this socket; its greetings
   * carry the entries after N, its changes theirs. Absent: a page of older code, sent no log.
   */
  after?: number;
  /** Opened with `&auth=1`: its key is on its way, and the log waits for the seat's greeting. */
  awaitsKey?: boolean;
}

/** The stored log entries after an index (at most the contract's LIVE_LOG_LIMIT): the game's store. */
export type Entries = (after: number) => LoggedEntry[];

/** The log a socket's greeting carries: the entries after `after` as `seat` reads them (as GET /log answers). */
const logAfter = (g: GameRecord, seat: number | null, after: number, entries: Entries): LiveLog => ({
  after,
  ...logPage(g, entries(after), seat, after),
});

/** What a `?after=` or a sync's `after` says: a log index, or undefined (none, or not one). */
function indexOf(x: unknown): number | undefined {
  const n = typeof x === "string" && /^\d{1,15}$/.test(x) ? Number(x) : x;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A turn sent on the socket: the same request as POST /api/games/{id}/actions, its Idempotency-Key required. */
export interface SocketMove {
  key: string;
  version: number;
  actions: unknown[];
}

/** The seat whose view a socket gets now: where its key sits today (it may have joined or left). */
function seatOf(g: GameRecord, info: SocketInfo | null): number | null {
  if (!info) return null;
  if (info.keyHash === undefined) return info.seat;
  const seat = g.seats.findIndex((s) => s.tokenHash === info.keyHash);
  return seat < 0 ? null : seat;
}

/** A `game` message; `log` only for a socket opened with `?after=` (undefined: none, as for older pages). */
const message = (g: GameRecord, seat: number | null, origin: string, events: LogEvent[], log?: LiveLog | null) =>
  JSON.stringify({
    type: "game",
    game: gameView(g, seat, origin),
    events: viewLogEvents(events, seat, g.status === "finished"),
    ...(log === undefined ? {} : { log }),
  } satisfies LiveGameMessage);

/**
 * A new socket, greeted with the game as a spectator sees it; opened with `?after=N` (validated by the
 * Worker's route), with the log after N too, unless `&auth=1` says a key follows (then `log: null`:
 * the seat's greeting carries it).
 */
export function accept(ctx: DurableObjectState, g: GameRecord, request: Request, entries: Entries): Response {
  const url = new URL(request.url);
  const origin = url.origin;
  const after = indexOf(url.searchParams.get("after"));
  const awaitsKey = after !== undefined && url.searchParams.get("auth") === "1";
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  ctx.acceptWebSocket(server);
  server.serializeAttachment({
    seat: null,
    origin,
    ...(after === undefined ? {} : { after, ...(awaitsKey ? { awaitsKey } : {}) }),
  } satisfies SocketInfo);
  const log = after === undefined ? undefined : awaitsKey ? null : logAfter(g, null, after, entries);
  server.send(message(g, null, origin, [], log));
  return new Response(null, { status: 101, webSocket: client });
}

// The keep-alive's words and the failing close code are the contract's (both ends spell them alike).
export { PING, PONG, UNCHECKED_CLOSE } from "../contract/live";

/** What a socket signed in by a signed-out device is told (the same code as the HTTP routes' 401). */
const REVOKED = {
  code: "DEVICE_REVOKED",
  message: "This device was signed out from its profile; sign in again (pair it or use a passkey).",
} as const;

/**
 * The socket's key could not be checked (D1 unreachable, "Network connection lost", …): it is told
 * so (INTERNAL, `retry: true`) and closed, so the page reconnects and signs in again instead of
 * keeping the spectator's view it was greeted with for good. A refused or revoked key is an answer,
 * not a failure (UNAUTHORIZED, DEVICE_REVOKED). The log names the failure only: the token and its
 * hash are cut out of the error's text.
 */
function unchecked(ws: WebSocket, e: unknown, secrets: string[]): void {
  const why = scrub(String((e as Error)?.message ?? e), secrets);
  console.error("live: a socket's key could not be checked", why.slice(0, 200));
  try {
    ws.send(
      JSON.stringify({
        type: "error",
        ...errorBody("INTERNAL", "Your key could not be checked just now; this socket closes: reconnect.", {
          retry: true,
        }),
      }),
    );
    ws.close(UNCHECKED_CLOSE, "key check failed");
  } catch {
    /* a closing socket */
  }
}

/** Longest message read (a whole turn of up to 100 actions fits). */
const MAX_MESSAGE = 32 * 1024;

/**
 * A socket's message. `verify` checks a token the way the Worker does (a device's, not revoked;
 * see src/api/context.ts) and answers the caller with the player's seat key, "revoked" for a
 * signed-out device's key (told DEVICE_REVOKED, as over HTTP), or null. `move`
 * plays a turn sent on the socket by the device that signed it in, through the same command as
 * the HTTP route (room.ts); its answer goes back on this socket only, with the move's key:
 * `{type: "submitted", key, version, events, game}` or `{type: "refused", key, error: {code, message}}`.
 * `talkOf` is table talk as a seat may read it: a seated player's socket is greeted with it after
 * the view (one read a visit fewer: the page asks for no list of its own, issue 24). `entries` is
 * the stored log: a socket opened with `?after=` is greeted with its seat's log (contract LiveLog),
 * and a `sync` answered with the log after its `after` (the socket's own when it names none).
 */
export async function onMessage(
  ws: WebSocket,
  g: GameRecord,
  data: string | ArrayBuffer,
  verify: (tokenHash: string) => Promise<Caller | "revoked" | null>,
  move: (caller: Caller, m: SocketMove, origin: string) => Promise<RoomReply>,
  talkOf: (seat: number) => TalkList,
  entries: Entries,
): Promise<void> {
  if (typeof data !== "string" || data.length > MAX_MESSAGE) {
    ws.send(JSON.stringify({ type: "error", ...errorBody("BAD_REQUEST", "Messages are JSON text of 32 KB at most.") }));
    return;
  }
  let msg: { type?: unknown; token?: unknown; key?: unknown; [field: string]: unknown };
  try {
    msg = JSON.parse(data);
  } catch {
    ws.send(JSON.stringify({ type: "error", ...errorBody("BAD_REQUEST", "Messages are JSON.") }));
    return;
  }
  const info = ws.deserializeAttachment() as SocketInfo;
  if (msg.type === "ping") ws.send(JSON.stringify({ type: "pong", version: g.version }));
  else if (msg.type === "auth" && typeof msg.token === "string") {
    const tokenHash = await hashToken(msg.token);
    let verified: Caller | "revoked" | null;
    try {
      verified = await verify(tokenHash);
    } catch (e) {
      unchecked(ws, e, [msg.token, tokenHash]);
      return;
    }
    // (a socket that reads its log here goes on doing so, whoever it is now)
    const logs = info.after === undefined ? {} : { after: info.after };
    if (verified === "revoked") {
      ws.serializeAttachment({ seat: null, origin: info.origin, revoked: true, ...logs } satisfies SocketInfo);
      ws.send(JSON.stringify({ type: "error", ...errorBody(REVOKED.code, REVOKED.message) }));
      return;
    }
    const caller = verified;
    const seat = caller
      ? g.seats.findIndex((s) => s.playerId === caller.playerId && s.tokenHash === caller.tokenHash)
      : -1;
    ws.serializeAttachment({
      // Another device's key signs the socket in afresh (a revoked one no longer speaks for it).
      origin: info.origin,
      seat: seat < 0 ? null : seat,
      keyHash: caller?.tokenHash,
      device: caller?.deviceId,
      player: caller?.playerId,
      key: caller?.keyHash,
      ...logs,
    } satisfies SocketInfo);
    const log = info.after === undefined ? undefined : logAfter(g, seat < 0 ? null : seat, info.after, entries);
    if (seat < 0) {
      // A page that waited for its seat's greeting to bring the log gets the spectator's, before the refusal.
      if (info.awaitsKey) ws.send(message(g, null, info.origin, [], log));
      ws.send(JSON.stringify({ type: "error", ...errorBody("UNAUTHORIZED", "That token does not sit in this game.") }));
      return;
    }
    ws.send(message(g, seat, info.origin, [], log));
    ws.send(JSON.stringify({ type: "talk.list", ...talkOf(seat) } satisfies TalkSocketMessage));
  } else if (msg.type === "sync") {
    const seat = seatOf(g, info);
    let log: LiveLog | null | undefined;
    if (info.after !== undefined && info.awaitsKey) log = null;
    else if (info.after !== undefined) {
      const after = msg.after === undefined ? info.after : indexOf(msg.after);
      if (after === undefined) {
        ws.send(JSON.stringify({ type: "error", ...errorBody("BAD_REQUEST", "after: a log index, an integer ≥ 0.") }));
        return;
      }
      log = logAfter(g, seat, after, entries);
    }
    ws.send(message(g, seat, info.origin, [], log));
  } else if (msg.type === "submit") await submitted(ws, info, msg, move);
}

async function submitted(
  ws: WebSocket,
  info: SocketInfo,
  msg: { key?: unknown; [field: string]: unknown },
  move: (caller: Caller, m: SocketMove, origin: string) => Promise<RoomReply>,
): Promise<void> {
  const key = typeof msg.key === "string" ? msg.key : null;
  const refused = (code: string, message: string, details: Record<string, unknown> = {}) =>
    ws.send(JSON.stringify({ type: "refused", key, ...errorBody(code, message, details) }));
  if (key === null || key.length < 1 || key.length > 255)
    return refused("VALIDATION_FAILED", "Invalid request: key: an idempotency key of 1 to 255 characters.");
  // A signed-out device is told so whatever it sent (it must sign in again before anything else).
  if (info.revoked) return refused(REVOKED.code, REVOKED.message);
  const { type: _type, key: _key, ...body } = msg;
  const parsed = SubmitBody.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return refused(
      "VALIDATION_FAILED",
      `Invalid request: ${issues.map((i) => `${i.path || "body"}: ${i.message}`).join("; ")}`,
      { issues },
    );
  }
  if (!info.keyHash || !info.player)
    return refused("UNAUTHORIZED", "Send {type: 'auth', token} on this socket before a move.");
  const b = parsed.data;
  const reply = await move(
    { playerId: info.player, tokenHash: info.keyHash, deviceId: info.device, keyHash: info.key },
    { key, version: b.version, actions: "actions" in b ? b.actions : [b.action] },
    info.origin,
  );
  ws.send(
    JSON.stringify(
      reply.ok
        ? { type: "submitted", key, ...(reply.value as object), ...(reply.replayed ? { replayed: true } : {}) }
        : { type: "refused", key, error: reply.error },
    ),
  );
}

/** Sockets signed in by a device that was just revoked go back to the spectators' view, told why. */
export function signOut(ctx: DurableObjectState, g: GameRecord, deviceId: string): void {
  for (const ws of ctx.getWebSockets()) {
    const info = ws.deserializeAttachment() as SocketInfo | null;
    if (!info || info.device !== deviceId) continue;
    const logs = info.after === undefined ? {} : { after: info.after };
    ws.serializeAttachment({ seat: null, origin: info.origin, revoked: true, ...logs } satisfies SocketInfo);
    try {
      ws.send(JSON.stringify({ type: "error", ...errorBody(REVOKED.code, REVOKED.message) }));
      // (its page starts again as a spectator, greeted with the log: none here)
      ws.send(message(g, null, info.origin, [], info.after === undefined ? undefined : null));
    } catch {
      /* a closing socket */
    }
  }
}

export function onClose(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 ? 1000 : code, "closing");
  } catch {
    /* already closed */
  }
}

/**
 * Tell every socket, each in its seat's view; a socket that reads its log here (`after`) gets the
 * entries the change added, those after `from` (the log's length before it), as its seat reads them.
 */
export function broadcast(
  ctx: DurableObjectState,
  g: GameRecord,
  events: LogEvent[],
  from: number,
  entries: Entries,
): void {
  const views = new Map<string, string>();
  let rows: LoggedEntry[] | undefined;
  for (const ws of ctx.getWebSockets()) {
    const info = ws.deserializeAttachment() as SocketInfo | null;
    const seat = seatOf(g, info);
    const logs = info?.after === undefined ? "" : info.awaitsKey ? "wait" : "log";
    const key = `${seat}|${info?.origin ?? ""}|${logs}`;
    let text = views.get(key);
    if (!text) {
      let log: LiveLog | null | undefined;
      if (logs === "wait") log = null;
      else if (logs === "log") {
        rows ??= entries(from);
        log = { after: from, ...logPage(g, rows, seat, from) };
      }
      text = message(g, seat, info?.origin ?? "", events, log);
      views.set(key, text);
    }
    try {
      ws.send(text);
    } catch {
      /* a closing socket */
    }
  }
}

/**
 * Changes to tell the sockets, sent just after the request that made them is answered (the
 * mover's answer does not wait for the sockets). What is sent is the game as it stands then,
 * with every event since the last send, so a socket never sees an older version after a newer
 * one: anything else sent to a socket (its first view, a sync) first sends what is waiting.
 */
export class Changes {
  private events: LogEvent[] | null = null;
  /** The log's length before the first change waiting to be told: the entries after it are the changes'. */
  private from = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly game: () => GameRecord | null,
    private readonly entries: Entries,
  ) {}

  /** A visible change was committed over a log of `from` entries: tell the sockets right after this request. */
  add(events: LogEvent[], from: number): void {
    if (this.events) {
      this.events.push(...events);
      return;
    }
    this.events = [...events];
    this.from = from;
    setTimeout(() => this.flush(), 0);
  }

  /** Send what is waiting, now. */
  flush(): void {
    const events = this.events;
    this.events = null;
    const g = this.game();
    if (events && g) broadcast(this.ctx, g, events, this.from, this.entries);
  }
}

/** The sockets signed in by a key that sits in the game now (not revoked), with their seat. */
export function seatedSockets(ctx: DurableObjectState, g: GameRecord): { ws: WebSocket; seat: number }[] {
  const out: { ws: WebSocket; seat: number }[] = [];
  for (const ws of ctx.getWebSockets()) {
    const info = ws.deserializeAttachment() as SocketInfo | null;
    if (!info || info.revoked || info.keyHash === undefined) continue;
    const seat = seatOf(g, info);
    if (seat !== null && !g.seats[seat].bot) out.push({ ws, seat });
  }
  return out;
}
