/**
 * Under the Moonlight's static pictures — the eight animals, the Great Tree, a moonstone and its
 * halo, a face-down baby turtle — each drawn around the origin from at most three inks. The one
 * source of their shapes, written two ways:
 * - inline (`INLINE_PICTURES`): the shapes themselves, for everything the server draws (the PNG
 *   card goes through resvg, which fetches nothing; the embed; the HTML preview) — src/render/index.ts;
 * - as a sprite (`moonSprite`): one SVG document, each picture a `<g id>` whose inks are CSS
 *   variables, which scripts/build-web.mjs writes as an immutable, content-hashed file, and which
 *   the web page draws by reference (moon.ts `picturesByReference`): its JS carries no path data.
 * The web client never imports this module (.dependency-cruiser.cjs, tests/web/bundle.test.ts).
 */
import type { AnimalName } from "../engine/moonlight";
import type { MoonPictures, PictureName } from "./moon";
import { HEX, hexPoints, polygon, round2 } from "./shapes";

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
const HEX_TREE = hexPoints(0, 0, HEX - 3);
const STONE_RAYS = spokes(8, Math.PI / 8, 15, 21);
const NEST_LINES = spokes(6, 0, 2.6, 5.6);
const NEST_SHELL = polygon(0, 0, 2.6, 6, 0);
/** A face-down baby turtle's radius (moon.ts NEST places it on its cell). */
const NEST_RADIUS = 6.6;

/**
 * The eight animal glyphs, in a box of ±10 units: `f` is the owner's colour, `k` the outline ink,
 * `w` the pale of eyes and teeth. Each has its own silhouette (ears, spikes, tail, shell…), so they
 * are told apart without colour.
 */
const ANIMALS: Record<AnimalName, (f: string, k: string, w: string) => string> = {
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

/** Each picture around the origin, from its inks (in the order moon.ts passes them). */
export const ART: Record<PictureName, (a: string, b: string, c: string) => string> = {
  ...ANIMALS,
  /** The Great Tree (crown, its outline, trunk): a big layered crown over a trunk, filling its (blocked) cell. */
  "great-tree": (crown, o, trunk) =>
    `<polygon points="${HEX_TREE}" fill="none" stroke="${o}" stroke-width="2.4"/>` +
    `<rect x="-3.2" y="6" width="6.4" height="14" rx="1.2" fill="${trunk}" stroke="${o}" stroke-width="1.4"/>` +
    `<path d="M-20 10L-12-2L-16-2L-7-13L-11-13L0-25L11-13L7-13L16-2L12-2L20 10Z" fill="${crown}" stroke="${o}" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<path d="M-9 3L0-1L9 3M-6-9L0-12L6-9" fill="none" stroke="${o}" stroke-opacity="0.6" stroke-width="1.2"/>`,
  /** A moonstone (stone, its outline, the crescent): a standing stone with a crescent. */
  stone: (stone, dark, crescent) =>
    `<path d="M-9 11L-10-3Q-9-13 0-14Q9-13 10-3L9 11Z" fill="${stone}" stroke="${dark}" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<path d="M1.5-7.5A6 6 0 1 0 1.5 4.5A4.6 4.6 0 1 1 1.5-7.5Z" fill="${crescent}" stroke="${dark}" stroke-width="0.8"/>`,
  /** A glowing moonstone's halo (moonlight, its edge): a pale disc with rays. */
  "stone-halo": (light, edge) =>
    `<circle r="16" fill="${light}" fill-opacity="0.8" stroke="${edge}" stroke-opacity="0.7" stroke-width="1"/>` +
    `<g stroke="${light}" stroke-width="2.2" stroke-linecap="round">${STONE_RAYS}</g>`,
  /** A face-down baby turtle (tile, its ink): a round tile with a shell pattern (the same for every baby). */
  nest: (tile, dark) =>
    `<circle r="${NEST_RADIUS}" fill="${tile}" stroke="${dark}" stroke-width="1.4"/>` +
    `<polygon points="${NEST_SHELL}" fill="none" stroke="${dark}" stroke-width="1"/>` +
    `<g stroke="${dark}" stroke-width="0.8">${NEST_LINES}</g>`,
};

/** The pictures written out in full (the server's drawings). */
export const INLINE_PICTURES: MoonPictures = (name, ...inks) => ART[name](inks[0], inks[1] ?? "", inks[2] ?? "");

/**
 * The sprite the web page draws by reference: every picture as a `<g id="<name>">` in <defs>, its
 * inks the CSS variables --a, --b, --c, which the `<use>` sets (custom properties are inherited into
 * the used copy). The inks are written in `style`, not as presentation attributes (`fill="var(--a)"`),
 * which not every browser resolves.
 */
export function moonSprite(): string {
  const vars = ["var(--a)", "var(--b)", "var(--c)"] as const;
  const body = (Object.keys(ART) as PictureName[])
    .map(
      (name) =>
        `<g id="${name}">${ART[name](...vars).replace(/<[a-z]+(?:\s+[a-z][a-z0-9-]*="[^"]*")*\s*\/?>/g, inksAsStyle)}</g>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg"><defs>${body}</defs></svg>\n`;
}

/** A tag with its `attr="var(--x)"` attributes moved into one `style` attribute. */
function inksAsStyle(tag: string): string {
  const style: string[] = [];
  const rest = tag.replace(/\s([a-z][a-z0-9-]*)="(var\(--[abc]\))"/g, (_, attr: string, v: string) => {
    style.push(`${attr}:${v}`);
    return "";
  });
  if (!style.length) return tag;
  const end = rest.endsWith("/>") ? -2 : -1;
  return `${rest.slice(0, end)} style="${style.join(";")}"${rest.slice(end)}`;
}
