/**
 * What only making a Moonlight game and replaying its history use: its options read, its part of a
 * new game dealt, and the hidden draws put back before each entry of a viewer's log. Apart from
 * ./module.ts's `MOONLIGHT_PLAY` so that a client that plays and draws the games it is sent (the web
 * page) loads them only to replay a history (web/src/moon/replay.ts; docs/web.md "Weights").
 * `MOONLIGHT` (./full.ts) has them.
 */
import type { Expansion } from "../expansion";
import { shuffle } from "../rng";
import type { GameOptions, GameState } from "../types";
import { MOON_START, MOON_START_FULL } from "./geometry";
import { prepareReplay } from "./replay";
import { ANIMALS, ANIMALS_DEALT, MOON_POINTS_START } from "./rules";
import type { MoonOptions, MoonOptionsInput, MoonState } from "./types";

/** Normalise createGame's `moonlight` option: undefined/false = off. */
export function moonOptions(input: MoonOptionsInput | undefined | null): MoonOptions | null | "bad" {
  if (input === undefined || input === null || input === false) return null;
  if (input === true) return { greatTree: false, moonstones: false };
  if (typeof input !== "object" || Array.isArray(input)) return "bad";
  // Its two modes and nothing else: an unknown field is refused, not dropped.
  for (const [k, v] of Object.entries(input))
    if (v !== undefined && k !== "greatTree" && k !== "moonstones") return "bad";
  const { greatTree, moonstones } = input;
  if (
    (greatTree !== undefined && typeof greatTree !== "boolean") ||
    (moonstones !== undefined && typeof moonstones !== "boolean")
  )
    return "bad";
  return { greatTree: greatTree === true, moonstones: moonstones === true };
}

/** The expansion's part of a new game: the animal boards dealt from the seeded generator. */
export function createMoon(options: GameOptions, rng: number): { moon: MoonState; rng: number } {
  const dealt = shuffle(rng, ANIMALS);
  const moon: MoonState = {
    stage: "choose",
    position: MOON_START,
    full: MOON_START_FULL,
    greatTree: -1,
    stones: [],
    dam: [],
    nests: [],
    box: [],
    players: Array.from({ length: options.players }, (_, seat) => ({
      deal: dealt.items.slice(seat * ANIMALS_DEALT, (seat + 1) * ANIMALS_DEALT),
      animal: null,
      cell: -1,
      points: MOON_POINTS_START,
      babies: [],
      spent: [],
    })),
    moved: false,
    used: [],
    double: false,
  };
  return { moon, rng: dealt.rng };
}

/** The hooks `MOONLIGHT_PLAY` leaves out (./module.ts). */
export const MOONLIGHT_MAKE: Pick<Expansion, "parseOptions" | "init" | "prepareReplay"> = {
  parseOptions: (input) => moonOptions(input as never),
  init(state: GameState) {
    // the animal deal comes first; setup starts with the choice (setup.ts)
    const moon = createMoon(state.options, state.rng);
    state.moon = moon.moon;
    state.rng = moon.rng;
  },
  prepareReplay,
};
