/**
 * What an animal's ability is to the engine: one entry of the table (./index.ts) with its rule
 * (name, animal, costs: ../rules.ts), the fields its move code carries, its candidate moves, what it
 * asks of the board and its effect — scalachess's `Variant` pattern, one level down. play.ts
 * dispatches to the entries; the checks every ability shares (the seat's animal, once per turn, the
 * cost) stay there. This file also holds what several abilities share: their errors and the two
 * effects that recur (collecting a large tree, a free growth).
 */
import { CELLS, labelOf } from "../../board";
import { M_EXT_PLAY, type MoveList, extCode, moveLevel } from "../../codes";
import { type Draft, returnToBoard, takeToken, usable } from "../../draft";
import { currentSun, encodePiece, inShadow, shadeFor } from "../../light";
import { LARGE, PIECE_NAMES } from "../../rules";
import type { GameEvent, GameState, RuleError } from "../../types";
import { ABILITIES, ABILITY_INDEX, type AbilityRule } from "../rules";
import type { AbilityName, AnimalName } from "../types";

/** One ability of one animal. `code`'s fields: `sub` is the ability's index + 1; a, b and level as `carries` says. */
export interface Ability {
  /** Its index in ABILITIES (../rules.ts); its code's `sub` is index + 1. */
  readonly index: number;
  readonly rule: AbilityRule;
  /** Whether a code with these a and b (the rest of the code canonical) is written as this ability writes it. */
  carries(a: number, b: number): boolean;
  /** The level a code asks for: its level field (the squirrel's eat: its cell's leaves). */
  level(code: number, here: number): number;
  /**
   * Push the legal codes, in cell order. Called for the seat to act, whose animal this is, when the
   * ability is unused this turn and its lowest level affordable (`points`). Candidates the board
   * is sure to refuse are not made (no error built for them); `check` judges each one made.
   */
  moves(state: GameState, out: MoveList, here: number, points: number): void;
  /**
   * Why the code is illegal on this board, or null, for the seat to act whose animal stands on
   * `here`: the animal, the turn's use and the cost at `level` are checked already.
   */
  check(state: GameState, code: number, level: number, here: number): RuleError | null;
  /** The effect, after checking (the cost is paid and the use recorded already). */
  apply(d: Draft, code: number, level: number, here: number, events: GameEvent[]): void;
  /** Whether `moves` reads the cells animals may enter (cells.ts `closedCells`). */
  readonly enters?: boolean;
}

/** An entry's index and rule, by the ability's name. */
export function named(name: AbilityName): { index: number; rule: AbilityRule } {
  const index = ABILITY_INDEX[name];
  return { index, rule: ABILITIES[index] };
}

/** An ability's code (its `sub` is its index + 1). */
export function abilityCode(ability: Ability, a = 0, b = 0, level = 0): number {
  return extCode(M_EXT_PLAY, ability.index + 1, a, b, level);
}

/** `level` for every ability but eat: the code's level field. */
export const codeLevel = (code: number): number => moveLevel(code);

/** `carries` of an ability whose code names nothing (a and b are 0). */
export const carriesNothing = (a: number, b: number): boolean => a === 0 && b === 0;
/** `carries` of an ability whose code names one thing in a (b is 0). */
export const carriesA = (_a: number, b: number): boolean => b === 0;

/** Push `code` when the ability's check finds it legal at `level` (the animal on `here`). */
export function offer(state: GameState, out: MoveList, ability: Ability, here: number, code: number, level = 0): void {
  if (ability.check(state, code, level, here) === null) out.push(code);
}

/** The same for each level of an ability (the code's level field 0, 1, …) the seat has the cost of. */
export function offerLevels(state: GameState, out: MoveList, ability: Ability, here: number, points: number): void {
  const costs = ability.rule.costs;
  for (let level = 0; level < costs.length; level++)
    if (points >= costs[level]) offer(state, out, ability, here, abilityCode(ability, 0, 0, level), level);
}

// ---- errors ---------------------------------------------------------------------------------

export const e = (code: RuleError["code"], message: string): RuleError => ({
  code,
  message,
});

export function ownPiece(state: GameState, c: number, seat: number, what: string): RuleError | null {
  const piece = state.cells[c];
  if (piece === 0) return e("CELL_EMPTY", `There is nothing on ${labelOf(c)} to ${what}.`);
  if ((piece - 1) >> 2 !== seat) return e("NOT_YOUR_PIECE", `The piece on ${labelOf(c)} is not yours.`);
  return null;
}
export function notUsed(state: GameState, c: number): RuleError | null {
  return usable(state, c)
    ? null
    : e("CELL_ALREADY_USED", `${labelOf(c)} was already the subject of an action this turn.`);
}
export function heavyShade(state: GameState, c: number, size: number, what: string): RuleError | null {
  if (!state.options.heavyShade) return null;
  return inShadow(shadeFor(state, currentSun(state))[c], size)
    ? e("IN_SHADOW", `Heavy shade: the piece on ${labelOf(c)} is in shadow and cannot ${what}.`)
    : null;
}
/** A free growth of the piece on c to the next size from the available area (beaver improve). */
export function growable(state: GameState, c: number, seat: number): RuleError | null {
  const size = (state.cells[c] - 1) & 3;
  if (size >= LARGE) return e("WRONG_SIZE", "A large tree cannot grow any more.");
  if (state.players[seat].available[size + 1] <= 0)
    return e("NOT_AVAILABLE", `No ${PIECE_NAMES[size + 1]} tree in your available area.`);
  return null;
}

// ---- effects --------------------------------------------------------------------------------

/** Remove the seat's large tree on c (an action on c), taking a token from the `leaves` stack down. */
export function collectTree(
  d: Draft,
  seat: number,
  c: number,
  cost: number,
  leaves: number,
  events: GameEvent[],
): void {
  const p = d.player(seat);
  d.put(c, 0);
  const returnedTo = returnToBoard(p, LARGE);
  d.s.stacks = d.s.stacks.slice();
  const token = takeToken(d.s.stacks, leaves);
  if (token) p.tokens = [...p.tokens, token];
  d.touch(c);
  events.push({
    type: "collected",
    seat,
    cell: CELLS[c],
    cost,
    token,
    returnedTo,
  });
}

/** The piece on c grows to the next size from its owner's available area, free (not an action by itself). */
export function growFree(d: Draft, owner: number, c: number, events: GameEvent[]): void {
  const size = (d.s.cells[c] - 1) & 3;
  const p = d.player(owner);
  p.available[size + 1]--;
  d.put(c, encodePiece(owner, size + 1));
  const returnedTo = returnToBoard(p, size);
  events.push({
    type: "grew",
    seat: owner,
    cell: CELLS[c],
    from: PIECE_NAMES[size],
    to: PIECE_NAMES[size + 1],
    cost: 0,
    returnedTo,
  });
}

/** The seat's animal moved from `from` to `to` (by its own move, a run, or scared by `by`'s fox). */
export function animalMoved(
  events: GameEvent[],
  seat: number,
  animal: AnimalName,
  from: number,
  to: number,
  by: number,
): void {
  events.push({ type: "animalMoved", seat, animal, from: CELLS[from], to: CELLS[to], by });
}
