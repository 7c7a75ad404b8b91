/**
 * Creating a game (docs/rules.md §2): the options checked, the first player drawn from the seed,
 * the starting state (an expansion's part from its `init`). A module apart from game.ts so that a
 * client which plans moves on a state the server sent (the web client's planning, play.ts) does not
 * carry it: only replaying a game from its start does (docs/web.md, "Weights").
 */
import { CELLS } from "./board";
import { err } from "./draft";
import { BASE, expansions, type Expansion } from "./expansion";
import { nextInt } from "./rng";
import { MAX_PLAYERS, MIN_PLAYERS, START_AVAILABLE, START_BOARD, startStacks } from "./rules";
import type { GameOptions, GameOptionsInput, GameState, RuleError } from "./types";

/** 37 zeros as a packed array of small integers (new Array(n).fill(0) is a holey one, slower on every read). */
const EMPTY_BOARD: readonly number[] = CELLS.map(() => 0);

export function createGame(input: GameOptionsInput): { ok: true; state: GameState } | { ok: false; error: RuleError } {
  const players = input?.players;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    return err("BAD_OPTIONS", `players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  const seed = input.seed ?? 0;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    return err("BAD_OPTIONS", "seed must be an integer from 0 to 4294967295");
  let rng = seed >>> 0;
  let firstPlayer = input.firstPlayer;
  if (firstPlayer === undefined || firstPlayer === null) {
    const draw = nextInt(rng, players);
    firstPlayer = draw.value;
    rng = draw.rng;
  } else if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= players) {
    return err("BAD_OPTIONS", `firstPlayer must be a seat from 0 to ${players - 1}`);
  }
  const options: GameOptions = {
    players,
    longGame: input.longGame === true,
    heavyShade: input.heavyShade === true,
    firstPlayer,
    seed,
  };
  // Every option given is a base one with a value of its kind (the kind it has in `options`), or an
  // expansion's (its `key`, expansion.ts), which switches it on, at most one per game. Anything else
  // is BAD_OPTIONS, never dropped (`longGame: "yes"` is not false); through base.ts an expansion whose
  // module is not registered is unknown (index.ts registers them). Small on purpose: the web client
  // bundles it and its first wave has a budget (tests/web/bundle.test.ts).
  const given = input as unknown as Record<string, unknown>;
  let ext: Expansion = BASE;
  let extOption: object | null = null;
  for (const k in given) {
    if (given[k] == null || typeof given[k] === typeof (options as unknown as Record<string, unknown>)[k]) continue;
    const x = expansions().find((x) => x.key === k);
    const parsed = x ? x.parseOptions(given[k]) : "bad";
    if (parsed === "bad") return err("BAD_OPTIONS", `${k}: not an option, or not a value it takes`);
    if (parsed === null) continue;
    if (extOption) return err("BAD_OPTIONS", "A game plays at most one expansion.");
    ext = x as Expansion;
    extOption = parsed;
  }
  if (extOption) (options as unknown as Record<string, unknown>)[ext.key] = extOption;
  const state: GameState = {
    options,
    phase: "setup",
    round: 0,
    firstPlayer,
    current: firstPlayer,
    turn: 0,
    cells: EMPTY_BOARD.slice(),
    touched: [],
    stacks: startStacks(players),
    players: Array.from({ length: players }, () => ({
      light: 0,
      board: START_BOARD.slice(),
      available: START_AVAILABLE.slice(),
      tokens: [],
      resigned: false,
    })),
    ply: 0,
    rng,
  };
  ext.init(state);
  return { ok: true, state };
}
