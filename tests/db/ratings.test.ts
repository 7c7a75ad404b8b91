/**
 * Ratings: openskill's Plackett–Luce updates checked against the model worked out by hand (Weng &
 * Lin 2011, Algorithm 4, with openskill's defaults), and the D1 side: once per game, whatever the
 * outbox replays, and never two games built on the same previous rating.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { db, syncGame } from "../../src/db/queries";
import {
  displayRating,
  isRated,
  placesOf,
  rateGame,
  ratingStatements,
  ratingsOf,
  type Skill,
} from "../../src/db/ratings";
import type { GameSnapshot } from "../../src/db/snapshot";

const BETA = 25 / 6;
const TAU = 25 / 300;
const KAPPA = 1e-4;

/**
 * Plackett–Luce for players who are teams of one, written out from the paper: σ first grows by τ;
 * c² = Σ(σᵢ² + β²); for each player i and each q placed no worse than i (ties share the sums, each
 * counted 1/Aq where Aq is the size of q's tie):
 *   Ĉq = Σ over s placed no better than q of exp(μs/c)
 *   Ωi = σᵢ²/c · Σq (1[i=q] − exp(μᵢ/c)/Ĉq)/Aq
 *   Δi = (σᵢ/c) · σᵢ²/c² · Σq exp(μᵢ/c)/Ĉq · (1 − exp(μᵢ/c)/Ĉq)/Aq
 *   μᵢ' = μᵢ + Ωi,  σᵢ' = σᵢ·√max(1 − Δi, κ)
 */
function byHand(before: Skill[], places: number[]): Skill[] {
  const s = before.map((p) => ({ mu: p.mu, sigma: Math.sqrt(p.sigma ** 2 + TAU ** 2) }));
  const c = Math.sqrt(s.reduce((n, p) => n + p.sigma ** 2 + BETA ** 2, 0));
  const e = s.map((p) => Math.exp(p.mu / c));
  const sumQ = places.map((pq) => places.reduce((n, ps, k) => (ps >= pq ? n + e[k] : n), 0));
  const a = places.map((pq) => places.filter((p) => p === pq).length);
  return s.map((p, i) => {
    let omega = 0;
    let delta = 0;
    places.forEach((pq, q) => {
      if (pq > places[i]) return;
      const quotient = e[i] / sumQ[q];
      omega += ((i === q ? 1 : 0) - quotient) / a[q];
      delta += (quotient * (1 - quotient)) / a[q];
    });
    const sq = p.sigma ** 2;
    return {
      mu: p.mu + (sq / c) * omega,
      sigma: p.sigma * Math.sqrt(Math.max(1 - (p.sigma / c) * (sq / c ** 2) * delta, KAPPA)),
    };
  });
}

const fresh = (): Skill => ({ mu: 25, sigma: 25 / 3 });

function expectClose(actual: Skill[], expected: Skill[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((s, i) => {
    expect(s.mu).toBeCloseTo(expected[i].mu, 10);
    expect(s.sigma).toBeCloseTo(expected[i].sigma, 10);
  });
}

describe("rating updates (Weng-Lin, Plackett–Luce)", () => {
  it("two new players, one wins: the numbers worked out on paper", () => {
    // σ' = √((25/3)² + (25/300)²); c = √(2(σ'² + β²)); both e equal, so the winner's only term is
    // 1 − ½ and the loser's −½ + 0: μ ± σ'²/(2c); σ'' = σ'·√(1 − ¼·σ'³/c³).
    const [w, l] = rateGame([fresh(), fresh()], [1, 2]);
    expect(w.mu).toBeCloseTo(27.635389493140497, 10);
    expect(l.mu).toBeCloseTo(22.364610506859503, 10);
    expect(w.sigma).toBeCloseTo(8.06590141354368, 10);
    expect(l.sigma).toBeCloseTo(8.06590141354368, 10);
    expect([displayRating(w), displayRating(l)]).toEqual([1138, 927]);
  });

  it("two players tied: equal players stay equal, only σ shrinks", () => {
    const [a, b] = rateGame([fresh(), fresh()], [1, 1]);
    expectClose([a, b], byHand([fresh(), fresh()], [1, 1]));
    expect(a.mu).toBeCloseTo(25, 10);
    expect(a.sigma).toBeLessThan(25 / 3);
  });

  it("three players, two tied for second; and an upset of a stronger player", () => {
    const before = [fresh(), fresh(), fresh()];
    expectClose(rateGame(before, [1, 2, 2]), byHand(before, [1, 2, 2]));
    const uneven = [
      { mu: 31.2, sigma: 3.1 },
      { mu: 24, sigma: 6 },
      { mu: 19.5, sigma: 7.9 },
    ];
    const after = rateGame(uneven, [3, 1, 2]);
    expectClose(after, byHand(uneven, [3, 1, 2]));
    expect(after[0].mu).toBeLessThan(31.2);
    expect(after[1].mu).toBeGreaterThan(24);
  });

  it("four players with ties at the top and at the bottom, seats given in any order", () => {
    const before = [
      { mu: 27, sigma: 5 },
      { mu: 22, sigma: 7 },
      { mu: 25, sigma: 25 / 3 },
      { mu: 30, sigma: 2.5 },
    ];
    for (const places of [
      [1, 1, 3, 3],
      [3, 1, 3, 1],
      [4, 2, 2, 1],
      [1, 2, 3, 4],
    ])
      expectClose(rateGame(before, places), byHand(before, places));
  });

  it("resigned seats (a resignation, or too many timeouts) are last, tied with each other", () => {
    expect(
      placesOf([
        { rank: 1, resigned: false },
        { rank: 3, resigned: true },
        { rank: 2, resigned: false },
        { rank: 4, resigned: true },
      ]),
    ).toEqual([1, 3, 2, 3]);
    expect(
      placesOf([
        { rank: 2, resigned: false },
        { rank: 1, resigned: false },
      ]),
    ).toEqual([2, 1]);
  });
});

let n = 0;
function snapshot(players: string[], places: { score: number; rank: number; resigned?: boolean }[], opts = {}) {
  const id = `rt${(++n).toString().padStart(4, "0")}${Math.random().toString(36).slice(2, 8)}`;
  const snap: GameSnapshot = {
    game: {
      id,
      status: "finished",
      seats: players.length,
      options: {
        seats: players.length,
        longGame: false,
        heavyShade: false,
        moveTimeSeconds: null,
        firstPlayer: null,
        rated: true,
        ...opts,
      },
      createdBy: players[0],
      createdAt: 1_000,
      startedAt: 2_000,
      endedAt: 3_000 + n,
      round: 3,
      toAct: null,
      version: 50,
    },
    players: players.map((playerId, seat) => ({ seat, playerId })),
    result: {
      rounds: 3,
      actionCount: 80,
      startedAt: 2_000,
      endedAt: 3_000 + n,
      winners: places.flatMap((p, seat) => (p.rank === 1 && !p.resigned ? [seat] : [])),
      seats: players.map((playerId, seat) => ({
        seat,
        playerId,
        score: places[seat].score,
        tokens: [],
        light: 0,
        rank: places[seat].rank,
        resigned: places[seat].resigned ?? false,
      })),
    },
  };
  return snap;
}

const uid = (name: string) => `${name}${Math.random().toString(36).slice(2, 10)}`.slice(0, 12).padEnd(12, "0");

async function historyCount(gameId: string) {
  const r = await env.DB.prepare("SELECT count(*) AS n FROM rating_history WHERE game_id = ?")
    .bind(gameId)
    .first<{ n: number }>();
  return r?.n ?? 0;
}

describe("ratings in D1", () => {
  it("a rated game moves its players' ratings once, whatever the outbox replays", async () => {
    const [ann, bob, cat] = [uid("ann"), uid("bob"), uid("cat")];
    const snap = snapshot(
      [ann, bob, cat],
      [
        { score: 40, rank: 1 },
        { score: 30, rank: 2 },
        { score: 50, rank: 3, resigned: true },
      ],
    );
    await syncGame(db(env.DB), snap);
    const expected = rateGame([fresh(), fresh(), fresh()], [1, 2, 3]);
    const annR = await ratingsOf(db(env.DB), ann);
    expect(annR).toHaveLength(1);
    expect(annR[0]).toMatchObject({ ladder: "base", games: 1, wins: 1, provisional: true });
    expect(annR[0].mu).toBeCloseTo(expected[0].mu, 10);
    expect(annR[0].rating).toBe(displayRating(expected[0]));
    // The resigned seat is last though it scored most.
    const catR = await ratingsOf(db(env.DB), cat);
    expect(catR[0].mu).toBeCloseTo(expected[2].mu, 10);
    expect(catR[0].wins).toBe(0);

    // The outbox delivers the same end again (a retry after a lost answer, twice at once even).
    await Promise.all([syncGame(db(env.DB), snap), syncGame(db(env.DB), snap)]);
    await syncGame(db(env.DB), snap);
    expect(await historyCount(snap.game.id)).toBe(3);
    const again = await ratingsOf(db(env.DB), ann);
    expect(again).toEqual(annR);
  });

  it("two games of one player rated from the same previous rating: the second batch fails whole, its retry builds on the first", async () => {
    const [ann, bob, cat] = [uid("ann"), uid("bob"), uid("cat")];
    const g1 = snapshot(
      [ann, bob],
      [
        { score: 40, rank: 1 },
        { score: 30, rank: 2 },
      ],
    );
    const g2 = snapshot(
      [cat, ann],
      [
        { score: 40, rank: 1 },
        { score: 30, rank: 2 },
      ],
    );
    const d = db(env.DB);
    // Both read Ann's rating before either commits.
    const s1 = await ratingStatements(d, g1);
    const s2 = await ratingStatements(d, g2);
    expect(s1.length).toBe(4);
    await d.batch(s1 as [never, ...never[]]);
    await expect(async () => await d.batch(s2 as [never, ...never[]])).rejects.toThrow();
    expect(await historyCount(g2.game.id)).toBe(0);
    // The outbox's retry: reads again, and Ann's second game starts from her first's result.
    await syncGame(d, g2);
    const [a1] = rateGame([fresh(), fresh()], [1, 2]);
    const [, a2] = rateGame([fresh(), a1], [1, 2]);
    const [annNow] = await ratingsOf(d, ann);
    expect(annNow.games).toBe(2);
    expect(annNow.mu).toBeCloseTo(a2.mu, 10);
    expect(annNow.sigma).toBeCloseTo(a2.sigma, 10);
  });

  it("unrated games, bot games and Moonlight games: no rating, or the Moonlight ladder", async () => {
    const [ann, bob] = [uid("ann"), uid("bob")];
    const places = [
      { score: 40, rank: 1 },
      { score: 30, rank: 2 },
    ];
    const friendly = snapshot([ann, bob], places, { rated: false });
    const withBot = snapshot([ann, bob], places, { bots: [{ seat: 1, level: "easy" }] });
    const oldGame = snapshot([ann, bob], places, { rated: undefined });
    // A practice game: a bot took a seat (the game's mark, and the seat's).
    const practice = snapshot([ann, bob], places);
    Object.assign(practice.game, { practice: true });
    const botSeat = snapshot([ann, bob], places);
    Object.assign(botSeat.players[1], { bot: "easy" });
    expect([friendly, withBot, oldGame, practice, botSeat].map(isRated)).toEqual([false, false, false, false, false]);
    expect(isRated(snapshot([ann, bob], places))).toBe(true);
    for (const s of [friendly, withBot, oldGame, practice, botSeat]) await syncGame(db(env.DB), s);
    expect(await ratingsOf(db(env.DB), ann)).toEqual([]);
    const moon = snapshot([ann, bob], places, { moonlight: { greatTree: false, moonstones: false } });
    await syncGame(db(env.DB), moon);
    const r = await ratingsOf(db(env.DB), bob);
    expect(r.map((x) => x.ladder)).toEqual(["moonlight"]);
  });
});
