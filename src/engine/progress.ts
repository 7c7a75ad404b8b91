/**
 * What consumers used to work out for themselves from a state: how far setup has come, the rounds
 * and sun revolutions of a game, the token a collect would take, the winners. One answer each, so
 * the server, the client, the pictures and the notifications agree.
 */
import { expansionOf } from "./expansion";
import {
  BOARD_COSTS,
  BOARD_SLOTS,
  ROUNDS_LONG,
  ROUNDS_NORMAL,
  SETUP_TREES_PER_PLAYER,
  SUN_POSITIONS,
  TOKEN_VALUES,
} from "./rules";
import { computeScores, winnersOf } from "./scoring";
import type { GameOptions, GameState, PlayerState, ScoringToken } from "./types";

/** Take the top token of the cell's stack, falling back to lower stacks (docs/rules.md §3). */
export function takeToken(stacks: number[], leaves: number): ScoringToken | null {
  for (let l = leaves; l >= 1; l--) {
    const left = stacks[l - 1];
    if (left > 0) {
      const values = TOKEN_VALUES[l - 1];
      stacks[l - 1] = left - 1;
      return { leaves: l, value: values[values.length - left] };
    }
  }
  return null;
}

/** Next purchase price of a column of a player's board, or -1 when the column is empty. */
export function boardPrice(player: PlayerState, column: number): number {
  const count = player.board[column];
  if (count <= 0) return -1;
  return BOARD_COSTS[column][BOARD_SLOTS[column] - count];
}

/** Rounds in a game: 18, or 24 in the long game (the one place this is decided). */
export function totalRounds(options: Pick<GameOptions, "longGame"> | { longGame?: boolean }): number {
  return options.longGame ? ROUNDS_LONG : ROUNDS_NORMAL;
}

/** Sun revolutions in a game (3, or 4 in the long game). */
export function totalRevolutions(options: { longGame?: boolean }): number {
  return totalRounds(options) / SUN_POSITIONS;
}

/** The sun's revolution (1-based) a round belongs to; setup (round 0) counts as the first. */
export function revolutionOf(round: number): number {
  return Math.max(1, Math.ceil(round / SUN_POSITIONS));
}

/**
 * Setup, either mode: the step in progress (`"trees"` for the base game's setup trees, else the
 * expansion's step by its name), how many setup steps are done, in all, and left.
 * Outside setup: `step` null and nothing left. Steps skipped for resigned seats count as done.
 */
export interface SetupProgress {
  step: string | null;
  done: number;
  total: number;
  remaining: number;
  /**
   * Within the kind of step in progress: the setup trees (`step` "trees": placed of 2 per player)
   * or the expansion's steps taken together (its choices and placements). Outside setup: 0 of 0.
   */
  stepDone: number;
  stepTotal: number;
}

export function setupProgress(state: GameState): SetupProgress {
  const ext = expansionOf(state.options);
  const extra = ext.setupStepCount(state.options, state.firstPlayer);
  const total = extra + SETUP_TREES_PER_PLAYER * state.options.players;
  if (state.phase !== "setup") return { step: null, done: total, total, remaining: 0, stepDone: 0, stepTotal: 0 };
  const stage = ext.setupStage(state);
  const done = stage !== null ? state.turn : extra + state.turn;
  const [stepDone, stepTotal] = stage !== null ? [state.turn, extra] : [state.turn, total - extra];
  return { step: stage ?? "trees", done, total, remaining: total - done, stepDone, stepTotal };
}

/**
 * The scoring token a collect on a cell with `leaves` leaves would take now (docs/rules.md §3: the top
 * of that stack, falling back to lower stacks), or null when every stack it may take from is empty.
 */
export function nextToken(state: Pick<GameState, "stacks">, leaves: number): ScoringToken | null {
  if (!Number.isInteger(leaves) || leaves < 1) return null;
  return takeToken(state.stacks.slice(), Math.min(leaves, state.stacks.length));
}

/** The seats sharing the victory once the game has ended; [] before. */
export function gameWinners(state: GameState): number[] {
  return state.phase === "ended" ? winnersOf(computeScores(state)) : [];
}
