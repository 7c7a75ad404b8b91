/**
 * Under the Moonlight for a client that only shows the games it is sent (the web page's first view,
 * "How to play"'s picture): the hooks the base game's reading calls — the setup's steps (the status
 * line), the shadows of the Great Tree and the moonstones (the board's shade and the light to
 * come), the moon points in the score — on the base game's neutral ones for the rest. A client that
 * goes on to play (plan a turn, replay a history) completes this very object with `MOONLIGHT_PLAY`
 * (`Object.assign`: ./module.ts), so that what the engine looked up stays the expansion it plays
 * (docs/web.md "Weights": the page's first view carries no code of the expansion's play).
 */
import { BASE, type Expansion } from "../expansion";
import type { GameOptions } from "../types";
import { MOONSTONES } from "./geometry";
import { addShade } from "./light";
import { BABY_POINTS, POINTS_PER_MOON_POINT } from "./rules";

/** Moonstones in play for a number of players. */
export function moonstoneCount(options: GameOptions): number {
  const m = options.moonlight;
  if (!m?.moonstones) return 0;
  return (m.greatTree ? MOONSTONES.withGreatTree : MOONSTONES.without)[options.players] ?? 0;
}

export const MOONLIGHT_SEEN: Expansion = {
  ...BASE,
  key: "moonlight",
  stateKey: "moon",
  setupStage: (state) => state.moon?.stage ?? null,
  // (./setup.ts setupSchedule's length: every seat chooses, then places its animal; the Great Tree; the moonstones)
  setupStepCount: (options) => 2 * options.players + (options.moonlight?.greatTree ? 1 : 0) + moonstoneCount(options),
  addShade,
  score(state, seat, score) {
    // 1 point per unspent moon point, 3 for the "points" baby turtle
    const m = state.moon!.players[seat];
    score.moon = m.points * POINTS_PER_MOON_POINT;
    score.babies = m.spent.includes("points") ? BABY_POINTS : 0;
    score.total += score.moon + score.babies;
  },
  title: "Moonlight",
};
