/**
 * The strong level's search (issue 23 item 2; docs/bots.md, "Search"), on the fast core, base game
 * and Under the Moonlight alike.
 *
 * What the CodinGame Spring Challenge 2021 post-mortems taught (a 2-player derivative of this
 * game): the evaluation of a position mid-game is weak, the end of the game is exact, and what a
 * turn is worth depends on the answers of the others and on one's own next turns. So:
 *
 * 1. **Candidates**: a wide beam over the seat's own turn (beam.ts, the levels' evaluation) lists
 *    the `candidates` best distinct turns.
 * 2. **Judging by playing on**: each candidate is played, then the game to its END by a fast policy
 *    for every seat (a narrow beam over each turn with the same evaluation, the mover judging for
 *    itself: the others' likely replies, maxⁿ-style in 3–4 players), with a small random term in
 *    the policy's scores so that each playout is one plausible future. Every candidate meets the
 *    same futures (common random numbers: sample k uses the same policy noise and, under the
 *    Moonlight, the same draw of the hidden parts for every candidate), so the difference between
 *    two candidates is not drowned in the playouts' own spread.
 * 3. **Successive halving**: all candidates get `samples` playouts; the best `keep` get `more`;
 *    the candidate with the best mean outcome is played. The outcome is the final margin (own
 *    points minus the best other's) plus `WIN_BONUS` for a win: a safe win beats a big gamble.
 *
 * Under the Moonlight what the view hides (others' deals before reveal, face-down baby turtles,
 * the box, the generator) is drawn per sample (determinization: engine/fast sampleHidden) from the
 * turn's seed; the real hidden state is never read (tests/bots/fair.test.ts).
 *
 * Budgets are counts (candidates, playouts, beam widths), never time: inside workerd the clock
 * stands still during CPU work. Deterministic in (view, seed, budget).
 */
import { applyMove, type GameState } from "../engine";
import { type FastPosition, LAYOUT, M_END_TURN, sampleHidden, toFast } from "../engine/fast";
import { beamCandidates, beamTurn, type Evaluate } from "./beam";
import { value, type Weights } from "./evaluate";
import { Random } from "./random";

export interface SearchBudget {
  /** The beam over the seat's own turn. */
  width: number;
  depth: number;
  /** Turns judged by playing on. */
  candidates: number;
  /** Playouts per candidate in the first pass. */
  samples: number;
  /** Candidates kept for the second pass, and their further playouts each. */
  keep: number;
  more: number;
  /** Uniform noise in [0, noise) points in the policy's scores. */
  noise: number;
  /** The policy's beam over each turn played on. */
  policyWidth: number;
  policyDepth: number;
  /** Points of outcome per other seat finished below (a tie half): the rank, for 3–4 players. */
  rankBonus?: number;
}

/** A turn and the expected final score of every seat after it (mean over the playouts). */
export interface Judged {
  /** Move codes, end of turn included. */
  turn: number[];
  scores: number[];
}

/** Outcome bonus for a win (a shared win counts half), in points of margin. */
const WIN_BONUS = 15;
/** Moon points' worth in the evaluation (1 point at the end, the price of abilities). */
const MOON_POINT = 0.8;
/** A hatched baby turtle's worth, used or not (a rough mean over the eight kinds). */
const BABY_WORTH = 2.5;

const moonExtras = new Float64Array(4);

/** Each seat's Moonlight worth beyond the base game's read from a fast position, into `moonExtras`. */
function moonExtra(a: Int32Array, players: number): Float64Array {
  for (let s = 0; s < players; s++) {
    const at = LAYOUT.M_SEATS_AT + s * LAYOUT.SEAT_WORDS;
    let babies = 0;
    for (let list = a[at + LAYOUT.S_BABIES] >>> 0; list !== 0; list >>>= 4) babies++;
    let spent = 0;
    for (let list = a[at + LAYOUT.S_SPENT] >>> 0; list !== 0; list >>>= 4) spent++;
    moonExtras[s] = a[at + LAYOUT.S_POINTS] * MOON_POINT + (babies + spent) * BABY_WORTH;
  }
  return moonExtras;
}

/** The levels' evaluation of `seat` on a fast position of this game (the moon part added under the Moonlight). */
export function evaluator(pos: FastPosition, seat: number, w: Weights): Evaluate {
  const players = pos.players;
  return pos.moon ? (p) => value(p, seat, w, moonExtra(p.a, players)) : (p) => value(p, seat, w);
}

/** A determinization of the view: the fast position with what the view hides drawn from `seed`. */
export function positionOf(view: GameState, seed: number): FastPosition {
  return view.moon ? toFast(view, sampleHidden(view, seed)) : toFast(view);
}

/** A uint32 from two (sample k's seed from the turn's). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x165667b1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

const totals = [0, 0, 0, 0];

/**
 * The game played on from `sim` (the turn just played) to its end: every seat plays the policy's
 * turn with its own evaluation, each score plus noise drawn from `random`. Final totals into `out`.
 */
function playOn(sim: FastPosition, judges: Evaluate[], budget: SearchBudget, random: Random, out: number[]): void {
  const policy = { width: budget.policyWidth, depth: budget.policyDepth, noise: budget.noise, random };
  let guard = 0;
  while (!sim.ended) {
    for (const code of beamTurn(sim, judges[sim.current], policy).moves) sim.play(code);
    if (++guard > 1000) throw new Error("a playout does not end");
  }
  sim.totals(out);
}

/** The outcome of final totals for `seat`: the margin over the best other, plus the win bonus. */
function outcome(t: number[], players: number, seat: number, winners: number, rankBonus: number): number {
  let other = Number.NEGATIVE_INFINITY;
  let beaten = 0;
  for (let s = 0; s < players; s++) {
    if (s === seat) continue;
    if (t[s] > other) other = t[s];
    beaten += t[s] < t[seat] ? 1 : t[s] === t[seat] ? 0.5 : 0;
  }
  let shared = 0;
  for (let s = 0; s < players; s++) if (winners & (1 << s)) shared++;
  return t[seat] - other + ((winners & (1 << seat)) !== 0 ? WIN_BONUS / shared : 0) + rankBonus * beaten;
}

interface Tally {
  turn: number[];
  n: number;
  outcome: number;
  scores: number[];
}

/**
 * Judge each turn (actions before the end of turn) from `view` by `count` playouts starting at
 * sample `from`: sample k is the same future for every turn (hidden parts and policy noise from
 * mix(seed, k)). Adds into the tallies.
 */
function judge(
  view: GameState,
  roots: FastPosition[],
  tallies: Tally[],
  from: number,
  count: number,
  seed: number,
  w: Weights,
  budget: SearchBudget,
): void {
  const seat = view.current;
  const players = view.options.players;
  for (let k = from; k < from + count; k++) {
    const sampleSeed = mix(seed, k);
    if (!roots[k]) roots[k] = positionOf(view, sampleSeed);
    const root = roots[k];
    const judges: Evaluate[] = [];
    for (let s = 0; s < players; s++) judges.push(evaluator(root, s, w));
    const sim = root.clone();
    for (const t of tallies) {
      sim.copyFrom(root);
      for (const code of t.turn) sim.play(code);
      playOn(sim, judges, budget, new Random(sampleSeed), totals);
      t.n++;
      t.outcome += outcome(totals, players, seat, sim.winners(), budget.rankBonus ?? 0);
      for (let s = 0; s < players; s++) t.scores[s] += totals[s];
    }
  }
}

function tally(turn: number[], players: number): Tally {
  return { turn, n: 0, outcome: 0, scores: new Array(players).fill(0) };
}

/**
 * The turns `first` (as they are), then each candidate as far as the seat's view vouches for it
 * (sureFromView) and closed with the end of turn — each turn once: two candidates may shorten to
 * the same turn, or to one of `first`.
 */
export function sureTurns(
  view: GameState,
  candidates: readonly { moves: readonly number[] }[],
  first: readonly (readonly number[])[] = [],
): number[][] {
  const turns = new Map<string, number[]>();
  for (const t of first) turns.set(t.join(","), [...t]);
  for (const c of candidates) {
    const turn = [...sureFromView(view, c.moves), M_END_TURN];
    if (!turns.has(turn.join(","))) turns.set(turn.join(","), turn);
  }
  return [...turns.values()];
}

/**
 * The start of `moves` (found in one draw of the hidden parts) that the seat can play for sure: in
 * that draw a hatch turns up a baby turtle the real hatch may not give, and a turn that then used it
 * was refused (the bench's Moonlight match, 2026-11-27: strong used a "light" baby it did not have,
 * NO_BABY). Each move is applied to the seat's view, where a hatch gives nothing known; the first
 * one the view refuses ends the turn there. Moves that need nothing hidden pass unchanged.
 */
export function sureFromView(view: GameState, moves: readonly number[]): number[] {
  const end = moves.indexOf(M_END_TURN);
  // The base game hides nothing a turn's moves depend on: no need to replay them (the hot path).
  if (!view.moon) return end < 0 ? moves.slice() : moves.slice(0, end);
  const out: number[] = [];
  let state = view;
  for (const code of moves) {
    if (code === M_END_TURN) break;
    const r = applyMove(state, code);
    if (!r.ok || r.state.current !== view.current || r.state.phase !== "play") break;
    out.push(code);
    state = r.state;
  }
  return out;
}

/**
 * The strong search's turn from `view` (play phase, the seat to act's own view), with the expected
 * final score of every seat after it. Deterministic in (view, seed, budget).
 */
export function searchTurn(view: GameState, seed: number, w: Weights, budget: SearchBudget): Judged {
  const seat = view.current;
  const players = view.options.players;
  const roots: FastPosition[] = [positionOf(view, mix(seed, 0))];
  const candidates = beamCandidates(
    roots[0],
    evaluator(roots[0], seat, w),
    { width: budget.width, depth: budget.depth, noise: 0, random: null },
    budget.candidates,
  );
  const tallies = sureTurns(view, candidates).map((turn) => tally(turn, players));
  judge(view, roots, tallies, 0, budget.samples, seed, w, budget);
  let ranked = tallies.slice().sort((x, y) => y.outcome / y.n - x.outcome / x.n);
  if (ranked.length > 1 && budget.keep > 0 && budget.more > 0) {
    ranked = ranked.slice(0, budget.keep);
    judge(view, roots, ranked, budget.samples, budget.more, seed, w, budget);
    ranked.sort((x, y) => y.outcome / y.n - x.outcome / x.n);
  }
  const best = ranked[0];
  return { turn: best.turn, scores: best.scores.map((x) => x / best.n) };
}

/**
 * Expected final score of every seat after each of `turns` (whole turns as move codes, end of turn
 * included) from `view`, by `playouts` common playouts each (see `judge`).
 */
export function judgeFromView(
  view: GameState,
  turns: readonly number[][],
  seed: number,
  w: Weights,
  budget: SearchBudget,
  playouts: number,
): number[][] {
  const players = view.options.players;
  const tallies = turns.map((t) => tally(t[t.length - 1] === M_END_TURN ? [...t] : [...t, M_END_TURN], players));
  judge(view, [], tallies, 0, playouts, seed, w, budget);
  return tallies.map((t) => t.scores.map((x) => x / t.n));
}
