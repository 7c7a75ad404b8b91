/** The readable game log and the replay scrubber. */
import { useEffect, useRef } from "preact/hooks";
import type { GameEvent } from "../../../../src/engine";
import { t } from "../../i18n";
import { eventText } from "../../text";
import type { LogEntryView } from "../../types";

export interface LogLine {
  /** Actions before this line (the replay position right after it). */
  ply: number;
  text: string;
  kind: "round" | "action" | "light" | "other";
  /** The service played this for a player whose time ran out. */
  auto?: boolean;
}

/** The events a player's own move makes (what a timeout played for them). */
const MOVES = new Set(["placed", "turnEnded", "resigned"]);

/** The log as lines, each tagged with the replay position it belongs to. */
export function logLines(
  entries: readonly (Pick<LogEntryView, "events" | "seat"> & { auto?: LogEntryView["auto"] })[],
  names: readonly string[],
): LogLine[] {
  const lines: LogLine[] = [];
  let ply = 0;
  for (const e of entries) {
    ply += 1;
    // A timeout: the move played for the player is marked as such (the "timedOut" event itself has no line).
    let auto = e.auto === "timeout";
    for (const ev of e.events as GameEvent[]) {
      if (ev.type === "turnStarted") continue;
      const text = eventText(ev, names);
      if (!text) continue;
      const kind =
        ev.type === "roundStarted" || ev.type === "setupEnded" || ev.type === "gameEnded"
          ? "round"
          : ev.type === "lightCollected"
            ? "light"
            : ev.type === "turnEnded"
              ? "other"
              : "action";
      if (auto && MOVES.has(ev.type) && (e.seat === null || (ev as { seat?: number }).seat === e.seat)) {
        lines.push({ ply, text: `${text} — ${t.autoTimeout}`, kind: "action", auto: true });
        auto = false;
      } else lines.push({ ply, text, kind });
    }
  }
  return lines;
}

/** Media-style icons as shapes (no dependence on the font having ⏮ ⏭). */
function Glyph({ kind }: { kind: "first" | "prev" | "next" | "last" }) {
  const tri = kind === "prev" || kind === "first" ? "M11 3 L4 8 L11 13 Z" : "M5 3 L12 8 L5 13 Z";
  const bar =
    kind === "first" ? (
      <rect x="2" y="3" width="2" height="10" />
    ) : kind === "last" ? (
      <rect x="12" y="3" width="2" height="10" />
    ) : null;
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">
      <path d={tri} />
      {bar}
    </svg>
  );
}

export function History(p: {
  lines: LogLine[];
  total: number;
  ply: number | null;
  setPly: (n: number | null) => void;
  canReplay: boolean;
  /** Called when the history is touched (a pointer, focus): what replaying needs is fetched then. */
  prepare?: () => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const at = p.ply ?? p.total;
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const mark = el.querySelector(".here") as HTMLElement | null;
    if (mark) el.scrollTop = Math.max(0, mark.offsetTop - el.clientHeight / 2);
    else if (p.ply === null) el.scrollTop = el.scrollHeight;
  }, [p.lines.length, p.ply]);
  const go = (n: number) => p.setPly(n >= p.total ? null : Math.max(0, n));
  return (
    <section class="card history" aria-labelledby="log-h" onPointerDown={p.prepare} onFocusIn={p.prepare}>
      <h2 id="log-h">{t.logTitle}</h2>
      {p.canReplay && p.total > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons and a slider, not a form's fieldset (no legend, no form semantics); ARIA's group names it for screen readers
        <div class="replay" role="group" aria-label={t.replayTitle}>
          <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label={t.replayStart}>
            <Glyph kind="first" />
          </button>
          <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label={t.replayPrev}>
            <Glyph kind="prev" />
          </button>
          <input
            type="range"
            min={0}
            max={p.total}
            value={at}
            aria-label={t.replayTitle}
            aria-valuetext={t.replayPosition(at, p.total)}
            onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
          />
          <button type="button" onClick={() => go(at + 1)} disabled={p.ply === null} aria-label={t.replayNext}>
            <Glyph kind="next" />
          </button>
          <button type="button" onClick={() => go(p.total)} disabled={p.ply === null} aria-label={t.replayLive}>
            <Glyph kind="last" />
          </button>
          <span class="muted pos">{t.replayPosition(at, p.total)}</span>
        </div>
      )}
      {p.lines.length === 0 ? (
        <p class="muted">{t.logEmpty}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls within its box, so it must take the keyboard's focus to be scrolled without a mouse (axe: scrollable-region-focusable)
        <ol class="log" ref={list} tabIndex={0} aria-label={t.logTitle}>
          {p.lines.map((l, i) => {
            const future = p.ply !== null && l.ply > p.ply;
            const here =
              p.ply !== null && l.ply === p.ply && (i === p.lines.length - 1 || p.lines[i + 1].ply !== l.ply);
            return (
              <li key={i} class={`${l.kind}${l.auto ? " auto" : ""}${future ? " future" : ""}${here ? " here" : ""}`}>
                {p.canReplay ? (
                  <button type="button" class="link" onClick={() => go(l.ply)}>
                    {l.text}
                  </button>
                ) : (
                  l.text
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
