/**
 * Between the public engine's states and the fast core's positions (docs/fast-path.md).
 *
 * `toFast(state)` builds a position from a full `GameState`. A bot that may not see everything
 * builds one from its view instead, `toFast(viewFor(state, seat), hidden)`, where `hidden` holds
 * the parts the view hides, sampled by the bot (hidden.ts `sampleHidden`, or its own draw): the
 * real hidden state is never read. `toGameState` gives the public state of a position back.
 */
import { CELL_COUNT } from "../board";
import { ABILITY_NAMES, ANIMAL_NAMES, BABY_NAMES, MOON_STAGES } from "../moonlight/types";
import type { AnimalName, BabyName, MoonPlayerState, MoonState } from "../moonlight/types";
import type { GameState, Phase, PlayerState, ScoringToken } from "../types";
import {
  AVAIL_AT,
  BOARD_AT,
  CELLS_AT,
  CURRENT,
  FIRST,
  LIGHT_AT,
  MAX_BOX,
  MAX_NESTS,
  MAX_STONES,
  M_BOX_AT,
  M_BOX_N,
  M_DAM_AT,
  M_DAM_N,
  M_DOUBLE,
  M_FULL,
  M_MOVED,
  M_NESTS_AT,
  M_NESTS_N,
  M_POSITION,
  M_SEATS_AT,
  M_STAGE,
  M_STONES_AT,
  M_STONES_N,
  M_TREE,
  M_USED,
  M_USED_SEQ,
  M_ANIMALS_HI,
  M_ANIMALS_LO,
  M_BLOCK_HI,
  M_BLOCK_LO,
  PHASE,
  PLY,
  RESIGNED_AT,
  RNG,
  ROUND,
  SEAT_WORDS,
  STACKS_AT,
  S_ANIMAL,
  S_BABIES,
  S_CELL,
  S_DEAL,
  S_DEAL_N,
  S_POINTS,
  S_SPENT,
  TOKENS_AT,
  TOKENS_N,
  TOUCHED_AT,
  TOUCHED_N,
  TURN,
  occupy,
  touch,
} from "./layout";
import { FastPosition } from "./position";

const PHASES: readonly Phase[] = ["setup", "play", "ended"];

/**
 * What a view hides, supplied by the caller (a bot's determinization: docs/fast-path.md, "Hidden
 * information"). Every value given replaces the state's; a value the state hides (null) must be
 * given wherever play will need it, or `toFast` throws. `sampleHidden(view, seed)` draws them all.
 */
export interface Hidden {
  /** Per seat: the two animal boards dealt, for a seat still to choose (null or absent: the state's). */
  deals?: readonly (readonly AnimalName[] | null | undefined)[];
  /** Per seat: the animal chosen, for a seat that chose while others are still choosing. */
  animals?: readonly (AnimalName | null | undefined)[];
  /** The face-down baby turtles, one per entry of `moon.nests`, in its order. */
  nests?: readonly BabyName[];
  /** The two babies in the box (play never reads them; only `toGameState` gives them back). */
  box?: readonly BabyName[];
  /** The game's generator state (uint32): it draws the babies when the last seat has chosen, if that is still to come. */
  rng?: number;
}

const NO_HIDDEN: Hidden = {};
const PHASE_OF: Record<Phase, number> = { setup: 0, play: 1, ended: 2 };
const ANIMAL_INDEX: Record<string, number> = Object.fromEntries(ANIMAL_NAMES.map((x, i) => [x, i]));
const BABY_INDEX: Record<string, number> = Object.fromEntries(BABY_NAMES.map((x, i) => [x, i]));
const ABILITY_INDEX: Record<string, number> = Object.fromEntries(ABILITY_NAMES.map((x, i) => [x, i]));

/**
 * The fast position of a public state (a full state; or a view, with `hidden` filling what it
 * hides). `into`: a position of a game with the same rules (players, long game, heavy shade,
 * Moonlight modes) to write over instead of allocating one — a search that builds a position per
 * determinization or per playout allocates nothing.
 */
export function toFast(state: GameState, hidden: Hidden = NO_HIDDEN, into?: FastPosition): FastPosition {
  let p: FastPosition;
  if (into === undefined) p = new FastPosition(state.options);
  else {
    p = into;
    p.reuse(state.options);
    p.a.fill(0);
  }
  const a = p.a;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = state.cells[c];
    a[CELLS_AT + c] = piece;
    if (piece !== 0) occupy(a, (piece - 1) >> 2, c);
  }
  if (state.touched.length > CELL_COUNT) throw new Error("toFast: more cells used this turn than the board has.");
  for (let i = 0; i < state.touched.length; i++) touch(a, state.touched[i]);
  for (let s = 0; s < state.players.length; s++) {
    const pl = state.players[s];
    a[LIGHT_AT + s] = pl.light;
    for (let i = 0; i < 4; i++) {
      a[BOARD_AT + s * 4 + i] = pl.board[i];
      a[AVAIL_AT + s * 4 + i] = pl.available[i];
    }
    a[RESIGNED_AT + s] = pl.resigned ? 1 : 0;
    for (let i = 0; i < pl.tokens.length; i++) {
      const k = TOKENS_AT + 3 * a[TOKENS_N]++;
      a[k] = s;
      a[k + 1] = pl.tokens[i].leaves;
      a[k + 2] = pl.tokens[i].value;
    }
  }
  for (let i = 0; i < 4; i++) a[STACKS_AT + i] = state.stacks[i];
  a[PHASE] = PHASE_OF[state.phase];
  a[ROUND] = state.round;
  a[FIRST] = state.firstPlayer;
  a[CURRENT] = state.current;
  a[TURN] = state.turn;
  a[PLY] = state.ply;
  a[RNG] = (hidden.rng ?? state.rng) | 0;
  if (p.moon) {
    if (!state.moon) throw new Error("toFast: an Under the Moonlight game's state without its moon part.");
    moonToFast(state, state.moon, hidden, a);
  }
  return p;
}

function fail(message: string): never {
  throw new Error(`toFast: ${message}`);
}

/** A list of small numbers (index + 1), 4 bits each, first in the low bits (layout.ts). */
function packList(names: readonly string[], index: Record<string, number>, what: string): number {
  if (names.length > 7) fail(`too many ${what}.`);
  let list = 0;
  for (let k = 0; k < names.length; k++) {
    const i = index[names[k]];
    if (i === undefined) fail(`unknown ${what} "${names[k]}".`);
    list |= (i + 1) << (4 * k);
  }
  return list;
}
function unpackList<T>(list: number, all: readonly T[]): T[] {
  const out: T[] = [];
  for (; list !== 0; list >>>= 4) out.push(all[(list & 15) - 1]);
  return out;
}

function block(a: Int32Array, c: number): void {
  if (c < 32) a[M_BLOCK_LO] |= 1 << c;
  else a[M_BLOCK_HI] |= 1 << (c - 32);
}

function moonToFast(state: GameState, m: MoonState, hidden: Hidden, a: Int32Array): void {
  const n = state.options.players;
  a[M_STAGE] = m.stage === null ? -1 : MOON_STAGES.indexOf(m.stage);
  a[M_POSITION] = m.position;
  a[M_FULL] = m.full ? 1 : 0;
  a[M_TREE] = m.greatTree;
  if (m.greatTree >= 0) block(a, m.greatTree);
  if (m.stones.length > MAX_STONES) fail("too many moonstones.");
  for (let i = 0; i < m.stones.length; i++) {
    a[M_STONES_AT + i] = m.stones[i];
    block(a, m.stones[i]);
  }
  a[M_STONES_N] = m.stones.length;
  if (m.dam.length !== 0 && m.dam.length !== 3) fail("a dam covers three cells.");
  a[M_DAM_N] = m.dam.length;
  for (let i = 0; i < m.dam.length; i++) a[M_DAM_AT + i] = m.dam[i];
  if (m.nests.length > MAX_NESTS) fail("too many baby turtles on the board.");
  if (hidden.nests && hidden.nests.length !== m.nests.length)
    fail(`hidden.nests gives ${hidden.nests.length} babies for ${m.nests.length} nests.`);
  a[M_NESTS_N] = m.nests.length;
  for (let i = 0; i < m.nests.length; i++) {
    const nest = m.nests[i];
    const baby = hidden.nests?.[i] ?? nest.baby;
    if (baby === null) fail(`the baby turtle on cell ${nest.cell} is hidden: supply hidden.nests (sampleHidden).`);
    a[M_NESTS_AT + 2 * i] = nest.cell;
    a[M_NESTS_AT + 2 * i + 1] = BABY_INDEX[baby];
  }
  if (m.box.length > MAX_BOX) fail("too many babies in the box.");
  a[M_BOX_N] = m.box.length;
  for (let i = 0; i < m.box.length; i++) {
    const baby = hidden.box?.[i] ?? m.box[i];
    a[M_BOX_AT + i] = baby === null ? -1 : BABY_INDEX[baby];
  }
  a[M_MOVED] = m.moved ? 1 : 0;
  a[M_USED_SEQ] = packList(m.used, ABILITY_INDEX, "abilities used");
  for (let i = 0; i < m.used.length; i++) a[M_USED] |= 1 << ABILITY_INDEX[m.used[i]];
  a[M_DOUBLE] = m.double ? 1 : 0;
  for (let s = 0; s < n; s++) {
    const mp = m.players[s];
    const at = M_SEATS_AT + s * SEAT_WORDS;
    const animal = hidden.animals?.[s] ?? mp.animal;
    const deal = hidden.deals?.[s] ?? mp.deal;
    a[at + S_ANIMAL] = animal === null ? -1 : ANIMAL_INDEX[animal];
    a[at + S_CELL] = mp.cell;
    if (mp.cell >= 0) {
      const set = mp.cell < 32 ? M_ANIMALS_LO : M_ANIMALS_HI;
      const bit = 1 << (mp.cell & 31);
      if ((a[set] & bit) !== 0) fail(`two animals on cell ${mp.cell}.`);
      a[set] |= bit;
    }
    a[at + S_POINTS] = mp.points;
    if (deal !== null && deal.length > 2) fail("a deal is two animal boards.");
    a[at + S_DEAL_N] = deal === null ? -1 : deal.length;
    if (deal !== null) for (let i = 0; i < deal.length; i++) a[at + S_DEAL + i] = ANIMAL_INDEX[deal[i]];
    a[at + S_BABIES] = packList(mp.babies, BABY_INDEX, "hatched babies");
    a[at + S_SPENT] = packList(mp.spent, BABY_INDEX, "used babies");
  }
  // while seats choose, each still to choose needs its deal and each that chose its animal
  if (m.stage === "choose" && state.phase === "setup")
    for (let s = 0; s < n; s++) {
      if (state.players[s].resigned) continue;
      const step = (s - state.firstPlayer + n) % n;
      const at = M_SEATS_AT + s * SEAT_WORDS;
      if (step >= state.turn && a[at + S_ANIMAL] < 0 && a[at + S_DEAL_N] < 0)
        fail(`seat ${s}'s deal is hidden: supply hidden.deals (sampleHidden).`);
      if (step < state.turn && a[at + S_ANIMAL] < 0)
        fail(`seat ${s}'s animal is hidden: supply hidden.animals (sampleHidden).`);
    }
}

/** The public state of a fast position (a fresh, plain object; the options object is shared). */
export function toGameState(p: FastPosition): GameState {
  const a = p.a;
  const players: PlayerState[] = [];
  for (let s = 0; s < p.players; s++) {
    const tokens: ScoringToken[] = [];
    for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N]; i++, k += 3)
      if (a[k] === s) tokens.push({ leaves: a[k + 1], value: a[k + 2] });
    players.push({
      light: a[LIGHT_AT + s],
      board: Array.from(a.subarray(BOARD_AT + s * 4, BOARD_AT + s * 4 + 4)),
      available: Array.from(a.subarray(AVAIL_AT + s * 4, AVAIL_AT + s * 4 + 4)),
      tokens,
      resigned: a[RESIGNED_AT + s] !== 0,
    });
  }
  const state: GameState = {
    options: p.options,
    phase: PHASES[a[PHASE]],
    round: a[ROUND],
    firstPlayer: a[FIRST],
    current: a[CURRENT],
    turn: a[TURN],
    cells: Array.from(a.subarray(CELLS_AT, CELLS_AT + CELL_COUNT)),
    touched: Array.from(a.subarray(TOUCHED_AT, TOUCHED_AT + a[TOUCHED_N])),
    stacks: Array.from(a.subarray(STACKS_AT, STACKS_AT + 4)),
    players,
    ply: a[PLY],
    rng: a[RNG] >>> 0,
  };
  if (p.moon) state.moon = moonOf(p);
  return state;
}

function moonOf(p: FastPosition): MoonState {
  const a = p.a;
  const players: MoonPlayerState[] = [];
  for (let s = 0; s < p.players; s++) {
    const at = M_SEATS_AT + s * SEAT_WORDS;
    const dealN = a[at + S_DEAL_N];
    players.push({
      deal: dealN < 0 ? null : Array.from(a.subarray(at + S_DEAL, at + S_DEAL + dealN), (i) => ANIMAL_NAMES[i]),
      animal: a[at + S_ANIMAL] < 0 ? null : ANIMAL_NAMES[a[at + S_ANIMAL]],
      cell: a[at + S_CELL],
      points: a[at + S_POINTS],
      babies: unpackList(a[at + S_BABIES], BABY_NAMES),
      spent: unpackList(a[at + S_SPENT], BABY_NAMES),
    });
  }
  const nests: MoonState["nests"] = [];
  for (let i = 0; i < a[M_NESTS_N]; i++)
    nests.push({ cell: a[M_NESTS_AT + 2 * i], baby: BABY_NAMES[a[M_NESTS_AT + 2 * i + 1]] });
  const box: (BabyName | null)[] = [];
  for (let i = 0; i < a[M_BOX_N]; i++) box.push(a[M_BOX_AT + i] < 0 ? null : BABY_NAMES[a[M_BOX_AT + i]]);
  return {
    stage: a[M_STAGE] < 0 ? null : MOON_STAGES[a[M_STAGE]],
    position: a[M_POSITION],
    full: a[M_FULL] !== 0,
    greatTree: a[M_TREE],
    stones: Array.from(a.subarray(M_STONES_AT, M_STONES_AT + a[M_STONES_N])),
    dam: Array.from(a.subarray(M_DAM_AT, M_DAM_AT + a[M_DAM_N])),
    nests,
    box,
    players,
    moved: a[M_MOVED] !== 0,
    used: unpackList(a[M_USED_SEQ], ABILITY_NAMES),
    double: a[M_DOUBLE] !== 0,
  };
}
