/** The badger (German: Dachs): growth ("Wachstum" I from the available area, II from the player board). */
import { CELLS } from "../../board";
import { returnToBoard } from "../../draft";
import { encodePiece } from "../../light";
import { SEED, SMALL } from "../../rules";
import { type Ability, carriesNothing, codeLevel, e, heavyShade, named, offerLevels, ownPiece } from "./ability";

/** The seat's seed on the badger's cell becomes a small tree, free; not an action on the cell (the text says so). */
export const growth: Ability = {
  ...named("growth"),
  carries: carriesNothing,
  level: codeLevel,
  moves(state, out, here, points) {
    // growth grows the seat's seed on the badger's cell
    if (state.cells[here] === 1 + state.current * 4 + SEED) offerLevels(state, out, growth, here, points);
  },
  check(state, _code, level, here) {
    const seat = state.current;
    const player = state.players[seat];
    const problem = ownPiece(state, here, seat, "grow");
    if (problem) return problem;
    if (((state.cells[here] - 1) & 3) !== SEED) return e("WRONG_SIZE", "The badger grows a seed only.");
    if (state.touched.includes(here)) return e("CELL_ALREADY_USED", "The badger cannot grow a seed planted this turn.");
    if (level === 0 && player.available[SMALL] <= 0) return e("NOT_AVAILABLE", "No small tree in your available area.");
    if (level === 1 && player.board[SMALL] <= 0) return e("COLUMN_EMPTY", "No small tree left on your player board.");
    return heavyShade(state, here, SEED, "grow");
  },
  apply(d, _code, level, here, events) {
    const seat = d.s.current;
    const p = d.player(seat);
    if (level === 0) p.available[SMALL]--;
    else p.board[SMALL]--;
    d.put(here, encodePiece(seat, SMALL));
    const returnedTo = returnToBoard(p, SEED);
    events.push({
      type: "grew",
      seat,
      cell: CELLS[here],
      from: "seed",
      to: "small",
      cost: 0,
      returnedTo,
    });
  },
};

/** The badger's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [growth];
