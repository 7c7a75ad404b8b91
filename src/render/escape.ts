/**
 * The one HTML/XML escaper of the drawing code and of the pages built around it (the embed page
 * and its frames, the link-preview tags, the oEmbed iframe, the share card): & < > " ' as entities,
 * the same five as hono's `html` helper. Written here rather than taken from `hono/utils/html`
 * because the board is a hot string builder that the web client ships on every game page: hono's
 * module added 128 B gzipped to a page held within 40 KB (tests/web/bundle.test.ts), this is one line.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
