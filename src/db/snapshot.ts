/** What the games index in D1 is written from (the game authority builds it: game/model.ts snapshotOf). */
import type { GameSettings, GameStatus } from "../contract/views";

/** What D1 keeps of a game: the index row, its seats, and the result once finished. */
export interface GameSnapshot {
  game: {
    id: string;
    status: GameStatus;
    seats: number;
    options: GameSettings;
    createdBy: string;
    createdAt: number;
    startedAt: number | null;
    endedAt: number | null;
    round: number;
    /** Seat to act while active, else null. */
    toAct: number | null;
    version: number;
    /** A game with a bot seat: never rated. */
    practice?: boolean;
    /** An open table on the list (issue 16): since when; null when not listed (never, closed, expired, started). */
    listedAt?: number | null;
  };
  /** `bot`: the level of a bot's seat (its player id is `bot-<n>-<level>`, no profile), else null. */
  players: { seat: number; playerId: string; bot?: "easy" | "medium" | "strong" | null }[];
  result: {
    rounds: number;
    actionCount: number;
    startedAt: number;
    endedAt: number;
    winners: number[];
    seats: {
      seat: number;
      playerId: string;
      score: number;
      tokens: { leaves: number; value: number }[];
      light: number;
      rank: number;
      resigned: boolean;
      /** Under the Moonlight: the seat's animal. */
      animal?: string | null;
    }[];
  } | null;
}
