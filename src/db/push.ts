/** D1 queries for Web Push subscriptions (drizzle). Values stay encrypted here; see src/notify/push.ts. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./queries";
import { pushSubscriptions, type PushSubscriptionRow } from "./schema";

export type NewPushSubscription = typeof pushSubscriptions.$inferInsert;

export async function pushSubscriptionByEndpointHash(d: Db, hash: string): Promise<PushSubscriptionRow | null> {
  return (await d.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpointHash, hash)).limit(1))[0] ?? null;
}

export async function playerPushSubscriptions(d: Db, ownerId: string): Promise<PushSubscriptionRow[]> {
  return d
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.ownerId, ownerId))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
}

/** The subscriptions of these players (the ones a game's personal notifications go to). */
export async function pushSubscriptionsOf(d: Db, ownerIds: string[]): Promise<PushSubscriptionRow[]> {
  const ids = [...new Set(ownerIds)].slice(0, 40);
  if (!ids.length) return [];
  return d.select().from(pushSubscriptions).where(inArray(pushSubscriptions.ownerId, ids));
}

export async function pushSubscriptionsByIds(d: Db, ids: string[]): Promise<PushSubscriptionRow[]> {
  if (!ids.length) return [];
  return d
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(ids)].slice(0, 90)));
}

/**
 * Store a browser's subscription for a player: a new row, or the existing row of the same endpoint
 * (same browser) given to this player with its keys renewed. Returns the row and whether it is new.
 */
export async function savePushSubscription(
  d: Db,
  row: NewPushSubscription,
  existing: PushSubscriptionRow | null,
): Promise<PushSubscriptionRow> {
  if (existing) {
    const [updated] = await d
      .update(pushSubscriptions)
      .set({
        ownerId: row.ownerId,
        endpointEncrypted: row.endpointEncrypted,
        keysEncrypted: row.keysEncrypted,
        label: row.label,
        deviceId: row.deviceId ?? null,
        updatedAt: row.updatedAt,
        failures: 0,
      })
      .where(eq(pushSubscriptions.id, existing.id))
      .returning();
    return updated;
  }
  const [inserted] = await d.insert(pushSubscriptions).values(row).returning();
  return inserted;
}

/**
 * A browser's new subscription in place of its old one (same row, same owner and device): the
 * endpoint and keys change, the failure count starts again. `replacing`: the row the new endpoint
 * already is (the same browser sent it first), removed in the same batch (endpoints are unique).
 */
export async function renewPushSubscription(
  d: Db,
  id: string,
  next: Pick<NewPushSubscription, "endpointHash" | "endpointEncrypted" | "keysEncrypted" | "service" | "updatedAt">,
  replacing: string | null = null,
): Promise<PushSubscriptionRow | null> {
  const update = d
    .update(pushSubscriptions)
    .set({ ...next, failures: 0, lastStatus: null, lastAttemptAt: null })
    .where(eq(pushSubscriptions.id, id))
    .returning();
  if (replacing === null) return (await update)[0] ?? null;
  const [, updated] = await d.batch([d.delete(pushSubscriptions).where(eq(pushSubscriptions.id, replacing)), update]);
  return updated[0] ?? null;
}

export async function deletePushSubscription(d: Db, id: string, ownerId?: string): Promise<boolean> {
  const rows = await d
    .delete(pushSubscriptions)
    .where(
      ownerId
        ? and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.ownerId, ownerId))
        : eq(pushSubscriptions.id, id),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/**
 * Record a push service's answer. 404/410 (`expired`): the subscription is gone for good and is
 * removed at once. 401/403 (`gone`): counted, removed at `limit` in a row. A success resets the
 * count. Returns whether the subscription was removed by this call.
 *
 * A success like the last one recorded (the same status, no failures counted) changes nothing: it
 * is not written (issue 24: a write a push was half of a real game's D1 rows), so `lastAttemptAt`
 * is when the subscription's answer last changed — its first success, each failure, the first
 * success after one. The check is in the UPDATE itself, so two games pushing to one device at once
 * never skip a reset a failure needs. `always` records it anyway (a test message its sender asked for).
 */
export async function recordPushAnswer(
  d: Db,
  id: string,
  a: { status: number | null; at: number; delivered: boolean; gone: boolean; expired: boolean; limit: number },
  always = false,
): Promise<boolean> {
  if (a.expired) return deletePushSubscription(d, id);
  const base = { lastStatus: a.status, lastAttemptAt: a.at };
  if (a.delivered) {
    const changed = sql`(${pushSubscriptions.failures} <> 0 OR ${pushSubscriptions.lastStatus} IS NOT ${a.status} OR ${pushSubscriptions.lastAttemptAt} IS NULL)`;
    await d
      .update(pushSubscriptions)
      .set({ ...base, failures: 0 })
      .where(always ? eq(pushSubscriptions.id, id) : and(eq(pushSubscriptions.id, id), changed));
    return false;
  }
  if (!a.gone) {
    await d.update(pushSubscriptions).set(base).where(eq(pushSubscriptions.id, id));
    return false;
  }
  const [row] = await d
    .update(pushSubscriptions)
    .set({ ...base, failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id))
    .returning();
  if (!row || row.failures < a.limit) return false;
  return deletePushSubscription(d, id);
}
