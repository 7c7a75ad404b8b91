/**
 * The pieces (src/render/pieces.ts), rasterised with the PNG card's renderer (resvg) and compared as
 * pixels: each size has its own silhouette, the same for every seat, and each seat its own mark,
 * which still tells the seats apart when the colours are taken away (issue 14).
 */
import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it } from "vitest";
import { svgToPng } from "../../src/embed/png";
import { SEAT_STYLES, THEMES, pieceElement, pieceIcon, renderBoard } from "../../src/render";
import { cellIndex, createGame } from "../../src/engine";

const PX = 160;

/** Grey levels (0–255, -1 where nothing is drawn) of an SVG body in the viewBox -20 -20 40 40. */
async function raster(body: string): Promise<Int16Array> {
  await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'); // loads resvg once
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PX}" height="${PX}" viewBox="-20 -20 40 40">${body}</svg>`;
  const r = new Resvg(svg, { fitTo: { mode: "original" }, shapeRendering: 2 });
  const img = r.render();
  const rgba = img.pixels;
  const out = new Int16Array(PX * PX);
  for (let i = 0; i < out.length; i++) {
    const [red, green, blue, alpha] = [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]];
    out[i] = alpha < 128 ? -1 : Math.round(0.299 * red + 0.587 * green + 0.114 * blue);
  }
  img.free();
  r.free();
  return out;
}

/** The piece with every seat colour replaced by one grey: what it looks like without colour. */
const colourless = (seat: number, size: number) => {
  let svg = pieceElement(seat, size, 0, 0, THEMES.light);
  for (const s of SEAT_STYLES) svg = svg.replaceAll(s.color, "#8a8a8a");
  return svg;
};

/** Share of the pixels drawn in either picture that are drawn in both (intersection over union). */
function overlap(a: Int16Array, b: Int16Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] >= 0 && b[i] >= 0) both++;
    if (a[i] >= 0 || b[i] >= 0) either++;
  }
  return both / either;
}

/** Pixels whose grey level differs by more than a third of the range (or drawn in one picture only). */
function differing(a: Int16Array, b: Int16Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] < 0 !== b[i] < 0 || Math.abs(a[i] - b[i]) > 85) n++;
  return n;
}

/** Height of the drawn part, in pixels. */
function height(a: Int16Array): number {
  const rows = [...Array(PX).keys()].filter((y) => a.subarray(y * PX, (y + 1) * PX).some((v) => v >= 0));
  return rows[rows.length - 1] - rows[0] + 1;
}

describe("pieces", () => {
  it("gives each size its own silhouette, the same for every seat, taller as the piece grows", async () => {
    for (let seat = 0; seat < 4; seat++) {
      const sizes = await Promise.all([0, 1, 2, 3].map((size) => raster(pieceElement(seat, size, 0, 0, THEMES.light))));
      for (let a = 0; a < 4; a++)
        for (let b = a + 1; b < 4; b++) expect(overlap(sizes[a], sizes[b]), `${a} vs ${b}`).toBeLessThan(0.8);
      const heights = sizes.map(height);
      expect(heights).toEqual([...heights].sort((x, y) => x - y));
      expect(new Set(heights).size).toBe(4);
      // A seed is small; a large tree nearly fills its cell's height (40 units here, a cell is 52).
      expect(heights[0]).toBeLessThan(PX * 0.45);
      expect(heights[3]).toBeGreaterThan(PX * 0.75);
    }
    for (let size = 0; size < 4; size++) {
      const first = await raster(pieceElement(0, size, 0, 0, THEMES.light));
      for (let seat = 1; seat < 4; seat++)
        expect(overlap(first, await raster(pieceElement(seat, size, 0, 0, THEMES.light)))).toBeGreaterThan(0.97);
    }
  });

  it("tells every seat apart without colour, at every size", async () => {
    for (let size = 0; size < 4; size++) {
      const seats = await Promise.all([0, 1, 2, 3].map((seat) => raster(colourless(seat, size))));
      for (let a = 0; a < 4; a++)
        for (let b = a + 1; b < 4; b++)
          expect(differing(seats[a], seats[b]), `size ${size}: seat ${a} vs ${b}`).toBeGreaterThan(40);
    }
    // ...and the same seat and size drawn twice is the same picture (the measure can say "alike").
    expect(differing(await raster(colourless(2, 3)), await raster(colourless(2, 3)))).toBe(0);
  });

  it("draws the same pieces on the board, in the legend's icons and on the card", async () => {
    const c = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    if (!c.ok) throw new Error(c.error.message);
    const cells = c.state.cells.slice();
    cells[cellIndex(0, 0)] = 1 + 1 * 4 + 3;
    const board = renderBoard({ ...c.state, cells });
    const piece = pieceElement(1, 3, 0, 0, THEMES.light);
    expect(board.slice(board.indexOf('data-cell="d4"'))).toContain(piece);
    expect(pieceIcon(1, 3)).toContain(piece);
  });
});
