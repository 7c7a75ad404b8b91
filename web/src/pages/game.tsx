/** The game page: lobby while waiting; board, players, turn planning, live updates and history. */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  applyAction,
  legalActions,
  type Action,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
} from "../../../src/engine/base";
import { boardCells, type Highlight, type Theme } from "../../../src/render/base";
import { api, ApiError, randomKey, viewOf } from "../api";
import { Link } from "../nav";
import { errorText } from "../errors";
import { listOf, t } from "../i18n";
import { follow, sendTurn, type LiveStatus } from "../live";
import {
  actionCells,
  boardHighlights,
  buyChoices,
  cellFocus,
  logActions,
  newPlan,
  planAdd,
  planRedo,
  planState,
  planUndo,
  playerPanels,
  readSavedPlan,
  planToSave,
  rebase,
  replayStates,
  restorePlan,
  roundInfo,
  seatOf,
  stacksView,
  turnToSubmit,
  vacationOf,
  type Choice,
  turnOf,
  type Plan,
  type SavedPlan,
} from "../model";
import { saw, setTitle } from "../title";
import { boardText, durationText, eventText, relativeTime, seatLabel, whenText } from "../text";
import type { GameView, Identity, LogEntryView } from "../types";
import { Board } from "../ui/board";
import { Glyph } from "../ui/icons";
import { lazy } from "../ui/lazy";
import { Icon, PlayerCard, Stacks } from "../ui/players";
import { loadPart } from "../ui/part";
import { useUrlPly } from "../ply-url";
import { useMoonUi, type MoonPick } from "../moon/load";

// Chunks of their own: the lobby (a game in play does not need it), and what lies below a turn's
// first paint (the log with the replay scrubber, going away, the final scores, the notifications box).
const more = () => loadPart("more", import("./game-more"));
const Lobby = lazy(
  () => loadPart("lobby", import("./lobby")).then((m) => m.Lobby),
  () => <p class="card center muted">{t.loading}</p>,
);
const GameLog = lazy(() => more().then((m) => m.GameLog));
const Away = lazy(() => more().then((m) => m.Away));
const HandOver = lazy(() => more().then((m) => m.HandOver));
const FinalScores = lazy(() => more().then((m) => m.FinalScores));
const NotifyBox = lazy(() => more().then((m) => m.NotifyBox));
const BoardLegend = lazy(() => more().then((m) => m.BoardLegend));
const Talk = lazy(() => import("../talk/panel").then((m) => m.TalkPanel));

interface Props {
  id: string;
  invite: string | null;
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  lang: string;
}

interface Notice {
  kind: "info" | "error" | "warn";
  text: string;
}

const PREFS_KEY = "canopy.prefs";
interface Prefs {
  preview: boolean;
  labels: boolean;
}
function loadPrefs(): Prefs {
  try {
    return { preview: false, labels: false, ...JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") };
  } catch {
    return { preview: false, labels: false };
  }
}

/**
 * Where the browser keeps the turn planned for `seat` in a game until it is sent, so it survives a
 * reload and a closed tab (issue 13). Removed when the turn is sent or the game moved on without it.
 */
const planKey = (gameId: string, seat: number) => `canopy.plan.${gameId}.${seat}`;
function loadSavedPlan(key: string): SavedPlan | null {
  try {
    return readSavedPlan(localStorage.getItem(key));
  } catch {
    return null;
  }
}
function keepPlan(key: string, plan: Plan | null): void {
  try {
    const saved = plan && planToSave(plan);
    if (saved) localStorage.setItem(key, JSON.stringify(saved));
    else localStorage.removeItem(key);
  } catch {
    /* storage blocked or full: the plan lives as long as the page */
  }
}

function theme(): Theme {
  return typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function GamePage(p: Props) {
  const [view, setView] = useState<GameView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [plan, setPlanState] = useState<Plan | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [live, setLive] = useState<LiveStatus>("connecting");
  const [sending, setSending] = useState(false);
  const [prefs, setPrefsState] = useState<Prefs>(loadPrefs);
  const [lastCells, setLastCells] = useState<string[]>([]);
  const [log, setLog] = useState<LogEntryView[]>([]);
  // Once the game has ended the server sends the options with the seed: the history is then replayed exactly.
  const [replayOptions, setReplayOptions] = useState<GameOptionsInput | null>(null);
  const [ply, setPly] = useUrlPly();
  const [busy, setBusy] = useState(false);
  // Under the Moonlight (a chunk loaded for such games): the ability or move being aimed at cells.
  const [moonPick, setMoonPick] = useState<MoonPick | null>(null);
  const moonUi = useMoonUi(!!view?.state?.moon, p.lang);

  const viewRef = useRef<GameView | null>(null);
  const planRef = useRef<Plan | null>(null);
  const idRef = useRef(p.identity);
  idRef.current = p.identity;
  const keyRef = useRef<{ plan: string; key: string } | null>(null);
  const logRef = useRef<LogEntryView[]>([]);
  const moonReady = useRef(false);
  moonReady.current = !!moonUi;

  /** The planned turn, also kept in the browser for the seat the page plays. */
  const setPlan = (pl: Plan | null) => {
    planRef.current = pl;
    setPlanState(pl);
    const seat = seatOf(viewRef.current, idRef.current?.id);
    if (seat >= 0) keepPlan(planKey(p.id, seat), pl);
  };
  const setPrefs = (x: Partial<Prefs>) => {
    const next = { ...prefs, ...x };
    setPrefsState(next);
    try {
      localStorage.setItem(PREFS_KEY, JSON.stringify(next));
    } catch {
      /* ignore */
    }
  };

  /** Take a newer view of the game (from a fetch, the socket, or a reply) and keep the planned turn consistent. */
  const accept = (incoming: GameView, events: GameEvent[] = []): void => {
    const old = viewRef.current;
    if (old && incoming.version < old.version) return;
    let v = incoming;
    if (!v.invite && old?.invite && v.status === "waiting") v = { ...v, invite: old.invite };
    viewRef.current = v;
    setView(v);
    const touched = events.flatMap((e) =>
      e.type === "placed" || e.type === "planted" || e.type === "grew" || e.type === "collected" ? actionCells(e) : [],
    );
    if (touched.length) setLastCells(touched);
    const seat = seatOf(v, idRef.current?.id);
    // The service played for this player: say so (the log tells the rest).
    const timedOut =
      seat >= 0 &&
      events.some(
        (e) => (e as { type: string; seat?: number }).type === "timedOut" && (e as { seat?: number }).seat === seat,
      );
    if (timedOut) setNotice({ kind: "warn", text: t.youTimedOut });
    // Planned actions lost: they no longer apply to this turn, or the turn is over (played elsewhere, timed out).
    const lost = (sameTurn: boolean) =>
      setNotice({
        kind: "warn",
        text: sameTurn ? t.planDropped : timedOut ? `${t.youTimedOut} ${t.planGone}` : t.planGone,
      });
    // Under the Moonlight the rules come with the game's chunk: the plan waits for it (see the effect below).
    if (v.state?.moon && !moonReady.current) return;
    const current = planRef.current;
    const myTurn = !!v.state && v.status === "active" && seat >= 0 && v.state.current === seat;
    const key = seat >= 0 ? planKey(p.id, seat) : null;
    // What the browser kept (from before a reload or a closed tab, or from another tab): read when
    // nothing is planned in this page yet, or when the turn is over.
    const kept = key && (!current || !myTurn) ? loadSavedPlan(key) : null;
    const saved = kept && kept.version <= v.version ? kept : null;
    if (!myTurn || !v.state) {
      // Not this seat's turn (any more): what was planned for it, here or in another tab, is discarded.
      if (current?.actions.length || saved?.actions.length) lost(false);
      if (current || saved) {
        setPlan(null);
        setSelected(null);
      }
    } else if (!current) {
      // Another tab planned on a newer view than this page has yet: wait for that view.
      if (kept && !saved) return;
      // A new turn of yours: the news of the last one ("Turn sent.") is over.
      setNotice((n) => (n?.kind === "info" ? null : n));
      // A turn planned before comes back if it is still this turn and still applies.
      const r = saved
        ? restorePlan(saved, v.state, v.version, seat)
        : { plan: newPlan(v.state, v.version), kept: true };
      setPlan(r.plan);
      if (!r.kept) lost(turnOf(v.state) === saved?.turn);
    } else if (current.baseVersion !== v.version || (current.actions.length === 0 && current.base !== v.state)) {
      // A newer view of the game (an empty plan follows it too: the same version may come with more
      // to see, e.g. your own Moonlight deal): the plan still holds if its actions still apply.
      const r = rebase(current, v.state, v.version, seat);
      setPlan(r.plan);
      if (!r.kept) lost(turnOf(v.state) === turnOf(current.base));
    }
  };

  // Another tab of this browser changed the planned turn: this one follows it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      const v = viewRef.current;
      const seat = seatOf(v, idRef.current?.id);
      if (!v?.state || seat < 0 || e.key !== planKey(p.id, seat)) return;
      if (v.status !== "active" || v.state.current !== seat) return;
      const saved = readSavedPlan(e.newValue);
      const r = saved
        ? restorePlan(saved, v.state, v.version, seat)
        : { plan: newPlan(v.state, v.version), kept: true };
      if (!r.kept) return;
      planRef.current = r.plan;
      setPlanState(r.plan);
      setSelected(null);
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, [p.id]);

  // The log is fetched incrementally; one fetch at a time, and another round if the game moved meanwhile.
  const logBusy = useRef(false);
  const logAgain = useRef(false);
  const loadLog = async () => {
    if (logBusy.current) {
      logAgain.current = true;
      return;
    }
    logBusy.current = true;
    try {
      do {
        logAgain.current = false;
        for (let guard = 0; guard < 50; guard++) {
          const after = logRef.current.at(-1)?.index ?? 0;
          const r = await api.log(p.id, after);
          if (r.replay) setReplayOptions(r.replay.options as unknown as GameOptionsInput);
          const fresh = r.entries.filter((e) => e.index > (logRef.current.at(-1)?.index ?? 0));
          if (fresh.length) {
            logRef.current = [...logRef.current, ...fresh];
            setLog(logRef.current);
          }
          if (!r.next || r.entries.length === 0) break;
        }
      } while (logAgain.current);
    } catch {
      // The log is a nicety: try again a little later (or on the next change).
      logRetry.current = setTimeout(() => void loadLog(), 3000);
    } finally {
      logBusy.current = false;
    }
  };
  const logRetry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(logRetry.current), []);

  const reload = async () => {
    try {
      const v = await api.game(p.id);
      setFailure(null);
      accept(v);
    } catch (e) {
      // A key the server no longer knows (a revoked profile, a wiped local database) is forgotten;
      // the page then shows the game as a spectator sees it.
      if (e instanceof ApiError && e.status === 401 && idRef.current) return p.setIdentity(null);
      if (!viewRef.current) setFailure(e instanceof ApiError && e.status === 404 ? t.notFound : errorText(e));
    }
  };

  // Load, then follow live.
  useEffect(() => {
    viewRef.current = null;
    planRef.current = null;
    void reload();
    const stop = follow(p.id, p.identity?.token ?? null, {
      onGame: (g, events) => accept(g, events),
      onStatus: setLive,
    });
    return stop;
  }, [p.id, p.identity?.token]);

  // The Moonlight chunk has come: the planned turn (restored, or a fresh one) can now be checked.
  useEffect(() => {
    if (moonUi && viewRef.current) accept(viewRef.current);
  }, [moonUi]);

  // The log follows the game's version.
  const version = view?.version ?? -1;
  const started = view ? view.status !== "waiting" : false;
  useEffect(() => {
    if (started) void loadLog();
  }, [version, started, p.identity?.token]);

  // The title says when it is your turn (and, through title.ts, how many games wait for you).
  const yours = !!view && view.status === "active" && view.you !== null && view.you.seat === view.toAct;
  useEffect(() => {
    if (!view) return;
    const names = view.seats.map((s) => s.player?.name ?? "?").join(", ");
    setTitle(yours ? `${t.yourTurn} · Canopy · ${names}` : `Canopy · ${names}`);
    saw(view.id, yours);
  }, [view?.id, view?.seats.length, view?.seats.map((s) => s.player?.name).join(), yours, p.lang]);

  // A deadline is shown relative to now: refresh it every 30 s.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!view?.deadline) return;
    const id = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, [view?.deadline]);

  // Good news fades by itself; warnings and errors stay until closed.
  useEffect(() => {
    if (notice?.kind !== "info") return;
    const id = setTimeout(() => setNotice((n) => (n === notice ? null : n)), 4000);
    return () => clearTimeout(id);
  }, [notice]);

  // oEmbed discovery for this page (unless the server already put it in the page's head).
  useEffect(() => {
    if (document.head.querySelector('link[type="application/json+oembed"]')) return;
    const link = document.createElement("link");
    link.rel = "alternate";
    link.type = "application/json+oembed";
    link.href = `/oembed?url=${encodeURIComponent(`${location.origin}/g/${p.id}`)}&format=json`;
    link.title = "Canopy";
    document.head.appendChild(link);
    return () => link.remove();
  }, [p.id]);

  const seat = seatOf(view, p.identity?.id);
  const names = useMemo(() => (view ? view.seats.map((s) => s.player?.name ?? `#${s.seat + 1}`) : []), [view?.seats]);

  // History: every state of the game as this viewer saw it, for the replay scrubber (the engine's
  // replayView: under the Moonlight the seed stays secret until the end, so nothing hidden is shown).
  const actions = useMemo(() => logActions(log), [log]);
  const viewer = seat >= 0 ? seat : null;
  const states = useMemo(() => {
    if (!view?.state || !log.length) return null;
    // A Moonlight game replays once its chunk (which plugs the expansion into the engine) is loaded.
    if (view.state.moon && !moonUi) return null;
    const all = replayStates(view.state, log, viewer, replayOptions);
    // Only offer the replay when it lands exactly on the game as the server has it.
    const last = all?.at(-1);
    if (!last || (log.length === view.state.ply && JSON.stringify(last.cells) !== JSON.stringify(view.state.cells)))
      return null;
    return all;
  }, [log, view?.state?.options.players, viewer, replayOptions, moonUi]);
  const replaying = ply !== null && states !== null && ply < states.length - 1;

  // Ctrl+Z / Ctrl+Y (⌘Z / ⇧⌘Z) undo and redo the planned turn, as the buttons do; not while typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const pl = planRef.current;
      if (!pl || sending || replaying || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      const key = e.key.toLowerCase();
      const redo = key === "y" || (key === "z" && e.shiftKey);
      if (key !== "z" && key !== "y") return;
      if (redo ? pl.redo.length === 0 : pl.actions.length === 0) return;
      e.preventDefault();
      setPlan(redo ? planRedo(pl) : planUndo(pl));
      setSelected(null);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [sending, replaying]);

  if (failure)
    return (
      <div class="card center">
        <p class="error" role="alert">
          {failure}
        </p>
        <p>
          <button type="button" onClick={() => void reload()}>
            {t.retry}
          </button>{" "}
          <Link href="/">{t.home}</Link>
        </p>
      </div>
    );
  if (!view) return <p class="card center muted">{t.loading}</p>;

  if (view.status === "waiting" || !view.state)
    return (
      <Lobby
        view={view}
        seat={seat}
        invite={p.invite}
        identity={p.identity}
        setIdentity={p.setIdentity}
        accept={accept}
        live={live}
        lang={p.lang}
      />
    );
  // Under the Moonlight the rules and the drawing come with the game's chunk: nothing is shown or planned without them.
  if (view.state.moon && !moonUi) return <p class="card center muted">{t.loading}</p>;

  const myTurn = !replaying && view.status === "active" && seat >= 0 && view.state.current === seat && plan !== null;
  const shown: GameState = replaying ? states![ply!] : myTurn ? planState(plan!) : view.state;
  const legal: Action[] = myTurn && shown.current === seat && shown.phase !== "ended" ? legalActions(shown) : [];
  const focus = selected && myTurn ? cellFocus(shown, legal, selected) : null;
  const setupTargets =
    myTurn && shown.phase === "setup" ? legal.filter((a) => a.type === "place").map((a) => actionCells(a)[0]) : [];
  const sources = myTurn
    ? new Set(
        legal.flatMap((a) =>
          a.type === "grow" || a.type === "collect" ? actionCells(a) : a.type === "plant" ? [actionCells(a)[0]] : [],
        ),
      )
    : new Set<string>();
  const replayLast = replaying && ply! > 0 ? actionCells(actions[ply! - 1]) : [];
  const highlights: Record<string, Highlight> = boardHighlights(shown, {
    selected,
    focus,
    setupTargets,
    last: replaying ? replayLast : myTurn && plan!.actions.length ? [] : lastCells,
  });
  // Your own pieces that can act get a light outline, so it is clear where to start.
  if (myTurn && !selected) for (const s of sources) if (!highlights[s]) highlights[s] = "source";
  // Under the Moonlight: the expansion's placements, and the targets of the move or ability being aimed.
  if (myTurn && moonUi) for (const l of moonUi.moonHighlights(shown, legal, moonPick)) highlights[l] = "target";

  const info = roundInfo(shown);
  const panels = playerPanels({ ...view, you: seat >= 0 ? { seat } : null }, shown);
  const complete =
    myTurn &&
    (shown.current !== seat ||
      shown.phase !== view.state.phase ||
      (shown.phase === "setup" && plan!.actions.length > 0));

  const add = (a: Action) => {
    if (!plan) return;
    const r = planAdd(plan, a);
    if ("error" in r) setNotice({ kind: "error", text: r.error });
    else {
      setPlan(r);
      setNotice(null);
    }
    setSelected(null);
    setMoonPick(null);
    keepFocus();
  };
  /**
   * The button just pressed (a choice, a purchase) goes away with the re-render: keep the keyboard
   * in the turn panel instead of letting focus drop to <body>.
   */
  const keepFocus = () =>
    requestAnimationFrame(() => {
      const at = document.activeElement;
      if (at && at !== document.body && document.contains(at)) return;
      (document.querySelector(".turn-panel") as HTMLElement | null)?.focus();
    });

  const onChoose = (label: string) => {
    if (replaying) return;
    if (myTurn) {
      const mc = moonUi?.moonClick(shown, legal, moonPick, label);
      if (mc) return "pick" in mc ? setMoonPick(mc.pick) : add(mc.action);
      if (moonPick) setMoonPick(null);
      if (selected && focus && focus.targets.includes(label)) {
        const a = legal.find(
          (x) => x.type === "plant" && actionCells(x)[0] === selected && actionCells(x)[1] === label,
        );
        if (a) return add(a);
      }
      if (shown.phase === "setup") {
        const a = legal.find((x) => x.type === "place" && actionCells(x)[0] === label);
        if (a) return add(a);
      }
    }
    setSelected(selected === label ? null : label);
  };

  // Practice games: the strong bot's turn, loaded as the planned turn (undo takes it back).
  const hint = async () => {
    try {
      const pl = planRef.current && (await (await more()).hintPlan(p.id, planRef.current));
      if (pl) {
        setPlan(pl);
        setSelected(null);
      }
    } catch (e) {
      setNotice({ kind: "error", text: errorText(e) });
    }
  };

  const submit = async () => {
    const pl = planRef.current;
    if (!pl || sending) return;
    const toSend = turnToSubmit(pl, seat);
    if (toSend.length === 0) return;
    const fingerprint = `${pl.baseVersion}:${JSON.stringify(toSend)}`;
    if (keyRef.current?.plan !== fingerprint) keyRef.current = { plan: fingerprint, key: randomKey() };
    setSending(true);
    setNotice(null);
    try {
      const r = await sendTurn(p.id, pl.baseVersion, toSend, keyRef.current.key);
      setPlan(null);
      setSelected(null);
      accept(r.game, (r as { events?: GameEvent[] }).events ?? []);
      setNotice({ kind: "info", text: t.turnSent });
      // The turn panel is gone: give the keyboard focus to the game's status.
      requestAnimationFrame(() => (document.querySelector(".status") as HTMLElement | null)?.focus());
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setNotice({ kind: "warn", text: t.conflict });
        try {
          const fresh = await api.game(p.id);
          const kept = rebase(pl, fresh.state ?? pl.base, fresh.version, seat).kept;
          accept(fresh);
          setNotice({
            kind: "warn",
            text: pl.actions.length ? `${t.conflict} ${kept ? t.planKept : t.planDropped}` : t.conflict,
          });
        } catch {
          /* the socket will bring it */
        }
      } else if (e instanceof ApiError && e.status === 403) {
        setNotice({ kind: "error", text: t.notYourTurn });
        void reload();
      } else if (e instanceof ApiError && e.status === 422) {
        setNotice({ kind: "error", text: t.refused(e.message) });
      } else setNotice({ kind: "error", text: errorText(e) });
    } finally {
      setSending(false);
    }
  };

  const resign = async () => {
    if (!confirm(t.resignConfirm)) return;
    setBusy(true);
    try {
      const r = await api.resign(p.id);
      const v = viewOf(r);
      if (v) accept(v);
      else void reload();
    } catch (e) {
      setNotice({ kind: "error", text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  /** Under the Moonlight, your setup's choices (beside the turn) or your animal's (in it). */
  const moonControls = (place: "side" | "turn") =>
    myTurn &&
    moonUi && (
      <moonUi.MoonControls
        state={shown}
        legal={legal}
        seat={seat}
        names={names}
        pick={moonPick}
        setPick={(x) => {
          setMoonPick(x);
          setSelected(null);
        }}
        add={add}
        complete={complete}
        place={place}
      />
    );

  const toActName = view.status === "active" ? names[view.state.current] : null;
  const toActAway = view.status === "active" ? (view.seats[view.state.current]?.awayUntil ?? null) : null;
  const winners = view.winners ?? [];

  return (
    <div
      class={myTurn ? "game acting" : "game"}
      data-version={view.version}
      data-round={shown.round}
      data-phase={shown.phase}
      data-to-act={view.toAct ?? ""}
      data-seat={seat}
    >
      {/* The page's heading for screen readers: the game, by its players (the page's title says the same). */}
      <h1 class="sr-only">Canopy · {listOf(names)}</h1>
      <section class="status card" aria-live="polite" tabIndex={-1}>
        <div class="status-main">
          {view.status === "finished" ? (
            <strong class="turn">
              {t.gameOver}
              {winners.length === 1
                ? ` — ${t.winnerIs(names[winners[0]])}`
                : winners.length > 1
                  ? ` — ${t.winnersAre(listOf(winners.map((w) => names[w])))}`
                  : ""}
            </strong>
          ) : seat >= 0 && view.state.current === seat ? (
            <strong class="turn mine">{t.yourTurn}</strong>
          ) : (
            <strong class="turn">
              <Icon seat={view.state.current} size={1} px={18} /> {t.turnOf(toActName ?? "?")}
            </strong>
          )}
          <span class={`live ${live}`} title={live === "open" ? t.liveOn : t.liveOff}>
            <i aria-hidden="true" />
            {live === "open" ? t.liveOn : t.liveOff}
          </span>
        </div>
        <div class="status-sub">
          {info.phase === "setup" ? (
            <span class="setup-status">
              {info.setupStep === "trees" || !moonUi
                ? t.setupStatus(info.setupStepDone, info.setupStepTotal)
                : moonUi.moonStageText(info.setupStep ?? "", info.setupStepDone, info.setupStepTotal)}
            </span>
          ) : (
            <span>
              {t.roundOf(info.round, info.rounds)} · {t.revolution(info.revolution, info.revolutions)}
              {info.phase === "play" && info.round === info.rounds ? ` · ${t.lastRound}` : ""}
            </span>
          )}
          <span>
            ☀ {t.sunIn(t.dirs[info.sun])}
            {info.nextSun !== null && info.phase !== "ended" ? ` (${t.sunNext(t.dirs[info.nextSun])})` : ""}
          </span>
          {view.deadline && view.status === "active" && (
            <span class="deadline">
              <Glyph name="clock" /> {t.deadline(relativeTime(view.deadline, p.lang))}
            </span>
          )}
          {toActAway && (
            <span class="paused" title={new Date(toActAway).toLocaleString(p.lang)}>
              <Glyph name="pause" />{" "}
              {view.state.current === seat
                ? t.youAreAway(whenText(toActAway, p.lang))
                : t.clockPaused(toActName ?? "?", whenText(toActAway, p.lang))}
            </span>
          )}
          {view.options.longGame && <span class="chip">{t.longGame}</span>}
          {view.options.heavyShade && <span class="chip">{t.heavyShade}</span>}
          {seat < 0 && <span class="muted">{t.watching}</span>}
        </div>
        {replaying && (
          <div class="replay-banner">
            <span>{t.replaying}</span>
            <button type="button" onClick={() => setPly(null)}>
              {t.replayLive}
            </button>
          </div>
        )}
      </section>

      <div class="layout">
        <section class="board-col card" id="board" aria-label={t.boardTitle}>
          <Board
            state={shown}
            names={names}
            highlights={highlights}
            preview={prefs.preview}
            labels={prefs.labels}
            theme={theme()}
            interactive={!replaying}
            onChoose={onChoose}
            lang={p.lang}
          />
          <div class="board-opts">
            <label class="check">
              <input
                type="checkbox"
                checked={prefs.preview}
                onChange={(e) => setPrefs({ preview: (e.target as HTMLInputElement).checked })}
              />
              <span>{t.showNext}</span>
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={prefs.labels}
                onChange={(e) => setPrefs({ labels: (e.target as HTMLInputElement).checked })}
              />
              <span>{t.showLabels}</span>
            </label>
          </div>
          <details class="legend">
            <summary>{t.legend}</summary>
            <BoardLegend names={names} />
          </details>
        </section>

        <aside class="side">
          {view.status === "finished" && view.scores && <FinalScores view={view} names={names} />}
          {notice && (
            <div class={`notice ${notice.kind}`} role={notice.kind === "info" ? "status" : "alert"}>
              <span>{notice.text}</span>
              <button type="button" class="link" aria-label={t.close} onClick={() => setNotice(null)}>
                ×
              </button>
            </div>
          )}
          {moonControls("side")}
          {myTurn ? (
            <TurnPanel
              moon={moonControls("turn")}
              state={shown}
              base={plan!.base}
              plan={plan!}
              legal={legal}
              selected={selected}
              choices={focus?.choices ?? []}
              targets={focus?.targets.length ?? 0}
              names={names}
              complete={complete}
              sending={sending}
              onChoice={(c) => add(c.action)}
              onClose={() => setSelected(null)}
              onBuy={(piece) => add({ type: "buy", piece })}
              onUndo={() => {
                setPlan(planUndo(plan!));
                setSelected(null);
              }}
              onRedo={() => {
                setPlan(planRedo(plan!));
                setSelected(null);
              }}
              onReset={() => {
                setPlan(newPlan(plan!.base, plan!.baseVersion));
                setSelected(null);
              }}
              onSubmit={() => void submit()}
              onHint={view.practice ? () => void hint() : undefined}
            />
          ) : (
            selected && <CellInfoCard state={shown} label={selected} names={names} onClose={() => setSelected(null)} />
          )}
          <section class="card players" aria-labelledby="players-h">
            <h2 id="players-h">{t.playersTitle}</h2>
            {panels.map((pp) => (
              <PlayerCard p={pp} key={pp.seat} lang={p.lang} />
            ))}
          </section>
          {moonUi && <moonUi.MoonInfo state={shown} names={names} seat={seat} myTurn={myTurn} />}
          <Stacks stacks={stacksView(shown)} />
          {vacationOf(view, seat).kind !== "none" && <Away view={view} seat={seat} lang={p.lang} accept={accept} />}
          {view.status === "active" && p.identity?.id === view.createdBy && view.seats.some((s) => s.resigned) && (
            <HandOver view={view} lang={p.lang} accept={accept} />
          )}
          {view.status === "active" && seat >= 0 && !view.state.players[seat]?.resigned && (
            <p class="resign">
              <button type="button" class="danger link" onClick={() => void resign()} disabled={busy}>
                {t.resign}
              </button>
            </p>
          )}
        </aside>
        {/* The game's history beside the board on a wide screen (below everything on a phone). */}
        <div class="beside">
          <GameLog
            log={log}
            names={names}
            total={actions.length}
            ply={replaying ? ply : null}
            setPly={setPly}
            states={states}
            view={view}
          />
          {/* Table talk, under the log (issue 14: a place beside the board). */}
          {seat >= 0 && <Talk gameId={view.id} seat={seat} seats={view.seats} />}
        </div>
        {/* (in the grid, under your turn: the board and the history stay in view down to it) */}
        {seat >= 0 && (
          <section class="card notify-card" aria-label={t.notificationsTitle}>
            <NotifyBox scope="game" gameId={view.id} lang={p.lang} canAdd={view.status !== "finished"} />
          </section>
        )}
      </div>
    </div>
  );
}

/**
 * What a chosen cell holds, for spectators and players waiting for their turn (on a phone at the
 * foot of the screen, under the board, as your turn is).
 */
function CellInfoCard(p: { state: GameState; label: string; names: string[]; onClose: () => void }) {
  const cell = boardCells(p.state).find((c) => c.label === p.label);
  if (!cell) return null;
  return (
    <section class="card cell-info" aria-live="polite">
      <div class="choices-head">
        <h3>{t.cellTitle(p.label)}</h3>
        <button type="button" class="link" aria-label={t.close} onClick={p.onClose}>
          ×
        </button>
      </div>
      <p>{boardText(p.names).cell(cell)}</p>
    </section>
  );
}

/** Under the Moonlight: the events that name a planned action of the expansion. */
const MOON_PLANNED = new Set<string>([
  "animalChosen",
  "animalPlaced",
  "greatTreePlaced",
  "moonstonePlaced",
  "animalMoved",
  "abilityUsed",
]);

function choiceText(c: Choice): string {
  switch (c.kind) {
    case "place":
      return t.place;
    case "grow":
      return t.grow(t.piece[c.from], t.piece[c.to]);
    case "collect":
      return t.collect(c.token ? c.token.value : null);
    case "plant":
      return t.plantFrom(c.from);
  }
}

function TurnPanel(p: {
  state: GameState;
  base: GameState;
  plan: Plan;
  legal: Action[];
  selected: string | null;
  choices: Choice[];
  targets: number;
  names: string[];
  complete: boolean;
  sending: boolean;
  onChoice: (c: Choice) => void;
  /** Put the chosen cell down again. */
  onClose: () => void;
  /** Under the Moonlight: your animal's move and abilities. */
  moon: ComponentChildren;
  onBuy: (piece: "seed" | "small" | "medium" | "large") => void;
  onUndo: () => void;
  onRedo: () => void;
  onReset: () => void;
  onSubmit: () => void;
  onHint?: () => void;
}) {
  const seat = p.base.current;
  const setup = p.base.phase === "setup";
  // What the planned actions did, in words.
  const planned: string[] = [];
  let s = p.base;
  for (const a of p.plan.actions) {
    const r = applyAction(s, a);
    if (!r.ok) break;
    s = r.state;
    for (const e of r.events)
      if (
        e.type === "placed" ||
        e.type === "bought" ||
        e.type === "planted" ||
        e.type === "grew" ||
        e.type === "collected" ||
        MOON_PLANNED.has(e.type)
      )
        planned.push(eventText(e, p.names) ?? "");
  }
  const buys = setup ? [] : buyChoices(p.legal, p.state);
  return (
    <section class={p.selected ? "card turn-panel picking" : "card turn-panel"} aria-labelledby="turn-h" tabIndex={-1}>
      <h2 id="turn-h">
        {t.yourActions} <span class="light-now">{p.state.players[seat].light} ☀</span>
      </h2>
      {!p.complete && (
        <>
          {p.selected ? (
            <div class="choices" aria-live="polite">
              <div class="choices-head">
                <h3>{t.cellTitle(p.selected)}</h3>
                <button type="button" class="link" aria-label={t.close} onClick={p.onClose}>
                  ×
                </button>
              </div>
              {p.targets > 0 && <p class="hint">{t.plantHint(p.targets)}</p>}
              {p.choices.length === 0 && p.targets === 0 && <p class="muted">{t.noActionsHere}</p>}
              {p.choices.map((c, i) => (
                <button type="button" class="choice" data-kind={c.kind} key={i} onClick={() => p.onChoice(c)}>
                  <span>{choiceText(c)}</span>
                  {"cost" in c && (
                    <span class="cost">
                      {t.cost(c.cost)}
                      <span class="sr-only"> ({t.costLong(c.cost)})</span>
                    </span>
                  )}
                </button>
              ))}
            </div>
          ) : (
            <>
              {p.moon}
              <p class="hint">{setup ? (p.state.moon?.stage ? "" : t.chooseEdge) : t.chooseCell}</p>
            </>
          )}
          {buys.length > 0 && (
            <div class="buys" role="group" aria-label={t.buyTitle}>
              <h3>{t.buyTitle}</h3>
              <div class="buy-row">
                {buys.map((b, size) => (
                  <button
                    type="button"
                    class="buy"
                    data-piece={b.piece}
                    key={b.piece}
                    disabled={!b.legal}
                    onClick={() => p.onBuy(b.piece)}
                    aria-label={`${t.buy(t.piece[size])}${b.price !== null ? `, ${t.costLong(b.price)}` : ""}`}
                  >
                    <Icon seat={seat} size={size} px={22} />
                    <span>{b.price === null ? "—" : `${b.price} ☀`}</span>
                  </button>
                ))}
              </div>
            </div>
          )}
        </>
      )}
      <div class="plan">
        <h3>{t.planTitle}</h3>
        {planned.length === 0 ? (
          <p class="muted">{t.planEmpty}</p>
        ) : (
          <ol>
            {planned.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ol>
        )}
        <div class="plan-buttons">
          <button
            type="button"
            class="undo"
            aria-keyshortcuts="Control+Z Meta+Z"
            onClick={p.onUndo}
            disabled={p.plan.actions.length === 0 || p.sending}
          >
            ↶ {t.undo}
          </button>
          <button
            type="button"
            class="redo"
            aria-keyshortcuts="Control+Y Meta+Shift+Z"
            onClick={p.onRedo}
            disabled={p.plan.redo.length === 0 || p.sending}
          >
            ↷ {t.redo}
          </button>
          {p.onHint && (
            <button type="button" class="hint-button" onClick={p.onHint} disabled={p.sending}>
              💡 {t.hint}
            </button>
          )}
          {p.plan.actions.length > 1 && (
            <button type="button" onClick={p.onReset} disabled={p.sending}>
              {t.startOver}
            </button>
          )}
        </div>
        <button
          type="button"
          class="primary end-turn"
          onClick={p.onSubmit}
          disabled={p.sending || (setup && !p.complete)}
        >
          {p.sending ? t.sending : setup ? t.confirmPlacement : t.endTurn}
        </button>
      </div>
    </section>
  );
}
