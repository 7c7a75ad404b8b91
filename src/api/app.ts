/** The HTTP API: sub-apps per resource, one error shape, and the generated OpenAPI 3.1 document. */
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context";
import { errorBody } from "../contract/errors";
import { ApiError } from "./errors";
import { analysis } from "./analysis";
import { chatLinks } from "./chat-links";
import { embeds } from "./embeds";
import { games } from "./games";
import { identity } from "./identity";
import { notifications } from "./notifications";
import { players } from "./players";
import { push } from "./push";
import { social } from "./social";
import { tables } from "./tables";
import { talk } from "./talk";
import { turns } from "./turns";

export const api = new OpenAPIHono<AppEnv>().basePath("/api");

api.use(
  "*",
  bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", "Request bodies are limited to 64 KB."), 413),
  }),
);

/**
 * A JSON body is UTF-8 (RFC 8259 §8.1). Bytes that are not are refused (400 INVALID_UTF8) rather
 * than read with U+FFFD in their place, as Request.json() would: no name, message or label is
 * ever kept other than as it was sent. The bytes stay cached for the route's own parsing.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true });
api.use("*", async (c, next) => {
  if (!c.req.raw.body || !/json/i.test(c.req.header("content-type") ?? "")) return next();
  try {
    utf8.decode(await c.req.arrayBuffer());
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return c.json(errorBody("INVALID_UTF8", "The request body is not valid UTF-8: send JSON as UTF-8 text."), 400);
  }
  return next();
});

api.route("/", players);
api.route("/", turns);
api.route("/", social);
api.route("/", games);
api.route("/", analysis);
api.route("/", tables);
api.route("/", talk);
api.route("/", embeds);
api.route("/", notifications);
api.route("/", push);
api.route("/", identity);
api.route("/", chatLinks);

api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description: "A device's token: returned when the profile was created, a device paired, or a passkey signed in.",
});

api.doc31("/openapi.json", (c) => ({
  openapi: "3.1.0",
  info: {
    title: "Canopy API",
    version: "1.0.0",
    description: 'Play Photosynthesis by web. Errors are always {"error": {"code", "message", ...}}.',
  },
  servers: [{ url: new URL(c.req.url).origin }],
}));

api.notFound((c) =>
  c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404),
);

api.onError((e, c) => {
  if (e instanceof ApiError) return c.json(errorBody(e.code, e.message, e.details), e.status as ContentfulStatusCode);
  if (e instanceof HTTPException) {
    const status = e.status as ContentfulStatusCode;
    const code = status === 400 ? "BAD_REQUEST" : status === 413 ? "PAYLOAD_TOO_LARGE" : "ERROR";
    return c.json(errorBody(code, e.message || "Bad request."), status);
  }
  console.error("unhandled error", (e as Error)?.stack ?? String(e));
  return c.json(errorBody("INTERNAL", "Something went wrong on our side."), 500);
});
