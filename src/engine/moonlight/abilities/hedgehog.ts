/** The hedgehog (German: Igel): run ("Rennen") and plant ("Einpflanzen"). */
import { CELL_COUNT, CELLS, NEIGHBOURS, labelOf } from "../../board";
import { encodePiece } from "../../light";
import { SEED } from "../../rules";
import { moonPlayerOf } from "../draft";
import {
  type Ability,
  abilityCode,
  animalMoved,
  carriesA,
  carriesNothing,
  codeLevel,
  e,
  named,
  notUsed,
  offer,
} from "./ability";
import { enterable, pushNeighbours } from "./cells";
import { moveA } from "../../codes";

/** One more step, to an adjacent cell the hedgehog may enter. The code's a: the cell. */
export const run: Ability = {
  ...named("run"),
  carries: carriesA,
  level: codeLevel,
  enters: true,
  moves(_state, out, here) {
    // a move: check asks exactly what the set of cells the animal may enter holds
    pushNeighbours(out, here, abilityCode(run));
  },
  check(state, code, _level, here) {
    const a = moveA(code);
    if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    if (!NEIGHBOURS[here].includes(a))
      return e("NOT_ADJACENT", `The hedgehog runs one cell; ${labelOf(a)} is not adjacent.`);
    if (!enterable(state.moon!, a, state.current))
      return e("CELL_BLOCKED", `${labelOf(a)} holds another animal, a moonstone or the Great Tree.`);
    return null;
  },
  apply(d, code, _level, here, events) {
    const seat = d.s.current;
    const a = moveA(code);
    const mp = moonPlayerOf(d, seat);
    mp.cell = a;
    animalMoved(events, seat, mp.animal!, here, a, seat);
  },
};

/** On its empty cell, a seed straight from the player board (an action on the cell). */
export const plant: Ability = {
  ...named("plant"),
  carries: carriesNothing,
  level: codeLevel,
  moves(state, out, here) {
    if (state.cells[here] === 0) offer(state, out, plant, here, abilityCode(plant));
  },
  check(state, _code, _level, here) {
    if (state.cells[here] !== 0)
      return e("CELL_OCCUPIED", `The hedgehog plants only on an empty cell; ${labelOf(here)} is not empty.`);
    if (state.players[state.current].board[SEED] <= 0) return e("COLUMN_EMPTY", "No seed left on your player board.");
    return notUsed(state, here);
  },
  apply(d, _code, _level, here, events) {
    const seat = d.s.current;
    d.player(seat).board[SEED]--;
    d.put(here, encodePiece(seat, SEED));
    d.touch(here);
    events.push({
      type: "seedPlaced",
      seat,
      cell: CELLS[here],
      from: "board",
    });
  },
};

/** The hedgehog's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [run, plant];
