/**
 * The coach's search (src/bots/coach.ts, docs/coach.md): a turn's review is made from the acting
 * seat's view alone (twin states that differ only in what the seat cannot see get the same
 * review), is deterministic, never finds the turn played better than its best, and sees a turn
 * that throws points away as costing them.
 */
import { describe, expect, it } from "vitest";
import { actionOf, applyMove, legalMoves, viewFor, type GameState } from "../../src/engine";
import { ANIMAL_NAMES, BABY_NAMES } from "../../src/engine/moonlight";
import { M_END_TURN } from "../../src/engine/fast";
import {
  bestTurnFromView,
  judgeTurns,
  STRONG_SEARCH,
  STRONG_SEARCH_MULTI,
  strongSearch,
  turnCodes,
  WEIGHTS,
} from "../../src/bots";
import { COACH_BUDGET, COACH_BUDGET_MULTI, coachBudget, reviewTurn } from "../../src/bots/coach";
import { judgeFromView, searchTurn } from "../../src/bots/search";
import { randomPosition } from "./support";

/** The same state with everything the seat to act cannot see changed (as tests/bots/fair.test.ts). */
function twin(state: GameState): GameState {
  const t = structuredClone(state);
  t.options.seed = (state.options.seed ^ 0x5bd1e995) >>> 0;
  t.rng = (state.rng ^ 0x27d4eb2f) >>> 0;
  const m = t.moon;
  if (m) {
    const hidden = [...m.nests.map((n) => n.baby), ...m.box];
    const rotated = hidden.map((_, i) => hidden[(i + 1) % hidden.length]);
    m.nests.forEach((n, i) => (n.baby = rotated[i] ?? BABY_NAMES[i]));
    m.box = rotated.slice(m.nests.length);
    m.players.forEach((p, s) => {
      if (s !== state.current && p.deal) p.deal = p.deal.map((a) => ANIMAL_NAMES[(ANIMAL_NAMES.indexOf(a) + 3) % 8]);
    });
  }
  return t;
}

/** Play-phase positions in the game's second half (their playouts are short), base and Moonlight. */
function cases(): GameState[] {
  const out: GameState[] = [];
  const kinds = [
    { options: { players: 2 }, plies: 90 },
    { options: { players: 3, moonlight: true }, plies: 180 },
    { options: { players: 2, moonlight: { greatTree: true } }, plies: 110 },
  ];
  for (let i = 0; i < 6; i++) {
    const k = kinds[i % 3];
    const s = randomPosition(k.options, 900 + i, k.plies + 3 * i);
    if (s.phase === "play") out.push(s);
  }
  return out;
}

const small = { ...COACH_BUDGET, candidates: 3, playouts: 2 };

describe("the coach's review of a turn", () => {
  const all = cases();

  it("has play positions to review, Moonlight ones with hidden parts among them", () => {
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.filter((s) => s.moon).length).toBeGreaterThanOrEqual(2);
    for (const s of all) expect(JSON.stringify(twin(s))).not.toBe(JSON.stringify(s));
  });

  it("the same review from twin states (what the seat cannot see changes nothing), and again the same", () => {
    for (const s of all) {
      const seat = s.current;
      const played = turnCodes(viewFor(s, seat), "easy", 5);
      expect(viewFor(twin(s), seat)).toEqual(viewFor(s, seat));
      const a = reviewTurn(viewFor(s, seat), played, s.ply, small);
      const b = reviewTurn(viewFor(twin(s), seat), played, s.ply, small);
      expect(a).not.toBeNull();
      expect(b).toEqual(a);
      expect(reviewTurn(viewFor(s, seat), played, s.ply, small)).toEqual(a);
    }
  }, 120_000);

  it("the best turn is never worse for the seat than the turn played, and it ends with the end of turn", () => {
    for (const s of all) {
      const seat = s.current;
      const r = reviewTurn(viewFor(s, seat), [M_END_TURN], s.ply, small)!;
      expect(r.bestScores[seat]).toBeGreaterThanOrEqual(r.played[seat]);
      expect(r.best.at(-1)).toBe(M_END_TURN);
      expect(r.played).toHaveLength(s.options.players);
      if (r.playedIsBest) expect(r.best).toEqual([M_END_TURN]);
    }
  }, 120_000);

  it("a turn that throws a tree's points away is seen to cost them", () => {
    // the last round: a large tree can be collected; ending the turn instead loses its token
    let s = randomPosition({ players: 2 }, 4242, 0);
    for (let k = 0; k < 400 && s.phase !== "ended"; k++) {
      const collect = legalMoves(s).some((m) => actionOf(m).type === "collect");
      if (s.phase === "play" && s.round === 18 && collect) break;
      for (const code of turnCodes(viewFor(s, s.current), "medium", k)) {
        const r = applyMove(s, code);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
    }
    expect(s.phase).toBe("play");
    const seat = s.current;
    const r = reviewTurn(viewFor(s, seat), [M_END_TURN], s.ply, small)!;
    expect(r.playedIsBest).toBe(false);
    expect(r.bestScores[seat] - r.played[seat]).toBeGreaterThanOrEqual(10);
  }, 60_000);
});

describe("the coach searches as the strong level does for the game's player count", () => {
  /**
   * A 4-player position in the last rounds (short playouts) with several turns worth judging; the
   * seed and plies of one where the 2-player and the 3–4 player searches choose differently.
   */
  function late4p(seed = 63, plies = 190): GameState {
    const s = randomPosition({ players: 4 }, seed, plies);
    expect(s.phase).toBe("play");
    expect(s.round).toBeGreaterThanOrEqual(14);
    return s;
  }

  it("the strong level's playouts per candidate: STRONG_SEARCH in 2 players, STRONG_SEARCH_MULTI in 3–4", () => {
    expect(strongSearch(2)).toBe(STRONG_SEARCH);
    expect(strongSearch(3)).toBe(STRONG_SEARCH_MULTI);
    expect(strongSearch(4)).toBe(STRONG_SEARCH_MULTI);
    expect(coachBudget(2)).toBe(COACH_BUDGET);
    expect(COACH_BUDGET.playouts).toBe(STRONG_SEARCH.samples);
    expect(coachBudget(3).playouts).toBe(STRONG_SEARCH_MULTI.samples);
    expect(coachBudget(4).playouts).toBe(STRONG_SEARCH_MULTI.samples);
    // (the 3–4 player search counts the rank; the 2-player one keeps more candidates for more playouts)
    expect(STRONG_SEARCH_MULTI.rankBonus).toBeGreaterThan(0);
    expect(STRONG_SEARCH.rankBonus ?? 0).toBe(0);
    expect(STRONG_SEARCH_MULTI.keep).toBeLessThan(STRONG_SEARCH.keep);
  });

  it("a 4-player turn's review (as the game's alarm asks for it: no budget given) plays the 3–4 player playouts", () => {
    const s = late4p();
    const view = viewFor(s, s.current);
    const played = turnCodes(view, "easy", 3);
    const r = reviewTurn(view, played, s.ply)!;
    expect(r).not.toBeNull();
    expect(r).toEqual(reviewTurn(view, played, s.ply, COACH_BUDGET_MULTI));
    // fewer playouts of the same futures are less work: the review above played the budget's count
    expect(r.work).toBeGreaterThan(
      reviewTurn(view, played, s.ply, { ...COACH_BUDGET_MULTI, playouts: COACH_BUDGET_MULTI.playouts - 2 })!.work,
    );
  }, 60_000);

  it("judgeTurns and bestTurnFromView in 4 players: the strong level's 3–4 player search, deterministic", () => {
    const s = late4p(64, 170);
    const view = viewFor(s, s.current);
    const best = bestTurnFromView(view, 7);
    expect(best).toEqual(searchTurn(view, 7, WEIGHTS, STRONG_SEARCH_MULTI));
    expect(best).not.toEqual(searchTurn(view, 7, WEIGHTS, STRONG_SEARCH));
    expect(bestTurnFromView(viewFor(s, s.current), 7)).toEqual(best);
    const turns = [best.turn, [M_END_TURN]];
    const judged = judgeTurns(view, turns, 7);
    const playouts = STRONG_SEARCH_MULTI.samples + STRONG_SEARCH_MULTI.more;
    expect(judged).toEqual(judgeFromView(view, turns, 7, WEIGHTS, STRONG_SEARCH_MULTI, playouts));
    expect(judged).toHaveLength(2);
    expect(judged[0]).toHaveLength(4);
  }, 60_000);
});
