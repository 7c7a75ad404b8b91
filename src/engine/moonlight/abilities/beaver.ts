/** The beaver (German: Biber): build the dam ("Den Damm bauen") and improve it ("Den Damm verbessern"). */
import { CELL_COUNT, CELLS, labelOf } from "../../board";
import { moveA, moveB } from "../../codes";
import { LARGE } from "../../rules";
import { moonOf } from "../draft";
import { DAM_SITES } from "../geometry";
import {
  type Ability,
  abilityCode,
  carriesA,
  codeLevel,
  e,
  growable,
  growFree,
  heavyShade,
  named,
  notUsed,
  offer,
  ownPiece,
} from "./ability";

/** DAM_PAIRS[cell]: for each dam site holding the cell, its two other cells (ascending), in DAM_SITES order. */
const DAM_PAIRS: readonly (readonly (readonly [number, number])[])[] = CELLS.map((_, here) =>
  DAM_SITES.filter((site) => site.includes(here)).map((site) => {
    const [a, b] = site.filter((c) => c !== here);
    return [a, b] as const;
  }),
);

/**
 * The dam on the beaver's cell and two more (a dam site: two adjacent edge cells and the 2-leaf
 * cell next to both), moved to a new place; everything on it grows once, free, whoever owns it, if
 * the owner has the next size available. Not an action on its cells (Decision: an effect on three
 * cells). The code's a and b: the two other cells, ascending.
 */
export const dam: Ability = {
  ...named("dam"),
  carries: (a, b) => a <= b,
  level: codeLevel,
  moves(state, out, here) {
    for (const [a, b] of DAM_PAIRS[here]) offer(state, out, dam, here, abilityCode(dam, a, b));
  },
  check(state, code, _level, here) {
    const m = state.moon!;
    const a = moveA(code);
    const b = moveB(code);
    if (a >= CELL_COUNT || b >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    const site = [here, a, b].sort((x, y) => x - y);
    if (!DAM_SITES.some((s) => s[0] === site[0] && s[1] === site[1] && s[2] === site[2]))
      return e(
        "WRONG_CELL",
        "The dam covers the beaver's cell and two more: two adjacent edge cells and the 2-leaf cell next to both.",
      );
    if (m.dam.length === 3 && m.dam.every((c, i) => c === site[i]))
      return e("WRONG_CELL", "The dam must be moved to a new place.");
    return null;
  },
  apply(d, code, _level, here, events) {
    const seat = d.s.current;
    const site = [here, moveA(code), moveB(code)].sort((x, y) => x - y);
    moonOf(d).dam = site;
    events.push({ type: "damBuilt", seat, cells: site.map((c) => CELLS[c]) });
    // everything on the dam grows once, free, whoever owns it — if the owner has the next size available
    for (const c of site) {
      const piece = d.s.cells[c];
      if (piece === 0) continue;
      const owner = (piece - 1) >> 2;
      const size = (piece - 1) & 3;
      if (size < LARGE && d.s.players[owner].available[size + 1] > 0) growFree(d, owner, c, events);
    }
  },
};

/** Standing on the dam, one of the seat's pieces on it grows, free (an action on its cell). The code's a: its cell. */
export const improve: Ability = {
  ...named("improve"),
  carries: carriesA,
  level: codeLevel,
  moves(state, out, here) {
    // improve grows one of the seat's pieces under the dam, the beaver standing on it
    const m = state.moon!;
    const cells = state.cells;
    if (m.dam.includes(here))
      for (const c of m.dam)
        if (cells[c] !== 0 && (cells[c] - 1) >> 2 === state.current)
          offer(state, out, improve, here, abilityCode(improve, c));
  },
  check(state, code, _level, here) {
    const m = state.moon!;
    const seat = state.current;
    const a = moveA(code);
    if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    if (!m.dam.includes(here)) return e("WRONG_CELL", "The beaver must stand on the dam.");
    if (!m.dam.includes(a)) return e("WRONG_CELL", `${labelOf(a)} is not under the dam.`);
    const problem = ownPiece(state, a, seat, "grow") ?? growable(state, a, seat) ?? notUsed(state, a);
    if (problem) return problem;
    return heavyShade(state, a, (state.cells[a] - 1) & 3, "grow");
  },
  apply(d, code, _level, _here, events) {
    const a = moveA(code);
    growFree(d, d.s.current, a, events);
    d.touch(a);
  },
};

/** The beaver's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [dam, improve];
