/**
 * Where the bots read a position: the fast core's Int32Array layout (src/engine/fast/position.ts),
 * restated because the core keeps its offsets private. tests/bots/layout.test.ts checks every
 * offset against `toGameState` on random positions, so a change of the core's layout fails there.
 *
 * A public state (Under the Moonlight too, which the fast core refuses) is packed into the same
 * layout by `packState`, so one evaluation serves both paths.
 */
import { CELL_COUNT, type GameState } from "../engine";

export const CELLS_AT = 0;
export const LIGHT_AT = 86;
export const BOARD_AT = 90;
export const AVAIL_AT = 106;
export const RESIGNED_AT = 122;
export const STACKS_AT = 126;
export const TOKENS_AT = 130;
export const PHASE_AT = 202;
export const ROUND_AT = 203;
export const FIRST_AT = 204;
export const CURRENT_AT = 205;
export const TURN_AT = 206;
export const TOKENS_N_AT = 208;
export const PLY_AT = 209;
export const LAYOUT_SIZE = 211;

/**
 * Pack what the evaluation reads of a public state into `out` (the fast layout): cells, light,
 * player boards, available areas, resignations, stacks, tokens, round. Moonlight's moon part is
 * read separately (moonlight.ts).
 */
export function packState(state: GameState, out: Int32Array): Int32Array {
  out.fill(0);
  for (let c = 0; c < CELL_COUNT; c++) out[CELLS_AT + c] = state.cells[c];
  let k = 0;
  state.players.forEach((p, s) => {
    out[LIGHT_AT + s] = p.light;
    for (let i = 0; i < 4; i++) {
      out[BOARD_AT + s * 4 + i] = p.board[i];
      out[AVAIL_AT + s * 4 + i] = p.available[i];
    }
    out[RESIGNED_AT + s] = p.resigned ? 1 : 0;
    for (const t of p.tokens) {
      out[TOKENS_AT + 3 * k] = s;
      out[TOKENS_AT + 3 * k + 1] = t.leaves;
      out[TOKENS_AT + 3 * k + 2] = t.value;
      k++;
    }
  });
  out[TOKENS_N_AT] = k;
  for (let i = 0; i < 4; i++) out[STACKS_AT + i] = state.stacks[i];
  out[PHASE_AT] = state.phase === "setup" ? 0 : state.phase === "play" ? 1 : 2;
  out[ROUND_AT] = state.round;
  out[FIRST_AT] = state.firstPlayer;
  out[CURRENT_AT] = state.current;
  out[TURN_AT] = state.turn;
  out[PLY_AT] = state.ply;
  return out;
}
