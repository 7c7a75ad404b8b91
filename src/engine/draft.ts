/**
 * Shared by the base game (game.ts) and the Moonlight module: the copy-on-write working copy of a
 * state used while one move is applied, and the piece and token bookkeeping of RULES.md §3.
 */
import { BOARD_SLOTS, TOKEN_VALUES } from "./rules";
import type { MoonPlayerState, MoonState } from "./moonlight/types";
import type { GameState, PlayerState, RuleError, RuleErrorCode, ScoringToken } from "./types";
import type { MoonErrorCode } from "./moonlight/types";

export function err(code: RuleErrorCode | MoonErrorCode, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}

/** A copy-on-write working copy of a state, used while one move is applied. */
export class Draft {
  readonly s: GameState;
  private copied = 0;
  constructor(from: GameState) {
    this.s = { ...from, players: from.players.slice(), ply: from.ply + 1 };
  }
  player(seat: number): PlayerState {
    if (!(this.copied & (1 << seat))) {
      const p = this.s.players[seat];
      this.s.players[seat] = { ...p, board: p.board.slice(), available: p.available.slice(), tokens: p.tokens.slice() };
      this.copied |= 1 << seat;
    }
    return this.s.players[seat];
  }
  cells(): number[] {
    if (!(this.copied & 0x100)) {
      this.s.cells = this.s.cells.slice();
      this.copied |= 0x100;
    }
    return this.s.cells;
  }
  touch(...cells: number[]): void {
    this.s.touched = this.s.touched.concat(cells);
  }
  /** The Moonlight part, copied on first use (its arrays are replaced, never mutated, except `players`). */
  moon(): MoonState {
    if (!(this.copied & 0x200)) {
      const m = this.s.moon!;
      this.s.moon = { ...m, players: m.players.slice() };
      this.copied |= 0x200;
    }
    return this.s.moon!;
  }
  moonPlayer(seat: number): MoonPlayerState {
    const m = this.moon();
    if (!(this.copied & (0x400 << seat))) {
      const p = m.players[seat];
      m.players[seat] = { ...p, babies: p.babies.slice(), spent: p.spent.slice() };
      this.copied |= 0x400 << seat;
    }
    return m.players[seat];
  }
}

/** A piece leaving the board goes to the highest free slot of its column, else to the box. */
export function returnToBoard(player: PlayerState, size: number): "board" | "box" {
  if (player.board[size] < BOARD_SLOTS[size]) {
    player.board[size]++;
    return "board";
  }
  return "box";
}

/** Take the top token of the cell's stack, falling back to lower stacks (RULES.md §3). */
export function takeToken(stacks: number[], leaves: number): ScoringToken | null {
  for (let l = leaves; l >= 1; l--) {
    const left = stacks[l - 1];
    if (left > 0) {
      const values = TOKEN_VALUES[l - 1];
      stacks[l - 1] = left - 1;
      return { leaves: l, value: values[values.length - left] };
    }
  }
  return null;
}
