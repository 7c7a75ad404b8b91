/**
 * How the bots judge a position (docs/bots.md, "Evaluation"). Positions are read in the fast
 * core's layout (layout.ts); everything is in game points.
 *
 * Two evaluations:
 * - `simpleValue`, greedy's STATED evaluation: points now (tokens + light / 3) + the light the
 *   seat's trees would collect at the next round's sun on the board as it stands / 3 + a fixed worth
 *   per piece on the board (seed 1, small 2.5, medium 4, large 6) and in the available area (0.4,
 *   0.8, 1.1, 1.5) while rounds remain; on the last round only the points.
 * - `value`, the levels' evaluation (weights per level in `Weights`): points banked; light held
 *   (before the last round worth `light` a point each, then floor(light / 3)); the light income the
 *   board as it stands would bring over the next `horizon` rounds (each sun position, shadows of
 *   every tree, decaying by `decay` a round); each piece's share of the scoring token its cell would
 *   take when collected, if enough rounds remain to grow it to large and collect it; pieces in the
 *   available area; a crowding penalty for a seed or small tree next to the seat's own pieces
 *   (they will shade each other); minus `opponents` × the others' mean value (their income falls
 *   under our shadows, their tokens come from the same stacks).
 */
import { CELL_COUNT, LEAVES, TOKEN_VALUES } from "../../src/engine";
import { NEIGHBOURS, SHADOW_RAY } from "../../src/engine/fast";
import { AVAIL_AT, CELLS_AT, LIGHT_AT, RESIGNED_AT, ROUND_AT, STACKS_AT, TOKENS_AT, TOKENS_N_AT } from "./layout";

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

/** The cells whose trees can shade c: TOWARD[(sun * 37 + c) * 3 + i] at distance i + 1, -1 past the edge. */
const TOWARD: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++)
      SHADOW_RAY[sun][c].forEach((t, i) => {
        r[(sun * CELL_COUNT + t) * 3 + i] = c;
      });
  return r;
})();
const LEAVES_OF = Int8Array.from(LEAVES);
const NEIGHBOUR_LIST = NEIGHBOURS.map((n) => Int8Array.from(n));

/** The token a collect on a cell with `leaves` leaves would take now (value; 0 when none is left). */
export function tokenValue(a: Int32Array, leaves: number): number {
  for (let l = leaves; l >= 1; l--) {
    const left = a[STACKS_AT + l - 1];
    if (left > 0) {
      const values = TOKEN_VALUES[l - 1];
      return values[values.length - left];
    }
  }
  return 0;
}

/** Light each seat's trees would collect with the sun at `sun`, added (× weight) into `out`. */
export function addGains(a: Int32Array, sun: number, weight: number, out: Float64Array): void {
  const base = sun * CELL_COUNT * 3;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = a[CELLS_AT + c];
    if (piece === 0) continue;
    const size = (piece - 1) & 3;
    if (size === 0) continue;
    let lit = true;
    const r = base + c * 3;
    for (let i = 0; i < 3; i++) {
      const from = TOWARD[r + i];
      if (from < 0) break;
      const other = a[CELLS_AT + from];
      if (other === 0) continue;
      const h = (other - 1) & 3;
      if (h > i && h >= size) {
        lit = false;
        break;
      }
    }
    if (lit) out[(piece - 1) >> 2] += size * weight;
  }
}

const tokens = new Float64Array(4);
const gains = new Float64Array(4);
const pieces = new Float64Array(4);
const counts = new Int32Array(4);

function tokenSums(a: Int32Array, players: number): void {
  for (let s = 0; s < players; s++) tokens[s] = 0;
  for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N_AT]; i++, k += 3) tokens[a[k]] += a[k + 2];
}

/** Seeds and trees per seat (the tie-break), into `counts`. */
function pieceCounts(a: Int32Array, players: number): void {
  for (let s = 0; s < players; s++) counts[s] = 0;
  for (let c = 0; c < CELL_COUNT; c++) if (a[CELLS_AT + c] !== 0) counts[(a[CELLS_AT + c] - 1) >> 2]++;
}

/** Final points as they stand (tokens + floor(light / 3)), with the tie-break as a fraction. */
function finalValue(a: Int32Array, players: number, seat: number, extra: Float64Array | null): number {
  tokenSums(a, players);
  pieceCounts(a, players);
  let best = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let mine = 0;
  for (let s = 0; s < players; s++) {
    const v = tokens[s] + Math.floor(a[LIGHT_AT + s] / 3) + (extra ? extra[s] : 0) + counts[s] * 0.01;
    if (s === seat) mine = v;
    else if (a[RESIGNED_AT + s] === 0) {
      sum += v;
      if (v > best) best = v;
    }
  }
  return mine - (best === Number.NEGATIVE_INFINITY ? 0 : 0.5 * best + (0.5 * sum) / (players - 1));
}

/**
 * The levels' evaluation of seat `seat` in position `a` after its actions this turn (see the file
 * comment). `rounds` is the game's number of rounds; `extra[s]` adds points per seat (Moonlight).
 */
export function value(
  a: Int32Array,
  players: number,
  rounds: number,
  seat: number,
  w: Weights,
  extra: Float64Array | null = null,
): number {
  const round = a[ROUND_AT];
  const future = rounds - round;
  if (future <= 0) return finalValue(a, players, seat, extra);
  tokenSums(a, players);
  for (let s = 0; s < players; s++) {
    gains[s] = 0;
    pieces[s] = 0;
  }
  const horizon = Math.min(future, w.horizon);
  let weight = 1;
  for (let k = 1; k <= horizon; k++) {
    addGains(a, (round + k - 1) % 6, weight, gains);
    weight *= w.decay;
  }
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = a[CELLS_AT + c];
    if (piece === 0) continue;
    const size = (piece - 1) & 3;
    const s = (piece - 1) >> 2;
    if (future >= 4 - size) pieces[s] += w.piece[size] * tokenValue(a, LEAVES_OF[c]);
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

/** Greedy's worth of a piece on the board and in the available area, by size (seed, small, medium, large). */
const PIECE_WORTH = [1, 2.5, 4, 6];
const AVAIL_WORTH = [0.4, 0.8, 1.1, 1.5];

/** Greedy's stated evaluation (the file comment): the seat's own points, nothing of the others'. */
export function simpleValue(
  a: Int32Array,
  players: number,
  rounds: number,
  seat: number,
  extra: Float64Array | null = null,
): number {
  const round = a[ROUND_AT];
  tokenSums(a, players);
  const points = tokens[seat] + (extra ? extra[seat] : 0);
  if (round >= rounds) return points + Math.floor(a[LIGHT_AT + seat] / 3);
  for (let s = 0; s < players; s++) gains[s] = 0;
  addGains(a, round % 6, 1, gains);
  let worth = 0;
  const own = 1 + seat * 4;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = a[CELLS_AT + c] - own;
    if (piece >= 0 && piece < 4) worth += PIECE_WORTH[piece];
  }
  for (let z = 0; z < 4; z++) worth += a[AVAIL_AT + seat * 4 + z] * AVAIL_WORTH[z];
  return points + a[LIGHT_AT + seat] / 3 + gains[seat] / 3 + worth;
}
