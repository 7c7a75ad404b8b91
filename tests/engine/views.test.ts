/**
 * Total on views (issue 10, item 3): every engine function takes any state the engine or `viewFor`
 * produced, for any seat and the spectator, and answers without throwing — also after actions are
 * applied to a view, as the game page does while a turn is planned; on the acting seat's view the
 * legal actions equal those of the full state. And `replayView` rebuilds, from the log a viewer
 * receives (viewEntry, viewEvents) and no seed, exactly what that viewer saw at every ply.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actionOf,
  applyAction,
  applyMove,
  computeScores,
  createGame,
  gameWinners,
  legalActions,
  legalMoves,
  lightReport,
  moonReport,
  nextToken,
  fromNotation,
  replayView,
  resign,
  setupProgress,
  toNotation,
  viewEntry,
  viewEvents,
  viewFor,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
  type ViewerLogEntry,
} from "../../src/engine";
import { nextInt } from "../../src/engine/rng";

const MODES: GameOptionsInput["moonlight"][] = [
  undefined,
  true,
  { greatTree: true },
  { moonstones: true },
  { greatTree: true, moonstones: true },
];

/** Everything a client may ask of a state; throws if any of it does. */
function askEverything(s: GameState): void {
  legalActions(s);
  lightReport(s);
  lightReport(s, (s.round + 1) % 6);
  computeScores(s);
  setupProgress(s);
  gameWinners(s);
  nextToken(s, 4);
  const text = toNotation(s);
  const back = fromNotation(text);
  if (!back.ok) throw new Error(`notation of a view does not parse: ${back.error.message}`);
  if (s.moon) moonReport(s);
}

/** Plan up to `n` random legal actions on a view, asking everything after each. */
function plan(view: GameState, n: number, rng: number): number {
  let s = view;
  let r = rng;
  for (let i = 0; i < n && s.phase !== "ended"; i++) {
    const legal = legalActions(s);
    if (legal.length === 0) break;
    const d = nextInt(r, legal.length);
    r = d.rng;
    const step = applyAction(s, legal[d.value]);
    if (!step.ok) throw new Error(`a view refused its own legal action: ${step.error.code}`);
    s = step.state;
    askEverything(s);
  }
  return r;
}

describe("views are total", () => {
  it("every function answers on every view, after planned actions too; the acting seat's view has the full state's legal actions", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 2, max: 4 }), fc.nat(), (mode, players, seed) => {
        const created = createGame({ players, seed, moonlight: MODES[mode] });
        if (!created.ok) throw new Error(created.error.message);
        let s = created.state;
        let r = (seed ^ 0x5bd1e995) >>> 0;
        let step = 0;
        while (s.phase !== "ended") {
          if (step++ % 7 === 0) {
            for (const viewer of [null, ...s.players.map((_, i) => i)]) {
              const v = viewFor(s, viewer);
              askEverything(v);
              if (viewer === s.current) {
                expect(legalActions(v)).toEqual(legalActions(s));
                r = plan(v, 8, r);
              }
            }
          }
          const legal = legalMoves(s);
          const d = nextInt(r, legal.length);
          r = d.rng;
          const next = applyMove(s, legal[d.value]);
          if (!next.ok) throw new Error(next.error.message);
          s = next.state;
        }
        for (const viewer of [null, 0]) askEverything(viewFor(s, viewer));
      }),
      { numRuns: 30, seed: 10 },
    );
  }, 60_000); // 30 games, every view after every action: ~2–3 s alone, more on a busy machine

  it("a hatch planned on the turtle's own view (the baby unknown there) leaves a state every function answers on", () => {
    let found = 0;
    for (let seed = 0; found < 3 && seed < 400; seed++) {
      const created = createGame({ players: 4, seed, moonlight: { greatTree: true } });
      if (!created.ok) throw new Error(created.error.message);
      let s = created.state;
      let r = seed;
      while (s.phase !== "ended") {
        const hatch = legalActions(s).find((a) => a.type === "ability" && a.ability === "hatch");
        if (hatch) {
          const planned = applyAction(viewFor(s, s.current), hatch);
          expect(planned.ok).toBe(true);
          if (planned.ok) {
            expect(planned.events.find((e) => e.type === "babyHatched")).toMatchObject({ baby: null });
            askEverything(planned.state);
            expect(legalActions(planned.state).length).toBeGreaterThan(0);
          }
          found++;
          break;
        }
        const legal = legalMoves(s);
        const d = nextInt(r, legal.length);
        r = d.rng;
        const next = applyMove(s, legal[d.value]);
        if (!next.ok) throw new Error(next.error.message);
        s = next.state;
      }
    }
    expect(found).toBe(3);
  });
});

/** A view with what a replay cannot know of the deals left out (they are shown only while a seat chooses). */
const withoutDeals = (s: GameState): GameState =>
  s.moon ? { ...s, moon: { ...s.moon, players: s.moon.players.map((p) => ({ ...p, deal: null })) } } : s;

describe("replayView", () => {
  it("rebuilds from a viewer's log (no seed) exactly what that viewer saw at every ply", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 2, max: 4 }), fc.nat(), (mode, players, seed) => {
        const created = createGame({ players, seed, moonlight: MODES[mode] });
        if (!created.ok) throw new Error(created.error.message);
        const states = [created.state];
        const log: { entry: unknown; seat: number | null; events: GameEvent[] }[] = [];
        let s = created.state;
        let r = (seed ^ 0x1234567) >>> 0;
        while (s.phase !== "ended" && log.length < 400) {
          const d = nextInt(r, 200);
          r = d.rng;
          // now and then a seat resigns (any seat, any time), as in the service's log
          if (d.value === 0 && s.players.filter((p) => !p.resigned).length > 1) {
            const seat = s.players.findIndex((p) => !p.resigned);
            const res = resign(s, seat);
            if (!res.ok) throw new Error(res.error.message);
            log.push({ entry: { type: "resign", seat }, seat: null, events: res.events });
            s = res.state;
          } else {
            const legal = legalMoves(s);
            const pick = nextInt(r, legal.length);
            r = pick.rng;
            const actor = s.current;
            const next = applyMove(s, legal[pick.value]);
            if (!next.ok) throw new Error(next.error.message);
            log.push({ entry: actionOf(legal[pick.value]), seat: actor, events: next.events });
            s = next.state;
          }
          states.push(s);
        }
        const ended = s.phase === "ended";
        for (const viewer of [null, ...s.players.map((_, i) => i)]) {
          const seen: ViewerLogEntry[] = log.map((l) => ({
            seat: l.seat,
            entry: viewEntry(l.entry, l.seat, viewer, ended),
            events: viewEvents(l.events, viewer, ended),
          }));
          const replayed = replayView(viewFor(created.state, viewer).options, seen, viewer);
          if (!replayed.ok) throw new Error(`entry ${replayed.index}: ${replayed.error.message}`);
          expect(replayed.states).toHaveLength(states.length);
          states.forEach((real, i) => {
            if (real.phase === "ended") return; // an ended game shows everything: replay it with its seed (replayStates)
            expect(withoutDeals(replayed.states[i]), `ply ${i}, viewer ${viewer}`).toEqual(
              withoutDeals(viewFor(real, viewer)),
            );
          });
        }
      }),
      { numRuns: 25, seed: 7 },
    );
  }, 60_000); // 25 games × every viewer × every ply compared deeply: ~5 s alone, more on a busy machine
});
