/**
 * Types of the Under the Moonlight expansion (docs/rules.md §8): its options, the `moon` part of a
 * game state, its actions, events and error codes. See docs/engine.md, "Under the Moonlight".
 */
import type { CellRef } from "../types";

/** The eight animals, in a fixed order (their index is used in move codes). */
export const ANIMAL_NAMES = ["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle"] as const;
/** The eight baby turtles (index used in move codes). */
export const BABY_NAMES = ["double", "small", "medium", "collect", "light", "plant", "points", "higher"] as const;
/** Every ability, in the order of `ABILITIES` (rules.ts). */
export const ABILITY_NAMES = [
  "dig",
  "run",
  "plant",
  "eat",
  "scare",
  "churn",
  "steal",
  "hunt",
  "growth",
  "dam",
  "improve",
  "hatch",
  "babySteps",
] as const;
/** The expansion's setup steps, in this order. */
export const MOON_STAGES = ["choose", "animals", "greatTree", "moonstones"] as const;

export type AnimalName = (typeof ANIMAL_NAMES)[number];
export type BabyName = (typeof BABY_NAMES)[number];
export type AbilityName = (typeof ABILITY_NAMES)[number];

/** The setup steps the expansion adds before the setup trees, in this order. */
export type MoonStage = (typeof MOON_STAGES)[number];

/** The modes, as given to createGame: `true` = the main mode only. */
export type MoonOptionsInput = boolean | { greatTree?: boolean; moonstones?: boolean };

/** Normalised: the main mode (moon and animals) is on whenever this object is present. */
export interface MoonOptions {
  /** Mode A: the Great Tree. */
  greatTree: boolean;
  /** Mode B: the moonstones (2 players 3, 3 players 2, 4 players 0 — or 1 with the Great Tree). */
  moonstones: boolean;
}

export interface MoonPlayerState {
  /** The two animal boards dealt, until this seat chooses (then null). Hidden from everyone else. */
  deal: AnimalName[] | null;
  /** The animal kept; null until chosen (and, in a view, while other seats are still choosing). */
  animal: AnimalName | null;
  /** The animal's cell (index), -1 until it is placed. */
  cell: number;
  /** Moon points, 0..14. */
  points: number;
  /** Turtle: hatched baby turtles lying face up in front of the player, not used yet. */
  babies: BabyName[];
  /** Turtle: babies already used (back in the box; "points" lies on the turtle board: +3 at the end). */
  spent: BabyName[];
}

/** A face-down baby turtle on a corner cell. `baby` is null in a view (nobody may know it). */
export interface MoonNest {
  cell: number;
  baby: BabyName | null;
}

export interface MoonState {
  /** The expansion's setup step in progress; null once its steps are done (then the setup trees). */
  stage: MoonStage | null;
  /** Moon position 0..17 (docs/rules.md §8.1). The phase marker stands 5 positions counter-clockwise. */
  position: number;
  /** Full moon face up (else half moon). */
  full: boolean;
  /** The Great Tree's cell, -1 when not (yet) on the board. */
  greatTree: number;
  /** Moonstone cells, in the order placed. */
  stones: number[];
  /** The beaver's dam: its three cells ascending, or [] before it is first built. */
  dam: number[];
  /** Face-down baby turtles on the board (turtle in play), one per corner cell until hatched. */
  nests: MoonNest[];
  /** The two baby turtles returned to the box unseen (null in a view). */
  box: (BabyName | null)[];
  players: MoonPlayerState[];
  /** This turn: the seat to act has moved its animal. */
  moved: boolean;
  /** This turn: the abilities the seat to act has used (each once a turn). */
  used: AbilityName[];
  /** This turn: the "double" baby turtle was used — one cell may be the subject of two actions. */
  double: boolean;
}

/** The expansion's actions (JSON). Cells as in the base game: `{q, r}` or a label. */
export type MoonAction =
  | { type: "chooseAnimal"; animal: AnimalName; seat?: number }
  | { type: "placeAnimal"; cell: CellRef; seat?: number }
  | { type: "placeGreatTree"; cell: CellRef; seat?: number }
  | { type: "placeMoonstone"; cell: CellRef; seat?: number }
  | { type: "moveAnimal"; to: CellRef; seat?: number }
  | AbilityAction;

export type AbilityAction =
  | { type: "ability"; ability: "dig"; level: 1 | 2; seat?: number }
  | { type: "ability"; ability: "run"; to: CellRef; seat?: number }
  | { type: "ability"; ability: "plant"; seat?: number }
  | { type: "ability"; ability: "eat"; seat?: number }
  | { type: "ability"; ability: "scare"; from: CellRef; to: CellRef; seat?: number }
  | { type: "ability"; ability: "churn"; to: CellRef; seat?: number }
  | { type: "ability"; ability: "steal"; target: number; seat?: number }
  | { type: "ability"; ability: "hunt"; level: 1 | 2 | 3; seat?: number }
  | { type: "ability"; ability: "growth"; level: 1 | 2; seat?: number }
  | { type: "ability"; ability: "dam"; cells: [CellRef, CellRef]; seat?: number }
  | { type: "ability"; ability: "improve"; cell: CellRef; seat?: number }
  | { type: "ability"; ability: "hatch"; seat?: number }
  | { type: "ability"; ability: "babySteps"; baby: BabyName; cell?: CellRef; seat?: number };

/** The expansion's events. Those marked private are filtered per viewer by `viewEvents`. */
export type MoonEvent =
  /** Private: `animal` only for the seat itself (and for everyone once the game has ended). */
  | { type: "animalChosen"; seat: number; animal?: AnimalName }
  | { type: "animalsRevealed"; animals: (AnimalName | null)[] }
  | { type: "babiesLaid"; cells: CellRef[] }
  | { type: "animalPlaced"; seat: number; animal: AnimalName; cell: CellRef }
  | { type: "greatTreePlaced"; seat: number; cell: CellRef }
  | { type: "moonstonePlaced"; seat: number; cell: CellRef }
  | { type: "moonMoved"; round: number; position: number; full: boolean; flipped: boolean }
  | { type: "moonCollected"; seat: number; amount: number; lost: number; points: number }
  | { type: "animalMoved"; seat: number; animal: AnimalName; from: CellRef; to: CellRef; by: number }
  | {
      type: "abilityUsed";
      seat: number;
      animal: AnimalName;
      ability: AbilityName;
      level: number;
      cost: number;
      points: number;
    }
  | { type: "seedPlaced"; seat: number; cell: CellRef; from: "available" | "board" }
  | { type: "seedEaten"; seat: number; owner: number; cell: CellRef; returnedTo: "board" | "box" }
  | { type: "seedMoved"; seat: number; owner: number; from: CellRef; to: CellRef }
  | { type: "lightGained"; seat: number; amount: number; lost: number; light: number }
  | { type: "lightStolen"; seat: number; from: number; amount: number; lost: number }
  | { type: "damBuilt"; seat: number; cells: CellRef[] }
  /** `baby` is null only when a hatch is applied to a view, where the face-down baby is unknown. */
  | { type: "babyHatched"; seat: number; cell: CellRef; baby: BabyName | null }
  | { type: "babyUsed"; seat: number; baby: BabyName };

export type MoonErrorCode =
  | "NOT_ENOUGH_MOON_POINTS"
  | "ABILITY_USED"
  | "ANIMAL_MOVED"
  | "NOT_YOUR_ANIMAL"
  | "CELL_BLOCKED"
  | "NOT_ADJACENT"
  | "WRONG_CELL"
  | "NO_BABY"
  | "NOT_DEALT"
  | "NO_TARGET";

/** What the expansion adds to the base types (expansion.ts, types.ts). */
declare module "../types" {
  interface GameOptionsInput {
    /** Under the Moonlight (docs/rules.md §8): `true` for the moon and animals, or which extra modes too. */
    moonlight?: MoonOptionsInput;
  }
  interface GameOptions {
    /** Present only when the Under the Moonlight expansion is played. */
    moonlight?: MoonOptions;
  }
  interface GameState {
    /** The Under the Moonlight expansion's part; absent in a base game. */
    moon?: MoonState;
  }
  interface Score {
    /** Under the Moonlight only: unspent moon points (1 point each). */
    moon?: number;
    /** Under the Moonlight only: end-game points from a used baby turtle. */
    babies?: number;
  }
  interface ExpansionActions {
    moonlight: MoonAction;
  }
  interface ExpansionEvents {
    moonlight: MoonEvent;
  }
  interface ExpansionErrorCodes {
    moonlight: MoonErrorCode;
  }
}
