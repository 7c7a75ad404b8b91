/**
 * Geometry and primitive shapes shared by the board picture (board.ts) and the expansion's pieces
 * (moon.ts): cell centres, hexagons, regular polygons and the seats' piece shapes.
 */
import type { PieceShape } from "./style";

/** Hex radius (centre to corner) in viewBox units. */
export const HEX = 30;
export const SQRT3 = Math.sqrt(3);

/** Pixel centre of a cell (pointy-top, docs/rules.md §1), in viewBox units. */
export function cellCenter(q: number, r: number): { x: number; y: number } {
  return { x: round2(SQRT3 * (q + r / 2) * HEX), y: round2(1.5 * r * HEX) };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function hexPoints(cx: number, cy: number, radius: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${round2(cx + radius * Math.cos(a))},${round2(cy + radius * Math.sin(a))}`);
  }
  return pts.join(" ");
}

export function polygon(cx: number, cy: number, radius: number, corners: number, startDeg: number, inner = 0): string {
  const pts: string[] = [];
  const n = inner > 0 ? corners * 2 : corners;
  for (let i = 0; i < n; i++) {
    const rad = inner > 0 && i % 2 === 1 ? inner : radius;
    const a = (Math.PI / 180) * (startDeg + (360 / n) * i);
    pts.push(`${round2(cx + rad * Math.cos(a))},${round2(cy + rad * Math.sin(a))}`);
  }
  return pts.join(" ");
}

/** An SVG element drawing a seat's shape; `r` is the size of a circle of about the same weight. */
export function shapeElement(shape: PieceShape, cx: number, cy: number, r: number, attrs: string): string {
  switch (shape) {
    case "circle":
      return `<circle cx="${round2(cx)}" cy="${round2(cy)}" r="${round2(r)}" ${attrs}/>`;
    case "triangle":
      return `<polygon points="${polygon(cx, cy + r * 0.18, r * 1.32, 3, -90)}" ${attrs}/>`;
    case "diamond":
      return `<polygon points="${polygon(cx, cy, r * 1.22, 4, -90)}" ${attrs}/>`;
    case "star":
      return `<polygon points="${polygon(cx, cy + r * 0.06, r * 1.3, 5, -90, r * 0.68)}" ${attrs}/>`;
  }
}
