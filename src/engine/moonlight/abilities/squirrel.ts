/**
 * The squirrel (German: Eichhörnchen): its move reaches 1 or 2 cells (./move.ts); eat ("Fressen"
 * I–IV), whose level is its cell's leaves.
 */
import { CELLS, LEAVES, labelOf } from "../../board";
import { addLight, returnToBoard } from "../../draft";
import { SEED } from "../../rules";
import { EAT_COMPENSATION } from "../rules";
import { type Ability, abilityCode, carriesNothing, e, named, offer } from "./ability";

/** Another seat's seed on the squirrel's cell goes back to its owner's board; the owner gains 1 light, the seat 1 per leaf. */
export const eat: Ability = {
  ...named("eat"),
  carries: carriesNothing,
  level: (_code, here) => LEAVES[here] - 1,
  moves(state, out, here, points) {
    // eat takes another seat's seed on the squirrel's cell, at the level of its leaves
    const piece = state.cells[here];
    const level = LEAVES[here] - 1;
    if (
      piece !== 0 &&
      ((piece - 1) & 3) === SEED &&
      (piece - 1) >> 2 !== state.current &&
      points >= eat.rule.costs[level]
    )
      offer(state, out, eat, here, abilityCode(eat), level);
  },
  check(state, _code, _level, here) {
    const piece = state.cells[here];
    if (piece === 0) return e("CELL_EMPTY", `There is no seed on ${labelOf(here)}.`);
    if (((piece - 1) & 3) !== SEED) return e("WRONG_SIZE", "The squirrel eats seeds only.");
    if ((piece - 1) >> 2 === state.current)
      return e("NO_TARGET", "The squirrel eats another player's seed, not yours.");
    return null;
  },
  apply(d, _code, _level, here, events) {
    const seat = d.s.current;
    const owner = (d.s.cells[here] - 1) >> 2;
    d.put(here, 0);
    const returnedTo = returnToBoard(d.player(owner), SEED);
    events.push({
      type: "seedEaten",
      seat,
      owner,
      cell: CELLS[here],
      returnedTo,
    });
    const paid = addLight(d.player(owner), EAT_COMPENSATION);
    events.push({
      type: "lightGained",
      seat: owner,
      amount: EAT_COMPENSATION,
      ...paid,
    });
    const fed = addLight(d.player(seat), LEAVES[here]);
    events.push({ type: "lightGained", seat, amount: LEAVES[here], ...fed });
  },
};

/** The squirrel's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [eat];
