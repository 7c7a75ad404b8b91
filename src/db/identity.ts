/**
 * D1 queries for a profile's devices, pairing codes, passkeys and WebAuthn challenges. Secrets
 * (device keys, pairing codes, challenges) arrive here as SHA-256 hashes only.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "./queries";
import {
  devices,
  pairings,
  passkeys,
  players,
  pushSubscriptions,
  webauthnChallenges,
  type DeviceRow,
  type PlayerRow,
} from "./schema";

/** A profile with its first device, in one atomic batch. */
export async function insertPlayerWithDevice(
  d: Db,
  p: typeof players.$inferInsert,
  device: typeof devices.$inferInsert,
): Promise<void> {
  await d.batch([d.insert(players).values(p), d.insert(devices).values(device)]);
}

/** The device a key hash belongs to, with its player (revoked devices included: the caller says why). */
export async function deviceByTokenHash(
  d: Db,
  tokenHash: string,
): Promise<{ device: DeviceRow; player: PlayerRow } | null> {
  const [row] = await d
    .select({ device: devices, player: players })
    .from(devices)
    .innerJoin(players, eq(players.id, devices.playerId))
    .where(eq(devices.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Note that a device was seen (callers do it at most every few minutes: each is a row written). */
export async function touchDevice(d: Db, id: string, now: number): Promise<void> {
  await d.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, id));
}

export async function devicesOf(d: Db, playerId: string): Promise<DeviceRow[]> {
  return d
    .select()
    .from(devices)
    .where(and(eq(devices.playerId, playerId), isNull(devices.revokedAt)))
    .orderBy(asc(devices.createdAt), asc(devices.id));
}

export async function insertDevice(d: Db, device: typeof devices.$inferInsert): Promise<void> {
  await d.insert(devices).values(device);
}

/**
 * Revoke one of a player's devices; false when there is no such (unrevoked) device of theirs. The
 * push subscriptions that device turned on go with it, in the same batch: a signed-out phone gets
 * no more notifications.
 */
export async function revokeDevice(d: Db, playerId: string, id: string, now: number): Promise<boolean> {
  const [revoked] = await d.batch([
    d
      .update(devices)
      .set({ revokedAt: now })
      .where(and(eq(devices.id, id), eq(devices.playerId, playerId), isNull(devices.revokedAt)))
      .returning({ id: devices.id }),
    d.delete(pushSubscriptions).where(and(eq(pushSubscriptions.deviceId, id), eq(pushSubscriptions.ownerId, playerId))),
  ]);
  return revoked.length > 0;
}

/** Whether `id` is a device of this player's that was signed out. */
export async function revokedDeviceOf(d: Db, playerId: string, id: string): Promise<boolean> {
  const r = await d
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.playerId, playerId), isNotNull(devices.revokedAt)))
    .limit(1);
  return r.length > 0;
}

/** Which of these devices were signed out (a game checks the device keys its seats know). */
export async function revokedAmong(d: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await d
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), isNotNull(devices.revokedAt)));
  return r.map((x) => x.id);
}

/**
 * A new pairing code for a player. Codes the player made before and did not use are dropped: one
 * open code per profile at most.
 */
export async function insertPairing(d: Db, row: typeof pairings.$inferInsert): Promise<void> {
  await d.batch([
    d.delete(pairings).where(and(eq(pairings.playerId, row.playerId), isNull(pairings.usedAt))),
    d.insert(pairings).values(row),
  ]);
}

export async function pairingByHash(d: Db, codeHash: string) {
  return (await d.select().from(pairings).where(eq(pairings.codeHash, codeHash)).limit(1))[0] ?? null;
}

/**
 * Use a pairing code: the device is inserted and the code marked used in one atomic batch, and
 * only while the code is unused and unexpired (two devices racing for one code: one wins).
 * Returns whether this call used it.
 */
export async function redeemPairing(
  d1: D1Database,
  codeHash: string,
  device: Omit<typeof devices.$inferInsert, "playerId">,
  now: number,
): Promise<boolean> {
  // Plain D1 statements: drizzle's batch takes no INSERT … SELECT.
  const open = "code_hash = ? and used_at is null and expires_at > ?";
  const [, used] = await d1.batch([
    d1
      .prepare(
        `insert into devices (id, player_id, token_hash, name, via, created_at, last_seen_at)
         select ?, player_id, ?, ?, ?, ?, ? from pairings where ${open}`,
      )
      .bind(device.id, device.tokenHash, device.name, device.via, device.createdAt, device.lastSeenAt, codeHash, now),
    d1
      .prepare(`update pairings set used_at = ?, device_id = ? where ${open} returning code_hash`)
      .bind(now, device.id, codeHash, now),
  ]);
  const usedRows = used.results;
  return usedRows.length > 0;
}

/**
 * Forget pairing codes and challenges a day after they ran out (until then a late try is told
 * "expired" or "used" rather than "unknown"); called as new ones are made.
 */
export async function dropExpired(d: Db, now: number): Promise<void> {
  await d.batch([
    d.delete(pairings).where(lte(pairings.expiresAt, now - 24 * 3600_000)),
    d.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now - 24 * 3600_000)),
  ]);
}

export async function insertChallenge(d: Db, row: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await d.insert(webauthnChallenges).values(row);
}

/**
 * Use a challenge, once: marks it used and returns it only if this call did (an unknown, already
 * used or expired one: null; `challengeByHash` tells which).
 */
export async function takeChallenge(d: Db, challengeHash: string, now: number) {
  const [row] = await d
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function challengeByHash(d: Db, challengeHash: string) {
  return (
    (
      await d.select().from(webauthnChallenges).where(eq(webauthnChallenges.challengeHash, challengeHash)).limit(1)
    )[0] ?? null
  );
}

export async function passkeysOf(d: Db, playerId: string) {
  return d.select().from(passkeys).where(eq(passkeys.playerId, playerId)).orderBy(asc(passkeys.createdAt));
}

export async function passkeyById(d: Db, id: string) {
  return (await d.select().from(passkeys).where(eq(passkeys.id, id)).limit(1))[0] ?? null;
}

export async function insertPasskey(d: Db, row: typeof passkeys.$inferInsert): Promise<void> {
  await d.insert(passkeys).values(row);
}

export async function removePasskey(d: Db, playerId: string, id: string): Promise<boolean> {
  const r = await d
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.playerId, playerId)))
    .returning({ id: passkeys.id });
  return r.length > 0;
}

/** A sign-in with a passkey: its new counter, and the device it signed in, in one atomic batch. */
export async function passkeySignIn(
  d: Db,
  passkeyId: string,
  counter: number,
  device: typeof devices.$inferInsert,
  now: number,
): Promise<void> {
  await d.batch([
    d.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, passkeyId)),
    d.insert(devices).values(device),
  ]);
}
