/** D1 queries for notification webhooks (drizzle). Values stay encrypted here; see src/notify/directory.ts. */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "./queries";
import { games, players, pushSubscriptions, webhooks, type PushSubscriptionRow, type WebhookRow } from "./schema";

export type NewWebhook = typeof webhooks.$inferInsert;

export async function insertWebhook(d: Db, w: NewWebhook): Promise<void> {
  await d.insert(webhooks).values(w);
}

export async function webhookById(d: Db, id: string): Promise<WebhookRow | null> {
  return (await d.select().from(webhooks).where(eq(webhooks.id, id)).limit(1))[0] ?? null;
}

export async function webhooksByIds(d: Db, ids: string[]): Promise<WebhookRow[]> {
  if (!ids.length) return [];
  return d
    .select()
    .from(webhooks)
    .where(inArray(webhooks.id, ids.slice(0, 90)));
}

export async function gameWebhooks(d: Db, gameId: string): Promise<WebhookRow[]> {
  return d
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.scope, "game"), eq(webhooks.gameId, gameId)))
    .orderBy(webhooks.createdAt, webhooks.id);
}

export async function playerWebhooks(d: Db, playerId: string): Promise<WebhookRow[]> {
  return d
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.scope, "player"), eq(webhooks.ownerId, playerId)))
    .orderBy(webhooks.createdAt, webhooks.id);
}

/**
 * Who created a game, from the games index (written before a lobby change is answered, see
 * GameRoom.settle), or null when the index has no row for it.
 */
export async function gameCreator(d: Db, gameId: string): Promise<string | null> {
  return (
    (await d.select({ createdBy: games.createdBy }).from(games).where(eq(games.id, gameId)).limit(1))[0]?.createdBy ??
    null
  );
}

/**
 * Whether a player may change, switch off, delete or rotate the secret of a game's channel
 * webhook: only the player who added it, or the game's creator. Other seated players may see that
 * it exists (redacted) and its delivery log.
 */
export async function mayManageGameWebhook(d: Db, w: WebhookRow, playerId: string): Promise<boolean> {
  if (w.scope !== "game" || !w.gameId) return w.ownerId === playerId;
  if (w.ownerId === playerId) return true;
  return (await gameCreator(d, w.gameId)) === playerId;
}

/** Players' names by id (who added a game's webhooks). */
export async function playerNames(d: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].slice(0, 90);
  if (!unique.length) return new Map();
  const rows = await d.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function updateWebhook(d: Db, id: string, set: Partial<NewWebhook>): Promise<WebhookRow | null> {
  const rows = await d.update(webhooks).set(set).where(eq(webhooks.id, id)).returning();
  return rows[0] ?? null;
}

export async function deleteWebhook(d: Db, id: string): Promise<boolean> {
  const rows = await d.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * What a game needs to deliver its notifications: its own enabled webhooks, the enabled personal
 * webhooks and push subscriptions of the given players (one round trip), and, only when one of
 * those webhooks is a Discord one (the only kind that pings anyone: notify/discord.ts), the seated
 * players' Discord user ids (a second). Issue 24: a game without a Discord webhook asks D1 one
 * query less each time it matches its notifications.
 */
export async function deliveryTargets(
  d: Db,
  gameId: string,
  playerIds: string[],
  seated: string[],
): Promise<{ rows: WebhookRow[]; push: PushSubscriptionRow[]; discordIds: Map<string, string | null> }> {
  const ids = [...new Set(playerIds)].slice(0, 40);
  const people = [...new Set([...seated, ...ids])].slice(0, 40);
  const scopeMatch = ids.length
    ? or(
        and(eq(webhooks.scope, "game"), eq(webhooks.gameId, gameId)),
        and(eq(webhooks.scope, "player"), inArray(webhooks.ownerId, ids)),
      )!
    : and(eq(webhooks.scope, "game"), eq(webhooks.gameId, gameId))!;
  const [rows, push] = await d.batch([
    d
      .select()
      .from(webhooks)
      .where(and(scopeMatch, isNull(webhooks.disabledAt))),
    d
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.ownerId, ids.length ? ids : [""])),
  ]);
  const found =
    people.length && rows.some((r) => r.kind === "discord")
      ? await d
          .select({ id: players.id, discordUserId: players.discordUserId })
          .from(players)
          .where(inArray(players.id, people))
      : [];
  return { rows, push, discordIds: new Map(found.map((p) => [p.id, p.discordUserId])) };
}

/**
 * Record an attempt's answer. A 401/403/404/410 (`gone`) adds to the webhook's failure count and
 * switches it off at `limit`; a success resets the count. Returns whether this call switched it off
 * (exactly one caller does, so its owner is told once).
 */
export async function recordWebhookAnswer(
  d: Db,
  id: string,
  answer: { status: number | null; at: number; gone: boolean; delivered: boolean; reason: string; limit: number },
): Promise<{ disabledNow: boolean; row: WebhookRow | null }> {
  const base = { lastStatus: answer.status, lastAttemptAt: answer.at };
  if (answer.delivered) {
    await d
      .update(webhooks)
      .set({ ...base, failures: 0 })
      .where(eq(webhooks.id, id));
    return { disabledNow: false, row: null };
  }
  if (!answer.gone) {
    await d.update(webhooks).set(base).where(eq(webhooks.id, id));
    return { disabledNow: false, row: null };
  }
  const [row] = await d
    .update(webhooks)
    .set({ ...base, failures: sql`${webhooks.failures} + 1` })
    .where(and(eq(webhooks.id, id), isNull(webhooks.disabledAt)))
    .returning();
  if (!row || row.failures < answer.limit) return { disabledNow: false, row: row ?? null };
  const [off] = await d
    .update(webhooks)
    .set({ disabledAt: answer.at, disabledReason: answer.reason })
    .where(and(eq(webhooks.id, id), isNull(webhooks.disabledAt)))
    .returning();
  return { disabledNow: !!off, row: off ?? row };
}

export async function setDiscordUserId(d: Db, playerId: string, discordUserId: string | null): Promise<void> {
  await d.update(players).set({ discordUserId }).where(eq(players.id, playerId));
}
