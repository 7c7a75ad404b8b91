/** The game controller's browser: the API, the live socket, storage, timers, focus (tests hand in fakes). */
import { PAGE_VIEW_ID } from "../../../src/contract/page";
import { api, randomKey } from "../api";
import type { GameView } from "../types";
import { loadMoonReplay, loadMoonUi } from "../moon/load";
import type { GameDeps } from "./ctrl";
import { setUrlPly } from "./ply-url";
import { more } from "./view/lazy";

/**
 * The live socket (./live.ts, a chunk of its own): loaded with the page's first view rather than in
 * its first wave (the page's first view comes over HTTP; the socket follows it). A turn sent before
 * it has arrived waits for it. (In the game page's chunk with the rest of ./more.tsx it weighed
 * 0.2 KB gz less, but the socket then opened before the first view had come, and a turn's change
 * sometimes did not bring the log to the page: tests/e2e/page-visit.test.ts, docs/web.md "Weights".)
 */
const live = () => import("./live");

const follow: GameDeps["follow"] = (id, token, h) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  // Connecting from now (the page waits for the socket's greeting, and its log, rather than ask for
  // it), and closed if the socket's code cannot be loaded (the page then reads the log over HTTP).
  h.onStatus("connecting");
  void live().then(
    (m) => {
      if (!stopped) stop = m.follow(id, token, h);
    },
    () => {
      if (!stopped) h.onStatus("closed");
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
};

function storage(): GameDeps["storage"] {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The view the page's HTML came with (src/embed/meta.ts pageView), for `id`, once. */
function first(id: string): GameView | null {
  const el = typeof document === "undefined" ? null : document.getElementById(PAGE_VIEW_ID);
  if (!el) return null;
  // Once: a later start (another profile) or another game reads its own.
  el.remove();
  try {
    const v = JSON.parse(el.textContent ?? "") as GameView | null;
    return v?.id === id ? v : null;
  } catch {
    return null;
  }
}

export function browserDeps(): GameDeps {
  return {
    game: api.game,
    first,
    log: api.log,
    resign: api.resign,
    sendTurn: (...a) => live().then((m) => m.sendTurn(...a)),
    follow,
    hint: (id, plan) => Promise.all([more(), import("./rules")]).then(([m, r]) => m.hintPlan(id, plan, r.planAdd)),
    refused: (c, e, plan) => more().then((m) => m.refused(c, e, plan)),
    played: (log, p) => more().then((m) => m.playedAsPlanned(log, p)),
    loadMoon: loadMoonUi,
    rules: { now: null, load: () => import("./rules") },
    // (a Moonlight game's replay needs its own hooks too)
    history: {
      now: null,
      load: (moon) =>
        moon ? Promise.all([import("./history"), loadMoonReplay()]).then(([h]) => h) : import("./history"),
    },
    storage: storage(),
    confirm: (text) => confirm(text),
    setUrlPly,
    focus: (where) =>
      requestAnimationFrame(() => {
        // The button just pressed (a choice, a purchase) went away with the re-render: keep the
        // keyboard in the turn panel instead of letting focus drop to <body>; after a turn is sent,
        // on the game's status.
        const at = document.activeElement;
        if (where === "turn" && at && at !== document.body && document.contains(at)) return;
        document.querySelector<HTMLElement>(where === "turn" ? ".turn-panel" : ".status")?.focus();
      }),
    later: (f, ms) => {
      const id = setTimeout(f, ms);
      return () => clearTimeout(id);
    },
    randomKey,
  };
}
