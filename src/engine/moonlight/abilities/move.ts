/**
 * The animal's move, once a turn and free: one step to an adjacent cell it may enter (no other
 * animal, no moonstone, not the Great Tree); the squirrel 1 or 2 steps. Not an action on any cell.
 * Its code is M_EXT_PLAY's `sub` 0 (P_MOVE), the cell in a.
 */
import { CELL_COUNT, labelOf } from "../../board";
import { M_EXT_PLAY, type MoveList, extCode, moveA } from "../../codes";
import type { Draft } from "../../draft";
import type { GameEvent, GameState, RuleError } from "../../types";
import { moonOf, moonPlayerOf } from "../draft";
import { animalMoved, e } from "./ability";
import { SQUIRREL, enterable, moveTargets, pushNeighbours, pushSquirrelSteps } from "./cells";

/** `sub` 0 of an M_EXT_PLAY code: move your animal. Abilities are `ABILITY_INDEX + 1`. */
export const P_MOVE = 0;

export const animalMove = {
  /** The seat's moves from `here`, when its animal has not moved this turn (cells.ts `closedCells` read). */
  moves(state: GameState, out: MoveList, here: number): void {
    // moveTargets without its list: one step to each enterable neighbour (all distinct); the squirrel's from a table
    const code = extCode(M_EXT_PLAY, P_MOVE);
    if (state.moon!.players[state.current].animal !== SQUIRREL) pushNeighbours(out, here, code);
    else pushSquirrelSteps(out, here, code);
  },
  check(state: GameState, code: number, here: number): RuleError | null {
    const m = state.moon!;
    const seat = state.current;
    const a = moveA(code);
    if (m.moved) return e("ANIMAL_MOVED", "Your animal has already moved this turn.");
    if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    if (!enterable(m, a, seat) || a === here)
      return e(
        "CELL_BLOCKED",
        a === here
          ? "Your animal is already there."
          : `${labelOf(a)} holds another animal, a moonstone or the Great Tree.`,
      );
    if (!moveTargets(m, seat, here).includes(a))
      return e(
        "NOT_ADJACENT",
        m.players[seat].animal === SQUIRREL
          ? `The squirrel moves 1 or 2 cells; ${labelOf(a)} is out of reach.`
          : `Animals move to an adjacent cell; ${labelOf(a)} is not one.`,
      );
    return null;
  },
  apply(d: Draft, code: number, here: number, events: GameEvent[]): void {
    const seat = d.s.current;
    const a = moveA(code);
    moonOf(d).moved = true;
    const mp = moonPlayerOf(d, seat);
    mp.cell = a;
    animalMoved(events, seat, mp.animal!, here, a, seat);
  },
};
