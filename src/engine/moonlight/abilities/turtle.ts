/**
 * The turtle (German: Schildkröte): hatch the face-down baby on its cell ("Ein Baby ausbrüten") and
 * use one hatched baby ("Erste Babyschritte"), each baby its own small entry below.
 */
import { CELL_COUNT, CELLS, LEAVES, labelOf } from "../../board";
import { moveA, moveB } from "../../codes";
import { type Draft, addLight } from "../../draft";
import { encodePiece } from "../../light";
import { COLLECT_COST, LARGE, PIECE_NAMES, SEED, SMALL } from "../../rules";
import type { GameEvent, GameState, RuleError } from "../../types";
import { moonOf, moonPlayerOf } from "../draft";
import { BABIES, BABY_LIGHT, BABY_NEEDS_CELL } from "../rules";
import { blocked } from "../setup";
import type { BabyName } from "../types";
import {
  type Ability,
  abilityCode,
  carriesNothing,
  codeLevel,
  collectTree,
  e,
  named,
  notUsed,
  offer,
  ownPiece,
} from "./ability";
import { hasNest } from "./cells";

/** The baby on the turtle's cell is turned face up in front of the seat. */
export const hatch: Ability = {
  ...named("hatch"),
  carries: carriesNothing,
  level: codeLevel,
  moves(state, out, here) {
    if (hasNest(state.moon!, here)) offer(state, out, hatch, here, abilityCode(hatch));
  },
  check(state, _code, _level, here) {
    if (!state.moon!.nests.some((n) => n.cell === here))
      return e("NO_BABY", `No baby turtle lies on ${labelOf(here)}.`);
    return null;
  },
  apply(d, _code, _level, here, events) {
    const seat = d.s.current;
    const m = moonOf(d);
    const mp = moonPlayerOf(d, seat);
    const nest = m.nests.find((n) => n.cell === here)!;
    m.nests = m.nests.filter((n) => n !== nest);
    // applied to a view (a turn being planned) the face-down baby is unknown: it stays so until the real move
    if (nest.baby !== null) mp.babies = [...mp.babies, nest.baby];
    events.push({
      type: "babyHatched",
      seat,
      cell: CELLS[here],
      baby: nest.baby,
    });
  },
};

/** A hatched baby's use: what it asks (of the cell c, for those that name one) and its effect. */
interface Baby {
  check(state: GameState, seat: number, c: number): RuleError | null;
  apply(d: Draft, seat: number, c: number, events: GameEvent[]): void;
}

/** "small" and "medium": a tree of that size from the player board to the available area, free. */
function buyFree(col: number, baby: BabyName): Baby {
  return {
    check: (state, seat) =>
      state.players[seat].board[col] > 0 ? null : e("COLUMN_EMPTY", `No ${baby} tree left on your player board.`),
    apply(d, seat, _c, events) {
      const p = d.player(seat);
      p.board[col]--;
      p.available[col]++;
      events.push({ type: "bought", seat, piece: PIECE_NAMES[col], cost: 0 });
    },
  };
}

/** "collect" and "higher": collect one of the seat's large trees (an action on its cell). */
function checkCollect(state: GameState, seat: number, c: number, higher: boolean): RuleError | null {
  if (c >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
  const problem = ownPiece(state, c, seat, "collect");
  if (problem) return problem;
  if (((state.cells[c] - 1) & 3) !== LARGE) return e("WRONG_SIZE", "Only a large tree can be collected.");
  const used = notUsed(state, c);
  if (used) return used;
  const light = state.players[seat].light;
  if (higher && light < COLLECT_COST)
    return e("NOT_ENOUGH_LIGHT", `Collecting costs ${COLLECT_COST} light points; you have ${light}.`);
  return null;
}

const NOTHING_TO_CHECK = () => null;

const BABY: Readonly<Record<BabyName, Baby>> = {
  /** The one cell may be the subject of two actions this turn (play.ts `reuse`). */
  double: {
    check: NOTHING_TO_CHECK,
    apply(d) {
      moonOf(d).double = true;
    },
  },
  small: buyFree(SMALL, "small"),
  medium: buyFree(SMALL + 1, "medium"),
  /** Collect a large tree without paying light. */
  collect: {
    check: (state, seat, c) => checkCollect(state, seat, c, false),
    apply(d, seat, c, events) {
      collectTree(d, seat, c, 0, LEAVES[c], events);
    },
  },
  /** Light points. */
  light: {
    check: NOTHING_TO_CHECK,
    apply(d, seat, _c, events) {
      const got = addLight(d.player(seat), BABY_LIGHT);
      events.push({ type: "lightGained", seat, amount: BABY_LIGHT, ...got });
    },
  },
  /** A seed from the available area on an empty cell (an action on it). */
  plant: {
    check(state, seat, c) {
      if (c >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      if (state.players[seat].available[SEED] <= 0) return e("NOT_AVAILABLE", "No seed in your available area.");
      if (state.cells[c] !== 0) return e("CELL_OCCUPIED", `${labelOf(c)} is not empty.`);
      if (blocked(state.moon!, c)) return e("CELL_BLOCKED", `Nothing may be put on ${labelOf(c)}.`);
      return notUsed(state, c);
    },
    apply(d, seat, c, events) {
      d.player(seat).available[SEED]--;
      d.put(c, encodePiece(seat, SEED));
      d.touch(c);
      events.push({
        type: "seedPlaced",
        seat,
        cell: CELLS[c],
        from: "available",
      });
    },
  },
  /** End-game points (the module's `score`): nothing happens now. */
  points: { check: NOTHING_TO_CHECK, apply() {} },
  /** Collect a large tree for the usual light, taking a token one stack higher. */
  higher: {
    check: (state, seat, c) => checkCollect(state, seat, c, true),
    apply(d, seat, c, events) {
      d.player(seat).light -= COLLECT_COST;
      collectTree(d, seat, c, COLLECT_COST, Math.min(4, LEAVES[c] + 1), events);
    },
  },
};

/** One hatched baby's ability, the baby then spent. The code's a: the baby (BABIES' index); b: its cell, for those that name one. */
export const babySteps: Ability = {
  ...named("babySteps"),
  carries: (a, b) => a < BABIES.length && (BABY_NEEDS_CELL.includes(BABIES[a]) || b === 0),
  level: codeLevel,
  moves(state, out, here) {
    const seat = state.current;
    const babies = state.moon!.players[seat].babies;
    const cells = state.cells;
    for (let k = 0; k < babies.length; k++) {
      const baby = babies[k];
      if (babies.indexOf(baby) < k) continue; // each kind of baby once
      const i = BABIES.indexOf(baby);
      if (i < 0) continue;
      if (!BABY_NEEDS_CELL.includes(baby)) {
        offer(state, out, babySteps, here, abilityCode(babySteps, i));
        continue;
      }
      // "collect" and "higher" take one of the seat's large trees; "plant" needs an empty cell
      const large = 1 + seat * 4 + LARGE;
      for (let c = 0; c < CELL_COUNT; c++)
        if (baby === "plant" ? cells[c] === 0 : cells[c] === large)
          offer(state, out, babySteps, here, abilityCode(babySteps, i, c));
    }
  },
  check(state, code) {
    const seat = state.current;
    const baby = BABIES[moveA(code)];
    if (!state.moon!.players[seat].babies.includes(baby))
      return e("NO_BABY", `You have no hatched "${baby}" baby turtle.`);
    return BABY[baby].check(state, seat, moveB(code));
  },
  apply(d, code, _level, _here, events) {
    const seat = d.s.current;
    const baby = BABIES[moveA(code)];
    const mp = moonPlayerOf(d, seat);
    const babies = mp.babies.slice();
    babies.splice(babies.indexOf(baby), 1);
    mp.babies = babies;
    mp.spent = [...mp.spent, baby];
    events.push({ type: "babyUsed", seat, baby });
    BABY[baby].apply(d, seat, moveB(code), events);
  },
};

/** The turtle's abilities, in ABILITIES' order (what ./index.ts `registerAbilities` enters). */
export const abilities: readonly Ability[] = [hatch, babySteps];
