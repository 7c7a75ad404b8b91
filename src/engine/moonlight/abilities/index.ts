/**
 * The table of abilities (docs/rules.md §8.4): one entry per ability, in ABILITIES' order (index + 1
 * is a move code's `sub`), each in the file of its animal. play.ts lists, checks and applies moves
 * through it; the animal's own move is ./move.ts.
 */
import { ABILITIES } from "../rules";
import { ANIMAL_NAMES, type AnimalName } from "../types";
import type { Ability } from "./ability";
import { growth } from "./badger";
import { dam, improve } from "./beaver";
import { dig } from "./boar";
import { churn, scare, steal } from "./fox";
import { plant, run } from "./hedgehog";
import { hunt } from "./owl";
import { eat } from "./squirrel";
import { babySteps, hatch } from "./turtle";

export const ABILITY_TABLE: readonly Ability[] = [
  dig,
  run,
  plant,
  eat,
  scare,
  churn,
  steal,
  hunt,
  growth,
  dam,
  improve,
  hatch,
  babySteps,
];
ABILITY_TABLE.forEach((a, i) => {
  if (a.index !== i || a.rule !== ABILITIES[i]) throw new Error(`abilities: ${a.rule.name} out of ABILITIES' order`);
});

/** Each animal's abilities in ABILITIES' order, and whether listing them reads the cells animals may enter. */
export const ANIMAL_ABILITIES: Readonly<Record<AnimalName, { abilities: readonly Ability[]; enters: boolean }>> =
  Object.fromEntries(
    ANIMAL_NAMES.map((animal) => {
      const abilities = ABILITY_TABLE.filter((a) => a.rule.animal === animal);
      return [animal, { abilities, enters: abilities.some((a) => a.enters === true) }];
    }),
  ) as unknown as Record<AnimalName, { abilities: readonly Ability[]; enters: boolean }>;

export type { Ability } from "./ability";
export { animalMove, P_MOVE } from "./move";
