/**
 * A "moment" of a game: the public board after some number of log entries (a ply), with what the
 * embed page, the board pictures, the oEmbed answer and the link previews say about it. Everything
 * here comes from the Durable Object's spectator view (`GameRoom.publicAt`), so nothing secret
 * (tokens, token hashes, invite codes, the seed before the end) can reach an embed.
 */
import { computeScores, createGame, labelOf, cellIndex, type GameEvent, type GameState, type LogEntry, type Score } from "../engine";
import type { Env } from "../env";
import type { GameView } from "../game/model";
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
  const stub = env.GAME.get(env.GAME.idFromName(id));
  const reply = (await stub.publicAt(ply, origin)) as { status: number; body: unknown };
  if (reply.status === 200) return { ok: true, moment: reply.body as Moment };
  const err = (reply.body as { error?: { code?: string; message?: string } }).error ?? {};
  return {
    ok: false,
    status: reply.status === 404 ? 404 : 500,
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

function cellLabel(c: { q: number; r: number }): string {
  return labelOf(cellIndex(c.q, c.r));
}

/** One English sentence for the entry that led to this moment. */
function describeLast(game: GameView, last: NonNullable<Moment["last"]>): string | null {
  const name = (seat: number) => seatName(game, seat);
  const parts: string[] = [];
  for (const e of last.events) {
    switch (e.type) {
      case "placed":
        parts.push(`${name(e.seat)} placed a small tree on ${cellLabel(e.cell)}`);
        break;
      case "bought":
        parts.push(`${name(e.seat)} bought a ${PIECES[PIECE_INDEX[e.piece] ?? 0]}`);
        break;
      case "planted":
        parts.push(`${name(e.seat)} planted a seed on ${cellLabel(e.to)}`);
        break;
      case "grew":
        parts.push(`${name(e.seat)} grew ${cellLabel(e.cell)} to a ${PIECES[PIECE_INDEX[e.to] ?? 0]}`);
        break;
      case "collected":
        parts.push(`${name(e.seat)} collected ${cellLabel(e.cell)}${e.token ? ` for ${e.token.value} points` : ""}`);
        break;
      case "resigned":
        parts.push(`${name(e.seat)} resigned`);
        break;
      case "turnEnded":
        if (!e.auto && parts.length === 0) parts.push(`${name(e.seat)} ended the turn`);
        break;
      default: {
        const t = e as { type: string; seat?: number };
        if (t.type === "timedOut" && typeof t.seat === "number") parts.push(`${name(t.seat)} ran out of time`);
      }
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
  }
  return out;
}

/** The empty board of a game still waiting for players (no seed needed: nothing random shows). */
function waitingBoard(seats: number, longGame: boolean): BoardState {
  const created = createGame({ players: Math.min(4, Math.max(2, seats)), longGame, seed: 1 });
  if (!created.ok) throw new Error(created.error.message);
  const s = created.state;
  return { cells: s.cells, round: s.round, phase: s.phase, options: { ...s.options, seed: 0 } };
}

export function summarize(m: Moment): Summary {
  const g = m.game;
  const s = m.state;
  const seatCount = g.seats.length;
  const names = g.seats.map((_, i) => seatName(g, i));
  const title = `${names.join(" vs ")}`;
  if (!s) {
    const seated = g.seats.filter((x) => x.player).length;
    return {
      id: g.id,
      ply: m.ply,
      total: m.total,
      status: "waiting",
      title,
      stage: `Waiting for players (${seated} of ${seatCount})`,
      headline: `${seatCount - seated} seat${seatCount - seated === 1 ? "" : "s"} free`,
      lastMove: null,
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
      })),
      board: waitingBoard(seatCount, g.options.longGame),
      highlights: {},
      mutable: true,
    };
  }
  const ended = s.phase === "ended";
  const scores = computeScores(s);
  const best = ended ? Math.min(...scores.map((x) => x.rank)) : 0;
  const winners = ended ? scores.filter((x) => x.rank === best && !x.resigned).map((x) => x.seat) : [];
  const toAct = ended ? null : s.current;
  let headline: string;
  if (ended) {
    const top = scores.find((x) => x.seat === winners[0]);
    const pts = top ? `${top.total} point${top.total === 1 ? "" : "s"}` : "";
    headline =
      winners.length === 0
        ? "Game over"
        : winners.length === 1
          ? `${names[winners[0]]} won with ${pts}`
          : `${joinNames(winners.map((w) => names[w]))} tied with ${pts}`;
  } else headline = s.phase === "setup" ? `${names[toAct!]} places a tree` : `${names[toAct!]} to play`;
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
    headline,
    lastMove: m.last ? describeLast(g, m.last) : null,
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
    })),
    board: { cells: s.cells, round: s.round, phase: s.phase, options: s.options },
    highlights: lastHighlights(m.last),
    mutable: false,
  };
}

/** "Ann vs Bob · Round 5 of 18 · Ann to play": one line for titles and descriptions. */
export function oneLine(s: Summary): string {
  return `${s.title} · ${s.stage} · ${s.headline}`;
}

/** "Ann 12, Bob 9 (resigned)": the scores as text. */
export function scoreLine(s: Summary): string {
  return s.players
    .filter((p) => p.seated)
    .map((p) => `${p.name} ${p.score?.total ?? 0}${p.resigned ? " (resigned)" : ""}`)
    .join(", ");
}
