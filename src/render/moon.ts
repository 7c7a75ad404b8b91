/**
 * Under the Moonlight on the board picture: the moon tile and the phase marker outside the board,
 * the two moonlight paths and the moonstones' glow, the animals (one glyph per animal, in the
 * owner's colour with the owner's shape as a badge), the Great Tree, moonstones, the beaver's dam
 * and the face-down baby turtles. Everything is drawn with shapes (no text: resvg has no fonts)
 * and only from what a view of the state shows (`viewFor`): a face-down baby is the same tile
 * whatever it is.
 */
import { CELLS, SUN_CORNERS, cellIndex, type Hex } from "../engine/reading";
import { moonGeometry, moonReport, type AnimalName, type MoonReport, type MoonState } from "../engine/moonlight";
import { escapeHtml } from "./escape";
import { HEX, SQRT3, cellCenter, hexPoints, polygon, round2, shapeElement } from "./shapes";
import { SEAT_STYLES, type ThemeColors } from "./style";

type P = { x: number; y: number };

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
  return [screenDir(moonGeometry.CLOCKWISE[(j + 3) % 6]), screenDir(moonGeometry.CLOCKWISE[(j + 2) % 6])];
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
const HEX_TREE = hexPoints(0, 0, HEX - 3);
const HEX_DAM = hexPoints(0, 0, HEX - 4.6);

/** `n` segments from radius `from` to `to` around the origin, the first at `start` radians (a stone's halo, a nest's shell). */
function spokes(n: number, start: number, from: number, to: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = start + ((2 * Math.PI) / n) * i;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    out += `<line x1="${round2(c * from)}" y1="${round2(s * from)}" x2="${round2(c * to)}" y2="${round2(s * to)}"/>`;
  }
  return out;
}
const STONE_RAYS = spokes(8, Math.PI / 8, 15, 21);
const NEST_LINES = spokes(6, 0, 2.6, 5.6);
const NEST_SHELL = polygon(0, 0, 2.6, 6, 0);

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
  const o = t.greatTreeDark;
  return `<g class="great-tree">${at(
    cx,
    cy,
    `<polygon points="${HEX_TREE}" fill="none" stroke="${o}" stroke-width="2.4"/>` +
      `<rect x="-3.2" y="6" width="6.4" height="14" rx="1.2" fill="${t.trunk}" stroke="${o}" stroke-width="1.4"/>` +
      `<path d="M-20 10L-12-2L-16-2L-7-13L-11-13L0-25L11-13L7-13L16-2L12-2L20 10Z" fill="${t.greatTree}" stroke="${o}" stroke-width="1.8" stroke-linejoin="round"/>` +
      `<path d="M-9 3L0-1L9 3M-6-9L0-12L6-9" fill="none" stroke="${o}" stroke-opacity="0.6" stroke-width="1.2"/>`,
  )}</g>`;
}

/** A moonstone: a standing stone with a crescent; a glowing one has a pale halo with rays. */
export function stoneElement(cx: number, cy: number, glowing: boolean, t: ThemeColors): string {
  const halo = glowing
    ? `<circle r="16" fill="${t.moonlight}" fill-opacity="0.8" stroke="${t.moonlightEdge}" stroke-opacity="0.7" stroke-width="1"/>` +
      `<g stroke="${t.moonlight}" stroke-width="2.2" stroke-linecap="round">${STONE_RAYS}</g>`
    : "";
  return `<g class="moonstone${glowing ? " glowing" : ""}">${at(
    cx,
    cy,
    halo +
      `<path d="M-9 11L-10-3Q-9-13 0-14Q9-13 10-3L9 11Z" fill="${t.stone}" stroke="${t.stoneDark}" stroke-width="1.8" stroke-linejoin="round"/>` +
      `<path d="M1.5-7.5A6 6 0 1 0 1.5 4.5A4.6 4.6 0 1 1 1.5-7.5Z" fill="${glowing ? t.moonLit : t.stoneDark}" stroke="${t.stoneDark}" stroke-width="0.8"/>`,
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

/** Where a face-down baby turtle lies on its corner cell, and its radius. */
export const NEST = { dx: 0.52 * HEX, dy: 0.1 * HEX, radius: 6.6 } as const;

/** A face-down baby turtle: a round tile with a shell pattern (the same for every baby). */
export function nestElement(cx: number, cy: number, t: ThemeColors): string {
  return `<g class="nest">${at(
    cx + NEST.dx,
    cy + NEST.dy,
    `<circle r="${NEST.radius}" fill="${t.nest}" stroke="${t.nestDark}" stroke-width="1.4"/>` +
      `<polygon points="${NEST_SHELL}" fill="none" stroke="${t.nestDark}" stroke-width="1"/>` +
      `<g stroke="${t.nestDark}" stroke-width="0.8">${NEST_LINES}</g>`,
  )}</g>`;
}

// ---- animals ----------------------------------------------------------------------------------

/**
 * The eight animal glyphs, in a box of ±10 units: `f` is the owner's colour, `k` the outline ink,
 * `w` the pale of eyes and teeth. Each has its own silhouette (ears, spikes, tail, shell…), so they
 * are told apart without colour.
 */
const GLYPHS: Record<AnimalName, (f: string, k: string, w: string) => string> = {
  boar: (f, k, w) =>
    `<path d="M-8.8 -9.2L-2.8 -6.4L-7.6 -2.2Z M8.8 -9.2L2.8 -6.4L7.6 -2.2Z" fill="${f}" stroke="${k}" stroke-width="1.3" stroke-linejoin="round"/>` +
    `<path d="M0 -7.6C5.6 -7.6 8.2 -3 7.6 1.6C7 6 4 9.2 0 9.2C-4 9.2 -7 6 -7.6 1.6C-8.2 -3 -5.6 -7.6 0 -7.6Z" fill="${f}" stroke="${k}" stroke-width="1.4"/>` +
    `<path d="M-3.4 5.4C-6.4 5 -7.2 2.4 -6.6 -0.2C-5.8 2 -4.8 3.2 -3 3.6Z M3.4 5.4C6.4 5 7.2 2.4 6.6 -0.2C5.8 2 4.8 3.2 3 3.6Z" fill="${w}" stroke="${k}" stroke-width="0.8" stroke-linejoin="round"/>` +
    `<ellipse cx="0" cy="4" rx="3.9" ry="2.8" fill="${f}" stroke="${k}" stroke-width="1.3"/>` +
    `<ellipse cx="-1.4" cy="4" rx="0.75" ry="1.1" fill="${k}"/><ellipse cx="1.4" cy="4" rx="0.75" ry="1.1" fill="${k}"/>` +
    `<circle cx="-3.2" cy="-2.2" r="1.1" fill="${k}"/><circle cx="3.2" cy="-2.2" r="1.1" fill="${k}"/>`,
  hedgehog: (f, k, w) => {
    // a dome of spikes facing right, a pale face and a pointed snout
    const pts: string[] = [];
    const cx = -2;
    const cy = 5;
    const n = 13;
    for (let i = 0; i <= n; i++) {
      const a = Math.PI + (Math.PI * i) / n;
      const rad = i % 2 === 1 ? 10.2 : 7;
      pts.push(`${round2(cx + Math.cos(a) * rad)} ${round2(cy + Math.sin(a) * rad)}`);
    }
    return (
      `<path d="M${pts.join("L")}Z" fill="${f}" stroke="${k}" stroke-width="1.3" stroke-linejoin="round"/>` +
      `<path d="M3.2 5C3.4 1.2 5 -0.6 6.8 -0.4C8.4 0 9.4 2.6 10.6 4.4L10.6 5Z" fill="${w}" stroke="${k}" stroke-width="1.2" stroke-linejoin="round"/>` +
      `<circle cx="10.4" cy="4.4" r="1" fill="${k}"/><circle cx="6.6" cy="1.8" r="0.9" fill="${k}"/>` +
      `<path d="M-6.5 5.2L-6.5 7.6M1 5.2L1 7.6" stroke="${k}" stroke-width="1.8" stroke-linecap="round"/>`
    );
  },
  squirrel: (f, k) =>
    `<path d="M-0.6 9.4C-8.6 9.6 -11 1.4 -9.2 -4.4C-7.4 -9.6 -1.2 -10.6 0.4 -6.4C1.4 -3.4 -2.6 -3 -3.6 -0.6C-4.6 2.2 -2.8 5.4 -0.6 6.2Z" fill="${f}" stroke="${k}" stroke-width="1.3" stroke-linejoin="round"/>` +
    `<ellipse cx="3.2" cy="4.6" rx="4.2" ry="5" fill="${f}" stroke="${k}" stroke-width="1.3"/>` +
    `<path d="M3.4 -5.2L4 -9.2L6.2 -5.4Z" fill="${f}" stroke="${k}" stroke-width="1.1" stroke-linejoin="round"/>` +
    `<circle cx="5" cy="-2.4" r="3.6" fill="${f}" stroke="${k}" stroke-width="1.3"/>` +
    `<circle cx="6.2" cy="-3" r="0.9" fill="${k}"/>` +
    `<path d="M5.4 2.6L7.8 1.4" stroke="${k}" stroke-width="1.3" stroke-linecap="round"/>`,
  fox: (f, k, w) =>
    `<path d="M-9.8 -9.8L-4 -4.6L4 -4.6L9.8 -9.8L8.8 -1L1.4 8.8L-1.4 8.8L-8.8 -1Z" fill="${f}" stroke="${k}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="M-8.2 -7.2L-5 -4.6L-7.6 -3.2Z M8.2 -7.2L5 -4.6L7.6 -3.2Z" fill="${k}"/>` +
    `<path d="M-8.8 -1L-3 1.6L0 6.6L-1.4 8.8Z M8.8 -1L3 1.6L0 6.6L1.4 8.8Z" fill="${w}" stroke="${k}" stroke-width="0.8" stroke-linejoin="round"/>` +
    `<ellipse cx="-3.4" cy="-1.2" rx="1.1" ry="1.7" transform="rotate(-25 -3.4 -1.2)" fill="${k}"/><ellipse cx="3.4" cy="-1.2" rx="1.1" ry="1.7" transform="rotate(25 3.4 -1.2)" fill="${k}"/>` +
    `<circle cx="0" cy="7.6" r="1.4" fill="${k}"/>`,
  owl: (f, k, w) =>
    `<path d="M-7.4 -9.6L-3.6 -5.4L3.6 -5.4L7.4 -9.6L7.8 2C7.8 7 4.2 9.8 0 9.8C-4.2 9.8 -7.8 7 -7.8 2Z" fill="${f}" stroke="${k}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<circle cx="-3.4" cy="-1.2" r="3" fill="${w}" stroke="${k}" stroke-width="1.1"/><circle cx="3.4" cy="-1.2" r="3" fill="${w}" stroke="${k}" stroke-width="1.1"/>` +
    `<circle cx="-3.4" cy="-1.2" r="1.3" fill="${k}"/><circle cx="3.4" cy="-1.2" r="1.3" fill="${k}"/>` +
    `<path d="M-1.3 2L1.3 2L0 4.6Z" fill="${k}"/>` +
    `<path d="M-3.6 6.4L-2 7.6L-0.4 6.4M0.4 6.4L2 7.6L3.6 6.4" fill="none" stroke="${k}" stroke-width="0.9"/>`,
  badger: (f, k, w) =>
    `<circle cx="-6.2" cy="-5.6" r="2.3" fill="${f}" stroke="${k}" stroke-width="1.2"/><circle cx="6.2" cy="-5.6" r="2.3" fill="${f}" stroke="${k}" stroke-width="1.2"/>` +
    `<path d="M0 -7.4C6 -7.4 9 -2.4 8.2 2C7.4 6.2 3.4 9.4 0 9.4C-3.4 9.4 -7.4 6.2 -8.2 2C-9 -2.4 -6 -7.4 0 -7.4Z" fill="${f}" stroke="${k}" stroke-width="1.4"/>` +
    `<ellipse cx="-3.3" cy="-0.4" rx="2" ry="6" transform="rotate(-14 -3.3 -0.4)" fill="${k}"/><ellipse cx="3.3" cy="-0.4" rx="2" ry="6" transform="rotate(14 3.3 -0.4)" fill="${k}"/>` +
    `<circle cx="-3.1" cy="0.2" r="0.9" fill="${w}"/><circle cx="3.1" cy="0.2" r="0.9" fill="${w}"/>` +
    `<ellipse cx="0" cy="7" rx="1.7" ry="1.2" fill="${k}"/>`,
  beaver: (f, k, w) =>
    `<g transform="rotate(-28 -6.6 6)"><ellipse cx="-6.6" cy="6" rx="4.6" ry="2.7" fill="${f}" stroke="${k}" stroke-width="1.2"/>` +
    `<path d="M-10 5.1L-3.2 5.1M-10 6.9L-3.2 6.9M-8.4 3.6L-8.4 8.4M-5.2 3.6L-5.2 8.4" stroke="${k}" stroke-width="0.7"/></g>` +
    `<ellipse cx="-0.6" cy="2.6" rx="6.6" ry="5.2" fill="${f}" stroke="${k}" stroke-width="1.3"/>` +
    `<circle cx="3.4" cy="-5.4" r="1.4" fill="${f}" stroke="${k}" stroke-width="1"/>` +
    `<path d="M1.6 -1.6C1.6 -4.6 3.6 -6.2 6 -6C8.4 -5.8 9.8 -3.8 9.8 -1.6C9.8 0.8 8 2.2 5.6 2.2C3.2 2.2 1.6 0.8 1.6 -1.6Z" fill="${f}" stroke="${k}" stroke-width="1.3"/>` +
    `<rect x="6.6" y="1.4" width="2.6" height="2.6" rx="0.4" fill="${w}" stroke="${k}" stroke-width="0.8"/>` +
    `<circle cx="9.4" cy="-1.8" r="1" fill="${k}"/><circle cx="5.6" cy="-3" r="0.9" fill="${k}"/>` +
    `<path d="M-3.4 7.4L-3.4 9.4M2 7.2L2 9.2" stroke="${k}" stroke-width="1.7" stroke-linecap="round"/>`,
  turtle: (f, k) =>
    `<g fill="${f}" stroke="${k}" stroke-width="1.1"><ellipse cx="-6.2" cy="-4.4" rx="2.5" ry="1.9"/><ellipse cx="6.2" cy="-4.4" rx="2.5" ry="1.9"/>` +
    `<ellipse cx="-6.2" cy="5.4" rx="2.5" ry="1.9"/><ellipse cx="6.2" cy="5.4" rx="2.5" ry="1.9"/><ellipse cx="0" cy="-8" rx="2.4" ry="2.5"/>` +
    `<path d="M-1.2 7.6L0 10.2L1.2 7.6Z"/></g>` +
    `<ellipse cx="0" cy="0.6" rx="6.4" ry="7.4" fill="${f}" stroke="${k}" stroke-width="1.4"/>` +
    `<polygon points="${polygon(0, 0.6, 2.9, 6, 0)}" fill="none" stroke="${k}" stroke-width="1"/>` +
    `<path d="M2.9 0.6L6.4 0.6M-2.9 0.6L-6.4 0.6M1.45 -1.9L3.2 -5.6M-1.45 -1.9L-3.2 -5.6M1.45 3.1L3.2 6.8M-1.45 3.1L-3.2 6.8" stroke="${k}" stroke-width="0.9"/>`,
};

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
    `<g transform="translate(${round2(cx)} ${round2(cy)}) scale(${k})">${GLYPHS[animal](style.color, t.outline, "#fffdf2")}</g>` +
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
