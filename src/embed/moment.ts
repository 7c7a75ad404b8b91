/**
 * A "moment" of a game: the public board after some number of log entries (a ply), with what the
 * embed page, the board pictures, the oEmbed answer and the link previews say about it. Everything
 * here comes from the Durable Object's spectator view (`GameRoom.publicAt`), so nothing secret
 * (tokens, token hashes, invite codes, the seed before the end) can reach an embed.
 */
import {
  computeScores,
  createGame,
  gameWinners,
  setupProgress,
  labelOf,
  cellIndex,
  moonReport,
  viewFor,
  type AbilityName,
  type AnimalName,
  type BabyName,
  type GameEvent,
  type GameState,
  type LogEntry,
  type MoonStage,
  type Score,
} from "../engine";
import type { Env } from "../env";
import type { GameView } from "../game/model";
import { roomStub } from "../game/stub";
import type { BoardState, Highlight } from "../render";

/** What `GameRoom.publicAt` answers. */
export interface Moment {
  /** The game now, as a spectator sees it. */
  game: GameView;
  /** The moment shown: after this many log entries (0 = before the first placement). */
  ply: number;
  /** Log entries so far. */
  total: number;
  /** The public engine state at `ply` (null while the game waits for players). */
  state: GameState | null;
  /** The entry that led to `ply`, with its events. */
  last: { seat: number | null; entry: LogEntry; events: GameEvent[] } | null;
}

export const GAME_ID = /^[0-9a-z]{12}$/;

export type Loaded = { ok: true; moment: Moment } | { ok: false; status: 404 | 500; code: string; message: string };

/** Ask the game's Durable Object for the moment at `ply` (null: now). */
export async function loadMoment(env: Env, id: string, ply: number | null, origin: string): Promise<Loaded> {
  if (!GAME_ID.test(id)) return { ok: false, status: 404, code: "NOT_FOUND", message: "No such game." };
  const stub = roomStub(env.GAME, id);
  const reply = (await stub.publicAt(ply, origin)) as {
    ok: boolean;
    value?: unknown;
    error?: { code?: string; message?: string };
  };
  if (reply.ok) return { ok: true, moment: reply.value as Moment };
  const err = reply.error ?? {};
  return {
    ok: false,
    status: err.code === "NOT_FOUND" || err.code === "NO_SUCH_PLY" ? 404 : 500,
    code: err.code ?? "INTERNAL",
    message: err.message ?? "Something went wrong on our side.",
  };
}

/** Parse a `ply` query parameter: absent → null; otherwise a non-negative integer, or "bad". */
export function parsePly(raw: string | undefined | null): number | null | "bad" {
  if (raw === undefined || raw === null || raw === "") return null;
  if (!/^\d{1,6}$/.test(raw)) return "bad";
  return Number(raw);
}

export interface PlayerLine {
  seat: number;
  /** The player's name ("Player A" for an empty seat). */
  name: string;
  seated: boolean;
  score: Score | null;
  light: number;
  resigned: boolean;
  winner: boolean;
  toAct: boolean;
  /** Under the Moonlight: the seat's animal (null until revealed) and moon points; null in a base game. */
  moon: { animal: AnimalName | null; points: number } | null;
}

/** Under the Moonlight: the moon of this moment (from the public view). */
export interface MoonLine {
  full: boolean;
  /** The phase the marker predicts for the next round. */
  nextFull: boolean;
  /** The expansion's setup step in progress, or null. */
  stage: MoonStage | null;
  /** "Full moon; next round half moon". */
  text: string;
}

export interface Summary {
  id: string;
  ply: number;
  total: number;
  /** The game's status at this moment (a past ply of a finished game is "active"). */
  status: "waiting" | "active" | "finished";
  /** "Ann vs Bob vs Cy". */
  title: string;
  /** "Round 5 of 18", "Setup", "Waiting for players (2 of 3)", "Finished after 18 rounds". */
  stage: string;
  /** "Ann to play", "Ann won with 34 points", "Ann and Bob tied with 30 points". */
  headline: string;
  /** "Bob grew d4 to a large tree" (null at ply 0). */
  lastMove: string | null;
  /** Under the Moonlight: the moon's phase now and next round; null in a base game. */
  moon: MoonLine | null;
  round: number;
  totalRounds: number;
  players: PlayerLine[];
  /** What the board draws. */
  board: BoardState;
  highlights: Record<string, Highlight>;
  /** Whether this moment can change (a waiting game's seats fill up); other moments are fixed for good. */
  mutable: boolean;
}

export const SEAT_LETTERS = "ABCD";

export function seatName(game: GameView, seat: number): string {
  return game.seats[seat]?.player?.name ?? `Player ${SEAT_LETTERS[seat]}`;
}

/** English list: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const PIECES = ["seed", "small tree", "medium tree", "large tree"] as const;
const PIECE_INDEX: Record<string, number> = { seed: 0, small: 1, medium: 2, large: 3 };

function cellLabel(c: { q: number; r: number } | string): string {
  return typeof c === "string" ? c : labelOf(cellIndex(c.q, c.r));
}

const ROMAN = ["", "I", "II", "III", "IV"];
/** Abilities with levels (the squirrel's by the cell's leaves). */
const LEVELLED: readonly AbilityName[] = ["dig", "eat", "hunt", "growth"];
/** What each ability did, as an English verb phrase ("dug", "hunted"). */
const ABILITY_WORDS: Record<AbilityName, string> = {
  dig: "dug",
  run: "ran",
  plant: "planted a seed from the player board",
  eat: "ate a seed",
  scare: "scared an animal",
  churn: "churned a seed",
  steal: "stole light",
  hunt: "hunted",
  growth: "made a seed grow",
  dam: "built the dam",
  improve: "improved the dam",
  hatch: "hatched a baby turtle",
  babySteps: "used a baby turtle",
};
/** What each baby turtle does, once hatched (public from then on). */
export const BABY_WORDS: Record<BabyName, string> = {
  double: "two actions on one cell",
  small: "a free small tree",
  medium: "a free medium tree",
  collect: "a free collection",
  light: "3 light points",
  plant: "a free seed",
  points: "3 points at the end",
  higher: "a token one leaf higher",
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type SeatName = (seat: number) => string;
type Sayer<T extends GameEvent["type"]> = (e: Extract<GameEvent, { type: T }>, name: SeatName) => string | null;

/**
 * What a spectator reads of each event, one English phrase (null: nothing worth saying). Under the
 * Moonlight the events are as a spectator sees them: an animal choice never names the animal.
 */
const SAYS: { [T in GameEvent["type"]]?: Sayer<T> } = {
  placed: (e, name) => `${name(e.seat)} placed a small tree on ${cellLabel(e.cell)}`,
  bought: (e, name) => `${name(e.seat)} bought a ${PIECES[PIECE_INDEX[e.piece] ?? 0]}`,
  planted: (e, name) => `${name(e.seat)} planted a seed on ${cellLabel(e.to)}`,
  grew: (e, name) => `${name(e.seat)} grew ${cellLabel(e.cell)} to a ${PIECES[PIECE_INDEX[e.to] ?? 0]}`,
  collected: (e, name) =>
    `${name(e.seat)} collected ${cellLabel(e.cell)}${e.token ? ` for ${e.token.value} points` : ""}`,
  resigned: (e, name) => `${name(e.seat)} resigned`,
  animalChosen: (e, name) => `${name(e.seat)} chose an animal`,
  animalsRevealed: (e, name) =>
    `The animals are revealed: ${e.animals
      .map((a, seat) => (a ? `${name(seat)} the ${a}` : null))
      .filter(Boolean)
      .join(", ")}`,
  babiesLaid: (e) => `${plural(e.cells.length, "baby turtle")} lie face down on the corners`,
  animalPlaced: (e, name) => `${name(e.seat)} placed the ${e.animal} on ${cellLabel(e.cell)}`,
  greatTreePlaced: (e, name) => `${name(e.seat)} placed the Great Tree on ${cellLabel(e.cell)}`,
  moonstonePlaced: (e, name) => `${name(e.seat)} placed a moonstone on ${cellLabel(e.cell)}`,
  moonMoved: (e) => (e.flipped ? `the moon turned ${e.full ? "full" : "half"}` : null),
  moonCollected: (e, name) =>
    e.amount > 0 ? `${name(e.seat)} gained ${plural(e.amount - e.lost, "moon point")}` : null,
  animalMoved: (e, name) =>
    e.by === e.seat
      ? `${name(e.seat)}'s ${e.animal} moved to ${cellLabel(e.to)}`
      : `${name(e.by)} moved ${name(e.seat)}'s ${e.animal} to ${cellLabel(e.to)}`,
  abilityUsed: (e, name) =>
    `${name(e.seat)}'s ${e.animal} ${ABILITY_WORDS[e.ability] ?? e.ability}${LEVELLED.includes(e.ability) ? ` (${ROMAN[e.level] ?? e.level})` : ""} for ${plural(e.cost, "moon point")}`,
  seedPlaced: (e, name) => `${name(e.seat)} laid a seed on ${cellLabel(e.cell)}`,
  seedEaten: (e, name) => `${name(e.owner)}'s seed on ${cellLabel(e.cell)} was eaten`,
  seedMoved: (e, name) => `${name(e.owner)}'s seed moved from ${cellLabel(e.from)} to ${cellLabel(e.to)}`,
  lightGained: (e, name) =>
    e.amount > 0 ? `${name(e.seat)} gained ${plural(e.amount - e.lost, "light point")}` : null,
  lightStolen: (e, name) => `${name(e.seat)} stole ${plural(e.amount, "light point")} from ${name(e.from)}`,
  damBuilt: (e) => `the dam now stands on ${e.cells.map(cellLabel).join(", ")}`,
  babyHatched: (e, name) =>
    `${name(e.seat)} hatched a baby turtle on ${cellLabel(e.cell)}${e.baby ? `: ${BABY_WORDS[e.baby] ?? e.baby}` : ""}`,
  babyUsed: (e, name) => `${name(e.seat)} used a baby turtle: ${BABY_WORDS[e.baby] ?? e.baby}`,
};

/** One English sentence for the entry that led to this moment. */
function describeLast(game: GameView, last: NonNullable<Moment["last"]>): string | null {
  const name = (seat: number) => seatName(game, seat);
  const parts: string[] = [];
  for (const e of last.events) {
    // The service's own event (a move played at a timeout) is not the engine's.
    const t = e as { type: string; seat?: number };
    if (t.type === "timedOut") {
      if (typeof t.seat === "number") parts.push(`${name(t.seat)} ran out of time`);
    } else if (e.type === "turnEnded") {
      // said only when nothing else was: "Ann ended the turn"
      if (!e.auto && parts.length === 0) parts.push(`${name(e.seat)} ended the turn`);
    } else {
      const said = (SAYS[e.type] as Sayer<typeof e.type> | undefined)?.(e as never, name);
      if (said) parts.push(said);
    }
  }
  return parts.length ? parts.join("; ") : null;
}

/** Cells the last entry touched, highlighted as "last". */
function lastHighlights(last: Moment["last"]): Record<string, Highlight> {
  const out: Record<string, Highlight> = {};
  for (const e of last?.events ?? []) {
    if (e.type === "placed" || e.type === "grew" || e.type === "collected") out[cellLabel(e.cell)] = "last";
    if (e.type === "planted") out[cellLabel(e.to)] = "last";
    if (
      e.type === "animalPlaced" ||
      e.type === "greatTreePlaced" ||
      e.type === "moonstonePlaced" ||
      e.type === "seedPlaced" ||
      e.type === "seedEaten" ||
      e.type === "babyHatched"
    )
      out[cellLabel(e.cell)] = "last";
    if (e.type === "animalMoved" || e.type === "seedMoved") out[cellLabel(e.to)] = "last";
    if (e.type === "damBuilt") for (const c of e.cells) out[cellLabel(c)] = "last";
  }
  return out;
}

/** The empty board of a game still waiting for players (no seed needed: nothing random shows). */
function waitingBoard(seats: number, longGame: boolean, moonlight: GameView["options"]["moonlight"]): BoardState {
  const created = createGame({
    players: Math.min(4, Math.max(2, seats)),
    longGame,
    seed: 1,
    ...(moonlight ? { moonlight } : {}),
  });
  if (!created.ok) throw new Error(created.error.message);
  const s = viewFor(created.state, null);
  return {
    cells: s.cells,
    round: s.round,
    phase: s.phase,
    options: { ...s.options, seed: 0 },
    ...(s.moon ? { moon: s.moon } : {}),
  };
}

const phase = (full: boolean) => (full ? "full moon" : "half moon");

/** The moon of a (public) state, or null in a base game. */
function moonLine(s: Pick<GameState, "moon" | "round">): MoonLine | null {
  if (!s.moon) return null;
  const r = moonReport(s as GameState);
  const now = phase(r.full);
  return {
    full: r.full,
    nextFull: r.marker.full,
    stage: s.moon.stage,
    text: `${now.charAt(0).toUpperCase()}${now.slice(1)}; next round ${phase(r.marker.full)}`,
  };
}

/** What the seat to act does in setup: the expansion's step, or a setup tree. */
function setupStep(s: GameState): string {
  switch (setupProgress(s).step) {
    case "choose":
      return "chooses an animal";
    case "animals":
      return "places their animal";
    case "greatTree":
      return "places the Great Tree";
    case "moonstones":
      return "places a moonstone";
    default:
      return "places a tree";
  }
}

export function summarize(m: Moment): Summary {
  const g = m.game;
  const s = m.state;
  const names = g.seats.map((_, i) => seatName(g, i));
  const title = `${names.join(" vs ")}`;
  if (!s) return waitingSummary(m, names, title);
  const ended = s.phase === "ended";
  const scores = computeScores(s);
  const winners = gameWinners(s);
  const toAct = ended ? null : s.current;
  const stage = ended
    ? `Finished after ${s.round} round${s.round === 1 ? "" : "s"}`
    : s.phase === "setup"
      ? "Setup"
      : `Round ${s.round} of ${g.totalRounds}`;
  return {
    id: g.id,
    ply: m.ply,
    total: m.total,
    status: ended ? "finished" : "active",
    title,
    stage,
    headline: headlineOf(s, names, scores, winners),
    lastMove: m.last ? describeLast(g, m.last) : null,
    moon: moonLine(s),
    round: s.round,
    totalRounds: g.totalRounds,
    players: names.map((name, seat) => ({
      seat,
      name,
      seated: true,
      score: scores.find((x) => x.seat === seat) ?? null,
      light: s.players[seat]?.light ?? 0,
      resigned: s.players[seat]?.resigned ?? false,
      winner: winners.includes(seat),
      toAct: toAct === seat,
      moon: s.moon ? { animal: s.moon.players[seat]?.animal ?? null, points: s.moon.players[seat]?.points ?? 0 } : null,
    })),
    board: { cells: s.cells, round: s.round, phase: s.phase, options: s.options, ...(s.moon ? { moon: s.moon } : {}) },
    highlights: lastHighlights(m.last),
    mutable: false,
  };
}

/** "Ann to play", "Ann won with 34 points", "Ann and Bob tied with 30 points". */
function headlineOf(s: GameState, names: string[], scores: Score[], winners: number[]): string {
  if (s.phase !== "ended")
    return s.phase === "setup" ? `${names[s.current]} ${setupStep(s)}` : `${names[s.current]} to play`;
  const top = scores.find((x) => x.seat === winners[0]);
  const pts = top ? `${top.total} point${top.total === 1 ? "" : "s"}` : "";
  return winners.length === 0
    ? "Game over"
    : winners.length === 1
      ? `${names[winners[0]]} won with ${pts}`
      : `${joinNames(winners.map((w) => names[w]))} tied with ${pts}`;
}

/** A game still waiting for players: its empty board and the seats taken so far. */
function waitingSummary(m: Moment, names: string[], title: string): Summary {
  const g = m.game;
  const seatCount = g.seats.length;
  const seated = g.seats.filter((x) => x.player).length;
  const board = waitingBoard(seatCount, g.options.longGame, g.options.moonlight);
  return {
    id: g.id,
    ply: m.ply,
    total: m.total,
    status: "waiting",
    title,
    stage: `Waiting for players (${seated} of ${seatCount})`,
    headline: `${seatCount - seated} seat${seatCount - seated === 1 ? "" : "s"} free`,
    lastMove: null,
    moon: moonLine(board),
    round: 0,
    totalRounds: g.totalRounds,
    players: g.seats.map((x, seat) => ({
      seat,
      name: names[seat],
      seated: !!x.player,
      score: null,
      light: 0,
      resigned: false,
      winner: false,
      toAct: false,
      moon: g.options.moonlight ? { animal: null, points: 0 } : null,
    })),
    board,
    highlights: {},
    mutable: true,
  };
}

/** "Ann vs Bob · Round 5 of 18 · Ann to play" (Moonlight: "· Full moon ·" after the round): one line for titles and descriptions. */
export function oneLine(s: Summary): string {
  return `${s.title} · ${s.stage}${s.moon && s.status !== "waiting" ? ` · ${s.moon.full ? "Full moon" : "Half moon"}` : ""} · ${s.headline}`;
}

/** "Ann 12, Bob 9 (resigned)": the scores as text. */
export function scoreLine(s: Summary): string {
  return s.players
    .filter((p) => p.seated)
    .map((p) => `${p.name} ${p.score?.total ?? 0}${p.resigned ? " (resigned)" : ""}`)
    .join(", ");
}

/** Under the Moonlight: "Ann the owl 5, Bob 3" — animals (once revealed) and moon points; null in a base game. */
export function moonPointsLine(s: Summary): string | null {
  if (!s.moon) return null;
  return s.players
    .filter((p) => p.seated && p.moon)
    .map((p) => `${p.name}${p.moon!.animal ? ` the ${p.moon!.animal}` : ""} ${p.moon!.points}`)
    .join(", ");
}
