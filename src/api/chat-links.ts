/**
 * The chat apps' one-time links, as the web page uses them (docs/chat-apps.md). Discord or Slack
 * answer an account that is not linked yet with `/pair/<code>?chat=<platform>`: the page reads the
 * code here, then uses it once — signed in, it links the account to that profile; not signed in, it
 * makes a profile (named as in the chat), signs this browser in to it and links the account.
 * Codes are like pairing codes (alphabet, length, 10 minutes, one use) and stored as hashes only.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  ChatLinkedSchema,
  ChatLinkParam,
  ChatLinkSchema,
  ChatSignedInSchema,
  UseChatLinkBody,
} from "../contract/schemas/chat";
import { checkName } from "../contract/player-name";
import { deviceNameFrom, normalizePairingCode, pairingState } from "../contract/identity";
import { linkAccount, linkCodeByHash, linkedProfile, takeLinkCode } from "../db/chat";
import { insertPlayerWithDevice } from "../db/identity";
import { db } from "../db/queries";
import type { ChatLinkCodeRow } from "../db/schema";
import { hashToken, newToken, randomId } from "./auth";
import { errorResponses, json, requirePlayer, subApp, type Ctx } from "./context";
import { ApiError } from "./errors";

export const chatLinks = subApp();

/** The stored hash of a one-time link code (src/chat/http makes them with the same function). */
export const chatLinkHash = (code: string) => hashToken(`chatlink:${code}`);

const iso = (t: number) => new Date(t).toISOString();

/**
 * The device a linked chat account acts as (devices.via "discord" or "slack"): its key is random and
 * held by nobody (only its hash is kept); the Worker acts with it for the account, and revoking it
 * unlinks the account.
 */
export async function chatDeviceRow(platform: "discord" | "slack", name: string, now: number) {
  return {
    id: randomId(),
    tokenHash: await hashToken(`chat:${randomId(32)}`),
    name: `${platform === "discord" ? "Discord" : "Slack"}: ${name}`.slice(0, 60),
    via: platform,
    createdAt: now,
    lastSeenAt: now,
  };
}

/** Reading and using codes: a few a minute per client address (the pairing codes' limiter). */
async function limit(c: Ctx): Promise<void> {
  const limiter = c.env.PAIR_LIMITER;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: `chatlink:${c.req.header("cf-connecting-ip") ?? "local"}` });
  if (success) return;
  c.header("retry-after", "60");
  throw new ApiError(429, "RATE_LIMITED", "Too many tries; wait a minute and try again.");
}

/** The open code, or the reason it cannot be used. */
async function openCode(c: Ctx, raw: string): Promise<{ row: ChatLinkCodeRow; hash: string }> {
  const code = normalizePairingCode(raw);
  const unknown = () =>
    new ApiError(404, "CHAT_LINK_UNKNOWN", "No such link: ask the chat for a new one (/photosynthesis link).");
  if (!code) throw unknown();
  const hash = await chatLinkHash(code);
  const row = await linkCodeByHash(db(c.env.DB), hash);
  const state = pairingState(row, Date.now());
  if (state === "expired")
    throw new ApiError(
      410,
      "CHAT_LINK_EXPIRED",
      "That link has expired: ask the chat for a new one (/photosynthesis link).",
    );
  if (state === "used") throw new ApiError(410, "CHAT_LINK_USED", "That link was already used.");
  if (state !== "open" || !row) throw unknown();
  return { row, hash };
}

const refuseLinked = () =>
  new ApiError(
    409,
    "CHAT_ACCOUNT_LINKED",
    "That chat account is already linked to a Canopy profile: unlink it there first (/photosynthesis unlink).",
  );

chatLinks.openapi(
  createRoute({
    method: "get",
    path: "/chat/links/{code}",
    tags: ["chat"],
    summary: "What a one-time link from Discord or Slack links: the platform and the account's name",
    request: { params: ChatLinkParam },
    responses: { 200: json(ChatLinkSchema, "The link"), ...errorResponses(400, 404, 410, 429) },
  }),
  async (c) => {
    await limit(c);
    const { row } = await openCode(c, c.req.valid("param").code);
    return c.json({ platform: row.platform, name: row.name, expiresAt: iso(row.expiresAt) }, 200);
  },
);

chatLinks.openapi(
  createRoute({
    method: "post",
    path: "/chat/links/{code}",
    tags: ["chat"],
    summary:
      "Use a one-time link from Discord or Slack: signed in, the chat account is linked to your profile (200); not signed in, a new profile is made, this browser signed in to it and the account linked (201)",
    request: {
      params: ChatLinkParam,
      body: { content: { "application/json": { schema: UseChatLinkBody } }, required: true },
    },
    responses: {
      200: json(ChatLinkedSchema, "Linked to your profile"),
      201: json(ChatSignedInSchema, "A new profile, signed in here, linked"),
      ...errorResponses(400, 401, 404, 409, 410, 429),
    },
  }),
  async (c) => {
    await limit(c);
    const body = c.req.valid("json");
    const me = c.req.header("authorization") ? await requirePlayer(c) : null;
    const { row, hash } = await openCode(c, c.req.valid("param").code);
    const d = db(c.env.DB);
    if (await linkedProfile(d, row.platform, row.account)) throw refuseLinked();
    const now = Date.now();
    const chatDevice = await chatDeviceRow(row.platform, row.name, now);
    const linked = { platform: row.platform, name: row.name };
    if (me) {
      // Used once: of two browsers racing for one link, one links.
      if (!(await takeLinkCode(d, hash, me.id, now)))
        throw new ApiError(410, "CHAT_LINK_USED", "That link was already used.");
      await linkAccount(
        d,
        { platform: row.platform, account: row.account, playerId: me.id, now },
        { ...chatDevice, playerId: me.id },
      );
      return c.json({ linked, player: { id: me.id, name: me.name, createdAt: iso(me.createdAt) } }, 200);
    }
    const named = checkName(body.name ?? row.name);
    const name = named.ok ? named.name : "Player";
    const id = randomId();
    if (!(await takeLinkCode(d, hash, id, now)))
      throw new ApiError(410, "CHAT_LINK_USED", "That link was already used.");
    const token = newToken(id);
    const tokenHash = await hashToken(token);
    const device = {
      id: randomId(),
      playerId: id,
      tokenHash,
      name: body.deviceName ?? deviceNameFrom(c.req.header("user-agent") ?? ""),
      via: "key" as const,
      createdAt: now,
      lastSeenAt: now,
    };
    await insertPlayerWithDevice(d, { id, name, tokenHash, discordUserId: null, createdAt: now }, device);
    await linkAccount(
      d,
      { platform: row.platform, account: row.account, playerId: id, now },
      { ...chatDevice, playerId: id },
    );
    return c.json(
      {
        linked,
        player: { id, name, createdAt: iso(now) },
        token,
        device: {
          id: device.id,
          name: device.name,
          via: "key" as const,
          createdAt: iso(now),
          lastSeenAt: iso(now),
          current: true,
        },
      },
      201,
    );
  },
);
