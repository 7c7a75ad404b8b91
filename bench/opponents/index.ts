/**
 * Every player the bench seats (docs/bots.md, "Bench"): the levels offered to players (src/bots)
 * and the bench's own opponents, written apart from src/bots — a one-turn greedy, greedy_plus (it
 * looks one sun position further), uniformly random play, and `previous_strong`, the strong level
 * of main before issue 23 frozen under bench/previous/.
 */
import type { GameState } from "../../src/engine";
import { type BotLevel, turnCodes } from "../../src/bots";
import { turnCodes as previousTurnCodes } from "../previous";
import { greedyTurn } from "./greedy";
import { randomTurn } from "./random";

export type BenchOpponent = "greedy" | "greedy_plus" | "random" | "previous_strong";
export type BenchPlayer = BotLevel | BenchOpponent;

/** The player's turn as move codes from the seat's view (in setup: its one setup action). */
export function benchTurn(view: GameState, player: BenchPlayer, seed: number): number[] {
  switch (player) {
    case "greedy":
      return greedyTurn(view, false);
    case "greedy_plus":
      return greedyTurn(view, true);
    case "random":
      return randomTurn(view, seed);
    case "previous_strong":
      return previousTurnCodes(view, "strong", seed);
    default:
      return turnCodes(view, player, seed);
  }
}
