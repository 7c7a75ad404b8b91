/** Engine benchmark: complete 4-player random games per second on one core (base game, and Under the Moonlight with every mode). */
import { randomGame } from "../src/engine/random-play";
import type { GameOptionsInput } from "../src/engine/types";

type Figure = { name: string; unit: string; value: number };

function gamesPerSecond(options: (seed: number) => GameOptionsInput, seconds: number): { games: number; actions: number; elapsed: number } {
  for (let i = 0; i < 200; i++) randomGame(options(i), i); // JIT warm-up
  let games = 0;
  let actions = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    actions += randomGame(options(1000 + games), games).moves.length;
    games++;
  }
  return { games, actions, elapsed: (performance.now() - start) / 1000 };
}

export function benchEngine(seconds = 3): Figure[] {
  const base = gamesPerSecond((seed) => ({ players: 4, seed }), seconds);
  const moon = gamesPerSecond((seed) => ({ players: 4, seed, moonlight: { greatTree: true, moonstones: true } }), seconds);
  return [
    { name: "engine.random_games_per_s", unit: "games/s", value: Math.round(base.games / base.elapsed) },
    { name: "engine.random_actions_per_s", unit: "actions/s", value: Math.round(base.actions / base.elapsed) },
    { name: "engine.actions_per_random_game", unit: "actions", value: Math.round(base.actions / base.games) },
    { name: "engine.random_games_per_s_moonlight", unit: "games/s", value: Math.round(moon.games / moon.elapsed) },
    { name: "engine.actions_per_random_game_moonlight", unit: "actions", value: Math.round(moon.actions / moon.games) },
  ];
}
