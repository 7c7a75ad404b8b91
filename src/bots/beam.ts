/**
 * Beam search over one's own turn on the fast core (the CodinGame Spring Challenge 2021 winners'
 * main tool, docs/bots.md "Search"): from the position at the turn's start, every legal action of
 * every position in the beam is played and the position after it evaluated as if the turn ended
 * there; the best `width` distinct positions (by a hash of what the evaluation reads) go on to the
 * next action. The answer is the best position seen at any depth (ending the turn at once
 * included), as the actions leading to it followed by the end of the turn.
 *
 * Positions reached by the same actions in another order are one: the hash keeps the first.
 * `noise` adds a uniform random term in [0, noise) to every score (easy's mistakes), drawn from
 * the given generator so the turn stays deterministic.
 */
import { type FastPosition, LAYOUT, M_END_TURN, MAX_MOVES } from "../engine/fast";
import type { Random } from "./random";

const { AVAIL_AT, BOARD_AT, CELLS_AT, LIGHT_AT, SIZE, STACKS_AT } = LAYOUT;

export type Evaluate = (pos: FastPosition) => number;

export interface BeamOptions {
  width: number;
  /** Most actions in a turn before the end of turn. */
  depth: number;
  noise: number;
  random: Random | null;
}

/** A hash of the position's board, light, player boards, available areas and stacks (and moon part). */
function hashOf(a: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = CELLS_AT; i < CELLS_AT + 37; i++) h = Math.imul(h ^ a[i], 0x01000193);
  for (let i = LIGHT_AT; i < LIGHT_AT + 4; i++) h = Math.imul(h ^ a[i], 0x01000193);
  for (let i = BOARD_AT; i < AVAIL_AT + 16; i++) h = Math.imul(h ^ a[i], 0x01000193);
  for (let i = STACKS_AT; i < STACKS_AT + 4; i++) h = Math.imul(h ^ a[i], 0x01000193);
  // Under the Moonlight: the moon part (animals, moon points, babies, abilities used this turn)
  for (let i = SIZE; i < a.length; i++) h = Math.imul(h ^ a[i], 0x01000193);
  return h >>> 0;
}

interface Node {
  pos: FastPosition;
  moves: number[];
}

const moveBuffer = new Int32Array(MAX_MOVES);

export interface Candidate {
  /** The turn's actions before the end of turn. */
  moves: number[];
  score: number;
}

/** The best turn found from `start` (not changed) for the seat to act: move codes ending with the end of turn. */
export function beamTurn(start: FastPosition, evaluate: Evaluate, o: BeamOptions): { moves: number[]; score: number } {
  const [best] = beamCandidates(start, evaluate, o, 1);
  return { moves: [...best.moves, M_END_TURN], score: best.score };
}

/**
 * The `count` best distinct turns the beam saw (at any depth, ending the turn at once included),
 * best first, each as its actions before the end of turn.
 */
export function beamCandidates(start: FastPosition, evaluate: Evaluate, o: BeamOptions, count: number): Candidate[] {
  const noise = () => (o.random && o.noise > 0 ? o.random.next() * o.noise : 0);
  const found: Candidate[] = [{ moves: [], score: evaluate(start) + noise() }];
  let beam: Node[] = [{ pos: start.clone(), moves: [] }];
  const child = start.clone();
  const parents: number[] = [];
  const codes: number[] = [];
  const scores: number[] = [];
  const hashes: number[] = [];
  for (let depth = 0; depth < o.depth && beam.length > 0; depth++) {
    parents.length = 0;
    codes.length = 0;
    scores.length = 0;
    hashes.length = 0;
    for (let p = 0; p < beam.length; p++) {
      const node = beam[p];
      const n = node.pos.legalMoves(moveBuffer);
      for (let i = 0; i < n; i++) {
        const code = moveBuffer[i];
        if (code === M_END_TURN) continue;
        child.copyFrom(node.pos);
        child.play(code);
        parents.push(p);
        codes.push(code);
        scores.push(evaluate(child) + noise());
        hashes.push(hashOf(child.a));
      }
    }
    if (codes.length === 0) break;
    const order = codes.map((_, i) => i).sort((x, y) => scores[y] - scores[x] || x - y);
    const seen = new Set<number>();
    const next: Node[] = [];
    for (const i of order) {
      if (next.length >= o.width) break;
      if (seen.has(hashes[i])) continue;
      seen.add(hashes[i]);
      const parent = beam[parents[i]];
      const pos = parent.pos.clone();
      pos.play(codes[i]);
      const moves = [...parent.moves, codes[i]];
      next.push({ pos, moves });
      found.push({ moves, score: scores[i] });
    }
    beam = next;
  }
  // stable: of equal scores, the shorter turn (found first) comes first
  return found
    .map((c, i) => ({ c, i }))
    .sort((x, y) => y.c.score - x.c.score || x.i - y.i)
    .slice(0, count)
    .map((x) => x.c);
}
