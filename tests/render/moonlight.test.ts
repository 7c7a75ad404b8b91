/**
 * Under the Moonlight on the board picture: the moon and the phase marker outside the board, the
 * lit paths and the glow, animals, the Great Tree and its shadow, moonstones, the dam and the
 * face-down baby turtles — drawn from positions in the engine's notation (PS2) and from played
 * games — and the base game's picture unchanged, byte for byte.
 */
import { describe, expect, it } from "vitest";
import {
  CELLS,
  LABELS,
  cellIndex,
  createGame,
  fromNotation,
  labelOf,
  lightReport,
  moonGeometry,
  moonReport,
  moonRules,
  playOutRandomly,
  viewFor,
  type AnimalName,
  type BabyName,
  type GameState,
} from "../../src/engine";
import {
  ANIMAL_TOKEN,
  ENGLISH_TEXT,
  HEX,
  ISLAND,
  MOON_TILE,
  SUN,
  THEMES,
  VIEW,
  animalElement,
  boardCells,
  cellCenter,
  moonPoint,
  renderBoard,
  sunPoint,
  type BoardText,
  type RenderOptions,
} from "../../src/render";
import { ART, INLINE_PICTURES, moonSprite } from "../../src/render/moon-art";
import { picturesByReference, usePictures, type PictureName } from "../../src/render/moon";

/** The spectator's view of the round-5 example of docs/engine.md: full moon at 7; turtle on g1, beaver on d2, its dam; Great Tree d4; stones c3 b2 f4; five nests. */
const ROUND5 =
  "PS2 2MGS:00000000:a R5 a a 0 a1.../...../....b1./a2....../b0...../...../...a1 5:4422:2210:-/3:4432:1310:- 9.7.5.0 - 80 00000000 " +
  "-;7f;turtle:g1:6:-:light:-/beaver:d2:3:-:-:-;d4;c3.b2.f4;d1.d2.e1;a4=?.d7=?.g4=?.d1=?.a1=?;?+?;--:-";

function pos(text: string): GameState {
  const r = fromNotation(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

const label = (c: { q: number; r: number }) => labelOf(cellIndex(c.q, c.r));

/** Attributes of the <g class="cell"> of one label. */
function cellTag(svg: string, l: string): string {
  const m = new RegExp(`<g class="cell" data-cell="${l}"[^>]*>`).exec(svg);
  if (!m) throw new Error(`no cell ${l}`);
  return m[0];
}

/** The drawing of one cell (its group, up to the next cell). */
function cellPart(svg: string, l: string): string {
  const start = svg.indexOf(`<g class="cell" data-cell="${l}"`);
  const next = svg.indexOf('<g class="cell"', start + 1);
  return svg.slice(start, next < 0 ? undefined : next);
}

function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, close, name, self] = m;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0;
}

/** Cells whose tag carries `attr` (with its value). */
function cellsWith(svg: string, attr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of svg.matchAll(/<g class="cell" data-cell="(\w+)"([^>]*)>/g)) {
    const v = new RegExp(` ${attr}="([^"]*)"`).exec(m[2]);
    if (v) out[m[1]] = v[1];
  }
  return out;
}

/** A played Moonlight game's states (every mode on), as a spectator sees them. */
function played(players: number, seed: number): GameState[] {
  const created = createGame({ players, seed, moonlight: { greatTree: true, moonstones: true } });
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.state];
  playOutRandomly(created.state, seed, (_before, _code, after) => states.push(after));
  return states;
}

/**
 * Base games drawn with every option: the same list the digest below was recorded from with the
 * renderer before the expansion was drawn (so base pictures are byte-identical to those). Recorded
 * again when the pieces were redrawn as seeds and trees (src/render/pieces.ts, issue 14), and when an
 * interactive cell got a tap target as large as itself and cell names moved below the pieces (issue 14),
 * and when the sun's groups got their position as data-sun (issue 25: nothing else changed, checked),
 * and when translucency moved from `opacity` to `fill-opacity` / `stroke-opacity` (issue 24, the card's
 * render time: putting the four attributes back gave the former digest, checked).
 */
function baseRenders(): string[] {
  const variants: RenderOptions[] = [
    {},
    { theme: "dark" },
    { preview: true },
    { labels: true },
    {
      highlights: { d4: "selected", c3: "target", a1: "source", g4: "used", e5: "last" },
      interactive: true,
      focus: "c3",
    },
    { shadows: false, light: false, sun: false, leaves: false },
    { size: 300, idPrefix: "x" },
  ];
  const out: string[] = [];
  let v = 0;
  for (const players of [2, 3, 4])
    for (const seed of [1, 2]) {
      const created = createGame({ players, seed, longGame: seed === 2, heavyShade: players === 3 });
      if (!created.ok) throw new Error(created.error.message);
      let n = 0;
      const states = [created.state];
      playOutRandomly(created.state, seed, (_b, _c, after) => {
        if (n++ % 29 === 0) states.push(after);
      });
      for (const s of states) out.push(renderBoard(s, variants[v++ % variants.length]));
    }
  return out;
}

describe("the base game's picture", () => {
  it("is byte-identical to the picture before the expansion was drawn (51 positions, every option)", async () => {
    const renders = baseRenders();
    expect(renders).toHaveLength(51);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(renders.join("\n"))));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(hex).toBe("2864825c3f4122dc8fb99ec0fe269b750539f2bdd22e2d6ac5ec64f90509f09f");
    for (const svg of renders.slice(0, 7)) expect(svg).not.toMatch(/moon|animal|great-tree|nest|dam/);
  });
});

describe("Under the Moonlight on the board", () => {
  const s = pos(ROUND5);
  const report = moonReport(s);
  const svg = renderBoard(s);

  it("is well-formed, with 37 cells and a <title> for every new piece", () => {
    expect(balanced(svg)).toBe(true);
    expect(svg.match(/<g class="cell"/g)).toHaveLength(37);
    // board + 37 cells + moon + marker + 2 animals + Great Tree + 3 stones + 5 nests
    expect(svg.match(/<title>/g)).toHaveLength(1 + 37 + 2 + 2 + 1 + 3 + 5);
    expect(svg).not.toContain("<text");
  });

  it("draws the moon at its gap, half or full, and the phase marker at the next position with its predicted phase", () => {
    expect(report).toMatchObject({ position: 7, full: true, marker: { position: 2, full: true } });
    const moon = /<g class="moon" data-position="(\d+)" data-phase="(\w+)"><title>([^<]*)<\/title>(.*?)<\/g>/.exec(
      svg,
    )!;
    expect(moon.slice(1, 4)).toEqual(["7", "full", "Full moon between g3 and g2"]);
    const { x, y } = moonPoint(7, report.touches);
    expect(moon[4]).toContain(`<circle cx="${x}" cy="${y}" r="${MOON_TILE.radius}"`);
    const marker = /<g class="moon-next" data-position="(\d+)" data-phase="(\w+)"><title>([^<]*)<\/title>/.exec(svg)!;
    expect(marker.slice(1)).toEqual(["2", "full", "Phase marker: next round full moon between c6 and d7"]);
    expect(svg).toContain(
      "<title>Board, round 5 of 18; the sun is in the west; full moon between g3 and g2, next round full moon between c6 and d7</title>",
    );
    // a half moon: a dark disc with its lit half (a path) towards the board; a full one has no such half
    const half = renderBoard({ ...s, moon: { ...s.moon!, full: false } });
    const halfMoon = /<g class="moon" [^>]*>(.*?)<\/g>/.exec(half)![1];
    expect(halfMoon).toContain(`fill="${THEMES.light.moonDark}"`);
    expect(halfMoon).toMatch(/<path d="M[-\d. ]+A12 12 0 0 1 [-\d. ]+Z" fill="#fbf6dc"\/>/);
    expect(moon[4]).not.toContain("<path");
  });

  it("lights the two paths (stopped at the Great Tree) and the glow of the moonstones, apart from the sun's shadows", () => {
    const lit = cellsWith(svg, "data-moonlight");
    const direct = report.direct.map(label).sort();
    const indirect = report.indirect.map(label).sort();
    expect(
      Object.keys(lit)
        .filter((l) => lit[l] === "direct")
        .sort(),
    ).toEqual(direct);
    expect(
      Object.keys(lit)
        .filter((l) => lit[l] === "indirect")
        .sort(),
    ).toEqual(indirect);
    expect(direct).toEqual(["c1", "c6", "d2", "d6", "e2", "e5", "f2", "f4", "g2", "g3"]);
    expect(indirect).toEqual(["e4", "f3", "f5", "g4"]);
    for (const l of direct) expect(cellPart(svg, l)).toContain('<g class="moonlit">');
    for (const l of indirect) expect(cellPart(svg, l)).toContain('<g class="moonglow">');
    expect(svg.match(/<g class="moonlit">/g)).toHaveLength(direct.length);
    // the beams from the moon to the two edge cells
    expect(svg.match(/<g class="moonbeam">(<polygon [^>]*\/>){2}<\/g>/)).not.toBeNull();
    // the sun's shadows stay what they were: a dark fill; moonlight is a pale band on top of it
    expect(cellPart(svg, "d6")).toContain('class="shade"');
    expect(cellPart(svg, "d6").indexOf('class="shade"')).toBeLessThan(cellPart(svg, "d6").indexOf("moonlit"));
    // shadows off: no moonlight either (it is the same kind of overlay)
    const bare = renderBoard(s, { shadows: false });
    expect(bare).not.toContain("moonlit");
    expect(bare).not.toContain("moonglow");
    expect(bare).toContain('class="moon"');
  });

  it("draws the Great Tree on its blocked cell and its sun shadow to the edge", () => {
    expect(cellsWith(svg, "data-great-tree")).toEqual({ d4: "1" });
    expect(cellPart(svg, "d4")).toContain('<g class="great-tree"><title>The Great Tree</title>');
    const shadows = cellsWith(svg, "data-shadow");
    const fromEngine = Object.fromEntries(lightReport(s).shadows.map((x) => [label(x.cell), String(x.height)]));
    expect(shadows).toEqual(fromEngine);
    // sun in the west: the Great Tree's shadow runs east to the edge (height 4)
    expect(
      Object.keys(shadows)
        .filter((l) => shadows[l] === "4")
        .sort(),
    ).toEqual(["d5", "d6", "d7"]);
  });

  it("draws moonstones, glowing or dark, and their one-cell shadows", () => {
    expect(cellsWith(svg, "data-stone")).toEqual({ b2: "dark", c3: "dark", f4: "glowing" });
    expect(cellPart(svg, "f4")).toContain('<g class="moonstone glowing"><title>Moonstone, glowing</title>');
    expect(cellPart(svg, "b2")).toContain('<g class="moonstone"><title>Moonstone</title>');
    for (const l of ["b3", "c4", "f5"]) expect(cellTag(svg, l)).toContain('data-shadow="1"');
  });

  it("draws each animal on its cell in its owner's colour with the owner's shape, and says so", () => {
    expect(cellsWith(svg, "data-animal")).toEqual({ g1: "turtle", d2: "beaver" });
    const turtle = /<g class="animal" data-animal="turtle" data-seat="a"><title>([^<]*)<\/title>/.exec(
      cellPart(svg, "g1"),
    )!;
    expect(turtle[1]).toBe("Turtle of player A (red circles), 6 moon points");
    const beaver = cellPart(svg, "d2");
    expect(beaver).toContain("Beaver of player B (blue triangles), 3 moon points");
    const { x, y } = cellCenter(-2, 0);
    expect(beaver).toContain(
      animalElement("beaver", 1, x + ANIMAL_TOKEN.dx, y + ANIMAL_TOKEN.dy, ANIMAL_TOKEN.radius, THEMES.light),
    );
    // the cell's own label names the animal and the moonlight
    const d2 = boardCells(s)[cellIndex(-2, 0)];
    expect(ENGLISH_TEXT.cell(d2)).toBe(
      "d2, 2 leaves; empty; in shadow; beaver of player B (blue triangles), 3 moon points; on the beaver's dam; in moonlight",
    );
  });

  it("keeps each animal token, rim and badge, inside its cell, clear of the border (issue 14, defect 8)", () => {
    // The cell as drawn: a pointy-top hexagon of radius HEX - 0.8 with an outline 1.6 wide; 1 to spare.
    const R = HEX - 0.8 - 0.8 - 1;
    const inside = ([x, y]: number[]) =>
      Math.abs(x) <= (R * Math.sqrt(3)) / 2 && Math.abs(y) + Math.abs(x) / Math.sqrt(3) <= R;
    const num = (tag: string, a: string) => Number(new RegExp(`\\b${a}="([-0-9.]+)"`).exec(tag)![1]);
    /** Points on the outer edge of a drawn circle or polygon (its stroke included). */
    const edge = (tag: string): number[][] => {
      const half = num(tag, "stroke-width") / 2;
      if (tag.startsWith("<circle")) {
        const [cx, cy, r] = [num(tag, "cx"), num(tag, "cy"), num(tag, "r") + half];
        return Array.from({ length: 72 }, (_, i) => [cx + r * Math.cos(i * 0.0873), cy + r * Math.sin(i * 0.0873)]);
      }
      const pts = /points="([^"]+)"/
        .exec(tag)![1]
        .split(" ")
        .map((p) => p.split(",").map(Number));
      return pts.flatMap(([x, y]) => [
        [x - half, y - half],
        [x + half, y - half],
        [x - half, y + half],
        [x + half, y + half],
      ]);
    };
    for (const animal of ["beaver", "owl"] as AnimalName[])
      for (let seat = 0; seat < 4; seat++) {
        const svg = animalElement(animal, seat, ANIMAL_TOKEN.dx, ANIMAL_TOKEN.dy, ANIMAL_TOKEN.radius, THEMES.light);
        const disc = /^<circle[^>]*\/>/.exec(svg)![0];
        const badge = /<(circle|polygon)[^>]*\/>$/.exec(svg)![0];
        for (const p of [...edge(disc), ...edge(badge)]) expect(inside(p), `${animal} ${seat} ${p}`).toBe(true);
      }
  });

  it("draws the beaver's dam on its three cells and a face-down tile on every corner still holding a baby", () => {
    expect(Object.keys(cellsWith(svg, "data-dam")).sort()).toEqual(["d1", "d2", "e1"]);
    expect(svg.match(/<g class="dam">/g)).toHaveLength(3);
    expect(Object.keys(cellsWith(svg, "data-nest")).sort()).toEqual(["a1", "a4", "d1", "d7", "g4"]);
    expect(svg.match(/<g class="nest"><title>Baby turtle, face down<\/title>/g)).toHaveLength(5);
  });

  it("shows nothing of the face-down babies: twins that differ only in them draw the same, seen or not", () => {
    // a game with the turtle, after the babies were laid
    let found: GameState | null = null;
    for (let seed = 1; seed < 200 && !found; seed++) {
      const g = played(2, seed).find((x) => x.moon!.nests.length === 6 && x.phase === "play");
      if (g) found = g;
    }
    const real = found!;
    const babies = [...real.moon!.nests.map((n) => n.baby!), ...(real.moon!.box as BabyName[])];
    const rotated = [...babies.slice(1), babies[0]];
    const twin: GameState = {
      ...real,
      moon: {
        ...real.moon!,
        nests: real.moon!.nests.map((n, i) => ({ cell: n.cell, baby: rotated[i] })),
        box: rotated.slice(6),
      },
    };
    expect(twin.moon!.nests).not.toEqual(real.moon!.nests);
    for (const theme of ["light", "dark"] as const) {
      expect(renderBoard(viewFor(twin, null), { theme })).toBe(renderBoard(viewFor(real, null), { theme }));
      // even given the secret state, the picture does not depend on the babies
      expect(renderBoard(twin, { theme })).toBe(renderBoard(real, { theme }));
    }
    for (const b of moonRules.BABIES) expect(renderBoard(real)).not.toContain(`"${b}"`);
  });

  it("keeps the moon and the marker inside the picture, off the island and clear of the sun, at every position", () => {
    const islandInner = (ISLAND * Math.sqrt(3)) / 2;
    for (let p = 0; p < moonGeometry.MOON_POSITIONS; p++) {
      const [a, b] = moonGeometry.MOON_GAP[p];
      const c = moonPoint(p, [CELLS[a], CELLS[b]]);
      const reach = Math.max(MOON_TILE.radius + 1, MOON_TILE.markerRing + 0.75);
      expect(c.x - reach, `position ${p}`).toBeGreaterThanOrEqual(VIEW.x);
      expect(c.x + reach).toBeLessThanOrEqual(VIEW.x + VIEW.width);
      expect(c.y - reach, `position ${p}`).toBeGreaterThanOrEqual(VIEW.y);
      expect(c.y + reach, `position ${p}`).toBeLessThanOrEqual(VIEW.y + VIEW.height);
      // beyond the island's edge (its inner radius) on the side's normal
      expect(Math.hypot(c.x, c.y) - reach, `position ${p}`).toBeGreaterThan(islandInner);
      // nearer to its own two edge cells than to any other cell
      const d = (l: number) =>
        Math.hypot(cellCenter(CELLS[l].q, CELLS[l].r).x - c.x, cellCenter(CELLS[l].q, CELLS[l].r).y - c.y);
      const nearest = CELLS.map((_, i) => i).sort((x, y) => d(x) - d(y));
      expect(nearest.slice(0, 2).sort(), `position ${p}`).toEqual([a, b].sort());
      for (let k = 0; k < 6; k++) {
        const sun = sunPoint(k);
        expect(Math.hypot(sun.x - c.x, sun.y - c.y), `position ${p}, sun ${k}`).toBeGreaterThan(
          SUN.rayTo + 1.25 + reach + 3,
        );
      }
      for (let q = 0; q < moonGeometry.MOON_POSITIONS; q++) {
        if (q === p) continue;
        const o = moonPoint(q, [CELLS[moonGeometry.MOON_GAP[q][0]], CELLS[moonGeometry.MOON_GAP[q][1]]]);
        expect(Math.hypot(o.x - c.x, o.y - c.y)).toBeGreaterThan(2 * reach);
      }
    }
  });

  it("draws every position of played games (2, 3 and 4 players, every mode) consistently with the engine", () => {
    for (const players of [2, 3, 4]) {
      const states = played(players, 40 + players);
      for (const [i, full] of states.entries()) {
        if (i % 23 !== 0 && i !== states.length - 1) continue;
        const st = viewFor(full, null);
        const out = renderBoard(st, { preview: i % 2 === 0, labels: i % 3 === 0 });
        expect(balanced(out)).toBe(true);
        const r = moonReport(st);
        expect(out).toContain(
          `<g class="moon" data-position="${r.position}" data-phase="${r.full ? "full" : "half"}">`,
        );
        expect(out).toContain(
          `<g class="moon-next" data-position="${r.marker.position}" data-phase="${r.marker.full ? "full" : "half"}">`,
        );
        const animals = cellsWith(out, "data-animal");
        const expected: Record<string, string> = {};
        st.moon!.players.forEach((p) => {
          if (p.cell >= 0 && p.animal) expected[LABELS[p.cell]] = p.animal;
        });
        expect(animals).toEqual(expected);
        expect(Object.keys(cellsWith(out, "data-nest")).sort()).toEqual(
          st.moon!.nests.map((n) => LABELS[n.cell]).sort(),
        );
        expect(Object.keys(cellsWith(out, "data-stone")).sort()).toEqual(st.moon!.stones.map((c) => LABELS[c]).sort());
        expect(Object.keys(cellsWith(out, "data-dam")).sort()).toEqual(st.moon!.dam.map((c) => LABELS[c]).sort());
        const pieces = (out.match(/data-piece="/g) ?? []).length;
        expect(pieces).toBe(st.cells.filter((c) => c !== 0).length);
      }
    }
  });

  it("has a distinct glyph for each of the 8 animals, in the owner's colour, with the owner's shape as a badge", () => {
    const t = THEMES.light;
    const glyph = (a: AnimalName, seat: number) => animalElement(a, seat, 0, 0, ANIMAL_TOKEN.radius, t);
    const bodies = moonRules.ANIMALS.map((a) => /<g transform="[^"]*">(.*)<\/g>/.exec(glyph(a, 0))![1]);
    expect(new Set(bodies).size).toBe(8);
    for (const a of moonRules.ANIMALS) {
      for (let seat = 0; seat < 4; seat++) {
        const g = glyph(a, seat);
        expect(g).toContain(["#D55E00", "#0072B2", "#F0E442", "#CC79A7"][seat]);
        expect(balanced(`<g>${g}</g>`)).toBe(true);
      }
      // the badge: a circle, triangle (3 points), diamond (4) or star (10)
      const badge = (seat: number) => {
        const last = glyph(a, seat).split("</g>").at(-1)!;
        const pts = /points="([^"]+)"/.exec(last);
        return pts ? pts[1].split(" ").length : last.startsWith("<circle") ? 0 : -1;
      };
      expect([0, 1, 2, 3].map(badge)).toEqual([0, 3, 4, 10]);
    }
  });

  it("takes translated, escaped labels for the new pieces, and falls back to English without them", () => {
    const text: BoardText = {
      board: (i) => `Plateau${i.moon ? ` <lune ${i.moon.full ? "pleine" : "demi"}>` : ""}`,
      cell: (c) => `Case ${c.label}${c.moon?.animal ? ` ${c.moon.animal.animal}` : ""}`,
      moon: (i) =>
        i.kind === "animal"
          ? `Animal « ${i.animal} » & co`
          : i.kind === "moon"
            ? `Lune ${i.cells.join("-")}`
            : `Pièce ${i.kind}`,
    };
    const out = renderBoard(s, { text });
    expect(out).toContain("<title>Plateau &lt;lune pleine&gt;</title>");
    expect(out).toContain("<title>Case d2 beaver</title>");
    expect(out).toContain("<title>Animal « beaver » &amp; co</title>");
    expect(out).toContain("<title>Lune g3-g2</title>");
    expect(out).toContain("<title>Pièce marker</title>");
    expect(out).toContain("<title>Pièce greatTree</title>");
    // an older translation without the hook: English for the new pieces
    const old = renderBoard(s, { text: { board: text.board, cell: text.cell } });
    expect(old).toContain("<title>Full moon between g3 and g2</title>");
    expect(old).toContain("<title>Beaver of player B (blue triangles), 3 moon points</title>");
  });

  it("during setup: the moon at its start, no animals until placed, nobody's choice shown", () => {
    const created = createGame({ players: 3, seed: 9, moonlight: { greatTree: true, moonstones: true } });
    if (!created.ok) throw new Error(created.error.message);
    const out = renderBoard(viewFor(created.state, null));
    expect(out).toContain('<g class="moon" data-position="9" data-phase="half">');
    expect(out).toContain('<g class="moon-next" data-position="4"');
    expect(out).toContain("Board during setup; the sun is in the north-east; half moon between");
    expect(out).not.toContain("data-animal");
    for (const a of moonRules.ANIMALS) expect(out).not.toMatch(new RegExp(`\\b${a}\\b`, "i"));
  });
});

describe("the Moonlight's static pictures: inline for the server, by reference for the web page", () => {
  const names = Object.keys(ART) as PictureName[];
  const sprite = moonSprite();
  const inks = ["#a00001", "#b00002", "#c00003"];

  /** Each tag of `svg` as its name and its attributes (a `style` of inks spelled out as attributes), sorted. */
  const tags = (svg: string) =>
    [...svg.matchAll(/<(\/?[a-z]+)((?:\s+[a-z][a-z0-9-]*="[^"]*")*)\s*\/?>/g)].map(([, name, attrs]) => {
      const list = [...attrs.matchAll(/([a-z][a-z0-9-]*)="([^"]*)"/g)].flatMap(([, a, v]) =>
        a === "style" ? v.split(";").map((d) => d.split(":")) : [[a, v]],
      );
      const ink = (v: string) => v.replace(/var\(--([abc])\)/g, (_, x: string) => inks["abc".indexOf(x)]);
      return `${name} ${list
        .map(([a, v]) => `${a}=${ink(v)}`)
        .sort()
        .join(" ")}`;
    });
  /** The sprite's drawing of `name` (inside its <g id>). */
  const inSprite = (name: string) => {
    const start = sprite.indexOf(`<g id="${name}">`) + `<g id="${name}">`.length;
    const next = sprite.indexOf('<g id="', start);
    return sprite.slice(start, next < 0 ? sprite.indexOf("</defs>") : next).replace(/<\/g>$/, "");
  };

  it("has one source: the sprite holds every picture with the very shapes the server draws, its inks as CSS variables", () => {
    expect(names.sort()).toEqual([...moonRules.ANIMALS, "great-tree", "nest", "stone", "stone-halo"].sort());
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg"><defs>')).toBe(true);
    expect(balanced(sprite)).toBe(true);
    for (const name of names) {
      const inline = INLINE_PICTURES(name, ...inks);
      expect(inline.length, name).toBeGreaterThan(100);
      expect(tags(inline).length, name).toBeGreaterThanOrEqual(2);
      // (every tag read: none escapes the comparison)
      expect(tags(inline).length, name).toBe(inline.split("<").length - 1);
      expect(tags(inSprite(name)).length, name).toBe(inSprite(name).split("<").length - 1);
      expect(tags(inSprite(name)), name).toEqual(tags(inline));
      // (the inks in `style`, never as presentation attributes, which not every browser resolves with var())
      expect(inSprite(name), name).not.toMatch(/[a-z]="var\(/);
      expect(inSprite(name), name).not.toMatch(/#[0-9a-fA-F]{3,6}\b/);
    }
  });

  it("draws by reference only where it is told to: the server's board is self-contained (resvg fetches nothing)", () => {
    const s = pos(ROUND5);
    const inline = renderBoard(s);
    expect(inline).not.toContain("<use");
    expect(inline).toContain(INLINE_PICTURES("beaver", "#0072B2", THEMES.light.outline, "#fffdf2"));
    try {
      usePictures(picturesByReference("/chunks/moon-x.svg"));
      const byRef = renderBoard(s);
      const uses = [...byRef.matchAll(/<use href="\/chunks\/moon-x\.svg#([a-z-]+)" style="([^"]*)"\/>/g)];
      // 2 animals, the Great Tree, 3 stones (one glowing, with its halo), 5 baby turtles
      expect(uses.map((u) => u[1]).sort()).toEqual(
        [
          "beaver",
          "great-tree",
          "nest",
          "nest",
          "nest",
          "nest",
          "nest",
          "stone",
          "stone",
          "stone",
          "stone-halo",
          "turtle",
        ].sort(),
      );
      expect(byRef.match(/<use /g)).toHaveLength(uses.length);
      expect(uses.find((u) => u[1] === "beaver")![2]).toBe("--a:#0072B2;--b:#1b1b1b;--c:#fffdf2");
      expect(uses.find((u) => u[1] === "great-tree")![2]).toBe(
        `--a:${THEMES.light.greatTree};--b:${THEMES.light.greatTreeDark};--c:${THEMES.light.trunk}`,
      );
      // the rest of the picture is the same, and none of the pictures' shapes is written in it
      expect(balanced(byRef)).toBe(true);
      expect(byRef.match(/<g class="cell"/g)).toHaveLength(37);
      for (const name of names)
        for (const [, d] of INLINE_PICTURES(name, ...inks).matchAll(/ d="([^"]{16,})"/g))
          expect(byRef).not.toContain(d);
    } finally {
      usePictures(INLINE_PICTURES);
    }
    expect(renderBoard(s)).toBe(inline);
  });
});
