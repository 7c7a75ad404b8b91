/**
 * The game page (/g/<id>): the lobby while the game waits for players; then the board, the status,
 * your turn, the players and the history. The controller (./ctrl.ts) owns the game and its actions;
 * this page makes one per game, ties it to the browser (./deps.ts: the API, the socket, storage),
 * re-renders on its changes, and lays out the views (./view/*).
 */
import { useEffect, useReducer, useState } from "preact/hooks";
import { listOf, t } from "../i18n";
import { Link } from "../nav";
import { saw, setTitle } from "../title";
import type { Identity } from "../types";
import { GameCtrl } from "./ctrl";
import { browserDeps } from "./deps";
import { plyFromUrl } from "./ply-url";
import { BoardColumn } from "./view/board";
import { GameLog, GameNotify, Lobby, SignedOut, Talk, TalkButton } from "./view/lazy";
import { Side } from "./view/side";
import { StatusCard } from "./view/status";

interface Props {
  id: string;
  invite: string | null;
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  lang: string;
}

export function GamePage(p: Props) {
  const c = useGameCtrl(p);
  const view = c.view;
  if (c.failure)
    return (
      <div class="card center">
        <p class="error" role="alert">
          {c.failure}
        </p>
        <p>
          <button type="button" onClick={() => void c.reload()}>
            {t.retry}
          </button>{" "}
          <Link href="/">{t.home}</Link>
        </p>
      </div>
    );
  if (!view) return <p class="card center muted">{t.loading}</p>;
  const seat = c.seat();
  if (view.status === "waiting" || !view.state)
    return (
      <>
        {c.signedOut && <SignedOut c={c} />}
        <Lobby
          view={view}
          seat={seat}
          invite={p.invite}
          identity={p.identity}
          setIdentity={p.setIdentity}
          accept={c.accept}
          live={c.live}
          lang={p.lang}
        />
      </>
    );
  const f = c.frame();
  // Under the Moonlight the rules and the drawing come with the game's chunk: nothing is shown or planned without them.
  if (!f) return <p class="card center muted">{t.loading}</p>;
  const states = c.states();
  return (
    <div
      class={f.yourTurn ? "game acting" : "game"}
      data-version={view.version}
      data-round={f.shown.round}
      data-phase={f.shown.phase}
      data-to-act={view.toAct ?? ""}
      data-seat={seat}
    >
      {/* The page's heading for screen readers: the game, by its players (the page's title says the same). */}
      <h1 class="sr-only">Canopy · {listOf(c.names())}</h1>
      {c.signedOut && <SignedOut c={c} />}
      <StatusCard c={c} f={f} />
      <div class="layout">
        <BoardColumn c={c} f={f} />
        <Side c={c} f={f} identityId={p.identity?.id ?? null} />
        {/* The game's history beside the board on a wide screen (below everything on a phone). */}
        <div class="beside">
          <GameLog
            log={c.log}
            names={c.names()}
            total={c.log.length}
            ply={f.replaying ? c.ply : null}
            setPly={c.setPly}
            states={states}
            canReplay={c.canReplay()}
            prepare={c.prepareReplay}
            view={view}
          />
          {/* Table talk, under the log (issue 14: a place beside the board); its panel when the game's
              talk holds something, else a button that loads it (./ctrl.ts `talk`). */}
          {seat >= 0 &&
            (c.talk === "panel" ? (
              <Talk gameId={view.id} seat={seat} seats={view.seats} focus={() => c.talkAsked} />
            ) : (
              <TalkButton
                open={() => Talk.preload().then(() => c.showTalk(true))}
                leftFocused={() => {
                  c.talkAsked = true;
                }}
              />
            ))}
        </div>
        {/* (in the grid, under your turn: the board and the history stay in view down to it) */}
        {seat >= 0 && (
          <section class="card notify-card" aria-label={t.notificationsTitle}>
            <GameNotify scope="game" gameId={view.id} lang={p.lang} canAdd={view.status !== "finished"} />
          </section>
        )}
      </div>
    </div>
  );
}

/** The page's controller: made once per game, followed live, re-rendering the page on every change. */
function useGameCtrl(p: Props): GameCtrl {
  const [c] = useState(
    () => new GameCtrl(p.id, p.identity, browserDeps(), { ply: plyFromUrl(), signedOut: () => p.setIdentity(null) }),
  );
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  c.redraw = () => redraw(0);
  useEffect(() => c.start(), []);
  useEffect(() => c.setIdentity(p.identity), [p.identity?.token]);
  c.setLang(p.lang);
  useBrowser(c);
  return c;
}

/** The events that tell the page is touched (./ctrl.ts `prepareTurn`). */
const TOUCHES = ["pointerdown", "wheel", "keydown", "focusin"] as const;
const TOUCH_OPTIONS = { capture: true, passive: true } as const;

/** What the page does in the browser for the game: other tabs' plans, undo/redo keys, the title, oEmbed. */
function useBrowser(c: GameCtrl): void {
  // Another tab of this browser changed the planned turn: this one follows it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => c.storageChanged(e.key, e.newValue);
    // Ctrl+Z / Ctrl+Y (⌘Z / ⇧⌘Z) undo and redo the planned turn, as the buttons do; not while typing.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || c.frame()?.replaying) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      const key = e.key.toLowerCase();
      if ((key === "z" || key === "y") && c.undo(key === "y" || e.shiftKey)) e.preventDefault();
    };
    addEventListener("storage", onStorage);
    addEventListener("keydown", onKey);
    // The first touch of the page (a pointer down — a tap, a click, a finger scrolling —, a mouse
    // wheel, a key, the focus coming in) fetches the rules a turn is planned with, if it is this
    // seat's turn (./ctrl.ts `prepareTurn`); captured, so that they are on their way before the
    // tap's click reaches the board or a button.
    const touch = c.prepareTurn;
    for (const type of TOUCHES) addEventListener(type, touch, TOUCH_OPTIONS);
    // oEmbed discovery for this page (unless the server already put it in the page's head).
    let link: HTMLLinkElement | null = null;
    if (!document.head.querySelector('link[type="application/json+oembed"]')) {
      link = document.createElement("link");
      link.rel = "alternate";
      link.type = "application/json+oembed";
      link.href = `/oembed?url=${encodeURIComponent(`${location.origin}/g/${c.id}`)}&format=json`;
      link.title = "Canopy";
      document.head.appendChild(link);
    }
    return () => {
      removeEventListener("storage", onStorage);
      removeEventListener("keydown", onKey);
      for (const type of TOUCHES) removeEventListener(type, touch, TOUCH_OPTIONS);
      link?.remove();
    };
  }, []);
  // The title says when it is your turn (and, through title.ts, how many games wait for you).
  const view = c.view;
  const yours = !!view && view.status === "active" && view.you !== null && view.you.seat === view.toAct;
  const names = view?.seats.map((s) => s.player?.name ?? "?").join(", ");
  useEffect(() => {
    if (!view) return;
    setTitle(yours ? `${t.yourTurn} · Canopy · ${names}` : `Canopy · ${names}`);
    saw(view.id, yours);
  }, [view?.id, names, yours, c.lang]);
}
