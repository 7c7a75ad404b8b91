/**
 * The bench's one-turn greedy and its stronger sibling (issue 23 item 3; docs/bots.md, "Bench"):
 * opponents written apart from src/bots (they share no evaluation and no search code with the
 * levels), calibrated against uniformly random play by the bench itself
 * (`bots.greedy_win_rate_2p_vs_random`, `bots.greedy_mean_score_2p_vs_random`).
 *
 * **greedy** plays the turn that maximises its STATED evaluation of its own seat, found by a beam
 * over its own actions (width 6, every action of every kept position tried, the turn may end after
 * any of them):
 *   points now (tokens + light ÷ 3, + moon points under the Moonlight)
 *   + the light its trees would collect over the next 4 sun positions with the board as it stands
 *     (the engine's light: every shadow, the Great Tree's and moonstones' included) ÷ 2
 *   + each own piece on the board, a share of the token its cell would take now (seed 0.1, small
 *     0.25, medium 0.45, large 0.7), while enough rounds remain to grow it to large and collect it
 *   + each own piece in the available area (seed 0.3, small 0.6, medium 0.9, large 1.2) likewise;
 * in the last round, the points alone (tokens + ⌊light ÷ 3⌋). The weights were picked by a small
 * search against random play (docs/bots.md, "Bench"); they are fixed, never tuned against strong.
 *
 * **greedy_plus** looks one sun position further: greedy's 6 best turns are each followed by the
 * others passing, the sun moving (light collected), and greedy's best turn in the next round; the
 * turn whose two-turn result is best is played (the base game; under the Moonlight it plays greedy).
 *
 * Both decide from the seat's view alone and are deterministic. They use the engine for every rule
 * (legal moves, light, rounds, points); the fast core in the base game, the public engine under the
 * Moonlight.
 */
import {
  LEAVES,
  LIGHT_PER_POINT,
  applyMove,
  nextToken,
  legalMoves,
  lightGains,
  lightGainsFor,
  sunPosition,
  totalRounds,
  type GameState,
} from "../../src/engine";
import { type FastPosition, M_END_TURN, MAX_MOVES, toFast } from "../../src/engine/fast";
import {
  AVAIL_AT,
  CELLS_AT,
  LAYOUT_SIZE,
  LIGHT_AT,
  ROUND_AT,
  STACKS_AT,
  TOKENS_AT,
  TOKENS_N_AT,
  packState,
} from "../../src/bots/layout";

/** Share of the token its cell would take now that an own piece is worth, by size (seed, small, medium, large). */
const SHARE = [0.1, 0.25, 0.45, 0.7];
/** Worth of an own piece in the available area, by size. */
const AVAIL = [0.3, 0.6, 0.9, 1.2];
/** Sun positions of income looked at, and its weight in points per light (½: income is not light in hand yet). */
const HORIZON = 4;
const INCOME = 1 / 2;
const WIDTH = 6;
const DEPTH = 10;
/** greedy_plus: turns tried one sun position further. */
const PLUS_CANDIDATES = 6;

/**
 * Greedy's evaluation of `seat` in a position in the fast layout (`a`). `income(sun)` gives the
 * seat's light with the sun at `sun`; `moon` adds the seat's moon points.
 */
export function greedyValue(
  a: Int32Array,
  rounds: number,
  seat: number,
  income: (sun: number) => number,
  moon = 0,
): number {
  const round = a[ROUND_AT];
  let points = moon;
  for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N_AT]; i++, k += 3) if (a[k] === seat) points += a[k + 2];
  const left = rounds - round;
  if (left <= 0) return points + Math.floor(a[LIGHT_AT + seat] / LIGHT_PER_POINT);
  let light = 0;
  for (let k = 1; k <= Math.min(HORIZON, left); k++) light += income(sunPosition(round + k));
  let worth = 0;
  const own = 1 + seat * 4;
  const stacks = { stacks: Array.from(a.subarray(STACKS_AT, STACKS_AT + 4)) };
  const token = [0, 1, 2, 3, 4].map((l) => nextToken(stacks, l)?.value ?? 0);
  for (let c = 0; c < 37; c++) {
    const size = a[CELLS_AT + c] - own;
    if (size >= 0 && size < 4 && left >= 4 - size) worth += SHARE[size] * token[LEAVES[c]];
  }
  for (let z = 0; z < 4; z++) if (left >= 4 - z) worth += a[AVAIL_AT + seat * 4 + z] * AVAIL[z];
  return points + a[LIGHT_AT + seat] / LIGHT_PER_POINT + INCOME * light + worth;
}

/** Greedy's evaluation of a fast position (base game). */
function fastValue(p: FastPosition, seat: number): number {
  const a = p.a;
  // a fresh view each time: the engine remembers the last board it read by identity
  return greedyValue(a, p.rounds, seat, (sun) => lightGains(a.subarray(CELLS_AT, CELLS_AT + 37), sun, p.players)[seat]);
}

const packed = new Int32Array(LAYOUT_SIZE);

/** Greedy's evaluation of a public state (Under the Moonlight: the expansion's shadows and moon points). */
function publicValue(s: GameState, seat: number): number {
  return greedyValue(
    packState(s, packed),
    totalRounds(s.options),
    seat,
    (sun) => lightGainsFor(s, sun)[seat],
    s.moon ? s.moon.players[seat].points : 0,
  );
}

const buffer = new Int32Array(MAX_MOVES);

interface Turn {
  moves: number[];
  score: number;
}

/** The best distinct turns of the seat to act by greedy's evaluation (best first, each without its end of turn). */
function fastTurns(start: FastPosition, count: number): Turn[] {
  const seat = start.current;
  const found: Turn[] = [{ moves: [], score: fastValue(start, seat) }];
  let beam: { pos: FastPosition; moves: number[] }[] = [{ pos: start.clone(), moves: [] }];
  const child = start.clone();
  for (let depth = 0; depth < DEPTH && beam.length > 0; depth++) {
    const next: { pos: FastPosition; moves: number[]; score: number; key: string }[] = [];
    for (const node of beam) {
      const n = node.pos.legalMoves(buffer);
      for (let i = 0; i < n; i++) {
        const code = buffer[i];
        if (code === M_END_TURN) continue;
        child.copyFrom(node.pos);
        child.play(code);
        next.push({ pos: node.pos, moves: [...node.moves, code], score: fastValue(child, seat), key: "" });
      }
    }
    next.sort((x, y) => y.score - x.score);
    const seen = new Set<string>();
    beam = [];
    for (const c of next) {
      if (beam.length >= WIDTH) break;
      const pos = c.pos.clone();
      pos.play(c.moves[c.moves.length - 1]);
      const key = pos.a.subarray(0, 210).join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      beam.push({ pos, moves: c.moves });
      found.push({ moves: c.moves, score: c.score });
    }
  }
  found.sort((x, y) => y.score - x.score || x.moves.length - y.moves.length);
  return found.slice(0, count);
}

/** greedy's turn on the fast core (base game). */
export function greedyFast(start: FastPosition): number[] {
  return [...fastTurns(start, 1)[0].moves, M_END_TURN];
}

/** greedy_plus's turn on the fast core: greedy's best turns judged after the next round's best turn. */
export function greedyPlusFast(start: FastPosition): number[] {
  const seat = start.current;
  const candidates = fastTurns(start, PLUS_CANDIDATES);
  let best = candidates[0];
  let bestScore = Number.NEGATIVE_INFINITY;
  const sim = start.clone();
  for (const c of candidates) {
    sim.copyFrom(start);
    for (const code of c.moves) sim.play(code);
    sim.play(M_END_TURN);
    // the others pass until it is this seat's turn again (the sun moves, light is collected)
    while (!sim.ended && sim.current !== seat) sim.play(M_END_TURN);
    const score = sim.ended ? fastValue(sim, seat) : fastTurns(sim, 1)[0].score;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return [...best.moves, M_END_TURN];
}

/** greedy's turn (or setup action) from the seat's view, on the public engine (any game, Moonlight included). */
export function greedyPublic(start: GameState): number[] {
  const seat = start.current;
  if (start.phase === "setup") {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const code of legalMoves(start)) {
      const r = applyMove(start, code);
      if (!r.ok) continue;
      const v = publicValue(r.state, seat);
      if (v > bestScore) {
        bestScore = v;
        best = code;
      }
    }
    return [best];
  }
  let bestMoves: number[] = [];
  let bestScore = publicValue(start, seat);
  let beam: { state: GameState; moves: number[] }[] = [{ state: start, moves: [] }];
  for (let depth = 0; depth < DEPTH && beam.length > 0; depth++) {
    const next: { state: GameState; moves: number[]; score: number }[] = [];
    for (const node of beam)
      for (const code of legalMoves(node.state)) {
        if (code === M_END_TURN) continue;
        const r = applyMove(node.state, code);
        if (!r.ok || r.state.current !== seat || r.state.phase !== "play") continue;
        next.push({ state: r.state, moves: [...node.moves, code], score: publicValue(r.state, seat) });
      }
    next.sort((x, y) => y.score - x.score);
    const seen = new Set<string>();
    beam = [];
    for (const c of next) {
      if (beam.length >= WIDTH) break;
      const m = c.state.moon;
      const key = JSON.stringify([c.state.cells, c.state.players, m?.players, m?.used, m?.moved]);
      if (seen.has(key)) continue;
      seen.add(key);
      beam.push(c);
      if (c.score > bestScore) {
        bestScore = c.score;
        bestMoves = c.moves;
      }
    }
  }
  return [...bestMoves, M_END_TURN];
}

/** The bench's greedy (or greedy_plus) turn from the seat's view. */
export function greedyTurn(view: GameState, plus: boolean): number[] {
  if (view.phase !== "play" || view.moon) return greedyPublic(view);
  const pos = toFast(view);
  return plus ? greedyPlusFast(pos) : greedyFast(pos);
}
