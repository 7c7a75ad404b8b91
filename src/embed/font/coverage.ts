/** Code point ranges (inclusive) that both bundled fonts draw (generated from their cmaps; see README.md). */
export const FONT_COVERAGE: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x370, 0x377],
  [0x37a, 0x37f],
  [0x384, 0x38a],
  [0x38c, 0x38c],
  [0x38e, 0x3a1],
  [0x3a3, 0x4ff],
  [0x1e00, 0x1efb],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x2190, 0x2193],
  [0x25b2, 0x25b2],
  [0x25cf, 0x25cf],
  [0x2600, 0x2600],
  [0x2605, 0x2606],
];

/** Whether every character of `text` has a glyph in the bundled fonts. */
export function fontCovers(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!FONT_COVERAGE.some(([lo, hi]) => cp >= lo && cp <= hi)) return false;
  }
  return true;
}
