/** Engine benchmark: complete 4-player random games per second on one core. */
import { randomGame } from "../src/engine/random-play";

type Figure = { name: string; unit: string; value: number };

export function benchEngine(seconds = 3): Figure[] {
  for (let i = 0; i < 200; i++) randomGame({ players: 4, seed: i }, i); // JIT warm-up
  let games = 0;
  let actions = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    actions += randomGame({ players: 4, seed: 1000 + games }, games).moves.length;
    games++;
  }
  const elapsed = (performance.now() - start) / 1000;
  return [
    { name: "engine.random_games_per_s", unit: "games/s", value: Math.round(games / elapsed) },
    { name: "engine.random_actions_per_s", unit: "actions/s", value: Math.round(actions / elapsed) },
    { name: "engine.actions_per_random_game", unit: "actions", value: Math.round(actions / games) },
  ];
}
