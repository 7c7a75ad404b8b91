/**
 * Board pictures: `board.svg` (the board as the client draws it) and `board.png` (the 1200×630
 * card: board, players, scores; the og:image and notification image). A picture of an explicit
 * ply never changes, so it is served as immutable and kept in the Cache API per game, ply, theme
 * and size (and the last few in the isolate's memory, which also lets requests that arrive
 * together share one drawing); the picture of "now" looks up the current ply and serves that
 * ply's picture with a short max-age (so each ply is rendered once per data centre, however often
 * and however many at once ask for "now" or for the ply).
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

/** A picture drawn: its bytes, and whether its moment can still change (a game waiting for players). */
interface Drawn {
  body: string | Uint8Array<ArrayBuffer>;
  mutable: boolean;
}

/**
 * The pictures this isolate is drawing or drew last, by canonical address: a request for one of
 * them takes those bytes instead of drawing it again (a chat message's preview is fetched by
 * several unfurlers at once, just after the move, and the Cache API's copy is written only after
 * the first answer). Each data centre's Cache API keeps them for good; why the bytes are not kept
 * with the game or in R2 as well: docs/scale.md (board card).
 */
const drawing = new Map<string, Promise<Drawn>>();
/** How many finished pictures stay in memory (a card is about 90 KB). */
const KEPT = 16;
let drawn = 0;

/** Forget the isolate's copy of the picture at `key` (tests that rewrite a game's state in place). */
export function forgetPicture(key: string): void {
  drawing.delete(key);
}

/** How many pictures this isolate has drawn (tests check that a picture is drawn once). */
export function picturesDrawn(): number {
  return drawn;
}

/**
 * The picture drawn or under way at `key`, or `draw` started there. A failed drawing and one that
 * can still change (a game waiting for players) are forgotten once settled; of the others the last
 * KEPT stay.
 */
function once(key: string, draw: () => Promise<Drawn>): { pending: Promise<Drawn>; mine: boolean } {
  const pending = drawing.get(key);
  if (pending) return { pending, mine: false };
  const started = draw();
  drawing.set(key, started);
  const forget = () => {
    if (drawing.get(key) === started) drawing.delete(key);
  };
  started.then((d) => d.mutable && forget(), forget);
  for (const old of drawing.keys()) {
    if (drawing.size <= KEPT) break;
    drawing.delete(old); // the oldest first (a Map keeps insertion order)
  }
  return { pending: started, mine: true };
}

/** Answer a picture request (`origin`: this Worker's address, for the cache key and the card's footer). */
export async function picture(
  env: Env,
  ctx: { waitUntil(p: Promise<unknown>): void } | null,
  origin: string,
  kind: PictureKind,
  p: PictureParams,
): Promise<PictureResult> {
  const cache = typeof caches !== "undefined" ? (caches as unknown as { default: Cache }).default : null;
  if (p.ply !== null) {
    const key = pictureUrl(origin, kind, { ...p, ply: p.ply });
    // Drawn (or being drawn) here for another request: its bytes, without asking the game again.
    const pending = drawing.get(key);
    if (pending) return sent(kind, await pending, key, p.ply, IMMUTABLE);
    const hit = cache ? await cache.match(key) : undefined;
    if (hit) return new Response(hit.body, { headers: hit.headers });
  }
  const loaded = await loadMoment(env, p.id, p.ply, origin);
  if (!loaded.ok) return loaded;
  const s = summarize(loaded.moment);
  const key = pictureUrl(origin, kind, { ...p, ply: s.ply });
  if (p.ply === null && cache && !s.mutable && !drawing.has(key)) {
    const hit = await cache.match(key);
    if (hit) return new Response(hit.body, { headers: headers(kind, SHORT, key, s.ply) });
  }
  const { pending, mine } = once(key, async () => {
    drawn++;
    const body =
      kind === "svg"
        ? renderSvg(s, p)
        : await svgToPng(
            renderCard(s, { theme: p.theme, host: new URL(origin).host }),
            p.width !== null && p.width !== CARD.width ? p.width : undefined,
          );
    return { body, mutable: s.mutable };
  });
  const d = await pending;
  if (mine && !d.mutable && cache) {
    const stored = cache.put(key, new Response(d.body, { headers: headers(kind, IMMUTABLE, key, s.ply) }));
    if (ctx) ctx.waitUntil(stored.catch(() => {}));
    else await stored.catch(() => {});
  }
  return sent(kind, d, key, s.ply, p.ply === null ? SHORT : IMMUTABLE);
}

/** The answer with a drawn picture (`cache`: its Cache-Control once its moment is fixed). */
function sent(kind: PictureKind, d: Drawn, key: string, ply: number, cache: string): Response {
  return new Response(d.body, { headers: headers(kind, d.mutable ? "no-cache" : cache, key, ply) });
}
