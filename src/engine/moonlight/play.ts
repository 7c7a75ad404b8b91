/**
 * The expansion during play (German rulebook, "Die Waldtiere", "Die Tierfähigkeiten"; docs/rules.md §8):
 * moving an animal and every ability of the eight animals, with their costs and conditions, and the
 * hooks the base game calls (blocked cells, the turtle's two actions on one cell, the moon's round).
 *
 * What counts as an action on a cell (the base game's "one action per cell per turn"), per the
 * German text and, where it is silent, by **Decision** (docs/engine.md lists them):
 * - an action on its cell: boar dig (collecting; level II's seed on the same cell is part of the
 *   same ability), hedgehog plant, beaver improve (a free growth), baby "collect", "higher"
 *   (collecting) and "plant" (the target);
 * - not an action on any cell: moving animals (move, run, scare), squirrel eat and fox churn (the
 *   text says so), badger growth (the text says so), building the dam (Decision: an effect on three
 *   cells, not an action of the player on them), buying or taking pieces.
 * A seed the fox churns keeps its cell's "used" mark: one planted this turn still cannot grow.
 */
import { CELL_COUNT, CELLS, DISTANCE, LEAVES, NEIGHBOURS, labelOf } from "../board";
import { M_EXT_PLAY, type MoveList, extCode, moveA, moveB, moveLevel, moveSub } from "../codes";
import { Draft, addLight, returnToBoard, takeToken, usable } from "../draft";
import { moonOf, moonPlayerOf } from "./draft";
import { currentSun, encodePiece, inShadow, shadeFor } from "../light";
import { COLLECT_COST, LARGE, LIGHT_CAP, PIECE_NAMES, SEED, SMALL } from "../rules";
import type { GameEvent, GameState, PlayerState, RuleError } from "../types";
import { DAM_SITES, STRAIGHT } from "./geometry";
import {
  ABILITIES,
  ABILITY_INDEX,
  BABIES,
  BABY_LIGHT,
  BABY_NEEDS_CELL,
  DOUBLE_ACTIONS,
  EAT_COMPENSATION,
  HUNT_LIGHT,
  MOON_POINTS_CAP,
  STEAL_LIGHT,
} from "./rules";
import { moonGains } from "./light";
import { moonStep } from "./geometry";
import { blocked, blockedSet } from "./setup";
import { AT_HI, AT_LO } from "../masks";
import type { AbilityName, BabyName, MoonState } from "./types";

/** `sub` 0 of an M_EXT_PLAY code: move your animal. Abilities are `ABILITY_INDEX + 1`. */
export const P_MOVE = 0;

const SQUIRREL = "squirrel";

// ---- cells ----------------------------------------------------------------------------------

/** Seat whose animal stands on cell c, or -1. */
export function animalAt(m: MoonState, c: number): number {
  for (let i = 0; i < m.players.length; i++) if (m.players[i].cell === c) return i;
  return -1;
}

/** Whether the animal of `seat` may step onto c: no other animal, no moonstone, not the Great Tree. */
export function enterable(m: MoonState, c: number, seat: number): boolean {
  if (blocked(m, c)) return false;
  const other = animalAt(m, c);
  return other < 0 || other === seat;
}

function count(list: readonly number[], c: number): number {
  let k = 0;
  for (const x of list) if (x === c) k++;
  return k;
}
function hasRepeat(list: readonly number[]): boolean {
  for (let i = 1; i < list.length; i++) if (list.indexOf(list[i]) < i) return true;
  return false;
}

/**
 * The expansion's `reuse` hook: after the "double" baby turtle, a cell used once may be used once
 * more, while no other cell has been used twice (Decision: the baby allows two actions on one cell,
 * not on every cell). The rule itself is the base's `usable` (draft.ts).
 */
export function reuse(state: GameState, _c: number, uses: number): boolean {
  return state.moon?.double === true && uses < DOUBLE_ACTIONS && !hasRepeat(state.touched);
}

// ---- the moon's round -----------------------------------------------------------------------

/** Round start, after the sun moved: the moon jumps to the marker (not in round 1), flipping as it passes the sun. */
export function moveMoon(d: Draft, round: number, sun: number, events: GameEvent[]): void {
  if (round <= 1) return;
  const m = moonOf(d);
  const step = moonStep(m.position, sun);
  m.position = step.position;
  if (step.flips) m.full = !m.full;
  events.push({
    type: "moonMoved",
    round,
    position: m.position,
    full: m.full,
    flipped: step.flips,
  });
}

/** Photosynthesis: each animal in moonlight gains 1 (half) or 2 (full) moon points, up to 14. */
export function collectMoon(d: Draft, events: GameEvent[]): void {
  const gains = moonGains(d.s);
  for (let seat = 0; seat < gains.length; seat++) {
    const before = d.s.moon!.players[seat].points;
    const total = before + gains[seat];
    const points = total > MOON_POINTS_CAP ? MOON_POINTS_CAP : total;
    if (points !== before) moonPlayerOf(d, seat).points = points;
    events.push({
      type: "moonCollected",
      seat,
      amount: gains[seat],
      lost: total - points,
      points,
    });
  }
}

/** A new turn: the animal may move again and every ability be used again. */
export function resetTurn(d: Draft): void {
  const m = d.s.moon!;
  if (m.moved || m.used.length > 0 || m.double) {
    const w = moonOf(d);
    w.moved = false;
    w.used = [];
    w.double = false;
  }
}

// ---- legal moves ----------------------------------------------------------------------------

/** The cells the animal of `seat` on `from` may move to with its ordinary move (the squirrel: 1 or 2 steps). */
export function moveTargets(m: MoonState, seat: number, from: number): number[] {
  const out: number[] = [];
  for (const c of NEIGHBOURS[from]) {
    if (!enterable(m, c, seat)) continue;
    if (!out.includes(c)) out.push(c);
    if (m.players[seat].animal === SQUIRREL)
      for (const c2 of NEIGHBOURS[c]) if (c2 !== from && !out.includes(c2) && enterable(m, c2, seat)) out.push(c2);
  }
  return out;
}

/** Whether an ability is worth listing: not used this turn, and the seat has its lowest cost. */
function open(m: MoonState, points: number, i: number): boolean {
  return points >= LOWEST_COST[i] && (m.used.length === 0 || !m.used.includes(ABILITIES[i].name));
}
/** Each ability's lowest cost, by index (read on every listing). */
const LOWEST_COST = Int32Array.from(ABILITIES.map((a) => a.costs[0]));

/** An ability's code. */
function abilityCode(i: number, a = 0, b = 0, level = 0): number {
  return extCode(M_EXT_PLAY, i + 1, a, b, level);
}

/** ABILITY_INDEX by name, read once (the legal-move listing names abilities by index, not by string lookups). */
const A = ABILITY_INDEX;

/** Push the code when checkPlay finds it legal. */
function offer(state: GameState, out: MoveList, code: number): void {
  // the ability is the animal's, unused and affordable (open / offerLevel), except eat, whose level is its cell's
  const sub = moveSub(code);
  if (sub === A.eat + 1) {
    if (checkPlay(state, code) === null) out.push(code);
  } else if (checkTarget(state, code, ABILITIES[sub - 1].name, moveLevel(code)) === null) out.push(code);
}

/** The same for one level of an ability, when the seat has that level's cost. */
function offerLevel(state: GameState, out: MoveList, i: number, level: number, points: number): void {
  if (points >= ABILITIES[i].costs[level]) offer(state, out, abilityCode(i, 0, 0, level));
}

/** DAM_PAIRS[cell]: for each dam site holding the cell, its two other cells (ascending), in DAM_SITES order. */
const DAM_PAIRS: readonly (readonly (readonly [number, number])[])[] = CELLS.map((_, here) =>
  DAM_SITES.filter((site) => site.includes(here)).map((site) => {
    const [a, b] = site.filter((c) => c !== here);
    return [a, b] as const;
  }),
);

/**
 * The cells of the state playMoves is listing that no animal may enter (the Great Tree, moonstones)
 * and those holding an animal, as 37-cell sets: `canEnter` is `enterable` without a search of the
 * moonstones and animals for every cell asked about (legal moves are listed once per action).
 */
let closedLo = 0;
let closedHi = 0;
let animalsLo = 0;
let animalsHi = 0;
/** The cells `seat`'s animal may enter: neither closed nor holding another seat's animal (animalAt's first). */
let openLo = 0;
let openHi = 0;
function closedCells(m: MoonState, seat: number): void {
  closedLo = blockedSet(m, 0);
  closedHi = blockedSet(m, 1);
  animalsLo = 0;
  animalsHi = 0;
  let othersLo = 0;
  let othersHi = 0;
  for (let i = 0; i < m.players.length; i++) {
    const c = m.players[i].cell;
    // the first animal on a cell is the one animalAt finds
    if (c >= 0 && c < 32) {
      if (i !== seat && (animalsLo & (1 << c)) === 0) othersLo |= 1 << c;
      animalsLo |= 1 << c;
    } else if (c >= 32 && c < CELL_COUNT) {
      if (i !== seat && (animalsHi & (1 << (c - 32))) === 0) othersHi |= 1 << (c - 32);
      animalsHi |= 1 << (c - 32);
    }
  }
  openLo = ~closedLo & ~othersLo;
  openHi = ~closedHi & ~othersHi;
}

/** Push `code | c << 3` for each neighbour c of `here` that the seat's animal may enter, by increasing cell (NEIGHBOURS' order). */
function pushNeighbours(out: MoveList, here: number, code: number): void {
  out.reserve(6);
  // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
  let lo = AT_LO[CELL_COUNT + here] & openLo;
  let hi = AT_HI[CELL_COUNT + here] & openHi;
  while ((lo | hi) !== 0) {
    let c: number;
    if (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      c = 31 - Math.clz32(bit);
    } else {
      const bit = hi & -hi;
      hi ^= bit;
      c = 63 - Math.clz32(bit);
    }
    out.codes[out.n++] = code | (c << 3); // room reserved above: at most six neighbours
  }
}
/**
 * The squirrel's moves from `here` in moveTargets' visiting order — each open neighbour c, then
 * the cells next to c other than `here` — for each set of open neighbours (bit k: NEIGHBOURS[here][k]
 * may be entered): SQUIRREL_ORDER[here * 64 + open], each cell at its first visit. The cells of a
 * list that may be entered are the moves, in order (a cell that may not be entered is never listed,
 * so its first visit is the only one that matters).
 */
const SQUIRREL_ORDER: readonly Int8Array[] = (() => {
  const table: Int8Array[] = [];
  for (let here = 0; here < CELL_COUNT; here++)
    for (let openNear = 0; openNear < 64; openNear++) {
      const order: number[] = [];
      NEIGHBOURS[here].forEach((c, k) => {
        if ((openNear & (1 << k)) === 0) return;
        if (!order.includes(c)) order.push(c);
        for (const c2 of NEIGHBOURS[c]) if (c2 !== here && !order.includes(c2)) order.push(c2);
      });
      table.push(Int8Array.from(order));
    }
  return table;
})();
function inSet(lo: number, hi: number, c: number): boolean {
  return c < 32 ? ((lo >>> c) & 1) !== 0 : ((hi >>> (c - 32)) & 1) !== 0;
}
/** `enterable(m, c, seat)` for the state `closedCells` was last given. */
function canEnter(m: MoonState, c: number, seat: number): boolean {
  if (inSet(closedLo, closedHi, c)) return false;
  if (!inSet(animalsLo, animalsHi, c)) return true;
  const other = animalAt(m, c);
  return other < 0 || other === seat;
}

function hasNest(m: MoonState, c: number): boolean {
  for (let i = 0; i < m.nests.length; i++) if (m.nests[i].cell === c) return true;
  return false;
}

/**
 * Legal animal moves and abilities of the seat to act (play phase). Each ability's candidates are
 * checked by checkPlay, the one judge of legality; an ability used this turn or beyond the seat's
 * moon points is skipped whole, and candidates checkPlay is sure to refuse (a cell that is not
 * empty, not the seat's large tree …) are not made, so no error is built for them. The order is
 * the animal's abilities in their order, each ability's candidates in cell order.
 */
export function playMoves(state: GameState, out: MoveList): void {
  const m = state.moon!;
  const seat = state.current;
  const mp = m.players[seat];
  if (mp.animal === null || mp.cell < 0) return;
  const here = mp.cell;
  // the closed cells and animals are read by moves, the hedgehog's run and the fox's abilities only
  if (!m.moved || mp.animal === "hedgehog" || mp.animal === "fox") closedCells(m, seat);
  if (!m.moved) {
    if (mp.animal !== SQUIRREL) {
      // moveTargets without its list: one step, to each enterable neighbour (all distinct)
      pushNeighbours(out, here, extCode(M_EXT_PLAY, P_MOVE));
    } else {
      // moveTargets without its list: its visiting order from a table (SQUIRREL_ORDER)
      const near = NEIGHBOURS[here];
      let openNear = 0;
      for (let k = 0; k < near.length; k++) if (inSet(openLo, openHi, near[k])) openNear |= 1 << k;
      const order = SQUIRREL_ORDER[here * 64 + openNear];
      const code = extCode(M_EXT_PLAY, P_MOVE);
      for (let i = 0; i < order.length; i++) {
        const c = order[i];
        if (inSet(openLo, openHi, c)) out.push(code | (c << 3));
      }
    }
  }
  const points = mp.points;
  const cells = state.cells;
  const own = 1 + seat * 4;
  // each ability's candidates only where what checkTarget asks of the board first holds (no
  // error is built for a candidate sure to be refused); checkTarget still judges each one
  switch (mp.animal) {
    case "boar":
      // dig takes the boar's cell's tree: the seat's large tree
      if (open(m, points, A.dig) && cells[here] === own + LARGE)
        for (let level = 0; level < 2; level++) offerLevel(state, out, A.dig, level, points);
      break;
    case "hedgehog":
      // the run is a move (checkTarget asks exactly what the set of cells the animal may enter holds)
      if (open(m, points, A.run)) pushNeighbours(out, here, abilityCode(A.run));
      if (open(m, points, A.plant) && cells[here] === 0) offer(state, out, abilityCode(A.plant));
      break;
    case "squirrel":
      // eat takes another seat's seed on the squirrel's cell
      if (
        open(m, points, A.eat) &&
        cells[here] !== 0 &&
        ((cells[here] - 1) & 3) === SEED &&
        (cells[here] - 1) >> 2 !== seat
      )
        offer(state, out, abilityCode(A.eat));
      break;
    case "fox":
      if (open(m, points, A.scare))
        for (const from of NEIGHBOURS[here]) {
          if (!inSet(animalsLo, animalsHi, from)) continue; // no animal there (closedCells' set)
          const victim = animalAt(m, from);
          if (victim >= 0)
            for (const to of NEIGHBOURS[from])
              if (canEnter(m, to, victim)) offer(state, out, abilityCode(A.scare, from, to));
        }
      // churn moves the seed on the fox's cell to an empty cell
      if (open(m, points, A.churn) && cells[here] !== 0 && ((cells[here] - 1) & 3) === SEED)
        for (const to of STRAIGHT[here])
          if (cells[to] === 0 && !inSet(closedLo, closedHi, to)) offer(state, out, abilityCode(A.churn, to));
      if (open(m, points, A.steal))
        for (let t = 0; t < m.players.length; t++) {
          // from an animal next to the fox, of a seat with light
          const cell = m.players[t].cell;
          if (t !== seat && cell >= 0 && DISTANCE[here * CELL_COUNT + cell] === 1 && state.players[t].light > 0)
            offer(state, out, abilityCode(A.steal, t));
        }
      break;
    case "owl":
      if (open(m, points, A.hunt))
        for (let level = 0; level < 3; level++) offerLevel(state, out, A.hunt, level, points);
      break;
    case "badger":
      // growth grows the seat's seed on the badger's cell
      if (open(m, points, A.growth) && cells[here] === own + SEED)
        for (let level = 0; level < 2; level++) offerLevel(state, out, A.growth, level, points);
      break;
    case "beaver":
      if (open(m, points, A.dam)) for (const [a, b] of DAM_PAIRS[here]) offer(state, out, abilityCode(A.dam, a, b));
      // improve grows one of the seat's pieces under the dam, the beaver standing on it
      if (open(m, points, A.improve) && m.dam.includes(here))
        for (const c of m.dam)
          if (cells[c] !== 0 && (cells[c] - 1) >> 2 === seat) offer(state, out, abilityCode(A.improve, c));
      break;
    case "turtle":
      if (open(m, points, A.hatch) && hasNest(m, here)) offer(state, out, abilityCode(A.hatch));
      if (open(m, points, A.babySteps))
        for (let k = 0; k < mp.babies.length; k++) {
          const baby = mp.babies[k];
          if (mp.babies.indexOf(baby) < k) continue; // each kind of baby once
          const i = BABIES.indexOf(baby);
          if (i < 0) continue;
          if (!BABY_NEEDS_CELL.includes(baby)) {
            offer(state, out, abilityCode(A.babySteps, i));
            continue;
          }
          // "collect" and "higher" take one of the seat's large trees; "plant" needs an empty cell
          const large = 1 + seat * 4 + LARGE;
          for (let c = 0; c < CELL_COUNT; c++)
            if (baby === "plant" ? cells[c] === 0 : cells[c] === large)
              offer(state, out, abilityCode(A.babySteps, i, c));
        }
      break;
  }
}

// ---- checking -------------------------------------------------------------------------------

const e = (code: RuleError["code"], message: string): RuleError => ({
  code,
  message,
});

/** Which fields an ability's code carries: a, b (cells, seat or baby) and level. */
export function canonicalPlay(code: number): boolean {
  const sub = moveSub(code);
  const a = moveA(code);
  const b = moveB(code);
  const level = moveLevel(code);
  if (sub === P_MOVE) return code === extCode(M_EXT_PLAY, sub, a);
  const rule = ABILITIES[sub - 1];
  if (!rule) return false;
  const levels = rule.name === "eat" ? 1 : rule.costs.length;
  if (level >= levels) return false;
  switch (rule.name) {
    case "run":
    case "churn":
    case "improve":
    case "steal":
      return code === extCode(M_EXT_PLAY, sub, a, 0, level);
    case "scare":
      return code === extCode(M_EXT_PLAY, sub, a, b, level);
    case "dam":
      return a <= b && code === extCode(M_EXT_PLAY, sub, a, b, level);
    case "babySteps":
      if (a >= BABIES.length) return false;
      return code === extCode(M_EXT_PLAY, sub, a, BABY_NEEDS_CELL.includes(BABIES[a]) ? b : 0, level);
    default:
      return code === extCode(M_EXT_PLAY, sub, 0, 0, level);
  }
}

function ownPiece(state: GameState, c: number, seat: number, what: string): RuleError | null {
  const piece = state.cells[c];
  if (piece === 0) return e("CELL_EMPTY", `There is nothing on ${labelOf(c)} to ${what}.`);
  if ((piece - 1) >> 2 !== seat) return e("NOT_YOUR_PIECE", `The piece on ${labelOf(c)} is not yours.`);
  return null;
}
function notUsed(state: GameState, c: number): RuleError | null {
  return usable(state, c)
    ? null
    : e("CELL_ALREADY_USED", `${labelOf(c)} was already the subject of an action this turn.`);
}
function heavyShade(state: GameState, c: number, size: number, what: string): RuleError | null {
  if (!state.options.heavyShade) return null;
  return inShadow(shadeFor(state, currentSun(state))[c], size)
    ? e("IN_SHADOW", `Heavy shade: the piece on ${labelOf(c)} is in shadow and cannot ${what}.`)
    : null;
}
/** A free growth of the piece on c to the next size from the available area (beaver improve). */
function growable(state: GameState, c: number, seat: number): RuleError | null {
  const size = (state.cells[c] - 1) & 3;
  if (size >= LARGE) return e("WRONG_SIZE", "A large tree cannot grow any more.");
  if (state.players[seat].available[size + 1] <= 0)
    return e("NOT_AVAILABLE", `No ${PIECE_NAMES[size + 1]} tree in your available area.`);
  return null;
}

/** Why an M_EXT_PLAY move is illegal for the seat to act (play phase), or null. The code is canonical. */
export function checkPlay(state: GameState, code: number): RuleError | null {
  const m = state.moon!;
  const seat = state.current;
  const mp = m.players[seat];
  const here = mp.cell;
  const sub = moveSub(code);
  const a = moveA(code);
  const b = moveB(code);
  if (mp.animal === null || here < 0) return e("NOT_YOUR_ANIMAL", "You have no animal on the board.");
  if (sub === P_MOVE) {
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
        mp.animal === SQUIRREL
          ? `The squirrel moves 1 or 2 cells; ${labelOf(a)} is out of reach.`
          : `Animals move to an adjacent cell; ${labelOf(a)} is not one.`,
      );
    return null;
  }
  const rule = ABILITIES[sub - 1];
  if (rule.animal !== mp.animal)
    return e("NOT_YOUR_ANIMAL", `${rule.name} is an ability of the ${rule.animal}; your animal is the ${mp.animal}.`);
  if (m.used.includes(rule.name)) return e("ABILITY_USED", `You have already used ${rule.name} this turn.`);
  const level = rule.name === "eat" ? LEAVES[here] - 1 : moveLevel(code);
  const cost = rule.costs[level];
  if (mp.points < cost)
    return e("NOT_ENOUGH_MOON_POINTS", `${rule.name} ${level + 1} costs ${cost} moon points; you have ${mp.points}.`);
  return checkTarget(state, code, rule.name, level);
}

/**
 * The rest of checkPlay for an ability code whose ability is the seat's animal's, unused this turn
 * and affordable at `level`: what the ability needs of the board. playMoves lists only such
 * candidates, so it asks here directly.
 */
function checkTarget(state: GameState, code: number, ability: AbilityName, level: number): RuleError | null {
  const m = state.moon!;
  const seat = state.current;
  const mp = m.players[seat];
  const here = mp.cell;
  const a = moveA(code);
  const b = moveB(code);
  const player = state.players[seat];
  const cells = state.cells;
  switch (ability) {
    case "dig": {
      const problem = ownPiece(state, here, seat, "dig up");
      if (problem) return problem;
      if (((cells[here] - 1) & 3) !== LARGE) return e("WRONG_SIZE", "The boar digs up a large tree only.");
      const used = notUsed(state, here);
      if (used) return used;
      if (level === 1 && player.available[SEED] <= 0) return e("NOT_AVAILABLE", "No seed in your available area.");
      return null;
    }
    case "run":
      if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      if (!NEIGHBOURS[here].includes(a))
        return e("NOT_ADJACENT", `The hedgehog runs one cell; ${labelOf(a)} is not adjacent.`);
      if (!enterable(m, a, seat))
        return e("CELL_BLOCKED", `${labelOf(a)} holds another animal, a moonstone or the Great Tree.`);
      return null;
    case "plant":
      if (cells[here] !== 0)
        return e("CELL_OCCUPIED", `The hedgehog plants only on an empty cell; ${labelOf(here)} is not empty.`);
      if (player.board[SEED] <= 0) return e("COLUMN_EMPTY", "No seed left on your player board.");
      return notUsed(state, here);
    case "eat": {
      const piece = cells[here];
      if (piece === 0) return e("CELL_EMPTY", `There is no seed on ${labelOf(here)}.`);
      if (((piece - 1) & 3) !== SEED) return e("WRONG_SIZE", "The squirrel eats seeds only.");
      if ((piece - 1) >> 2 === seat) return e("NO_TARGET", "The squirrel eats another player's seed, not yours.");
      return null;
    }
    case "scare": {
      if (a >= CELL_COUNT || b >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      const victim = animalAt(m, a);
      if (victim < 0 || victim === seat) return e("NO_TARGET", `There is no other animal on ${labelOf(a)}.`);
      if (!NEIGHBOURS[here].includes(a))
        return e("NOT_ADJACENT", `The animal on ${labelOf(a)} is not next to the fox.`);
      if (!NEIGHBOURS[a].includes(b))
        return e("NOT_ADJACENT", `The scared animal moves one cell; ${labelOf(b)} is not next to it.`);
      if (!enterable(m, b, victim))
        return e("CELL_BLOCKED", `${labelOf(b)} holds another animal, a moonstone or the Great Tree.`);
      return null;
    }
    case "churn": {
      if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      const piece = cells[here];
      if (piece === 0) return e("CELL_EMPTY", `There is no seed on ${labelOf(here)}.`);
      if (((piece - 1) & 3) !== SEED) return e("WRONG_SIZE", "The fox moves seeds only.");
      if (!STRAIGHT[here].includes(a))
        return e("OUT_OF_RANGE", `A seed moves 1 or 2 cells in a straight line; ${labelOf(a)} is not.`);
      if (cells[a] !== 0) return e("CELL_OCCUPIED", `${labelOf(a)} is not empty.`);
      if (blocked(m, a)) return e("CELL_BLOCKED", `Nothing may be put on ${labelOf(a)}.`);
      return null;
    }
    case "steal": {
      if (a >= m.players.length || a === seat) return e("NO_TARGET", "Steal from another player.");
      const cell = m.players[a].cell;
      if (cell < 0 || DISTANCE[here * CELL_COUNT + cell] !== 1)
        return e("NOT_ADJACENT", "That player's animal is not next to the fox.");
      if (state.players[a].light <= 0) return e("NO_TARGET", "That player has no light points.");
      return null;
    }
    case "hunt":
      return null;
    case "growth": {
      const problem = ownPiece(state, here, seat, "grow");
      if (problem) return problem;
      if (((cells[here] - 1) & 3) !== SEED) return e("WRONG_SIZE", "The badger grows a seed only.");
      if (count(state.touched, here) > 0)
        return e("CELL_ALREADY_USED", "The badger cannot grow a seed planted this turn.");
      if (level === 0 && player.available[SMALL] <= 0)
        return e("NOT_AVAILABLE", "No small tree in your available area.");
      if (level === 1 && player.board[SMALL] <= 0) return e("COLUMN_EMPTY", "No small tree left on your player board.");
      return heavyShade(state, here, SEED, "grow");
    }
    case "dam": {
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
    }
    case "improve": {
      if (a >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      if (!m.dam.includes(here)) return e("WRONG_CELL", "The beaver must stand on the dam.");
      if (!m.dam.includes(a)) return e("WRONG_CELL", `${labelOf(a)} is not under the dam.`);
      const problem = ownPiece(state, a, seat, "grow") ?? growable(state, a, seat) ?? notUsed(state, a);
      if (problem) return problem;
      return heavyShade(state, a, (cells[a] - 1) & 3, "grow");
    }
    case "hatch":
      if (!m.nests.some((n) => n.cell === here)) return e("NO_BABY", `No baby turtle lies on ${labelOf(here)}.`);
      return null;
    case "babySteps": {
      const baby = BABIES[a];
      if (!mp.babies.includes(baby)) return e("NO_BABY", `You have no hatched "${baby}" baby turtle.`);
      return checkBaby(state, seat, baby, b);
    }
  }
  return e("MALFORMED_ACTION", "Unknown ability.");
}

function checkBaby(state: GameState, seat: number, baby: BabyName, c: number): RuleError | null {
  const player = state.players[seat];
  switch (baby) {
    case "small":
    case "medium": {
      const col = baby === "small" ? SMALL : SMALL + 1;
      return player.board[col] > 0 ? null : e("COLUMN_EMPTY", `No ${baby} tree left on your player board.`);
    }
    case "collect":
    case "higher": {
      if (c >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      const problem = ownPiece(state, c, seat, "collect");
      if (problem) return problem;
      if (((state.cells[c] - 1) & 3) !== LARGE) return e("WRONG_SIZE", "Only a large tree can be collected.");
      const used = notUsed(state, c);
      if (used) return used;
      if (baby === "higher" && player.light < COLLECT_COST)
        return e("NOT_ENOUGH_LIGHT", `Collecting costs ${COLLECT_COST} light points; you have ${player.light}.`);
      return null;
    }
    case "plant":
      if (c >= CELL_COUNT) return e("NOT_ON_BOARD", "That cell is not on the board.");
      if (player.available[SEED] <= 0) return e("NOT_AVAILABLE", "No seed in your available area.");
      if (state.cells[c] !== 0) return e("CELL_OCCUPIED", `${labelOf(c)} is not empty.`);
      if (blocked(state.moon!, c)) return e("CELL_BLOCKED", `Nothing may be put on ${labelOf(c)}.`);
      return notUsed(state, c);
    default:
      return null;
  }
}

// ---- applying -------------------------------------------------------------------------------

/** Apply an M_EXT_PLAY move (already checked) for the seat to act. */
export function applyPlay(d: Draft, code: number, events: GameEvent[]): void {
  const s = d.s;
  const seat = s.current;
  const sub = moveSub(code);
  const a = moveA(code);
  const b = moveB(code);
  const mp0 = s.moon!.players[seat];
  const animal = mp0.animal!;
  const here = mp0.cell;
  if (sub === P_MOVE) {
    moonOf(d).moved = true;
    moonPlayerOf(d, seat).cell = a;
    events.push({
      type: "animalMoved",
      seat,
      animal,
      from: CELLS[here],
      to: CELLS[a],
      by: seat,
    });
    return;
  }
  const rule = ABILITIES[sub - 1];
  const level = rule.name === "eat" ? LEAVES[here] - 1 : moveLevel(code);
  const cost = rule.costs[level];
  const m = moonOf(d);
  m.used = [...m.used, rule.name];
  const mp = moonPlayerOf(d, seat);
  mp.points -= cost;
  events.push({
    type: "abilityUsed",
    seat,
    animal,
    ability: rule.name,
    level: level + 1,
    cost,
    points: mp.points,
  });
  switch (rule.name) {
    case "dig": {
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
      break;
    }
    case "run":
      mp.cell = a;
      events.push({
        type: "animalMoved",
        seat,
        animal,
        from: CELLS[here],
        to: CELLS[a],
        by: seat,
      });
      break;
    case "plant":
      d.player(seat).board[SEED]--;
      d.put(here, encodePiece(seat, SEED));
      d.touch(here);
      events.push({
        type: "seedPlaced",
        seat,
        cell: CELLS[here],
        from: "board",
      });
      break;
    case "eat": {
      const owner = (s.cells[here] - 1) >> 2;
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
      break;
    }
    case "scare": {
      const victim = animalAt(m, a);
      moonPlayerOf(d, victim).cell = b;
      events.push({
        type: "animalMoved",
        seat: victim,
        animal: m.players[victim].animal!,
        from: CELLS[a],
        to: CELLS[b],
        by: seat,
      });
      break;
    }
    case "churn": {
      const piece = s.cells[here];
      d.put(a, piece);
      d.put(here, 0);
      // a seed planted this turn stays unable to grow this turn (its "used" mark moves with it)
      if (s.touched.includes(here) && !s.touched.includes(a)) d.touch(a);
      events.push({
        type: "seedMoved",
        seat,
        owner: (piece - 1) >> 2,
        from: CELLS[here],
        to: CELLS[a],
      });
      break;
    }
    case "steal": {
      const victim = d.player(a);
      const amount = Math.min(STEAL_LIGHT, victim.light);
      victim.light -= amount;
      const { lost } = addLight(d.player(seat), amount);
      events.push({ type: "lightStolen", seat, from: a, amount, lost });
      break;
    }
    case "hunt": {
      const got = addLight(d.player(seat), HUNT_LIGHT[level]);
      events.push({
        type: "lightGained",
        seat,
        amount: HUNT_LIGHT[level],
        ...got,
      });
      break;
    }
    case "growth": {
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
      break;
    }
    case "dam": {
      const site = [here, a, b].sort((x, y) => x - y);
      m.dam = site;
      events.push({ type: "damBuilt", seat, cells: site.map((c) => CELLS[c]) });
      // everything on the dam grows once, free, whoever owns it — if the owner has the next size available
      for (const c of site) {
        const piece = d.s.cells[c];
        if (piece === 0) continue;
        const owner = (piece - 1) >> 2;
        const size = (piece - 1) & 3;
        if (size < LARGE && d.s.players[owner].available[size + 1] > 0) growFree(d, owner, c, events);
      }
      break;
    }
    case "improve":
      growFree(d, seat, a, events);
      d.touch(a);
      break;
    case "hatch": {
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
      break;
    }
    case "babySteps": {
      const baby = BABIES[a];
      const babies = mp.babies.slice();
      babies.splice(babies.indexOf(baby), 1);
      mp.babies = babies;
      mp.spent = [...mp.spent, baby];
      events.push({ type: "babyUsed", seat, baby });
      applyBaby(d, seat, baby, b, events);
      break;
    }
  }
}

function applyBaby(d: Draft, seat: number, baby: BabyName, c: number, events: GameEvent[]): void {
  switch (baby) {
    case "double":
      moonOf(d).double = true;
      break;
    case "small":
    case "medium": {
      const col = baby === "small" ? SMALL : SMALL + 1;
      const p = d.player(seat);
      p.board[col]--;
      p.available[col]++;
      events.push({ type: "bought", seat, piece: PIECE_NAMES[col], cost: 0 });
      break;
    }
    case "collect":
      collectTree(d, seat, c, 0, LEAVES[c], events);
      break;
    case "higher":
      d.player(seat).light -= COLLECT_COST;
      collectTree(d, seat, c, COLLECT_COST, Math.min(4, LEAVES[c] + 1), events);
      break;
    case "light": {
      const got = addLight(d.player(seat), BABY_LIGHT);
      events.push({ type: "lightGained", seat, amount: BABY_LIGHT, ...got });
      break;
    }
    case "plant":
      d.player(seat).available[SEED]--;
      d.put(c, encodePiece(seat, SEED));
      d.touch(c);
      events.push({
        type: "seedPlaced",
        seat,
        cell: CELLS[c],
        from: "available",
      });
      break;
    case "points":
      break;
  }
}

/** Remove the seat's large tree on c (an action on c), taking a token from the `leaves` stack down. */
function collectTree(d: Draft, seat: number, c: number, cost: number, leaves: number, events: GameEvent[]): void {
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
function growFree(d: Draft, owner: number, c: number, events: GameEvent[]): void {
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
