/**
 * The numbers of the Under the Moonlight expansion (German rulebook `rules/003_*`, docs/rules.md §8):
 * animals, abilities and their costs per level, baby turtles, moon points. Every non-geometric
 * **Decision** about them is written next to its constant (geometry lives in geometry.ts).
 */
import { ANIMAL_NAMES, BABY_NAMES } from "./types";
import type { AbilityName, AnimalName, BabyName } from "./types";

/** The eight animal boards, in a fixed order (their index is used in move codes). */
export const ANIMALS: readonly AnimalName[] = ANIMAL_NAMES;
/** Animal boards dealt to each player; each keeps one. */
export const ANIMALS_DEALT = 2;

/** Moon points: start, cap (excess lost), gain per lit animal with a half / full moon. */
export const MOON_POINTS_START = 2;
export const MOON_POINTS_CAP = 14;
export const MOON_GAIN_HALF = 1;
export const MOON_GAIN_FULL = 2;
/** Each unspent moon point scores this many points at the end. */
export const POINTS_PER_MOON_POINT = 1;

export interface AbilityRule {
  name: AbilityName;
  animal: AnimalName;
  /** Moon-point cost of each level (level 1 first). */
  costs: readonly number[];
}

/**
 * Every ability, in a fixed order (index + 1 is the move code's `sub`). "Each ability once per
 * turn, one level at a time" (German: "Du kannst nicht mehrere Stufen derselben Fähigkeit im
 * gleichen Zug verwenden").
 */
export const ABILITIES: readonly AbilityRule[] = [
  /** Boar, Graben I: collect own large tree on its cell without light; II: also lay an available seed there. */
  { name: "dig", animal: "boar", costs: [5, 8] },
  /** Hedgehog, Rennen: one more step. */
  { name: "run", animal: "hedgehog", costs: [1] },
  /** Hedgehog, Einpflanzen: on an empty cell, plant a seed straight from the player board. */
  { name: "plant", animal: "hedgehog", costs: [3] },
  /** Squirrel, Fressen I–IV: eat another player's seed on its cell; the level is the cell's leaves. */
  { name: "eat", animal: "squirrel", costs: [5, 6, 7, 8] },
  /** Fox, Erschrecken: move an adjacent animal one cell. */
  { name: "scare", animal: "fox", costs: [1] },
  /** Fox, Den Boden aufwühlen: move a seed from its cell 1–2 cells in a straight line. */
  { name: "churn", animal: "fox", costs: [3] },
  /** Fox, Stehlen: take 2 light points from a player whose animal is adjacent. */
  { name: "steal", animal: "fox", costs: [4] },
  /** Owl, Nächtliche Jagd I–III: light points for moon points. */
  { name: "hunt", animal: "owl", costs: [5, 9, 12] },
  /** Badger, Wachstum I (small tree from the available area) / II (from the player board). */
  { name: "growth", animal: "badger", costs: [4, 6] },
  /** Beaver, Den Damm bauen: lay the dam on its cell; everything on it grows once, free. */
  { name: "dam", animal: "beaver", costs: [6] },
  /** Beaver, Den Damm verbessern: standing on the dam, grow one own piece on it, free. */
  { name: "improve", animal: "beaver", costs: [5] },
  /** Turtle, Ein Baby ausbrüten: hatch the face-down baby on its cell. */
  { name: "hatch", animal: "turtle", costs: [4] },
  /** Turtle, Erste Babyschritte: use one hatched baby's ability. */
  { name: "babySteps", animal: "turtle", costs: [1] },
];
export const ABILITY_INDEX: Readonly<Record<AbilityName, number>> = Object.fromEntries(
  ABILITIES.map((a, i) => [a.name, i]),
) as Record<AbilityName, number>;

/** Owl: light points gained per level. */
export const HUNT_LIGHT: readonly number[] = [3, 7, 10];
/** Fox: light points stolen. Decision: a victim with fewer takes what it has; it must have at least 1. */
export const STEAL_LIGHT = 2;
/** Squirrel: the owner of the eaten seed gets this much light as compensation; the squirrel's player 1 per leaf. */
export const EAT_COMPENSATION = 1;

/** The eight baby turtles (index used in move codes). */
export const BABIES: readonly BabyName[] = BABY_NAMES;
/** Face-down babies laid on the board; the rest go back to the box unseen. */
export const BABIES_LAID = 6;
/** Baby "light": light points gained. */
export const BABY_LIGHT = 3;
/** Baby "points": end-game points. */
export const BABY_POINTS = 3;
/** Baby "double": how many actions the one cell may be the subject of this turn. */
export const DOUBLE_ACTIONS = 2;
/** Babies whose use names a cell: "collect" (own large tree), "plant" (empty cell), "higher" (own large tree, collected for 4 light). */
export const BABY_NEEDS_CELL: readonly BabyName[] = ["collect", "plant", "higher"];
