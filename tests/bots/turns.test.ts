/**
 * Every bot plays only legal turns (base game and Under the Moonlight, 2–4 players, setup and
 * play), a turn is one setup action or actions ending with the end of the turn, and a bot's turn
 * is a function of its inputs alone.
 */
import { describe, expect, it } from "vitest";
import { actionOf, applyAction, applyMove, fromNotation, viewFor, type Action, type GameState } from "../../src/engine";
import { M_END_TURN } from "../../src/engine/fast";
import { BOT_LEVELS, chooseTurn } from "../../src/bots";
import { type BenchPlayer, benchTurn } from "../../bench/opponents";
import { FULL, positions, randomPosition } from "./support";

/** The levels and the bench's opponents (bench/opponents): every one plays only legal turns. */
const BOTS: BenchPlayer[] = [...BOT_LEVELS, "greedy", "greedy_plus", "random", "previous_strong"];

/** A player's turn as actions (the levels through chooseTurn, as the game calls them). */
function botTurn(view: GameState, seat: number, bot: BenchPlayer, seed: number): Action[] {
  if ((BOT_LEVELS as readonly string[]).includes(bot)) return chooseTurn(view, seat, bot as never, seed);
  return benchTurn(view, bot, seed).map(actionOf);
}

/** Apply a bot's turn to the full state; every action must be accepted and the turn must end with the last one. */
function playTurn(state: GameState, turn: Action[]): GameState {
  const seat = state.current;
  expect(turn.length).toBeGreaterThan(0);
  let s = state;
  turn.forEach((action, i) => {
    const r = applyAction(s, action);
    if (!r.ok) throw new Error(`action ${i} ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
    s = r.state;
    const last = i === turn.length - 1;
    if (state.phase === "setup") expect(turn).toHaveLength(1);
    else if (!last) expect(s.current).toBe(seat);
  });
  if (state.phase === "play") {
    expect(turn[turn.length - 1].type).toBe("endTurn");
    expect(s.ply).toBe(state.ply + turn.length);
  }
  return s;
}

describe("bots play legal turns", () => {
  const cases = positions(56);
  it("has positions of every kind", () => {
    expect(cases.filter((c) => c.state.moon).length).toBeGreaterThan(15);
    expect(cases.filter((c) => c.state.phase === "setup").length).toBeGreaterThan(3);
    expect(cases.filter((c) => c.state.phase === "play" && !c.state.moon).length).toBeGreaterThan(10);
  });
  for (const bot of BOTS)
    it(
      `${bot}: a legal turn in every position`,
      () => {
        // strong's turns cost the most: every other position for it in the full run (CANOPY_FULL),
        // every fourth in the suite's (setup and play, base and Moonlight, 2-4 players among them)
        const step = FULL ? 2 : 4;
        const mine = bot.endsWith("strong") ? cases.filter((_, i) => i % step === 2 % step) : cases;
        if (bot.endsWith("strong")) expect(new Set(mine.map((c) => `${!!c.state.moon} ${c.state.phase}`)).size).toBe(4);
        for (const { name, state } of mine) {
          const seat = state.current;
          try {
            playTurn(state, botTurn(viewFor(state, seat), seat, bot, 12345));
          } catch (e) {
            throw new Error(`${name}: ${(e as Error).message}`);
          }
        }
        // strong plays each position's game out dozens of times: CPU-bound, timing not asserted
      },
      bot === "strong" ? 300_000 : 60_000,
    );

  for (const [label, options] of [
    ["base, 3 players", { players: 3 }],
    ["Moonlight, 2 players", { players: 2, moonlight: { greatTree: true, moonstones: true } }],
  ] as const)
    it(`a whole game of easy, medium and strong (${label}) ends, every turn legal`, () => {
      let state = randomPosition(options, 77, 0);
      const seats: BenchPlayer[] = ["strong", "medium", "easy"];
      let turns = 0;
      while (state.phase !== "ended") {
        const seat = state.current;
        state = playTurn(state, botTurn(viewFor(state, seat), seat, seats[seat % seats.length], turns * 7919));
        expect(++turns).toBeLessThan(500);
      }
      expect(state.round).toBe(18);
    }, 60_000);
});

describe("a bot's turn is deterministic", () => {
  const cases = positions(21).filter((_, i) => i % 2 === 0);
  for (const level of BOT_LEVELS)
    it(`${level}: same view, seat, level and seed, same turn`, () => {
      // (strong, the costly one, on the first five in the suite's run: base and Moonlight, setup and play)
      for (const { state } of level === "strong" && !FULL ? cases.slice(0, 5) : cases) {
        const seat = state.current;
        const view = viewFor(state, seat);
        const copy = structuredClone(view);
        const a = chooseTurn(view, seat, level, 99);
        expect(chooseTurn(copy, seat, level, 99)).toEqual(a);
        expect(view).toEqual(copy); // the view is not changed
      }
    }, 60_000);

  it("easy's noise comes from the seed: some position gets another turn from another seed", () => {
    const cases2 = positions(28).filter((c) => c.state.phase === "play");
    const differs = cases2.some(({ state }) => {
      const view = viewFor(state, state.current);
      return (
        JSON.stringify(chooseTurn(view, state.current, "easy", 1)) !==
        JSON.stringify(chooseTurn(view, state.current, "easy", 2))
      );
    });
    expect(differs).toBe(true);
  });

  it("refuses to play for a seat whose turn it is not", () => {
    const state = randomPosition({ players: 2 }, 5, 30);
    const other = (state.current + 1) % 2;
    expect(() => chooseTurn(viewFor(state, other), other, "strong", 1)).toThrow(/turn/);
  });
});

describe("strong under the Moonlight, past a hatch", () => {
  // The bench's match of 2026-11-27 (npm run bench -- --only=bots --figures=moon: opening 25,022,
  // greedy first) stopped on strong using a "light" baby turtle that only its search's draw of the
  // face-down babies had given it (NO_BABY): a turn found in a sampled world must stop where the view
  // stops vouching for it (src/bots/search.ts sureFromView). Without that cut, strong's turn in this
  // position of that game (ply 62, with the seed the match gave it) plays a baby it does not have
  // (checked when this test was written: it fails so). One turn here, not the whole game: the
  // whole game cost the suite 13 s of strong's search.
  const POSITION =
    "PS2 2M:000061be:a R8 b b 0 a2b2a1a1/b2a1a1a0b1/.a1b2b1../.b0...../..b0.../...../.... 2:3232:0000:-/9:2412:0000:- 9.7.5.0 - 62 658c8719 -;10h;owl:a2:5:-:-:-/turtle:a1:9:-:-:-;-;-;-;a4=medium.d7=higher.g4=double.g1=small.d1=points.a1=light;collect+plant;--:-";
  it("plays the turn of the bench's opening 25,022 at ply 62 that once used a baby turtle it did not have: every move applies", () => {
    const parsed = fromNotation(POSITION);
    if (!parsed.ok) throw new Error(parsed.error.message);
    let state = parsed.state;
    expect(state.ply).toBe(62);
    const codes = benchTurn(viewFor(state, state.current), "strong", 1_355_251_085);
    expect(codes.at(-1)).toBe(M_END_TURN);
    for (const code of codes) {
      const r = applyMove(state, code);
      if (!r.ok) throw new Error(`strong played an illegal move: ${r.error.code} ${r.error.message}`);
      state = r.state;
    }
    expect(state.current).not.toBe(parsed.state.current);
  }, 60_000);
});
