/**
 * Turns on the public engine (legalMoves / applyMove on plain states), for what the fast core does
 * not play: Under the Moonlight, and every setup step. The same beam search as beam.ts with a
 * smaller budget (the public engine costs about 1 µs an action against the core's 0.05).
 *
 * Under the Moonlight the evaluation (evaluate.ts) gets each seat's moon part as extra points
 * (`moonExtra`): unspent moon points (1 point each at the end, and the price of abilities),
 * hatched baby turtles not used yet, the "points" baby on the turtle board; a hatch applied to the
 * seat's own view hatches an unknown baby (the view never shows it), counted at a baby's mean worth.
 */
import { applyMove, legalMoves, moonlight, moonRules, phaseMarker, type GameState, type MoonState } from "../engine";
import { type FastPosition, LAYOUT, M_END_TURN, sampleHidden, toFast, totalRounds } from "../engine/fast";
import type { Random } from "./random";

const { MOON_POINTS_CAP } = moonRules;

/** A baby turtle's worth, used or not, in points (a rough mean over the eight kinds). */
const BABY_WORTH = 2.5;

let litKey = "";
let litCells: Uint8Array = new Uint8Array(0);

/** The cells the moon lights next round (where the phase marker stands), with the Great Tree and stones. */
function nextMoonlight(m: MoonState, round: number): { lit: Uint8Array; gain: number } {
  const next = phaseMarker(m, round);
  const key = `${next.position} ${m.greatTree} ${m.stones.join(",")}`;
  if (key !== litKey) {
    litKey = key;
    litCells = moonlight(next.position, m.greatTree, m.stones).lit;
  }
  return { lit: litCells, gain: next.full ? 2 : 1 };
}

/**
 * Each seat's Moonlight points beyond the base game's, into `out`: `moonPoint` per moon point; the
 * room left under the cap (14) while rounds remain (points gained at the cap are lost, so spending
 * near it costs less: `headroom` per point of room, at most one point a round to come); the moon
 * points its animal would gain next round where it stands.
 */
export function moonExtra(state: GameState, moonPoint: number, out: Float64Array, headroom = 0): Float64Array | null {
  const m = state.moon;
  if (!m) return null;
  out.fill(0);
  const future = totalRounds(state.options) - state.round;
  const next = headroom > 0 && future > 0 && state.phase === "play" ? nextMoonlight(m, state.round) : null;
  m.players.forEach((p, s) => {
    let v = p.points * moonPoint + p.babies.length * BABY_WORTH + (p.spent.includes("points") ? 3 : 0);
    if (next) {
      const room = MOON_POINTS_CAP - p.points;
      v += Math.min(room, future) * headroom;
      if (p.cell >= 0 && next.lit[p.cell] !== 0) v += Math.min(room, next.gain) * moonPoint;
    }
    out[s] = v;
  });
  if (state.phase === "play" && m.used.includes("hatch")) out[state.current] += BABY_WORTH;
  return out;
}

/** The evaluation of a public state (`pos`: its fast position, for the seat `seat`). */
export type StateValue = (pos: FastPosition, state: GameState, seat: number) => number;

/**
 * The fast position of a public state, for the evaluation: what a view hides filled by a fixed
 * draw (the evaluation reads none of it). `into`: a position of the same game to write over.
 */
function fastOf(state: GameState, into: FastPosition | undefined): FastPosition {
  return toFast(state, state.moon ? sampleHidden(state, 0) : undefined, into);
}

const { CELLS_AT, LIGHT_AT, TOKENS_AT } = LAYOUT;

/** A hash of a public state's board, players and moon part (positions equal for the search). */
function hashState(pos: FastPosition, state: GameState): number {
  const a = pos.a;
  let h = 0x811c9dc5;
  // the board, then light, player boards, available areas, resignations and stacks
  for (let i = CELLS_AT; i < CELLS_AT + 37; i++) h = Math.imul(h ^ a[i], 0x01000193);
  for (let i = LIGHT_AT; i < TOKENS_AT; i++) h = Math.imul(h ^ a[i], 0x01000193);
  const m = state.moon;
  if (m) {
    for (const p of m.players) {
      h = Math.imul(h ^ p.cell, 0x01000193);
      h = Math.imul(h ^ p.points, 0x01000193);
      h = Math.imul(h ^ p.babies.length, 0x01000193);
    }
    h = Math.imul(h ^ m.used.length, 0x01000193);
    h = Math.imul(h ^ (m.moved ? 1 : 0), 0x01000193);
    for (const c of m.dam) h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

export interface PublicBeamOptions {
  width: number;
  depth: number;
  /** Most positions evaluated in the whole turn (the CPU budget). */
  nodes: number;
  noise: number;
  random: Random | null;
}

interface Node {
  state: GameState;
  moves: number[];
}

/**
 * The best turn for the seat to act in `start` (phase "play"): move codes ending with the end of
 * turn. Codes that would use a hatched baby the seat cannot know yet are never listed: a hatch
 * applied to a view hatches nothing.
 */
export function publicBeamTurn(start: GameState, score: StateValue, o: PublicBeamOptions): number[] {
  const seat = start.current;
  const noise = () => (o.random && o.noise > 0 ? o.random.next() * o.noise : 0);
  let pos: FastPosition | undefined;
  const judge = (s: GameState) => {
    pos = fastOf(s, pos);
    return score(pos, s, seat) + noise();
  };
  let bestScore = judge(start);
  let bestMoves: number[] = [];
  let beam: Node[] = [{ state: start, moves: [] }];
  let nodes = 0;
  for (let depth = 0; depth < o.depth && beam.length > 0 && nodes < o.nodes; depth++) {
    const children: { node: Node; score: number; hash: number }[] = [];
    for (const parent of beam) {
      for (const code of legalMoves(parent.state)) {
        if (code === M_END_TURN || nodes >= o.nodes) continue;
        const r = applyMove(parent.state, code);
        if (!r.ok || r.state.current !== seat || r.state.phase !== "play") continue;
        nodes++;
        children.push({
          node: { state: r.state, moves: [...parent.moves, code] },
          score: judge(r.state),
          hash: hashState(pos!, r.state),
        });
      }
    }
    children.sort((x, y) => y.score - x.score);
    const seen = new Set<number>();
    const next: Node[] = [];
    for (const c of children) {
      if (next.length >= o.width) break;
      if (seen.has(c.hash)) continue;
      seen.add(c.hash);
      next.push(c.node);
      if (c.score > bestScore) {
        bestScore = c.score;
        bestMoves = c.node.moves;
      }
    }
    beam = next;
  }
  return [...bestMoves, M_END_TURN];
}

/** The best single setup move for the seat to act (each legal one applied and judged; ties: the first). */
export function bestSetupMove(start: GameState, score: StateValue, random: Random | null, noise: number): number {
  const seat = start.current;
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  let pos: FastPosition | undefined;
  for (const code of legalMoves(start)) {
    const r = applyMove(start, code);
    if (!r.ok) continue;
    pos = fastOf(r.state, pos);
    const s = score(pos, r.state, seat) + (random && noise > 0 ? random.next() * noise : 0);
    if (s > bestScore) {
      bestScore = s;
      best = code;
    }
  }
  return best;
}
