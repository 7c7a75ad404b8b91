/**
 * oEmbed 1.0 (https://oembed.com): `GET /oembed?url=…&maxwidth=&maxheight=&format=json` answers a
 * `rich` response whose html is an iframe of the embed page. Only our own game pages (`/g/<id>`)
 * and embed pages (`/embed/<id>`) on this host resolve; anything else is a 404, and any format
 * but JSON a 501, as the specification asks.
 */
import { CARD } from "./card";
import { GAME_ID } from "./moment";
import { escapeHtml } from "../render";

/** The smallest board.png width served. */
export const MIN_CARD_WIDTH = 100;

/** The iframe's natural size (the page adapts to any size; these fit a blog column). */
export const FRAME = { width: 480, height: 600, controlsExtra: 40 } as const;
/** How long consumers may keep an answer (the iframe is live; only the title ages). */
export const CACHE_AGE = 3600;

export interface EmbedTarget {
  id: string;
  /** Query of the embed page (ply, controls, theme, scores). */
  query: URLSearchParams;
}

const CARRIED = ["ply", "controls", "theme", "scores"] as const;

/** Which game (and view) a URL given to /oembed points at, if it is one of ours. */
export function embedTarget(raw: string, self: URL): EmbedTarget | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  if (u.host !== self.host) return null;
  const m = /^\/(g|embed)\/([^/]+)\/?$/.exec(u.pathname);
  if (!m || !GAME_ID.test(m[2])) return null;
  const query = new URLSearchParams();
  for (const k of CARRIED) {
    const v = u.searchParams.get(k);
    if (v !== null && /^[0-9a-z]{1,8}$/.test(v)) query.set(k, v);
  }
  return { id: m[2], query };
}

/** A max* parameter: a positive integer, or null when absent; "bad" otherwise. */
export function parseMax(raw: string | undefined): number | null | "bad" {
  if (raw === undefined || raw === "") return null;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) return "bad";
  return Number(raw);
}

export interface OEmbedInput {
  origin: string;
  target: EmbedTarget;
  title: string;
  /** The ply the thumbnail shows (the game's current one, or the URL's). */
  ply: number;
  maxwidth: number | null;
  maxheight: number | null;
}

/** The oEmbed answer. Sizes respect maxwidth/maxheight (the iframe and the thumbnail alike). */
export function oembedResponse(i: OEmbedInput) {
  const controls = i.target.query.get("controls") === "1";
  const width = Math.min(FRAME.width, i.maxwidth ?? Infinity);
  const height = Math.min(FRAME.height + (controls ? FRAME.controlsExtra : 0), i.maxheight ?? Infinity);
  const q = i.target.query.toString();
  const src = `${i.origin}/embed/${i.target.id}${q ? `?${q}` : ""}`;
  const html = `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" frameborder="0" style="border:0;max-width:100%" title="${escapeHtml(i.title)}" loading="lazy" allow="fullscreen"></iframe>`;
  // The thumbnail: the PNG card, scaled down to fit maxwidth/maxheight if asked.
  let tw: number = CARD.width;
  if (i.maxwidth !== null) tw = Math.min(tw, i.maxwidth);
  if (i.maxheight !== null) tw = Math.min(tw, Math.floor((i.maxheight * CARD.width) / CARD.height));
  // The spec: "the thumbnail must respect any maxwidth and maxheight": below the smallest card, none.
  const thumb = tw >= MIN_CARD_WIDTH;
  const th = Math.round((tw * CARD.height) / CARD.width);
  const tq = new URLSearchParams({ ply: String(i.ply) });
  if (i.target.query.get("theme") === "dark") tq.set("theme", "dark");
  if (tw !== CARD.width) tq.set("width", String(tw));
  const base = {
    version: "1.0",
    type: "rich",
    title: i.title,
    provider_name: "Canopy",
    provider_url: `${i.origin}/`,
    cache_age: CACHE_AGE,
    html,
    width,
    height,
  };
  return thumb
    ? {
        ...base,
        thumbnail_url: `${i.origin}/api/games/${i.target.id}/board.png?${tq}`,
        thumbnail_width: tw,
        thumbnail_height: th,
      }
    : base;
}
