/**
 * Expansions plug into the base game through this interface (the model is scalachess's `Variant`:
 * the base rules call hooks, an expansion overrides them). The base game is `BASE`, the empty
 * expansion: every hook does nothing. An expansion module (a folder of its own) implements the hooks
 * and is registered once in `expansions.ts`, the only engine file that names the modules; no base
 * file imports from a module, and adding one touches no base file.
 *
 * A game plays at most one expansion: the one whose `key` is present in its options
 * (`options[key]`, normalised by `parseOptions`), whose part of the state lives in `state[stateKey]`.
 * An expansion owns the move-code types `M_EXT_SETUP` and `M_EXT_PLAY` (codes.ts) in its games.
 */
import type { MoveList } from "./codes";
import type { Draft } from "./draft";
import type { Action, GameEvent, GameOptions, GameState, RuleError, Score } from "./types";

export interface Expansion {
  /** Its name, and the field of GameOptions / GameOptionsInput that switches it on. */
  readonly key: string;
  /** The field of GameState holding its part of a game. */
  readonly stateKey: string;

  // ---- options and creation ----
  /** Normalise the option as given to createGame: null = off, "bad" = BAD_OPTIONS. */
  parseOptions(input: unknown): object | null | "bad";
  /** Fill in its part of a freshly created game (may draw from `state.rng`). */
  init(state: GameState): void;

  // ---- setup ----
  /** Its setup step in progress (played before the setup trees), or null when none is. */
  setupStage(state: GameState): string | null;
  /** How many setup steps it adds before the setup trees, for these options and first player. */
  setupStepCount(options: GameOptions, firstPlayer: number): number;
  /** Legal moves of its current setup step. */
  setupMoves(state: GameState, out: MoveList): void;
  /** Move its setup on (`state.turn` counts its steps); returns the seat to act, or -1 when its steps are done. */
  nextSetupStep(d: Draft, events: GameEvent[]): number;
  /** The seat to act resigned during its setup: true if it handled passing the step on itself. */
  resignOnTurn(d: Draft): boolean;

  // ---- cells ----
  /** Whether nothing may be put on cell c (setup trees, seeds). */
  blocked(state: GameState, c: number): boolean;
  /** The blocked cells as one word of a 37-cell set (`word` 0: cells 0–31 as bits 0–31; 1: cells 32–36 as bits 0–4). */
  blockedSet(state: GameState, word: number): number;
  /** The error for putting something on a blocked cell (null when it is not blocked). */
  checkPut(state: GameState, c: number): RuleError | null;
  /** Whether cell c, already the subject of `uses` actions this turn, may be the subject of one more. */
  reuse(state: GameState, c: number, uses: number): boolean;
  /** Whether any cell may be used twice this turn: when false, `reuse` need not be asked (legal-move listing). */
  mayReuse(state: GameState): boolean;

  // ---- light ----
  /**
   * Add its shadows to the trees' shade of every cell (heights, and the LOW_SHADE flag of light.ts).
   * Shadows combine by the taller: it only raises a cell's height and sets flags, so its shadows
   * may also be asked alone, on a zero shade (light at a round's start: light.ts lightGainsFor).
   */
  addShade(state: GameState, sun: number, shade: Uint8Array): void;

  // ---- play ----
  /** Legal moves of its own (M_EXT_PLAY) for the seat to act, in play. */
  playMoves(state: GameState, out: MoveList): void;
  /** Whether a code of its types is one it builds (no stray bits or fields). */
  canonical(code: number): boolean;
  /** Why one of its moves is illegal now (the code is canonical and the phase right), or null. */
  check(state: GameState, code: number): RuleError | null;
  /** Apply one of its moves (already checked). Returns true when the move passes play on (a setup step). */
  apply(d: Draft, code: number, events: GameEvent[]): boolean;
  /** The JSON action of one of its codes. */
  actionOf(code: number): Action;
  /** Its JSON actions to a code or an error; undefined when `type` is not one of its actions. */
  parseAction(
    action: Record<string, unknown>,
    parseCell: (value: unknown) => number | RuleError,
  ): number | RuleError | undefined;
  /** A turn (or setup step) ended: clear its per-turn marks. */
  endTurn(d: Draft): void;
  /** A round begins, after the sun moved and before photosynthesis. */
  roundStart(d: Draft, round: number, sun: number, events: GameEvent[]): void;
  /** After every seat collected light at a round's start. */
  afterLight(d: Draft, events: GameEvent[]): void;

  // ---- scoring ----
  /** Add its points to a seat's score (and to `total`). */
  score(state: GameState, seat: number, score: Score): void;

  // ---- hidden information ----
  /** Hide what `viewer` may not see of its part (the game has not ended). */
  view(state: GameState, viewer: number | null): GameState;
  /** An event as `viewer` may see it (the game has not ended). */
  viewEvent(event: GameEvent, viewer: number | null): GameEvent;
  /** A log entry played by `actor` as `viewer` may see it (the game has not ended). */
  viewEntry<T>(entry: T, actor: number | null, viewer: number | null): T;
  /**
   * Replaying what a viewer saw (replayView): before `entry` is applied to a state rebuilt without
   * the seed, put in what the logged `events` (and every event logged after them: `all` from index
   * `later` on — an index rather than a copy, so a replay stays linear in the log's length) tell of
   * the hidden information it needs, and return the entry to apply (completed if a view stripped it).
   */
  prepareReplay(
    state: GameState,
    entry: unknown,
    events: readonly GameEvent[],
    all: readonly GameEvent[],
    later: number,
  ): { state: GameState; entry: unknown };

  // ---- notation ----
  /** The notation's format tag when this expansion is played (a base game is `PS1`). */
  readonly notationTag: string;
  /** Its name in messages, and how its notation flags read (for BAD_NOTATION messages). */
  readonly title: string;
  readonly flagsHelp: string;
  /** Its flags after `L`/`H` in the options field, e.g. "MGS". */
  optionFlags(options: GameOptions): string;
  /** Parse its flags ("" when absent): its normalised option, or null when its flags are not there. */
  parseFlags(flags: string): object | null;
  /** Its extra field (blank-free). */
  toText(state: GameState): string;
  /** Parse its extra field into `state`; `fail` throws with a message. */
  fromText(text: string, state: GameState, fail: (message: string) => never): void;
}

/** The base game: no expansion. Every hook is neutral. */
export const BASE: Expansion = {
  key: "",
  stateKey: "",
  parseOptions: () => null,
  init: () => undefined,
  setupStage: () => null,
  setupStepCount: () => 0,
  setupMoves: () => undefined,
  nextSetupStep: () => -1,
  resignOnTurn: () => false,
  blocked: () => false,
  blockedSet: () => 0,
  checkPut: () => null,
  reuse: () => false,
  mayReuse: () => false,
  addShade: () => undefined,
  playMoves: () => undefined,
  canonical: () => false,
  check: () => ({ code: "MALFORMED_ACTION", message: "That action needs an expansion this game does not play." }),
  apply: () => false,
  actionOf: () => ({ type: "endTurn" }),
  parseAction: () => undefined,
  endTurn: () => undefined,
  roundStart: () => undefined,
  afterLight: () => undefined,
  score: () => undefined,
  view: (state) => state,
  viewEvent: (event) => event,
  viewEntry: (entry) => entry,
  prepareReplay: (state, entry) => ({ state, entry }),
  notationTag: "PS1",
  title: "base",
  flagsHelp: "no flags",
  optionFlags: () => "",
  parseFlags: () => null,
  toText: () => "",
  fromText: () => undefined,
};

const registry: Expansion[] = [];

/** Register an expansion module (expansions.ts does it for every module, once). */
export function registerExpansion(x: Expansion): void {
  if (!registry.includes(x)) registry.push(x);
  lastOptions = null;
}

/** Every registered expansion. */
export function expansions(): readonly Expansion[] {
  return registry;
}

/**
 * The last options asked about and their expansion: every state of a game shares its options
 * object, and the engine asks several times per action (a one-entry cache, cheaper than a lookup).
 */
let lastOptions: GameOptions | null = null;
let lastExpansion: Expansion = BASE;

/** The expansion a game plays (BASE when none). */
export function expansionOf(options: GameOptions): Expansion {
  if (options === lastOptions) return lastExpansion;
  let found = BASE;
  for (let i = 0; i < registry.length; i++)
    if ((options as unknown as Record<string, unknown>)[registry[i].key] !== undefined) {
      found = registry[i];
      break;
    }
  lastOptions = options;
  lastExpansion = found;
  return found;
}

/** The expansion that owns the extra move-code types when no state is at hand (parsing, actionOf). */
export function expansionOfCodes(): Expansion {
  return registry[0] ?? BASE;
}
