/**
 * Board pictures: `board.svg` (the board as the client draws it) and `board.png` (the 1200×630
 * card: board, players, scores; the og:image and notification image). A picture of an explicit
 * ply never changes, so it is served as immutable and kept in the Cache API per game, ply, theme
 * and size; the picture of "now" looks up the current ply and serves that ply's cached picture
 * with a short max-age (so each ply is rendered once, however often "now" is asked for).
 */
import type { Theme } from "../render";
import { renderBoard } from "../render";
import type { Env } from "../env";
import { CARD, renderCard } from "./card";
import { loadMoment, summarize, type Summary } from "./moment";
import { svgToPng } from "./png";

export type PictureKind = "svg" | "png";

export interface PictureParams {
  id: string;
  ply: number | null;
  theme: Theme;
  /** svg: width of the board in px (default 456); png: width of the card (default 1200, height follows). */
  width: number | null;
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** "Now" changes with every move: let caches keep it briefly. */
export const SHORT = "public, max-age=30";

/** The height of a PNG card of width `w`. */
export function cardHeight(w: number): number {
  return Math.round((w * CARD.height) / CARD.width);
}

/** The canonical address of a picture (with its ply): its Cache API key and its `Link` header. */
export function pictureUrl(origin: string, kind: PictureKind, p: PictureParams & { ply: number }): string {
  const q = new URLSearchParams({ ply: String(p.ply) });
  if (p.theme !== "light") q.set("theme", p.theme);
  if (p.width !== null) q.set("width", String(p.width));
  return `${origin}/api/games/${p.id}/board.${kind}?${q}`;
}

export function renderSvg(s: Summary, p: PictureParams): string {
  return renderBoard(s.board, {
    theme: p.theme,
    size: p.width ?? undefined,
    highlights: s.highlights,
    idPrefix: "b",
    rounds: s.totalRounds,
  });
}

const TYPES: Record<PictureKind, string> = { svg: "image/svg+xml; charset=utf-8", png: "image/png" };

function headers(kind: PictureKind, cache: string, canonical: string, ply: number): Headers {
  const h = new Headers({
    "content-type": TYPES[kind],
    "cache-control": cache,
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
    "x-canopy-ply": String(ply),
    link: `<${canonical}>; rel="canonical"`,
  });
  if (kind === "svg") h.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
  return h;
}

export type PictureResult = Response | { status: 404 | 500; code: string; message: string };

/** Answer a picture request (`origin`: this Worker's address, for the cache key and the card's footer). */
export async function picture(
  env: Env,
  ctx: { waitUntil(p: Promise<unknown>): void } | null,
  origin: string,
  kind: PictureKind,
  p: PictureParams,
): Promise<PictureResult> {
  const cache = typeof caches !== "undefined" ? (caches as unknown as { default: Cache }).default : null;
  if (p.ply !== null && cache) {
    const hit = await cache.match(pictureUrl(origin, kind, { ...p, ply: p.ply }));
    if (hit) return new Response(hit.body, { headers: hit.headers });
  }
  const loaded = await loadMoment(env, p.id, p.ply, origin);
  if (!loaded.ok) return loaded;
  const s = summarize(loaded.moment);
  const key = pictureUrl(origin, kind, { ...p, ply: s.ply });
  if (p.ply === null && cache && !s.mutable) {
    const hit = await cache.match(key);
    if (hit) return new Response(hit.body, { headers: headers(kind, SHORT, key, s.ply) });
  }
  const body =
    kind === "svg"
      ? renderSvg(s, p)
      : await svgToPng(
          renderCard(s, { theme: p.theme, host: new URL(origin).host }),
          p.width !== null && p.width !== CARD.width ? p.width : undefined,
        );
  if (!s.mutable && cache) {
    const stored = cache.put(key, new Response(body, { headers: headers(kind, IMMUTABLE, key, s.ply) }));
    if (ctx) ctx.waitUntil(stored.catch(() => {}));
    else await stored.catch(() => {});
  }
  const cacheControl = s.mutable ? "no-cache" : p.ply === null ? SHORT : IMMUTABLE;
  return new Response(body, { headers: headers(kind, cacheControl, key, s.ply) });
}
