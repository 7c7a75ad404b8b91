/** The game controller's browser: the API, the live socket, storage, timers, focus (tests hand in fakes). */
import { PAGE_VIEW_ID } from "../../../src/contract/page";
import { api, randomKey } from "../api";
import type { GameView } from "../types";
import { loadMoonPlay, loadMoonReplay, loadMoonUi } from "../moon/load";
import type { GameDeps } from "./ctrl";
import { follow, sendTurn } from "./live";
import { setUrlPly } from "./ply-url";

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
    sendTurn,
    // The live socket (./live.ts) comes in the game page's chunk (one file weighs less than two: 0.2
    // KB gz, docs/web.md "Weights") and opens as the controller starts, while the page paints the
    // view its HTML came with; its greeting brings the seat's view and the log.
    follow,
    // (with the rules a turn is planned with: ./refused.ts)
    hint: (id, plan) => import("./rules").then((r) => r.hintPlan(id, plan)),
    refused: (c, e, plan) => import("./rules").then((r) => r.refused(c, e, plan)),
    played: (log, p) => import("./rules").then((r) => r.playedAsPlanned(log, p)),
    loadMoon: loadMoonUi,
    loadMoonPlay,
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
