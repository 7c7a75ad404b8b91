import type { Hex } from "./board";
import type { PieceName } from "./rules";

/** Options a game is created with (all optional but the number of players). */
export interface GameOptionsInput {
  players: number;
  /** 4 sun revolutions (24 rounds) instead of 3 (18). */
  longGame?: boolean;
  /** Heavy shade variant (docs/rules.md §7). */
  heavyShade?: boolean;
  /** Seat holding the first-player token; drawn from the seed when omitted. */
  firstPlayer?: number;
  /** The game's only source of randomness (uint32). */
  seed?: number;
}

/**
 * What expansion modules add to the types (expansion.ts). A module augments these interfaces
 * (`declare module "../types"`) with its actions, events and error codes, its option (in
 * GameOptionsInput and GameOptions) and its part of GameState; the base types then include them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the expansions through declaration merging
export interface ExpansionActions {}
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the expansions through declaration merging
export interface ExpansionEvents {}
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the expansions through declaration merging
export interface ExpansionErrorCodes {}

/** Normalised options, as stored in a game. */
export interface GameOptions {
  players: number;
  longGame: boolean;
  heavyShade: boolean;
  firstPlayer: number;
  seed: number;
}

export type Phase = "setup" | "play" | "ended";

export interface ScoringToken {
  leaves: number;
  value: number;
}

export interface PlayerState {
  /** Light points, 0..20. */
  light: number;
  /** Pieces on the player board per column (seed, small, medium, large). */
  board: number[];
  /** Pieces in the available area per size. */
  available: number[];
  /** Scoring tokens won, in the order taken. */
  tokens: ScoringToken[];
  /** A resigned seat's turns end by themselves; it cannot win. */
  resigned: boolean;
}

/**
 * A whole game, plain JSON. Never mutated: every action returns a new state sharing what did not
 * change. `cells[i]` is 0 for an empty cell, else `1 + seat * 4 + size` (size 0 seed .. 3 large).
 */
export interface GameState {
  options: GameOptions;
  phase: Phase;
  /** 1..18 (24) during play; 0 during setup. */
  round: number;
  /** Seat holding the first-player token this round. */
  firstPlayer: number;
  /** Seat to act. */
  current: number;
  /** Turns already begun in this round (in setup: placements so far, 0..2n-1). */
  turn: number;
  cells: number[];
  /** Cells that were the subject of an action in the current turn. */
  touched: number[];
  /** Scoring tokens left per stack, index = leaves - 1. */
  stacks: number[];
  players: PlayerState[];
  /** Actions applied so far (the game's version). */
  ply: number;
  /** State of the seeded random generator (uint32). */
  rng: number;
}

/** A cell in actions and events: axial coordinates (docs/rules.md §1). */
export type CellRef = Hex;

/** What the player to act can do. `seat`, when given, must be the seat to act. */
export type Action =
  | { type: "place"; cell: CellRef; seat?: number }
  | { type: "buy"; piece: PieceName; seat?: number }
  | { type: "plant"; from: CellRef; to: CellRef; seat?: number }
  | { type: "grow"; cell: CellRef; seat?: number }
  | { type: "collect"; cell: CellRef; seat?: number }
  | { type: "endTurn"; seat?: number }
  | ExpansionActions[keyof ExpansionActions];

export type ActionType = Action["type"];

export type ReturnedTo = "board" | "box";

/** What happened, in order, as a result of an action. */
export type GameEvent =
  | { type: "placed"; seat: number; cell: CellRef }
  | { type: "bought"; seat: number; piece: PieceName; cost: number }
  | { type: "planted"; seat: number; from: CellRef; to: CellRef; cost: number }
  | { type: "grew"; seat: number; cell: CellRef; from: PieceName; to: PieceName; cost: number; returnedTo: ReturnedTo }
  | { type: "collected"; seat: number; cell: CellRef; cost: number; token: ScoringToken | null; returnedTo: ReturnedTo }
  | { type: "turnEnded"; seat: number; auto?: boolean }
  | { type: "resigned"; seat: number }
  | { type: "setupEnded" }
  | { type: "roundStarted"; round: number; sun: number; firstPlayer: number }
  | { type: "lightCollected"; seat: number; amount: number; lost: number; light: number }
  | { type: "turnStarted"; seat: number; round: number }
  | { type: "gameEnded"; scores: Score[]; winners: number[] }
  | ExpansionEvents[keyof ExpansionEvents];

/** Machine-readable reasons an action is refused. */
export type RuleErrorCode =
  | "MALFORMED_ACTION"
  | "GAME_OVER"
  | "NOT_YOUR_TURN"
  | "WRONG_PHASE"
  | "NOT_ON_BOARD"
  | "NOT_AN_EDGE_CELL"
  | "CELL_OCCUPIED"
  | "CELL_EMPTY"
  | "NOT_YOUR_PIECE"
  | "WRONG_SIZE"
  | "OUT_OF_RANGE"
  | "CELL_ALREADY_USED"
  | "NOT_ENOUGH_LIGHT"
  | "NOT_AVAILABLE"
  | "COLUMN_EMPTY"
  | "IN_SHADOW"
  | "ALREADY_RESIGNED"
  | "BAD_OPTIONS"
  | "BAD_NOTATION";

export interface RuleError {
  /** A base-game code, or one of an expansion's (docs/engine.md). */
  code: RuleErrorCode | ExpansionErrorCodes[keyof ExpansionErrorCodes];
  message: string;
}

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: RuleError };

export interface Score {
  seat: number;
  /** Sum of scoring tokens. */
  tokens: number;
  /** floor(light / 3). */
  light: number;
  total: number;
  /** Seeds and trees on the board (the tie-break). */
  pieces: number;
  /** 1 = winner; tied seats share a rank. Resigned seats rank after everyone else. */
  rank: number;
  resigned: boolean;
}
