/** What every API handler shares: the app type, who is calling, and the error responses. */
import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Env } from "../env";
import { ErrorSchema } from "../contract/schemas";
import { callerOf, type Caller } from "./auth";
import { ApiError, errorBody } from "./errors";
import { db, playerByTokenHash } from "../db/queries";

export type AppEnv = { Bindings: Env };
export type Ctx = Context<AppEnv>;

/** A sub-app whose validation failures answer 400 with the shared error shape. */
export function subApp(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        return c.json(
          errorBody(
            "VALIDATION_FAILED",
            `Invalid request: ${issues.map((i) => `${i.path || "body"}: ${i.message}`).join("; ")}`,
            {
              issues,
            },
          ),
          400,
        );
      }
    },
  });
}

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: ERROR_DESCRIPTIONS[s] ?? "Error", content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request",
  401: "Missing or invalid token",
  403: "Not allowed (not your seat, not your turn, not the creator)",
  404: "Not found",
  409: "Conflict (stale version, game state does not allow it)",
  422: "Illegal move (rule error code) or reused idempotency key",
  429: "Rate limited",
};

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const bearer = [{ bearerAuth: [] }];

export function origin(c: Ctx): string {
  return new URL(c.req.url).origin;
}

/** The caller as claimed by the Authorization header (null: none). A malformed token is a 401. */
export async function claimedCaller(c: Ctx): Promise<Caller | null> {
  const caller = await callerOf(c);
  if (caller === "invalid") throw new ApiError(401, "UNAUTHORIZED", "That is not a Canopy token.");
  return caller;
}

/** The calling player, verified against D1. */
export async function requirePlayer(c: Ctx) {
  const caller = await claimedCaller(c);
  if (!caller) throw new ApiError(401, "UNAUTHORIZED", "Send your token as Authorization: Bearer <token>.");
  const player = await playerByTokenHash(db(c.env.DB), caller.tokenHash);
  if (!player || player.id !== caller.playerId) throw new ApiError(401, "UNAUTHORIZED", "Unknown or revoked token.");
  return { ...player, caller };
}

/** Whether a claimed caller is a real player (used when a game did not recognise the token). */
export async function isRealPlayer(c: Ctx, caller: Caller): Promise<boolean> {
  const player = await playerByTokenHash(db(c.env.DB), caller.tokenHash);
  return !!player && player.id === caller.playerId;
}
