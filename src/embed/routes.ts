/**
 * The embed routes outside /api (wrangler.toml's run_worker_first sends them to the Worker):
 *   GET /embed/<id>            the live, read-only viewer for iframes (?ply, ?controls=1, ?theme, ?scores=0, ?width, ?height)
 *   GET /embed/<id>/frame      the changing part of that page for one ply, as JSON {ply, status, html}
 *   GET /oembed                oEmbed 1.0 (json only)
 *   GET /g/<id>                the client's page with link-preview tags and oEmbed discovery
 * Board pictures are API routes (src/api/embeds.ts).
 */
import { Hono } from "hono";
import type { Env } from "../env";
import { errorBody } from "../contract/errors";
import { framed, withPreview } from "./meta";
import { loadMoment, parsePly, summarize, oneLine } from "./moment";
import { embedTarget, oembedResponse, parseMax } from "./oembed";
import { embedCsp, embedOptions, renderEmbedError, renderEmbedPage, renderView } from "./page";

export const embedPages = new Hono<{ Bindings: Env }>();

const originOf = (url: string) => new URL(url).origin;

async function embedHeaders(cache: string): Promise<Record<string, string>> {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": await embedCsp(),
    "cache-control": cache,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
}

embedPages.get("/embed/:id", async (c) => {
  const o = embedOptions((k) => c.req.query(k));
  const ply = parsePly(c.req.query("ply"));
  if (ply === "bad")
    return c.body(
      renderEmbedError("?ply= takes a move number (0, 1, 2, …).", o.theme),
      400,
      await embedHeaders("no-store"),
    );
  const origin = originOf(c.req.url);
  const loaded = await loadMoment(c.env, c.req.param("id"), ply, origin);
  if (!loaded.ok)
    return c.body(
      renderEmbedError(
        loaded.code === "NO_SUCH_PLY"
          ? "This game has not got that far yet."
          : loaded.status === 404
            ? "No such game."
            : "Something went wrong.",
        o.theme,
      ),
      loaded.status,
      await embedHeaders("no-store"),
    );
  const m = loaded.moment;
  const summary = summarize(m);
  const html = renderEmbedPage({
    summary,
    gameStatus: m.game.status,
    version: m.game.version,
    follow: ply === null,
    options: o,
    gameUrl: `${origin}/g/${m.game.id}`,
  });
  // "Now" goes stale with the next move (the live socket catches up); a past ply barely changes.
  return c.body(
    html,
    200,
    await embedHeaders(ply === null || summary.mutable ? "public, max-age=10" : "public, max-age=300"),
  );
});

embedPages.get("/embed/:id/frame", async (c) => {
  const o = embedOptions((k) => c.req.query(k));
  const ply = parsePly(c.req.query("ply"));
  if (ply === "bad") return c.json(errorBody("VALIDATION_FAILED", "ply is a move number (0, 1, 2, …)."), 400);
  const loaded = await loadMoment(c.env, c.req.param("id"), ply, originOf(c.req.url));
  if (!loaded.ok) return c.json(errorBody(loaded.code, loaded.message), loaded.status);
  const s = summarize(loaded.moment);
  const cache = ply === null || s.mutable ? "no-store" : "public, max-age=31536000, immutable";
  // Public data; CORS lets a sandboxed iframe (an opaque origin, as WordPress frames embeds) fetch it.
  return c.json({ ply: s.ply, status: s.status, title: oneLine(s), html: renderView(s, o) }, 200, {
    "cache-control": cache,
    "x-content-type-options": "nosniff",
    "access-control-allow-origin": "*",
  });
});

embedPages.get("/oembed", async (c) => {
  const cors = { "access-control-allow-origin": "*" };
  const format = c.req.query("format") ?? "json";
  if (format !== "json")
    return c.json(errorBody("NOT_IMPLEMENTED", `Only format=json is offered (not ${format.slice(0, 20)}).`), 501, cors);
  const url = c.req.query("url");
  if (!url) return c.json(errorBody("VALIDATION_FAILED", "Give the game's address as ?url=."), 400, cors);
  const maxwidth = parseMax(c.req.query("maxwidth"));
  const maxheight = parseMax(c.req.query("maxheight"));
  if (maxwidth === "bad" || maxheight === "bad")
    return c.json(
      errorBody("VALIDATION_FAILED", "maxwidth and maxheight are positive whole numbers of pixels."),
      400,
      cors,
    );
  const self = new URL(c.req.url);
  const target = embedTarget(url, self);
  if (!target) return c.json(errorBody("NOT_FOUND", "That is not the address of a Canopy game."), 404, cors);
  const ply = parsePly(target.query.get("ply"));
  const loaded = await loadMoment(c.env, target.id, ply === "bad" ? null : ply, self.origin);
  if (!loaded.ok)
    return c.json(
      errorBody("NOT_FOUND", loaded.code === "NO_SUCH_PLY" ? "That game has not got that far yet." : "No such game."),
      404,
      cors,
    );
  const s = summarize(loaded.moment);
  return c.json(
    oembedResponse({ origin: self.origin, target, title: oneLine(s), ply: s.ply, maxwidth, maxheight }),
    200,
    { ...cors, "cache-control": "public, max-age=60" },
  );
});

/** The client's index.html, from the static assets. */
async function clientPage(env: Env, url: string): Promise<Response> {
  return env.ASSETS.fetch(new Request(new URL("/", url), { headers: { accept: "text/html" } }));
}

embedPages.get("/g/:id", async (c) => {
  const page = await clientPage(c.env, c.req.url);
  if (!page.ok) return framed(page);
  const id = c.req.param("id");
  // `?ply=N`: the page opens on that moment of the history, and so does its preview. A ply that is
  // not a move number or past the game's last is the game now (the page says so itself).
  const asked = parsePly(c.req.query("ply"));
  const ply = asked === "bad" ? null : asked;
  let loaded = await loadMoment(c.env, id, ply, originOf(c.req.url));
  if (!loaded.ok && loaded.code === "NO_SUCH_PLY") loaded = await loadMoment(c.env, id, null, originOf(c.req.url));
  // An unknown game: the client's page still explains it; there is just nothing to preview.
  if (!loaded.ok) return framed(page, loaded.status === 404 ? 404 : 200);
  const s = summarize(loaded.moment);
  // (with the game as a spectator sees it: the page paints it at once, PAGE_VIEW_ID)
  return withPreview(page, s, originOf(c.req.url), ply !== null && s.ply === ply && !s.mutable, loaded.moment.game);
});

// Anything deeper under /g/ (the client has no such page) is still the client's page, unframable.
embedPages.get("/g/*", async (c) => framed(await clientPage(c.env, c.req.url)));
