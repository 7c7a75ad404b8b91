/**
 * The table of abilities (docs/rules.md §8.4): one entry per ability, in ABILITIES' order (index + 1
 * is a move code's `sub`), each in the file of its animal (its `abilities`), entered by
 * `registerAbilities`: ./all.ts enters the eight animals' (MOONLIGHT, ../full.ts: the server, the
 * bots, the tests), the web page only those it plays or replays, each animal's file a chunk of its
 * own (docs/web.md "Weights"). play.ts lists, checks and applies moves through it: an animal whose
 * abilities are not entered offers its move alone, and its abilities' codes are not canonical. The
 * animal's own move is ./move.ts.
 */
import { ABILITIES } from "../rules";
import { ANIMAL_NAMES, type AnimalName } from "../types";
import type { Ability } from "./ability";

/** The abilities entered, by index (undefined: its animal's file is not entered). */
export const ABILITY_TABLE: (Ability | undefined)[] = ABILITIES.map(() => undefined);

/** Each animal's abilities in ABILITIES' order, and whether listing them reads the cells animals may enter. */
export const ANIMAL_ABILITIES = Object.fromEntries(
  ANIMAL_NAMES.map((animal) => [animal, { abilities: [], enters: false }]),
) as unknown as Record<AnimalName, { abilities: readonly Ability[]; enters: boolean }>;

/** Enter abilities in the table (an animal file's `abilities`; again: the same). */
export function registerAbilities(list: readonly Ability[]): void {
  for (const a of list) {
    if (a.rule !== ABILITIES[a.index]) throw new Error(`abilities: ${a.rule.name} out of ABILITIES' order`);
    ABILITY_TABLE[a.index] = a;
  }
  for (const animal of new Set(list.map((a) => a.rule.animal))) {
    const abilities = ABILITY_TABLE.filter((a): a is Ability => a?.rule.animal === animal);
    ANIMAL_ABILITIES[animal] = { abilities, enters: abilities.some((a) => a.enters === true) };
  }
}

/** Whether `animal`'s abilities are entered. */
export const hasAbilities = (animal: AnimalName): boolean => ANIMAL_ABILITIES[animal].abilities.length > 0;

export type { Ability } from "./ability";
export { animalMove, P_MOVE } from "./move";
