/**
 * Under the Moonlight on the board picture: the moon tile and the phase marker outside the board,
 * the two moonlight paths and the moonstones' glow, the animals (one glyph per animal, in the
 * owner's colour with the owner's shape as a badge), the Great Tree, moonstones, the beaver's dam
 * and the face-down baby turtles. Everything is drawn with shapes (no text: resvg has no fonts)
 * and only from what a view of the state shows (`viewFor`): a face-down baby is the same tile
 * whatever it is.
 */
import { CELLS, SUN_CORNERS, cellIndex, type Hex } from "../engine/reading";
// (the expansion's reading, not its index: a page that only shows a game carries none of its play,
// docs/web.md "Weights")
import { CLOCKWISE, moonReport, type AnimalName, type MoonReport, type MoonState } from "../engine/moonlight/reading";
import { escapeHtml } from "./escape";
import { HEX, SQRT3, cellCenter, hexPoints, round2, shapeElement } from "./shapes";
import { SEAT_STYLES, type ThemeColors } from "./style";

type P = { x: number; y: number };

/** The static pictures of ./moon-art.ts: the eight animals, the Great Tree, a moonstone, its halo, a baby turtle. */
export type PictureName = AnimalName | "great-tree" | "stone" | "stone-halo" | "nest";

/** How a static picture is written, around the origin, from its inks (at most three). */
export type MoonPictures = (name: PictureName, ...inks: string[]) => string;

/**
 * How this drawing writes its static pictures: in full (./moon-art.ts `INLINE_PICTURES`, which
 * src/render/index.ts sets for everything the server draws) or by reference to the built sprite
 * (`picturesByReference`, the web page's): set once by whoever loads the drawing.
 */
let pictures: MoonPictures = () => {
  throw new Error("render/moon.ts: no pictures set (usePictures)");
};
export function usePictures(p: MoonPictures): void {
  pictures = p;
}

/**
 * The pictures by reference to the sprite at `href` (./moon-art.ts `moonSprite`, built by
 * scripts/build-web.mjs): a `<use>` of its `#name` with the inks as the CSS variables it reads.
 * Same-origin external `<use>` works in Chromium, Firefox and Safari; the page's JS then carries
 * no path data.
 */
export function picturesByReference(href: string): MoonPictures {
  return (name, ...inks) =>
    `<use href="${href}#${name}" style="${inks.map((v, i) => `--${"abc"[i]}:${v}`).join(";")}"/>`;
}

/**
 * Where the moon tile and the phase marker stand: on the outward normal of their side, through
 * the middle of the gap between the two edge cells, MOON_TILE.distance from the board's centre
 * (the two paths, run backwards, meet at 180: the tile sits just beyond, off the island).
 */
export const MOON_TILE = { radius: 12, markerRadius: 7.5, markerRing: 10.5, distance: 184 } as const;

/** The unit vector on screen of a hex direction. */
function screenDir(d: Hex): P {
  const c = cellCenter(d.q, d.r);
  const len = Math.hypot(c.x, c.y);
  return { x: c.x / len, y: c.y / len };
}

/** Screen centres of the six corner cells (sun corners 0..5). */
const CORNERS: readonly P[] = SUN_CORNERS.map(({ corner }) => cellCenter(corner.q, corner.r));

/** The outward normal of board side j (from corner j to corner j + 1; docs/rules.md §8.1): between its two corners. */
function sideNormal(side: number): P {
  const cj = CORNERS[side];
  const ck = CORNERS[(side + 1) % 6];
  const s = { x: cj.x + ck.x, y: cj.y + ck.y };
  const len = Math.hypot(s.x, s.y);
  return { x: s.x / len, y: s.y / len };
}

/** Where the tile of moon position `position` (0..17) is drawn. */
export function moonPoint(position: number, touches: readonly [Hex, Hex]): P {
  const n = sideNormal(Math.floor(position / 3));
  const a = cellCenter(touches[0].q, touches[0].r);
  const b = cellCenter(touches[1].q, touches[1].r);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const along = mid.x * n.x + mid.y * n.y;
  const k = MOON_TILE.distance - along;
  return { x: round2(mid.x + n.x * k) + 0, y: round2(mid.y + n.y * k) + 0 };
}

/** The moon's face: full (all lit, with craters) or half (the half towards the board lit). */
function moonFace(c: P, r: number, full: boolean, toBoard: P, t: ThemeColors, sw: number): string {
  if (full)
    return (
      `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="${t.moonLit}" stroke="${t.moonStroke}" stroke-width="${sw}"/>` +
      `<circle cx="${round2(c.x - r * 0.32)}" cy="${round2(c.y - r * 0.2)}" r="${round2(r * 0.24)}" fill="none" stroke="${t.moonStroke}" stroke-opacity="0.45" stroke-width="${round2(sw * 0.5)}"/>` +
      `<circle cx="${round2(c.x + r * 0.3)}" cy="${round2(c.y + r * 0.34)}" r="${round2(r * 0.15)}" fill="none" stroke="${t.moonStroke}" stroke-opacity="0.45" stroke-width="${round2(sw * 0.5)}"/>`
    );
  // the lit half faces the board: from p1 clockwise to p2 the arc passes c + toBoard·r
  const tx = toBoard.y;
  const ty = -toBoard.x;
  const p1 = { x: round2(c.x + tx * r), y: round2(c.y + ty * r) };
  const p2 = { x: round2(c.x - tx * r), y: round2(c.y - ty * r) };
  return (
    `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="${t.moonDark}"/>` +
    `<path d="M${p1.x} ${p1.y}A${r} ${r} 0 0 1 ${p2.x} ${p2.y}Z" fill="${t.moonLit}"/>` +
    `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="none" stroke="${t.moonStroke}" stroke-width="${sw}"/>`
  );
}

/** A moon face for legends and cards: full, or half with its right half lit. */
export function moonIconElement(cx: number, cy: number, r: number, full: boolean, t: ThemeColors): string {
  return moonFace({ x: round2(cx), y: round2(cy) }, round2(r), full, { x: 1, y: 0 }, t, round2(Math.max(1, r / 6)));
}

/** The moon tile (solid) and the phase marker (smaller, in a dashed ring) with their <title>s. */
export function moonTiles(report: MoonReport, t: ThemeColors, titles: { moon: string; marker: string }): string {
  const out: string[] = [];
  for (const which of ["marker", "moon"] as const) {
    const position = which === "moon" ? report.position : report.marker.position;
    const touches = which === "moon" ? report.touches : report.marker.touches;
    const full = which === "moon" ? report.full : report.marker.full;
    const c = moonPoint(position, touches);
    const n = sideNormal(Math.floor(position / 3));
    const toBoard = { x: -n.x, y: -n.y };
    const phase = full ? "full" : "half";
    if (which === "moon")
      out.push(
        `<g class="moon" data-position="${position}" data-phase="${phase}"><title>${escapeHtml(titles.moon)}</title>${moonFace(c, MOON_TILE.radius, full, toBoard, t, 2)}</g>`,
      );
    else
      out.push(
        `<g class="moon-next" data-position="${position}" data-phase="${phase}"><title>${escapeHtml(titles.marker)}</title>` +
          `<circle cx="${c.x}" cy="${c.y}" r="${MOON_TILE.markerRing}" fill="none" stroke="${t.moonStroke}" stroke-width="1.5" stroke-dasharray="2.5 2.5"/>` +
          moonFace(c, MOON_TILE.markerRadius, full, toBoard, t, 1.3) +
          `</g>`,
      );
  }
  return out.join("");
}

/** The screen direction of each lit path (from its edge cell inward), as in docs/rules.md §8.1. */
export function pathDirections(position: number): [P, P] {
  const j = Math.floor(position / 3);
  return [screenDir(CLOCKWISE[(j + 3) % 6]), screenDir(CLOCKWISE[(j + 2) % 6])];
}

/** Half the distance between neighbouring cell centres (the hex's inner radius). */
const INNER = (SQRT3 / 2) * HEX;
/** Width of a moonlight band. */
const BEAM = 11;

function band(a: P, b: P, wa: number, wb: number): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const px = -dy / len;
  const py = dx / len;
  const pts = [
    [a.x + (px * wa) / 2, a.y + (py * wa) / 2],
    [b.x + (px * wb) / 2, b.y + (py * wb) / 2],
    [b.x - (px * wb) / 2, b.y - (py * wb) / 2],
    [a.x - (px * wa) / 2, a.y - (py * wa) / 2],
  ];
  return pts.map(([x, y]) => `${round2(x)},${round2(y)}`).join(" ");
}

/** The beams from the moon tile to the outer edges of the two cells it touches (drawn under the cells). */
export function moonBeamsOutside(report: MoonReport, t: ThemeColors): string {
  const c = moonPoint(report.position, report.touches);
  const dirs = pathDirections(report.position);
  const out: string[] = [];
  report.touches.forEach((cell, i) => {
    // a path stopped on its first cell (the Great Tree there) has no beam at all
    if (report.paths[i].length === 0) return;
    const at = cellCenter(cell.q, cell.r);
    const edge = { x: at.x - dirs[i].x * INNER, y: at.y - dirs[i].y * INNER };
    out.push(
      `<polygon points="${band(c, edge, 3, BEAM)}" fill="${t.moonlight}" fill-opacity="0.75" stroke="${t.moonlightEdge}" stroke-opacity="0.6" stroke-width="0.8"/>`,
    );
  });
  return out.length ? `<g class="moonbeam">${out.join("")}</g>` : "";
}

/** A cell's part of a moonlight path: a pale band across the cell along the path's direction. */
export function beamInCell(cx: number, cy: number, d: P, t: ThemeColors): string {
  const a = { x: cx - d.x * INNER, y: cy - d.y * INNER };
  const b = { x: cx + d.x * INNER, y: cy + d.y * INNER };
  const px = -d.y * (BEAM / 2);
  const py = d.x * (BEAM / 2);
  const edge = (s: number) =>
    `<line x1="${round2(a.x + px * s)}" y1="${round2(a.y + py * s)}" x2="${round2(b.x + px * s)}" y2="${round2(b.y + py * s)}"/>`;
  return (
    `<g class="moonlit"><polygon points="${band(a, b, BEAM, BEAM)}" fill="${t.moonlight}" fill-opacity="0.62"/>` +
    `<g stroke="${t.moonlightEdge}" stroke-opacity="0.7" stroke-width="0.9" stroke-dasharray="3 2">${edge(1)}${edge(-1)}</g></g>`
  );
}

/**
 * A drawing centred on (cx, cy): its shapes are written around the origin, as literal strings, and
 * moved there (as pieces.ts draws the pieces): the smallest code for the Moonlight's chunk, and a
 * shorter picture, than every point computed from the cell's centre.
 */
const at = (cx: number, cy: number, body: string) =>
  `<g transform="translate(${round2(cx)} ${round2(cy)})">${body}</g>`;

/** The points of a hexagon around the origin (computed once). */
const HEX_GLOW = hexPoints(0, 0, HEX - 5.5);
const HEX_DAM = hexPoints(0, 0, HEX - 4.6);

/** A cell lit indirectly by a glowing moonstone: a dotted pale ring inside the hexagon. */
export function glowInCell(cx: number, cy: number, t: ThemeColors): string {
  return `<g class="moonglow">${at(
    cx,
    cy,
    `<polygon points="${HEX_GLOW}" fill="none" stroke="${t.moonlightEdge}" stroke-opacity="0.55" stroke-width="4.4" stroke-linejoin="round"/>` +
      `<polygon points="${HEX_GLOW}" fill="none" stroke="${t.moonlight}" stroke-width="2.6" stroke-dasharray="1.2 3.2" stroke-linecap="round"/>`,
  )}</g>`;
}

/** The Great Tree: a big layered crown over a trunk, filling its (blocked) cell. */
export function greatTreeElement(cx: number, cy: number, t: ThemeColors): string {
  return `<g class="great-tree">${at(cx, cy, pictures("great-tree", t.greatTree, t.greatTreeDark, t.trunk))}</g>`;
}

/** A moonstone: a standing stone with a crescent; a glowing one has a pale halo with rays. */
export function stoneElement(cx: number, cy: number, glowing: boolean, t: ThemeColors): string {
  return `<g class="moonstone${glowing ? " glowing" : ""}">${at(
    cx,
    cy,
    (glowing ? pictures("stone-halo", t.moonlight, t.moonlightEdge) : "") +
      pictures("stone", t.stone, t.stoneDark, glowing ? t.moonLit : t.stoneDark),
  )}</g>`;
}

/** The beaver's dam on a cell: logs along the inside of the hexagon. */
export function damElement(cx: number, cy: number, t: ThemeColors): string {
  return `<g class="dam">${at(
    cx,
    cy,
    `<polygon points="${HEX_DAM}" fill="none" stroke="${t.damDark}" stroke-width="6" stroke-linejoin="round"/>` +
      `<polygon points="${HEX_DAM}" fill="none" stroke="${t.dam}" stroke-width="4" stroke-dasharray="6 1.6" stroke-linejoin="round"/>`,
  )}</g>`;
}

/** Where a face-down baby turtle lies on its corner cell (its picture's radius is 6.6). */
const NEST = { dx: 0.52 * HEX, dy: 0.1 * HEX } as const;

/** A face-down baby turtle: a round tile with a shell pattern (the same for every baby). */
export function nestElement(cx: number, cy: number, t: ThemeColors): string {
  return `<g class="nest">${at(cx + NEST.dx, cy + NEST.dy, pictures("nest", t.nest, t.nestDark))}</g>`;
}

// ---- animals ----------------------------------------------------------------------------------

/**
 * The animal token's radius (viewBox units) and where it stands in its cell (left of the centre):
 * rim and badge inside the cell, clear of its border (tests/render/moonlight.test.ts).
 */
export const ANIMAL_TOKEN = { radius: 0.38 * HEX, dx: -0.36 * HEX, dy: 0.1 * HEX } as const;

/**
 * An animal token centred at (cx, cy), radius r: a pale disc with a dark rim, the animal's glyph in
 * the owner's colour, and a badge in the owner's shape (so seats are told apart without colour).
 */
export function animalElement(
  animal: AnimalName,
  seat: number,
  cx: number,
  cy: number,
  r: number,
  t: ThemeColors,
): string {
  const style = SEAT_STYLES[seat % SEAT_STYLES.length];
  const k = round2((r * 0.88) / 10);
  const sw = round2(Math.max(1, r / 8));
  const badge = shapeElement(
    style.shape,
    cx + r * 0.76,
    cy - r * 0.76,
    r * 0.3,
    `fill="${style.color}" stroke="${t.outline}" stroke-width="${round2(sw * 0.8)}"`,
  );
  return (
    `<circle cx="${round2(cx)}" cy="${round2(cy)}" r="${round2(r)}" fill="${t.moonLit}" stroke="${t.animalDisc}" stroke-width="${sw}"/>` +
    `<g transform="translate(${round2(cx)} ${round2(cy)}) scale(${k})">${pictures(animal, style.color, t.outline, "#fffdf2")}</g>` +
    badge
  );
}

/** A standalone small SVG of an animal token, for legends and player lists in HTML. */
export function animalIcon(animal: AnimalName, seat: number, px: number, t: ThemeColors): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-13 -13 26 26" width="${px}" height="${px}" aria-hidden="true" focusable="false">${animalElement(animal, seat, 0, 0, 11, t)}</svg>`;
}

// ---- what the picture needs to know per cell -------------------------------------------------

/** The expansion's part of one cell, as the picture shows it (null in a base game). */
export interface CellMoon {
  /** The animal standing here, its owner, the owner's moon points and what it would gain now. */
  animal: { animal: AnimalName; seat: number; points: number; gain: number } | null;
  greatTree: boolean;
  stone: boolean;
  /** A glowing moonstone (on a lit path, or next to a glowing stone). */
  glowing: boolean;
  /** Lit by a moonlight path ("direct"), only by a glowing moonstone next to it ("indirect"), or dark. */
  moonlight: "direct" | "indirect" | null;
  /** Part of the beaver's dam. */
  dam: boolean;
  /** A face-down baby turtle lies here. */
  nest: boolean;
}

export interface MoonPicture {
  report: MoonReport;
  cells: CellMoon[];
  /** Per lit cell, the screen direction of its path (for the band). */
  beam: (P | null)[];
}

/** Everything the picture shows of the expansion, from a (viewed) state's `moon` and round. */
export function moonPicture(state: { moon: MoonState; round: number } & object): MoonPicture {
  const report = moonReport(state as Parameters<typeof moonReport>[0]);
  const m = state.moon;
  const idx = (c: Hex) => cellIndex(c.q, c.r);
  const cells: CellMoon[] = CELLS.map(() => ({
    animal: null,
    greatTree: false,
    stone: false,
    glowing: false,
    moonlight: null,
    dam: false,
    nest: false,
  }));
  const beam: (P | null)[] = CELLS.map(() => null);
  const dirs = pathDirections(report.position);
  report.paths.forEach((path, i) => {
    for (const c of path) {
      cells[idx(c)].moonlight = "direct";
      beam[idx(c)] = dirs[i];
    }
  });
  for (const c of report.indirect) if (!cells[idx(c)].moonlight) cells[idx(c)].moonlight = "indirect";
  if (m.greatTree >= 0) cells[m.greatTree].greatTree = true;
  for (const s of m.stones) cells[s].stone = true;
  for (const c of report.glowing) cells[idx(c)].glowing = true;
  for (const c of m.dam) cells[c].dam = true;
  for (const n of m.nests) cells[n.cell].nest = true;
  m.players.forEach((p, seat) => {
    if (p.cell >= 0 && p.animal)
      cells[p.cell].animal = { animal: p.animal, seat, points: p.points, gain: report.perSeat[seat] ?? 0 };
  });
  return { report, cells, beam };
}
