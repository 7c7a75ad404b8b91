/**
 * D1 queries of the chat apps (docs/chat-apps.md): linked accounts (each acting as a device of its
 * profile), one-time link codes (stored as SHA-256 hashes only), the interactions already handled
 * (a replay acts once) and the games started in each channel.
 */
import { and, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "./queries";
import {
  chatAccounts,
  chatGames,
  chatInteractions,
  chatLinkCodes,
  devices,
  players,
  type ChatLinkCodeRow,
  type DeviceRow,
  type PlayerRow,
} from "./schema";

export type ChatPlatform = "discord" | "slack";

/** How long a handled interaction's id is kept: longer than the 5 minutes a signature stays fresh. */
export const INTERACTION_KEEP_MS = 3600_000;

/** The profile a chat account acts as, through its device (a revoked device: not linked). */
export async function linkedProfile(
  d: Db,
  platform: ChatPlatform,
  account: string,
): Promise<{ player: PlayerRow; device: DeviceRow } | null> {
  const [row] = await d
    .select({ player: players, device: devices })
    .from(chatAccounts)
    .innerJoin(devices, eq(devices.id, chatAccounts.deviceId))
    .innerJoin(players, eq(players.id, chatAccounts.playerId))
    .where(and(eq(chatAccounts.platform, platform), eq(chatAccounts.account, account), isNull(devices.revokedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Link an account to a profile: its device and its row, in one batch. An earlier link of the same
 * account whose device was revoked is replaced; a live one makes the batch fail (the caller checked).
 * `discordUserId`: a Discord account also becomes the profile's Discord id for webhook pings.
 */
export async function linkAccount(
  d: Db,
  link: { platform: ChatPlatform; account: string; playerId: string; now: number },
  device: typeof devices.$inferInsert,
): Promise<void> {
  const key = and(eq(chatAccounts.platform, link.platform), eq(chatAccounts.account, link.account));
  const extra =
    link.platform === "discord"
      ? [d.update(players).set({ discordUserId: link.account }).where(eq(players.id, link.playerId))]
      : [];
  await d.batch([
    d.delete(chatAccounts).where(key),
    d.insert(devices).values(device),
    d.insert(chatAccounts).values({
      platform: link.platform,
      account: link.account,
      playerId: link.playerId,
      deviceId: device.id,
      linkedAt: link.now,
    }),
    ...extra,
  ]);
}

/** Unlink: the account's device is revoked and its row goes, in one batch. Returns the profile it was linked to, if any. */
export async function unlinkAccount(
  d: Db,
  platform: ChatPlatform,
  account: string,
  now: number,
): Promise<string | null> {
  const found = await linkedProfile(d, platform, account);
  const key = and(eq(chatAccounts.platform, platform), eq(chatAccounts.account, account));
  if (!found) {
    await d.delete(chatAccounts).where(key);
    return null;
  }
  await d.batch([
    d.delete(chatAccounts).where(key),
    d
      .update(devices)
      .set({ revokedAt: now })
      .where(and(eq(devices.id, found.device.id), isNull(devices.revokedAt))),
    d
      .update(players)
      .set({ discordUserId: null })
      .where(and(eq(players.id, found.player.id), eq(players.discordUserId, platform === "discord" ? account : ""))),
  ]);
  return found.player.id;
}

// ---- one-time links -------------------------------------------------------------------------

/** A new one-time link code for an account; its earlier unused codes go (one open code per account). */
export async function insertLinkCode(d: Db, row: typeof chatLinkCodes.$inferInsert): Promise<void> {
  await d.batch([
    d
      .delete(chatLinkCodes)
      .where(
        and(
          eq(chatLinkCodes.platform, row.platform),
          eq(chatLinkCodes.account, row.account),
          isNull(chatLinkCodes.usedAt),
        ),
      ),
    d.delete(chatLinkCodes).where(lte(chatLinkCodes.expiresAt, row.createdAt - 24 * 3600_000)),
    d.insert(chatLinkCodes).values(row),
  ]);
}

export async function linkCodeByHash(d: Db, codeHash: string): Promise<ChatLinkCodeRow | null> {
  return (await d.select().from(chatLinkCodes).where(eq(chatLinkCodes.codeHash, codeHash)).limit(1))[0] ?? null;
}

/** Use a link code, once (only while unused and unexpired): true when this call used it. */
export async function takeLinkCode(d: Db, codeHash: string, playerId: string, now: number): Promise<boolean> {
  const r = await d
    .update(chatLinkCodes)
    .set({ usedAt: now, playerId })
    .where(and(eq(chatLinkCodes.codeHash, codeHash), isNull(chatLinkCodes.usedAt), gt(chatLinkCodes.expiresAt, now)))
    .returning({ codeHash: chatLinkCodes.codeHash });
  return r.length > 0;
}

// ---- interactions handled -------------------------------------------------------------------

/**
 * Claim an interaction id: true when this request is the first with it. Ids older than
 * INTERACTION_KEEP_MS are dropped on the way (their signatures are stale by then anyway).
 */
export async function claimInteraction(d: Db, id: string, now: number): Promise<boolean> {
  const [, inserted] = await d.batch([
    d.delete(chatInteractions).where(lte(chatInteractions.at, now - INTERACTION_KEEP_MS)),
    d.insert(chatInteractions).values({ id, at: now }).onConflictDoNothing().returning({ id: chatInteractions.id }),
  ]);
  return (inserted as unknown[]).length > 0;
}

// ---- a channel's games ----------------------------------------------------------------------

export async function addChannelGame(d: Db, row: typeof chatGames.$inferInsert): Promise<void> {
  await d.insert(chatGames).values(row).onConflictDoNothing();
}

/** The newest games started in a channel. */
export async function channelGames(d: Db, platform: ChatPlatform, channel: string, limit: number): Promise<string[]> {
  const rows = await d
    .select({ id: chatGames.gameId })
    .from(chatGames)
    .where(and(eq(chatGames.platform, platform), eq(chatGames.channel, channel)))
    .orderBy(desc(chatGames.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Link an account with an "Add a device" pairing code made on the profile (`/photosynthesis link
 * <code>`): the account's device, its row (and, for Discord, the profile's Discord id) are written
 * and the code used, in one atomic batch and only while the code is open (of two racing for one
 * code, one links). Returns how the code stood when it did not link.
 */
export async function linkWithPairing(
  d1: D1Database,
  codeHash: string,
  device: Omit<typeof devices.$inferInsert, "playerId">,
  link: { platform: ChatPlatform; account: string },
  now: number,
): Promise<"linked" | "unknown" | "expired" | "used"> {
  // Plain D1 statements: drizzle's batch takes no INSERT … SELECT.
  const open = "code_hash = ? and used_at is null and expires_at > ?";
  const statements = [
    d1.prepare("delete from chat_accounts where platform = ? and account = ?").bind(link.platform, link.account),
    d1
      .prepare(
        `insert into devices (id, player_id, token_hash, name, via, created_at, last_seen_at)
         select ?, player_id, ?, ?, ?, ?, ? from pairings where ${open}`,
      )
      .bind(device.id, device.tokenHash, device.name, device.via, device.createdAt, device.lastSeenAt, codeHash, now),
    d1
      .prepare(
        `insert into chat_accounts (platform, account, player_id, device_id, linked_at)
         select ?, ?, player_id, ?, ? from pairings where ${open}`,
      )
      .bind(link.platform, link.account, device.id, now, codeHash, now),
    ...(link.platform === "discord"
      ? [
          d1
            .prepare(`update players set discord_user_id = ? where id = (select player_id from pairings where ${open})`)
            .bind(link.account, codeHash, now),
        ]
      : []),
    d1
      .prepare(`update pairings set used_at = ?, device_id = ? where ${open} returning code_hash`)
      .bind(now, device.id, codeHash, now),
  ];
  const results = await d1.batch(statements);
  if ((results.at(-1)?.results ?? []).length > 0) return "linked";
  const row = await d1
    .prepare("select used_at as usedAt, expires_at as expiresAt from pairings where code_hash = ?")
    .bind(codeHash)
    .first<{ usedAt: number | null; expiresAt: number }>();
  if (!row) return "unknown";
  return row.usedAt !== null ? "used" : row.expiresAt <= now ? "expired" : "unknown";
}
