/** The fox (German: Fuchs): scare ("Erschrecken"), churn ("Den Boden aufwühlen") and steal ("Stehlen"). */
import { CELL_COUNT, CELLS, DISTANCE, NEIGHBOURS, labelOf } from "../../board";
import { moveA, moveB } from "../../codes";
import { addLight } from "../../draft";
import { SEED } from "../../rules";
import { moonOf, moonPlayerOf } from "../draft";
import { STRAIGHT } from "../geometry";
import { STEAL_LIGHT } from "../rules";
import { blocked } from "../setup";
import { type Ability, abilityCode, animalMoved, carriesA, codeLevel, e, named, offer } from "./ability";
import { animalAt, canEnter, enterable, hasAnimal, isClosed } from "./cells";

/** Another animal next to the fox moves one cell. The code's a: the animal's cell; b: where it goes. */
export const scare: Ability = {
  ...named("scare"),
  carries: () => true,
  level: codeLevel,
  enters: true,
  moves(state, out, here) {
    const m = state.moon!;
    for (const from of NEIGHBOURS[here]) {
      if (!hasAnimal(from)) continue;
      const victim = animalAt(m, from);
      if (victim >= 0)
        for (const to of NEIGHBOURS[from])
          if (canEnter(m, to, victim)) offer(state, out, scare, here, abilityCode(scare, from, to));
    }
  },
  check(state, code, _level, here) {
    const m = state.moon!;
    const a = moveA(code);
    const b = moveB(code);
    if (a >= CELL_COUNT || b >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    const victim = animalAt(m, a);
    if (victim < 0 || victim === state.current) return e("NO_TARGET", `There is no other animal on ${labelOf(a)}.`);
    if (!NEIGHBOURS[here].includes(a)) return e("NOT_ADJACENT", `The animal on ${labelOf(a)} is not next to the fox.`);
    if (!NEIGHBOURS[a].includes(b))
      return e("NOT_ADJACENT", `The scared animal moves one cell; ${labelOf(b)} is not next to it.`);
    if (!enterable(m, b, victim))
      return e("CELL_BLOCKED", `${labelOf(b)} holds another animal, a moonstone or the Great Tree.`);
    return null;
  },
  apply(d, code, _level, _here, events) {
    const a = moveA(code);
    const b = moveB(code);
    const m = moonOf(d);
    const victim = animalAt(m, a);
    moonPlayerOf(d, victim).cell = b;
    animalMoved(events, victim, m.players[victim].animal!, a, b, d.s.current);
  },
};

/**
 * The seed on the fox's cell moves 1 or 2 cells in a straight line to an empty cell. A seed planted
 * this turn keeps its cell's "used" mark: it still cannot grow. The code's a: where it goes.
 */
export const churn: Ability = {
  ...named("churn"),
  carries: carriesA,
  level: codeLevel,
  enters: true,
  moves(state, out, here) {
    const cells = state.cells;
    if (cells[here] !== 0 && ((cells[here] - 1) & 3) === SEED)
      for (const to of STRAIGHT[here])
        if (cells[to] === 0 && !isClosed(to)) offer(state, out, churn, here, abilityCode(churn, to));
  },
  check(state, code, _level, here) {
    const a = moveA(code);
    if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
    const piece = state.cells[here];
    if (piece === 0) return e("CELL_EMPTY", `There is no seed on ${labelOf(here)}.`);
    if (((piece - 1) & 3) !== SEED) return e("WRONG_SIZE", "The fox moves seeds only.");
    if (!STRAIGHT[here].includes(a))
      return e("OUT_OF_RANGE", `A seed moves 1 or 2 cells in a straight line; ${labelOf(a)} is not.`);
    if (state.cells[a] !== 0) return e("CELL_OCCUPIED", `${labelOf(a)} is not empty.`);
    if (blocked(state.moon!, a)) return e("CELL_BLOCKED", `Nothing may be put on ${labelOf(a)}.`);
    return null;
  },
  apply(d, code, _level, here, events) {
    const s = d.s;
    const a = moveA(code);
    const piece = s.cells[here];
    d.put(a, piece);
    d.put(here, 0);
    // a seed planted this turn stays unable to grow this turn (its "used" mark moves with it)
    if (s.touched.includes(here) && !s.touched.includes(a)) d.touch(a);
    events.push({
      type: "seedMoved",
      seat: s.current,
      owner: (piece - 1) >> 2,
      from: CELLS[here],
      to: CELLS[a],
    });
  },
};

/** 2 light points (or what it has) from a seat with light whose animal is next to the fox. The code's a: that seat. */
export const steal: Ability = {
  ...named("steal"),
  carries: carriesA,
  level: codeLevel,
  moves(state, out, here) {
    const m = state.moon!;
    const seat = state.current;
    for (let t = 0; t < m.players.length; t++) {
      // from an animal next to the fox, of a seat with light
      const cell = m.players[t].cell;
      if (t !== seat && cell >= 0 && DISTANCE[here * CELL_COUNT + cell] === 1 && state.players[t].light > 0)
        offer(state, out, steal, here, abilityCode(steal, t));
    }
  },
  check(state, code, _level, here) {
    const m = state.moon!;
    const a = moveA(code);
    if (a >= m.players.length || a === state.current) return e("NO_TARGET", "Steal from another player.");
    const cell = m.players[a].cell;
    if (cell < 0 || DISTANCE[here * CELL_COUNT + cell] !== 1)
      return e("NOT_ADJACENT", "That player's animal is not next to the fox.");
    if (state.players[a].light <= 0) return e("NO_TARGET", "That player has no light points.");
    return null;
  },
  apply(d, code, _level, _here, events) {
    const seat = d.s.current;
    const a = moveA(code);
    const victim = d.player(a);
    const amount = Math.min(STEAL_LIGHT, victim.light);
    victim.light -= amount;
    const { lost } = addLight(d.player(seat), amount);
    events.push({ type: "lightStolen", seat, from: a, amount, lost });
  },
};

/** The fox's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [scare, churn, steal];
