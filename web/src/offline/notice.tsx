/**
 * The offline notice, at the top of every page (in offline/register.ts's chunk, which the worker
 * keeps at install; shown only when there is something to say): offline, with when what is shown was saved and that it is
 * read-only; a turn kept on this device; and, back online, what became of it — played, or not
 * played because the game moved on (409, said plainly), or refused. Its texts are the page's
 * language's (`t.offline`, web/src/i18n/en.ts): the worker keeps this chunk at install, for every
 * visitor, and it no longer carries the five languages (2.2 KB gz; now 0.8).
 */
import { render } from "preact";
import { lang, t } from "../i18n";

interface Message {
  type: string;
  saved?: string | null;
  outcome?: string;
  code?: string | null;
}

let offline = false;
let saved: string | null = null;
let turn: Message | null = null;
let closed = false;

function box(): HTMLElement {
  let el = document.getElementById("offline-notice");
  if (!el) {
    el = document.createElement("div");
    el.id = "offline-notice";
    document.body.insertBefore(el, document.body.firstChild);
  }
  return el;
}

const when = (iso: string) => {
  const d = new Date(iso);
  const today = d.toDateString() === new Date().toDateString();
  return d.toLocaleString(
    lang,
    today ? { hour: "2-digit", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" },
  );
};

export function show(m: Message): void {
  if (m.type === "canopy-offline") {
    offline = true;
    if (m.saved) saved = m.saved;
  } else if (m.type === "canopy-online") {
    offline = false;
    saved = null;
  } else if (m.type === "canopy-turn") turn = m;
  closed = false;
  draw();
}

function draw(): void {
  // (the page's language chunk has the notice's texts: offline too, the worker kept it with the page)
  const s = t.offline;
  const lines: string[] = [];
  if (offline) lines.push(s.offline, ...(saved ? [s.saved(when(saved))] : []), s.readOnly);
  const o = turn?.outcome;
  if (o === "kept") lines.push(s.kept);
  else if (o === "played") lines.push(s.played);
  else if (o === "stale") lines.push(s.stale);
  else if (o === "refused") lines.push(s.refused(turn?.code ?? "?"));
  if (!offline && !turn) lines.push(s.online);
  const bad = o === "stale" || o === "refused";
  render(
    closed ? null : (
      <div
        class={`offline-notice${bad ? " bad" : ""}`}
        role={bad ? "alert" : "status"}
        data-state={offline ? "offline" : "online"}
        data-turn={o ?? ""}
        style={{
          display: "flex",
          gap: "8px",
          alignItems: "flex-start",
          padding: "6px 12px",
          background: bad ? "var(--err-bg, #fde2dd)" : "var(--warn-bg, #fff3cd)",
          color: bad ? "var(--err-fg, #7a1a0c)" : "var(--warn-fg, #5c4400)",
          fontSize: "0.95rem",
        }}
      >
        <p style={{ margin: 0, flex: 1 }}>{lines.join(" ")}</p>
        <button
          type="button"
          aria-label={s.close}
          title={s.close}
          onClick={() => {
            closed = true;
            if (o && o !== "kept") turn = null;
            draw();
          }}
          style={{
            minWidth: "44px",
            minHeight: "44px",
            background: "transparent",
            border: 0,
            color: "inherit",
            fontSize: "1.2rem",
          }}
        >
          ×
        </button>
      </div>
    ),
    box(),
  );
}
