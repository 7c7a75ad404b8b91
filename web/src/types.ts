/** The HTTP API's shapes, as the client uses them (the contract: GET /api/openapi.json). */
import type { Action, GameEvent, GameState, Score } from "../../src/engine";

export type GameStatus = "waiting" | "active" | "finished";

export interface Player {
  id: string;
  name: string;
  createdAt: string;
}

export interface Profile extends Player {
  stats: { gamesPlayed: number; wins: number; averageScore: number | null };
}

export interface GameOptionsView {
  seats: number;
  longGame: boolean;
  heavyShade: boolean;
  moveTimeSeconds: number | null;
  firstPlayer?: number | null;
}

export interface SeatView {
  seat: number;
  player: { id: string; name: string } | null;
  resigned: boolean;
}

export interface GameView {
  id: string;
  status: GameStatus;
  version: number;
  options: GameOptionsView;
  seats: SeatView[];
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  state: GameState | null;
  notation: string | null;
  toAct: number | null;
  round?: number;
  totalRounds?: number;
  scores: Score[] | null;
  winners: number[] | null;
  actionCount?: number;
  /** When the seat to act must have played (moveTimeSeconds games), ISO time. */
  deadline?: string | null;
  you?: { seat: number } | null;
  invite?: { code: string; url: string } | null;
}

export interface GameSummary {
  id: string;
  status: GameStatus;
  seats: number;
  seat: number;
  options: Record<string, unknown>;
  players: { seat: number; id: string; name: string }[];
  round: number;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  url: string;
}

export type LogAction = Action | { type: "resign"; seat: number };

export interface LogEntryView {
  index: number;
  version?: number;
  seat: number | null;
  entry: LogAction | LogAction[];
  events: GameEvent[];
  at: string;
}

export interface GameLog {
  version: number;
  total?: number;
  entries: LogEntryView[];
  next?: number | null;
  replay?: { options: Record<string, unknown> } | null;
}

export interface ApiErrorBody {
  error: { code: string; message: string; currentVersion?: number; index?: number; [k: string]: unknown };
}

/** The saved identity: one profile per browser. */
export interface Identity {
  id: string;
  name: string;
  token: string;
}
