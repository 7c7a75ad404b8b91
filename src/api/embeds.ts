/** Board pictures of a game (for link previews, chat notifications and blogs); see src/embed/. */
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, origin, subApp, type Ctx } from "./context";
import { fail, send } from "./errors";
import { IdParam } from "../contract/schemas/common";
import { CARD } from "../embed/card";
import { MIN_CARD_WIDTH } from "../embed/oembed";
import { picture, type PictureKind } from "../embed/pictures";

export const embeds = subApp();

const PlyQuery = z.coerce.number().int().min(0).max(999_999).optional().openapi({
  description:
    "The moment to draw: after this many log entries (0 = before the first placement). Without it: now. A picture with a ply never changes and is served as immutable.",
});
const ThemeQuery = z.enum(["light", "dark"]).default("light");

const SvgQuery = z.object({
  ply: PlyQuery,
  theme: ThemeQuery,
  width: z.coerce
    .number()
    .int()
    .min(64)
    .max(4096)
    .optional()
    .openapi({ description: "Width in pixels (default 456; the height follows, 412/456 of it)." }),
});

const PngQuery = z.object({
  ply: PlyQuery,
  theme: ThemeQuery,
  width: z.coerce
    .number()
    .int()
    .min(MIN_CARD_WIDTH)
    .max(CARD.width)
    .optional()
    .openapi({
      description: `Width in pixels (default ${CARD.width}, the height follows: ${CARD.width}×${CARD.height}).`,
    }),
});

const pictureHeaders = {
  "cache-control": {
    description: "`public, max-age=31536000, immutable` with a ply; a short max-age without one.",
    schema: { type: "string" as const },
  },
  link: {
    description: 'The picture\'s address with its ply: `<…?ply=N>; rel="canonical"`.',
    schema: { type: "string" as const },
  },
  "x-canopy-ply": { description: "The ply drawn.", schema: { type: "integer" as const } },
};

const binary = z.string().openapi({ format: "binary" });

async function answer(
  c: Ctx,
  kind: PictureKind,
  q: { ply?: number; theme: "light" | "dark"; width?: number },
): Promise<Response> {
  const { id } = c.req.param() as { id: string };
  let ctx: { waitUntil(p: Promise<unknown>): void } | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = null;
  }
  const r = await picture(c.env, ctx, origin(c), kind, {
    id,
    ply: q.ply ?? null,
    theme: q.theme,
    width: q.width ?? null,
  });
  if (r instanceof Response) return r;
  return send(c, fail(r.status, r.code, r.message));
}

embeds.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/board.svg",
    tags: ["pictures"],
    summary: "The board as SVG, drawn by the same code as the client",
    request: { params: IdParam, query: SvgQuery },
    responses: {
      200: { description: "The board", headers: pictureHeaders, content: { "image/svg+xml": { schema: binary } } },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => answer(c, "svg", c.req.valid("query")),
);

embeds.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/board.png",
    tags: ["pictures"],
    summary: `The board card as PNG, ${CARD.width}×${CARD.height} (Open Graph size): the board, the players, scores, round and whose turn`,
    request: { params: IdParam, query: PngQuery },
    responses: {
      200: { description: "The card", headers: pictureHeaders, content: { "image/png": { schema: binary } } },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => answer(c, "png", c.req.valid("query")),
);
