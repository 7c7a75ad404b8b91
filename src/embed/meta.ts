/**
 * Link previews: the game page `/g/<id>` is the client's index.html (from the static assets) with
 * its <head> completed by HTMLRewriter: a title, the oEmbed discovery <link>, Open Graph and
 * Twitter card tags (title, who plays, round, the board card as image). The page itself must not
 * be framed by other sites (only /embed/* may be).
 */
import { CARD } from "./card";
import { moonPointsLine, oneLine, scoreLine, type Summary } from "./moment";
import { escapeHtml } from "../render";
import { PAGE_VIEW_ID } from "../contract/page";
import type { GameView } from "../contract/views";

export const GAME_PAGE_FRAMING = {
  "content-security-policy": "frame-ancestors 'self'",
  "x-frame-options": "SAMEORIGIN",
} as const;

export interface PreviewInput {
  origin: string;
  summary: Summary;
  /** The page shows a moment of the game's history (`/g/<id>?ply=N`): the preview is that moment. */
  atPly?: boolean;
}

/** The tags for the game page's <head>. */
export function previewTags({ origin, summary: s, atPly = false }: PreviewInput): string {
  const page = `${origin}/g/${s.id}${atPly ? `?ply=${s.ply}` : ""}`;
  const image = `${origin}/api/games/${s.id}/board.png?ply=${s.ply}`;
  const title = `${s.title} · Canopy`;
  const moon = s.moon && s.status !== "waiting" ? `${s.moon.text}. Moon points: ${moonPointsLine(s)}.` : "";
  const description = [
    `${s.stage}. ${s.headline}.`,
    s.status === "waiting" ? "" : `Scores: ${scoreLine(s)}.`,
    moon,
    "Photosynthesis, played by web on Canopy.",
  ]
    .filter(Boolean)
    .join(" ");
  const oembed = `${origin}/oembed?${new URLSearchParams({ url: page, format: "json" })}`;
  const meta = (attr: "property" | "name", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(oneLine(s))}">`,
    `<link rel="canonical" href="${escapeHtml(page)}">`,
    meta("name", "description", description),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Canopy"),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", page),
    meta("property", "og:image", image),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", String(CARD.width)),
    meta("property", "og:image:height", String(CARD.height)),
    meta("property", "og:image:alt", `The board: ${s.stage}. ${s.headline}.`),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", `The board: ${s.stage}. ${s.headline}.`),
  ].join("\n");
}

/** The client's page with the preview tags and title put into its <head> (the client's own description is replaced). */
export function withPreview(page: Response, s: Summary, origin: string, atPly = false, view?: GameView): Response {
  const tags = previewTags({ origin, summary: s, atPly }) + (view ? pageView(view) : "");
  const rewritten = new HTMLRewriter()
    .on("head > title", { element: (e) => void e.setInnerContent(`${s.title} · Canopy`) })
    .on('head > meta[name="description"]', { element: (e) => void e.remove() })
    .on("head", { element: (e) => void e.append(tags, { html: true }) })
    .transform(page);
  return framed(rewritten, 200);
}

/**
 * The game as a spectator sees it (contract PAGE_VIEW_ID: the public view, no seat's), as JSON in a
 * data block the browser never runs: `<`, `>`, `&` and the two line separators escaped, so no text in
 * it (a player's name) can close the element or be read as markup.
 */
export function pageView(view: GameView): string {
  const json = JSON.stringify(view).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `<script type="application/json" id="${PAGE_VIEW_ID}">${json}</script>`;
}

/** The page with headers that forbid other sites to frame it. */
export function framed(page: Response, status = page.status): Response {
  const headers = new Headers(page.headers);
  for (const [k, v] of Object.entries(GAME_PAGE_FRAMING)) headers.set(k, v);
  headers.set("cache-control", "no-cache");
  headers.delete("content-length");
  headers.delete("etag");
  return new Response(page.body, { status, headers });
}
