/** The position notation (src/engine/notation.ts, docs/engine.md): exact round trips and its errors. */
import { describe, expect, it } from "vitest";
import { applyAction, createGame, fromNotation, resign, toNotation, type GameState } from "../../src/engine";
import { EMPTY_BOARD, play, pos } from "./support";

describe("position notation", () => {
  it("a fresh 2-player game is the example of the format's documentation", () => {
    const r = createGame({ players: 2, seed: 0, firstPlayer: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const text =
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000";
    expect(toNotation(r.state)).toBe(text);
    expect(pos(text)).toEqual(r.state);
  });

  it.each([
    "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
    "PS1 4LH:0000002a:c R7 d a 1 ..../...a1./....../...b3.../....../.a2.../.... 20:4000:0000:4-22.3-19/0:4000:0000:-!/3:4432:2410:-/0:4432:2410:- 9.7.4.2 b4.c3 17 deadbeef",
    "PS1 3H:ffffffff:b E18 a b 3 a1..b1/...../....../......./....../...../c1... 0:4000:0000:1-14/0:4000:0000:1-14/3:4000:0000:1-12 6.7.5.3 - 999 00000001",
    "PS1 2L:00000000:a R24 b a 0 ..../...../....../...a2a2../....../...../.... 7:4000:0000:-/0:4000:0000:- 9.7.5.0 - 0 00000000",
  ])("%s reads and writes back identically", (text) => {
    expect(toNotation(pos(text))).toBe(text);
  });

  it("tolerates extra blanks around and between fields", () => {
    const text = `PS1 2:00000000:a S0 a a 0 ${EMPTY_BOARD} 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000`;
    expect(pos(`  ${text.replaceAll(" ", "  \t")}\n`)).toEqual(pos(text));
  });

  it("reads cells used this turn in order, and they behave as used", () => {
    const state = pos(
      "PS1 2:00000000:a R2 a a 0 ..../...../....../...a1.a3b1/....a2./...../.... 20:4000:2111:-/5:4000:2000:- 9.7.5.0 e4.d4 0 00000000",
    );
    expect(state.touched).toHaveLength(2);
    expect(toNotation(state).split(" ")[9]).toBe("e4.d4");
    expect(toNotation(play(state, { type: "collect", cell: "d6" }).state).split(" ")[9]).toBe("e4.d4.d6");
  });

  it("a game that ended during setup (every seat resigned) round-trips", () => {
    const created = createGame({ players: 3, seed: 1, firstPlayer: 0 });
    if (!created.ok) throw new Error(created.error.message);
    let s: GameState = created.state;
    for (const cell of ["a1", "a4", "d1", "d7"]) s = ok(applyAction(s, { type: "place", cell }));
    for (const seat of [0, 1, 2]) s = ok(resign(s, seat));
    expect(s.phase).toBe("ended");
    const text = toNotation(s);
    expect(text).toBe(
      "PS1 3:00000001:a E0 a c 5 a1..b1/...../....../c1.....a1/....../...../.... 0:4432:2210:-!/0:4432:2310:-!/0:4432:2310:-! 9.7.5.3 - 7 00000001",
    );
    expect(pos(text)).toEqual(s);
  });

  it.each([
    ["not a string", 42, /string/],
    ["empty", "", /PS1/],
    [
      "another format",
      "PS2 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /PS1/,
    ],
    [
      "a field missing",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0",
      /12 fields/,
    ],
    [
      "5 players",
      "PS1 5:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /players/,
    ],
    [
      "a bad seed",
      "PS1 2:0000000g:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /options/,
    ],
    [
      "a first player beyond the seats",
      "PS1 2:00000000:c S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /first player/,
    ],
    [
      "a bad phase",
      "PS1 2:00000000:a X1 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /phase/,
    ],
    [
      "round 0 in play",
      "PS1 2:00000000:a R0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /round/,
    ],
    [
      "round 19 of 18",
      "PS1 2:00000000:a R19 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /round/,
    ],
    [
      "round 25 of 24",
      "PS1 2L:00000000:a R25 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /round/,
    ],
    [
      "setup with a round",
      "PS1 2:00000000:a S1 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /round/,
    ],
    [
      "a seat to act beyond the seats",
      "PS1 2:00000000:a S0 a e 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /seat to act/,
    ],
    [
      "too many turns",
      "PS1 2:00000000:a R3 a a 3 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /turn/,
    ],
    [
      "six rows",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../..... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /rows/,
    ],
    [
      "a short row",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../....../....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /row 4/,
    ],
    [
      "a third seat's piece in a 2-player game",
      "PS1 2:00000000:a S0 a a 0 c1.../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /board row a/,
    ],
    [
      "a piece of size 4",
      "PS1 2:00000000:a S0 a a 0 a4.../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /board row a/,
    ],
    [
      "one player of two",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:- 9.7.5.0 - 0 00000000",
      /players/,
    ],
    [
      "21 light points",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 21:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /light/,
    ],
    [
      "5 seeds on a player board",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:5432:0410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /board/,
    ],
    [
      "a third large tree",
      "PS1 2:00000000:a R2 a a 0 ..../...../....../...a3.../....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /more pieces of size 3/,
    ],
    [
      "a token that does not exist",
      "PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:4-23/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /no 4-leaf token/,
    ],
    [
      "a 5-leaf token",
      "PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:5-22/0:4432:2410:- 9.7.5.0 - 0 00000000",
      /bad token/,
    ],
    [
      "a token still on its stack",
      "PS1 4:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:4-22/0:4432:2410:-/0:4432:2410:-/0:4432:2410:- 9.7.5.3 - 0 00000000",
      /held/,
    ],
    [
      "three stacks",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5 - 0 00000000",
      /four/,
    ],
    [
      "10 one-leaf tokens",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 10.7.5.0 - 0 00000000",
      /stack 1/,
    ],
    [
      "an unknown used cell",
      "PS1 2:00000000:a R2 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 z9 0 00000000",
      /z9/,
    ],
    [
      "a bad ply",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - x 00000000",
      /ply/,
    ],
    [
      "a bad generator state",
      "PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 123",
      /rng/,
    ],
  ])("refuses %s with BAD_NOTATION naming the field", (_name, text, message) => {
    const r = fromNotation(text as string);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("BAD_NOTATION");
      expect(r.error.message).toMatch(message);
    }
  });
});

function ok(r: ReturnType<typeof applyAction>): GameState {
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}
