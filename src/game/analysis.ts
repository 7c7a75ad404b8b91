/**
 * The coach (issue 23 item 5, docs/coach.md): once someone asks for a finished game's analysis
 * (and on demand in a practice game), every play-phase turn is reviewed by the strong search from
 * the acting seat's view (src/bots/coach.ts): the expected final score of every seat after the turn
 * played and after the best turn found, the points lost, and a mark.
 *
 * When: from the first ask for it (GET /analysis: the game page's history asks as it shows a
 * finished game), not at the game's end: a game nobody looks back at costs no review, which is a
 * few seconds of CPU a game (docs/coach.md). In the game's alarm (authority.ts), a slice at a
 * time, never inside a player's request.
 * A slice reviews turns in the game's order until it has spent `SLICE_WORK` policy turns (a count:
 * inside workerd the clock stands still during CPU work); between two slices the alarm pauses, so
 * the game's requests are answered meanwhile. The first alarm of a review stores its first slice at
 * once (the ask lives in memory: a stored slice carries the review through a restart); the next
 * reviews the rest of a finished game, up to `ALARM_SLICES` slices, and stores them as one row (store/analysis.ts):
 * a row and an alarm a slice were ≈ 38 of a 4-player game's rows written (issue 24). Each turn is
 * reviewed once and kept: a retried alarm finds it stored and goes on from there. Same game, same
 * analysis: the search is deterministic and its samples are seeded by the turn's ply, never by the
 * game's seed.
 *
 * Who sees what: a finished game's analysis is public like its log. In a practice game still in
 * play, a seated player may ask for it; they get their own turns only (a bot's review is made from
 * the bot's view, which may hold what theirs does not).
 */
import { reviewTurn } from "../bots/coach";
import {
  actionOf,
  applyEntry,
  computeScores,
  parseAction,
  viewFor,
  type Action,
  type GameState,
  type LogEntry,
} from "../engine";
import { M_END_TURN } from "../engine/fast";
import { isPractice } from "./bots";
import { startedState, type GameRecord } from "./model";
import { done, refuse, type Outcome } from "./outcome";
import type { LoggedEntry, Store } from "./store";

/** Points lost from which a turn is marked (and at least twice the playouts' standard error). */
export const MARKS = { inaccuracy: 3, mistake: 6, blunder: 10 } as const;
export type Mark = keyof typeof MARKS;

/** Policy turns played out per slice (its CPU budget, as a count, a few hundred ms); a slice reviews one turn at least. */
export const SLICE_WORK = 4000;

/** Slices one alarm reviews at most (a 4-player game's whole review is about 20: a few seconds of CPU). */
export const ALARM_SLICES = 32;

/** A play-phase turn as the log holds it, with the full state before it (server side only). */
export interface TurnToReview {
  /** The turn's number among the game's play-phase turns, from 0. */
  turn: number;
  seat: number;
  round: number;
  /** Its log entries (1-based indices, as GET /log numbers them). */
  first: number;
  last: number;
  before: GameState;
  codes: number[];
  /** The clock ended the turn (a timeout). */
  auto: boolean;
}

/** A stored review of one turn (the API's AnalysisTurn). */
export interface TurnReviewRecord {
  turn: number;
  seat: number;
  round: number;
  first: number;
  last: number;
  played: Action[];
  /** The best turn found (the turn played when nothing beats it). */
  best: Action[];
  /** Expected final score of every seat after the turn played, from the acting seat's view (null: not reviewable). */
  expected: number[] | null;
  bestExpected: number[] | null;
  /** Expected points of its own the seat lost against the best turn (≥ 0). */
  lost: number;
  /** The standard error of `lost` over the playouts. */
  spread: number;
  mark: Mark | null;
  auto: boolean;
}

const tenth = (x: number) => Math.round(x * 10) / 10;

/** The mark for `lost` points (± `spread`): the largest threshold reached, when the playouts are sure of it. */
export function markOf(lost: number, spread: number): Mark | null {
  if (lost < 2 * spread) return null;
  if (lost >= MARKS.blunder) return "blunder";
  if (lost >= MARKS.mistake) return "mistake";
  if (lost >= MARKS.inaccuracy) return "inaccuracy";
  return null;
}

/**
 * The game's play-phase turns, replayed from its log (with its seed): each from its first action
 * to its end of turn. A turn cut by a resignation or a seat taken over is left out (it was not
 * played to its end), and so is a turn not finished yet.
 */
export function turnsOf(g: GameRecord, entries: readonly LoggedEntry[]): TurnToReview[] {
  let state = startedState(g);
  const out: TurnToReview[] = [];
  let open: TurnToReview | null = null;
  for (const e of entries) {
    const type = (e.entry as { type?: string }).type;
    const action = type !== "resign" && type !== "takeOver";
    if (!action) open = null;
    else if (state.phase === "play") {
      const code = parseAction(e.entry);
      if (typeof code !== "number") throw new Error(`analysis: entry ${e.index} is no action`);
      if (!open || open.seat !== state.current)
        open = {
          turn: out.length,
          seat: state.current,
          round: state.round,
          first: e.index,
          last: e.index,
          before: state,
          codes: [],
          auto: false,
        };
      open.codes.push(code);
      open.last = e.index;
      if (e.timedOut) open.auto = true;
      if (code === M_END_TURN) {
        out.push(open);
        open = null;
      }
    }
    const step = applyEntry(state, e.seat === null ? e.entry : ({ ...e.entry, seat: e.seat } as LogEntry));
    if (!step.ok) throw new Error(`analysis: the log does not replay at entry ${e.index}`);
    state = step.state;
  }
  return out;
}

/** Review one turn from its seat's view; returns the record and the work it took. */
export function reviewOne(t: TurnToReview): { record: TurnReviewRecord; work: number } {
  const r = reviewTurn(viewFor(t.before, t.seat), t.codes, t.before.ply);
  const played = t.codes.map(actionOf);
  if (!r)
    return {
      record: {
        ...placeOf(t),
        played,
        best: played,
        expected: null,
        bestExpected: null,
        lost: 0,
        spread: 0,
        mark: null,
      },
      work: 0,
    };
  const lost = tenth(Math.max(0, r.bestScores[t.seat] - r.played[t.seat]));
  const spread = tenth(r.spread);
  return {
    record: {
      ...placeOf(t),
      played,
      best: r.playedIsBest ? played : r.best.map(actionOf),
      expected: r.played.map(tenth),
      bestExpected: r.bestScores.map(tenth),
      lost,
      spread,
      mark: r.playedIsBest ? null : markOf(lost, spread),
    },
    work: r.work,
  };
}

function placeOf(t: TurnToReview) {
  return { turn: t.turn, seat: t.seat, round: t.round, first: t.first, last: t.last, auto: t.auto };
}

/**
 * The coach inside the game's Durable Object: which turns wait for review, one slice from the
 * alarm, and the analysis as the API answers it. Holds the replayed turns in memory (replayed
 * again when the log has grown).
 */
export class Analysis {
  private plan: { logLength: number; turns: TurnToReview[] } | null = null;
  /** Turns reviewed and stored (null: not read since this object started). */
  private stored: number | null = null;
  /**
   * Someone asked for it: anyone, for a finished game; a seated player, for a practice game in play.
   * Kept until the object stops (a page asks again every 2 s while it waits); a finished game's
   * review, once a slice is stored, goes on without it.
   */
  private requested = false;
  /** A review threw: no more slices until the object starts again (the error is logged). */
  private failed = false;
  /** An alarm is reviewing (it pauses between slices). */
  private reviewing = false;

  constructor(
    private readonly store: Store,
    private readonly game: () => GameRecord | null,
  ) {}

  private turns(g: GameRecord): TurnToReview[] {
    if (!this.plan || this.plan.logLength !== g.logLength)
      this.plan = { logLength: g.logLength, turns: turnsOf(g, this.store.entries(0, Number.MAX_SAFE_INTEGER)) };
    return this.plan.turns;
  }

  private reviewed(): number {
    this.stored ??= this.store.analysis.reviewed();
    return this.stored;
  }

  private wanted(g: GameRecord): boolean {
    // (a finished game: asked for since this object started, or begun before it stopped)
    if (g.status === "finished") return this.requested || this.reviewed() > 0;
    return this.requested && g.status === "active" && isPractice(g);
  }

  /** Whether a slice is due (the alarm's schedule asks). */
  due(): boolean {
    const g = this.game();
    if (!g || this.failed || this.reviewing || !this.store.exists() || !this.wanted(g)) return false;
    return this.reviewed() < this.turns(g).length;
  }

  /**
   * The alarm's part: slices of the review, `pause()` between two (the game's requests go first),
   * kept as one row — one slice when nothing is stored yet or the game is in play, up to
   * `ALARM_SLICES` after.
   */
  async review(pause: () => Promise<void>): Promise<void> {
    // (Never two at once: nothing is due while one runs.)
    if (!this.due()) return;
    this.reviewing = true;
    const first = this.reviewed();
    // (A practice game in play keeps a slice an alarm: its bots play from the same alarm.)
    const slices = first === 0 || this.game()?.status !== "finished" ? 1 : ALARM_SLICES;
    const records: TurnReviewRecord[] = [];
    let work = 0;
    let i = first;
    try {
      for (let s = 0; s < slices; s++) {
        if (s > 0) await pause();
        // (A practice game may have moved during the pause: its turns so far, the reviewed ones unchanged.)
        const g = this.game();
        const turns = g ? this.turns(g) : [];
        if (i >= turns.length) break;
        const start = i;
        let sliceWork = 0;
        for (; i < turns.length && (i === start || sliceWork < SLICE_WORK); i++) {
          const r = reviewOne(turns[i]);
          records.push(r.record);
          sliceWork += r.work;
        }
        work += sliceWork;
      }
    } catch (e) {
      this.failed = true;
      throw e;
    } finally {
      // What was reviewed is kept, even when a later turn's review threw.
      if (records.length) {
        this.store.analysis.add({
          first,
          last: i,
          version: this.game()!.version,
          work,
          reviews: JSON.stringify(records),
        });
        this.stored = i;
      }
      this.reviewing = false;
    }
  }

  /**
   * The analysis for GET /analysis: of a finished game (anyone); of a practice game in play for
   * its seated player `seat` (their turns only; the room checked the seat). 202 with the progress
   * while turns wait (the alarm is asked for by the room), 200 once every turn so far is reviewed.
   */
  read(g: GameRecord, seat: number | null): Outcome {
    if (g.status === "finished") this.requested = true;
    else {
      if (!isPractice(g))
        return refuse("GAME_NOT_OVER", "The coach reviews a game once it is over (practice games: at any time).", {
          status: g.status,
        });
      if (g.status !== "active") return refuse("GAME_NOT_ACTIVE", "The game has not started.");
      this.requested = true;
    }
    const total = this.turns(g).length;
    const reviewed = Math.min(this.reviewed(), total);
    const finished = g.status === "finished";
    if (reviewed < total) {
      if (this.failed) return refuse("INTERNAL", "The analysis of this game failed.");
      return done({ gameId: g.id, status: "running", reviewed, total }, "accepted");
    }
    const all = this.store.analysis.all().flatMap((r) => JSON.parse(r.reviews) as TurnReviewRecord[]);
    const turns = finished ? all : all.filter((t) => t.seat === seat);
    return done({
      gameId: g.id,
      status: "ready",
      complete: finished,
      version: g.version,
      reviewed,
      total,
      marks: MARKS,
      seats: g.seats.map((s, i) => ({ seat: i, name: s.name, bot: s.bot ?? null })),
      final: finished && g.state ? computeScores(g.state).map((s) => s.total) : null,
      turns,
    });
  }
}
