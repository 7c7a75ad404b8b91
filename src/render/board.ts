/**
 * The board as an SVG string: a pure function of a game state (no DOM, no platform APIs), shared by
 * the web client, the embed page and the board pictures (PNG through resvg, which has no fonts — so
 * nothing here needs text to be read: glyphs are shapes, and the only text is the optional cell
 * labels and the accessible <title>s).
 */
import {
  CELLS,
  CELL_COUNT,
  LABELS,
  LEAVES,
  RING,
  SUN_CORNERS,
  cellIndex,
  hexLabel,
  currentSun,
  lightReport,
  sunPosition,
  totalRounds,
  type GameState,
} from "../engine/reading";
import type { AnimalName } from "../engine";
import type * as MoonLayer from "./moon";
import type { CellMoon, MoonPicture } from "./moon";
import { pieceElement } from "./pieces";
import { escapeHtml } from "./escape";
import { HEX, SQRT3, cellCenter, hexPoints, round2, shapeElement } from "./shapes";
import { THEMES, type Theme, type ThemeColors } from "./style";

export { HEX, cellCenter, shapeElement };

/** What a highlighted cell means: the chosen cell, a possible target, a plant source, a cell already used this turn, or part of the last move. */
export type Highlight = "selected" | "target" | "source" | "used" | "last";

/** Everything the picture shows about one cell; also what its accessible label is made from. */
export interface CellInfo {
  index: number;
  label: string;
  q: number;
  r: number;
  /** Soil richness 1..4. */
  leaves: number;
  piece: { seat: number; size: number } | null;
  /** Height of the tallest tree shading this cell this round (0 = none). */
  shadow: number;
  /** The same with next round's sun (only when the preview is on, else 0). */
  previewShadow: number;
  /** Light the piece here collects this round (0 for seeds, shaded trees and empty cells). */
  light: number;
  highlight: Highlight | null;
  /** Under the Moonlight: the animal, Great Tree, moonstone, moonlight, dam and baby turtle here (null in a base game). */
  moon: CellMoon | null;
}

/** Under the Moonlight: the moon (or the phase marker) at the gap between two edge cells (labels). */
export interface MoonPlace {
  full: boolean;
  cells: [string, string];
}

/** What the label of one of the expansion's pieces is made from (BoardText.moon). */
export type MoonPieceInfo =
  | ({ kind: "moon" } & MoonPlace)
  /** The phase marker: where the moon goes next round and the phase it will show there. */
  | ({ kind: "marker" } & MoonPlace)
  | { kind: "animal"; animal: AnimalName; seat: number; points: number }
  | { kind: "greatTree" }
  | { kind: "stone"; glowing: boolean }
  /** A face-down baby turtle. */
  | { kind: "nest" };

/** Accessible text; pass translations from the client. The defaults are English. */
export interface BoardText {
  /** The label of the whole picture. */
  board(info: {
    round: number;
    rounds: number;
    sun: number;
    phase: GameState["phase"];
    moon?: MoonPlace & { next: MoonPlace };
  }): string;
  /** The label of one cell (Under the Moonlight: `info.moon` says what of the expansion is there). */
  cell(info: CellInfo): string;
  /** Under the Moonlight: the labels of the moon tile, the phase marker, animals, Great Tree, moonstones and baby turtles (default: English). */
  moon?(info: MoonPieceInfo): string;
}

export interface RenderOptions {
  theme?: Theme;
  /** Width in pixels (the height follows the aspect ratio). Default: the viewBox's width. */
  size?: number;
  /** Shadows of the current round (default true). */
  shadows?: boolean;
  /** Next round's sun and shadows, hatched (default false). */
  preview?: boolean;
  /** Marks (one pip per light point) on trees that collect light this round (default true). */
  light?: boolean;
  /** The sun at its corner (default true). */
  sun?: boolean;
  /** Leaf marks showing each cell's soil richness (default true). */
  leaves?: boolean;
  /** Cell labels as text ("d4"); needs a font, so off by default. */
  labels?: boolean;
  /** Highlighted cells, by label. */
  highlights?: Readonly<Record<string, Highlight>>;
  /** Cells are focusable buttons (role, tabindex) for the web client. */
  interactive?: boolean;
  /** With `interactive`: the label of the one cell in the tab order (roving tabindex). */
  focus?: string;
  /** Prefix of the ids inside the SVG, unique per picture on a page. */
  idPrefix?: string;
  text?: BoardText;
  /** Total rounds of the game (for the label); defaults from the options. */
  rounds?: number;
}

/** The part of a game state the picture needs. */
export type BoardState = Pick<GameState, "cells" | "round" | "phase" | "options" | "moon">;

/**
 * The sun: a disc and eight rays (viewBox units). Its centre lies on the line from the board's
 * centre through the corner cell, SUN.distance out: beyond the corner cell's outer edge (at
 * 3·√3·HEX + √3/2·HEX ≈ 181.9) by more than the rays' length, and with the disc clear of the
 * island's corner (≈ 193.4). The rays are turned half a step from that line, so none points
 * straight back at the board.
 */
export const SUN = { radius: 11, rayFrom: 14, rayTo: 17, distance: 208 } as const;
/** Centre-to-corner radius of the island, the hexagon under the cells (its corners point at the suns). */
export const ISLAND = HEX * (3 * SQRT3 + 1.25);
/** The viewBox: the board with room for the sun at every corner (tests/render checks nothing is cut off). */
export const VIEW = { x: -226, y: -200, width: 452, height: 400 } as const;

/**
 * Where a cell's name sits (its baseline, below the centre) and its size: small, in the cell's
 * bottom corner, under every piece — a tree (down to +14), an animal (+14.4), the Great Tree's trunk
 * (+20), a moonstone's glow (+19.4) — so none is covered (issue 14, defect 8: names hid pieces).
 */
export const LABEL = { dy: 27.5, size: 7 } as const;

/** The direction (radians, screen coordinates) from the board's centre to the corner of sun position k. */
function sunAngle(k: number): number {
  const { corner } = SUN_CORNERS[k];
  const c = cellCenter(corner.q, corner.r);
  return Math.atan2(c.y, c.x);
}

/** Where the sun of position k is drawn: beyond its corner cell, outside the board. */
export function sunPoint(k: number): { x: number; y: number } {
  const a = sunAngle(k);
  // (+ 0 turns a -0 into 0.)
  return { x: round2(Math.cos(a) * SUN.distance) + 0, y: round2(Math.sin(a) * SUN.distance) + 0 };
}

/** The sun's rays of position k, as segments (for the picture and its tests). */
export function sunRays(k: number): { x1: number; y1: number; x2: number; y2: number }[] {
  const { x, y } = sunPoint(k);
  const base = sunAngle(k) + Math.PI / 8;
  return Array.from({ length: 8 }, (_, i) => {
    const a = base + (Math.PI / 4) * i;
    return {
      x1: round2(x + Math.cos(a) * SUN.rayFrom),
      y1: round2(y + Math.sin(a) * SUN.rayFrom),
      x2: round2(x + Math.cos(a) * SUN.rayTo),
      y2: round2(y + Math.sin(a) * SUN.rayTo),
    };
  });
}

function sunElement(k: number, theme: ThemeColors, ghost: boolean): string {
  const { x, y } = sunPoint(k);
  const r = SUN.radius;
  const rays = sunRays(k)
    .map((l) => `<line x1="${l.x1}" y1="${l.y1}" x2="${l.x2}" y2="${l.y2}"/>`)
    .join("");
  // (data-sun: its position, 0..5 from the north-east clockwise; the web client's phone layout reads it)
  if (ghost)
    return `<g class="sun-next" data-sun="${k}" fill="none" stroke="${theme.sunStroke}" stroke-width="2" stroke-dasharray="3 3" stroke-opacity="0.9"><circle cx="${x}" cy="${y}" r="${r}"/>${rays}</g>`;
  return `<g class="sun" data-sun="${k}" stroke="${theme.sunStroke}" stroke-width="2.5" stroke-linecap="round"><circle cx="${x}" cy="${y}" r="${r}" fill="${theme.sun}"/>${rays}</g>`;
}

/** Every cell as the picture shows it (the view-model of the board). */
export function boardCells(
  state: BoardState,
  options: Pick<RenderOptions, "preview" | "highlights"> = {},
  moon: MoonPicture | null = moonOf(state),
): CellInfo[] {
  const report = lightReport(state as GameState);
  const shadow = new Array<number>(CELL_COUNT).fill(0);
  const light = new Array<number>(CELL_COUNT).fill(0);
  const idx = (c: { q: number; r: number }) => cellIndex(c.q, c.r);
  for (const s of report.shadows) shadow[idx(s.cell)] = s.height;
  for (const p of report.pieces) light[idx(p.cell)] = p.light;
  const preview = new Array<number>(CELL_COUNT).fill(0);
  if (options.preview) {
    const next = lightReport(state as GameState, nextSun(state));
    for (const s of next.shadows) preview[idx(s.cell)] = s.height;
  }
  return CELLS.map((c, i) => {
    const v = state.cells[i];
    return {
      index: i,
      label: LABELS[i],
      q: c.q,
      r: c.r,
      leaves: LEAVES[i],
      piece: v === 0 ? null : { seat: (v - 1) >> 2, size: (v - 1) & 3 },
      shadow: shadow[i],
      previewShadow: preview[i],
      light: light[i],
      highlight: options.highlights?.[LABELS[i]] ?? null,
      moon: moon ? moon.cells[i] : null,
    };
  });
}

/** The expansion's part of the picture, or null in a base game. */
/**
 * Under the Moonlight's drawing (moon.ts), plugged in by whoever loads it: render/index.ts for the
 * server, the web client's Moonlight chunk for its games (so the base game page does not carry it).
 * Without it a Moonlight state is drawn as its base board.
 */
let layer: MoonDrawing | null = null;
/** What the board draws of the Moonlight with (moon.ts): a client passes these alone, and carries nothing else of it. */
export type MoonDrawing = Pick<
  typeof MoonLayer,
  | "ANIMAL_TOKEN"
  | "animalElement"
  | "beamInCell"
  | "damElement"
  | "glowInCell"
  | "greatTreeElement"
  | "moonBeamsOutside"
  | "moonPicture"
  | "moonTiles"
  | "nestElement"
  | "stoneElement"
>;
export function registerMoonLayer(moon: MoonDrawing): void {
  layer = moon;
}

function moonOf(state: BoardState): MoonPicture | null {
  return state.moon && layer ? layer.moonPicture({ moon: state.moon, round: state.round }) : null;
}

function gapLabels(touches: readonly { q: number; r: number }[]): [string, string] {
  return [hexLabel(touches[0]), hexLabel(touches[1])];
}

/** The sun position of the round after this one (during setup: round 2's, as round 1 keeps the start). */
export function nextSun(state: BoardState): number {
  return sunPosition(Math.max(1, state.round) + 1);
}

/** Data attributes of a cell for the expansion (scripts and tests). */
function moonData(m: CellMoon): string {
  return (
    (m.animal ? ` data-animal="${m.animal.animal}"` : "") +
    (m.greatTree ? ` data-great-tree="1"` : "") +
    (m.stone ? ` data-stone="${m.glowing ? "glowing" : "dark"}"` : "") +
    (m.moonlight ? ` data-moonlight="${m.moonlight}"` : "") +
    (m.dam ? ` data-dam="1"` : "") +
    (m.nest ? ` data-nest="1"` : "")
  );
}

/** A drawing wrapped in a group with its own <title> (the first child is the group's tag). */
function titled(svg: string, title: string): string {
  const end = svg.indexOf(">");
  return `${svg.slice(0, end + 1)}<title>${escapeHtml(title)}</title>${svg.slice(end + 1)}`;
}

/**
 * Small leaf marks near the top corner of a cell: one per leaf of soil richness. Translucent by
 * `fill-opacity`, never a group's `opacity` (here and for the island, the labels and the next sun):
 * a group's opacity makes resvg (and browsers) paint the group on a layer of its own and blend it,
 * 37 layers a board — the card PNG's render took 90 ms in Node with them, 52 without (2026-11-27).
 */
function leafMarks(cx: number, cy: number, leaves: number, color: string): string {
  let out = "";
  const y = cy - HEX * 0.74;
  const step = 4.6;
  const x0 = cx - ((leaves - 1) * step) / 2;
  for (let i = 0; i < leaves; i++) {
    const x = round2(x0 + i * step);
    out += `<ellipse cx="${x}" cy="${round2(y)}" rx="1.5" ry="2.6" transform="rotate(30 ${x} ${round2(y)})"/>`;
  }
  return `<g fill="${color}" fill-opacity="0.7">${out}</g>`;
}

function pips(cx: number, cy: number, n: number, theme: ThemeColors): string {
  let out = "";
  const step = 6.4;
  const x0 = cx - ((n - 1) * step) / 2;
  const y = round2(cy + HEX * 0.66);
  for (let i = 0; i < n; i++)
    out += `<circle cx="${round2(x0 + i * step)}" cy="${y}" r="2.7" fill="${theme.pip}" stroke="${theme.pipStroke}" stroke-width="1"/>`;
  return `<g class="lit">${out}</g>`;
}

function highlightElement(kind: Highlight, cx: number, cy: number, t: ThemeColors, filled: boolean): string {
  const pts = hexPoints(cx, cy, HEX - 3);
  switch (kind) {
    case "selected":
      return `<polygon points="${pts}" fill="none" stroke="${t.accent}" stroke-width="5"/><polygon points="${pts}" fill="none" stroke="${t.accentInner}" stroke-width="2.2"/>`;
    case "source":
      return `<polygon points="${pts}" fill="none" stroke="${t.accentInner}" stroke-width="2.5" stroke-dasharray="1 3" stroke-linecap="round"/>`;
    case "target":
      return (
        `<polygon points="${pts}" fill="${t.target}" fill-opacity="0.18" stroke="${t.accent}" stroke-width="3.5" stroke-dasharray="6 4"/>` +
        `<polygon points="${pts}" fill="none" stroke="${t.target}" stroke-width="1.6" stroke-dasharray="6 4"/>` +
        (filled
          ? ""
          : `<circle cx="${cx}" cy="${cy}" r="5" fill="${t.target}" stroke="${t.accent}" stroke-width="1.5"/>`)
      );
    case "used":
      return `<polygon points="${hexPoints(cx, cy, HEX - 5)}" fill="none" stroke="${t.used}" stroke-width="1.5" stroke-dasharray="2 2"/>`;
    case "last":
      return `<polygon points="${pts}" fill="none" stroke="${t.last}" stroke-width="3"/>`;
  }
}

/**
 * The board picture, its accessible text in `options.text`'s words (renderBoard in ./english.ts
 * draws it with English ones by default). The web client draws with this, in the page's language,
 * and so carries no English words of its own (docs/web.md "Weights").
 */
export function drawBoard(state: BoardState, options: RenderOptions & { text: BoardText }): string {
  const theme = THEMES[options.theme ?? "light"];
  const showShadows = options.shadows !== false;
  const showLight = options.light !== false;
  const showSun = options.sun !== false;
  const showLeaves = options.leaves !== false;
  const text = options.text;
  const id = (options.idPrefix ?? "cb").replace(/[^A-Za-z0-9_-]/g, "");
  const width = options.size ?? VIEW.width;
  const height = round2((width * VIEW.height) / VIEW.width);
  const rounds = options.rounds ?? totalRounds(state.options);
  const sun = currentSun(state as GameState);
  const moon = moonOf(state);
  const cells = boardCells(state, options, moon);
  // (a Moonlight board is drawn once the expansion's words have come: the client's `text` has them)
  const moonText = text.moon ?? ((info: MoonPieceInfo) => info.kind);
  const moonPlace = moon
    ? {
        full: moon.report.full,
        cells: gapLabels(moon.report.touches),
        next: { full: moon.report.marker.full, cells: gapLabels(moon.report.marker.touches) },
      }
    : null;
  const title = text.board({
    round: state.round,
    rounds,
    sun,
    phase: state.phase,
    ...(moonPlace ? { moon: moonPlace } : {}),
  });

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEW.x} ${VIEW.y} ${VIEW.width} ${VIEW.height}" width="${width}" height="${height}" role="${options.interactive ? "group" : "img"}" aria-label="${escapeHtml(title)}" class="board">`,
  );
  out.push(`<title>${escapeHtml(title)}</title>`);
  out.push(
    `<defs><pattern id="${id}-hatch" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(45)"><rect width="3" height="7" fill="${theme.preview}" fill-opacity="0.5"/></pattern></defs>`,
  );
  out.push(
    `<rect x="${VIEW.x}" y="${VIEW.y}" width="${VIEW.width}" height="${VIEW.height}" fill="${theme.background}"/>`,
  );
  // The island: a slightly larger hexagon under the cells.
  out.push(
    `<polygon points="${hexPoints(0, 0, ISLAND)}" transform="rotate(30)" fill="${theme.grid}" fill-opacity="0.85"/>`,
  );
  // Under the Moonlight: the beams from the moon to the board's edge (the cells cover their inner ends).
  if (moon && showShadows) out.push(layer!.moonBeamsOutside(moon.report, theme));

  const drawing: CellDrawing = { theme, options, id, text, moon, moonText, showShadows, showLight, showLeaves };
  for (const c of cells) drawCell(out, c, drawing);

  if (showSun) {
    if (options.preview) out.push(sunElement(nextSun(state), theme, true));
    out.push(sunElement(sun, theme, false));
  }
  if (moon && moonPlace)
    out.push(
      layer!.moonTiles(moon.report, theme, {
        moon: moonText({ kind: "moon", full: moonPlace.full, cells: moonPlace.cells }),
        marker: moonText({ kind: "marker", ...moonPlace.next }),
      }),
    );
  out.push(`</svg>`);
  return out.join("");
}

/** What every cell's drawing shares: the theme, the options and what they switch on. */
interface CellDrawing {
  theme: ThemeColors;
  options: RenderOptions;
  /** The prefix of the picture's ids (its hatch pattern). */
  id: string;
  text: BoardText;
  moon: ReturnType<typeof moonOf>;
  moonText: NonNullable<BoardText["moon"]>;
  showShadows: boolean;
  showLight: boolean;
  showLeaves: boolean;
}

/** One cell of the board as a group: its hexagon, shade, leaves, name, pieces and marks. */
function drawCell(out: string[], c: CellInfo, d: CellDrawing): void {
  const { theme, options, id, text, moon, moonText, showShadows, showLight, showLeaves } = d;
  const { x, y } = cellCenter(c.q, c.r);
  const label = text.cell(c);
  const attrs = options.interactive
    ? ` role="button" tabindex="${(options.focus ?? "d4") === c.label ? 0 : -1}" aria-label="${escapeHtml(label)}"${c.highlight === "selected" ? ' aria-pressed="true"' : ""}`
    : "";
  // Data attributes describe the cell for scripts and tests: piece as seat letter + size ("b2").
  const data =
    (c.piece ? ` data-piece="${"abcd"[c.piece.seat]}${c.piece.size}"` : "") +
    (c.shadow > 0 ? ` data-shadow="${c.shadow}"` : "") +
    (c.light > 0 ? ` data-light="${c.light}"` : "") +
    (c.highlight ? ` data-highlight="${c.highlight}"` : "") +
    (c.moon ? moonData(c.moon) : "");
  out.push(`<g class="cell" data-cell="${c.label}"${data}${attrs}>`);
  out.push(`<title>${escapeHtml(label)}</title>`);
  // A tap target as large as the cell, the grid's line included (a phone's 44 px, issue 14).
  if (options.interactive)
    out.push(`<polygon class="hit" points="${hexPoints(x, y, HEX)}" fill="#000" fill-opacity="0"/>`);
  out.push(
    `<polygon points="${hexPoints(x, y, HEX - 0.8)}" fill="${theme.soil[RING[c.index]]}" stroke="${theme.grid}" stroke-width="1.6"/>`,
  );
  if (showShadows && c.shadow > 0)
    out.push(
      `<polygon class="shade" points="${hexPoints(x, y, HEX - 1.6)}" fill="${theme.shadow}" fill-opacity="${theme.shadowOpacity}"/>`,
    );
  if (c.previewShadow > 0)
    out.push(`<polygon class="shade-next" points="${hexPoints(x, y, HEX - 1.6)}" fill="url(#${id}-hatch)"/>`);
  const m = c.moon;
  if (m?.dam) out.push(layer!.damElement(x, y, theme));
  if (m && showShadows) {
    const beam = moon!.beam[c.index];
    if (beam) out.push(layer!.beamInCell(x, y, beam, theme));
    else if (m.moonlight === "indirect") out.push(layer!.glowInCell(x, y, theme));
  }
  if (showLeaves) out.push(leafMarks(x, y, c.leaves, theme.leaf));
  if (options.labels)
    out.push(
      `<text class="name" x="${x}" y="${round2(y + LABEL.dy)}" text-anchor="middle" font-size="${LABEL.size}" font-family="sans-serif" fill="${theme.leaf}" fill-opacity="0.85">${c.label}</text>`,
    );
  if (m?.greatTree) out.push(titled(layer!.greatTreeElement(x, y, theme), moonText({ kind: "greatTree" })));
  if (m?.stone)
    out.push(titled(layer!.stoneElement(x, y, m.glowing, theme), moonText({ kind: "stone", glowing: m.glowing })));
  if (c.piece) out.push(pieceElement(c.piece.seat, c.piece.size, x, y, theme));
  if (m?.nest) out.push(titled(layer!.nestElement(x, y, theme), moonText({ kind: "nest" })));
  if (m?.animal)
    out.push(
      `<g class="animal" data-animal="${m.animal.animal}" data-seat="${"abcd"[m.animal.seat]}"><title>${escapeHtml(moonText({ kind: "animal", ...m.animal }))}</title>` +
        layer!.animalElement(
          m.animal.animal,
          m.animal.seat,
          x + layer!.ANIMAL_TOKEN.dx,
          y + layer!.ANIMAL_TOKEN.dy,
          layer!.ANIMAL_TOKEN.radius,
          theme,
        ) +
        `</g>`,
    );
  if (showLight && c.light > 0) out.push(pips(x, y, c.light, theme));
  if (c.highlight) out.push(highlightElement(c.highlight, x, y, theme, c.piece !== null));
  if (options.interactive)
    out.push(`<polygon class="ring" points="${hexPoints(x, y, HEX - 2)}" fill="none" stroke="none"/>`);
  out.push(`</g>`);
}
