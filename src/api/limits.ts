/**
 * Rate limits, on the Workers rate-limiting bindings of wrangler.toml ([[ratelimits]]): counted by
 * Cloudflare for the whole location, not per isolate or per Durable Object instance, and checked
 * before the game's Durable Object is called (a flood costs no DO requests).
 */
import { callerOf } from "./auth";
import type { Ctx } from "./context";
import { ApiError } from "./errors";

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
 * Reads of a game's analysis (GET /games/:id/analysis; a page polls it while the coach works),
 * per client and game: the token's hash, or the client's address without one.
 */
export async function limitAnalysis(c: Ctx, gameId: string): Promise<void> {
  const claim = await callerOf(c);
  const who = claim && claim !== "invalid" ? claim.tokenHash : `ip:${c.req.header("cf-connecting-ip") ?? "local"}`;
  return limited(c, c.env.ANALYSIS_LIMITER, `${gameId}:${who}`, 10, "Too many requests for this analysis; slow down.");
}

/**
 * Hints (GET /games/:id/hint): each new one runs the strong search in the request, so a player gets
 * 30 a minute per game (wrangler.toml): a player has about 20 turns a game, so a hint on every turn
 * fits even a whole game played within a minute against fast bots (10 did not: a brisk practice game
 * got 429 from its eleventh turn), while a flood stops at 30 searches. The game caches the answer
 * per version and seat: asking again for the same position costs no search, but still counts here.
 * No token: nothing to count (401).
 */
export async function limitHints(c: Ctx, gameId: string): Promise<void> {
  const claim = await callerOf(c);
  if (!claim || claim === "invalid") return;
  return limited(
    c,
    c.env.HINT_LIMITER,
    `${gameId}:${claim.tokenHash}`,
    60,
    "Too many hints for this game; try again shortly.",
  );
}
