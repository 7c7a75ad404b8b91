/**
 * A game played from a chat channel (docs/chat-apps.md): where its message is, and what that
 * message says — one neutral card, drawn by ./discord/message.ts and ./slack/message.ts.
 *
 * The card is built from the same `NotifyGame` every notification carries (the game as a spectator
 * sees it after the commit that caused it), so edits made in order show the game's changes in order.
 * One commit can make two changes: the join (or bot) that takes the last seat also starts the game,
 * and both notifications carry the game in play; the join's card shows the lobby as that join left
 * it (`asOfChange`), the start's the game in play.
 */
import type { Notification, NotifyGame, NotifyPlayer } from "../notify/types";

export type Platform = "discord" | "slack";
export const PLATFORMS: readonly Platform[] = ["discord", "slack"];

/**
 * The channel message a game owns. Ids only, no secret: every one of them is visible to anyone in
 * the channel. `message` is Discord's message id or Slack's message `ts`.
 */
export interface ChannelRef {
  platform: Platform;
  /** Discord guild id, Slack team id. */
  workspace: string;
  channel: string;
  message: string;
  /** The chat user of each seated player who acted from the channel (player id → user id): whom a turn ping mentions. */
  members: Record<string, string>;
}

/** What a button on the game's message does; the game id travels with it. */
export type ButtonAction = "join" | "bot" | "start";
export const BUTTON_ACTIONS: readonly ButtonAction[] = ["join", "bot", "start"];

export interface CardSeat {
  seat: number;
  /** As chosen by the player: each platform escapes it for its own markup. */
  name: string;
  bot: boolean;
  resigned: boolean;
  /** Points so far (scoring tokens; the final total once the game is over). */
  points: number | null;
  toAct: boolean;
  winner: boolean;
}

export interface Card {
  gameId: string;
  url: string;
  /** "Photosynthesis", "Photosynthesis · Under the Moonlight". */
  title: string;
  status: "waiting" | "active" | "finished";
  /** The line under the title: who to wait for, round, result (plain words; names via `who`). */
  headline: { text: string; who: string | null };
  seats: CardSeat[];
  /** Seats offered (waiting) or taken. */
  seatCount: number;
  imageUrl: string | null;
  /** Buttons shown besides Open: a waiting game only. */
  buttons: ButtonAction[];
  /** The Moonlight: the moon's phase this round, when the expansion is on. */
  moon: string | null;
}

const ROUND_WORD = (g: NotifyGame) =>
  g.phase === "setup" ? "Setup" : g.phase === "play" ? `Round ${g.round} of ${g.totalRounds}` : "";

function seatsOf(n: Notification, toAct: number | null): CardSeat[] {
  const scores = new Map((n.scores ?? []).map((s) => [s.seat, s.total]));
  const winners = new Set(n.winners ?? []);
  return n.game.players.map((p: NotifyPlayer) => ({
    seat: p.seat,
    name: p.name,
    bot: !!p.bot,
    resigned: p.resigned,
    points: scores.get(p.seat) ?? p.points ?? null,
    toAct: toAct === p.seat,
    winner: winners.has(p.seat),
  }));
}

/** The seat to act as of this notification (the game's own field, else what the event says). */
export function seatToAct(n: Notification): number | null {
  if (n.game.status !== "active") return null;
  if (n.game.toAct !== undefined) return n.game.toAct;
  if (n.type === "turn.started" || n.type === "turn.reminder") return n.seat ?? null;
  return n.next?.seat ?? null;
}

/** Lobby changes: a seat taken or left (only ever while the game waits). */
const LOBBY_EVENTS: ReadonlySet<string> = new Set(["player.joined", "player.left"]);

/**
 * The game as of the change `n` reports. A seat taken or left happened in the lobby; when the
 * game no longer waits, that change took its last seat and the game started in the same step (its
 * own notification, game.started, follows): the lobby was then every seat taken, no points, no
 * board yet, nobody to play.
 */
export function asOfChange(n: Notification): Notification {
  const g = n.game;
  if (!LOBBY_EVENTS.has(n.type) || g.status === "waiting") return n;
  const game: NotifyGame = {
    id: g.id,
    url: g.url,
    status: "waiting",
    round: 0,
    totalRounds: g.totalRounds,
    phase: "lobby",
    seats: g.players.length,
    players: g.players.map(({ points: _points, ...p }) => p),
    imageUrl: null,
  };
  return { ...n, game };
}

/** The card for the game as of notification `n` (see asOfChange). */
export function cardOf(change: Notification): Card {
  const n = asOfChange(change);
  const g = n.game;
  const toAct = seatToAct(n);
  const seats = seatsOf(n, toAct);
  const acting = seats.find((s) => s.toAct) ?? null;
  let headline: Card["headline"];
  if (g.status === "waiting") {
    const free = g.seats - g.players.length;
    headline = {
      text:
        free > 0
          ? `Waiting for players: ${g.players.length} of ${g.seats} seated. Join, add a bot, or start with who is here.`
          : `Every seat is taken: the game starts.`,
      who: null,
    };
  } else if (g.status === "finished") {
    const winners = seats.filter((s) => s.winner);
    headline = {
      text: winners.length > 1 ? "Game over: a shared win." : winners.length ? "Game over, won by" : "Game over.",
      who: winners.length === 1 ? winners[0].name : null,
    };
  } else {
    headline = { text: `${ROUND_WORD(g)}: to play,`, who: acting?.name ?? null };
  }
  const moonlight = g.moon !== undefined;
  return {
    gameId: g.id,
    url: g.url,
    title: moonlight ? "Photosynthesis · Under the Moonlight" : "Photosynthesis",
    status: g.status,
    headline,
    seats,
    seatCount: g.seats,
    imageUrl: g.imageUrl ?? null,
    // Every seat taken, nobody can join, add a bot or start any more: Open only.
    buttons: g.status === "waiting" && g.players.length < g.seats ? [...BUTTON_ACTIONS] : [],
    moon: moonlight && g.phase === "play" ? (g.moon!.full ? "Full moon" : "Half moon") : null,
  };
}

/** Whether a notification changes what the game's message shows (talk and webhook notices do not). */
export function editsCard(n: Notification): boolean {
  return !n.type.startsWith("webhook.") && n.type !== "message.written" && n.type !== "turn.reminder";
}

/** The seat a notification hands the turn to (the turn ping's subject), if any. */
export function pingSeat(n: Notification): number | null {
  if (n.game.status !== "active") return null;
  if (n.type === "turn.started") return n.seat ?? null;
  if (n.type === "game.started" || n.type === "player.resigned" || n.type === "turn.timeout")
    return n.next?.seat ?? null;
  return null;
}
