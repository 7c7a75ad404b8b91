/**
 * Under the Moonlight as an expansion module (../expansion.ts): the hooks the base game calls,
 * each implemented by this folder's files, but for making a game, replaying one and the notation
 * (./full.ts `MOONLIGHT`, what ../expansions.ts registers, has those too).
 */
import { labelOf } from "../board";
import { M_EXT_SETUP, moveType } from "../codes";
import type { Expansion } from "../expansion";
import { moonActionOf, parseMoonAction } from "./actions";
import { applyPlay, canonicalPlay, checkPlay, collectMoon, moveMoon, playMoves, resetTurn, reuse } from "./play";
import { MOONLIGHT_SEEN } from "./seen";
import {
  applySetup,
  blocked,
  blockedSet,
  canonicalSetup,
  checkSetup,
  nextSetupStep,
  passSetupStep,
  setupMoves,
  setupSchedule,
} from "./setup";
import { viewEntry, viewEvent, viewState } from "./view";

/** What a hook `MOONLIGHT_PLAY` leaves out says when called. */
const missing = (what: string) => `Under the Moonlight's ${what} is not in this build (MOONLIGHT_PLAY)`;
const notHere = (what: string): never => {
  throw new Error(missing(what));
};

/**
 * The expansion for a client that plays and draws the games it is sent but never writes or reads
 * their position notation (the web page): every hook but the notation's field, whose code
 * (./notation.ts) it then does not carry (issue 25's weights), and but making a game and replaying
 * one (`parseOptions`, `init`, `prepareReplay`: ./make.ts `MOONLIGHT_MAKE`, which such a client adds
 * when it replays a history). `toNotation` / `fromNotation` of such a game throw, and so do those.
 */
export const MOONLIGHT_PLAY: Expansion = {
  key: "moonlight",
  stateKey: "moon",
  parseOptions: () => notHere("making of a game"),
  init: () => notHere("making of a game"),
  // (what only showing a game needs: ./seen.ts)
  setupStage: MOONLIGHT_SEEN.setupStage,
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
  addShade: MOONLIGHT_SEEN.addShade,
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
  score: MOONLIGHT_SEEN.score,
  view: viewState,
  viewEvent,
  viewEntry,
  prepareReplay: () => notHere("replay"),
  notationTag: "PS2",
  title: "Moonlight",
  flagsHelp: "M, then G and/or S",
  optionFlags: (o) => (o.moonlight ? `M${o.moonlight.greatTree ? "G" : ""}${o.moonlight.moonstones ? "S" : ""}` : ""),
  parseFlags(flags) {
    const m = /^M(G?)(S?)$/.exec(flags);
    return m ? { greatTree: m[1] === "G", moonstones: m[2] === "S" } : null;
  },
  toText: () => notHere("notation"),
  fromText: (_text, _state, fail) => fail(missing("notation")),
};
