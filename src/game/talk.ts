/**
 * Table talk (issue 16): the seated players' messages of one game, kept by its Durable Object in
 * the order it takes them (`messages.n`), with each player's mutes. GameRoom stays a shell: it
 * authorizes the caller and commits; what a message is, who may read it, who hears of it and who
 * gets it live is decided here.
 *
 * - Only seated players (a key of theirs; never a bot, a spectator or a public view) write and read.
 * - A message is checked by the contract's `checkMessage` (1–500 characters, not only invisible
 *   ones) and rate limited per seat (MESSAGE_BURST in MESSAGE_WINDOW_MS, counted from the stored
 *   messages, so an eviction forgets nothing), on top of the Worker's WRITE_LIMITER.
 * - The others hear of it through the game's one outbox, as a `message.written` notification on
 *   their personal targets (webhooks, Web Push) — never the game's channels — in the same commit
 *   as the message, so it is delivered with the turn notifications' order and retries.
 * - A player who muted the writer gets none of it: not listed, not live, not notified.
 * - A deleted message loses its text and leaves every list and every page at once (live); its
 *   deliveries still waiting (a webhook retrying) are withdrawn.
 */
import {
  MESSAGE_BURST,
  MESSAGE_MAX,
  MESSAGE_WINDOW_MS,
  type MessageView,
  type TalkSocketMessage,
} from "../contract/talk";
import { checkMessage } from "../contract/talk-check";
import type { Seated } from "./access";
import { type Authority, reply } from "./authority";
import { seatedSockets } from "./live";
import type { GameRecord } from "./model";
import type { PendingNotification } from "./notifications";
import { done, refuse, type Outcome, type RoomReply } from "./outcome";
import type { MessageRow } from "./store";

/** A message as a reader sees it, with the seat its writer sits in now (null: they left the lobby). */
function view(g: GameRecord, r: MessageRow): MessageView | null {
  const seat = g.seats.findIndex((s) => s.playerId === r.player);
  return seat < 0 ? null : { n: r.n, seat, text: r.text ?? "", at: new Date(r.at).toISOString() };
}

/** The commands of GameRoom's talk methods, for a caller the room has authorized (a seated player). */
export class Talk {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly a: Authority,
  ) {}

  /** Table talk's rows (the store's). */
  private get rows() {
    return this.a.store.talk;
  }

  /**
   * A seated player writes: the message, and the others' notification through the outbox (when
   * anyone may listen), in one commit with no await between them; then the seated sockets, muters' aside.
   */
  say({ game: g, seat }: Seated, text: string, now: number): RoomReply {
    const muters = this.rows.mutersOf(g.seats[seat].playerId);
    const said = this.write(g, seat, text, now);
    if (said.ok) {
      const note = messageNotification(g, seat, said.value, muters);
      if (note && this.a.outbox.listening())
        this.a.commit({ next: g, entries: [], leading: [note], answer: () => done(null) });
      tell(this.ctx, g, { type: "talk", message: said.value }, muters);
    }
    this.a.counted();
    return reply(said);
  }

  /** The messages a seated player may read (after `after`), and whom they muted. */
  read({ game: g, seat }: Seated, after: number, limit: number): RoomReply {
    return reply(done(this.list(g, seat, after, limit)));
  }

  /** Its writer deletes a message: it leaves every seated page at once. */
  unsay({ game: g, seat }: Seated, n: number, now: number): RoomReply {
    const gone = this.remove(g, seat, n, now);
    this.a.counted();
    if (gone.ok) tell(this.ctx, g, { type: "talk.deleted", n });
    return reply(gone);
  }

  /** A seated player mutes (or unmutes) another seat's messages, for themself. */
  setMute({ game: g, seat }: Seated, other: number, on: boolean, now: number): RoomReply {
    const r = this.mute(g, seat, other, on, now);
    this.a.counted();
    return reply(r);
  }

  /** Keep a message of `seat` (synchronous: the caller commits the notification with it). */
  write(g: GameRecord, seat: number, raw: string, now: number): Outcome<MessageView> {
    const checked = checkMessage(raw, MESSAGE_MAX);
    if (!checked.ok) return refuse(checked.code, checked.message);
    const recent = this.rows.recentTimes(g.seats[seat].playerId, MESSAGE_BURST);
    if (recent.length >= MESSAGE_BURST && recent[MESSAGE_BURST - 1] > now - MESSAGE_WINDOW_MS) {
      const wait = Math.max(1, Math.ceil((recent[MESSAGE_BURST - 1] + MESSAGE_WINDOW_MS - now) / 1000));
      return refuse(
        "RATE_LIMITED",
        `At most ${MESSAGE_BURST} messages in ${MESSAGE_WINDOW_MS / 1000} seconds; wait a moment.`,
        { retryAfterSeconds: wait },
      );
    }
    const row = this.rows.add({ seat, player: g.seats[seat].playerId, text: checked.text, at: now });
    return done(view(g, row)!, "created");
  }

  /** The messages after `after` that `seat`'s player may read (not deleted, not muted), oldest first. */
  list(g: GameRecord, seat: number, after: number, limit: number) {
    const muted = this.rows.mutedBy(g.seats[seat].playerId);
    const rows = this.rows
      .after(after)
      .filter((r) => !muted.has(r.player))
      .flatMap((r) => view(g, r) ?? [])
      .slice(0, limit);
    return { messages: rows, last: this.rows.last(), muted: mutedSeats(g, muted) };
  }

  /** Delete a message of `seat`'s (its writer's only; again: nothing more to do). */
  remove(g: GameRecord, seat: number, n: number, now: number): Outcome<null> {
    const row = this.rows.get(n);
    if (!row || (row.text === null && row.player !== g.seats[seat].playerId))
      return refuse("NO_SUCH_MESSAGE", `There is no message ${n} in this game.`);
    if (row.player !== g.seats[seat].playerId)
      return refuse("FORBIDDEN", "Only its writer can delete a message; you can mute a player instead.");
    if (row.text !== null) {
      this.rows.erase(n, now);
      // What is not delivered yet is withdrawn: a retry would carry the deleted text.
      this.a.store.deliveries.dropMessage(n, "the message was deleted", now);
    }
    return done(null);
  }

  /** `seat`'s player mutes (or unmutes) the player at `other`. */
  mute(g: GameRecord, seat: number, other: number, on: boolean, now: number): Outcome<{ muted: number[] }> {
    const target = g.seats[other];
    if (!target) return refuse("NO_SUCH_SEAT", `Nobody sits in seat ${other}.`);
    if (other === seat) return refuse("VALIDATION_FAILED", "You cannot mute yourself.");
    const me = g.seats[seat].playerId;
    if (on) this.rows.mute(me, target.playerId, now);
    else this.rows.unmute(me, target.playerId);
    return done({ muted: mutedSeats(g, this.rows.mutedBy(me)) });
  }
}

function mutedSeats(g: GameRecord, muted: Set<string>): number[] {
  return g.seats.flatMap((s, i) => (muted.has(s.playerId) ? [i] : []));
}

/**
 * Who hears of a new message on their personal targets: every other seated person (no bot) who
 * did not mute the writer. Never the game's channels: the messages are the players' alone.
 */
export function messageNotification(
  g: GameRecord,
  seat: number,
  m: MessageView,
  muters: Set<string>,
): PendingNotification | null {
  const players = g.seats
    .filter((s, i) => i !== seat && !s.bot && !muters.has(s.playerId) && s.playerId !== g.seats[seat].playerId)
    .map((s) => s.playerId);
  if (!players.length) return null;
  return {
    type: "message.written",
    detail: { seat, message: { n: m.n, text: m.text } },
    audience: { players, channel: false },
  };
}

/** Tell the seated players' sockets (not a spectator's, not a muter's). */
export function tell(ctx: DurableObjectState, g: GameRecord, msg: TalkSocketMessage, muters = new Set<string>()): void {
  const text = JSON.stringify(msg);
  for (const { ws, seat } of seatedSockets(ctx, g)) {
    if (muters.has(g.seats[seat].playerId)) continue;
    try {
      ws.send(text);
    } catch {
      /* a closing socket */
    }
  }
}
