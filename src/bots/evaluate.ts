/**
 * How the bots judge a position (docs/bots.md, "Evaluation"): a fast position (the base game or
 * Under the Moonlight); everything is in game points. The rules' numbers and the light a board
 * collects are the engine's (the fast core's `lightGains`, `tokenValue`, `rounds`, `sunPosition`,
 * `LIGHT_PER_POINT`): the bots compute no rule themselves.
 *
 * `value`, the levels' evaluation (weights per level in `Weights`): points banked; light held
 *   (before the last round worth `light` a point each, then as the final count takes it); the light
 *   income the board as it stands would bring over the next `horizon` rounds (each sun position,
 *   the engine's shadows, decaying by `decay` a round); each piece's share of the scoring token its cell would
 *   take when collected, if enough rounds remain to grow it to large and collect it; pieces in the
 *   available area; a crowding penalty for a seed or small tree next to the seat's own pieces
 *   (they will shade each other); minus `opponents` × the others' mean value (their income falls
 *   under our shadows, their tokens come from the same stacks).
 */
import { CELL_COUNT, LEAVES } from "../engine";
import { type FastPosition, LAYOUT, LIGHT_PER_POINT, NEIGHBOURS, sunPosition } from "../engine/fast";

const { AVAIL_AT, CELLS_AT, LIGHT_AT, RESIGNED_AT, ROUND, TOKENS_AT, TOKENS_N } = LAYOUT;

export interface Weights {
  /** Rounds of light income forecast (≥ 1). */
  horizon: number;
  /** Weight of each later round's income relative to the one before. */
  decay: number;
  /** Points per light point of forecast income. */
  income: number;
  /** Points per light point held, before the last round. */
  light: number;
  /** Share of its cell's next token a piece is worth, by size (seed, small, medium, large). */
  piece: readonly number[];
  /** Points per piece in the available area, by size. */
  avail: readonly number[];
  /** Penalty per own piece next to a seed or small tree. */
  crowd: number;
  /** Weight of the other seats' mean value (0 = play for oneself only). */
  opponents: number;
}

const LEAVES_OF = Int8Array.from(LEAVES);
const NEIGHBOUR_LIST = NEIGHBOURS.map((n) => Int8Array.from(n));

/** Light per seat with one sun position (the engine's count, scratch). */
const sunGains = new Int32Array(4);

const tokens = new Float64Array(4);
const gains = new Float64Array(4);
const pieces = new Float64Array(4);
const counts = new Int32Array(4);

function tokenSums(a: Int32Array, players: number): void {
  for (let s = 0; s < players; s++) tokens[s] = 0;
  for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N]; i++, k += 3) tokens[a[k]] += a[k + 2];
}

/** Seeds and trees per seat (the tie-break), into `counts`. */
function pieceCounts(a: Int32Array, players: number): void {
  for (let s = 0; s < players; s++) counts[s] = 0;
  for (let c = 0; c < CELL_COUNT; c++) if (a[CELLS_AT + c] !== 0) counts[(a[CELLS_AT + c] - 1) >> 2]++;
}

/** Final points as they stand (tokens + light as the final count takes it), with the tie-break as a fraction. */
function finalValue(a: Int32Array, players: number, seat: number, extra: Float64Array | null): number {
  tokenSums(a, players);
  pieceCounts(a, players);
  let best = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let mine = 0;
  for (let s = 0; s < players; s++) {
    const v = tokens[s] + Math.floor(a[LIGHT_AT + s] / LIGHT_PER_POINT) + (extra ? extra[s] : 0) + counts[s] * 0.01;
    if (s === seat) mine = v;
    else if (a[RESIGNED_AT + s] === 0) {
      sum += v;
      if (v > best) best = v;
    }
  }
  return mine - (best === Number.NEGATIVE_INFINITY ? 0 : 0.5 * best + (0.5 * sum) / (players - 1));
}

/**
 * The levels' evaluation of seat `seat` in position `pos` after its actions this turn (see the file
 * comment). `extra[s]` adds points per seat (Moonlight).
 */
export function value(pos: FastPosition, seat: number, w: Weights, extra: Float64Array | null = null): number {
  const a = pos.a;
  const players = pos.players;
  const round = a[ROUND];
  const future = pos.rounds - round;
  if (future <= 0) return finalValue(a, players, seat, extra);
  tokenSums(a, players);
  for (let s = 0; s < players; s++) {
    gains[s] = 0;
    pieces[s] = 0;
  }
  const horizon = Math.min(future, w.horizon);
  let weight = 1;
  for (let k = 1; k <= horizon; k++) {
    // the light of round + k, counted by the engine (the expansion's shadows included)
    pos.lightGains(sunPosition(round + k), sunGains);
    for (let s = 0; s < players; s++) gains[s] += sunGains[s] * weight;
    weight *= w.decay;
  }
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = a[CELLS_AT + c];
    if (piece === 0) continue;
    const size = (piece - 1) & 3;
    const s = (piece - 1) >> 2;
    if (future >= 4 - size) pieces[s] += w.piece[size] * pos.tokenValue(LEAVES_OF[c]);
    if (size < 2 && w.crowd !== 0) {
      const n = NEIGHBOUR_LIST[c];
      let own = 0;
      for (let i = 0; i < n.length; i++) {
        const o = a[CELLS_AT + n[i]];
        if (o !== 0 && (o - 1) >> 2 === s) own++;
      }
      pieces[s] -= w.crowd * own;
    }
  }
  let mine = 0;
  let sum = 0;
  let others = 0;
  for (let s = 0; s < players; s++) {
    let v = tokens[s] + a[LIGHT_AT + s] * w.light + gains[s] * w.income + pieces[s];
    for (let z = 0; z < 4; z++) if (future >= 4 - z) v += a[AVAIL_AT + s * 4 + z] * w.avail[z];
    if (extra) v += extra[s];
    if (s === seat) mine = v;
    else if (a[RESIGNED_AT + s] === 0) {
      sum += v;
      others++;
    }
  }
  return others > 0 ? mine - (w.opponents * sum) / others : mine;
}
