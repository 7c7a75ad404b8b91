/** What every API handler shares: the app type, who is calling, and the error responses. */
import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Env } from "../env";
import { ErrorSchema } from "../contract/schemas/errors";
import { callerOf, type Caller } from "./auth";
import type { Who } from "../game/tokens";
import type { RoomReply } from "../game/outcome";
import { errorBody } from "../contract/errors";
import { ApiError } from "./errors";
import { db } from "../db/queries";
import { deviceByTokenHash, touchDevice } from "../db/identity";
import type { DeviceRow, PlayerRow } from "../db/schema";
import { shouldTouch } from "../contract/identity";

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
  410: "Gone (an expired or used pairing code or passkey challenge)",
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

/** Work that need not hold the answer: after it when there is an execution context, else awaited. */
export async function background(c: Ctx, work: Promise<unknown>, what: string): Promise<void> {
  const logged = work.catch((e) => console.error(what, String(e)));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    await logged; // no execution context (in-process calls)
  }
}

/** A device's key, checked in D1: its device and player (memoised per request). */
export interface SignedIn {
  caller: Caller;
  device: DeviceRow;
  player: PlayerRow;
}

const signedIn = new WeakMap<Request, Promise<SignedIn | null>>();

/**
 * The caller, verified against D1: the Authorization header's key must be a device's that is not
 * revoked (null: no header). The game's Durable Objects know each seat by the player's id and the
 * player's seat key (players.token_hash, the hash of the profile's first key), so the caller
 * handed to them carries that, whichever device called, and the key's own hash (keyHash), which
 * the game then knows for the seat. Game routes ask the game first (askGame); other keyed routes
 * cost one D1 read: a revoked device is refused at its very next request either way.
 */
export async function verifiedCaller(c: Ctx): Promise<SignedIn | null> {
  let p = signedIn.get(c.req.raw);
  if (!p) {
    p = verify(c);
    signedIn.set(c.req.raw, p);
  }
  return p;
}

async function verify(c: Ctx): Promise<SignedIn | null> {
  const claim = await callerOf(c);
  if (claim === "invalid") throw new ApiError(401, "UNAUTHORIZED", "That is not a Canopy token.");
  if (!claim) return null;
  const d = db(c.env.DB);
  const found = await deviceByTokenHash(d, claim.tokenHash);
  if (!found || found.player.id !== claim.playerId)
    throw new ApiError(401, "UNAUTHORIZED", "Unknown or revoked token.");
  if (found.device.revokedAt !== null)
    throw new ApiError(
      401,
      "DEVICE_REVOKED",
      "This device was signed out from its profile; sign in again (pair it or use a passkey).",
    );
  const now = Date.now();
  if (shouldTouch(found.device.lastSeenAt, now)) {
    await background(c, touchDevice(d, found.device.id, now), "touch device");
  }
  return {
    caller: {
      playerId: found.player.id,
      tokenHash: found.player.tokenHash,
      deviceId: found.device.id,
      keyHash: claim.tokenHash,
    },
    device: found.device,
    player: found.player,
  };
}

/**
 * Ask a game as the key's claim (no D1 read); only when the game does not know the key does the
 * Worker verify it in D1 (a malformed, unknown or revoked key is a 401 there) and ask again. A
 * game knows the keys its seats were taken with and the keys D1 verified for them since, and
 * strikes off a revoked device's key when told (DELETE /api/me/devices/{did}), so a revoked device
 * is still refused at its very next request. See GameRoom.identify.
 */
export async function askGame(c: Ctx, ask: (who: Who | null) => Promise<RoomReply>): Promise<RoomReply> {
  const claim = await callerOf(c);
  if (claim === "invalid") throw new ApiError(401, "UNAUTHORIZED", "That is not a Canopy token.");
  if (!claim) return ask(null);
  const first = await ask({ playerId: claim.playerId, keyHash: claim.tokenHash });
  if (first.error?.code !== "KEY_UNVERIFIED") return first;
  return ask(await claimedCaller(c));
}

/** The verified caller (null: no Authorization header); a malformed, unknown or revoked key is a 401. */
export async function claimedCaller(c: Ctx): Promise<Caller | null> {
  return (await verifiedCaller(c))?.caller ?? null;
}

/** The calling player, verified against D1. */
export async function requirePlayer(c: Ctx) {
  const who = await verifiedCaller(c);
  if (!who) throw new ApiError(401, "UNAUTHORIZED", "Send your token as Authorization: Bearer <token>.");
  return { ...who.player, caller: who.caller, device: who.device };
}
