/**
 * Shared by the base game (game.ts) and the expansion modules: the copy-on-write working copy of a
 * state used while one move is applied, and the piece, token and light bookkeeping of docs/rules.md §3.
 */
import { BOARD_SLOTS, LIGHT_CAP } from "./rules";
import { expansionOf } from "./expansion";
import { boardSetsForget, boardSetsPut } from "./masks";
import type { GameState, PlayerState, RuleError } from "./types";

// (in ./progress.ts, which a page that only shows a game loads without the rest of this module)
export { takeToken } from "./progress";

export function err(code: RuleError["code"], message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}

/**
 * A copy-on-write working copy of a state, used while one move is applied. `inPlace`: the state
 * is the caller's own, seen by nobody else (a random playout's private copy: random-play.ts), so
 * moves are applied to it directly, one after another (game.ts `playInPlace`, which counts the
 * ply) — every part counts as copied already; arrays documented as "replaced, never mutated" are
 * still replaced.
 */
export class Draft {
  readonly s: GameState;
  private copied: number;
  /** Per seat, 3 bits (seat * 3 + 0, 1, 2): its player object, board, available area copied. */
  private parts: number;
  private readonly inPlace: boolean;
  constructor(from: GameState, inPlace = false) {
    this.inPlace = inPlace;
    if (inPlace) {
      this.s = from;
      this.copied = -1;
      this.parts = -1;
    } else {
      this.s = { ...from, ply: from.ply + 1 };
      this.copied = 0;
      this.parts = 0;
    }
  }
  /**
   * A seat's player state, copied on first use (the players array too), with its board and
   * available area. Its `tokens` array stays shared with the state before: replace it
   * (`p.tokens = [...p.tokens, token]`), never push.
   */
  player(seat: number): PlayerState {
    this.board(seat);
    this.available(seat);
    return this.s.players[seat];
  }
  /**
   * The same for a change of the seat's light, tokens or resignation only: its `board` and
   * `available` arrays stay shared (never change them through this object: ask `board`,
   * `available` or `player`, which copy them). Every seat collects light at each round's start:
   * that copies four objects, not twelve.
   */
  playerOnly(seat: number): PlayerState {
    const bit = 1 << (seat * 3);
    if (!(this.parts & bit)) {
      this.copyPlayers();
      this.s.players[seat] = { ...this.s.players[seat] };
      this.parts |= bit;
    }
    return this.s.players[seat];
  }
  /** A seat's player board (pieces per column), copied on first use, to change. */
  board(seat: number): number[] {
    const p = this.playerOnly(seat);
    const bit = 2 << (seat * 3);
    if (!(this.parts & bit)) {
      p.board = p.board.slice();
      this.parts |= bit;
    }
    return p.board;
  }
  /** A seat's available area (pieces per size), copied on first use, to change. */
  available(seat: number): number[] {
    const p = this.playerOnly(seat);
    const bit = 4 << (seat * 3);
    if (!(this.parts & bit)) {
      p.available = p.available.slice();
      this.parts |= bit;
    }
    return p.available;
  }
  /** A piece of `size` leaves the board for the seat's player board (returnToBoard, copying the board only when it changes). */
  returnPiece(seat: number, size: number): "board" | "box" {
    if (this.s.players[seat].board[size] >= BOARD_SLOTS[size]) return "box";
    this.board(seat)[size]++;
    return "board";
  }
  private copyPlayers(): void {
    if (!(this.copied & 0x80)) {
      this.s.players = this.s.players.slice();
      this.copied |= 0x80;
    }
  }
  /**
   * The board, copied on first use, to change. Prefer `put`, which carries the board's 37-cell
   * sets (masks.ts) over to the new board; in place, the sets of a board changed through this are forgotten.
   */
  cells(): number[] {
    if (!(this.copied & 0x100)) {
      this.s.cells = this.s.cells.slice();
      this.copied |= 0x100;
    } else if (this.inPlace) boardSetsForget(this.s.cells);
    return this.s.cells;
  }
  /** Put `piece` on cell c (0: empty it), keeping the board's 37-cell sets (masks.ts `boardSetsPut`). */
  put(c: number, piece: number): void {
    const before = this.s.cells;
    if (!(this.copied & 0x100)) {
      this.s.cells = before.slice();
      this.copied |= 0x100;
    }
    const cells = this.s.cells;
    const old = cells[c];
    cells[c] = piece;
    boardSetsPut(before, cells, c, old, piece);
  }
  /** Mark cell a (and b, when given) the subject of an action this turn (a new array: states share theirs). */
  touch(a: number, b = -1): void {
    const old = this.s.touched;
    if (old.length === 0) {
      this.s.touched = b < 0 ? [a] : [a, b];
      return;
    }
    const touched = old.slice();
    touched.push(a);
    if (b >= 0) touched.push(b);
    this.s.touched = touched;
  }
  /**
   * For an expansion's copy-on-write of its own part: true the first time `bit` (0..15) is asked
   * for in this draft (copy then), false after.
   */
  first(bit: number): boolean {
    const flag = 0x200 << bit;
    if (this.copied & flag) return false;
    this.copied |= flag;
    return true;
  }
}

/** Light points gained, capped at LIGHT_CAP (the excess is lost): the one place the cap is applied. */
export function addLight(player: PlayerState, amount: number): { lost: number; light: number } {
  const total = player.light + amount;
  player.light = Math.min(total, LIGHT_CAP);
  return { lost: total - player.light, light: player.light };
}

/** A piece leaving the board goes to the highest free slot of its column, else to the box. */
export function returnToBoard(player: PlayerState, size: number): "board" | "box" {
  if (player.board[size] < BOARD_SLOTS[size]) {
    player.board[size]++;
    return "board";
  }
  return "box";
}

/**
 * One action per cell per turn (docs/rules.md §3): whether cell c may be the subject of one more action
 * this turn — not used yet, or its expansion allows a further use (expansion.ts `reuse`). The only
 * place the rule is decided; the base game and every expansion ask here.
 */
export function usable(state: GameState, c: number): boolean {
  const touched = state.touched;
  if (touched.length === 0) return true;
  let uses = 0;
  for (let i = 0; i < touched.length; i++) if (touched[i] === c) uses++;
  return uses === 0 || expansionOf(state.options).reuse(state, c, uses);
}

/** The same for an action touching two cells (planting): both usable, at most one of them for the second time. */
export function usable2(state: GameState, a: number, b: number): boolean {
  if (state.touched.length === 0) return true;
  if (!usable(state, a) || !usable(state, b)) return false;
  return !state.touched.includes(a) || !state.touched.includes(b);
}
