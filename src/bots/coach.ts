/**
 * The coach's search (issue 23 item 5, docs/coach.md): for one play-phase turn, from the acting
 * seat's view only, the expected final score of every seat after the turn that was played and
 * after the best turn the search finds.
 *
 * How: the strong level's beam over the seat's own turn (beam.ts, the levels' evaluation) lists
 * the `candidates` best distinct turns; the turn played joins them. Each is played, then the game
 * is played out to its end by the strong level's playout policy (every seat a narrow beam over its
 * own turn with the same evaluation, judging for itself), and the final scores are read from the
 * position (tokens, light, moon points: the fast core's `totals`). Under the Moonlight what the
 * view hides (others' deals, face-down baby turtles, the generator) is sampled `determinizations`
 * times (engine/fast sampleHidden) and the scores are the mean over the samples: the real hidden
 * state is never read. The base game hides nothing the play phase uses: one sample.
 *
 * Deterministic: the beam and the policy have no noise and the samples come from `seed`, so the
 * same turn of the same game gets the same review. The budget is a count (candidates, samples,
 * policy turns), never time: inside workerd the clock stands still during CPU work.
 *
 * This file is the one adapter between the coach and the bots' search: the game side
 * (src/game/analysis.ts) calls `reviewTurn` only. When the bots' stronger search offers "expected
 * final score per seat after a turn / the best turn from a seat's view", `reviewTurn`'s body is
 * where it is swapped in.
 */
import type { GameState } from "../engine";
import { type FastPosition, LAYOUT, LIGHT_CAP, MAX_MOVES, sampleHidden, sunPosition, toFast } from "../engine/fast";
import { beamCandidates, beamTurn, type Evaluate } from "./beam";
import { value } from "./evaluate";
import { BUDGETS, strongSearch, WEIGHTS } from "./index";
import { Random } from "./random";
import { sureTurns } from "./search";

export interface CoachBudget {
  /** Turns the search proposes besides the one played. */
  candidates: number;
  /**
   * Playouts per turn judged, each with its own noise in the policy and, under the Moonlight, its
   * own sample of the hidden parts; every turn judged meets the same ones (common random numbers,
   * so the difference between two turns is not drowned in the playouts' own spread).
   */
  playouts: number;
  /** Uniform noise in [0, noise) points added to each of the policy's scores (a playout's own variety). */
  noise: number;
  /** The beam over the seat's own turn. */
  width: number;
  depth: number;
  /** The playout policy's beam over each turn played on. */
  policyWidth: number;
  policyDepth: number;
}

/**
 * The coach's budget in 2 players: the strong level's beam and playout policy, and as many playouts
 * per turn judged as the strong level's search gives each of its candidates (`samples`, 4).
 */
export const COACH_BUDGET: CoachBudget = {
  candidates: 5,
  playouts: strongSearch(2).samples,
  noise: 1,
  width: BUDGETS.strong.width,
  depth: BUDGETS.strong.depth,
  policyWidth: BUDGETS.strong.policyWidth,
  policyDepth: BUDGETS.strong.policyDepth,
};

/**
 * In 3–4 players the strong level searches more (STRONG_SEARCH_MULTI: three others' replies make
 * each playout noisier), and so does the coach: the strong level's playouts per candidate for the
 * game's player count (6). A review costs half as much again; the longest, the first turn of a
 * 4-player long game, plays at most 6 turns judged × 6 playouts × 95 policy turns = 3,420, within
 * one alarm slice's budget (src/game/analysis.ts SLICE_WORK, 4,000 policy turns).
 */
export const COACH_BUDGET_MULTI: CoachBudget = { ...COACH_BUDGET, playouts: strongSearch(4).samples };

/** The coach's budget for a game of `players`: the strong level's search for that many (docs/coach.md). */
export function coachBudget(players: number): CoachBudget {
  return players > 2 ? COACH_BUDGET_MULTI : COACH_BUDGET;
}

export interface TurnReview {
  /** Expected final score of every seat after the turn played (mean over the samples). */
  played: number[];
  /** The best turn found (the turn played when nothing beats it): its move codes, end of turn included. */
  best: number[];
  /** Expected final score of every seat after the best turn. */
  bestScores: number[];
  /** Whether the turn played is the best one found (same codes or no better expected score). */
  playedIsBest: boolean;
  /**
   * The standard error of the points lost (the paired playouts' differences between the best turn
   * and the turn played, own score): how far the playouts' own spread could move it.
   */
  spread: number;
  /** Work done, in turns played out by the policy (the slices' budget unit). */
  work: number;
}

const moves = new Int32Array(MAX_MOVES);
const nextGains = new Int32Array(4);

/**
 * How a seat judges its turn in the coach's playouts: the levels' evaluation, less the light the
 * next photosynthesis would bring past the cap (lost). Without it the policy may sit on 20 light
 * for rounds, ending its turns (the evaluation prices light held, not light lost), and a playout's
 * "expected score" then says more about that than about the turn reviewed.
 */
function judge(seat: number): Evaluate {
  return (pos) => {
    const v = value(pos, seat, WEIGHTS);
    const round = pos.a[LAYOUT.ROUND];
    if (round >= pos.rounds) return v;
    // the next round's light, counted by the engine
    pos.lightGains(sunPosition(round + 1), nextGains);
    const over = pos.a[LAYOUT.LIGHT_AT + seat] + nextGains[seat] - LIGHT_CAP;
    return over > 0 ? v - over * WEIGHTS.light : v;
  };
}
const totals = [0, 0, 0, 0];

/** Play `codes` on `pos` while each is legal; false (pos half played) at the first that is not. */
function playLegal(pos: FastPosition, codes: readonly number[]): boolean {
  for (const code of codes) {
    const n = pos.legalMoves(moves);
    let legal = false;
    for (let i = 0; i < n; i++)
      if (moves[i] === code) {
        legal = true;
        break;
      }
    if (!legal) return false;
    pos.play(code);
  }
  return true;
}

/** A seed of its own per (turn's ply, sample): never the game's seed, so a sample cannot echo the real draw. */
function sampleSeed(seed: number, k: number): number {
  let h = Math.imul((seed ^ 0x5bd1e995) >>> 0, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Review the turn `played` (move codes, ending with the end of turn) of the seat to act in `view`
 * (viewFor(state, seat) at the turn's start, phase "play"). `seed`: any uint32 that names the turn
 * (the game side uses its ply), never derived from hidden state. Null when the turn played cannot
 * be replayed on any sample (it used something the view did not show).
 */
export function reviewTurn(
  view: GameState,
  played: readonly number[],
  seed: number,
  budget: CoachBudget = coachBudget(view.options.players),
): TurnReview | null {
  const seat = view.current;
  const count = Math.max(1, budget.playouts);
  // the base game hides nothing its play phase uses: one position serves every playout
  const starts: FastPosition[] = [];
  for (let k = 0; k < (view.moon ? count : 1); k++) starts.push(toFast(view, sampleHidden(view, sampleSeed(seed, k))));
  const first = starts[0];
  const players = first.players;
  const found = beamCandidates(
    first,
    judge(seat),
    { width: budget.width, depth: budget.depth, noise: 0, random: null },
    budget.candidates,
  );
  // the turn played first, then what the seat could have played for sure
  const turns = sureTurns(view, found, [played]);
  const judges: Evaluate[] = [];
  for (let s = 0; s < players; s++) judges.push(judge(s));
  const sim = first.clone();
  let work = 0;
  // per turn judged: each playout's own final score of the seat (NaN: the turn was not legal there)
  const owns: number[][] = [];
  const scores: (number[] | null)[] = turns.map((codes) => {
    const sum = new Array<number>(players).fill(0);
    const own: number[] = [];
    owns.push(own);
    let n = 0;
    for (let k = 0; k < count; k++) {
      sim.copyFrom(starts[k % starts.length]);
      own.push(Number.NaN);
      if (!playLegal(sim, codes)) continue;
      const policy = {
        width: budget.policyWidth,
        depth: budget.policyDepth,
        noise: budget.noise,
        random: new Random(sampleSeed(seed, 1000 + k)),
      };
      while (!sim.ended) {
        for (const code of beamTurn(sim, judges[sim.current], policy).moves) sim.play(code);
        work++;
      }
      sim.totals(totals);
      for (let s = 0; s < players; s++) sum[s] += totals[s];
      own[k] = totals[seat];
      n++;
    }
    return n === 0 ? null : sum.map((x) => x / n);
  });
  const mine = scores[0];
  if (!mine) return null;
  let best = 0;
  for (let i = 1; i < turns.length; i++) {
    const s = scores[i];
    // strictly better for the seat; of equal own scores, the better margin over the best other
    if (
      s &&
      (s[seat] > scores[best]![seat] + 1e-9 ||
        (Math.abs(s[seat] - scores[best]![seat]) <= 1e-9 && margin(s, seat) > margin(scores[best]!, seat) + 1e-9))
    )
      best = i;
  }
  return {
    played: mine,
    best: [...turns[best]],
    bestScores: scores[best]!,
    playedIsBest: best === 0,
    spread: best === 0 ? 0 : standardError(owns[best], owns[0]),
    work,
  };
}

/** Standard error of the mean of the paired differences a[k] - b[k] (playouts where both were played). */
function standardError(a: readonly number[], b: readonly number[]): number {
  const d: number[] = [];
  for (let k = 0; k < a.length; k++) if (!Number.isNaN(a[k]) && !Number.isNaN(b[k])) d.push(a[k] - b[k]);
  if (d.length < 2) return 0;
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const variance = d.reduce((x, y) => x + (y - mean) ** 2, 0) / (d.length - 1);
  return Math.sqrt(variance / d.length);
}

function margin(scores: readonly number[], seat: number): number {
  let other = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < scores.length; s++) if (s !== seat && scores[s] > other) other = scores[s];
  return scores[seat] - other;
}
