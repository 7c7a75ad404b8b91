/** The interactive board: the shared SVG renderer, plus keyboard navigation (roving tabindex). */
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { cellByLabel, CELLS, cellIndex, LABELS, type GameState } from "../../../src/engine/reading";
import { drawBoard, VIEW, type Highlight, type Theme } from "../../../src/render/base";
import { boardText, boardWordsKey } from "../text";

export interface BoardProps {
  state: GameState;
  names: readonly string[];
  highlights: Record<string, Highlight>;
  preview: boolean;
  labels: boolean;
  theme: Theme;
  interactive: boolean;
  onChoose?: (label: string) => void;
  /** Changes when the language changes, to refresh the accessible labels. */
  lang: string;
}

/** The neighbour of a cell for an arrow key, in screen terms (pointy-top: up/down alternate sides). */
export function stepCell(label: string, key: string): string {
  const i = cellByLabel(label);
  if (i < 0) return "d4";
  const { q, r } = CELLS[i];
  const tries: [number, number][] =
    key === "ArrowLeft"
      ? [[-1, 0]]
      : key === "ArrowRight"
        ? [[1, 0]]
        : key === "ArrowUp"
          ? [
              [0, -1],
              [1, -1],
            ]
          : key === "ArrowDown"
            ? [
                [0, 1],
                [-1, 1],
              ]
            : [];
  for (const [dq, dr] of tries) {
    const j = cellIndex(q + dq, r + dr);
    if (j >= 0) return LABELS[j];
  }
  return label;
}

export function Board(p: BoardProps) {
  const [focus, setFocus] = useState("d4");
  const host = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const svg = useMemo(
    () =>
      drawBoard(p.state, {
        size: VIEW.width,
        preview: p.preview,
        labels: p.labels,
        highlights: p.highlights,
        interactive: true,
        focus,
        theme: p.theme,
        idPrefix: "gb",
        text: boardText(p.names),
      }),
    // (the names by their joined text: the array is a new one on every render)
    [p.state, p.preview, p.labels, p.highlights, focus, p.theme, p.names.join("|"), p.lang, boardWordsKey()],
  );
  // The SVG is replaced on every change: remember whether a cell had the keyboard focus, and give it back.
  if (typeof document !== "undefined" && host.current) hadFocus.current = host.current.contains(document.activeElement);
  useLayoutEffect(() => {
    if (hadFocus.current) (host.current?.querySelector(`[data-cell="${focus}"]`) as SVGGElement | null)?.focus();
  }, [svg]);

  const cellOf = (e: Event): string | null =>
    (e.target as Element | null)?.closest?.("[data-cell]")?.getAttribute("data-cell") ?? null;
  const choose = (label: string) => {
    setFocus(label);
    if (p.interactive) p.onChoose?.(label);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: event delegation — the interactive elements are the SVG's cells (role="button", focusable, labelled); the host only hears their clicks and keys
    <div
      ref={host}
      class="board-host"
      onClick={(e) => {
        const l = cellOf(e);
        if (l) choose(l);
      }}
      onKeyDown={(e) => {
        const l = cellOf(e);
        if (!l) return;
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          choose(l);
        } else if (e.key.startsWith("Arrow")) {
          e.preventDefault();
          const next = stepCell(l, e.key);
          hadFocus.current = true;
          setFocus(next);
          (host.current?.querySelector(`[data-cell="${next}"]`) as SVGGElement | null)?.focus();
        }
      }}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
