/**
 * The coach on the game page's history (issue 23 item 5, docs/coach.md): each player's expected
 * final score over the game as a chart (drawn by src/render/chart.ts), the turns the coach marked,
 * and for the one chosen the forest after the turn played and after the turn suggested. A chunk
 * of its own, mounted by the history once the game is over (or, in a practice game, for its
 * player), which asks GET /api/games/:id/analysis and asks again every 2 s while it answers 202.
 */
import { useEffect, useState } from "preact/hooks";
import type { Analysis, AnalysisTurn } from "../../../src/contract/api";
import { applyActions, cellIndex, labelOf, type Action, type GameState } from "../../../src/engine/base";
import { pieceIcon, type Highlight, type Theme } from "../../../src/render/base";
import { renderBoard } from "../../../src/render/english";
import { renderScoreChart } from "../../../src/render/chart";
import { auth, request } from "../api";
import { lang } from "../i18n";
import { boardText, eventText } from "../text";
import { COACH_TEXT } from "./i18n";

export interface CoachProps {
  gameId: string;
  status: "waiting" | "active" | "finished";
  practice: boolean;
  /** The reader's seat (-1: a spectator). */
  seat: number;
  names: readonly string[];
  /** The game after `ply` log entries (the page's replay), or null when the page cannot say. */
  stateAt: (ply: number) => GameState | null;
  theme?: Theme;
}

type Loaded =
  | { kind: "idle" }
  | { kind: "running"; reviewed: number; total: number }
  | { kind: "ready"; analysis: Analysis }
  | { kind: "failed" };

const POLL_MS = 2000;

export function CoachPanel(p: CoachProps) {
  const s = COACH_TEXT[lang];
  const finished = p.status === "finished";
  const mayAsk = finished || (p.practice && p.status === "active" && p.seat >= 0);
  const [loaded, setLoaded] = useState<Loaded>({ kind: "idle" });
  const [asked, setAsked] = useState(finished);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    if (!mayAsk || !asked) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const r = await request("get", "/api/games/{id}/analysis", {
          params: { path: { id: p.gameId } },
          headers: auth(),
        });
        if (stop) return;
        if (r.status === "running") {
          setLoaded({ kind: "running", reviewed: r.reviewed, total: r.total });
          timer = setTimeout(() => void ask(), POLL_MS);
        } else setLoaded({ kind: "ready", analysis: r as Analysis });
      } catch {
        if (!stop) setLoaded({ kind: "failed" });
      }
    };
    void ask();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [p.gameId, asked, mayAsk, p.status]);

  if (!mayAsk) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: beside the board on a wide screen the card scrolls within its column, and while the review runs it holds nothing a keyboard could reach to scroll it (axe: scrollable-region-focusable)
    <section class="card coach" aria-labelledby="coach-h" tabIndex={0}>
      <h2 id="coach-h">{s.title}</h2>
      <p class="muted">{s.help}</p>
      {!asked && (
        <button type="button" onClick={() => setAsked(true)}>
          {s.ask}
        </button>
      )}
      {loaded.kind === "running" && (
        <p role="status" class="coach-running">
          {s.running(loaded.reviewed, loaded.total)}
        </p>
      )}
      {loaded.kind === "failed" && <p role="alert">{s.failed}</p>}
      {loaded.kind === "ready" && (
        <Review a={loaded.analysis} p={p} chosen={chosen} choose={(n) => setChosen(n === chosen ? null : n)} />
      )}
    </section>
  );
}

function Review({
  a,
  p,
  chosen,
  choose,
}: {
  a: Analysis;
  p: CoachProps;
  chosen: number | null;
  choose: (turn: number) => void;
}) {
  const s = COACH_TEXT[lang];
  const name = (seat: number) => p.names[seat] ?? `#${seat + 1}`;
  const chart = renderScoreChart(a.turns, {
    seats: a.seats.length,
    theme: p.theme,
    selected: chosen,
    text: { label: s.chartLabel, round: s.round, points: s.points },
  });
  const marked = a.turns.filter((t) => t.mark);
  const turn = chosen === null ? null : (a.turns.find((t) => t.turn === chosen) ?? null);
  return (
    <>
      <div class="coach-chart" dangerouslySetInnerHTML={{ __html: chart }} />
      <ul class="coach-legend" aria-label={s.legend}>
        {a.seats.map((seat) => (
          <li key={seat.seat}>
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: pieceIcon(seat.seat, 1, 18, p.theme) }} />{" "}
            {name(seat.seat)}
          </li>
        ))}
      </ul>
      <p class="muted small">{s.thresholds(a.marks.inaccuracy, a.marks.mistake, a.marks.blunder)}</p>
      <h3>{s.markedTitle}</h3>
      {marked.length === 0 ? (
        <p class="muted">{s.noMarks}</p>
      ) : (
        <ol class="coach-marks">
          {marked.map((t) => (
            <li key={t.turn} class={`mark-${t.mark}`}>
              <button type="button" class="link" aria-pressed={chosen === t.turn} onClick={() => choose(t.turn)}>
                <strong>{s.mark[t.mark!]}</strong> {s.turnOf(name(t.seat), t.round)} — {s.lostPoints(t.lost)}
              </button>
            </li>
          ))}
        </ol>
      )}
      {turn && <TurnShown t={turn} p={p} />}
    </>
  );
}

/** The forest after the turn played and after the turn suggested, each with what the turn did. */
function TurnShown({ t, p }: { t: AnalysisTurn; p: CoachProps }) {
  const s = COACH_TEXT[lang];
  const name = p.names[t.seat] ?? `#${t.seat + 1}`;
  const before = p.stateAt(t.first - 1);
  const played = before ? applyActions(before, t.played) : null;
  const best = before ? applyActions(before, t.best) : null;
  const side = (
    title: string,
    actions: Action[],
    r: ReturnType<typeof applyActions> | null,
    expected: number[] | null,
    highlight: Highlight,
    id: string,
  ) => {
    const lines = r?.ok ? r.events.map((e) => eventText(e, p.names)).filter((x): x is string => !!x && x !== "") : [];
    const cells: Record<string, Highlight> = {};
    for (const a of actions) for (const c of cellsOf(a)) cells[c] = highlight;
    return (
      <figure class="coach-side">
        <figcaption>
          <strong>{title}</strong>
          {expected && <span class="muted"> — {s.expected(expected[t.seat])}</span>}
        </figcaption>
        {r?.ok && (
          <div
            class="coach-board"
            dangerouslySetInnerHTML={{
              __html: renderBoard(r.state, {
                theme: p.theme,
                size: 260,
                highlights: cells,
                idPrefix: `coach-${id}`,
                text: boardText(p.names as string[]),
              }),
            }}
          />
        )}
        <ul class="coach-actions">
          {(lines.length ? lines : [s.endOnly]).map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      </figure>
    );
  };
  return (
    <div class="coach-turn">
      <h3>
        {s.turnOf(name, t.round)}: {t.mark ? COACH_TEXT[lang].mark[t.mark] : ""} — {s.lostPoints(t.lost)}
      </h3>
      <div class="coach-sides">
        {side(s.played, t.played, played, t.expected, "last", "played")}
        {side(s.suggested, t.best, best, t.bestExpected, "target", "best")}
      </div>
    </div>
  );
}

function cellsOf(a: Action): string[] {
  const x = a as { cell?: { q: number; r: number }; from?: { q: number; r: number }; to?: { q: number; r: number } };
  return [x.cell, x.from, x.to]
    .filter((c): c is { q: number; r: number } => !!c)
    .map((c) => labelOf(cellIndex(c.q, c.r)));
}
