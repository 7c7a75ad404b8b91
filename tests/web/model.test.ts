/** The game page's view-model: what the page shows for a given position. */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  actionOf,
  applyAction,
  cellByLabel,
  cellIndex,
  createGame,
  legalActions,
  randomGame,
  type Action,
  type GameState,
} from "../../src/engine";
import {
  boardHighlights,
  columns,
  logActions,
  newPlan,
  planToSave,
  readSavedPlan,
  turnOf,
  planRedo,
  planUndo,
  playerPanels,
  roundInfo,
  seatOf,
  stacksView,
  tokenFor,
  vacationOf,
  awayHours,
  buyChoices,
  type Plan,
} from "../../web/src/game/model";
import { cellFocus, planAdd, planState, rebase, restorePlan, turnToSubmit } from "../../web/src/game/plan";
import { replayStates } from "../../web/src/game/history";
import type { GameView, LogEntryView } from "../../web/src/types";
import { gameView } from "./game-view";

function start(players = 2, extra: { longGame?: boolean } = {}): GameState {
  const c = createGame({ players, seed: 7, firstPlayer: 0, ...extra });
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

function play(s: GameState, ...actions: Action[]): GameState {
  for (const a of actions) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    s = r.state;
  }
  return s;
}

/** A cell's coordinates by its label ("a1"). */
const at = (label: string) => ({ ...CELLS[cellByLabel(label)] });

/** 2 players after setup: a on a1 and g4, b on a4 and g1; round 1, seat a to act. */
function afterSetup(): GameState {
  return play(
    start(2),
    { type: "place", cell: at("a1") },
    { type: "place", cell: at("a4") },
    { type: "place", cell: at("g4") },
    { type: "place", cell: at("g1") },
  );
}

const view = (state: GameState, you: number | null = 0, seats: Partial<GameView["seats"][number]>[] = []) =>
  gameView(state, { you, seats });

describe("round and sun", () => {
  it("describes setup", () => {
    const s = play(start(3), { type: "place", cell: at("a1") });
    const info = roundInfo(s);
    expect(info).toMatchObject({
      phase: "setup",
      setupDone: 1,
      setupTotal: 6,
      sun: 0,
      nextSun: 1,
      rounds: 18,
      revolutions: 3,
    });
  });

  it("counts rounds and revolutions, the sun now and next", () => {
    const s = afterSetup();
    expect(roundInfo(s)).toMatchObject({ phase: "play", round: 1, revolution: 1, sun: 0, nextSun: 1 });
    expect(roundInfo({ ...s, round: 7 })).toMatchObject({ revolution: 2, sun: 0, nextSun: 1 });
    expect(roundInfo({ ...s, round: 6 })).toMatchObject({ revolution: 1, sun: 5, nextSun: 0 });
    expect(roundInfo({ ...s, round: 18 })).toMatchObject({ revolution: 3, nextSun: null });
    const long = start(2, { longGame: true });
    expect(roundInfo({ ...long, phase: "play", round: 19 })).toMatchObject({
      rounds: 24,
      revolution: 4,
      revolutions: 4,
    });
  });
});

describe("player panels", () => {
  it("shows the starting player board with next prices", () => {
    const s = afterSetup();
    const panels = playerPanels(view(s), s);
    expect(panels).toHaveLength(2);
    const a = panels[0];
    expect(a.name).toBe("Ann");
    expect(a.isYou).toBe(true);
    expect(a.toAct).toBe(true);
    expect(a.firstPlayer).toBe(true);
    expect(a.board.map((c) => [c.count, c.slots, c.price])).toEqual([
      [4, 4, 1],
      [4, 4, 2],
      [3, 3, 3],
      [2, 2, 4],
    ]);
    expect(a.available).toEqual([2, 2, 1, 0]);
    expect(panels[1].isYou).toBe(false);
  });

  it("updates the price after a purchase and marks the emptied slot", () => {
    let s = afterSetup();
    s = { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, light: 15 } : p)) };
    s = play(s, { type: "buy", piece: "seed" }, { type: "buy", piece: "seed" }, { type: "buy", piece: "large" });
    const cols = columns(s.players[0]);
    expect(cols[0]).toMatchObject({ count: 2, price: 2 });
    expect(cols[0].costs.map((c) => c.filled)).toEqual([false, false, true, true]);
    expect(cols[3]).toMatchObject({ count: 1, price: 5 });
    expect(s.players[0].light).toBe(15 - 1 - 1 - 4);
    s = play(s, { type: "buy", piece: "large" });
    expect(columns(s.players[0])[3].price).toBeNull();
  });

  it("previews next round's light and the score so far", () => {
    const s = afterSetup();
    const panels = playerPanels(view(s), s);
    // Round 2's sun is in the east: shadows fall west. Small trees on edge cells.
    for (const p of panels) expect(p.nextLight).toBeGreaterThanOrEqual(0);
    expect(panels[0].score).toBe(Math.floor(s.players[0].light / 3));
    const { state: ended } = randomGame({ players: 3, seed: 5 }, 5);
    const done = playerPanels({ ...view(ended), winners: [0] }, ended);
    expect(done.every((p) => p.nextLight === null && p.rank !== null)).toBe(true);
  });
});

describe("scoring stacks", () => {
  it("lists the stacks from 4 leaves down, without the 4-leaf stack for 2 players", () => {
    const two = stacksView(start(2));
    expect(two.map((x) => [x.leaves, x.left, x.top])).toEqual([
      [4, 0, null],
      [3, 5, 19],
      [2, 7, 17],
      [1, 9, 14],
    ]);
    const four = stacksView(start(4));
    expect(four[0]).toMatchObject({ leaves: 4, left: 3, top: 22, values: [22, 21, 20] });
  });

  it("predicts the token a collection would take, with the fallback to lower stacks", () => {
    const s = start(2);
    expect(tokenFor(s, 4)).toEqual({ leaves: 3, value: 19 });
    expect(tokenFor({ ...s, stacks: [9, 0, 0, 0] }, 3)).toEqual({ leaves: 1, value: 14 });
    expect(tokenFor({ ...s, stacks: [0, 0, 0, 0] }, 2)).toBeNull();
  });
});

describe("what a chosen cell offers", () => {
  it("offers every empty edge cell during setup", () => {
    const s = start(2);
    const legal = legalActions(s);
    expect(cellFocus(s, legal, "a1").choices).toEqual([
      {
        kind: "place",
        action: legal.find((a) => a.type === "place" && a.cell.q === at("a1").q && a.cell.r === at("a1").r),
        cell: "a1",
      },
    ]);
    expect(cellFocus(s, legal, "d4").choices).toEqual([]);
  });

  it("offers grow with its cost, and plant targets within the tree's range", () => {
    let s = afterSetup();
    s = { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, light: 6 } : p)) };
    const legal = legalActions(s);
    const f = cellFocus(s, legal, "a1");
    expect(f.choices).toEqual([expect.objectContaining({ kind: "grow", cell: "a1", from: 1, to: 2, cost: 2 })]);
    // A small tree plants on empty neighbours: a2, b1, b2.
    expect(f.targets.sort()).toEqual(["a2", "b1", "b2"]);
    // An empty target cell offers the planting from its sources.
    expect(cellFocus(s, legal, "b2").choices).toEqual([
      expect.objectContaining({ kind: "plant", from: "a1", to: "b2", cost: 1 }),
    ]);
    // Not your piece: nothing.
    expect(cellFocus(s, legal, "a4").choices).toEqual([]);
  });

  it("offers collect with the token it would take", () => {
    const s0 = afterSetup();
    const cells = s0.cells.slice();
    cells[cellIndex(0, 0)] = 1 + 0 * 4 + 3;
    const s = { ...s0, cells, players: s0.players.map((p, i) => (i === 0 ? { ...p, light: 8 } : p)) };
    const legal = legalActions(s);
    const f = cellFocus(s, legal, "d4");
    expect(f.choices).toEqual([expect.objectContaining({ kind: "collect", cost: 4, token: { leaves: 3, value: 19 } })]);
    expect(f.targets.length).toBeGreaterThan(0);
  });

  it("lists what can be bought and highlights the board", () => {
    let s = afterSetup();
    s = { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, light: 2 } : p)) };
    const legal = legalActions(s);
    expect(buyChoices(legal, s).map((b) => [b.piece, b.price, b.legal])).toEqual([
      ["seed", 1, true],
      ["small", 2, true],
      ["medium", 3, false],
      ["large", 4, false],
    ]);
    // Before the page has the rules (its turn panel shows at once), the state says the same.
    expect(buyChoices(null, s)).toEqual(buyChoices(legal, s));
    // …in every position of whole games, the base game's and the Moonlight's.
    for (const [options, seed] of [
      [{ players: 2 }, 3],
      [{ players: 4 }, 8],
      [{ players: 3, moonlight: { greatTree: true } }, 5],
    ] as const) {
      const { start: first, moves } = randomGame(options, seed);
      let at = first;
      let checked = 0;
      for (const move of moves) {
        if (at.phase === "play") {
          expect(buyChoices(null, at), `${JSON.stringify(options)} move ${checked}`).toEqual(
            buyChoices(legalActions(at), at),
          );
          checked++;
        }
        const r = applyAction(at, actionOf(move));
        if (!r.ok) throw new Error(r.error.message);
        at = r.state;
      }
      expect(checked).toBeGreaterThan(50);
    }
    const focus = cellFocus(s, legal, "a1");
    const h = boardHighlights(s, { selected: "a1", focus, last: ["g1"] });
    expect(h).toMatchObject({ a1: "selected", a2: "target", b1: "target", b2: "target", g1: "last" });
    const planted = play(s, { type: "plant", from: at("a1"), to: at("b2") });
    expect(boardHighlights(planted, {})).toEqual({ a1: "used", b2: "used" });
  });
});

describe("planning a turn", () => {
  function myPlan(): Plan {
    let s = afterSetup();
    s = { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, light: 6 } : p)) };
    return newPlan(s, 10);
  }

  it("applies actions locally, with undo and redo", () => {
    let p = myPlan();
    const r1 = planAdd(p, { type: "grow", cell: at("a1") });
    if ("error" in r1) throw new Error(r1.error);
    p = r1;
    expect(planState(p).players[0].light).toBe(4);
    const r2 = planAdd(p, { type: "buy", piece: "seed" });
    if ("error" in r2) throw new Error(r2.error);
    p = r2;
    expect(planState(p).players[0].light).toBe(3);
    p = planUndo(p);
    expect(planState(p).players[0].light).toBe(4);
    expect(p.redo).toHaveLength(1);
    p = planRedo(p);
    expect(planState(p).players[0].light).toBe(3);
    expect(p.redo).toHaveLength(0);
    // A new action clears the redo stack.
    p = planAdd(planUndo(p), { type: "buy", piece: "small" }) as Plan;
    expect(p.redo).toHaveLength(0);
    // Refused actions leave the plan as it was.
    expect(planAdd(p, { type: "grow", cell: at("a1") })).toEqual({ error: expect.stringContaining("a1") });
  });

  it("submits the turn closed by endTurn (in play) or as placed (in setup)", () => {
    const p = planAdd(myPlan(), { type: "buy", piece: "seed" }) as Plan;
    expect(turnToSubmit(p, 0)).toEqual([{ type: "buy", piece: "seed" }, { type: "endTurn" }]);
    expect(turnToSubmit(myPlan(), 0)).toEqual([{ type: "endTurn" }]);
    const setup = planAdd(newPlan(start(2), 1), { type: "place", cell: at("a1") }) as Plan;
    expect(turnToSubmit(setup, 0)).toEqual([{ type: "place", cell: at("a1") }]);
  });

  it("keeps a plan that still applies after a change, and drops one that does not", () => {
    const p = planAdd(myPlan(), { type: "grow", cell: at("a1") }) as Plan;
    // Same position at a newer version (say another seat's resignation): kept.
    const same = rebase(p, p.base, 11, 0);
    expect(same.kept).toBe(true);
    expect(same.plan.actions).toHaveLength(1);
    expect(same.plan.baseVersion).toBe(11);
    // Not our turn any more: dropped.
    const theirs = rebase(p, { ...p.base, current: 1 }, 12, 0);
    expect(theirs).toMatchObject({ kept: false, plan: { actions: [] } });
    // Poorer than planned: dropped.
    const poor = { ...p.base, players: p.base.players.map((x, i) => (i === 0 ? { ...x, light: 1 } : x)) };
    expect(rebase(p, poor, 12, 0).kept).toBe(false);
  });

  it("is kept in the browser as JSON and comes back while its turn lasts and it still applies", () => {
    const grow = { type: "grow" as const, cell: at("a1") };
    const p = planAdd(myPlan(), grow) as Plan;
    expect(planToSave(myPlan())).toBeNull(); // nothing planned, nothing kept
    const text = JSON.stringify(planToSave(p));
    const saved = readSavedPlan(text)!;
    expect(saved).toEqual({ version: 10, turn: turnOf(p.base), actions: [grow], redo: [] });
    // A reload on the same game: the same plan, the same state after it.
    const back = restorePlan(saved, p.base, 10, 0);
    expect(back.kept).toBe(true);
    expect(back.plan.actions).toEqual([grow]);
    expect(planState(back.plan)).toEqual(planState(p));
    // A newer version of the same turn (say the other seat went away): still kept.
    expect(restorePlan(saved, p.base, 13, 0)).toMatchObject({ kept: true, plan: { baseVersion: 13 } });
    // The turn was played elsewhere: the other seat is to act, or it is this seat's next turn.
    const played = play(p.base, grow, { type: "endTurn" });
    expect(restorePlan(saved, played, 11, 0)).toMatchObject({ kept: false, plan: { actions: [] } });
    let next = played;
    while (next.current !== 0) next = play(next, { type: "endTurn" });
    expect(next.round).toBe(2);
    expect(turnOf(next)).not.toBe(saved.turn);
    expect(restorePlan(saved, next, 12, 0)).toMatchObject({ kept: false, plan: { actions: [] } });
    // The same turn, but the action no longer applies (less light): discarded.
    const poor = { ...p.base, players: p.base.players.map((x, i) => (i === 0 ? { ...x, light: 0 } : x)) };
    expect(restorePlan(saved, poor, 11, 0).kept).toBe(false);
    // Not a saved plan: ignored.
    for (const junk of [null, "", "{", "null", "[]", '{"version":1,"turn":"x","actions":{}}', '{"actions":[]}'])
      expect(readSavedPlan(junk), String(junk)).toBeNull();
    // Actions that are not actions never apply.
    const bad = { ...saved, actions: [{ type: "grow", cell: "nowhere" }] };
    expect(restorePlan(bad, p.base, 10, 0).kept).toBe(false);
  });

  it("keeps the undone actions for redo only as long as they would still apply", () => {
    const grow = { type: "grow" as const, cell: at("a1") };
    const p = planUndo(planAdd(myPlan(), grow) as Plan);
    const saved = readSavedPlan(JSON.stringify(planToSave(p)))!;
    expect(saved.actions).toEqual([]);
    expect(saved.redo).toEqual([grow]);
    const back = restorePlan(saved, p.base, 10, 0);
    expect(back).toMatchObject({ kept: true, plan: { actions: [], redo: [grow] } });
    expect(planRedo(back.plan).actions).toEqual([grow]);
    const poor = { ...p.base, players: p.base.players.map((x, i) => (i === 0 ? { ...x, light: 0 } : x)) };
    expect(restorePlan(saved, poor, 10, 0)).toMatchObject({ kept: true, plan: { redo: [] } });
  });
});

describe("history", () => {
  it("replays the log to every earlier state", () => {
    const { start: s0, state, moves } = randomGame({ players: 3, seed: 11, firstPlayer: 2 }, 11);
    const actions = moves.map(actionOf);
    const entries: LogEntryView[] = actions.map((entry, i) => ({
      index: i + 1,
      version: i + 1,
      seat: null,
      entry,
      events: [],
      at: "",
      auto: null,
    }));
    const hidden = { ...state, options: { ...state.options, seed: 0 }, rng: 0 };
    expect(logActions(entries)).toEqual(actions);
    const states = replayStates(hidden, entries);
    expect(states).not.toBeNull();
    expect(states).toHaveLength(actions.length + 1);
    expect(states![0].cells).toEqual(s0.cells);
    expect(states!.at(-1)!.cells).toEqual(state.cells);
    expect(states!.at(-1)!.players).toEqual(state.players);
  });

  it("replays resignations and refuses a log that does not fit", () => {
    const s = start(2);
    const states = replayStates(s, [
      { entry: { type: "place", cell: at("a1") } },
      { entry: { type: "resign", seat: 1 } },
    ]);
    expect(states!.at(-1)!.players[1].resigned).toBe(true);
    expect(replayStates(s, [{ entry: { type: "grow", cell: at("a1") } }])).toBeNull();
  });
});

describe("seats, deadlines and vacations", () => {
  it("finds the viewer's seat", () => {
    const v = view(afterSetup());
    expect(seatOf(v, "p1")).toBe(1);
    expect(seatOf(v, "nobody")).toBe(-1);
    expect(seatOf(v, null)).toBe(-1);
    expect(seatOf(null, "p0")).toBe(-1);
  });

  it("shows who is away and who ran out of time on the player cards", () => {
    const s = afterSetup();
    const until = "2026-11-23T10:00:00.000Z";
    const panels = playerPanels(view(s, 0, [{ timeouts: 2 }, { awayUntil: until }]), s);
    expect(panels[0]).toMatchObject({ timeouts: 2, maxTimeouts: 3, awayUntil: null });
    expect(panels[1]).toMatchObject({ timeouts: 0, awayUntil: until });
    // A finished game shows neither.
    const { state: ended } = randomGame({ players: 2, seed: 5 }, 5);
    const done = playerPanels(
      { ...view(ended, 0, [{ timeouts: 2 }, { awayUntil: until }]), status: "finished" },
      ended,
    );
    expect(done.map((p) => [p.timeouts, p.awayUntil])).toEqual([
      [0, null],
      [0, null],
    ]);
  });

  it("offers a vacation to a seated player in play, or coming back when away", () => {
    const s = afterSetup();
    expect(vacationOf(view(s), 0)).toEqual({ kind: "free", maxHours: 14 * 24 });
    expect(vacationOf(view(s), -1)).toEqual({ kind: "none" });
    expect(vacationOf(view(s, 0, [{ awayUntil: "2026-11-23T10:00:00.000Z" }]), 0)).toEqual({
      kind: "away",
      until: "2026-11-23T10:00:00.000Z",
    });
    expect(vacationOf(view(s, 0, [{ resigned: true }]), 0)).toEqual({ kind: "none" });
    expect(vacationOf({ ...view(s), status: "waiting" }, 0)).toEqual({ kind: "none" });
    // No clock to pause without a time per move (but one can always come back).
    const untimed = { ...view(s), options: { ...view(s).options, moveTimeSeconds: null } };
    expect(vacationOf(untimed, 0)).toEqual({ kind: "none" });
    expect(
      vacationOf({ ...untimed, seats: view(s, 0, [{ awayUntil: "2026-11-23T10:00:00.000Z" }]).seats }, 0).kind,
    ).toBe("away");
    const none = view(s);
    expect(vacationOf({ ...none, options: { ...none.options, vacationDays: 0 } }, 0)).toEqual({
      kind: "free",
      maxHours: 0,
    });
    expect(awayHours("3", "days")).toBe(72);
    expect(awayHours(5, "hours")).toBe(5);
    expect(awayHours("1.5", "days")).toBeNull();
    expect(awayHours("", "hours")).toBeNull();
    expect(awayHours("0", "hours")).toBeNull();
  });
});
