/** Final scoring and tie-breaks (docs/rules.md §6). */
import { expansionOf } from "./expansion";
import { LIGHT_PER_POINT } from "./rules";
import type { GameState, Score } from "./types";

/** Scores as they stand (final once the game has ended), in seat order. */
export function computeScores(state: GameState): Score[] {
  const ext = expansionOf(state.options);
  const pieces = new Array<number>(state.options.players).fill(0);
  for (const piece of state.cells) if (piece !== 0) pieces[(piece - 1) >> 2]++;
  const scores: Score[] = state.players.map((p, seat) => {
    const tokens = p.tokens.reduce((sum, t) => sum + t.value, 0);
    const light = Math.floor(p.light / LIGHT_PER_POINT);
    const score: Score = {
      seat,
      tokens,
      light,
      total: tokens + light,
      pieces: pieces[seat],
      rank: 0,
      resigned: p.resigned,
    };
    ext.score(state, seat, score);
    return score;
  });
  // Highest total first; tie: more seeds and trees on the board; still tied: shared rank.
  // Resigned seats rank after every seat still playing.
  const order = scores.slice().sort(compare);
  order.forEach((s, i) => {
    s.rank = i > 0 && compare(order[i - 1], s) === 0 ? order[i - 1].rank : i + 1;
  });
  return scores;
}

function compare(a: Score, b: Score): number {
  return Number(a.resigned) - Number(b.resigned) || b.total - a.total || b.pieces - a.pieces;
}

/** Seats sharing the victory: rank 1 among seats that did not resign. */
export function winnersOf(scores: Score[]): number[] {
  return scores.filter((s) => s.rank === 1 && !s.resigned).map((s) => s.seat);
}
