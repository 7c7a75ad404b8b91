/** The board picture: a pure function from a position to an SVG string. */
import { describe, expect, it } from "vitest";
import { CELLS, LABELS, cellIndex, createGame, type GameState } from "../../src/engine";
import {
  ENGLISH_TEXT,
  SEAT_STYLES,
  SUN,
  VIEW,
  boardCells,
  cellCenter,
  renderBoard,
  sunPoint,
  type BoardText,
} from "../../src/render";

function fresh(players = 2): GameState {
  const c = createGame({ players, seed: 1, firstPlayer: 0 });
  if (!c.ok) throw new Error(c.error.message);
  return c.state;
}

/** docs/rules.md §9: the worked example, sun at position 1 (round 2). */
function workedExample(): GameState {
  const s = fresh(2);
  const cells = s.cells.slice();
  const put = (q: number, r: number, seat: number, size: number) => (cells[cellIndex(q, r)] = 1 + seat * 4 + size);
  put(0, 0, 0, 2);
  put(-3, 0, 0, 1);
  put(3, 0, 0, 3);
  put(3, -1, 0, 1);
  put(1, 1, 0, 2);
  put(-1, 0, 1, 1);
  put(2, -1, 1, 1);
  put(2, 1, 1, 1);
  return { ...s, phase: "play", round: 2, cells };
}

/** Attributes of the <g class="cell"> of one label. */
function cellTag(svg: string, label: string): string {
  const m = new RegExp(`<g class="cell" data-cell="${label}"[^>]*>`).exec(svg);
  if (!m) throw new Error(`no cell ${label}`);
  return m[0];
}

/** A minimal well-formedness check: every tag closes, in order. */
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

describe("renderBoard", () => {
  it("draws 37 labelled cells with accessible titles, well-formed", () => {
    const svg = renderBoard(fresh());
    expect(svg.startsWith("<svg")).toBe(true);
    expect(balanced(svg)).toBe(true);
    expect(svg.match(/<g class="cell"/g)).toHaveLength(37);
    for (const label of LABELS) expect(svg).toContain(`data-cell="${label}"`);
    expect(svg.match(/<title>/g)!.length).toBe(38);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title>d4, 4 leaves; empty</title>");
  });

  it("has no text by default (resvg has no fonts), and labels on request", () => {
    expect(renderBoard(fresh())).not.toContain("<text");
    const labelled = renderBoard(fresh(), { labels: true });
    expect(labelled.match(/<text/g)).toHaveLength(37);
  });

  it("is deterministic and honours the size", () => {
    const s = workedExample();
    expect(renderBoard(s)).toBe(renderBoard(s));
    const svg = renderBoard(s, { size: 226 });
    expect(svg).toMatch(/width="226" height="200"/);
  });

  it("shows the worked example's light: A collects 7, B 1 (docs/rules.md §9)", () => {
    const s = workedExample();
    const cells = boardCells(s);
    const gain = [0, 0];
    for (const c of cells) if (c.piece) gain[c.piece.seat] += c.light;
    expect(gain).toEqual([7, 1]);
    const svg = renderBoard(s);
    // The centre medium is shaded by the large tree (3,0) -> (0,0) lies on its ray west.
    expect(cellTag(svg, "d4")).toContain('data-piece="a2"');
    expect(cellTag(svg, "d4")).toContain('data-shadow="3"');
    expect(cellTag(svg, "d4")).not.toContain("data-light");
    expect(cellTag(svg, "d7")).toContain('data-light="3"');
    // Lit pips: one per light point, on lit trees only.
    expect(svg.match(/<g class="lit">/g)).toHaveLength(cells.filter((c) => c.light > 0).length);
  });

  it("draws each seat's pieces in its colour with its own mark", () => {
    const s = fresh(4);
    const cells = s.cells.slice();
    cells[cellIndex(0, -3)] = 1 + 0 * 4 + 2;
    cells[cellIndex(1, -3)] = 1 + 1 * 4 + 2;
    cells[cellIndex(2, -3)] = 1 + 2 * 4 + 2;
    cells[cellIndex(3, -3)] = 1 + 3 * 4 + 2;
    const svg = renderBoard({ ...s, cells });
    const part = (label: string) => {
      const start = svg.indexOf(`data-cell="${label}"`);
      return svg.slice(start, svg.indexOf('<g class="cell"', start));
    };
    // The mark: a circle, a triangle (3 points), a diamond (4), a star (10), told apart without colour.
    const mark = (label: string) => /<g class="mark"[^>]*>(<[a-z]+)(?: points="([^"]+)")?/.exec(part(label))!;
    expect(mark("a1")[1]).toBe("<circle");
    expect([mark("a2"), mark("a3"), mark("a4")].map((m) => m[2].split(" ").length)).toEqual([3, 4, 10]);
    for (const [label, seat] of [
      ["a1", 0],
      ["a2", 1],
      ["a3", 2],
      ["a4", 3],
    ] as const) {
      expect(part(label)).toContain(`fill="${SEAT_STYLES[seat].color}"`);
      for (const other of [0, 1, 2, 3].filter((o) => o !== seat))
        expect(part(label)).not.toContain(`fill="${SEAT_STYLES[other].color}"`);
    }
    expect(new Set(SEAT_STYLES.map((x) => x.shape)).size).toBe(4);
  });

  it("shows next round's shadows and sun only with the preview", () => {
    const s = workedExample();
    expect(renderBoard(s)).not.toContain("shade-next");
    expect(renderBoard(s)).not.toContain("sun-next");
    const svg = renderBoard(s, { preview: true });
    expect(svg).toContain("shade-next");
    expect(svg).toContain("sun-next");
    // Next round the sun is at position 2 (SE): shadows fall NW. The large tree on (3,0) shades (3,-1), (3,-2), (3,-3).
    const next = boardCells(s, { preview: true });
    const shadedNext = next.filter((c) => c.previewShadow > 0).map((c) => `${c.q},${c.r}`);
    expect(shadedNext).toEqual(expect.arrayContaining(["3,-1", "3,-2", "3,-3"]));
  });

  it("can leave out shadows, light marks and the sun", () => {
    const svg = renderBoard(workedExample(), { shadows: false, light: false, sun: false });
    expect(svg).not.toContain('class="shade"');
    expect(svg).not.toContain('class="lit"');
    expect(svg).not.toContain('class="sun"');
  });

  it("puts the sun beyond its corner for every position", () => {
    for (let k = 0; k < 6; k++) {
      const s = { ...workedExample(), round: k + 1 };
      const svg = renderBoard(s);
      const { x, y } = sunPoint(k);
      expect(svg).toContain(`<g class="sun"`);
      expect(svg).toContain(`cx="${x}" cy="${y}"`);
    }
    // Position 0 is the NE corner: up and to the right.
    expect(sunPoint(0).x).toBeGreaterThan(0);
    expect(sunPoint(0).y).toBeLessThan(0);
    expect(sunPoint(1).y).toBe(0);
  });

  it("draws the sun clearly outside the board, at its corner, and inside the picture, at every position", () => {
    type P = { x: number; y: number };
    const points = (attr: string): P[] =>
      attr
        .trim()
        .split(/\s+/)
        .map((xy) => ({ x: Number(xy.split(",")[0]), y: Number(xy.split(",")[1]) }));
    /** Distance from p to the segment ab. */
    const toSegment = (p: P, a: P, b: P) => {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
    };
    const inside = (p: P, poly: P[]) => {
      let odd = false;
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
        if (
          poly[i].y > p.y !== poly[j].y > p.y &&
          p.x < ((poly[j].x - poly[i].x) * (p.y - poly[i].y)) / (poly[j].y - poly[i].y) + poly[i].x
        )
          odd = !odd;
      return odd;
    };
    /** Distance from p to a polygon (0 inside it). */
    const toPolygon = (p: P, poly: P[]) =>
      inside(p, poly) ? 0 : Math.min(...poly.map((a, i) => toSegment(p, a, poly[(i + 1) % poly.length])));
    const corners = [
      [3, -3],
      [3, 0],
      [0, 3],
      [-3, 3],
      [-3, 0],
      [0, -3],
    ];
    for (let k = 0; k < 6; k++) {
      const svg = renderBoard({ ...workedExample(), round: k + 1 }, { preview: true });
      // What is drawn: every cell's hexagon, the island (turned 30°) and the sun's disc and rays.
      const hexes = [
        ...svg.matchAll(/<g class="cell" data-cell="(\w+)"[^>]*>(?:<title>[^<]*<\/title>)?<polygon points="([^"]+)"/g),
      ].map((m) => ({ label: m[1], poly: points(m[2]) }));
      expect(hexes).toHaveLength(37);
      const islandAttr = /<polygon points="([^"]+)" transform="rotate\(30\)"/.exec(svg)![1];
      const turn = (p: P) => ({
        x: p.x * Math.cos(Math.PI / 6) - p.y * Math.sin(Math.PI / 6),
        y: p.x * Math.sin(Math.PI / 6) + p.y * Math.cos(Math.PI / 6),
      });
      const island = points(islandAttr).map(turn);
      const sunSvg = /<g class="sun"[^>]*>(.*?)<\/g>/.exec(svg)![1];
      const disc = /<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"/.exec(sunSvg)!;
      const c = { x: Number(disc[1]), y: Number(disc[2]) };
      expect(c).toEqual(sunPoint(k));
      const rays = [...sunSvg.matchAll(/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"\/>/g)].map(
        (m) => [
          { x: Number(m[1]), y: Number(m[2]) },
          { x: Number(m[3]), y: Number(m[4]) },
        ],
      );
      expect(rays).toHaveLength(8);
      const stroke = 2.5 / 2;
      // The whole sun, rays included, keeps off every cell with room to spare...
      for (const h of hexes)
        expect(toPolygon(c, h.poly), `position ${k}, cell ${h.label}`).toBeGreaterThan(SUN.rayTo + stroke + 3);
      // ...its disc and every ray stay off the island under the cells...
      expect(toPolygon(c, island), `position ${k}: disc on the island`).toBeGreaterThan(SUN.radius + stroke);
      for (const [a, b] of rays) {
        for (const p of [a, b, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }])
          expect(toPolygon(p, island), `position ${k}: ray on the island`).toBeGreaterThan(stroke);
      }
      // ...the nearest cell is the corner of its position...
      const [q, r] = corners[k];
      const corner = cellCenter(q, r);
      const nearest = hexes.map((h) => ({ label: h.label, d: toPolygon(c, h.poly) })).sort((x, y) => x.d - y.d)[0];
      expect(nearest.label, `position ${k}`).toBe(
        hexes.find(
          (h) =>
            Math.abs(h.poly.reduce((n, p) => n + p.x, 0) / 6 - corner.x) < 0.5 &&
            Math.abs(h.poly.reduce((n, p) => n + p.y, 0) / 6 - corner.y) < 0.5,
        )!.label,
      );
      // ...straight out from the centre through that corner...
      expect(Math.abs(Math.atan2(c.y, c.x) - Math.atan2(corner.y, corner.x))).toBeLessThan(1e-3);
      // ...and nothing of it is cut off by the picture's edge (next round's dashed sun neither).
      for (const group of [/<g class="sun"[^>]*>(.*?)<\/g>/, /<g class="sun-next"[^>]*>(.*?)<\/g>/].map(
        (re) => re.exec(svg)![1],
      )) {
        const d = /<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"/.exec(group)!;
        const [cx, cy, r] = [Number(d[1]), Number(d[2]), Number(d[3])];
        const xs = [cx - r, cx + r];
        const ys = [cy - r, cy + r];
        for (const m of group.matchAll(/x\d="([-\d.]+)" y\d="([-\d.]+)"/g)) {
          xs.push(Number(m[1]));
          ys.push(Number(m[2]));
        }
        expect(Math.min(...xs) - stroke, `position ${k}`).toBeGreaterThanOrEqual(VIEW.x);
        expect(Math.max(...xs) + stroke, `position ${k}`).toBeLessThanOrEqual(VIEW.x + VIEW.width);
        expect(Math.min(...ys) - stroke, `position ${k}`).toBeGreaterThanOrEqual(VIEW.y);
        expect(Math.max(...ys) + stroke, `position ${k}`).toBeLessThanOrEqual(VIEW.y + VIEW.height);
      }
    }
  });

  it("marks highlights and, when interactive, makes cells focusable buttons", () => {
    const svg = renderBoard(fresh(), { highlights: { d4: "selected", c3: "target" }, interactive: true, focus: "c3" });
    expect(cellTag(svg, "d4")).toContain('aria-pressed="true"');
    expect(cellTag(svg, "d4")).toContain('data-highlight="selected"');
    expect(cellTag(svg, "c3")).toContain('tabindex="0"');
    expect(cellTag(svg, "d4")).toContain('tabindex="-1"');
    expect(cellTag(svg, "d4")).toContain('role="button"');
    expect(svg.match(/tabindex="0"/g)).toHaveLength(1);
    expect(renderBoard(fresh())).not.toContain("tabindex");
  });

  it("uses the theme's colours", () => {
    const light = renderBoard(fresh(), { theme: "light" });
    const dark = renderBoard(fresh(), { theme: "dark" });
    expect(light).not.toBe(dark);
    expect(dark).toContain("#15191b");
  });

  it("takes translated, escaped accessible text", () => {
    const text: BoardText = { board: () => `Plateau <&> "x"`, cell: (c) => `Case ${c.label}` };
    const svg = renderBoard(fresh(), { text });
    expect(svg).toContain("<title>Plateau &lt;&amp;&gt; &quot;x&quot;</title>");
    expect(svg).toContain("<title>Case d4</title>");
    expect(ENGLISH_TEXT.cell(boardCells(workedExample())[cellIndex(0, 0)])).toBe(
      "d4, 4 leaves; medium tree of player A (red circles); in shadow, collects nothing",
    );
  });

  it("lays the cells out pointy-top", () => {
    expect(cellCenter(0, 0)).toEqual({ x: 0, y: 0 });
    const e = cellCenter(1, 0);
    const se = cellCenter(0, 1);
    expect(e.y).toBe(0);
    expect(se.y).toBeGreaterThan(0);
    expect(se.x).toBeCloseTo(e.x / 2, 1);
    expect(CELLS).toHaveLength(37);
  });
});
