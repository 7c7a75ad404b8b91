/**
 * The fast core: a compact, mutable position of the base game for search and playouts (docs/fast-path.md).
 *
 * Why hand-written beside the public engine: bots search millions of positions, and the public
 * engine's pure, immutable states (a copy per action, event objects, arrays of actions) cost about
 * 1 µs an action. Here a whole position is one Int32Array with fixed offsets: an action is applied
 * in place with no allocation, `copyFrom` snapshots or restores a position in one `set`, and legal
 * moves are written into a reusable buffer. Move codes are the public engine's (codes.ts), produced
 * in the public engine's order, so `actionOf(code)` gives the JSON action and a uniform random
 * playout with the same generator plays exactly the game `playOutRandomly` plays.
 *
 * The rules are the public engine's, restated for speed; tests/engine/fast/agreement.test.ts plays
 * random games with both and compares the legal action sets and the states at every step, and the
 * perft table is checked on both. Under the Moonlight is not on this core yet (`toFast` refuses it).
 */
import { CELL_COUNT, CELLS, EDGE_CELLS, LEAVES, SHADOW_RAY } from "../board";
import { M_BUY, M_COLLECT, M_END_TURN, M_GROW, M_PLACE, M_PLANT } from "../codes";
import { AT_HI, AT_LO, PRICE } from "../masks";
import {
  BOARD_SLOTS,
  COLLECT_COST,
  GROW_COST,
  LIGHT_CAP,
  LIGHT_PER_POINT,
  PLANT_COST,
  ROUNDS_LONG,
  ROUNDS_NORMAL,
  SETUP_TREES_PER_PLAYER,
  TOKEN_VALUES,
} from "../rules";
import type { GameOptions, GameState, Phase, PlayerState, ScoringToken } from "../types";

// ---- layout of the position's Int32Array ---------------------------------------------------

/** cells[c]: 0 empty, else 1 + seat * 4 + size (the public encoding). */
const CELLS_AT = 0;
/**
 * 37-cell sets as two int32 words (cells 0–31, then 32–36): the cells used this turn, every
 * occupied cell, and each seat's pieces (OWN_AT + seat * 2).
 */
const USED_LO = CELLS_AT + CELL_COUNT;
const USED_HI = USED_LO + 1;
const OCC_LO = USED_HI + 1;
const OCC_HI = OCC_LO + 1;
const OWN_AT = OCC_HI + 1;
/** Cells used this turn, in order (each at most once). */
const TOUCHED_AT = OWN_AT + 8;
const LIGHT_AT = TOUCHED_AT + CELL_COUNT;
/** board[seat * 4 + column]. */
const BOARD_AT = LIGHT_AT + 4;
/** available[seat * 4 + size]. */
const AVAIL_AT = BOARD_AT + 16;
const RESIGNED_AT = AVAIL_AT + 16;
/** Scoring tokens left per stack (index = leaves - 1). */
const STACKS_AT = RESIGNED_AT + 4;
/** Tokens taken, in order: seat, leaves, value (at most one per token: 24). */
const TOKENS_AT = STACKS_AT + 4;
const MAX_TOKENS = 24;
const PHASE = TOKENS_AT + 3 * MAX_TOKENS;
const ROUND = PHASE + 1;
const FIRST = ROUND + 1;
const CURRENT = FIRST + 1;
const TURN = CURRENT + 1;
const TOUCHED_N = TURN + 1;
const TOKENS_N = TOUCHED_N + 1;
const PLY = TOKENS_N + 1;
const RNG = PLY + 1;
const SIZE = RNG + 1;

/** Phases as numbers. */
export const SETUP = 0;
export const PLAY = 1;
export const ENDED = 2;
const PHASES: readonly Phase[] = ["setup", "play", "ended"];

/** Legal moves never exceed this (37 cells × at most 18 plant targets + grows, buys, end of turn). */
export const MAX_MOVES = 768;

// ---- precomputed tables --------------------------------------------------------------------

// PRICE (next purchase price by column and count) and AT_LO / AT_HI (the cells at exactly distance
// d of a cell, as 37-cell sets, in WITHIN's order) are shared with the public engine: ../masks.ts

/** Shadow rays per sun position: RAY[(sun * 37 + c) * 3 + i], -1 past the board edge. */
const RAY: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++) SHADOW_RAY[sun][c].forEach((t, i) => (r[(sun * CELL_COUNT + c) * 3 + i] = t));
  return r;
})();

/** The cells whose trees can shade c, nearest first: TOWARD_SUN[(sun * 37 + c) * 3 + i] at distance i + 1, -1 past the edge. */
const TOWARD_SUN: Int8Array = (() => {
  const r = new Int8Array(6 * CELL_COUNT * 3).fill(-1);
  for (let sun = 0; sun < 6; sun++)
    for (let c = 0; c < CELL_COUNT; c++) SHADOW_RAY[sun][c].forEach((t, i) => (r[(sun * CELL_COUNT + t) * 3 + i] = c));
  return r;
})();

const LEAVES_OF = Int8Array.from(LEAVES);
const GROW = Int32Array.from(GROW_COST);
const EDGES = Int8Array.from(EDGE_CELLS);
const STACK_SIZE = Int32Array.from(TOKEN_VALUES.map((v) => v.length));
/** TOKEN[(leaves - 1) * 9 + i]: the i-th token from the top of a stack. */
const TOKEN = new Int32Array(36);
TOKEN_VALUES.forEach((values, l) => values.forEach((v, i) => (TOKEN[l * 9 + i] = v)));

/** Scratch shade heights (one position's at a time; never kept). */
const shade = new Uint8Array(CELL_COUNT);

function shadeInto(cells: Int32Array, sun: number): void {
  shade.fill(0);
  const base = sun * CELL_COUNT * 3;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = cells[CELLS_AT + c];
    if (piece === 0) continue;
    const h = (piece - 1) & 3;
    if (h === 0) continue;
    const r = base + c * 3;
    for (let i = 0; i < h; i++) {
      const t = RAY[r + i];
      if (t < 0) break;
      if (shade[t] < h) shade[t] = h;
    }
  }
}

/** Mark cell c used this turn (in order). */
function touch(a: Int32Array, c: number): void {
  if (c < 32) a[USED_LO] |= 1 << c;
  else a[USED_HI] |= 1 << (c - 32);
  a[TOUCHED_AT + a[TOUCHED_N]++] = c;
}

/** Add cell c to the occupied cells and to the seat's. */
function occupy(a: Int32Array, seat: number, c: number): void {
  if (c < 32) {
    a[OCC_LO] |= 1 << c;
    a[OWN_AT + seat * 2] |= 1 << c;
  } else {
    a[OCC_HI] |= 1 << (c - 32);
    a[OWN_AT + seat * 2 + 1] |= 1 << (c - 32);
  }
}

// ---- the position --------------------------------------------------------------------------

/** A base-game position, mutable. Create one from a public state with `toFast`, or `createFast`. */
export class FastPosition {
  /** Every field of the position (see the offsets above); copy it to snapshot the position. */
  readonly a = new Int32Array(SIZE);
  readonly players: number;
  readonly rounds: number;
  readonly heavyShade: boolean;
  constructor(readonly options: GameOptions) {
    if (options.moonlight) throw new Error("The fast core plays the base game only (no Under the Moonlight yet).");
    this.players = options.players;
    this.rounds = options.longGame ? ROUNDS_LONG : ROUNDS_NORMAL;
    this.heavyShade = options.heavyShade;
  }

  get phase(): number {
    return this.a[PHASE];
  }
  get current(): number {
    return this.a[CURRENT];
  }
  get round(): number {
    return this.a[ROUND];
  }
  get ply(): number {
    return this.a[PLY];
  }
  /** Whether the game is over. */
  get ended(): boolean {
    return this.a[PHASE] === ENDED;
  }

  /** A copy (sharing the options). */
  clone(): FastPosition {
    const p = new FastPosition(this.options);
    p.a.set(this.a);
    return p;
  }
  /** Make this position equal to `other` (same game options): the undo of search. */
  copyFrom(other: FastPosition): void {
    this.a.set(other.a);
  }

  /** Write every legal move of the seat to act into `out` (from index 0); returns how many. */
  legalMoves(out: Int32Array | number[]): number {
    const a = this.a;
    const phase = a[PHASE];
    if (phase === ENDED) return 0;
    const seat = a[CURRENT];
    let n = 0;
    if (phase === SETUP) {
      if (a[AVAIL_AT + seat * 4 + 1] > 0)
        for (let i = 0; i < EDGES.length; i++) {
          const c = EDGES[i];
          if (a[CELLS_AT + c] === 0) out[n++] = M_PLACE | (c << 3);
        }
      return n;
    }
    out[n++] = M_END_TURN;
    const light = a[LIGHT_AT + seat];
    const board = BOARD_AT + seat * 4;
    for (let col = 0; col < 4; col++) {
      const price = PRICE[col * 5 + a[board + col]];
      if (price >= 0 && price <= light) out[n++] = M_BUY | (col << 3);
    }
    const avail = AVAIL_AT + seat * 4;
    const heavy = this.heavyShade;
    if (heavy) shadeInto(a, (a[ROUND] - 1) % 6);
    const canPlant = a[avail] > 0 && light >= PLANT_COST;
    const own = 1 + seat * 4;
    // bit s: a piece of size s may grow (s < 3) or be collected (s = 3), shade aside
    let able = light >= COLLECT_COST ? 8 : 0;
    for (let size = 0; size < 3; size++) if (a[avail + size + 1] > 0 && light >= GROW[size + 1]) able |= 1 << size;
    // free cells (empty and unused this turn); then each unused own piece, by increasing cell
    const freeLo = ~(a[OCC_LO] | a[USED_LO]);
    const freeHi = ~(a[OCC_HI] | a[USED_HI]);
    let lo = a[OWN_AT + seat * 2] & ~a[USED_LO];
    let hi = a[OWN_AT + seat * 2 + 1] & ~a[USED_HI];
    // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
    while ((lo | hi) !== 0) {
      let c: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        lo ^= bit;
        c = 31 - Math.clz32(bit);
      } else {
        const bit = hi & -hi;
        hi ^= bit;
        c = 63 - Math.clz32(bit);
      }
      const size = a[CELLS_AT + c] - own;
      const shaded = heavy && shade[c] >= (size < 1 ? 1 : size);
      if ((able & (1 << size)) !== 0) {
        if (size === 3) out[n++] = M_COLLECT | (c << 3);
        else if (!shaded) out[n++] = M_GROW | (c << 3);
      }
      if (canPlant && size > 0 && !shaded) {
        const from = M_PLANT | (c << 3);
        for (let d = 1; d <= size; d++) {
          let t = AT_LO[d * CELL_COUNT + c] & freeLo;
          while (t !== 0) {
            const b = t & -t;
            t ^= b;
            out[n++] = from | ((31 - Math.clz32(b)) << 9);
          }
          t = AT_HI[d * CELL_COUNT + c] & freeHi;
          while (t !== 0) {
            const b = t & -t;
            t ^= b;
            out[n++] = from | ((63 - Math.clz32(b)) << 9);
          }
        }
      }
    }
    return n;
  }

  /**
   * Apply a move of the seat to act in place. The move must be one `legalMoves` just gave for this
   * position: nothing is checked (use the public `applyMove` for moves from outside).
   */
  play(code: number): void {
    const a = this.a;
    const seat = a[CURRENT];
    const c = (code >> 3) & 63;
    a[PLY]++;
    switch (code & 7) {
      case M_END_TURN:
        this.advance();
        return;
      case M_PLACE:
        a[AVAIL_AT + seat * 4 + 1]--;
        a[CELLS_AT + c] = 2 + seat * 4;
        occupy(a, seat, c);
        this.advance();
        return;
      case M_BUY: {
        const b = BOARD_AT + seat * 4 + c;
        a[LIGHT_AT + seat] -= PRICE[c * 5 + a[b]];
        a[b]--;
        a[AVAIL_AT + seat * 4 + c]++;
        return;
      }
      case M_PLANT: {
        const t = (code >> 9) & 63;
        a[LIGHT_AT + seat] -= PLANT_COST;
        a[AVAIL_AT + seat * 4]--;
        a[CELLS_AT + t] = 1 + seat * 4;
        occupy(a, seat, t);
        touch(a, c);
        touch(a, t);
        return;
      }
      case M_GROW: {
        const size = (a[CELLS_AT + c] - 1) & 3;
        a[LIGHT_AT + seat] -= GROW_COST[size + 1];
        a[AVAIL_AT + seat * 4 + size + 1]--;
        a[CELLS_AT + c]++;
        const b = BOARD_AT + seat * 4 + size;
        if (a[b] < BOARD_SLOTS[size]) a[b]++;
        touch(a, c);
        return;
      }
      case M_COLLECT: {
        a[LIGHT_AT + seat] -= COLLECT_COST;
        a[CELLS_AT + c] = 0;
        if (c < 32) {
          a[OCC_LO] &= ~(1 << c);
          a[OWN_AT + seat * 2] &= ~(1 << c);
        } else {
          a[OCC_HI] &= ~(1 << (c - 32));
          a[OWN_AT + seat * 2 + 1] &= ~(1 << (c - 32));
        }
        const b = BOARD_AT + seat * 4 + 3;
        if (a[b] < BOARD_SLOTS[3]) a[b]++;
        for (let l = LEAVES_OF[c]; l >= 1; l--) {
          const left = a[STACKS_AT + l - 1];
          if (left > 0) {
            a[STACKS_AT + l - 1] = left - 1;
            const k = TOKENS_AT + 3 * a[TOKENS_N]++;
            a[k] = seat;
            a[k + 1] = l;
            a[k + 2] = TOKEN[(l - 1) * 9 + STACK_SIZE[l - 1] - left];
            break;
          }
        }
        touch(a, c);
        return;
      }
    }
  }

  /** Pass play to the next seat that may act (the public engine's `advance`, base game). */
  private advance(): void {
    const a = this.a;
    const n = this.players;
    a[USED_LO] = 0;
    a[USED_HI] = 0;
    a[TOUCHED_N] = 0;
    let resigned = 0;
    for (let s = 0; s < n; s++) resigned += a[RESIGNED_AT + s];
    if (resigned === n) {
      a[PHASE] = ENDED;
      return;
    }
    for (;;) {
      const turn = ++a[TURN];
      if (a[PHASE] === SETUP) {
        if (turn >= n * SETUP_TREES_PER_PLAYER) {
          a[PHASE] = PLAY;
          this.startRound(1);
        } else a[CURRENT] = (a[FIRST] + turn) % n;
      } else if (turn >= n) {
        if (a[ROUND] >= this.rounds) {
          a[PHASE] = ENDED;
          return;
        }
        a[FIRST] = (a[FIRST] + 1) % n;
        this.startRound(a[ROUND] + 1);
      } else a[CURRENT] = (a[FIRST] + turn) % n;
      if (a[RESIGNED_AT + a[CURRENT]] === 0) return;
    }
  }

  /** Photosynthesis: every seat collects the light of its lit trees (capped at 20). */
  private startRound(round: number): void {
    const a = this.a;
    a[ROUND] = round;
    a[TURN] = 0;
    a[CURRENT] = a[FIRST];
    // each tree looks at the (up to 3) cells toward the sun: a tree of height h at distance i
    // shades it when h >= i and h >= its size (docs/rules.md §2; light.ts's shadeHeights, inverted)
    const base = ((round - 1) % 6) * CELL_COUNT * 3;
    let lo = a[OCC_LO];
    let hi = a[OCC_HI];
    // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
    while ((lo | hi) !== 0) {
      let c: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        lo ^= bit;
        c = 31 - Math.clz32(bit);
      } else {
        const bit = hi & -hi;
        hi ^= bit;
        c = 63 - Math.clz32(bit);
      }
      const piece = a[CELLS_AT + c];
      const size = (piece - 1) & 3;
      if (size === 0) continue;
      let lit = true;
      const r = base + c * 3;
      for (let i = 0; i < 3; i++) {
        const from = TOWARD_SUN[r + i];
        if (from < 0) break;
        const other = a[CELLS_AT + from];
        if (other === 0) continue;
        const h = (other - 1) & 3;
        if (h > i && h >= size) {
          lit = false;
          break;
        }
      }
      if (lit) {
        const l = LIGHT_AT + ((piece - 1) >> 2);
        const total = a[l] + size;
        a[l] = total > LIGHT_CAP ? LIGHT_CAP : total;
      }
    }
  }

  /** Points per seat as they stand (tokens + floor(light / 3)), into `out`. */
  totals(out: Int32Array | number[]): void {
    const a = this.a;
    for (let s = 0; s < this.players; s++) out[s] = Math.floor(a[LIGHT_AT + s] / LIGHT_PER_POINT);
    for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N]; i++, k += 3) out[a[k]] += a[k + 2];
  }

  /**
   * The winners as a bit set (bit s = seat s), by the public rules: highest total, then most seeds
   * and trees on the board; seats still tied share the win; resigned seats never win.
   */
  winners(): number {
    const a = this.a;
    const totals = [0, 0, 0, 0];
    this.totals(totals);
    const pieces = [0, 0, 0, 0];
    for (let c = 0; c < CELL_COUNT; c++) if (a[CELLS_AT + c] !== 0) pieces[(a[CELLS_AT + c] - 1) >> 2]++;
    let best = -1;
    let bestPieces = -1;
    let set = 0;
    for (let s = 0; s < this.players; s++) {
      if (a[RESIGNED_AT + s] !== 0) continue;
      if (totals[s] > best || (totals[s] === best && pieces[s] > bestPieces)) {
        best = totals[s];
        bestPieces = pieces[s];
        set = 1 << s;
      } else if (totals[s] === best && pieces[s] === bestPieces) set |= 1 << s;
    }
    return set;
  }

  /**
   * Play uniformly random moves to the end of the game, driven by `seed` (uint32): each move is the
   * k-th of `legalMoves`, k drawn as rng.ts's `nextInt` (mulberry32, inlined: no allocation) from
   * the generator `playOutRandomly` starts from that seed, so from the same position and seed this
   * plays the very game `playOutRandomly(state, seed)` plays. Returns the number of moves played.
   * `buffer` is the reusable move buffer (at least MAX_MOVES long).
   */
  playout(seed: number, buffer: Int32Array = scratchMoves): number {
    let moves = 0;
    let state = (seed ^ 0x9e3779b9) >>> 0;
    while (this.a[PHASE] !== ENDED) {
      const n = this.legalMoves(buffer);
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const k = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0; // Math.floor: both are ≥ 0
      this.play(buffer[k]);
      moves++;
    }
    return moves;
  }
}

const scratchMoves = new Int32Array(MAX_MOVES);

// ---- conversion to and from the public state -------------------------------------------------

/** The fast position of a public base-game state (throws for an Under the Moonlight state). */
export function toFast(state: GameState): FastPosition {
  const p = new FastPosition(state.options);
  const a = p.a;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = state.cells[c];
    a[CELLS_AT + c] = piece;
    if (piece !== 0) occupy(a, (piece - 1) >> 2, c);
  }
  for (const c of state.touched)
    if (c < 32 ? (a[USED_LO] & (1 << c)) === 0 : (a[USED_HI] & (1 << (c - 32))) === 0) touch(a, c);
  state.players.forEach((pl, s) => {
    a[LIGHT_AT + s] = pl.light;
    for (let i = 0; i < 4; i++) {
      a[BOARD_AT + s * 4 + i] = pl.board[i];
      a[AVAIL_AT + s * 4 + i] = pl.available[i];
    }
    a[RESIGNED_AT + s] = pl.resigned ? 1 : 0;
    for (const t of pl.tokens) {
      const k = TOKENS_AT + 3 * a[TOKENS_N]++;
      a[k] = s;
      a[k + 1] = t.leaves;
      a[k + 2] = t.value;
    }
  });
  for (let i = 0; i < 4; i++) a[STACKS_AT + i] = state.stacks[i];
  a[PHASE] = PHASES.indexOf(state.phase);
  a[ROUND] = state.round;
  a[FIRST] = state.firstPlayer;
  a[CURRENT] = state.current;
  a[TURN] = state.turn;
  a[PLY] = state.ply;
  a[RNG] = state.rng | 0;
  return p;
}

/** The public state of a fast position (a fresh, plain object; the options object is shared). */
export function toGameState(p: FastPosition): GameState {
  const a = p.a;
  const players: PlayerState[] = [];
  for (let s = 0; s < p.players; s++) {
    const tokens: ScoringToken[] = [];
    for (let i = 0, k = TOKENS_AT; i < a[TOKENS_N]; i++, k += 3)
      if (a[k] === s) tokens.push({ leaves: a[k + 1], value: a[k + 2] });
    players.push({
      light: a[LIGHT_AT + s],
      board: Array.from(a.subarray(BOARD_AT + s * 4, BOARD_AT + s * 4 + 4)),
      available: Array.from(a.subarray(AVAIL_AT + s * 4, AVAIL_AT + s * 4 + 4)),
      tokens,
      resigned: a[RESIGNED_AT + s] !== 0,
    });
  }
  return {
    options: p.options,
    phase: PHASES[a[PHASE]],
    round: a[ROUND],
    firstPlayer: a[FIRST],
    current: a[CURRENT],
    turn: a[TURN],
    cells: Array.from(a.subarray(CELLS_AT, CELLS_AT + CELL_COUNT)),
    touched: Array.from(a.subarray(TOUCHED_AT, TOUCHED_AT + a[TOUCHED_N])),
    stacks: Array.from(a.subarray(STACKS_AT, STACKS_AT + 4)),
    players,
    ply: a[PLY],
    rng: a[RNG] >>> 0,
  };
}

/** Perft on the fast core: the same count as the public `perft` (one ply = one action). */
export function fastPerft(p: FastPosition, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(MAX_MOVES);
  const n = p.legalMoves(moves);
  if (depth === 1) return n;
  const saved = p.clone();
  let total = 0;
  for (let i = 0; i < n; i++) {
    p.play(moves[i]);
    total += fastPerft(p, depth - 1);
    p.copyFrom(saved);
  }
  return total;
}
