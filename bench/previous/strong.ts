/**
 * The strong level on the fast core (docs/bots.md, "Strong"): a wide beam over its own turn gives
 * the `candidates` best distinct turns by the evaluation; each is then tried by playing on: every
 * seat (itself included) plays the following turns with a fast policy (a narrow beam with the same
 * evaluation, each seat judging for itself) for `rounds` more rounds or to the game's end, and the
 * candidate is judged by the evaluation of the position reached, from its own seat. The turn with
 * the best judged outcome is played (ties: the better beam score).
 *
 * This sees what one turn's evaluation cannot: the others' answers (their shadows, the tokens they
 * take first), its own next turns (buy now to grow next round, a seed that becomes a tree, when to
 * stop growing and start collecting), and the exact end of the game once it is within reach.
 * Everything is deterministic: the policy has no noise, and the budget is a count of candidates
 * and rounds, not time (inside workerd the clock stands still during CPU work).
 */
import { type FastPosition, M_END_TURN } from "../../src/engine/fast";
import { beamCandidates, beamTurn } from "./beam";
import { value, type Weights } from "./evaluate";
import type { Random } from "./random";

export interface StrongBudget {
  /** The beam over its own turn. */
  width: number;
  depth: number;
  /** Turns tried by playing on. */
  candidates: number;
  /** Rounds played on after the candidate's (fewer at the game's end). */
  rounds: number;
  /** The policy's beam over each turn played on. */
  policyWidth: number;
  policyDepth: number;
}

export function strongTurn(pos: FastPosition, w: Weights, budget: StrongBudget, _random: Random): number[] {
  const seat = pos.current;
  const players = pos.players;
  const total = pos.rounds;
  const own = (a: Int32Array) => value(a, players, total, seat, w);
  const candidates = beamCandidates(
    pos,
    own,
    { width: budget.width, depth: budget.depth, noise: 0, random: null },
    budget.candidates,
  );
  if (candidates.length === 1) return [...candidates[0].moves, M_END_TURN];
  const policy = { width: budget.policyWidth, depth: budget.policyDepth, noise: 0, random: null };
  const judges: ((a: Int32Array) => number)[] = [];
  for (let s = 0; s < players; s++) judges.push((a) => value(a, players, total, s, w));
  // stop at the start of its turn in round `stop`; within reach of the end, play the game out
  const stop = pos.round + budget.rounds >= total ? total + 1 : pos.round + budget.rounds;
  let best = candidates[0];
  let bestScore = Number.NEGATIVE_INFINITY;
  const sim = pos.clone();
  for (const c of candidates) {
    sim.copyFrom(pos);
    for (const code of c.moves) sim.play(code);
    sim.play(M_END_TURN);
    while (!sim.ended) {
      const mover = sim.current;
      if (mover === seat && sim.round >= stop) break;
      for (const code of beamTurn(sim, judges[mover], policy).moves) sim.play(code);
    }
    const score = sim.ended ? finalScore(sim, seat) : own(sim.a);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return [...best.moves, M_END_TURN];
}

const totals = [0, 0, 0, 0];

/** At the game's end: own points minus the best other's (a win by any margin beats a close loss). */
function finalScore(p: FastPosition, seat: number): number {
  p.totals(totals);
  let other = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < p.players; s++) if (s !== seat && totals[s] > other) other = totals[s];
  const won = (p.winners() & (1 << seat)) !== 0;
  return totals[seat] - other + (won ? 100 : 0);
}
