/**
 * Bot seats as pure commands over the record: seating a bot (at creation, in an empty seat of a
 * waiting game, or in a seat that resigned or timed out for good), a bot's turn, and the strong
 * bot's hint. A bot thinks only in the Durable Object's alarm (room.ts), never inside a player's
 * request (the hint aside, which a player asks for), and plays through the same command as a
 * human's turn (play.submit): same log, notifications, deadlines.
 *
 * A bot decides from its seat's view alone (`viewFor`); its seed is drawn from the game's seeded
 * generator state and the ply, so a game replays exactly, and the seed is never shown.
 */
import { BOT_LEVELS, chooseTurn, type BotLevel } from "../bots";
import { botName } from "../contract/views";
import { legalActions, takeOver as takeOverSeat, viewFor, type Action, type GameState } from "../engine";
import { nextInt } from "../engine/fast";
import { begin } from "./lobby";
import { gameView, settingsOf, type GameRecord, type SeatRecord } from "./model";
import { done, refuse, type Outcome } from "./outcome";
import * as play from "./play";
import type { Decision, Transition } from "./transition";

export { BOT_LEVELS, type BotLevel };

export function isBotLevel(x: unknown): x is BotLevel {
  return typeof x === "string" && (BOT_LEVELS as readonly string[]).includes(x);
}

/** The level of the bot in `seat`, or null for a person (or an empty seat). */
export function botOf(g: GameRecord, seat: number): BotLevel | null {
  return g.seats[seat]?.bot ?? null;
}

/** A game with any bot seat is a practice game: never rated, and hints are allowed. */
export function isPractice(g: GameRecord): boolean {
  return g.seats.some((s) => s.bot);
}

/**
 * A bot's seat record: no key (an empty seat key matches no caller), an id of its own in this
 * game (`bot-<n>-<level>`, never a profile's, n the lowest free), and a name of its own with its
 * level as stars, in no language of its own ("Merian ★★": contract botName), so every place that
 * shows a name (page, embed, notifications) marks it, and two bots of a game never share one.
 */
export function botSeat(seats: readonly SeatRecord[], level: BotLevel, now: number): SeatRecord {
  // The id says the level too: D1's game lists name a bot from it (db/queries.ts gamePlayerNames).
  let n = 1;
  while (seats.some((s) => s.playerId.startsWith(`bot-${n}-`))) n++;
  return { playerId: `bot-${n}-${level}`, name: botName(n, level), tokenHash: "", joinedAt: now, bot: level };
}

/** Seat the creator's chosen bots after them (seats 1, 2, …) just after creation. */
export function seatBots(g: GameRecord, levels: readonly BotLevel[], now: number): Transition {
  let seats = g.seats;
  for (const level of levels) seats = [...seats, botSeat(seats, level, now)];
  const seated = { ...g, seats };
  // Every other seat a bot: a practice game starts at once.
  return {
    next: seats.length === g.settings.seats ? begin(seated, now) : seated,
    entries: [],
    answer: () => done(null),
  };
}

/**
 * The creator puts a bot into a seat: an empty seat of a waiting game (seats fill in order, so
 * the next empty one; `target`, when given, must be that seat), or, in a game in play, a seat
 * that resigned or timed out for good, so that the game goes on with it (the rules' "takeOver").
 */
export function seatBot(
  g: GameRecord,
  callerSeat: number,
  level: BotLevel,
  target: number | null,
  origin: string,
  now: number,
): Decision {
  if (g.createdBy !== g.seats[callerSeat].playerId)
    return refuse("NOT_CREATOR", "Only the game's host (its creator, or who took over when they left) can seat a bot.");
  if (g.status === "finished") return refuse("GAME_OVER", "The game is over.");
  if (settingsOf(g).rated)
    return refuse("RATED_GAME", "This is a rated game: bots play practice games only, never rated ones.");
  if (g.status === "waiting") {
    const next = g.seats.length;
    if (target !== null && (target < 0 || target >= g.settings.seats))
      return refuse("NO_SUCH_SEAT", `This game has seats 0 to ${g.settings.seats - 1}.`, { seat: target });
    if (target !== null && target < next) return refuse("SEAT_TAKEN", `Seat ${target} is taken.`, { seat: target });
    if (target !== null && target !== next)
      return refuse("SEAT_TAKEN", `Seats fill in order: the next empty seat is ${next}.`, { seat: target, next });
    if (next >= g.settings.seats) return refuse("GAME_FULL", "Every seat is taken.");
    const seated: GameRecord = { ...g, seats: [...g.seats, botSeat(g.seats, level, now)] };
    return {
      next: seated.seats.length === seated.settings.seats ? begin(seated, now) : seated,
      entries: [],
      answer: (s) => done({ game: gameView(s, callerSeat, origin), seat: next }),
    };
  }
  return takeOver(g, callerSeat, level, target, origin, now);
}

function takeOver(
  g: GameRecord,
  callerSeat: number,
  level: BotLevel,
  target: number | null,
  origin: string,
  now: number,
): Decision {
  const s = g.state!;
  if (target === null)
    return refuse("VALIDATION_FAILED", "Name the seat (`seat`) the bot takes over in a game in play.");
  if (target < 0 || target >= g.seats.length)
    return refuse("NO_SUCH_SEAT", `This game has seats 0 to ${g.seats.length - 1}.`, { seat: target });
  if (!s.players[target].resigned)
    return refuse("SEAT_TAKEN", "Only a seat that resigned or timed out for good can be handed to a bot.", {
      seat: target,
    });
  const r = takeOverSeat(s, target);
  if (!r.ok) return refuse(r.error.code, r.error.message, { seat: target });
  const others = g.seats.filter((_, i) => i !== target);
  const seats = g.seats.map((seat, i) => (i === target ? botSeat(others, level, now) : seat));
  const strikes = (g.strikes ?? g.seats.map(() => 0)).map((n, i) => (i === target ? 0 : n));
  return {
    next: { ...g, seats, strikes, state: r.state, logLength: g.logLength + 1 },
    // A log entry of its own, so the game replays: the seat plays again from its next turn.
    entries: [{ seat: target, entry: { type: "takeOver", seat: target }, events: r.events }],
    answer: (st) => done({ game: gameView(st, callerSeat, origin), seat: target }),
  };
}

/** Whether the seat to act is a bot's (the alarm then plays its turn). */
export function botToAct(g: GameRecord | null): boolean {
  if (g?.status !== "active" || !g.state || g.state.phase === "ended") return false;
  const seat = g.state.current;
  return botOf(g, seat) !== null && !g.state.players[seat].resigned;
}

/**
 * The seed of a decision: the game's generator state (hidden from every view until the end)
 * mixed with the ply, so each decision has its own and a replay makes the same one.
 */
export function decisionSeed(s: GameState): number {
  return nextInt((s.rng ^ Math.imul(s.ply + 1, 0x9e3779b1)) >>> 0, 0x100000000).value >>> 0;
}

/** The bot to act plays its turn through the same command as a person's (null: no bot to act). */
export function botTurn(g: GameRecord, origin: string, now: number): Decision | null {
  if (!botToAct(g)) return null;
  const s = g.state!;
  const seat = s.current;
  const chosen = chooseTurn(viewFor(s, seat), seat, botOf(g, seat)!, decisionSeed(s));
  const d = play.submit(g, seat, g.version, chosen, origin, now);
  if (!("ok" in d)) return d;
  // A bot that chose something illegal must not stall the game: the first legal action instead
  // (ending the turn when it may), one at a time until the turn passes.
  console.error("bot chose an illegal turn", d.error.code);
  const legal = legalActions(s);
  const fallback: Action | undefined = legal.find((a) => a.type === "endTurn") ?? legal[0];
  return fallback ? play.submit(g, seat, g.version, [fallback], origin, now) : null;
}

export interface Hint {
  version: number;
  seat: number;
  level: BotLevel;
  actions: Action[];
}

/**
 * The hints already worked out in this game (issue 23 item 6): one per seat, for the game's version
 * it was asked at. A hint is a function of the position and the seed the game's generator gives
 * the turn, so the same (game, version, seat) always gets the same answer: asking again costs no
 * search. An older version's hint is replaced. Kept in the game's Durable Object's memory (one
 * cache per game); after an eviction the next ask searches again and gets the same answer.
 */
export class HintCache {
  private readonly bySeat = new Map<number, Hint>();
  /** Searches run (not answers served): what the cache saves. */
  searches = 0;

  get(g: GameRecord, seat: number): Hint {
    const known = this.bySeat.get(seat);
    if (known && known.version === g.version) return known;
    this.searches++;
    const state = g.state as GameState;
    const actions = chooseTurn(viewFor(state, seat), seat, "strong", decisionSeed(state));
    const answer: Hint = { version: g.version, seat, level: "strong", actions };
    this.bySeat.set(seat, answer);
    return answer;
  }
}

/**
 * What the strong bot would play for `seat` this turn (practice games only, on the seat's turn),
 * from `cache` when this version's hint was already worked out.
 */
export function hint(g: GameRecord, seat: number, cache: HintCache): Outcome {
  if (!isPractice(g)) return refuse("NOT_PRACTICE", "Hints are only for practice games (games with a bot).");
  if (g.status !== "active" || !g.state) return refuse("GAME_NOT_ACTIVE", "The game is not in play.");
  if (g.state.current !== seat)
    return refuse("NOT_YOUR_TURN", `It is seat ${g.state.current}'s turn.`, { toAct: g.state.current });
  return done(cache.get(g, seat));
}
