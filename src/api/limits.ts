/**
 * Rate limits, on the Workers rate-limiting bindings of wrangler.toml ([[ratelimits]]): counted by
 * Cloudflare for the whole location, not per isolate or per Durable Object instance, and checked
 * before the game's Durable Object is called (a flood costs no DO requests).
 */
import { callerOf } from "./auth";
import type { Ctx } from "./context";
import { ApiError } from "./errors";
import { db } from "../db/queries";
import { openTableCount } from "../db/tables";
import { MAX_OPEN_TABLES, TABLE_TTL_MS } from "../game/lobby";

async function limited(c: Ctx, limiter: RateLimit | undefined, key: string, retryAfter: number, message: string) {
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (success) return;
  c.header("retry-after", String(retryAfter));
  throw new ApiError(429, "RATE_LIMITED", message);
}

/**
 * Writes to one game by one player (moves, lobby, vacations, webhook tests and redeliveries).
 * Keyed by the token's hash, which nobody else can claim, so one client cannot use up another's
 * writes. No token: nothing to count (the game answers 401).
 */
export async function limitGameWrites(c: Ctx, gameId: string): Promise<void> {
  const claim = await callerOf(c);
  if (!claim || claim === "invalid") return;
  return limited(c, c.env.WRITE_LIMITER, `${gameId}:${claim.tokenHash}`, 10, "Too many requests; slow down.");
}

/** Test messages to your own webhooks: a few a minute. */
export function limitPersonalTests(c: Ctx, playerId: string): Promise<void> {
  return limited(c, c.env.WEBHOOK_TEST_LIMITER, playerId, 60, "A few tests a minute; try again shortly.");
}

/**
 * Refuse a new listing beyond the cap (409 TOO_MANY_TABLES), counted in D1 before the game is asked:
 * two listings racing may both pass (the cap is a courtesy limit, not a guarantee).
 */
export async function checkTableCap(c: Ctx, playerId: string, except?: string): Promise<void> {
  const n = await openTableCount(db(c.env.DB), playerId, Date.now() - TABLE_TTL_MS, except);
  if (n >= MAX_OPEN_TABLES)
    throw new ApiError(
      409,
      "TOO_MANY_TABLES",
      `You already have ${n} open tables waiting for players (at most ${MAX_OPEN_TABLES}); close one or wait for it to fill.`,
      { open: n, max: MAX_OPEN_TABLES },
    );
}
