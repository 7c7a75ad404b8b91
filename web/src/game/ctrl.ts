/**
 * The game page's controller (after Lichess's `ui/round` ctrl.ts): it owns what the page knows of
 * one game — the server's view, the log and the replay position, the turn being planned (kept in
 * the browser per seat), the chosen cell, the notice, the live socket's status, the Moonlight part
 * once loaded — and the actions on it. The views (./view/*) only read it and call its actions; it
 * touches no DOM: the browser comes in through `GameDeps` (./deps.ts), so the tests drive it in Node
 * with fakes (tests/web/game-ctrl.test.ts). Every change ends in `redraw()`, which the page sets to re-render.
 */
import type { Action, GameEvent, GameOptionsInput, GameState } from "../../../src/engine/base";
import type { Highlight } from "../../../src/render/base";
import { ApiError, viewOf } from "../api";
import { errorText } from "../errors";
import { loadPartTexts, t } from "../i18n";
import type { MoonPick, MoonPlay, MoonUi } from "../moon/load";
import type { GameView, Identity, LogEntryView } from "../types";
import type { LiveLog } from "../../../src/contract/live";
import type { LiveHandlers, LiveStatus } from "./live";
import {
  actionCells,
  boardHighlights,
  newPlan,
  planRedo,
  planToSave,
  planUndo,
  playerPanels,
  readSavedPlan,
  roundInfo,
  seatOf,
  turnOf,
  type Plan,
  type PlayerPanel,
  type RoundInfo,
  type SavedPlan,
} from "./model";
import type { CellFocus } from "./plan";
import type * as HistoryModule from "./history";
import type * as RulesModule from "./rules";

/** The rules the page plans with (./rules.ts, a chunk of its own). */
export type Rules = typeof RulesModule;
/** The history replayed (./history.ts, a chunk of its own). */
export type History = typeof HistoryModule;

export interface Notice {
  kind: "info" | "error" | "warn";
  /** What it says: "" while its words have not come (see `#say`); the page then shows nothing yet. */
  text: string;
}

/** The turn's after-the-fact texts, which come with the later parts (../i18n/parts). */
type PartText = "planGone" | "planDropped" | "planPlayed" | "youTimedOut" | "turnSent";

export interface Prefs {
  /** Show next round's shadows. */
  preview: boolean;
  /** Cell names on the board. */
  labels: boolean;
}

type Submitted = { game: GameView; events?: GameEvent[] };
type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What the controller needs of the browser and the server (./deps.ts has the real ones). */
export interface GameDeps {
  game(id: string): Promise<GameView>;
  /**
   * The view the page's HTML came with (the public one, contract PAGE_VIEW_ID), once: the page paints
   * it at once and reads no view of its own while the socket greets it. Null: none (read it).
   */
  first?(id: string): GameView | null;
  log(
    id: string,
    after: number,
  ): Promise<{ version?: number; entries: LogEntryView[]; next?: unknown; replay?: { options: unknown } | null }>;
  resign(id: string): Promise<unknown>;
  sendTurn(id: string, version: number, actions: Action[], key: string): Promise<Submitted>;
  follow(id: string, token: string | null, h: LiveHandlers): () => void;
  /** Practice games: the strong bot's turn on the plan's base (null: the game moved on). */
  hint(id: string, plan: Plan): Promise<Plan | null>;
  /** A turn the server did not take: say why, and show the game as it is now (./refused.ts). */
  refused(c: GameCtrl, e: unknown, plan: Plan): Promise<void>;
  /** Whether `p`'s seat played `p`'s actions as its first turn after `p.version` in the log (./refused.ts). */
  played(log: LogEntryView[], p: { version: number; actions: readonly unknown[]; seat: number }): Promise<boolean>;
  /** The Moonlight part of the page, in `lang`: what it shows. */
  loadMoon(lang: string): Promise<MoonUi>;
  /** The Moonlight part a turn is planned with (the rules with it), worded as `ui` is. */
  loadMoonPlay(ui: MoonUi): Promise<MoonPlay>;
  /** The rules (./rules.ts): `now` when they are at hand already (the tests), else `load` fetches them. */
  rules: { now: Rules | null; load(): Promise<Rules> };
  /**
   * The history replayed (./history.ts), the same way; for a Moonlight game (`moon`) with the
   * expansion's replay hooks (web/src/moon/replay.ts), which its part leaves out.
   */
  history: { now: History | null; load(moon: boolean): Promise<History> };
  /** Where planned turns and preferences are kept (null: nowhere, they live as long as the page). */
  storage: KeyValue | null;
  confirm(text: string): boolean;
  /** The replay position in the page's address. */
  setUrlPly(ply: number | null): void;
  /** Give the keyboard to the turn panel (a pressed button went away) or to the game's status (the turn went). */
  focus(where: "turn" | "status"): void;
  later(f: () => void, ms: number): () => void;
  randomKey(): string;
}

/** What the page shows of a game in play, derived from the controller (computed once per change). */
export interface Frame {
  seat: number;
  replaying: boolean;
  /** The game's view says it is this seat's turn (and no moment of the history is shown): the turn panel shows. */
  yourTurn: boolean;
  /** Your turn, and it can be planned: the rules have come (`prepareTurn`). */
  myTurn: boolean;
  /** The state on the board: a replayed one, your turn as planned, or the game's. */
  shown: GameState;
  legal: Action[];
  focus: CellFocus | null;
  highlights: Record<string, Highlight>;
  info: RoundInfo;
  panels: PlayerPanel[];
  /** Your planned turn is whole (setup: the placement made; play: nothing left but to send). */
  complete: boolean;
}

const PREFS_KEY = "canopy.prefs";
/** How long the page waits for its socket's greeting (and the log it carries) before reading the log over HTTP. */
const GREETING_WAIT_MS = 5000;
/**
 * The profile this browser was signed out of by another device (DEVICE_REVOKED), kept so that the
 * game pages of that profile's games go on saying so, after a reload too, until a profile signs in.
 */
export const SIGNED_OUT_KEY = "canopy.signedOut";

/** The server's word that this device's key was signed out from its profile (over HTTP or the socket). */
export const isRevoked = (e: unknown): boolean => e instanceof ApiError && e.code === "DEVICE_REVOKED";

/**
 * Where the browser keeps the turn planned for `seat` in a game until it is sent, so it survives a
 * reload and a closed tab (issue 13). Removed when the turn is sent or the game moved on without it.
 */
export const planKey = (gameId: string, seat: number) => `canopy.plan.${gameId}.${seat}`;

/** A saved plan on the game as it is now (none: a fresh plan). */
const restore = (rules: Rules, saved: SavedPlan | null, state: GameState, version: number, seat: number) =>
  saved ? rules.restorePlan(saved, state, version, seat) : { plan: newPlan(state, version), kept: true };

export class GameCtrl {
  view: GameView | null = null;
  failure: string | null = null;
  plan: Plan | null = null;
  selected: string | null = null;
  notice: Notice | null = null;
  live: LiveStatus = "connecting";
  sending = false;
  busy = false;
  prefs: Prefs = { preview: false, labels: false };
  /** Cells the last move touched (marked on the board). */
  lastCells: string[] = [];
  log: LogEntryView[] = [];
  /** Once the game has ended the server sends the options with the seed: the history is then replayed exactly. */
  replayOptions: GameOptionsInput | null = null;
  ply: number | null;
  /**
   * Under the Moonlight: the loaded parts of the page — what it shows (at once), what a turn is
   * planned with (`#loadMoonPlay`: on the page's first touch, or to replay) — and the ability or
   * move being aimed at cells.
   */
  moon: MoonUi | null = null;
  moonPlay: MoonPlay | null = null;
  moonPick: MoonPick | null = null;
  /**
   * The rules to plan and replay with, once loaded (null before): what the page's first view of a
   * game draws needs none of them, so they come when the page plans a turn or replays (`#needsRules`).
   */
  rules: Rules | null;
  /** The history replayed, once loaded (null before): it comes when the history is first touched (`#needsHistory`). */
  history: History | null;
  lang = "";
  /**
   * This device was signed out of this profile from another device (DEVICE_REVOKED): the page
   * shows the game as a spectator sees it and says so, with signing in right there. What it had
   * planned stays in the browser for that profile's seat: signing in again brings it back.
   */
  signedOut: { id: string; name: string } | null = null;
  /**
   * Table talk on a seated player's page (docs/web.md "Weights"): "button" while the game's talk
   * holds nothing for this seat, or the socket's greeting has not yet said (the page offers a
   * button that loads the panel); "panel" once it holds something (a message or a mute, in the
   * greeting), a message came live, or the button was pressed: the panel is loaded, and stays.
   */
  talk: "button" | "panel" = "button";
  /** The panel was asked for with the button (or the button had the focus as it went): the panel puts the focus in its box when it shows. */
  talkAsked = false;

  #identity: Identity | null;
  readonly #deps: GameDeps;
  readonly #signedOut: () => void;
  #stopLive: (() => void) | null = null;
  #sentKey: { plan: string; key: string } | null = null;
  /** The last turn this page saw planned for its seat (here, or in another tab through storage). */
  #planned: { version: number; actions: readonly unknown[] } | null = null;
  /** A planned turn whose turn is over: the log says whether it was played as planned (another tab sent it). */
  #verdict: { version: number; actions: readonly unknown[]; seat: number } | null = null;
  #logBusy = false;
  #logAgain = false;
  /** The game's version the log is known whole up to (-1: not yet read since start()). */
  #logVersion = -1;
  /** The version the log was last read over HTTP for (one read a version). */
  #logAsked = -1;
  /**
   * Whether the live socket brings the log (contract LiveLog): "waiting" while it is connecting or
   * its greeting is still to come, "yes" once it has carried it, "no" when it is closed, greeted with
   * no log (a server of older code) or erred before greeting: then the log is read over HTTP.
   */
  #liveLog: "waiting" | "yes" | "no" = "no";
  /** The page shows the view its HTML came with: the socket's greeting brings the seat's, else it is read over HTTP. */
  #awaitView = false;
  /** The view was read over HTTP since start(). */
  #viewRead = false;
  #cancelGreetingWait = () => {};
  #cancelLogRetry = () => {};
  #cancelFade = () => {};
  #statesOf: { key: unknown[]; states: GameState[] | null } | null = null;
  /** The language the Moonlight part is loaded (or loading) in. */
  #moonLang = "";
  /** The Moonlight's part a turn is planned with is loading, or is wanted once the first part has come. */
  #moonPlayAsked = false;
  #moonPlayWanted = false;
  #rulesAsked = false;
  /** The page was touched (a pointer, a key, the focus: `prepareTurn`): a turn of this seat's is planned with the rules. */
  #touched = false;
  /** What was pressed on your turn before the rules came (a cell, a buy, End turn, Hint): done once they come. */
  #whenRules: (() => void)[] = [];
  #historyAsked = false;
  /** Until the first view after start(): any version is taken. */
  #fresh = true;

  constructor(
    readonly id: string,
    identity: Identity | null,
    deps: GameDeps,
    opts: { ply?: number | null; signedOut?: () => void } = {},
  ) {
    this.#deps = deps;
    this.rules = deps.rules.now;
    this.history = deps.history.now;
    this.#identity = identity;
    this.ply = opts.ply ?? null;
    this.#signedOut = opts.signedOut ?? (() => {});
    try {
      this.prefs = { ...this.prefs, ...JSON.parse(deps.storage?.getItem(PREFS_KEY) ?? "{}") };
      if (!identity) this.signedOut = JSON.parse(deps.storage?.getItem(SIGNED_OUT_KEY) ?? "null");
    } catch {
      /* unreadable: the defaults */
    }
  }

  /** Called after every change (the page re-renders). */
  redraw = (): void => {};

  // ---- following the game -------------------------------------------------------------------

  /** Load the game and follow it live (again, for a new identity); returns how to stop. */
  start(): () => void {
    this.#stopLive?.();
    this.#fresh = true;
    this.plan = null;
    this.#logVersion = -1;
    this.#logAsked = -1;
    this.#liveLog = "no";
    const first = this.#deps.first?.(this.id) ?? null;
    this.#awaitView = !!first;
    this.#viewRead = false;
    if (!first) void this.reload();
    const stop = this.#deps.follow(this.id, this.#identity?.token ?? null, {
      onGame: (g, events, log) => {
        this.#liveLog = log ? "yes" : log === null ? "waiting" : "no";
        // (the greeting that carries the log is the view this socket's key sees: the seat's, or a spectator's)
        if (log) this.#awaitView = false;
        this.accept(g, events, log ?? undefined);
        if (log === undefined) this.#noLiveLog();
      },
      onStatus: (s) => {
        this.live = s;
        if (s === "connecting") this.#waitForGreeting();
        else if (s === "closed") this.#noLiveLog();
        this.redraw();
      },
      onError: (code) => {
        if (this.#liveLog === "waiting") this.#noLiveLog();
        // The key sits nowhere here: read the view once over HTTP, whose answer tells a key the
        // server no longer knows (401: forgotten, see reload) from another player's (a spectator's view).
        if (code === "UNAUTHORIZED" && this.#identity && !this.#viewRead) void this.reload();
      },
      onRevoked: () => this.deviceSignedOut(),
      onTalk: (some) => {
        if (some) this.showTalk(false);
      },
      logAfter: () => this.log.at(-1)?.index ?? 0,
    });
    // Painted at once; the socket (connecting by now) greets with the seat's view and the log.
    if (first) this.accept(first);
    this.#stopLive = () => {
      stop();
      this.#cancelGreetingWait();
      this.#cancelLogRetry();
      this.#cancelFade();
    };
    return () => {
      this.#stopLive?.();
      this.#stopLive = null;
    };
  }

  /** Show table talk's panel (`asked`: with its button, and the focus goes to its box). */
  showTalk(asked: boolean): void {
    if (this.talk === "panel") return;
    this.talk = "panel";
    this.talkAsked = asked;
    this.redraw();
  }

  /** The page's profile changed (signed in, out, or another one): follow the game as it. */
  setIdentity(identity: Identity | null): void {
    const token = this.#identity?.token;
    this.#identity = identity;
    if (identity) this.signedOut = null;
    if (token !== identity?.token && this.#stopLive) this.start();
  }

  /** The page's language (the page re-renders in it): under the Moonlight its part (and texts) are loaded in it. */
  setLang(lang: string): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.#loadMoon();
  }

  #loadMoon(): void {
    const lang = this.lang;
    if (this.moonPlay) this.#moonRules(this.moonPlay);
    if (!this.view?.state?.moon || !lang || this.#moonLang === lang) return;
    this.#moonLang = lang;
    this.#deps.loadMoon(lang).then(
      (m) => {
        if (lang !== this.lang) return;
        const first = !this.moon;
        this.moon = m;
        this.#statesOf = null;
        if (this.#moonPlayWanted) this.#loadMoonPlay();
        // (the game can now be shown; whether its turn is planned now, the view says again)
        if (first && this.view) this.accept(this.view);
        else this.redraw();
      },
      () => {
        this.#moonLang = "";
      },
    );
  }

  /**
   * Under the Moonlight what a turn is planned with is a part of its own (../moon/play.tsx), the
   * expansion's engine and the rules, which the page shows a game without: it comes when the rules
   * would (`#loadRules`) or the history is replayed, once the part the page shows has come.
   */
  #loadMoonPlay(): void {
    const ui = this.moon;
    if (!ui) {
      this.#moonPlayWanted = true;
      return;
    }
    if (this.moonPlay || this.#moonPlayAsked) return;
    this.#moonPlayAsked = true;
    this.#deps.loadMoonPlay(ui).then(
      (p) => {
        this.moonPlay = p;
        this.#statesOf = null;
        // The rules have come: the planned turn (restored, or a fresh one) can now be checked.
        if (this.#moonRules(p) && this.view) this.accept(this.view);
        else this.redraw();
      },
      () => {
        this.#moonPlayAsked = false;
        this.#rulesFailed();
      },
    );
  }

  /**
   * Under the Moonlight the rules come with its part a turn is planned with (`m.rules`), and are the
   * page's once the seat's animal's abilities have come too (../moon/play.tsx `animalReady`): a turn
   * planned before, restored without them, would be lost. Returns whether they are.
   */
  #moonRules(m: MoonPlay): boolean {
    // (every animal's the view names once the history is replayed)
    const ready = m.animalReady(
      this.view?.state,
      this.seat(),
      () => {
        this.#statesOf = null;
        if (this.moonPlay === m && this.view && this.#moonRules(m)) this.accept(this.view);
      },
      !!this.history,
    );
    if (ready) this.rules ??= m.rules;
    else this.rules = null;
    return ready;
  }

  /**
   * Whether the page needs the rules for `v` now: to plan this seat's turn once the page is touched
   * or something was pressed (`prepareTurn`), or at once when the browser keeps a turn planned for
   * it (shown as planned). Under the Moonlight its part brings them. Replaying the history needs
   * only ./history.ts (`#needsHistory`).
   */
  #needsRules(v: GameView, seat: number): boolean {
    const s = v.state;
    if (!s || v.status !== "active" || seat < 0 || s.current !== seat) return false;
    return this.#touched || this.#whenRules.length > 0 || !!this.#savedPlan(seat);
  }

  /**
   * The page was touched — a pointer down, a key, the focus coming in (./page.tsx): the rules a turn
   * is planned with are fetched now if it is this seat's turn (or when it becomes so). The page's
   * first view and its turn panel need none of them, and most visits only look (docs/web.md
   * "Weights": they are 6.6 KB gz a page would otherwise fetch at once); the pointer goes down
   * before its click, so they are usually there when the tap is taken, and what is pressed
   * before they come waits for them (`#afterRules`).
   */
  prepareTurn = (): void => {
    if (this.#touched) return;
    this.#touched = true;
    const v = this.view;
    if (v && this.#needsRules(v, this.seat())) this.#loadRules();
  };

  /** Your turn without the rules yet: `f` is done once they come (in order, after the plan is made); false when it is not your turn. */
  #afterRules(f: () => void): boolean {
    const v = this.view;
    const seat = this.seat();
    if (this.rules || !v?.state || v.status !== "active" || seat < 0 || v.state.current !== seat) return false;
    this.#whenRules.push(f);
    this.prepareTurn();
    this.#loadRules();
    return true;
  }

  /** The rules came and the plan is made: what was pressed meanwhile is done now (dropped when the turn went). */
  #pressedMeanwhile(): void {
    if (!this.#whenRules.length) return;
    if (!this.plan) {
      if (!this.#needsRules(this.view!, this.seat())) {
        this.#whenRules = [];
        this.selected = null;
      }
      return;
    }
    if (!this.rules) return;
    const pressed = this.#whenRules;
    this.#whenRules = [];
    // (a cell chosen meanwhile was only marked: it is chosen now)
    this.selected = null;
    for (const f of pressed) f();
  }

  /**
   * The rules could not be fetched: what was pressed and waits for them (offline, say, on a device
   * that has not planned a turn before) is dropped, and the page says the network failed; the next
   * press tries again.
   */
  #rulesFailed(): void {
    if (!this.#whenRules.length) return;
    this.#whenRules = [];
    this.selected = null;
    this.setNotice({ kind: "error", text: t.networkError });
  }

  #loadRules(): void {
    // (under the Moonlight they come with its part a turn is planned with)
    if (this.view?.state?.moon) {
      this.#loadMoonPlay();
      return;
    }
    if (this.rules || this.#rulesAsked) return;
    this.#rulesAsked = true;
    this.#deps.rules.load().then(
      (r) => {
        this.rules = r;
        this.#statesOf = null;
        // The rules have come: the planned turn (restored, or a fresh one) can now be checked.
        if (this.view) this.accept(this.view);
        else this.redraw();
      },
      () => {
        this.#rulesAsked = false;
        this.#rulesFailed();
      },
    );
  }

  /**
   * Whether the page needs the history replayed for `v` now: a moment of it (an address with ?ply=),
   * a finished game's or a practice game's review (the coach reads the replayed states). Otherwise
   * it comes when the history is first touched (`prepareReplay`).
   */
  #needsHistory(v: GameView, seat: number): boolean {
    if (!v.state || v.status === "waiting") return false;
    return this.ply !== null || v.status === "finished" || (!!v.practice && seat >= 0);
  }

  #loadHistory(): void {
    // (a Moonlight game replays with the expansion's engine and its animals' abilities)
    if (this.view?.state?.moon) this.#loadMoonPlay();
    if (this.history || this.#historyAsked) return;
    this.#historyAsked = true;
    this.#deps.history.load(!!this.view?.state?.moon).then(
      (h) => {
        this.history = h;
        this.#statesOf = null;
        if (this.moonPlay) this.#moonRules(this.moonPlay);
        this.redraw();
      },
      () => {
        this.#historyAsked = false;
      },
    );
  }

  /** The history is about to be replayed (a pointer, the keyboard or focus on it): it is fetched. */
  prepareReplay = (): void => this.#loadHistory();

  async reload(): Promise<void> {
    this.#viewRead = true;
    try {
      const v = await this.#deps.game(this.id);
      this.failure = null;
      this.accept(v);
    } catch (e) {
      if (isRevoked(e)) return this.deviceSignedOut();
      // A key the server no longer knows (a deleted profile, a wiped local database) is forgotten;
      // the page then shows the game as a spectator sees it.
      if (e instanceof ApiError && e.status === 401 && this.#identity) return this.#signedOut();
      if (!this.view) {
        this.failure = e instanceof ApiError && e.status === 404 ? t.notFound : errorText(e);
        this.redraw();
      }
    }
  }

  /** The seat this page plays (-1: watching). */
  seat(): number {
    return seatOf(this.view, this.#identity?.id);
  }

  /**
   * This device was signed out of its profile from another one (the server said DEVICE_REVOKED on
   * the socket or to any request): the page says so at once, forgets the key (the app's
   * `signedOut`) and follows the game as a spectator. The planned turn is not discarded: it stays
   * in the browser under its seat, and comes back when that profile signs in on this device again.
   */
  deviceSignedOut = (): void => {
    const who = this.#identity;
    if (!who) return;
    this.signedOut = { id: who.id, name: who.name };
    try {
      this.#deps.storage?.setItem(SIGNED_OUT_KEY, JSON.stringify(this.signedOut));
    } catch {
      /* storage blocked: this page says it */
    }
    this.#identity = null;
    this.plan = null;
    this.#planned = null;
    this.notice = null;
    this.#signedOut();
    if (this.#stopLive) this.start();
    this.redraw();
  };

  /** Player names by seat. */
  names(): string[] {
    return this.view ? this.view.seats.map((s) => s.player?.name ?? `#${s.seat + 1}`) : [];
  }

  /**
   * Take a newer view of the game (from a fetch, the socket, or a reply) and keep the planned turn
   * consistent; `log`: the log the socket carried with it (contract LiveLog).
   */
  accept = (incoming: GameView, events: GameEvent[] = [], log?: LiveLog): void => {
    const old = this.view;
    const fresh = this.#fresh;
    const took = log ? this.#takeLog(log) : false;
    // The socket greets with the game as a spectator sees it, before it has read this page's key
    // (src/game/live.ts: the seat's view follows the key's check): over the seat's view of the same
    // version, that greeting would take away what the seat sees (What next, a Moonlight deal) until
    // the check answers — and for good if it never does.
    const older = !!old && !fresh && incoming.version < old.version;
    if (older || (old?.you && !fresh && !incoming.you && incoming.version === old.version && this.seat() >= 0)) {
      if (took) this.redraw();
      return;
    }
    this.#fresh = false;
    let v = incoming;
    if (!v.invite && old?.invite && v.status === "waiting") v = { ...v, invite: old.invite };
    const started = !!v.state && v.status !== "waiting";
    this.view = v;
    const touched = events.flatMap((e) =>
      e.type === "placed" || e.type === "planted" || e.type === "grew" || e.type === "collected" ? actionCells(e) : [],
    );
    if (touched.length) this.lastCells = touched;
    const seat = this.seat();
    // The service played for this player: say so (the log tells the rest).
    const timedOut =
      seat >= 0 &&
      events.some(
        (e) => (e as { type: string; seat?: number }).type === "timedOut" && (e as { seat?: number }).seat === seat,
      );
    if (timedOut) this.#say("warn", "youTimedOut");
    this.#loadMoon();
    if (this.#needsRules(v, seat)) this.#loadRules();
    if (this.#needsHistory(v, seat)) this.#loadHistory();
    // The log follows the game's version: from the socket while it brings it, else over HTTP (one
    // read a version, as the bench's page visit counts it). A fresh start reads on from the last entry.
    if (started) this.#catchUpLog();
    this.#followPlan(v, seat, timedOut);
    this.#pressedMeanwhile();
    // A turn planned and gone by: the log, whole up to this view, says whether it was played as planned.
    if (this.#logVersion >= v.version) this.#judge();
    this.redraw();
  };

  /**
   * The log the socket carried: the entries after the page's last are added (the same entries GET
   * …/log would answer this page). One that starts after the page's last entry (some were missed),
   * or that goes on past what a message carries, is read on over HTTP.
   */
  #takeLog(log: LiveLog): boolean {
    const last = this.log.at(-1)?.index ?? 0;
    if (log.replay) this.replayOptions = log.replay.options as GameOptionsInput;
    if (log.after > last) {
      void this.loadLog();
      return !!log.replay;
    }
    const fresh = log.entries.filter((e) => e.index > last);
    if (fresh.length) this.log = [...this.log, ...fresh];
    if (log.next !== null) void this.loadLog();
    else this.#logVersion = Math.max(this.#logVersion, log.version);
    return fresh.length > 0 || !!log.replay;
  }

  /**
   * A socket is connecting: its greeting brings the log. One that neither greets nor closes within
   * GREETING_WAIT_MS (a connection left hanging, a key check that does not answer) leaves it to HTTP.
   */
  #waitForGreeting(): void {
    this.#liveLog = "waiting";
    this.#cancelGreetingWait();
    this.#cancelGreetingWait = this.#deps.later(() => {
      if (this.#liveLog === "waiting") this.#noLiveLog();
    }, GREETING_WAIT_MS);
  }

  /** The socket will not bring the log (closed, or it did not greet with it): read what is missing over HTTP. */
  #noLiveLog(): void {
    this.#cancelGreetingWait();
    this.#liveLog = "no";
    if (this.#awaitView) {
      this.#awaitView = false;
      void this.reload();
    }
    if (this.view?.state && this.view.status !== "waiting") this.#catchUpLog();
  }

  /** Read the log up to the view's version over HTTP, unless the socket brings it. */
  #catchUpLog(): void {
    const v = this.view;
    if (!v || v.version <= this.#logVersion || v.version === this.#logAsked || this.#liveLog !== "no") return;
    this.#logAsked = v.version;
    void this.loadLog();
  }

  /** The planned turn after a new view: kept, restored, rebased, or said lost. */
  #followPlan(v: GameView, seat: number, timedOut: boolean): void {
    // Planned actions lost: they no longer apply to this turn, or the turn is over (played elsewhere, timed out).
    const lost = (sameTurn: boolean) =>
      sameTurn
        ? this.#say("warn", "planDropped")
        : timedOut
          ? this.#say("warn", "youTimedOut", "planGone")
          : this.#say("warn", "planGone");
    // Under the Moonlight the game is shown with its part (see #loadMoon): the plan waits for it.
    if (v.state?.moon && !this.moon) return;
    let current = this.plan;
    const myTurn = !!v.state && v.status === "active" && seat >= 0 && v.state.current === seat;
    // This seat's turn again, but another one (it ended a round and opens the next): the planned one is over.
    const over = !!current && !!v.state && turnOf(current.base) !== turnOf(v.state);
    // What the browser kept (from before a reload or a closed tab, or from another tab): read when
    // nothing is planned in this page yet, or when the turn is over.
    const kept = seat >= 0 && (!current || !myTurn) ? this.#savedPlan(seat) : null;
    const saved = kept && kept.version <= v.version ? kept : null;
    if (!myTurn || !v.state || over) {
      // Not this seat's turn (any more): what was planned for it, here or in another tab, is over.
      // Played as planned (sent from another tab) or lost: the log, read for this version, tells.
      const planned = current?.actions.length
        ? { version: current.baseVersion, actions: current.actions }
        : saved?.actions.length
          ? saved
          : this.#planned;
      // (Not while this page sends it: its own answer tells.)
      if (this.sending) this.#verdict = null;
      else if (planned && seat >= 0 && !timedOut) this.#verdict = { ...planned, seat };
      else if (planned) lost(false);
      this.#planned = null;
      if (current || saved) {
        this.#setPlan(null);
        this.selected = null;
      }
      current = null;
    }
    if (!myTurn || !v.state) return;
    // The rules check a plan: it waits for them (see #loadRules).
    const rules = this.rules;
    if (!rules) return;
    if (!current) {
      // Another tab planned on a newer view than this page has yet: wait for that view.
      if (kept && !saved) return;
      // A new turn of yours: the news of the last one ("Turn sent.") is over.
      if (this.notice?.kind === "info") this.notice = null;
      // A turn planned before comes back if it is still this turn and still applies.
      const r = restore(rules, saved, v.state, v.version, seat);
      this.#setPlan(r.plan);
      if (!r.kept) lost(turnOf(v.state) === saved?.turn);
    } else if (current.baseVersion !== v.version || (current.actions.length === 0 && current.base !== v.state)) {
      // A newer view of the game (an empty plan follows it too: the same version may come with more
      // to see, e.g. your own Moonlight deal): the plan still holds if its actions still apply.
      const r = rules.rebase(current, v.state, v.version, seat);
      this.#setPlan(r.plan);
      if (!r.kept) lost(turnOf(v.state) === turnOf(current.base));
    }
  }

  /** Another tab of this browser changed the planned turn (a storage event): this one follows it. */
  storageChanged(key: string | null, value: string | null): void {
    const v = this.view;
    const seat = this.seat();
    if (!v?.state || seat < 0 || key !== planKey(this.id, seat)) return;
    if (v.status !== "active" || v.state.current !== seat) return;
    // (without the rules yet: they come now, and with them the plan the browser keeps)
    if (!this.rules) {
      this.#loadRules();
      return;
    }
    const saved = readSavedPlan(value);
    const r = restore(this.rules, saved, v.state, v.version, seat);
    if (!r.kept) return;
    // (Another tab removing its plan, as it does once it sent it, leaves what was planned to be judged.)
    if (r.plan.actions.length) this.#planned = { version: r.plan.baseVersion, actions: r.plan.actions };
    this.plan = r.plan;
    this.selected = null;
    this.redraw();
  }

  /** The log is fetched incrementally; one fetch at a time, and another round if the game moved meanwhile. */
  async loadLog(): Promise<void> {
    if (this.#logBusy) {
      this.#logAgain = true;
      return;
    }
    this.#logBusy = true;
    try {
      do {
        this.#logAgain = false;
        for (let guard = 0; guard < 50; guard++) {
          const r = await this.#deps.log(this.id, this.log.at(-1)?.index ?? 0);
          if (r.replay) this.replayOptions = r.replay.options as GameOptionsInput;
          const fresh = r.entries.filter((e) => e.index > (this.log.at(-1)?.index ?? 0));
          if (fresh.length) this.log = [...this.log, ...fresh];
          if (fresh.length || r.replay) this.redraw();
          if (!r.next || r.entries.length === 0) {
            if (typeof r.version === "number") this.#logVersion = Math.max(this.#logVersion, r.version);
            break;
          }
        }
      } while (this.#logAgain);
      this.#judge();
    } catch (e) {
      if (isRevoked(e)) return this.deviceSignedOut();
      // The log is a nicety: try again a little later (or on the next change).
      this.#cancelLogRetry = this.#deps.later(() => void this.loadLog(), 3000);
    } finally {
      this.#logBusy = false;
    }
  }

  /**
   * A planned turn whose turn went by: this seat's first turn in the log after the plan's version
   * is the turn played. The same actions: it was played as planned (another tab of this browser
   * sent it; that tab said "Turn sent."), so say so; otherwise the plan is lost.
   */
  #judge(): void {
    const p = this.#verdict;
    if (!p) return;
    this.#verdict = null;
    void this.#deps.played(this.log, p).then(
      (ok) => (ok ? this.#say("info", "planPlayed") : this.#say("warn", "planGone")),
      () => {},
    );
  }

  // ---- the planned turn ------------------------------------------------------------------------

  #savedPlan(seat: number): SavedPlan | null {
    try {
      return readSavedPlan(this.#deps.storage?.getItem(planKey(this.id, seat)) ?? null);
    } catch {
      return null;
    }
  }

  /** The planned turn, also kept in the browser for the seat the page plays. */
  #setPlan(plan: Plan | null): void {
    this.plan = plan;
    if (plan) this.#planned = plan.actions.length ? { version: plan.baseVersion, actions: plan.actions } : null;
    const seat = this.seat();
    if (seat < 0 || !this.#deps.storage) return;
    try {
      const saved = plan && planToSave(plan);
      if (saved) this.#deps.storage.setItem(planKey(this.id, seat), JSON.stringify(saved));
      else this.#deps.storage.removeItem(planKey(this.id, seat));
    } catch {
      /* storage blocked or full: the plan lives as long as the page */
    }
  }

  /** Add an action to the planned turn (the engine checks it). */
  add = (a: Action): void => {
    if (this.#afterRules(() => this.add(a))) {
      this.redraw();
      return;
    }
    if (!this.plan || !this.rules) return;
    const r = this.rules.planAdd(this.plan, a);
    if ("error" in r) this.notice = { kind: "error", text: r.error };
    else {
      this.#setPlan(r);
      this.notice = null;
    }
    this.selected = null;
    this.moonPick = null;
    this.redraw();
    this.#deps.focus("turn");
  };

  /** Undo (or with `redo`, redo) the last planned action; false when there is none. */
  undo = (redo = false): boolean => {
    const pl = this.plan;
    if (!pl || this.sending || (redo ? pl.redo.length === 0 : pl.actions.length === 0)) return false;
    this.#setPlan(redo ? planRedo(pl) : planUndo(pl));
    this.selected = null;
    this.redraw();
    return true;
  };

  /** Start the planned turn over. */
  reset = (): void => {
    if (!this.plan) return;
    this.#setPlan(newPlan(this.plan.base, this.plan.baseVersion));
    this.selected = null;
    this.redraw();
  };

  /** A cell was chosen on the board: the action it makes, or the cell chosen (again: put down). */
  choose = (label: string): void => {
    const f = this.frame();
    if (!f || f.replaying) return;
    // Your turn without the rules yet: the cell is marked now and chosen once they come.
    if (f.yourTurn && !f.myTurn && this.#afterRules(() => this.choose(label))) {
      this.selected = label;
      this.redraw();
      return;
    }
    const a = f.myTurn ? this.#actionAt(f, label) : null;
    if (a) this.add(a);
    else if (!this.moonPick || !f.myTurn) {
      this.selected = this.selected === label ? null : label;
      this.redraw();
    }
  };

  /** What choosing `label` does on your turn: an action, or (Moonlight) the aim taken further. */
  #actionAt(f: Frame, label: string): Action | null {
    const { shown, legal } = f;
    const mc = this.moonPlay?.moonClick(shown, legal, this.moonPick, label, this.selected);
    if (mc && "pick" in mc) {
      this.moonPick = mc.pick;
      this.redraw();
      return null;
    }
    if (mc) return mc.action;
    this.moonPick = null;
    const sel = this.selected;
    const plant =
      sel && f.focus?.targets.includes(label)
        ? legal.find((x) => x.type === "plant" && actionCells(x)[0] === sel && actionCells(x)[1] === label)
        : undefined;
    const place =
      shown.phase === "setup" ? legal.find((x) => x.type === "place" && actionCells(x)[0] === label) : undefined;
    return plant ?? place ?? null;
  }

  /** Put the chosen cell down. */
  unselect = (): void => {
    this.selected = null;
    this.redraw();
  };

  /** Under the Moonlight: aim the move or an ability at cells (null: stop aiming). */
  setMoonPick = (x: MoonPick | null): void => {
    this.moonPick = x;
    this.selected = null;
    this.redraw();
  };

  /** Practice games: the strong bot's turn, loaded as the planned turn (undo takes it back). */
  hint = async (): Promise<void> => {
    if (this.#afterRules(() => void this.hint())) {
      this.redraw();
      return;
    }
    try {
      const pl = this.plan && (await this.#deps.hint(this.id, this.plan));
      if (pl) {
        this.#setPlan(pl);
        this.selected = null;
        this.redraw();
      }
    } catch (e) {
      if (isRevoked(e)) this.deviceSignedOut();
      else this.setNotice({ kind: "error", text: errorText(e) });
    }
  };

  /** Send the planned turn (on the socket, else over HTTP: ./live.ts), under one Idempotency-Key per plan. */
  submit = async (): Promise<void> => {
    const pl = this.plan;
    const seat = this.seat();
    if (this.#afterRules(() => void this.submit())) {
      this.redraw();
      return;
    }
    if (!pl || !this.rules || this.sending) return;
    const toSend = this.rules.turnToSubmit(pl, seat);
    if (toSend.length === 0) return;
    const fingerprint = `${pl.baseVersion}:${JSON.stringify(toSend)}`;
    if (this.#sentKey?.plan !== fingerprint) this.#sentKey = { plan: fingerprint, key: this.#deps.randomKey() };
    this.sending = true;
    this.notice = null;
    this.redraw();
    try {
      const r = await this.#deps.sendTurn(this.id, pl.baseVersion, toSend, this.#sentKey.key);
      this.#setPlan(null);
      this.#planned = null;
      this.selected = null;
      this.accept(r.game, r.events ?? []);
      this.#say("info", "turnSent");
      this.#deps.focus("status");
    } catch (e) {
      // Signed out meanwhile: the plan stays in the browser for that profile (deviceSignedOut).
      if (isRevoked(e)) return this.deviceSignedOut();
      // What a refusal means comes with the parts below the first paint (./refused.ts): rare, and loaded by then.
      await this.#deps.refused(this, e, pl);
    } finally {
      this.sending = false;
      this.redraw();
    }
  };

  resign = async (): Promise<void> => {
    if (!this.#deps.confirm(t.resignConfirm)) return;
    this.busy = true;
    this.redraw();
    try {
      const v = viewOf(await this.#deps.resign(this.id));
      if (v) this.accept(v);
      else void this.reload();
    } catch (e) {
      if (isRevoked(e)) this.deviceSignedOut();
      else this.setNotice({ kind: "error", text: errorText(e) });
    } finally {
      this.busy = false;
      this.redraw();
    }
  };

  // ---- what the page shows ----------------------------------------------------------------------

  /** Good news fades by itself (4 s); warnings and errors stay until closed. */
  setNotice = (n: Notice | null): void => {
    this.#cancelFade();
    this.notice = n;
    if (n?.kind === "info") this.#cancelFade = this.#deps.later(() => this.notice === n && this.setNotice(null), 4000);
    this.redraw();
  };

  /**
   * Says texts of the later parts: a page that has just opened may not have them yet (its first
   * view can say a plan was lost, before the parts below the first paint came): said once they have.
   */
  #say(kind: Notice["kind"], ...keys: PartText[]): void {
    // (the parts' texts come together: all of them or none)
    const words = () => (t[keys[0]] ? keys.map((k) => t[k]).join(" ") : "");
    const n: Notice = { kind, text: words() };
    this.setNotice(n);
    if (!n.text)
      void loadPartTexts(false).then(
        () => {
          n.text = words();
          this.redraw();
        },
        () => {},
      );
  }

  setPrefs = (x: Partial<Prefs>): void => {
    this.prefs = { ...this.prefs, ...x };
    try {
      this.#deps.storage?.setItem(PREFS_KEY, JSON.stringify(this.prefs));
    } catch {
      /* ignore */
    }
    this.redraw();
  };

  /** Step through the history (null: back to the game as it is). */
  setPly = (ply: number | null): void => {
    this.ply = ply;
    if (ply !== null) this.#loadHistory();
    this.#deps.setUrlPly(ply);
    this.redraw();
  };

  /**
   * Every state of the game as this viewer saw it, for the replay scrubber (the engine's
   * replayView: under the Moonlight the seed stays secret until the end, so nothing hidden is shown);
   * null while it cannot be replayed (then the scrubber is not offered).
   */
  states(): GameState[] | null {
    const v = this.view;
    const viewer = this.seat() >= 0 ? this.seat() : null;
    const history = this.history;
    const key = [this.log, v?.state?.options.players, viewer, this.replayOptions, this.moonPlay, history];
    if (this.#statesOf?.key.every((k, i) => k === key[i])) return this.#statesOf.states;
    let states: GameState[] | null = null;
    // A Moonlight game replays once its part a turn is planned with (which plugs the expansion's
    // play into the engine) is loaded, with every animal's abilities.
    if (history && v?.state && this.log.length && (!v.state.moon || this.moonPlay?.animalsEntered(v.state))) {
      const all = history.replayStates(v.state, this.log, viewer, this.replayOptions);
      // Only offer the replay when it lands exactly on the game as the server has it.
      const last = all?.at(-1);
      const off = this.log.length === v.state.ply && JSON.stringify(last?.cells) !== JSON.stringify(v.state.cells);
      states = last && !off ? all : null;
    }
    this.#statesOf = { key, states };
    return states;
  }

  /**
   * Whether the history can be replayed: its states are there, or (its replay not loaded yet) the
   * log is, and touching the history loads it (`prepareReplay`).
   */
  canReplay(): boolean {
    const s = this.view?.state;
    if (this.history || !s) return this.states() !== null;
    // (a Moonlight game replays once its part is there too)
    return this.log.length > 0 && (!s.moon || !!this.moon);
  }

  /** The game in play as the page shows it (null while there is none to show, or its rules have not come). */
  frame(): Frame | null {
    const view = this.view;
    if (!view?.state || view.status === "waiting" || (view.state.moon && !this.moon)) return null;
    const seat = this.seat();
    const states = this.states();
    const ply = this.ply;
    const replaying = ply !== null && states !== null && ply < states.length - 1;
    const plan = this.plan;
    const rules = this.rules;
    const yourTurn = !replaying && view.status === "active" && seat >= 0 && view.state.current === seat;
    const myTurn = yourTurn && plan !== null && rules !== null;
    const shown = replaying ? states[ply] : myTurn ? rules.planState(plan) : view.state;
    const legal = myTurn && shown.current === seat && shown.phase !== "ended" ? rules.legalActions(shown) : [];
    const selected = this.selected;
    const focus = selected && myTurn ? rules.cellFocus(shown, legal, selected) : null;
    const setupTargets =
      myTurn && shown.phase === "setup" ? legal.filter((a) => a.type === "place").map((a) => actionCells(a)[0]) : [];
    const replayLast = replaying && ply > 0 ? actionCells(this.log[ply - 1].entry) : [];
    const highlights = boardHighlights(shown, {
      selected,
      focus,
      setupTargets,
      last: replaying ? replayLast : myTurn && plan.actions.length ? [] : this.lastCells,
    });
    // Your own pieces that can act get a light outline, so it is clear where to start.
    if (myTurn && !selected)
      for (const a of legal) {
        const s = a.type === "grow" || a.type === "collect" || a.type === "plant" ? actionCells(a)[0] : null;
        if (s && !highlights[s]) highlights[s] = "source";
      }
    // Under the Moonlight: the expansion's placements, the targets of the move or ability being
    // aimed, or (no cell chosen) where the animal may move.
    if (myTurn && this.moonPlay)
      for (const l of this.moonPlay.moonHighlights(shown, legal, this.moonPick, selected)) highlights[l] = "target";
    const complete =
      myTurn &&
      (shown.current !== seat ||
        shown.phase !== view.state.phase ||
        (shown.phase === "setup" && plan.actions.length > 0));
    return {
      seat,
      replaying,
      yourTurn,
      myTurn,
      shown,
      legal,
      focus,
      highlights,
      info: roundInfo(shown),
      panels: playerPanels({ ...view, you: seat >= 0 ? { seat } : null }, shown),
      complete,
    };
  }
}
