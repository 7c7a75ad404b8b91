/**
 * The bots inside workerd, for bench/bots-workerd.ts's CPU figures: POST {view, level, seed, repeat} plays
 * the seat's turn `repeat` times (the same turn: a bot is deterministic) and answers the moves.
 * The bench reads the workerd process's CPU time around each request (the clock inside workerd
 * stands still during CPU work, so the worker cannot time itself).
 */
import type { GameState } from "../src/engine";
import { turnCodes, type BotLevel } from "../src/bots";

export default {
  async fetch(request: Request): Promise<Response> {
    const { view, level, seed, repeat } = (await request.json()) as {
      view: GameState;
      level: BotLevel;
      seed: number;
      repeat: number;
    };
    let moves: number[] = [];
    for (let i = 0; i < repeat; i++) moves = turnCodes(view, level, seed);
    return Response.json(moves);
  },
};
