/**
 * FROZEN (issue 23 item 3): the bots of main at 11ea043, kept as the bench opponent
 * `previous_strong` so that later changes to src/bots never change it. Only the import paths
 * changed (and layout.ts re-exports today's offsets of the fast core). Do not improve this copy.
 *
 * Canopy's bot players (issue 15; docs/bots.md): three levels offered to players (easy, medium,
 * strong) and two bench opponents (greedy, random). A bot decides from its seat's view alone and a
 * seed, so a game with bots replays exactly and a bot never reads what its seat cannot see.
 *
 * Imports only the rules engine (a dependency-cruiser rule keeps it so).
 */
import { ANIMAL_NAMES, actionOf, applyMove, legalMoves, type Action, type GameState } from "../../src/engine";
import { M_END_TURN, M_EXT_SETUP, moveA, moveSub, moveType, toFast } from "../../src/engine/fast";
import { beamTurn } from "./beam";
import { simpleValue, value, type Weights } from "./evaluate";
import { bestSetupMove, moonExtra, publicBeamTurn, type StateValue } from "./public";
import { Random } from "./random";
import { strongTurn } from "./strong";

export type BotLevel = "easy" | "medium" | "strong";
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "medium", "strong"];
/** The bench opponents (not offered to players): a one-turn-lookahead greedy bot and a random one. */
export type BenchBot = "greedy" | "random";
export type AnyBot = BotLevel | BenchBot;

/** The levels' evaluation weights (evaluate.ts). */
export const WEIGHTS: Weights = {
  horizon: 5,
  decay: 0.8,
  income: 0.33,
  light: 0.36,
  piece: [0.08, 0.2, 0.4, 0.65],
  avail: [0.3, 0.5, 0.8, 1.1],
  crowd: 0.4,
  opponents: 0.6,
};
/** Easy: a shorter view of the future, no eye for the others, and noise. */
const EASY_WEIGHTS: Weights = { ...WEIGHTS, horizon: 2, crowd: 0, opponents: 0 };

/**
 * Per level: the beam over the own turn (width, depth), the noise added to every score (easy's
 * mistakes), and for the public engine (Moonlight) the most positions evaluated per turn.
 */
export const BUDGETS = {
  easy: { width: 1, depth: 4, noise: 4, nodes: 400 },
  medium: { width: 4, depth: 6, noise: 0, nodes: 1500 },
  strong: { width: 12, depth: 8, noise: 0, nodes: 4000, candidates: 6, rounds: 30, policyWidth: 2, policyDepth: 6 },
  greedy: { width: 8, depth: 8, noise: 0, nodes: 3000 },
} as const;

/** Animals by preference for the choice from a deal (docs/bots.md, "Under the Moonlight"). */
const ANIMAL_PREFERENCE = ["owl", "boar", "badger", "beaver", "turtle", "hedgehog", "fox", "squirrel"];
/** Moon points' worth for the levels (1 point at the end, and the price of abilities). */
const MOON_POINT = 0.8;
/** Worth of a point of room under the moon points' cap (public.ts, moonExtra). */
const HEADROOM = 0.4;

const extra = new Float64Array(4);

function levelValue(w: Weights): StateValue {
  return (packed, state, seat) =>
    value(packed, state.options.players, rounds(state), seat, w, moonExtra(state, MOON_POINT, extra, HEADROOM));
}
const greedyValue: StateValue = (packed, state, seat) =>
  simpleValue(packed, state.options.players, rounds(state), seat, moonExtra(state, 1, extra));

function rounds(state: GameState): number {
  return state.options.longGame ? 24 : 18;
}

/**
 * The seat's whole turn, in order, ending with the action that ends the turn — or, in setup, the
 * one setup action (an animal's choice or placement, the Great Tree, a moonstone, a setup tree) the
 * seat owes now (ask again while it is still the seat's turn). `view` = viewFor(state, seat): a
 * bot never sees the full state; what its seat cannot see (others' Moonlight deal and unrevealed
 * choice, face-down baby turtles, the seed) is not in the view and is never guessed from anything
 * else. `seed` is a uint32 drawn from the game's seeded generator, so a game replays exactly.
 * Deterministic: same (view, seat, level, seed) → same turn. Throws when it is not the seat's turn.
 */
export function chooseTurn(view: GameState, seat: number, level: BotLevel, seed: number): Action[] {
  return botTurn(view, seat, level, seed);
}

/** chooseTurn for any bot, the bench opponents included. */
export function botTurn(view: GameState, seat: number, bot: AnyBot, seed: number): Action[] {
  if (view.phase === "ended") return [];
  if (view.current !== seat) throw new Error(`It is seat ${view.current}'s turn, not seat ${seat}'s.`);
  return turnCodes(view, bot, seed >>> 0).map(actionOf);
}

/** The turn as move codes (for the bench and tests: no JSON on the way). */
export function turnCodes(view: GameState, bot: AnyBot, seed: number): number[] {
  const random = new Random(seed);
  if (bot === "random") return randomTurn(view, random);
  if (view.phase === "setup") return [setupMove(view, bot, random)];
  if (!view.moon) {
    const pos = toFast(view);
    const players = view.options.players;
    const total = rounds(view);
    const seat = view.current;
    if (bot === "strong") return strongTurn(pos, WEIGHTS, BUDGETS.strong, random);
    if (bot === "greedy")
      return beamTurn(pos, (a) => simpleValue(a, players, total, seat), { ...BUDGETS.greedy, random: null }).moves;
    const w = bot === "easy" ? EASY_WEIGHTS : WEIGHTS;
    return beamTurn(pos, (a) => value(a, players, total, seat, w), { ...BUDGETS[bot], random }).moves;
  }
  const score = bot === "greedy" ? greedyValue : levelValue(bot === "easy" ? EASY_WEIGHTS : WEIGHTS);
  return publicBeamTurn(view, score, { ...BUDGETS[bot], random });
}

function setupMove(view: GameState, bot: Exclude<AnyBot, "random">, random: Random): number {
  const first = legalMoves(view);
  if (first.length > 0 && moveType(first[0]) === M_EXT_SETUP && moveSub(first[0]) === 0) {
    // the animal's choice: by preference (easy: at random)
    if (bot === "easy") return first[random.int(first.length)];
    const rank = (code: number) => ANIMAL_PREFERENCE.indexOf(animalName(code));
    return first.reduce((best, code) => (rank(code) < rank(best) ? code : best));
  }
  const score = bot === "greedy" ? greedyValue : levelValue(bot === "easy" ? EASY_WEIGHTS : WEIGHTS);
  return bestSetupMove(view, score, random, BUDGETS[bot].noise);
}

const ANIMAL_ORDER: readonly string[] = ANIMAL_NAMES;
function animalName(code: number): string {
  return ANIMAL_ORDER[moveA(code)];
}

/** Uniformly random actions until one ends the turn (in setup: one action), as `playOutRandomly` picks. */
function randomTurn(view: GameState, random: Random): number[] {
  const seat = view.current;
  const out: number[] = [];
  let state = view;
  for (;;) {
    const legal = legalMoves(state);
    const code = legal[random.int(legal.length)];
    out.push(code);
    if (code === M_END_TURN || state.phase !== "play") return out;
    const r = applyMove(state, code);
    if (!r.ok || r.state.current !== seat || r.state.phase !== "play") return out;
    state = r.state;
  }
}
