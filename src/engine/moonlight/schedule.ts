/**
 * The order of the expansion's setup steps (docs/rules.md §8): what a client that only shows a game
 * needs of its setup (./seen.ts: the status line counts the steps), apart from ./setup.ts, which
 * plays them.
 */
import type { GameOptions } from "../types";
import { MOONSTONES } from "./geometry";
import type { MoonStage } from "./types";

/** Moonstones in play for a number of players. */
export function moonstoneCount(options: GameOptions): number {
  const m = options.moonlight;
  if (!m?.moonstones) return 0;
  return (m.greatTree ? MOONSTONES.withGreatTree : MOONSTONES.without)[options.players] ?? 0;
}

/**
 * The expansion's setup steps in order, as (stage, seat):
 * - choose: every seat, in turn order from the first player (Decision: the boards are chosen one
 *   seat after another; the choice stays hidden until all have chosen, as if chosen together);
 * - animals: from the player to the right of the first player, counter-clockwise (seat − 1, − 2 …);
 * - Great Tree: the last player in turn order (first player − 1);
 * - moonstones: with the Great Tree, from the player to the right of the one who placed it, else
 *   from the last player in turn order; counter-clockwise (Decision: with 2 players and 3 stones,
 *   the round goes on: last, first, last).
 */
export function setupSchedule(options: GameOptions, firstPlayer: number): { stage: MoonStage; seat: number }[] {
  const n = options.players;
  const mod = (x: number) => ((x % n) + n) % n;
  const steps: { stage: MoonStage; seat: number }[] = [];
  for (let i = 0; i < n; i++) steps.push({ stage: "choose", seat: mod(firstPlayer + i) });
  for (let i = 1; i <= n; i++) steps.push({ stage: "animals", seat: mod(firstPlayer - i) });
  const gt = options.moonlight?.greatTree === true;
  if (gt) steps.push({ stage: "greatTree", seat: mod(firstPlayer - 1) });
  const start = gt ? firstPlayer - 2 : firstPlayer - 1;
  for (let i = 0; i < moonstoneCount(options); i++) steps.push({ stage: "moonstones", seat: mod(start - i) });
  return steps;
}
