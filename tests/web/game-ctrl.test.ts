/**
 * The game page's controller (web/src/game/ctrl.ts) driven without a DOM: a fake server, socket,
 * storage and clock in place of the browser's (GameDeps). What a player does on the page — choose
 * cells, plan, undo, send, step through the history — and what the page must then show.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  applyAction,
  cellByLabel,
  cellIndex,
  CELLS,
  createGame,
  LABELS,
  legalActions,
  type Action,
  type GameEvent,
  type GameState,
} from "../../src/engine";
import { ApiError } from "../../web/src/api";
import { loadMoonPlay, loadMoonUi } from "../../web/src/moon/load";
import { dealChoices } from "../../web/src/moon/model";
import { loadPartTexts, setLang, t } from "../../web/src/i18n";
import { GameCtrl, planKey, SIGNED_OUT_KEY, type GameDeps } from "../../web/src/game/ctrl";
import type { LiveLog } from "../../src/contract/live";
import type { LiveHandlers } from "../../web/src/game/live";
import { playedAsPlanned, refused } from "../../web/src/game/refused";
import * as history from "../../web/src/game/history";
import * as rules from "../../web/src/game/rules";
import type { GameView, Identity, LogEntryView } from "../../web/src/types";
import { gameView } from "./game-view";

const at = (label: string) => ({ ...CELLS[cellByLabel(label)] });
const labelOf = (c: unknown) => LABELS[cellIndex((c as { q: number }).q, (c as { r: number }).r)];
function applyOk(s: GameState, a: Action): GameState {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
  return r.state;
}
const ANN: Identity = { id: "p0", name: "Ann", token: "tok0" };

function start(): GameState {
  const c = createGame({ players: 2, seed: 7, firstPlayer: 0 });
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

/** The state after `actions`, with every step's events (the log's entries). */
function play(s: GameState, actions: Action[]): { state: GameState; entries: LogEntryView[] } {
  const entries: LogEntryView[] = [];
  for (const a of actions) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    entries.push({
      index: entries.length + 1,
      version: entries.length + 2,
      seat: s.current,
      entry: a,
      events: r.events,
      at: "",
      auto: null,
    });
    s = r.state;
  }
  return { state: s, entries };
}

/** A 2-seat Moonlight game (with the Great Tree) played, each step the first legal one, through
 * the setup and into play until `seat` is to act: the state and the log's every entry. */
function moonGameInPlay(seat: number): { state: GameState; entries: LogEntryView[] } {
  const made = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight: { greatTree: true } });
  if (!made.ok) throw new Error(made.error.message);
  const actions: Action[] = [];
  let s = made.state;
  while (s.phase === "setup" || s.current !== seat) {
    const a = legalActions(s)[0];
    actions.push(a);
    s = applyOk(s, a);
  }
  return play(made.state, actions);
}

/** The controller's tests: a 2-seat game without a clock, seen by seat 0. */
const view = (state: GameState, version: number): GameView =>
  gameView(state, { version, options: { seats: 2, moveTimeSeconds: null, maxTimeouts: null } });

/**
 * A fake browser and server: what the controller asked, and what it answers. `socket`: the live
 * socket is one that brings the log (it says "connecting" at once, as the page's does).
 */
function fakes(first: GameView, log: LogEntryView[] = [], opts: { socket?: boolean } = {}) {
  const store = new Map<string, string>();
  const timers: { f: () => void; ms: number; live: boolean }[] = [];
  const sent: { version: number; actions: Action[]; key: string }[] = [];
  const url: (number | null)[] = [];
  let live: LiveHandlers | null = null;
  let current = first;
  let answer: (v: number, a: Action[]) => Promise<{ game: GameView; events?: GameEvent[] }> = async () => {
    throw new Error("no answer set");
  };
  let keys = 0;
  /** The log's reads over HTTP, by their `after`. */
  const logAsks: number[] = [];
  /** How many times the game's view was read over HTTP. */
  let gameAsks = 0;
  const deps: GameDeps = {
    game: async () => {
      gameAsks++;
      return current;
    },
    log: async (_id, after) => {
      logAsks.push(after);
      return { entries: log.filter((e) => e.index > after), next: null };
    },
    resign: async () => ({ game: current }),
    sendTurn: (_id, version, actions, key) => {
      sent.push({ version, actions, key });
      return answer(version, actions);
    },
    follow: (_id, _token, h) => {
      live = h;
      if (opts.socket) h.onStatus("connecting");
      return () => {
        live = null;
      };
    },
    hint: async () => null,
    refused,
    played: async (log, p) => playedAsPlanned(log, p),
    loadMoon: async () => {
      throw new Error("not a Moonlight game");
    },
    loadMoonPlay: async () => {
      throw new Error("not a Moonlight game");
    },
    rules: { now: rules, load: async () => rules },
    history: { now: history, load: async () => history },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    confirm: () => true,
    setUrlPly: (n) => void url.push(n),
    focus: () => {},
    later: (f, ms) => {
      const timer = { f, ms, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    randomKey: () => `key${++keys}`,
  };
  return {
    deps,
    store,
    sent,
    url,
    timers,
    logAsks,
    get gameAsks() {
      return gameAsks;
    },
    /** The handlers the page follows the socket with. */
    get live() {
      return live!;
    },
    /** The server's game now (what a fetch answers). */
    set game(v: GameView) {
      current = v;
    },
    answer(f: typeof answer) {
      answer = f;
    },
    /** The socket says this device was signed out of its profile. */
    revoke() {
      live!.onRevoked?.();
    },
    /** The socket brings a view (and, on a socket that brings the log, `log`: see contract LiveLog). */
    push(v: GameView, events: GameEvent[] = [], log?: LiveLog | null) {
      current = v;
      live!.onGame(v, events, log);
    },
    get following() {
      return live !== null;
    },
    /** Run the timers due within `ms`. */
    tick(ms: number) {
      for (const x of timers.splice(0)) if (x.live && x.ms <= ms) x.f();
    },
  };
}

/** Let the controller's awaited calls (fetches, the log) settle. */
const settle = () => new Promise((r) => setTimeout(r, 0));

async function opened(v: GameView, log: LogEntryView[] = [], identity: Identity | null = ANN) {
  const f = fakes(v, log);
  const c = new GameCtrl("g", identity, f.deps);
  let draws = 0;
  c.redraw = () => draws++;
  c.setLang("en");
  c.start();
  await settle();
  await settle();
  return { c, f, draws: () => draws };
}

beforeAll(async () => {
  await setLang("en");
  // (the turn's after-the-fact texts come with the later parts, as on a page soon after it opens)
  await loadPartTexts();
  // (so that the notices below are compared with their words, never with undefined)
  for (const w of [t.turnSent, t.planGone, t.planPlayed, t.conflict, t.planKept]) expect(w).toMatch(/\w{3}/);
});

describe("the game controller", () => {
  it("loads the game, follows it live, and plans a setup placement from a chosen edge cell", async () => {
    const { c, f, draws } = await opened(view(start(), 1));
    expect(f.following).toBe(true);
    expect(draws()).toBeGreaterThan(0);
    const fr = c.frame()!;
    expect(fr.seat).toBe(0);
    expect(fr.myTurn).toBe(true);
    expect(fr.complete).toBe(false);
    // Setup: the edge cells are the targets; an inner one is not.
    expect(fr.highlights.a1).toBe("target");
    expect(fr.highlights.d4).toBeUndefined();
    c.choose("a1");
    expect(c.plan!.actions).toEqual([{ type: "place", cell: at("a1") }]);
    const after = c.frame()!;
    expect(after.complete).toBe(true);
    expect(after.shown.cells).not.toEqual(fr.shown.cells);
    // The plan is kept in the browser for this game and seat.
    expect(JSON.parse(f.store.get(planKey("g", 0))!).actions).toHaveLength(1);
    // Undo and redo.
    expect(c.undo()).toBe(true);
    expect(c.plan!.actions).toHaveLength(0);
    // (kept with what redo brings back)
    expect(JSON.parse(f.store.get(planKey("g", 0))!)).toMatchObject({ actions: [], redo: [{ type: "place" }] });
    expect(c.undo()).toBe(false);
    expect(c.undo(true)).toBe(true);
    expect(c.plan!.actions).toHaveLength(1);
  });

  it("sends the turn with one key per plan, forgets it once played, and the good news fades", async () => {
    const s = start();
    const { c, f } = await opened(view(s, 1));
    c.choose("a1");
    const played = play(s, [{ type: "place", cell: at("a1") }]);
    f.answer(async () => ({ game: view(played.state, 2), events: played.entries[0].events as GameEvent[] }));
    await c.submit();
    expect(f.sent).toEqual([{ version: 1, actions: [{ type: "place", cell: at("a1") }], key: "key1" }]);
    expect(c.plan).toBeNull();
    expect(c.view!.version).toBe(2);
    expect(c.frame()!.myTurn).toBe(false);
    expect(c.notice).toEqual({ kind: "info", text: t.turnSent });
    expect(f.store.has(planKey("g", 0))).toBe(false);
    // The last move's cell is marked on the board.
    expect(c.frame()!.highlights.a1).toBe("last");
    f.tick(4000);
    expect(c.notice).toBeNull();
  });

  it("sends a plan again under the same key after a failure, and a changed plan under a new one", async () => {
    const { c, f } = await opened(view(start(), 1));
    c.choose("a1");
    f.answer(async () => {
      throw new ApiError(0, "NETWORK", "offline", null);
    });
    await c.submit();
    await c.submit();
    expect(f.sent.map((x) => x.key)).toEqual(["key1", "key1"]);
    expect(c.notice?.kind).toBe("error");
    expect(c.plan!.actions).toHaveLength(1);
    c.undo();
    c.choose("a4");
    await c.submit();
    expect(f.sent.map((x) => x.key)).toEqual(["key1", "key1", "key2"]);
  });

  it("a turn refused because the game moved on: the plan follows the game, and the page says whether it held", async () => {
    const s = start();
    const { c, f } = await opened(view(s, 1));
    c.choose("a1");
    // Meanwhile the game's version moved (the same turn): the placement still applies.
    f.game = view(s, 2);
    f.answer(async () => {
      throw new ApiError(409, "VERSION_CONFLICT", "stale", null);
    });
    await c.submit();
    expect(c.view!.version).toBe(2);
    expect(c.plan!.actions).toEqual([{ type: "place", cell: at("a1") }]);
    expect(c.notice).toEqual({ kind: "warn", text: `${t.conflict} ${t.planKept}` });
  });

  it("says the planned actions are lost when the turn was played elsewhere", async () => {
    const s = start();
    const log: LogEntryView[] = [];
    const { c, f } = await opened(view(s, 1), log);
    c.choose("a1");
    const elsewhere = play(s, [{ type: "place", cell: at("a4") }]);
    log.push(...elsewhere.entries);
    f.push(view(elsewhere.state, 2), elsewhere.entries[0].events as GameEvent[]);
    expect(c.plan).toBeNull();
    // (The log read for the new version tells what was played.)
    await settle();
    expect(c.notice).toEqual({ kind: "warn", text: t.planGone });
    expect(f.store.has(planKey("g", 0))).toBe(false);
    // An older view arriving late changes nothing.
    f.push(view(s, 1));
    expect(c.view!.version).toBe(2);
  });

  it("brings back a turn planned before a reload, and follows another tab's plan", async () => {
    const s = start();
    const f1 = await opened(view(s, 1));
    f1.c.choose("g4");
    const saved = f1.f.store.get(planKey("g", 0))!;
    // A new page (a reload) on the same browser.
    const f2 = fakes(view(s, 1));
    f2.store.set(planKey("g", 0), saved);
    const c2 = new GameCtrl("g", ANN, f2.deps);
    c2.start();
    await settle();
    expect(c2.plan!.actions).toEqual([{ type: "place", cell: at("g4") }]);
    // Another tab undid it.
    c2.storageChanged(planKey("g", 0), null);
    expect(c2.plan!.actions).toEqual([]);
    // Another game's key is not this page's business.
    c2.storageChanged(planKey("other", 0), saved);
    expect(c2.plan!.actions).toEqual([]);
  });

  it("a spectator chooses cells to read them and plans nothing", async () => {
    const { c } = await opened(view(start(), 1), [], null);
    const fr = c.frame()!;
    expect(fr.seat).toBe(-1);
    expect(fr.myTurn).toBe(false);
    c.choose("a1");
    expect(c.selected).toBe("a1");
    expect(c.plan).toBeNull();
    c.choose("a1");
    expect(c.selected).toBeNull();
  });

  it("loads the log as the game moves and steps through the history, the address following", async () => {
    const s = start();
    const moves: Action[] = [
      { type: "place", cell: at("a1") },
      { type: "place", cell: at("a4") },
      { type: "place", cell: at("g4") },
    ];
    const { state, entries } = play(s, moves);
    const { c, f } = await opened(view(state, 4), entries);
    expect(c.log.map((e) => e.index)).toEqual([1, 2, 3]);
    const states = c.states()!;
    expect(states).toHaveLength(4);
    expect(states[3].cells).toEqual(state.cells);
    c.setPly(1);
    expect(f.url).toEqual([1]);
    const fr = c.frame()!;
    expect(fr.replaying).toBe(true);
    expect(fr.myTurn).toBe(false);
    expect(fr.shown.cells).toEqual(states[1].cells);
    // The move that led there is marked.
    expect(fr.highlights.a1).toBe("last");
    // Choosing cells does nothing while replaying.
    c.choose("d4");
    expect(c.selected).toBeNull();
    c.setPly(null);
    expect(c.frame()!.replaying).toBe(false);
  });

  it("fetches the rules only to plan a turn, the history's replay only to replay it: a spectator's first view needs neither", async () => {
    const moves: Action[] = [
      { type: "place", cell: at("a1") },
      { type: "place", cell: at("a4") },
    ];
    const { state, entries } = play(start(), moves);
    // (state: seat 0 to place again; the page's rules and replay not at hand, as in the browser)
    const lazyFakes = (v: GameView) => {
      const f = fakes(v, entries);
      let loads = 0;
      let replays = 0;
      f.deps.rules = {
        now: null,
        load: async () => {
          loads++;
          return rules;
        },
      };
      f.deps.history = {
        now: null,
        load: async () => {
          replays++;
          return history;
        },
      };
      return { f, loads: () => loads, replays: () => replays };
    };
    const watch = lazyFakes(view(state, 3));
    const spectator = new GameCtrl("g", null, watch.f.deps);
    spectator.setLang("en");
    spectator.start();
    await settle();
    await settle();
    // The board and the log are there, the rules and the replay are not; the history offers replaying.
    expect(spectator.frame()!.shown.cells).toEqual(state.cells);
    expect(spectator.log).toHaveLength(2);
    expect([watch.loads(), watch.replays()]).toEqual([0, 0]);
    expect(spectator.states()).toBeNull();
    expect(spectator.canReplay()).toBe(true);
    // Touching the history fetches its replay (once, and not the rules), then a moment of it is shown.
    spectator.prepareReplay();
    spectator.prepareReplay();
    spectator.setPly(1);
    await settle();
    expect([watch.loads(), watch.replays()]).toEqual([0, 1]);
    expect(spectator.states()).toHaveLength(3);
    expect(spectator.frame()!.replaying).toBe(true);
    // An address with a moment of the history fetches the replay at once.
    const atPly = lazyFakes(view(state, 3));
    const cy = new GameCtrl("g", null, atPly.f.deps, { ply: 1 });
    cy.setLang("en");
    cy.start();
    await settle();
    await settle();
    expect([atPly.loads(), atPly.replays()]).toEqual([0, 1]);
    expect(cy.frame()!.replaying).toBe(true);
    // A seated player on their turn: the turn panel shows at once, the rules come on the page's
    // first touch (twice touched, fetched once), and the turn is planned with them; the replay
    // when they touch the history.
    const play0 = lazyFakes(view(state, 3));
    const ann = new GameCtrl("g", ANN, play0.f.deps);
    ann.setLang("en");
    ann.start();
    await settle();
    await settle();
    expect([play0.loads(), play0.replays()]).toEqual([0, 0]);
    expect([ann.frame()!.yourTurn, ann.frame()!.myTurn]).toEqual([true, false]);
    ann.prepareTurn();
    ann.prepareTurn();
    await settle();
    expect([play0.loads(), play0.replays()]).toEqual([1, 0]);
    expect(ann.canReplay()).toBe(true);
    ann.prepareReplay();
    await settle();
    expect(play0.replays()).toBe(1);
    expect(ann.states()).toHaveLength(3);
    const fr = ann.frame()!;
    expect(fr.myTurn).toBe(true);
    expect(fr.highlights.g4).toBe("target");
    ann.choose("g4");
    expect(ann.plan!.actions).toEqual([{ type: "place", cell: at("g4") }]);
    // A tap on the board before the rules have come is not lost: the cell is marked at once and
    // chosen once they come (here a setup placement).
    const early = lazyFakes(view(state, 3));
    const bea = new GameCtrl("g", ANN, early.f.deps);
    bea.setLang("en");
    bea.start();
    await settle();
    bea.choose("g4");
    expect(bea.selected).toBe("g4");
    expect(bea.plan).toBeNull();
    expect(early.loads()).toBe(1);
    await settle();
    expect(bea.plan!.actions).toEqual([{ type: "place", cell: at("g4") }]);
    expect(bea.selected).toBeNull();
    // A turn the browser keeps for the seat (planned before a reload) brings the rules at once: it is shown as planned.
    const kept = lazyFakes(view(state, 3));
    kept.f.deps.storage!.setItem(planKey("g", 0), early.f.store.get(planKey("g", 0))!);
    const cid = new GameCtrl("g", ANN, kept.f.deps);
    cid.setLang("en");
    cid.start();
    await settle();
    await settle();
    expect(kept.loads()).toBe(1);
    expect(cid.plan!.actions).toEqual([{ type: "place", cell: at("g4") }]);
    // The turn gone by before the rules came: what was pressed meanwhile is dropped, not played.
    const late = lazyFakes(view(state, 3));
    const dee = new GameCtrl("g", ANN, late.f.deps);
    dee.setLang("en");
    dee.start();
    await settle();
    dee.choose("g4");
    dee.submit();
    dee.accept(view({ ...state, current: 1 }, 4));
    await settle();
    expect([dee.plan, dee.selected]).toEqual([null, null]);
    expect(late.f.sent).toEqual([]);
    // (and not kept for her next turn: it comes with nothing planned, nothing sent)
    dee.accept(view(state, 5));
    await settle();
    expect(dee.plan?.actions ?? []).toEqual([]);
    expect(late.f.sent).toEqual([]);
  });

  it("reads the log once per version: the socket bringing the same game asks nothing more", async () => {
    const f = fakes(view(start(), 1));
    const asked: number[] = [];
    f.deps.log = async (_id, after) => {
      asked.push(after);
      return { entries: [], next: null };
    };
    const c = new GameCtrl("g", ANN, f.deps);
    c.redraw = () => {};
    c.setLang("en");
    c.start();
    // The socket's first view comes while the page's own fetch of the game and the log are under way.
    f.push(view(start(), 1));
    await settle();
    await settle();
    expect(asked).toEqual([0]);
    // A new version: the log again.
    f.push(view(start(), 2));
    await settle();
    expect(asked).toEqual([0, 0]);
  });

  it("keeps its seat's view when the socket greets with the spectators' one of the same version", async () => {
    const s = start();
    const { c, f } = await opened(view(s, 4));
    expect(c.view!.you).toEqual({ seat: 0 });
    // The socket's greeting, before it has read the page's key (the seat's view follows, or not).
    const watching = gameView(s, { version: 4, you: null, options: { seats: 2, moveTimeSeconds: null } });
    f.push(watching);
    expect(c.view!.you).toEqual({ seat: 0 });
    expect(c.frame()!.myTurn).toBe(true);
    // A newer version is taken as it comes; so is the spectators' view on a page that sits nowhere.
    f.push({ ...watching, version: 5 });
    expect(c.view!.version).toBe(5);
    const bob = await opened(view(s, 4), [], { id: "p9", name: "Bob", token: "tok9" });
    bob.f.push(watching);
    expect(bob.c.view!.you).toBeNull();
  });

  it("forgets a profile the server no longer knows", async () => {
    const f = fakes(view(start(), 1));
    f.deps.game = async () => {
      throw new ApiError(401, "UNAUTHORIZED", "who?", null);
    };
    let out = 0;
    const c = new GameCtrl("g", ANN, f.deps, { signedOut: () => out++ });
    c.start();
    await settle();
    expect(out).toBe(1);
  });

  it("a game that cannot be found says so", async () => {
    const f = fakes(view(start(), 1));
    f.deps.game = async () => {
      throw new ApiError(404, "NOT_FOUND", "no", null);
    };
    const c = new GameCtrl("g", null, f.deps);
    c.start();
    await settle();
    expect(c.failure).toBe(t.notFound);
    expect(c.frame()).toBeNull();
  });

  it("under the Moonlight, plans with the rules once the seat's animal's abilities have come: a turn planned with one comes back", async () => {
    // A Moonlight game in play, Ann to act, with the owl and moon points for its night hunt.
    const made = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight: { greatTree: true } });
    if (!made.ok) throw new Error(made.error.message);
    let s = made.state;
    while (s.phase === "setup") s = applyOk(s, legalActions(s)[0]);
    while (s.current !== 0) s = applyOk(s, { type: "endTurn" });
    s = structuredClone(s);
    Object.assign(s.moon!.players[0], { animal: "owl", points: 10 });
    const hunt = legalActions(s).find((a) => a.type === "ability")!;
    expect(hunt).toMatchObject({ ability: "hunt" });
    const ui = await loadMoonUi("en");
    const moonPlay = await loadMoonPlay(ui);
    // Ann planned the hunt on this page before (it is kept in the browser).
    const f1 = fakes(view(s, 9));
    f1.deps.loadMoon = async () => ui;
    f1.deps.loadMoonPlay = async () => moonPlay;
    // (under the Moonlight the rules come with its part a turn is planned with, never on their own)
    f1.deps.rules = { now: null, load: () => Promise.reject(new Error("not under the Moonlight")) };
    const c1 = new GameCtrl("g", ANN, f1.deps);
    c1.setLang("en");
    c1.start();
    // (the page touched: what a turn is planned with comes)
    c1.prepareTurn();
    await vi.waitFor(() => expect(c1.plan).not.toBeNull());
    c1.add(hunt);
    expect(c1.plan!.actions).toEqual([hunt]);
    // Reloaded: the owl's abilities are a chunk still on its way (enterAnimal).
    let ready = false;
    let arrived: (() => void) | null = null;
    const f2 = fakes(view(s, 9));
    f2.store.set(planKey("g", 0), f1.store.get(planKey("g", 0))!);
    f2.deps.loadMoon = async () => ui;
    f2.deps.rules = f1.deps.rules;
    f2.deps.loadMoonPlay = async () => ({
      ...moonPlay,
      animalReady: (_state, _seat, then) => {
        if (!ready) arrived ??= then;
        return ready;
      },
    });
    const c2 = new GameCtrl("g", ANN, f2.deps);
    c2.setLang("en");
    c2.start();
    await vi.waitFor(() => expect(c2.moonPlay).not.toBeNull());
    await settle();
    // No planning meanwhile: the plan is neither shown nor judged lost.
    expect(c2.rules).toBeNull();
    expect(c2.plan).toBeNull();
    expect(c2.notice).toBeNull();
    expect(arrived).not.toBeNull();
    ready = true;
    arrived!();
    expect(c2.rules).not.toBeNull();
    expect(c2.plan!.actions).toEqual([hunt]);
    expect(c2.notice).toBeNull();
  });

  it("under the Moonlight, replays the history once every animal's abilities the view names have come", async () => {
    // Through the setup and into play, each step the first legal one: the log has every entry.
    const { state, entries } = moonGameInPlay(0);
    const ui = await loadMoonUi("en");
    const moonPlay = await loadMoonPlay(ui);
    // (with the making and replaying hooks, which the page adds with the history: deps.ts)
    await import("../../web/src/moon/replay");
    const asked: boolean[] = [];
    let entered = false;
    let arrived: (() => void) | null = null;
    const f = fakes(view(state, entries.length + 1), entries);
    f.deps.loadMoon = async () => ui;
    f.deps.loadMoonPlay = async () => ({
      ...moonPlay,
      // (the animals' abilities a chunk each, still on their way when the history asks for them all)
      animalReady: (_state, _seat, then, every = false) => {
        asked.push(every);
        if (every && !entered) arrived ??= then;
        return !every || entered;
      },
      animalsEntered: () => entered,
    });
    const c = new GameCtrl("g", ANN, f.deps);
    c.setLang("en");
    c.start();
    await vi.waitFor(() => expect(c.moon).not.toBeNull());
    // (the history touched: what it is replayed with comes, the expansion's engine too)
    c.prepareReplay();
    await vi.waitFor(() => expect(c.moonPlay).not.toBeNull());
    await vi.waitFor(() => expect(c.log).toHaveLength(entries.length));
    // The history is replayed (its module at hand): every animal's abilities are asked for first.
    expect(asked).toContain(true);
    expect(c.states()).toBeNull();
    expect(arrived).not.toBeNull();
    entered = true;
    arrived!();
    expect(c.states()).toHaveLength(entries.length + 1);
  });

  it("under the Moonlight, shows a game with the part the page shows alone: the part a turn is planned with comes to plan or to replay", async () => {
    // A Moonlight game in play, Bob to act: Ann's page (and a spectator's) only shows it.
    const { state, entries } = moonGameInPlay(1);
    const ui = await loadMoonUi("en");
    const moonPlay = await loadMoonPlay(ui);
    for (const identity of [ANN, null]) {
      let asked = 0;
      const f = fakes(view(state, entries.length + 1), entries);
      f.deps.loadMoon = async () => ui;
      f.deps.loadMoonPlay = async () => {
        asked++;
        return moonPlay;
      };
      // (the history's replay is not at hand: it comes when the history is touched, as on the page)
      f.deps.history = { now: null, load: async () => history };
      const c = new GameCtrl("g", identity, f.deps);
      c.setLang("en");
      c.start();
      await vi.waitFor(() => expect(c.moon).not.toBeNull());
      await vi.waitFor(() => expect(c.log).toHaveLength(entries.length));
      await settle();
      // Shown without it (the game as the server sent it), its history offered.
      const fr = c.frame()!;
      expect(fr.myTurn).toBe(false);
      expect(fr.shown).toBe(c.view!.state);
      expect(fr.panels).toHaveLength(2);
      expect(c.canReplay()).toBe(true);
      expect(asked).toBe(0);
      expect(c.moonPlay).toBeNull();
      // The history touched: it comes, and the history is replayed with it.
      c.prepareReplay();
      await vi.waitFor(() => expect(c.moonPlay).not.toBeNull());
      expect(asked).toBe(1);
      await vi.waitFor(() => expect(c.states()).toHaveLength(entries.length + 1));
    }
  });

  it("under the Moonlight, offers your deal's choice at once; one pressed before the part a turn is planned with has come is made when it comes", async () => {
    // A Moonlight game at its first step: Ann (seat 0) chooses her animal.
    const made = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight: { greatTree: true } });
    if (!made.ok) throw new Error(made.error.message);
    const ui = await loadMoonUi("en");
    const moonPlay = await loadMoonPlay(ui);
    let asked = 0;
    let arrive: (() => void) | null = null;
    const f = fakes(view(made.state, 1));
    // (under the Moonlight the rules come with its part a turn is planned with, never on their own)
    f.deps.rules = { now: null, load: () => Promise.reject(new Error("not under the Moonlight")) };
    f.deps.loadMoon = async () => ui;
    f.deps.loadMoonPlay = () => {
      // (the first time offline)
      if (++asked === 1) return Promise.reject(new Error("offline"));
      return new Promise((done) => {
        arrive = () => done(moonPlay);
      });
    };
    const c = new GameCtrl("g", ANN, f.deps);
    c.setLang("en");
    c.start();
    await vi.waitFor(() => expect(c.moon).not.toBeNull());
    await settle();
    // Her turn shows at once, the deal's choice from the state; nothing of the part is fetched.
    const fr = c.frame()!;
    expect([fr.yourTurn, fr.myTurn]).toEqual([true, false]);
    const offered = dealChoices(fr.shown, fr.seat);
    expect(offered.map((a) => a.animal)).toEqual(made.state.moon!.players[0].deal);
    expect(asked).toBe(0);
    // Keep pressed: the part is asked for, and the choice waits for it; offline, the page says so
    // and the choice is dropped (not made later behind the player's back).
    c.add(offered[1]);
    expect(asked).toBe(1);
    await vi.waitFor(() => expect(c.notice).toEqual({ kind: "error", text: t.networkError }));
    expect(c.plan).toBeNull();
    // Pressed again: asked again, and made once it has come.
    c.add(offered[1]);
    expect(asked).toBe(2);
    expect(c.plan).toBeNull();
    arrive!();
    await vi.waitFor(() => expect(c.plan?.actions).toEqual([offered[1]]));
    expect(c.frame()!.complete).toBe(true);
    expect(asked).toBe(2);
  });

  it("under the Moonlight, marks each step's cells and moves the animal on a tap there (issue 25 item 1)", async () => {
    // A Moonlight game at its first round, on Ann's turn.
    const made = createGame({ players: 2, seed: 5, firstPlayer: 0, moonlight: { greatTree: true } });
    if (!made.ok) throw new Error(made.error.message);
    let s = made.state;
    const steps: string[] = [];
    const f = fakes(view(s, 1));
    f.deps.loadMoon = loadMoonUi;
    f.deps.loadMoonPlay = loadMoonPlay;
    const c = new GameCtrl("g", ANN, f.deps);
    c.setLang("en");
    c.start();
    c.prepareTurn();
    // (the Moonlight parts are chunks of their own, imported: the one a turn is planned with comes on the page's first touch)
    await vi.waitFor(() => expect(c.moonPlay).not.toBeNull(), { timeout: 10_000 });
    // Through the setup: Ann's steps by tapping what is marked (Bob's by the engine).
    for (let version = 1; s.phase === "setup"; version++) {
      if (s.current === 0) {
        f.push(view(s, version));
        const fr = c.frame()!;
        const marked = Object.keys(fr.highlights).filter((l) => fr.highlights[l] === "target");
        if (s.moon!.stage === "choose") {
          steps.push("choose");
          expect(marked).toEqual([]);
          c.add(fr.legal.find((a) => a.type === "chooseAnimal")!);
        } else {
          steps.push(s.moon!.stage ?? "trees");
          expect(marked.length).toBeGreaterThan(0);
          c.choose(marked.sort()[0]);
        }
        expect(c.frame()!.complete).toBe(true);
        s = applyOk(s, c.plan!.actions[0]);
        c.reset();
      } else s = applyOk(s, legalActions(s)[0]);
    }
    // (the Great Tree is placed by whoever's turn it falls on: Bob's in this game)
    expect(steps.filter((x, i) => x !== steps[i - 1] && x !== "greatTree")).toEqual(["choose", "animals", "trees"]);
    while (s.current !== 0) s = applyOk(s, { type: "endTurn" });
    f.push(view(s, 100));
    const fr = c.frame()!;
    const moves = legalActions(s).flatMap((a) => (a.type === "moveAnimal" ? [labelOf(a.to)] : []));
    expect(moves.length).toBeGreaterThan(0);
    for (const l of moves) expect(fr.highlights[l], l).toBe("target");
    // A piece of Ann's that can grow: a tap chooses it, and the animal's cells are no longer marked.
    const grow = fr.legal.find((a) => a.type === "grow") as { cell: { q: number; r: number } } | undefined;
    if (grow) {
      c.choose(labelOf(grow.cell));
      expect(c.selected).toBe(labelOf(grow.cell));
      const picked = c.frame()!;
      for (const l of moves.filter((m) => m !== labelOf(grow.cell)))
        expect(picked.highlights[l] === "target" && !picked.focus?.targets.includes(l), l).toBe(false);
      c.unselect();
    }
    // A marked cell where nothing of the base game acts: a tap moves the animal there.
    const legal = c.frame()!.legal;
    const to = moves.find(
      (l) =>
        !legal.some(
          (a) =>
            ((a.type === "grow" || a.type === "collect") && labelOf(a.cell) === l) ||
            (a.type === "plant" && labelOf(a.from) === l),
        ),
    )!;
    c.choose(to);
    expect(c.plan!.actions).toEqual([expect.objectContaining({ type: "moveAnimal" })]);
    expect(c.selected).toBeNull();
    const after = c.frame()!;
    for (const l of moves) expect(after.highlights[l] === "target", l).toBe(false);
  }, 30_000);

  it("shows table talk's panel when the talk holds something or a message comes, else its button until it is pressed", async () => {
    // An empty talk: the button (and nothing redrawn for it).
    const a = await opened(view(start(), 1));
    expect(a.c.talk).toBe("button");
    const before = a.draws();
    a.f.live.onTalk?.(false);
    expect(a.c.talk).toBe("button");
    expect(a.draws()).toBe(before);
    // A message comes: the panel, without the focus.
    const drawn = a.draws();
    a.f.live.onTalk?.(true);
    expect(a.c.talk).toBe("panel");
    expect(a.c.talkAsked).toBe(false);
    expect(a.draws()).toBe(drawn + 1);
    // It stays, whatever the socket says later.
    a.f.live.onTalk?.(false);
    expect(a.c.talk).toBe("panel");
    // Pressed: the panel, with the focus in its box.
    const b = await opened(view(start(), 1));
    b.c.showTalk(true);
    expect(b.c.talk).toBe("panel");
    expect(b.c.talkAsked).toBe(true);
  });

  it("keeps the board's preferences", async () => {
    const { c, f } = await opened(view(start(), 1));
    c.setPrefs({ labels: true });
    expect(JSON.parse(f.store.get("canopy.prefs")!)).toEqual({ preview: false, labels: true });
    const again = new GameCtrl("g", ANN, f.deps);
    expect(again.prefs).toEqual({ preview: false, labels: true });
  });
});

describe("a turn planned in two tabs", () => {
  for (const order of ["the other tab's storage first", "the game's new version first"])
    it(`says it was played when another tab sent it (${order})`, async () => {
      const s = start();
      const log: LogEntryView[] = [];
      const { c, f } = await opened(view(s, 1), log);
      c.choose("a1");
      expect(c.plan!.actions).toHaveLength(1);
      // The other tab had the same plan (this one's, through storage) and sent it.
      const played = play(s, [{ type: "place", cell: at("a1") }]);
      log.push(...played.entries);
      if (order.startsWith("the other")) c.storageChanged(planKey("g", 0), null);
      f.push(view(played.state, 2), played.entries[0].events as GameEvent[]);
      if (!order.startsWith("the other")) c.storageChanged(planKey("g", 0), null);
      await settle();
      await settle();
      expect(c.plan).toBeNull();
      expect(c.notice).toEqual({ kind: "info", text: t.planPlayed });
    });

  for (const order of ["the other tab's storage first", "the game's new version first"])
    it(`says it was played when another tab sent it and the seat opens the next round (${order})`, async () => {
      // Setup, round 1, and Bob's turn of round 2 (he starts it): Ann ends round 2 and starts round 3.
      const place = (l: string): Action => ({ type: "place", cell: at(l) });
      const end: Action = { type: "endTurn" };
      const before = play(start(), [place("a1"), place("a4"), place("g4"), place("d7"), end, end, end]);
      const s = before.state;
      expect([s.round, s.current]).toEqual([2, 0]);
      const log: LogEntryView[] = [...before.entries];
      const v = log.length + 1;
      const { c, f } = await opened(view(s, v), log);
      const buy = c.frame()!.legal.find((a) => a.type === "buy");
      if (!buy) throw new Error("no purchase to plan");
      c.add(buy);
      // The other tab sent the same plan: Ann's turn again, in round 3 (a turn of its own).
      const played = play(s, [buy, end]);
      expect([played.state.round, played.state.current]).toEqual([3, 0]);
      log.push(...played.entries.map((e, i) => ({ ...e, index: log.length + i + 1, version: v + 1, seat: 0 })));
      if (order.startsWith("the other")) c.storageChanged(planKey("g", 0), null);
      f.push(view(played.state, v + 1), played.entries.flatMap((e) => e.events) as GameEvent[]);
      if (!order.startsWith("the other")) c.storageChanged(planKey("g", 0), null);
      await settle();
      await settle();
      expect(c.notice).toEqual({ kind: "info", text: t.planPlayed });
      // Round 3's turn starts with nothing planned.
      expect(c.plan?.actions).toEqual([]);
      expect(c.plan?.baseVersion).toBe(v + 1);
    });

  it("a turn played in the base game with its endTurn is the plan without it", async () => {
    // Ann's and Bob's two setup placements each, then Ann plants nothing and ends her turn… as planned.
    let s = start();
    const setup = play(s, [
      { type: "place", cell: at("a1") },
      { type: "place", cell: at("a4") },
      { type: "place", cell: at("g4") },
      { type: "place", cell: at("d7") },
    ]);
    s = setup.state;
    expect(s.phase).toBe("play");
    const log: LogEntryView[] = [...setup.entries];
    const { c, f } = await opened(view(s, 5), log);
    const legal = c.frame()!.legal;
    const buy = legal.find((a) => a.type === "buy");
    if (!buy) throw new Error("no purchase to plan");
    c.add(buy);
    const played = play(s, [buy, { type: "endTurn" }]);
    log.push(...played.entries.map((e, i) => ({ ...e, index: log.length + i + 1, version: 6, seat: 0 })));
    f.push(view(played.state, 6));
    await settle();
    await settle();
    expect(c.notice).toEqual({ kind: "info", text: t.planPlayed });
  });
});

describe("a device signed out from another one", () => {
  it("on the socket: says so at once, watches, and keeps the planned turn for that profile", async () => {
    const s = start();
    const f = fakes(view(s, 1));
    let forgotten = 0;
    const c = new GameCtrl("g", ANN, f.deps, { signedOut: () => forgotten++ });
    c.redraw = () => {};
    c.setLang("en");
    c.start();
    await settle();
    c.choose("a1");
    expect(c.frame()!.myTurn).toBe(true);
    const kept = f.store.get(planKey("g", 0));
    f.revoke();
    expect(c.signedOut).toEqual({ id: "p0", name: "Ann" });
    expect(forgotten).toBe(1);
    expect(c.seat()).toBe(-1);
    expect(c.frame()!.myTurn).toBe(false);
    expect(c.plan).toBeNull();
    // The server's spectator view that follows changes nothing of that.
    f.push(view(s, 1));
    await settle();
    expect(c.frame()!.myTurn).toBe(false);
    expect(c.notice).toBeNull();
    expect(f.store.get(planKey("g", 0))).toBe(kept);
    expect(JSON.parse(f.store.get(SIGNED_OUT_KEY)!)).toEqual({ id: "p0", name: "Ann" });
    // A reload of the page (no key any more) still says it.
    const again = new GameCtrl("g", null, f.deps);
    expect(again.signedOut).toEqual({ id: "p0", name: "Ann" });
    // Signed in again with that profile: the plan comes back.
    c.setIdentity({ ...ANN, token: "tok-new" });
    await settle();
    await settle();
    expect(c.signedOut).toBeNull();
    expect(c.frame()!.myTurn).toBe(true);
    expect(c.plan!.actions).toEqual([{ type: "place", cell: at("a1") }]);
  });

  it("over HTTP: a turn sent with a signed-out key, or the game's own fetch, says so and keeps the plan", async () => {
    const s = start();
    const { c, f } = await opened(view(s, 1));
    c.choose("a1");
    f.answer(async () => {
      throw new ApiError(401, "DEVICE_REVOKED", "This device was signed out from its profile.", null);
    });
    await c.submit();
    expect(c.signedOut).toEqual({ id: "p0", name: "Ann" });
    expect(c.notice).toBeNull();
    expect(readSaved(f.store.get(planKey("g", 0)))).toEqual([{ type: "place", cell: at("a1") }]);

    const g = fakes(view(s, 1));
    g.deps.game = async () => {
      throw new ApiError(401, "DEVICE_REVOKED", "signed out", null);
    };
    let forgotten = 0;
    const d = new GameCtrl("g", ANN, g.deps, { signedOut: () => forgotten++ });
    d.redraw = () => {};
    d.start();
    await settle();
    expect(d.signedOut).toEqual({ id: "p0", name: "Ann" });
    expect(forgotten).toBe(1);
  });
});

const readSaved = (text: string | undefined) => (text ? (JSON.parse(text) as { actions: unknown[] }).actions : null);

/** The log a socket message carries: `entries` after `after`, whole up to `version`. */
const liveLog = (after: number, entries: LogEntryView[], version: number, more: Partial<LiveLog> = {}): LiveLog => ({
  after,
  version,
  total: after + entries.length,
  entries,
  next: null,
  replay: null,
  ...more,
});

describe("the log from the live socket", () => {
  async function page(v: GameView, log: LogEntryView[] = [], identity: Identity | null = ANN) {
    const f = fakes(v, log, { socket: true });
    const c = new GameCtrl("g", identity, f.deps);
    c.redraw = () => {};
    c.setLang("en");
    c.start();
    return { c, f };
  }

  for (const order of ["the page's own fetch of the game first", "the socket's greeting first"])
    it(`reads no log over HTTP while the socket brings it (${order}); its turn's change brings the turn's entries`, async () => {
      const s = start();
      const f0 = fakes(view(s, 1), [], { socket: true });
      let answer: (v: GameView) => void = () => {};
      f0.deps.game = () => new Promise((r) => (answer = r));
      const c = new GameCtrl("g", ANN, f0.deps);
      c.redraw = () => {};
      c.setLang("en");
      c.start();
      const f = f0;
      expect(f.live.logAfter?.()).toBe(0);
      const spectators = gameView(s, { version: 1, you: null, options: { seats: 2, moveTimeSeconds: null } });
      const greet = () => {
        f.push(spectators, [], null);
        f.push(view(s, 1), [], liveLog(0, [], 1));
      };
      if (order.startsWith("the page's")) {
        answer(view(s, 1));
        await settle();
        greet();
      } else {
        greet();
        answer(view(s, 1));
      }
      await settle();
      expect(c.view!.version).toBe(1);
      expect(c.frame()!.myTurn).toBe(true);
      // Ann plays her turn; the answer has no log, the change the socket tells brings it.
      c.choose("a1");
      const played = play(s, [{ type: "place", cell: at("a1") }]);
      f.answer(async () => ({ game: view(played.state, 2), events: played.entries[0].events as GameEvent[] }));
      await c.submit();
      f.push(view(played.state, 2), played.entries[0].events as GameEvent[], liveLog(0, played.entries, 2));
      await settle();
      expect(c.log.map((e) => e.index)).toEqual([1]);
      // Closed and open again: nothing to read meanwhile; the new socket asks for what follows entry 1.
      f.live.onStatus("closed");
      f.live.onStatus("connecting");
      expect(f.live.logAfter?.()).toBe(1);
      await settle();
      expect(f.logAsks).toEqual([]);
    });

  it("reads it over HTTP when the socket closes before its greeting, greets without one (an older server), errs while it waits, or stays silent", async () => {
    const s = start();
    const spectators = gameView(s, { version: 1, you: null, options: { seats: 2, moveTimeSeconds: null } });
    // Closed before any greeting: the log of the view the page fetched.
    const a = await page(view(s, 1));
    await settle();
    expect(a.f.logAsks).toEqual([]);
    a.f.live.onStatus("closed");
    await settle();
    expect(a.f.logAsks).toEqual([0]);
    // A greeting with no log at all: a server of older code.
    const b = await page(view(s, 1));
    await settle();
    b.f.push(view(s, 1));
    await settle();
    expect(b.f.logAsks).toEqual([0]);
    // Waiting for the seat's greeting, the socket says error (an older server refusing the key).
    const d = await page(view(s, 1));
    await settle();
    d.f.push(spectators, [], null);
    await settle();
    expect(d.f.logAsks).toEqual([]);
    d.f.live.onError?.();
    await settle();
    expect(d.f.logAsks).toEqual([0]);
    // A socket that neither greets nor closes (a connection left hanging): HTTP after 5 s.
    const e = await page(view(s, 1));
    await settle();
    expect(e.f.logAsks).toEqual([]);
    expect(e.f.timers.filter((x) => x.live).map((x) => x.ms)).toEqual([5000]);
    e.f.tick(5000);
    await settle();
    expect(e.f.logAsks).toEqual([0]);
  });

  it("reads on over HTTP from its last entry when a change's log starts past it (missed entries) or goes on past the message", async () => {
    const s = start();
    const moves: Action[] = [
      { type: "place", cell: at("a1") },
      { type: "place", cell: at("a4") },
      { type: "place", cell: at("g4") },
    ];
    const { state, entries } = play(s, moves);
    const { c, f } = await page(view(s, 1), entries);
    await settle();
    f.push(view(s, 1), [], liveLog(0, [], 1));
    // A change whose entries start after entry 2, while the page has none: those before are read over HTTP.
    f.push(view(state, 4), [], liveLog(2, entries.slice(2), 4));
    await settle();
    await settle();
    expect(f.logAsks).toEqual([0]);
    expect(c.log.map((e) => e.index)).toEqual([1, 2, 3]);
    // A greeting that carries the first entry and says more follow: the rest over HTTP.
    const g = await page(view(state, 4), entries);
    await settle();
    g.f.push(view(state, 4), [], liveLog(0, entries.slice(0, 1), 4, { next: 1 }));
    await settle();
    await settle();
    expect(g.f.logAsks).toEqual([1]);
    expect(g.c.log.map((e) => e.index)).toEqual([1, 2, 3]);
  });

  it("says a turn planned here and sent from another tab was played, from the socket's log alone; takes a finished game's replay from it", async () => {
    const s = start();
    const { c, f } = await page(view(s, 1));
    await settle();
    f.push(view(s, 1), [], liveLog(0, [], 1));
    c.choose("a1");
    expect(c.plan!.actions).toHaveLength(1);
    const played = play(s, [{ type: "place", cell: at("a1") }]);
    f.push(view(played.state, 2), played.entries[0].events as GameEvent[], liveLog(0, played.entries, 2));
    await settle();
    await settle();
    expect(c.plan).toBeNull();
    expect(c.notice).toEqual({ kind: "info", text: t.planPlayed });
    expect(f.logAsks).toEqual([]);
    const options = { players: 2, seed: 7, firstPlayer: 0 };
    f.push(view(played.state, 3), [], liveLog(1, [], 3, { replay: { options } }));
    expect(c.replayOptions).toEqual(options);
    expect(f.logAsks).toEqual([]);
  });
});

describe("the view the page's HTML came with", () => {
  /** A page whose HTML carried the spectators' view of `s` at `version` (its socket connecting). */
  async function page(s: GameState, version: number, log: LogEntryView[] = []) {
    const f = fakes(view(s, version), log, { socket: true });
    const spectators = gameView(s, { version, you: null, options: { seats: 2, moveTimeSeconds: null } });
    let taken = 0;
    f.deps.first = (id) => (id === "g" && taken++ === 0 ? spectators : null);
    const c = new GameCtrl("g", ANN, f.deps);
    c.redraw = () => {};
    c.setLang("en");
    c.start();
    return { c, f, spectators };
  }

  it("is painted at once; the socket's greeting brings the seat's view and the log: nothing read over HTTP", async () => {
    const s = start();
    const { c, f, spectators } = await page(s, 1);
    expect(c.view).toEqual(spectators);
    await settle();
    f.push(spectators, [], null);
    f.push(view(s, 1), [], liveLog(0, [], 1));
    await settle();
    expect(c.view!.you).toEqual({ seat: 0 });
    expect(c.frame()!.myTurn).toBe(true);
    expect([f.gameAsks, f.logAsks]).toEqual([0, []]);
    // Started again (another profile): the HTML's view is used once only, the view is read.
    c.setIdentity({ id: "p9", name: "Bob", token: "tok9" });
    await settle();
    expect(f.gameAsks).toBe(1);
  });

  it("is read over HTTP once when the socket refuses the page's key: a key the server no longer knows is forgotten", async () => {
    const s = start();
    const spectators = gameView(s, { version: 1, you: null, options: { seats: 2, moveTimeSeconds: null } });
    let forgotten = 0;
    const g = fakes(view(s, 1), [], { socket: true });
    g.deps.first = () => spectators;
    let asked = 0;
    g.deps.game = async () => {
      asked++;
      throw new ApiError(401, "UNAUTHORIZED", "who?", null);
    };
    const ghost = new GameCtrl("g", { id: "p8", name: "Ghost", token: "dead" }, g.deps, {
      signedOut: () => forgotten++,
    });
    ghost.redraw = () => {};
    ghost.start();
    // The spectators' view and log, then the refusal (src/game/live.ts): the page asks HTTP, once.
    g.live.onGame(spectators, [], null);
    g.live.onGame(spectators, [], liveLog(0, [], 1));
    expect(asked).toBe(0);
    g.live.onError?.("UNAUTHORIZED");
    g.live.onError?.("UNAUTHORIZED");
    await settle();
    expect([asked, forgotten]).toEqual([1, 1]);
    // Any other error (bad input) reads nothing.
    const { f } = await page(s, 1);
    await settle();
    f.live.onGame(view(s, 1), [], liveLog(0, [], 1));
    f.live.onError?.("BAD_REQUEST");
    await settle();
    expect(f.gameAsks).toBe(0);
  });

  for (const how of [
    "closes before its greeting",
    "errs while it waits",
    "stays silent",
    "greets with no log (an older server)",
  ])
    it(`is read over HTTP when the socket ${how}`, async () => {
      const s = start();
      const { c, f, spectators } = await page(s, 1);
      await settle();
      if (how.startsWith("closes")) f.live.onStatus("closed");
      // (the socket's views straight to the page: the server's game, what HTTP answers, stays the seat's)
      else if (how.startsWith("errs")) {
        f.live.onGame(spectators, [], null);
        f.live.onError?.();
      } else if (how.startsWith("stays")) f.tick(5000);
      else f.live.onGame(spectators, []);
      await settle();
      await settle();
      expect(f.gameAsks).toBe(1);
      expect(c.view!.you).toEqual({ seat: 0 });
      expect(f.logAsks).toEqual([0]);
    });
});
