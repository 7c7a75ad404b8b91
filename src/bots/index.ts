/**
 * Canopy's bot players (issues 15 and 23; docs/bots.md): three levels offered to players (easy,
 * medium, strong). The bench's opponents (greedy, greedy_plus, random, the previous strong) live
 * apart, under bench/opponents. A bot decides from its seat's view alone and a
 * seed, so a game with bots replays exactly and a bot never reads what its seat cannot see.
 *
 * Imports only the rules engine (a dependency-cruiser rule keeps it so).
 */
import { ANIMAL_NAMES, actionOf, legalMoves, type Action, type GameState } from "../engine";
import { M_EXT_SETUP, moveA, moveSub, moveType, toFast } from "../engine/fast";
import { beamTurn } from "./beam";
import { value, type Weights } from "./evaluate";
import { bestSetupMove, moonExtra, publicBeamTurn, type StateValue } from "./public";
import { Random } from "./random";
import { judgeFromView, type Judged, type SearchBudget, searchTurn } from "./search";

export type { Judged } from "./search";

export type BotLevel = "easy" | "medium" | "strong";
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "medium", "strong"];

/** The levels' evaluation weights (evaluate.ts). */
export const WEIGHTS: Weights = {
  horizon: 4,
  decay: 1,
  income: 0.5,
  light: 0.36,
  piece: [0.08, 0.2, 0.4, 0.65],
  avail: [0.3, 0.5, 0.8, 1.1],
  crowd: 0.4,
  opponents: 0.6,
};
/** Easy: a shorter view of the future, no eye for the others, and noise. */
const EASY_WEIGHTS: Weights = { ...WEIGHTS, horizon: 4, crowd: 0, opponents: 0 };

/** Medium: a shorter view of the future (2 sun positions of income). */
const MEDIUM_WEIGHTS: Weights = { ...WEIGHTS, horizon: 2 };
const LEVEL_WEIGHTS = { easy: EASY_WEIGHTS, medium: MEDIUM_WEIGHTS, strong: WEIGHTS } as const;

/**
 * Per level: the beam over the own turn (width, depth), the noise added to every score (easy's
 * mistakes), and for the public engine (Moonlight) the most positions evaluated per turn.
 */
export const BUDGETS = {
  easy: { width: 1, depth: 6, noise: 3, nodes: 400 },
  medium: { width: 4, depth: 6, noise: 0, nodes: 1500 },
  // the search's own budget is STRONG_SEARCH; these mirror it for callers of the beam and policy
  strong: { width: 12, depth: 8, noise: 0, nodes: 4000, policyWidth: 2, policyDepth: 6 },
} as const;

/** The strong level's search (search.ts): candidates judged by playouts to the game's end. */
export const STRONG_SEARCH: SearchBudget = {
  width: 12,
  depth: 8,
  candidates: 8,
  samples: 6,
  keep: 4,
  more: 12,
  noise: 1,
  policyWidth: 2,
  policyDepth: 6,
};

/**
 * Strong's budget in 3–4 players (docs/bots.md, "Search"): three others' replies make each
 * playout's outcome noisier, so half as many playouts again per candidate (6 + 12 for the best 3);
 * and the rank counts, not only the margin over the best other: 5 points of outcome per other seat
 * finished below (a second place is worth more than a fourth when the win is out of reach).
 */
export const STRONG_SEARCH_MULTI: SearchBudget = { ...STRONG_SEARCH, samples: 6, keep: 3, more: 12, rankBonus: 5 };

/** The strong level's search for a game of `players` (STRONG_SEARCH in 2 players, STRONG_SEARCH_MULTI in 3–4). */
export function strongSearch(players: number): SearchBudget {
  return players > 2 ? STRONG_SEARCH_MULTI : STRONG_SEARCH;
}

/** Animals by preference for the choice from a deal (docs/bots.md, "Under the Moonlight"). */
const ANIMAL_PREFERENCE = ["owl", "boar", "badger", "beaver", "turtle", "hedgehog", "fox", "squirrel"];
/** Moon points' worth for the levels (1 point at the end, and the price of abilities). */
const MOON_POINT = 0.8;
/** Worth of a point of room under the moon points' cap (public.ts, moonExtra). */
const HEADROOM = 0.4;

const extra = new Float64Array(4);

function levelValue(w: Weights): StateValue {
  return (pos, state, seat) => value(pos, seat, w, moonExtra(state, MOON_POINT, extra, HEADROOM));
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
  if (view.phase === "ended") return [];
  if (view.current !== seat) throw new Error(`It is seat ${view.current}'s turn, not seat ${seat}'s.`);
  return turnCodes(view, level, seed >>> 0).map(actionOf);
}

/** The turn as move codes (for the bench and tests: no JSON on the way). */
export function turnCodes(view: GameState, bot: BotLevel, seed: number): number[] {
  const random = new Random(seed);
  if (view.phase === "setup") return [setupMove(view, bot, random)];
  if (bot === "strong") {
    return searchTurn(view, random.uint32(), WEIGHTS, strongSearch(view.options.players)).turn;
  }
  if (!view.moon) {
    const pos = toFast(view);
    const seat = view.current;
    const w = LEVEL_WEIGHTS[bot];
    return beamTurn(pos, (p) => value(p, seat, w), { ...BUDGETS[bot], random }).moves;
  }
  const score = levelValue(LEVEL_WEIGHTS[bot]);
  return publicBeamTurn(view, score, { ...BUDGETS[bot], random });
}

function setupMove(view: GameState, bot: BotLevel, random: Random): number {
  const first = legalMoves(view);
  if (first.length > 0 && moveType(first[0]) === M_EXT_SETUP && moveSub(first[0]) === 0) {
    // the animal's choice: by preference (easy: at random)
    if (bot === "easy") return first[random.int(first.length)];
    const rank = (code: number) => ANIMAL_PREFERENCE.indexOf(animalName(code));
    return first.reduce((best, code) => (rank(code) < rank(best) ? code : best));
  }
  const score = levelValue(LEVEL_WEIGHTS[bot]);
  return bestSetupMove(view, score, random, BUDGETS[bot].noise);
}

const ANIMAL_ORDER: readonly string[] = ANIMAL_NAMES;
function animalName(code: number): string {
  return ANIMAL_ORDER[moveA(code)];
}

/**
 * The strong search's budget for a game of `players` (the very search the strong level plays: in
 * 3–4 players STRONG_SEARCH_MULTI's playouts and rank) scaled by `effort` (≥ 1 playout each pass).
 */
function scaled(players: number, effort: number): SearchBudget {
  const b = strongSearch(players);
  return { ...b, samples: Math.max(1, Math.round(b.samples * effort)), more: Math.max(0, Math.round(b.more * effort)) };
}

/**
 * For the coach (issue 23 item 5; COACH-API): the expected final score (points) of every seat after
 * each of `turns` (whole turns as move codes, end of turn included), judged from `view` =
 * viewFor(state, view.current) in the play phase by the strong search's playouts (Moonlight hidden
 * parts sampled from `seed`, never read). Every turn meets the same playouts. Deterministic in
 * (view, turns, seed, effort); `effort` scales the count budget (1 = strong's own for the game's
 * player count: `strongSearch`).
 */
export function judgeTurns(view: GameState, turns: readonly number[][], seed: number, effort = 1): number[][] {
  const b = scaled(view.options.players, effort);
  return judgeFromView(view, turns, seed >>> 0, WEIGHTS, b, b.samples + b.more);
}

/** For the coach: the best turn the strong search finds from `view` and its expected final scores per seat. */
export function bestTurnFromView(view: GameState, seed: number, effort = 1): Judged {
  return searchTurn(view, seed >>> 0, WEIGHTS, scaled(view.options.players, effort));
}
