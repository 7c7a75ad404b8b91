/**
 * Position notation ("PSN"): a compact text form of a whole game state that round-trips exactly,
 * like FEN for chess. Documented in docs/engine.md. Example (a fresh 2-player game):
 *
 *   PS1 2:00000000:a S0 a a 0 ..../...../....../......./....../...../.... 0:4432:2410:-/0:4432:2410:- 9.7.5.0 - 0 00000000
 *
 * Fields, separated by single spaces:
 *  1. `PS1` (format and version)
 *  2. options: players, then `L` (long game) and/or `H` (heavy shade); `:` seed (8 hex digits);
 *     `:` first player of the game (seat letter a–d)
 *  3. phase and round: `S0` setup, `R<n>` playing round n, `E<n>` ended after round n (`E0`: ended
 *     during setup, every seat having resigned)
 *  4. seat holding the first-player token (a–d)   5. seat to act (a–d)
 *  6. turns already begun in this round (setup: placements so far)
 *  7. board: rows a (top, r = -3) to g, separated by `/`; each cell `.` or seat letter + size digit
 *     (0 seed, 1 small, 2 medium, 3 large), west to east
 *  8. players, separated by `/`: `light:board:available:tokens`, board and available as four digits
 *     (seed, small, medium, large), tokens `-` or `leaves-value` joined by `.`; a trailing `!` = resigned
 *  9. scoring tokens left per stack, 1-leaf to 4-leaf, joined by `.`
 * 10. cells already used this turn: `-` or labels joined by `.`
 * 11. ply (actions applied)   12. random generator state (8 hex digits)
 *
 * A game with an expansion (expansion.ts) is written with the expansion's tag instead of `PS1`,
 * its flags after `L`/`H` in the options, and a 13th field holding its part (the expansion's
 * `toText` / `fromText`). A base game is always written `PS1`, unchanged.
 */
import { CELL_COUNT, LABELS, RADIUS, cellByLabel } from "./board";
import { BASE, type Expansion, expansionOf, expansions } from "./expansion";
import { totalRounds } from "./progress";
import {
  BOARD_SLOTS,
  LIGHT_CAP,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PIECES_PER_PLAYER,
  SETUP_TREES_PER_PLAYER,
  TOKEN_VALUES,
} from "./rules";
import type { GameOptions, GameState, Phase, PlayerState, RuleError, ScoringToken } from "./types";

const MAGIC = BASE.notationTag;
const SEATS = "abcd";
const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, "0");

/** Cells per row, top to bottom. */
const ROW_LENGTHS = Array.from({ length: 2 * RADIUS + 1 }, (_, i) => 2 * RADIUS + 1 - Math.abs(i - RADIUS));

export function toNotation(state: GameState): string {
  const o = state.options;
  const ext = expansionOf(o);
  const opts = `${o.players}${o.longGame ? "L" : ""}${o.heavyShade ? "H" : ""}${ext.optionFlags(o)}:${hex8(o.seed)}:${SEATS[o.firstPlayer]}`;
  const phase = (state.phase === "setup" ? "S" : state.phase === "play" ? "R" : "E") + state.round;
  const rows: string[] = [];
  let c = 0;
  for (const len of ROW_LENGTHS) {
    let row = "";
    for (let i = 0; i < len; i++, c++) {
      const piece = state.cells[c];
      row += piece === 0 ? "." : SEATS[(piece - 1) >> 2] + ((piece - 1) & 3);
    }
    rows.push(row);
  }
  const players = state.players
    .map((p) => {
      const tokens = p.tokens.length ? p.tokens.map((t) => `${t.leaves}-${t.value}`).join(".") : "-";
      return `${p.light}:${p.board.join("")}:${p.available.join("")}:${tokens}${p.resigned ? "!" : ""}`;
    })
    .join("/");
  const touched = state.touched.length ? state.touched.map((t) => LABELS[t]).join(".") : "-";
  const fields = [
    ext.notationTag,
    opts,
    phase,
    SEATS[state.firstPlayer],
    SEATS[state.current],
    String(state.turn),
    rows.join("/"),
    players,
    state.stacks.join("."),
    touched,
    String(state.ply),
    hex8(state.rng),
  ];
  if (ext !== BASE) fields.push(ext.toText(state));
  return fields.join(" ");
}

class NotationError extends Error {}
function fail(message: string): never {
  throw new NotationError(message);
}
function int(text: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) fail(`${what}: expected a number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) fail(`${what}: ${n} is outside ${min}..${max}`);
  return n;
}
function seatOf(text: string, players: number, what: string): number {
  const s = SEATS.indexOf(text);
  if (text.length !== 1 || s < 0 || s >= players) fail(`${what}: expected a seat letter a..${SEATS[players - 1]}`);
  return s;
}
function digits(text: string, what: string, max: readonly number[]): number[] {
  if (!/^\d{4}$/.test(text)) fail(`${what}: expected four digits`);
  return [...text].map((ch, i) => int(ch, what, 0, max[i]));
}

/** Parse a position. Errors name the field that is wrong. */
export function fromNotation(text: string): { ok: true; state: GameState } | { ok: false; error: RuleError } {
  try {
    return { ok: true, state: parse(text) };
  } catch (e) {
    if (e instanceof NotationError) return { ok: false, error: { code: "BAD_NOTATION", message: e.message } };
    throw e;
  }
}

function parse(text: string): GameState {
  if (typeof text !== "string") fail("a position is a string");
  const f = text.trim().split(/\s+/);
  const { ext, options } = parseHeader(f);
  const players = options.players;
  // the expansion's part first (its field is checked before the rest, as it always was)
  const part = { options } as GameState;
  if (ext !== BASE) ext.fromText(f[12], part, fail);
  const pm = /^([SRE])(\d+)$/.exec(f[2]);
  if (!pm) fail(`phase: expected S0, R<n> or E<n>, got "${f[2]}"`);
  const phase: Phase = pm[1] === "S" ? "setup" : pm[1] === "R" ? "play" : "ended";
  const maxRound = totalRounds(options);
  // E0: a game that ended during setup (every seat resigned); its turn still counts placements.
  const round = int(pm[2], "round", phase === "play" ? 1 : 0, phase === "setup" ? 0 : maxRound);
  const firstPlayer = seatOf(f[3], players, "first-player token");
  const current = seatOf(f[4], players, "seat to act");
  const setupSteps =
    ext.setupStage(part) !== null ? ext.setupStepCount(options, firstPlayer) : SETUP_TREES_PER_PLAYER * players;
  const turn = int(f[5], "turn", 0, round === 0 ? setupSteps - 1 : players);
  const cells = parseBoard(f[6], players);
  const { playerStates, stacks } = parsePlayers(f[7], f[8], cells, players);
  const touched =
    f[9] === "-"
      ? []
      : f[9].split(".").map((l) => {
          const c = cellByLabel(l);
          if (c < 0) fail(`used cells: "${l}" is not a cell label`);
          return c;
        });
  const ply = int(f[10], "ply", 0, Number.MAX_SAFE_INTEGER);
  if (!/^[0-9a-f]{8}$/.test(f[11])) fail("rng: expected 8 hex digits");
  if (cells.length !== CELL_COUNT) fail("board: wrong number of cells");
  const state: GameState = {
    options,
    phase,
    round,
    firstPlayer,
    current,
    turn,
    cells,
    touched,
    stacks,
    players: playerStates,
    ply,
    rng: parseInt(f[11], 16),
  };
  if (ext !== BASE)
    (state as unknown as Record<string, unknown>)[ext.stateKey] = (part as unknown as Record<string, unknown>)[
      ext.stateKey
    ];
  return state;
}

/** The tag (which expansion, if any), the field count and the options field. */
function parseHeader(f: string[]): { ext: Expansion; options: GameOptions } {
  const ext = f[0] === MAGIC ? BASE : expansions().find((x) => x.notationTag === f[0]);
  if (!ext)
    fail(
      `expected "${MAGIC}" (or ${expansions()
        .map((x) => `"${x.notationTag}" with the ${x.title} expansion`)
        .join(", ")}) first`,
    );
  const fieldCount = ext === BASE ? 12 : 13;
  if (f.length !== fieldCount)
    fail(
      ext !== BASE
        ? `${ext.notationTag} (${ext.title}): expected 13 fields, got ${f.length} (a base game is ${MAGIC}, 12 fields)`
        : `expected 12 fields, got ${f.length}`,
    );
  const om = /^(\d)(L?)(H?)([A-Z]*):([0-9a-f]{8}):([a-d])$/.exec(f[1]);
  if (!om) fail(`options: expected e.g. "4LH:0000002a:a", got "${f[1]}"`);
  let extOption: object | null = null;
  if (ext === BASE) {
    if (om[4] !== "") {
      const other = expansions().find((x) => x.parseFlags(om[4]) !== null);
      fail(
        other
          ? `options: a ${other.title} game (${om[4]}) is written ${other.notationTag}`
          : `options: unknown flags "${om[4]}"`,
      );
    }
  } else {
    extOption = ext.parseFlags(om[4]);
    if (extOption === null) fail(`options: ${ext.notationTag} is a ${ext.title} game (${ext.flagsHelp})`);
  }
  const players = int(om[1], "players", MIN_PLAYERS, MAX_PLAYERS);
  const options: GameOptions = {
    players,
    longGame: om[2] === "L",
    heavyShade: om[3] === "H",
    firstPlayer: seatOf(om[6], players, "first player"),
    seed: parseInt(om[5], 16),
  };
  if (extOption) (options as unknown as Record<string, unknown>)[ext.key] = extOption;
  return { ext, options };
}

/** The board field: rows a..g, "." an empty cell, a seat letter and a size a piece. */
function parseBoard(text: string, players: number): number[] {
  const rows = text.split("/");
  if (rows.length !== ROW_LENGTHS.length) fail(`board: expected ${ROW_LENGTHS.length} rows`);
  const cells: number[] = [];
  rows.forEach((row, r) => {
    const before = cells.length;
    for (let i = 0; i < row.length; i++) {
      if (row[i] === ".") cells.push(0);
      else {
        const seat = seatOf(row[i], players, `board row ${LABELS[before][0]}`);
        const size = int(row[i + 1] ?? "", `board row ${LABELS[before][0]}`, 0, 3);
        cells.push(1 + seat * 4 + size);
        i++;
      }
    }
    if (cells.length - before !== ROW_LENGTHS[r]) fail(`board row ${r + 1}: expected ${ROW_LENGTHS[r]} cells`);
  });
  return cells;
}

/** The players' field and the token stacks, checked against the pieces on the board and the tokens taken. */
function parsePlayers(
  playersText: string,
  stacksText: string,
  cells: number[],
  players: number,
): { playerStates: PlayerState[]; stacks: number[] } {
  const playerTexts = playersText.split("/");
  if (playerTexts.length !== players) fail(`players: expected ${players}, got ${playerTexts.length}`);
  const onBoard = Array.from({ length: players }, () => [0, 0, 0, 0]);
  for (const piece of cells) if (piece) onBoard[(piece - 1) >> 2][(piece - 1) & 3]++;
  const stacks = stacksText.split(".").map((t, i) => int(t, `stack ${i + 1}`, 0, TOKEN_VALUES[i]?.length ?? 0));
  if (stacks.length !== 4) fail("stacks: expected four counts");
  const taken = TOKEN_VALUES.map((v, i) => v.length - stacks[i]);
  const playerStates = playerTexts.map((pt, seat) => parsePlayer(pt, seat, onBoard[seat]));
  const held = [0, 0, 0, 0];
  for (const p of playerStates) for (const t of p.tokens) held[t.leaves - 1]++;
  for (let i = 0; i < 4; i++)
    if (held[i] > taken[i]) fail(`tokens: more ${i + 1}-leaf tokens held than taken from the stack`);
  return { playerStates, stacks };
}

/** One player: light:board:available:tokens, "!" when resigned. */
function parsePlayer(pt: string, seat: number, onBoard: number[]): PlayerState {
  const m = /^(\d+):(\d{4}):(\d{4}):([-0-9.]+?)(!?)$/.exec(pt);
  if (!m) fail(`player ${SEATS[seat]}: expected light:board:available:tokens, got "${pt}"`);
  const board = digits(m[2], `player ${SEATS[seat]} board`, BOARD_SLOTS);
  const available = digits(m[3], `player ${SEATS[seat]} available`, PIECES_PER_PLAYER);
  for (let s = 0; s < 4; s++)
    if (board[s] + available[s] + onBoard[s] > PIECES_PER_PLAYER[s])
      fail(`player ${SEATS[seat]}: more pieces of size ${s} than the ${PIECES_PER_PLAYER[s]} a player owns`);
  const tokens: ScoringToken[] =
    m[4] === "-"
      ? []
      : m[4].split(".").map((tt) => {
          const tm = /^([1-4])-(\d+)$/.exec(tt);
          if (!tm) fail(`player ${SEATS[seat]} tokens: bad token "${tt}"`);
          const leaves = Number(tm[1]);
          const value = Number(tm[2]);
          if (!TOKEN_VALUES[leaves - 1].includes(value))
            fail(`player ${SEATS[seat]}: no ${leaves}-leaf token is worth ${value}`);
          return { leaves, value };
        });
  return {
    light: int(m[1], `player ${SEATS[seat]} light`, 0, LIGHT_CAP),
    board,
    available,
    tokens,
    resigned: m[5] === "!",
  };
}
