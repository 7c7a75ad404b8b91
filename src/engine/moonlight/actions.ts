/** The expansion's JSON actions and their move codes (docs/engine.md, "Under the Moonlight"). */
import { CELLS } from "../board";
import { M_EXT_PLAY, M_EXT_SETUP, extCode, moveA, moveB, moveLevel, moveSub, moveType } from "../codes";
import type { Action, RuleError } from "../types";
import { P_MOVE } from "./play";
import { ABILITIES, ABILITY_INDEX, ANIMALS, BABIES, BABY_NEEDS_CELL } from "./rules";
import { S_ANIMAL, S_CHOOSE, S_GREAT_TREE, S_MOONSTONE } from "./setup";
import type { AbilityName, BabyName } from "./types";

export const MOON_ACTION_TYPES = [
  "chooseAnimal",
  "placeAnimal",
  "placeGreatTree",
  "placeMoonstone",
  "moveAnimal",
  "ability",
] as const;

const malformed = (message: string): RuleError => ({ code: "MALFORMED_ACTION", message });

/** The JSON action of an expansion move code. */
export function moonActionOf(code: number): Action {
  const a = moveA(code);
  const b = moveB(code);
  const sub = moveSub(code);
  if (moveType(code) === M_EXT_SETUP) {
    switch (sub) {
      case S_CHOOSE:
        return { type: "chooseAnimal", animal: ANIMALS[a] };
      case S_ANIMAL:
        return { type: "placeAnimal", cell: CELLS[a] };
      case S_GREAT_TREE:
        return { type: "placeGreatTree", cell: CELLS[a] };
      default:
        return { type: "placeMoonstone", cell: CELLS[a] };
    }
  }
  if (sub === P_MOVE) return { type: "moveAnimal", to: CELLS[a] };
  const name = ABILITIES[sub - 1].name;
  const level = moveLevel(code) + 1;
  switch (name) {
    case "dig":
    case "growth":
      return { type: "ability", ability: name, level: level as 1 | 2 };
    case "hunt":
      return { type: "ability", ability: name, level: level as 1 | 2 | 3 };
    case "run":
    case "churn":
      return { type: "ability", ability: name, to: CELLS[a] };
    case "scare":
      return { type: "ability", ability: name, from: CELLS[a], to: CELLS[b] };
    case "steal":
      return { type: "ability", ability: name, target: a };
    case "dam":
      return { type: "ability", ability: name, cells: [CELLS[a], CELLS[b]] };
    case "improve":
      return { type: "ability", ability: name, cell: CELLS[a] };
    case "babySteps": {
      const baby = BABIES[a];
      return BABY_NEEDS_CELL.includes(baby)
        ? { type: "ability", ability: name, baby, cell: CELLS[b] }
        : { type: "ability", ability: name, baby };
    }
    default:
      return { type: "ability", ability: name as "plant" | "eat" | "hatch" };
  }
}

/**
 * Parse an expansion action into a move code. `cell(field)` parses a cell field as the base game
 * does (an off-board cell becomes a code refused with NOT_ON_BOARD). Returns undefined when the
 * type is not one of the expansion's.
 */
export function parseMoonAction(
  a: Record<string, unknown>,
  cell: (value: unknown) => number | RuleError,
): number | RuleError | undefined {
  const cellOf = (field: string): number | RuleError => cell(a[field]);
  switch (a.type) {
    case "chooseAnimal": {
      const i = ANIMALS.indexOf(a.animal as never);
      if (i < 0) return malformed(`"animal" must be one of ${ANIMALS.join(", ")}.`);
      return extCode(M_EXT_SETUP, S_CHOOSE, i);
    }
    case "placeAnimal":
    case "placeGreatTree":
    case "placeMoonstone": {
      const c = cellOf("cell");
      if (typeof c !== "number") return c;
      return extCode(
        M_EXT_SETUP,
        a.type === "placeAnimal" ? S_ANIMAL : a.type === "placeGreatTree" ? S_GREAT_TREE : S_MOONSTONE,
        c,
      );
    }
    case "moveAnimal": {
      const c = cellOf("to");
      if (typeof c !== "number") return c;
      return extCode(M_EXT_PLAY, P_MOVE, c);
    }
    case "ability":
      return parseAbility(a, cell);
    default:
      return undefined;
  }
}

function parseAbility(a: Record<string, unknown>, cell: (value: unknown) => number | RuleError): number | RuleError {
  const cellOf = (field: string): number | RuleError => cell(a[field]);
  const name = a.ability as AbilityName;
  if (typeof name !== "string" || !Object.hasOwn(ABILITY_INDEX, name))
    return malformed(`"ability" must be one of ${ABILITIES.map((x) => x.name).join(", ")}.`);
  const sub = ABILITY_INDEX[name] + 1;
  const levels = ABILITIES[sub - 1].costs.length;
  const level = (): number | RuleError => {
    const l = a.level;
    if (typeof l !== "number" || !Number.isInteger(l) || l < 1 || l > levels)
      return malformed(`"level" must be an integer from 1 to ${levels}.`);
    return l - 1;
  };
  switch (name) {
    case "dig":
    case "hunt":
    case "growth": {
      const l = level();
      if (typeof l !== "number") return l;
      return extCode(M_EXT_PLAY, sub, 0, 0, l);
    }
    case "run":
    case "churn": {
      const c = cellOf("to");
      if (typeof c !== "number") return c;
      return extCode(M_EXT_PLAY, sub, c);
    }
    case "improve": {
      const c = cellOf("cell");
      if (typeof c !== "number") return c;
      return extCode(M_EXT_PLAY, sub, c);
    }
    case "scare": {
      const from = cellOf("from");
      if (typeof from !== "number") return from;
      const to = cellOf("to");
      if (typeof to !== "number") return to;
      return extCode(M_EXT_PLAY, sub, from, to);
    }
    case "steal": {
      const t = a.target;
      if (typeof t !== "number" || !Number.isInteger(t) || t < 0 || t > 3)
        return malformed(`"target" must be a seat (0–3).`);
      return extCode(M_EXT_PLAY, sub, t);
    }
    case "dam": {
      const cells = a.cells;
      if (!Array.isArray(cells) || cells.length !== 2)
        return malformed(`"cells" must be the two dam cells besides the beaver's.`);
      const x = cell(cells[0]);
      if (typeof x !== "number") return x;
      const y = cell(cells[1]);
      if (typeof y !== "number") return y;
      return extCode(M_EXT_PLAY, sub, Math.min(x, y), Math.max(x, y));
    }
    case "babySteps": {
      const i = BABIES.indexOf(a.baby as BabyName);
      if (i < 0) return malformed(`"baby" must be one of ${BABIES.join(", ")}.`);
      if (!BABY_NEEDS_CELL.includes(BABIES[i])) return extCode(M_EXT_PLAY, sub, i);
      const c = cellOf("cell");
      if (typeof c !== "number") return c;
      return extCode(M_EXT_PLAY, sub, i, c);
    }
    default:
      return extCode(M_EXT_PLAY, sub);
  }
}
