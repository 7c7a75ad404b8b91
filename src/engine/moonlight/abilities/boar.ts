/** The boar (German: Wildschwein): dig — "Graben" I and II. */
import { CELLS, LEAVES } from "../../board";
import { encodePiece } from "../../light";
import { LARGE, SEED } from "../../rules";
import {
  type Ability,
  carriesNothing,
  codeLevel,
  collectTree,
  e,
  named,
  notUsed,
  offerLevels,
  ownPiece,
} from "./ability";

/** Level I: collect the seat's large tree on the boar's cell without paying light; II: also lay an available seed there. */
export const dig: Ability = {
  ...named("dig"),
  carries: carriesNothing,
  level: codeLevel,
  moves(state, out, here, points) {
    // dig takes the boar's cell's tree: the seat's large tree
    if (state.cells[here] === 1 + state.current * 4 + LARGE) offerLevels(state, out, dig, here, points);
  },
  check(state, _code, level, here) {
    const seat = state.current;
    const problem = ownPiece(state, here, seat, "dig up");
    if (problem) return problem;
    if (((state.cells[here] - 1) & 3) !== LARGE) return e("WRONG_SIZE", "The boar digs up a large tree only.");
    const used = notUsed(state, here);
    if (used) return used;
    if (level === 1 && state.players[seat].available[SEED] <= 0)
      return e("NOT_AVAILABLE", "No seed in your available area.");
    return null;
  },
  apply(d, _code, level, here, events) {
    const seat = d.s.current;
    collectTree(d, seat, here, 0, LEAVES[here], events);
    if (level === 1) {
      d.player(seat).available[SEED]--;
      d.put(here, encodePiece(seat, SEED));
      events.push({
        type: "seedPlaced",
        seat,
        cell: CELLS[here],
        from: "available",
      });
    }
  },
};

/** The boar's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [dig];
