/**
 * The expansion's setup (German rulebook, "Spielaufbau"; docs/rules.md §8): the animal deal, the choice
 * (private until every seat has chosen), the turtle's babies, the animals' placement, the Great
 * Tree and the moonstones — all before the base game's setup trees.
 */
import { CELL_COUNT, CELLS, LEAVES, labelOf } from "../board";
import { M_EXT_SETUP, type MoveList, extCode, moveA, moveSub } from "../codes";
import type { Draft } from "../draft";
import { pushCells } from "../masks";
import { moonOf, moonPlayerOf } from "./draft";
import { shuffle } from "../rng";
import type { GameEvent, GameOptions, GameState, RuleError } from "../types";
import { ANIMAL_START_LEAVES, NEST_CELLS } from "./geometry";
import { ANIMALS, BABIES, BABIES_LAID } from "./rules";
import { moonstoneCount } from "./seen";
import type { MoonStage, MoonState } from "./types";

// (how many moonstones are in play is what a page that only shows a game needs too: ./seen.ts)
export { moonstoneCount };

/** `sub` of a setup move code. */
export const S_CHOOSE = 0;
export const S_ANIMAL = 1;
export const S_GREAT_TREE = 2;
export const S_MOONSTONE = 3;
export const STAGE_OF_SUB: readonly MoonStage[] = ["choose", "animals", "greatTree", "moonstones"];

/** Only the codes extCode() builds for a setup step (sub 0..3, field a). */
export function canonicalSetup(code: number): boolean {
  const sub = moveSub(code);
  return sub <= S_MOONSTONE && code === extCode(M_EXT_SETUP, sub, moveA(code));
}

/**
 * The expansion's setup steps in order, as (stage, seat):
 * - choose: every seat, in turn order from the first player (Decision: the boards are chosen one
 *   seat after another; the choice stays hidden until all have chosen, as if chosen together);
 * - animals: from the player to the right of the first player, counter-clockwise (seat − 1, − 2 …);
 * - Great Tree: the last player in turn order (first player − 1);
 * - moonstones: with the Great Tree, from the player to the right of the one who placed it, else
 *   from the last player in turn order; counter-clockwise (Decision: with 2 players and 3 stones,
 *   the round goes on: last, first, last).
 */
export function setupSchedule(options: GameOptions, firstPlayer: number): { stage: MoonStage; seat: number }[] {
  const n = options.players;
  const mod = (x: number) => ((x % n) + n) % n;
  const steps: { stage: MoonStage; seat: number }[] = [];
  for (let i = 0; i < n; i++) steps.push({ stage: "choose", seat: mod(firstPlayer + i) });
  for (let i = 1; i <= n; i++) steps.push({ stage: "animals", seat: mod(firstPlayer - i) });
  const gt = options.moonlight?.greatTree === true;
  if (gt) steps.push({ stage: "greatTree", seat: mod(firstPlayer - 1) });
  const start = gt ? firstPlayer - 2 : firstPlayer - 1;
  for (let i = 0; i < moonstoneCount(options); i++) steps.push({ stage: "moonstones", seat: mod(start - i) });
  return steps;
}

/**
 * setupSchedule for the game being set up, kept for its options object and first player (every
 * setup step of every game asks; a game's states share their options object, never changed).
 */
let scheduleFor: GameOptions | null = null;
let scheduleFirst = -1;
let schedule: readonly { stage: MoonStage; seat: number }[] = [];
function scheduleOf(options: GameOptions, firstPlayer: number): readonly { stage: MoonStage; seat: number }[] {
  if (options !== scheduleFor || firstPlayer !== scheduleFirst) {
    schedule = setupSchedule(options, firstPlayer);
    scheduleFor = options;
    scheduleFirst = firstPlayer;
  }
  return schedule;
}

/**
 * Move the expansion's setup on to its next step (advance() calls this while `moon.stage` is
 * set). Returns the seat to act, or -1 when the expansion's steps are done (then the setup trees
 * begin). A resigned seat's choice and animal are skipped; its Great Tree or moonstone is placed by
 * the next seat counter-clockwise still playing (Decision).
 */
export function nextSetupStep(d: Draft, events: GameEvent[]): number {
  const s = d.s;
  const steps = scheduleOf(s.options, s.firstPlayer);
  for (;;) {
    const was = s.moon!.stage;
    s.turn++;
    const step = steps[s.turn];
    if (was === "choose" && step?.stage !== "choose") reveal(d, events);
    if (!step) {
      moonOf(d).stage = null;
      return -1;
    }
    if (s.moon!.stage !== step.stage) moonOf(d).stage = step.stage;
    if (step.stage === "choose" || step.stage === "animals") {
      if (s.players[step.seat].resigned || (step.stage === "animals" && s.moon!.players[step.seat].animal === null))
        continue;
      return step.seat;
    }
    return stillPlaying(s, step.seat);
  }
}

/** `seat`, or the next seat counter-clockwise that has not resigned. */
function stillPlaying(s: GameState, seat: number): number {
  const n = s.options.players;
  for (let i = 0; i < n; i++) {
    const t = (((seat - i) % n) + n) % n;
    if (!s.players[t].resigned) return t;
  }
  return seat;
}

/**
 * The seat to act resigned during the Great Tree or moonstone step: the same step passes to the
 * next seat counter-clockwise (the piece is nobody's, so it is still placed). Returns false for any
 * other step (the caller then advances as usual).
 */
export function passSetupStep(d: Draft): boolean {
  const stage = d.s.moon!.stage;
  if (d.s.phase !== "setup" || (stage !== "greatTree" && stage !== "moonstones")) return false;
  d.s.current = stillPlaying(d.s, d.s.current);
  return true;
}

/** Every seat has chosen: the animals become public; the turtle's babies are laid face down. */
function reveal(d: Draft, events: GameEvent[]): void {
  const m = moonOf(d);
  events.push({ type: "animalsRevealed", animals: m.players.map((p) => p.animal) });
  if (m.players.some((p) => p.animal === "turtle")) {
    const shuffled = shuffle(d.s.rng, BABIES);
    d.s.rng = shuffled.rng;
    m.nests = NEST_CELLS.map((cell, i) => ({ cell, baby: shuffled.items[i] }));
    m.box = shuffled.items.slice(BABIES_LAID);
    events.push({ type: "babiesLaid", cells: NEST_CELLS.map((c) => CELLS[c]) });
  }
}

/** A cell nothing may be put on: the Great Tree's or a moonstone's. */
export function blocked(m: MoonState, c: number): boolean {
  return c === m.greatTree || m.stones.includes(c);
}

/** The blocked cells as one word of a 37-cell set (the base's `blockedSet` hook: ../expansion.ts). */
export function blockedSet(m: MoonState, word: number): number {
  // kept for the last stones array and Great Tree asked about (arrays are replaced, never mutated;
  // both are placed during setup only): asked twice for every listing of legal moves
  if (m.stones !== setOfStones || m.greatTree !== setOfTree) {
    setLo = 0;
    setHi = 0;
    for (const c of [m.greatTree, ...m.stones])
      if (c >= 0 && c < 32) setLo |= 1 << c;
      else if (c >= 32 && c < CELL_COUNT) setHi |= 1 << (c - 32);
    setOfStones = m.stones;
    setOfTree = m.greatTree;
  }
  return word === 0 ? setLo : word === 1 ? setHi : 0;
}
let setOfStones: readonly number[] | null = null;
let setOfTree = -1;
let setLo = 0;
let setHi = 0;

function hasAnimal(m: MoonState, c: number): boolean {
  for (const p of m.players) if (p.cell === c) return true;
  return false;
}
function hasNest(m: MoonState, c: number): boolean {
  for (const n of m.nests) if (n.cell === c) return true;
  return false;
}

/** Legal setup moves of the expansion's current stage. */
export function setupMoves(state: GameState, out: MoveList): void {
  const m = state.moon!;
  const seat = state.current;
  switch (m.stage) {
    case "choose":
      for (const a of m.players[seat].deal ?? []) out.push(extCode(M_EXT_SETUP, S_CHOOSE, ANIMALS.indexOf(a)));
      return;
    case "animals": {
      // the 3-leaf cells without an animal, as 37-cell sets (by cell)
      takenCells(m, false);
      pushCells(out, extCode(M_EXT_SETUP, S_ANIMAL), START_LO & ~takenLo, START_HI & ~takenHi);
      return;
    }
    case "greatTree":
    case "moonstones": {
      // a free cell for the Great Tree or a moonstone: no animal, no baby turtle, no Great Tree or stone
      takenCells(m, true);
      const code = extCode(M_EXT_SETUP, m.stage === "greatTree" ? S_GREAT_TREE : S_MOONSTONE);
      pushCells(out, code, ~takenLo, ALL_HI & ~takenHi);
      return;
    }
  }
}

/** The 3-leaf cells (animals start there) and the cells 32–36, as 37-cell set words. */
const START_LO = CELLS.reduce((set, _, c) => (c < 32 && LEAVES[c] === ANIMAL_START_LEAVES ? set | (1 << c) : set), 0);
const START_HI = CELLS.reduce(
  (set, _, c) => (c >= 32 && LEAVES[c] === ANIMAL_START_LEAVES ? set | (1 << (c - 32)) : set),
  0,
);
const ALL_HI = (1 << (CELL_COUNT - 32)) - 1;

/** The cells holding an animal (and, with `blockers`, a baby turtle, the Great Tree or a moonstone): setupMoves' scratch. */
let takenLo = 0;
let takenHi = 0;
function takenCells(m: MoonState, blockers: boolean): void {
  takenLo = blockers ? blockedSet(m, 0) : 0;
  takenHi = blockers ? blockedSet(m, 1) : 0;
  const add = (c: number) => {
    if (c >= 0 && c < 32) takenLo |= 1 << c;
    else if (c >= 32 && c < CELL_COUNT) takenHi |= 1 << (c - 32);
  };
  for (const p of m.players) add(p.cell);
  if (blockers) for (const n of m.nests) add(n.cell);
}

export function checkSetup(state: GameState, code: number): RuleError | null {
  const m = state.moon!;
  const sub = moveSub(code);
  const a = moveA(code);
  const stage = STAGE_OF_SUB[sub];
  if (m.stage !== stage) {
    const now = m.stage === null ? "the setup trees are being placed" : `the step now is: ${m.stage}`;
    return {
      code: "WRONG_PHASE",
      message: `Not the time to ${stage === "choose" ? "choose an animal" : `place ${stage === "animals" ? "an animal" : stage === "greatTree" ? "the Great Tree" : "a moonstone"}`}: ${now}.`,
    };
  }
  const seat = state.current;
  if (sub === S_CHOOSE) {
    if (a >= ANIMALS.length) return { code: "MALFORMED_ACTION", message: "Unknown animal." };
    if (!(m.players[seat].deal ?? []).includes(ANIMALS[a]))
      return { code: "NOT_DEALT", message: `The ${ANIMALS[a]} was not dealt to you.` };
    return null;
  }
  if (a >= CELL_COUNT) return { code: "NOT_ON_BOARD", message: "That cell is not on the board." };
  if (sub === S_ANIMAL) {
    if (LEAVES[a] !== ANIMAL_START_LEAVES)
      return { code: "WRONG_CELL", message: `Animals start on a 3-leaf cell; ${labelOf(a)} is not one.` };
    if (hasAnimal(m, a)) return { code: "CELL_BLOCKED", message: `Another animal is on ${labelOf(a)}.` };
    return null;
  }
  if (hasAnimal(m, a) || blocked(m, a)) return { code: "CELL_BLOCKED", message: `${labelOf(a)} is not free.` };
  if (hasNest(m, a)) return { code: "CELL_BLOCKED", message: `A baby turtle lies on ${labelOf(a)}.` };
  return null;
}

/** Apply a setup move (already checked); the caller then advances the game. */
export function applySetup(d: Draft, code: number, events: GameEvent[]): void {
  const seat = d.s.current;
  const sub = moveSub(code);
  const a = moveA(code);
  const m = moonOf(d);
  switch (sub) {
    case S_CHOOSE: {
      const p = moonPlayerOf(d, seat);
      p.animal = ANIMALS[a];
      p.deal = null;
      events.push({ type: "animalChosen", seat, animal: ANIMALS[a] });
      break;
    }
    case S_ANIMAL: {
      const p = moonPlayerOf(d, seat);
      p.cell = a;
      events.push({ type: "animalPlaced", seat, animal: p.animal!, cell: CELLS[a] });
      break;
    }
    case S_GREAT_TREE:
      m.greatTree = a;
      events.push({ type: "greatTreePlaced", seat, cell: CELLS[a] });
      break;
    case S_MOONSTONE:
      m.stones = [...m.stones, a];
      events.push({ type: "moonstonePlaced", seat, cell: CELLS[a] });
      break;
  }
}
