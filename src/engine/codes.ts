/**
 * Move codes: the engine's internal, integer form of a move (docs/engine.md, "Move codes").
 *
 * `type` is in the low 3 bits, then two 6-bit fields `a` and `b` (cells 0–36, columns, seats…).
 * An expansion (expansion.ts) uses types 6 and 7 and two more fields above them: `sub` (4 bits,
 * which setup step or which move of its own) and `level` (2 bits).
 */
export const M_END_TURN = 0;
export const M_BUY = 1;
export const M_PLANT = 2;
export const M_GROW = 3;
export const M_COLLECT = 4;
export const M_PLACE = 5;
/** An expansion's setup step (`sub` says which). */
export const M_EXT_SETUP = 6;
/** An expansion's move in play (`sub` says which). */
export const M_EXT_PLAY = 7;

export function moveCode(type: number, a = 0, b = 0): number {
  return type | (a << 3) | (b << 9);
}
/** An expansion's move code, with its `sub` and `level` fields. */
export function extCode(type: number, sub: number, a = 0, b = 0, level = 0): number {
  return type | (a << 3) | (b << 9) | (sub << 15) | (level << 19);
}
export const moveType = (code: number): number => code & 7;
export const moveA = (code: number): number => (code >> 3) & 63;
export const moveB = (code: number): number => (code >> 9) & 63;
export const moveSub = (code: number): number => (code >> 15) & 15;
export const moveLevel = (code: number): number => (code >> 19) & 3;

/**
 * A list of move codes being built (legal-move generation): a reusable Int32Array with a count,
 * filled with `push` like an array. Hand-written rather than a number[] because the engine lists
 * the legal moves once per action of every random game and search: reusing one buffer allocates
 * nothing and grows nothing (docs/fast-path.md).
 */
export class MoveList {
  codes: Int32Array;
  n = 0;
  constructor(capacity = 1024) {
    this.codes = new Int32Array(capacity);
  }
  push(code: number): void {
    if (this.n === this.codes.length) this.reserve(1);
    this.codes[this.n++] = code;
  }
  /** Make room for `more` codes after the `n` listed (then `codes[n++] = code` needs no check). */
  reserve(more: number): void {
    if (this.n + more <= this.codes.length) return;
    const grown = new Int32Array(Math.max(this.codes.length * 2, this.n + more));
    grown.set(this.codes);
    this.codes = grown;
  }
  /** Whether `code` is in the list. */
  has(code: number): boolean {
    const codes = this.codes;
    for (let i = 0; i < this.n; i++) if (codes[i] === code) return true;
    return false;
  }
  /** The codes as a plain array. */
  toArray(): number[] {
    const out: number[] = new Array(this.n);
    for (let i = 0; i < this.n; i++) out[i] = this.codes[i];
    return out;
  }
}
