/**
 * The numbers of the rulebook, in one place (docs/rules.md §3–§7). Every "Decision" of docs/rules.md that
 * is a number lives here, so a correction is a one-line change.
 */

/** Piece sizes, in the order of the player board's columns. */
export const SEED = 0;
export const SMALL = 1;
export const MEDIUM = 2;
export const LARGE = 3;
export type Size = 0 | 1 | 2 | 3;
export const PIECE_NAMES = ["seed", "small", "medium", "large"] as const;
export type PieceName = (typeof PIECE_NAMES)[number];

/** Pieces each player owns in all: 6 seeds, 8 small, 4 medium, 2 large trees. */
export const PIECES_PER_PLAYER: readonly number[] = [6, 8, 4, 2];
/** Slots of each player-board column. */
export const BOARD_SLOTS: readonly number[] = [4, 4, 3, 2];
/** Purchase costs per column, cheapest slot first. Next price = costs[slots - count]. */
export const BOARD_COSTS: readonly (readonly number[])[] = [
  [1, 1, 2, 2],
  [2, 2, 3, 3],
  [3, 3, 4],
  [4, 5],
];
/** The player board at the start: full. */
export const START_BOARD: readonly number[] = [4, 4, 3, 2];
/** The available area at the start (Decision: 4 small trees, two of which go on the board in setup). */
export const START_AVAILABLE: readonly number[] = [2, 4, 1, 0];
/** Small trees each player places on an edge cell during setup. */
export const SETUP_TREES_PER_PLAYER = 2;

/** Cost to grow into size s (index = new size): seed→small 1, small→medium 2, medium→large 3. */
export const GROW_COST: readonly number[] = [0, 1, 2, 3];
export const PLANT_COST = 1;
export const COLLECT_COST = 4;
/** Light points are capped; anything above is lost. */
export const LIGHT_CAP = 20;
/** Light a lit tree of size s collects (seeds never collect). */
export const LIGHT_BY_SIZE: readonly number[] = [0, 1, 2, 3];

/** Scoring token values per stack, top first, index = leaves - 1. */
export const TOKEN_VALUES: readonly (readonly number[])[] = [
  [14, 14, 13, 13, 13, 12, 12, 12, 12],
  [17, 16, 16, 14, 14, 13, 13],
  [19, 18, 18, 17, 17],
  [22, 21, 20],
];
/** With 2 players the 4-leaf stack is removed (to the box). */
export function startStacks(players: number): number[] {
  return TOKEN_VALUES.map((values, i) => (players === 2 && i === 3 ? 0 : values.length));
}

/** Rounds: 3 sun revolutions (Decision: 18, not the French 19), 4 in the long game. */
export const ROUNDS_NORMAL = 18;
export const ROUNDS_LONG = 24;
export const SUN_POSITIONS = 6;

/** End score: one point per 3 light points left (Decision: floor(LP / 3)). */
export const LIGHT_PER_POINT = 3;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
