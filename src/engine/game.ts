/**
 * The base game (docs/rules.md §3–§6): the legal moves of the player to act, and applying a move
 * (creating a game: create.ts; resigning and taking a resigned seat over: resign.ts). Pure: no clock, no I/O, randomness only from the state's seeded generator.
 *
 * Moves are handled internally as small integers (a "move code": type in the low 3 bits, then two
 * 6-bit cell/piece fields) so random play and search need no object churn; `actions.ts` converts
 * between codes and the public JSON actions.
 */
import { CELL_COUNT, CELLS, DISTANCE, LEAVES, RING, RADIUS, labelOf } from "./board";
import {
  M_BUY,
  M_COLLECT,
  M_END_TURN,
  M_EXT_PLAY,
  M_EXT_SETUP,
  M_GROW,
  M_PLACE,
  M_PLANT,
  moveA,
  moveB,
  moveCode,
  moveType,
  MoveList,
} from "./codes";
import { Draft, addLight, err, takeToken, usable, usable2 } from "./draft";
import { BASE, expansionOf, type Expansion } from "./expansion";
import { AT_HI, AT_LO, EDGE_HI, EDGE_LO, PRICE, boardSets, pushCells } from "./masks";
import { currentSun, encodePiece, inShadow, lightGainsFor, shadeFor, sunPosition } from "./light";
import { boardPrice, totalRounds } from "./progress";
import {
  COLLECT_COST,
  GROW_COST,
  LARGE,
  MEDIUM,
  PIECE_NAMES,
  PLANT_COST,
  SEED,
  SETUP_TREES_PER_PLAYER,
  SMALL,
} from "./rules";
import { computeScores, winnersOf } from "./scoring";
import type { ApplyResult, GameEvent, GameState, PlayerState, RuleError } from "./types";

// ---- move codes (codes.ts) ------------------------------------------------------------------

export {
  M_BUY,
  M_COLLECT,
  M_END_TURN,
  M_EXT_PLAY,
  M_EXT_SETUP,
  M_GROW,
  M_PLACE,
  M_PLANT,
  moveA,
  moveB,
  moveCode,
  moveType,
};
export { boardPrice, err, totalRounds };

// ---- helpers ------------------------------------------------------------------------------

// ---- legal moves --------------------------------------------------------------------------

/**
 * The legal moves of the last state listed, in one reusable buffer (codes.ts MoveList), and that
 * state: applyMove of one of those codes on that very state needs no second check (a random game
 * or a search applies what it was just offered). States are never mutated, so the same object
 * means the same position.
 */
const LISTED = new MoveList();
let listed: GameState | null = null;

/** Every legal move of the player to act, as move codes (empty when the game is over). */
export function legalMoves(state: GameState): number[] {
  return listInto(state).toArray();
}

/**
 * The legal moves of `state` in the engine's shared buffer (valid until the next listing): for
 * the engine's own loops (random play), which pick from it without copying it.
 */
export function listInto(state: GameState): MoveList {
  listed = null;
  LISTED.n = 0;
  listMoves(state, LISTED);
  listed = state;
  return LISTED;
}

/** Whether legalMoves just listed `code` for this state. */
function listedFor(state: GameState, code: number): boolean {
  return state === listed && LISTED.has(code);
}

/** The most moves the base game lists in one position (every cell a tree planting on 18 targets, plus buys and the end of turn). */
const BASE_MOVES = 768;
/** GROW_COST by target size, read once (the legal-move listing tests all three every time). */
const GROW_TO_SMALL = GROW_COST[SMALL];
const GROW_TO_MEDIUM = GROW_COST[MEDIUM];
const GROW_TO_LARGE = GROW_COST[LARGE];
/** The cells 32–36 in the high word of a 37-cell set. */
const HI_CELLS = (1 << (CELL_COUNT - 32)) - 1;

/** The legal moves of the player to act, in the rulebook's order: setup placements, or the end of the turn, buys, then each tree's actions, then the expansion's. */
function listMoves(state: GameState, out: MoveList): void {
  if (state.phase === "ended") return;
  const ext = expansionOf(state.options);
  if (state.phase === "setup") {
    listSetup(state, ext, out);
    return;
  }
  // the base game's moves are written straight into the buffer (at most BASE_MOVES of them)
  out.reserve(BASE_MOVES);
  const codes = out.codes;
  let n = out.n;
  codes[n++] = M_END_TURN;
  n = listBuys(state.players[state.current], codes, n);
  out.n = listPieceActions(state, ext, codes, n);
  ext.playMoves(state, out);
}

/** Setup (docs/rules.md §4): the expansion's own setup first, then a small tree on each free edge cell. */
function listSetup(state: GameState, ext: Expansion, out: MoveList): void {
  if (ext.setupStage(state) !== null) ext.setupMoves(state, out);
  else if (state.players[state.current].available[SMALL] > 0) {
    // the empty edge cells the expansion does not block, as 37-cell sets (EDGE_CELLS' order: by cell)
    const sets = boardSets(state.cells);
    pushCells(
      out,
      M_PLACE,
      EDGE_LO & ~sets[0] & ~ext.blockedSet(state, 0),
      EDGE_HI & ~sets[1] & ~ext.blockedSet(state, 1),
    );
  }
}

/** Buying: one code per column of the player board whose next piece the light points pay for; the next free slot in `codes`. */
function listBuys(player: PlayerState, codes: Int32Array, n: number): number {
  const light = player.light;
  const board = player.board;
  for (let col = 0; col < 4; col++) {
    const count = board[col];
    // PRICE holds boardPrice's answer for every count a column can hold (-1 outside)
    const price = count >= 0 && count < 5 ? PRICE[col * 5 + count] : -1;
    if (price >= 0 && price <= light) codes[n++] = M_BUY | (col << 3);
  }
  return n;
}

/**
 * The actions on the seat's own pieces — collect a large tree, grow a piece, plant a seed from a
 * tree — one piece after another by cell; the next free slot in `codes`.
 */
function listPieceActions(state: GameState, ext: Expansion, codes: Int32Array, n: number): number {
  const seat = state.current;
  const player = state.players[seat];
  const cells = state.cells;
  const light = player.light;
  const shade = state.options.heavyShade ? shadeFor(state, currentSun(state)) : null;
  const available = player.available;
  const canPlant = available[SEED] > 0 && light >= PLANT_COST;
  // bit s: a piece of size s may grow (s < 3: the next size available and affordable) or be
  // collected (s = 3: affordable), shade aside
  const able =
    (light >= COLLECT_COST ? 1 << LARGE : 0) |
    (available[SMALL] > 0 && light >= GROW_TO_SMALL ? 1 << SEED : 0) |
    (available[MEDIUM] > 0 && light >= GROW_TO_MEDIUM ? 1 << SMALL : 0) |
    (available[LARGE] > 0 && light >= GROW_TO_LARGE ? 1 << MEDIUM : 0);
  const own = 1 + seat * 4;
  // the empty cells and the seat's pieces as 37-cell sets (masks.ts, kept from state to state),
  // so plant targets come from a few bit operations instead of a scan per tree; the expansion's
  // blocked cells are not targets
  const sets = boardSets(cells);
  let emptyLo = ~sets[0] & ~ext.blockedSet(state, 0);
  let emptyHi = ~sets[1] & HI_CELLS & ~ext.blockedSet(state, 1);
  let mineLo = sets[2 + seat * 2];
  let mineHi = sets[3 + seat * 2];
  // cells used this turn: without an expansion that lets a cell be used twice, a used cell is
  // simply out (neither acts nor is planted on), so it leaves both sets; else usable() decides
  const touched = state.touched;
  let anyTouched = touched.length > 0;
  if (anyTouched && !ext.mayReuse(state)) {
    for (let i = 0; i < touched.length; i++) {
      const c = touched[i];
      if (c >= 0 && c < 32) {
        mineLo &= ~(1 << c);
        emptyLo &= ~(1 << c);
      } else if (c >= 32 && c < CELL_COUNT) {
        mineHi &= ~(1 << (c - 32));
        emptyHi &= ~(1 << (c - 32));
      }
    }
    anyTouched = false;
  }
  // nothing to grow, collect or plant (no light, no pieces available): no piece to look at
  if (able === 0 && !canPlant) {
    mineLo = 0;
    mineHi = 0;
  }
  // the set walk inline, not masks.ts's pushCells: hot path, folding it measured slower (bench --only=engine)
  while ((mineLo | mineHi) !== 0) {
    let c: number;
    if (mineLo !== 0) {
      const bit = mineLo & -mineLo;
      mineLo ^= bit;
      c = 31 - Math.clz32(bit);
    } else {
      const bit = mineHi & -mineHi;
      mineHi ^= bit;
      c = 63 - Math.clz32(bit);
    }
    if (anyTouched && !usable(state, c)) continue;
    const size = cells[c] - own;
    const shaded = shade !== null && inShadow(shade[c], size);
    if ((able & (1 << size)) !== 0) {
      if (size === LARGE) codes[n++] = M_COLLECT | (c << 3);
      else if (!shaded) codes[n++] = M_GROW | (c << 3);
    }
    if (size > 0 && canPlant && !shaded) n = listPlantings(state, c, size, emptyLo, emptyHi, anyTouched, codes, n);
  }
  return n;
}

/**
 * Planting a seed (docs/rules.md §5): from the tree on `c`, every empty cell within its size, nearest
 * first, then by cell; the next free slot in `codes`.
 */
function listPlantings(
  state: GameState,
  c: number,
  size: number,
  emptyLo: number,
  emptyHi: number,
  anyTouched: boolean,
  codes: Int32Array,
  n: number,
): number {
  const from = M_PLANT | (c << 3);
  for (let d = 1; d <= size; d++) {
    let lo = AT_LO[d * CELL_COUNT + c] & emptyLo;
    while (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      const t = 31 - Math.clz32(bit);
      if (!anyTouched || usable2(state, c, t)) codes[n++] = from | (t << 9);
    }
    let hi = AT_HI[d * CELL_COUNT + c] & emptyHi;
    while (hi !== 0) {
      const bit = hi & -hi;
      hi ^= bit;
      const t = 63 - Math.clz32(bit);
      if (!anyTouched || usable2(state, c, t)) codes[n++] = from | (t << 9);
    }
  }
  return n;
}

/** Why a move is illegal for the player to act, or null when it is legal. */
export function checkMove(state: GameState, code: number): RuleError | null {
  if (state.phase === "ended") return { code: "GAME_OVER", message: "The game is over." };
  const type = moveType(code);
  const ext = expansionOf(state.options);
  if (type === M_EXT_SETUP || type === M_EXT_PLAY) {
    if (ext === BASE) return BASE.check(state, code);
    if (!Number.isInteger(code) || !ext.canonical(code))
      return { code: "MALFORMED_ACTION", message: "Not a move code." };
    if (type === M_EXT_SETUP && state.phase !== "setup") return { code: "WRONG_PHASE", message: "Setup is over." };
    if (type === M_EXT_PLAY && state.phase === "setup")
      return { code: "WRONG_PHASE", message: "That move is played once the game has begun." };
    return ext.check(state, code);
  }
  // Only the codes moveCode() builds: no NaN, fractions or stray bits aliasing a legal move.
  if (
    code !==
    (type === M_END_TURN
      ? 0
      : type === M_PLANT
        ? moveCode(type, moveA(code), moveB(code))
        : moveCode(type, moveA(code)))
  )
    return { code: "MALFORMED_ACTION", message: "Not a move code." };
  if (state.phase === "setup") return checkPlace(state, ext, type, moveA(code));
  if (type === M_PLACE) return { code: "WRONG_PHASE", message: "Setup is over: trees are no longer placed for free." };
  if (type === M_END_TURN) return null;
  const player = state.players[state.current];
  if (type === M_BUY) return checkBuy(player, moveA(code));
  // grow, collect, plant: an action taken with one of the seat's own pieces, its cell not yet used this turn
  const c = moveA(code);
  if (c >= CELL_COUNT) return { code: "NOT_ON_BOARD", message: "That cell is not on the board." };
  const piece = state.cells[c];
  const what = type === M_PLANT ? "plant from" : type === M_GROW ? "grow" : "collect";
  if (piece === 0) return { code: "CELL_EMPTY", message: `There is nothing on ${labelOf(c)} to ${what}.` };
  if ((piece - 1) >> 2 !== state.current)
    return { code: "NOT_YOUR_PIECE", message: `The piece on ${labelOf(c)} is not yours.` };
  const size = (piece - 1) & 3;
  if (!usable(state, c))
    return { code: "CELL_ALREADY_USED", message: `${labelOf(c)} was already the subject of an action this turn.` };
  if (type === M_GROW) return checkGrow(state, player, c, size);
  if (type === M_COLLECT) return checkCollect(player, size);
  // M_PLANT: the other seven of the eight types (codes.ts) are answered above
  return checkPlant(state, ext, player, c, moveB(code), size);
}

/** Setup (docs/rules.md §4): the only move is placing a small tree on an empty edge cell, once the expansion's setup is done. */
function checkPlace(state: GameState, ext: Expansion, type: number, c: number): RuleError | null {
  const stage = ext.setupStage(state);
  if (type !== M_PLACE || stage !== null)
    return {
      code: "WRONG_PHASE",
      message:
        stage !== null
          ? `The expansion's setup comes first (now: ${stage}).`
          : "During setup the only action is placing a small tree on an edge cell.",
    };
  if (c >= CELL_COUNT) return { code: "NOT_ON_BOARD", message: "That cell is not on the board." };
  if (RING[c] !== RADIUS) return { code: "NOT_AN_EDGE_CELL", message: `${labelOf(c)} is not an edge (1-leaf) cell.` };
  if (state.cells[c] !== 0) return { code: "CELL_OCCUPIED", message: `${labelOf(c)} is not empty.` };
  const put = ext.checkPut(state, c);
  if (put) return put;
  if (state.players[state.current].available[SMALL] <= 0)
    return { code: "NOT_AVAILABLE", message: "No small tree in your available area." };
  return null;
}

/** Buying (docs/rules.md §5): the column's next piece, paid at its board price. */
function checkBuy(player: PlayerState, col: number): RuleError | null {
  if (col > 3) return { code: "MALFORMED_ACTION", message: "Unknown piece." };
  const price = boardPrice(player, col);
  if (price < 0) return { code: "COLUMN_EMPTY", message: `No ${PIECE_NAMES[col]} left on your player board.` };
  if (price > player.light)
    return {
      code: "NOT_ENOUGH_LIGHT",
      message: `Buying a ${PIECE_NAMES[col]} costs ${price} light points; you have ${player.light}.`,
    };
  return null;
}

/** Whether heavy shade (docs/rules.md §7) keeps the seat's piece of `size` on `c` from acting this turn. */
function heavilyShaded(state: GameState, c: number, size: number): boolean {
  return state.options.heavyShade && inShadow(shadeFor(state, currentSun(state))[c], size);
}

/** Growing (docs/rules.md §5): the next size from the available area, paid in light points, not in heavy shade. */
function checkGrow(state: GameState, player: PlayerState, c: number, size: number): RuleError | null {
  if (size >= LARGE) return { code: "WRONG_SIZE", message: "A large tree cannot grow any more." };
  if (player.available[size + 1] <= 0)
    return { code: "NOT_AVAILABLE", message: `No ${PIECE_NAMES[size + 1]} tree in your available area.` };
  const cost = GROW_COST[size + 1];
  if (player.light < cost)
    return {
      code: "NOT_ENOUGH_LIGHT",
      message: `Growing to ${PIECE_NAMES[size + 1]} costs ${cost} light points; you have ${player.light}.`,
    };
  if (heavilyShaded(state, c, size))
    return { code: "IN_SHADOW", message: `Heavy shade: the piece on ${labelOf(c)} is in shadow and cannot grow.` };
  return null;
}

/** Collecting (docs/rules.md §5): a large tree, for COLLECT_COST light points. */
function checkCollect(player: PlayerState, size: number): RuleError | null {
  if (size !== LARGE) return { code: "WRONG_SIZE", message: "Only a large tree can be collected." };
  if (player.light < COLLECT_COST)
    return {
      code: "NOT_ENOUGH_LIGHT",
      message: `Collecting costs ${COLLECT_COST} light points; you have ${player.light}.`,
    };
  return null;
}

/** Planting a seed (docs/rules.md §5): from a tree on `c` onto an empty cell `t` within its size, neither cell used this turn, not in heavy shade. */
function checkPlant(
  state: GameState,
  ext: Expansion,
  player: PlayerState,
  c: number,
  t: number,
  size: number,
): RuleError | null {
  if (t >= CELL_COUNT) return { code: "NOT_ON_BOARD", message: "The target cell is not on the board." };
  if (size === SEED) return { code: "WRONG_SIZE", message: "A seed cannot plant; only trees spread seeds." };
  if (player.available[SEED] <= 0) return { code: "NOT_AVAILABLE", message: "No seed in your available area." };
  if (player.light < PLANT_COST)
    return {
      code: "NOT_ENOUGH_LIGHT",
      message: `Planting costs ${PLANT_COST} light point; you have ${player.light}.`,
    };
  if (state.cells[t] !== 0) return { code: "CELL_OCCUPIED", message: `${labelOf(t)} is not empty.` };
  if (t === c || DISTANCE[c * CELL_COUNT + t] > size)
    return { code: "OUT_OF_RANGE", message: `A tree of size ${size} plants at most ${size} cell(s) away.` };
  const put = ext.checkPut(state, t);
  if (put) return put;
  if (!usable2(state, c, t))
    return { code: "CELL_ALREADY_USED", message: `${labelOf(t)} was already the subject of an action this turn.` };
  if (heavilyShaded(state, c, size))
    return { code: "IN_SHADOW", message: `Heavy shade: the tree on ${labelOf(c)} is in shadow and cannot plant.` };
  return null;
}

// ---- applying moves -----------------------------------------------------------------------

/** Apply a move code for the player to act: validated, never throws for a bad move. */
export function applyMove(state: GameState, code: number): ApplyResult {
  const problem = listedFor(state, code) ? null : checkMove(state, code);
  if (problem) return { ok: false, error: problem };
  return play(state, code);
}

/**
 * Apply a move known to be legal (applyMove checked it, or the engine's own loop took it from
 * `listInto(state)` for this very state): the new state and the events, without a check.
 */
export function play(state: GameState, code: number): { ok: true; state: GameState; events: GameEvent[] } {
  const d = new Draft(state);
  const events: GameEvent[] = [];
  playOn(d, code, events);
  return { ok: true, state: d.s, events };
}

/**
 * `play` on a draft kept in place (`new Draft(state, true)`: random-play.ts, whose private copy of
 * a state takes one move after another): `d.s` becomes the new state, its events go to `events`.
 */
export function playInPlace(d: Draft, code: number, events: GameEvent[]): void {
  // a state changed in place is no longer the position its listing was made for
  if (d.s === listed) listed = null;
  d.s.ply++;
  playOn(d, code, events);
}

function playOn(d: Draft, code: number, events: GameEvent[]): void {
  const seat = d.s.current;
  const type = moveType(code);
  const a = moveA(code);
  switch (type) {
    case M_EXT_SETUP:
    case M_EXT_PLAY:
      if (expansionOf(d.s.options).apply(d, code, events)) advance(d, events);
      break;
    case M_PLACE: {
      d.available(seat)[SMALL]--;
      d.put(a, encodePiece(seat, SMALL));
      events.push({ type: "placed", seat, cell: CELLS[a] });
      advance(d, events);
      break;
    }
    case M_END_TURN: {
      events.push({ type: "turnEnded", seat });
      advance(d, events);
      break;
    }
    case M_BUY: {
      const p = d.player(seat);
      const cost = boardPrice(p, a);
      p.light -= cost;
      p.board[a]--;
      p.available[a]++;
      events.push({ type: "bought", seat, piece: PIECE_NAMES[a], cost });
      break;
    }
    case M_PLANT: {
      const b = moveB(code);
      d.playerOnly(seat).light -= PLANT_COST;
      d.available(seat)[SEED]--;
      d.put(b, encodePiece(seat, SEED));
      d.touch(a, b);
      events.push({ type: "planted", seat, from: CELLS[a], to: CELLS[b], cost: PLANT_COST });
      break;
    }
    case M_GROW: {
      const size = (d.s.cells[a] - 1) & 3;
      const cost = GROW_COST[size + 1];
      d.playerOnly(seat).light -= cost;
      d.available(seat)[size + 1]--;
      d.put(a, encodePiece(seat, size + 1));
      const returnedTo = d.returnPiece(seat, size);
      d.touch(a);
      events.push({
        type: "grew",
        seat,
        cell: CELLS[a],
        from: PIECE_NAMES[size],
        to: PIECE_NAMES[size + 1],
        cost,
        returnedTo,
      });
      break;
    }
    case M_COLLECT: {
      const p = d.playerOnly(seat);
      p.light -= COLLECT_COST;
      d.put(a, 0);
      const returnedTo = d.returnPiece(seat, LARGE);
      d.s.stacks = d.s.stacks.slice();
      const token = takeToken(d.s.stacks, LEAVES[a]);
      if (token) p.tokens = [...p.tokens, token];
      d.touch(a);
      events.push({ type: "collected", seat, cell: CELLS[a], cost: COLLECT_COST, token, returnedTo });
      break;
    }
  }
}

/** Whether every seat has resigned (resign.ts ends the game then). */
export function allResigned(s: GameState): boolean {
  for (let i = 0; i < s.players.length; i++) if (!s.players[i].resigned) return false;
  return true;
}

/** Pass play to the next seat that may act, running setup's end, round ends and photosynthesis. */
export function advance(d: Draft, events: GameEvent[]): void {
  const s = d.s;
  const n = s.options.players;
  const ext = expansionOf(s.options);
  if (s.touched.length > 0) s.touched = [];
  ext.endTurn(d);
  if (allResigned(s)) {
    endGame(d, events);
    return;
  }
  for (;;) {
    if (s.phase === "setup" && ext.setupStage(s) !== null) {
      // the expansion's setup steps come before the setup trees
      const seat = ext.nextSetupStep(d, events);
      if (seat >= 0) {
        s.current = seat;
        return;
      }
      s.turn = -1;
    }
    s.turn++;
    if (s.phase === "setup") {
      if (s.turn >= n * SETUP_TREES_PER_PLAYER) {
        events.push({ type: "setupEnded" });
        s.phase = "play";
        startRound(d, 1, events);
      } else {
        s.current = (s.firstPlayer + s.turn) % n;
      }
    } else {
      if (s.turn >= n) {
        if (s.round >= totalRounds(s.options)) {
          endGame(d, events);
          return;
        }
        s.firstPlayer = (s.firstPlayer + 1) % n;
        startRound(d, s.round + 1, events);
      } else {
        s.current = (s.firstPlayer + s.turn) % n;
      }
    }
    if (!s.players[s.current].resigned) {
      if (s.phase === "play") events.push({ type: "turnStarted", seat: s.current, round: s.round });
      return;
    }
    if (s.phase === "play") events.push({ type: "turnEnded", seat: s.current, auto: true });
  }
}

/** Photosynthesis: the sun moves (not in round 1), then every player collects light. */
function startRound(d: Draft, round: number, events: GameEvent[]): void {
  const s = d.s;
  s.round = round;
  s.turn = 0;
  s.current = s.firstPlayer;
  const sun = sunPosition(round);
  events.push({ type: "roundStarted", round, sun, firstPlayer: s.firstPlayer });
  const ext = expansionOf(s.options);
  ext.roundStart(d, round, sun, events);
  const gains = lightGainsFor(s, sun);
  for (let seat = 0; seat < gains.length; seat++) {
    const { lost, light } = addLight(d.playerOnly(seat), gains[seat]);
    events.push({ type: "lightCollected", seat, amount: gains[seat], lost, light });
  }
  ext.afterLight(d, events);
}

export function endGame(d: Draft, events: GameEvent[]): void {
  d.s.phase = "ended";
  d.s.touched = [];
  expansionOf(d.s.options).endTurn(d);
  const scores = computeScores(d.s);
  events.push({ type: "gameEnded", scores, winners: winnersOf(scores) });
}
