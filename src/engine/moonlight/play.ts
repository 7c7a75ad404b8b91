/**
 * The expansion during play (German rulebook, "Die Waldtiere", "Die Tierfähigkeiten"; docs/rules.md §8):
 * the hooks the base game calls (the turtle's two actions on one cell, the moon's round), and the
 * play moves — the animal's move (abilities/move.ts) and every ability of the eight animals
 * (abilities/: one entry each, with its moves, checks and effect) — listed, checked and applied
 * through the table, with what every ability shares here (its animal's, once a turn, its cost).
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
import { M_EXT_PLAY, type MoveList, extCode, moveA, moveB, moveLevel, moveSub } from "../codes";
import type { Draft } from "../draft";
import type { GameEvent, GameState, RuleError } from "../types";
import { ABILITY_TABLE, ANIMAL_ABILITIES, P_MOVE, animalMove } from "./abilities";
import { e } from "./abilities/ability";
import { closedCells } from "./abilities/cells";
import { moonOf, moonPlayerOf } from "./draft";
import { moonGains } from "./light";
import { moonStep } from "./geometry";
import { ABILITIES, DOUBLE_ACTIONS, MOON_POINTS_CAP } from "./rules";
import type { MoonState } from "./types";

export { P_MOVE } from "./abilities";
export { animalAt, enterable, moveTargets } from "./abilities/cells";

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
    const points = Math.min(total, MOON_POINTS_CAP);
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

// ---- legal moves, checking, applying: dispatched to the animal's move and the table of abilities

/** Whether an ability is worth listing: not used this turn, and the seat has its lowest cost. */
function open(m: MoonState, points: number, i: number): boolean {
  return points >= LOWEST_COST[i] && (m.used.length === 0 || !m.used.includes(ABILITIES[i].name));
}
/** Each ability's lowest cost, by index (read on every listing). */
const LOWEST_COST = Int32Array.from(ABILITIES.map((a) => a.costs[0]));

/**
 * Legal animal moves and abilities of the seat to act (play phase): the animal's move, then its
 * abilities in their order, each ability's candidates in cell order. An ability used this turn or
 * beyond the seat's moon points is skipped whole; each ability lists only candidates its own check
 * accepts (checkPlay's other checks hold for every one of them).
 */
export function playMoves(state: GameState, out: MoveList): void {
  const m = state.moon!;
  const seat = state.current;
  const mp = m.players[seat];
  if (mp.animal === null || mp.cell < 0) return;
  const here = mp.cell;
  const animal = ANIMAL_ABILITIES[mp.animal];
  // the cells animals may enter are read by the move, the hedgehog's run and the fox's abilities only
  if (!m.moved || animal.enters) closedCells(m, seat);
  if (!m.moved) animalMove.moves(state, out, here);
  const points = mp.points;
  const abilities = animal.abilities;
  for (let k = 0; k < abilities.length; k++) {
    const ability = abilities[k];
    if (open(m, points, ability.index)) ability.moves(state, out, here, points);
  }
}

/** Whether an M_EXT_PLAY code is written canonically: the fields its ability carries, the others 0. */
export function canonicalPlay(code: number): boolean {
  const sub = moveSub(code);
  const a = moveA(code);
  const b = moveB(code);
  const level = moveLevel(code);
  if (sub === P_MOVE) return code === extCode(M_EXT_PLAY, sub, a);
  const ability = ABILITY_TABLE[sub - 1];
  if (!ability) return false;
  // (eat's level is its cell's leaves, not written in the code)
  const levels = ability.rule.name === "eat" ? 1 : ability.rule.costs.length;
  return level < levels && ability.carries(a, b) && code === extCode(M_EXT_PLAY, sub, a, b, level);
}

/** Why an M_EXT_PLAY move is illegal for the seat to act (play phase), or null. The code is canonical. */
export function checkPlay(state: GameState, code: number): RuleError | null {
  const m = state.moon!;
  const mp = m.players[state.current];
  const here = mp.cell;
  if (mp.animal === null || here < 0) return e("NOT_YOUR_ANIMAL", "You have no animal on the board.");
  const sub = moveSub(code);
  if (sub === P_MOVE) return animalMove.check(state, code, here);
  const ability = ABILITY_TABLE[sub - 1];
  // (canonical codes only: its animal's abilities are entered)
  if (!ability) return e("MALFORMED_ACTION", "Not a move code.");
  const rule = ability.rule;
  if (rule.animal !== mp.animal)
    return e("NOT_YOUR_ANIMAL", `${rule.name} is an ability of the ${rule.animal}; your animal is the ${mp.animal}.`);
  if (m.used.includes(rule.name)) return e("ABILITY_USED", `You have already used ${rule.name} this turn.`);
  const level = ability.level(code, here);
  const cost = rule.costs[level];
  if (mp.points < cost)
    return e("NOT_ENOUGH_MOON_POINTS", `${rule.name} ${level + 1} costs ${cost} moon points; you have ${mp.points}.`);
  return ability.check(state, code, level, here);
}

/** Apply an M_EXT_PLAY move (already checked) for the seat to act: an ability is paid and marked used, then takes effect. */
export function applyPlay(d: Draft, code: number, events: GameEvent[]): void {
  const seat = d.s.current;
  const { animal, cell: here } = d.s.moon!.players[seat];
  const sub = moveSub(code);
  if (sub === P_MOVE) {
    animalMove.apply(d, code, here, events);
    return;
  }
  // (a checked code: its animal's abilities are entered)
  const ability = ABILITY_TABLE[sub - 1]!;
  const rule = ability.rule;
  const level = ability.level(code, here);
  const cost = rule.costs[level];
  const m = moonOf(d);
  m.used = [...m.used, rule.name];
  const mp = moonPlayerOf(d, seat);
  mp.points -= cost;
  events.push({
    type: "abilityUsed",
    seat,
    animal: animal!,
    ability: rule.name,
    level: level + 1,
    cost,
    points: mp.points,
  });
  ability.apply(d, code, level, here, events);
}
