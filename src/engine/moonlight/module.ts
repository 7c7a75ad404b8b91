/**
 * Under the Moonlight as an expansion module (../expansion.ts): the hooks the base game calls,
 * each implemented by this folder's files. Registered in ../expansions.ts.
 */
import { labelOf } from "../board";
import { M_EXT_SETUP, moveType } from "../codes";
import type { Expansion } from "../expansion";
import type { GameState } from "../types";
import { moonActionOf, parseMoonAction } from "./actions";
import { addShade } from "./light";
import { moonFromText, moonToText } from "./notation";
import { applyPlay, canonicalPlay, checkPlay, collectMoon, moveMoon, playMoves, resetTurn, reuse } from "./play";
import { prepareReplay } from "./replay";
import { BABY_POINTS, POINTS_PER_MOON_POINT } from "./rules";
import {
  applySetup,
  blocked,
  blockedSet,
  canonicalSetup,
  checkSetup,
  createMoon,
  moonOptions,
  nextSetupStep,
  passSetupStep,
  setupMoves,
  setupSchedule,
} from "./setup";
import { viewEntry, viewEvent, viewState } from "./view";

/**
 * The expansion for a client that plays and draws its games but never writes or reads their
 * position notation (the web page): every hook but the notation's field, whose code (./notation.ts)
 * it then does not carry (issue 25's weights). `toNotation` / `fromNotation` of such a game throw.
 */
export const MOONLIGHT_PLAY: Expansion = {
  key: "moonlight",
  stateKey: "moon",
  parseOptions: (input) => moonOptions(input as never),
  init(state: GameState) {
    // the animal deal comes first; setup starts with the choice (setup.ts)
    const moon = createMoon(state.options, state.rng);
    state.moon = moon.moon;
    state.rng = moon.rng;
  },
  setupStage: (state) => state.moon?.stage ?? null,
  setupStepCount: (options, firstPlayer) => setupSchedule(options, firstPlayer).length,
  setupMoves,
  nextSetupStep,
  // the Great Tree or a moonstone is placed by the next seat counter-clockwise
  resignOnTurn: passSetupStep,
  blocked: (state, c) => state.moon !== undefined && blocked(state.moon, c),
  blockedSet: (state, word) => (state.moon !== undefined ? blockedSet(state.moon, word) : 0),
  checkPut: (state, c) =>
    state.moon !== undefined && blocked(state.moon, c)
      ? { code: "CELL_BLOCKED", message: `Nothing may be put on ${labelOf(c)}.` }
      : null,
  reuse,
  mayReuse: (state) => state.moon?.double === true,
  addShade,
  playMoves,
  canonical: (code) => (moveType(code) === M_EXT_SETUP ? canonicalSetup(code) : canonicalPlay(code)),
  check: (state, code) => (moveType(code) === M_EXT_SETUP ? checkSetup(state, code) : checkPlay(state, code)),
  apply(d, code, events) {
    if (moveType(code) !== M_EXT_SETUP) {
      applyPlay(d, code, events);
      return false;
    }
    applySetup(d, code, events);
    return true;
  },
  actionOf: moonActionOf,
  parseAction: parseMoonAction,
  endTurn: resetTurn,
  roundStart: moveMoon,
  afterLight: collectMoon,
  score(state, seat, score) {
    // 1 point per unspent moon point, 3 for the "points" baby turtle
    const m = state.moon!.players[seat];
    score.moon = m.points * POINTS_PER_MOON_POINT;
    score.babies = m.spent.includes("points") ? BABY_POINTS : 0;
    score.total += score.moon + score.babies;
  },
  view: viewState,
  viewEvent,
  viewEntry,
  prepareReplay,
  notationTag: "PS2",
  title: "Moonlight",
  flagsHelp: "M, then G and/or S",
  optionFlags: (o) => (o.moonlight ? `M${o.moonlight.greatTree ? "G" : ""}${o.moonlight.moonstones ? "S" : ""}` : ""),
  parseFlags(flags) {
    const m = /^M(G?)(S?)$/.exec(flags);
    return m ? { greatTree: m[1] === "G", moonstones: m[2] === "S" } : null;
  },
  toText() {
    throw new Error("Under the Moonlight's notation is not in this build (MOONLIGHT_PLAY)");
  },
  fromText: (_text, _state, fail) => fail("Under the Moonlight's notation is not in this build (MOONLIGHT_PLAY)"),
};

/**
 * The expansion with every hook: what ../expansions.ts registers. (Made by a call marked pure rather
 * than a spread, which a bundler must keep for its possible getters: a bundle that does not use
 * MOONLIGHT then leaves it, and the notation's code, out.)
 */
export const MOONLIGHT: Expansion = /* @__PURE__ */ Object.assign({}, MOONLIGHT_PLAY, {
  toText: (state: GameState) => moonToText(state.moon!),
  fromText(text: string, state: GameState, fail: (message: string) => never) {
    state.moon = moonFromText(text, state.options.players, fail);
  },
});
