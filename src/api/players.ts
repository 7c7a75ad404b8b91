/** Profiles: create one (get a token), read a public profile, list a player's games. */
import { createRoute } from "@hono/zod-openapi";
import { decodeBase64, encodeBase64 } from "hono/utils/encode";
import { room } from "./games";
import { db, gamePlayerNames, playerById, playerGames, playerStats } from "../db/queries";
import { insertPlayerWithDevice } from "../db/identity";
import { deviceNameFrom } from "../contract/identity";
import { setDiscordUserId } from "../db/webhooks";
import { callerOf, hashToken, newToken, randomId } from "./auth";
import { inbox } from "./turns";
import { bearer, errorResponses, json, origin, requirePlayer, subApp, type Ctx } from "./context";
import { ApiError } from "./errors";
import { IdParam } from "../contract/schemas/common";
import {
  CreatePlayerBody,
  CreatedPlayerSchema,
  GameListSchema,
  GamesQuery,
  MeSchema,
  UpdateMeBody,
} from "../contract/schemas/players";

export const players = subApp();

/**
 * The shared validation answer (VALIDATION_FAILED with `issues`), plus `field`: the first field at
 * fault (e.g. "name"), so a client can put the message next to the right input.
 */
function namedFieldHook(
  result: { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): undefined {
  if (result.success) return;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const field = issues[0]?.path || "body";
  throw new ApiError(400, "VALIDATION_FAILED", `Invalid ${field}: ${issues[0]?.message ?? "bad request"}.`, {
    field,
    issues,
  });
}

export const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

players.openapi(
  createRoute({
    method: "post",
    path: "/players",
    tags: ["players"],
    summary: "Create a profile; the response carries its secret bearer token (shown once)",
    request: { body: { content: { "application/json": { schema: CreatePlayerBody } }, required: true } },
    responses: { 201: json(CreatedPlayerSchema, "Created"), ...errorResponses(400, 429) },
  }),
  async (c) => {
    // Per client address (Cloudflare always sets cf-connecting-ip; in-process test calls have none).
    const limiter = c.env.SIGNUP_LIMITER;
    const key = c.req.header("cf-connecting-ip");
    if (limiter && key) {
      const { success } = await limiter.limit({ key });
      if (!success) throw new ApiError(429, "RATE_LIMITED", "Too many new profiles from here; try again in a minute.");
    }
    const body = c.req.valid("json");
    const id = randomId();
    const token = newToken(id);
    const createdAt = Date.now();
    const tokenHash = await hashToken(token);
    // The profile's first key is its first device (and its seat key in every game: see claimedCaller).
    await insertPlayerWithDevice(
      db(c.env.DB),
      { id, name: body.name, tokenHash, discordUserId: body.discordUserId ?? null, createdAt },
      {
        id: randomId(),
        playerId: id,
        tokenHash,
        name: deviceNameFrom(c.req.header("user-agent") ?? ""),
        via: "key",
        createdAt,
        lastSeenAt: createdAt,
      },
    );
    return c.json({ player: { id, name: body.name, createdAt: iso(createdAt)! }, token }, 201);
  },
  namedFieldHook,
);

export async function profile(c: Ctx, id: string) {
  const d = db(c.env.DB);
  const player = await playerById(d, id);
  if (!player) throw new ApiError(404, "NOT_FOUND", "No such player.");
  return { id: player.id, name: player.name, createdAt: iso(player.createdAt)!, stats: await playerStats(d, id) };
}

players.openapi(
  createRoute({
    method: "get",
    path: "/me",
    tags: ["players"],
    summary: "The caller's own profile (with private settings)",
    security: bearer,
    responses: { 200: json(MeSchema, "Your profile"), ...errorResponses(401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    return c.json({ ...(await profile(c, me.id)), discordUserId: me.discordUserId ?? null }, 200);
  },
);

players.openapi(
  createRoute({
    method: "patch",
    path: "/me",
    tags: ["players"],
    summary: "Change your settings: the Discord user id that turn notifications ping",
    security: bearer,
    request: { body: { content: { "application/json": { schema: UpdateMeBody } }, required: true } },
    responses: { 200: json(MeSchema, "Your profile"), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const { discordUserId } = c.req.valid("json");
    await setDiscordUserId(db(c.env.DB), me.id, discordUserId);
    return c.json({ ...(await profile(c, me.id)), discordUserId }, 200);
  },
);

// GET /players/{id}, the player page, is in social.ts.

players.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}/games",
    tags: ["players"],
    summary: "A player's games, newest first, filterable by status",
    request: { params: IdParam, query: GamesQuery },
    responses: { 200: json(GameListSchema, "A page of games"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const q = c.req.valid("query");
    // A player's own games in play (every page's count of your turns asks for them): from their
    // inbox and the games, without D1.
    if (q.status === "active" && !q.cursor) {
      const mine = await activeFromInbox(c, id, q.limit);
      if (mine) return c.json(mine, 200);
    }
    const d = db(c.env.DB);
    if (!(await playerById(d, id))) throw new ApiError(404, "NOT_FOUND", "No such player.");
    const before = q.cursor ? decodeCursor(q.cursor) : undefined;
    const rows = await playerGames(d, id, { status: q.status, limit: q.limit + 1, before });
    const page = rows.slice(0, q.limit);
    const names = await gamePlayerNames(
      d,
      page.map((r) => r.id),
    );
    // D1 learns of membership and results, not of every turn: whose turn it is comes from the
    // games in play themselves, asked in parallel.
    const now = await Promise.all(page.map((r) => (r.status === "active" ? room(c, r.id).summary() : null)));
    const last = page.at(-1);
    return c.json(
      {
        games: page.map((r, i) =>
          listed(c, {
            ...r,
            players: names.get(r.id) ?? [],
            round: now[i]?.round ?? r.round,
            toAct: now[i] ? now[i].toAct : r.toAct,
            deadline: now[i]?.deadline ?? null,
          }),
        ),
        nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      },
      200,
    );
  },
);

/**
 * The first page of a player's games in play, asked with a key of theirs: the games their inbox
 * holds (src/player/inbox.ts), each game telling how it stands (as the D1 list's games do), in the
 * D1 list's order (newest first), its cursor leading on into D1's pages. Null when the caller is not
 * that player or their inbox refuses the key or cannot answer: then the list comes from D1 as for
 * anyone. Issue 24: this list is asked on every page a player opens, three D1 queries each time.
 */
async function activeFromInbox(c: Ctx, id: string, limit: number) {
  const claim = await callerOf(c);
  if (!claim || claim === "invalid" || claim.playerId !== id) return null;
  let games: { id: string }[];
  try {
    const r = await inbox(c, id).read(id, claim.tokenHash);
    if (!r.ok) return null;
    games = r.games;
  } catch {
    return null;
  }
  const found = await Promise.all(games.map((g) => room(c, g.id).listing(id)));
  const rows = found
    .filter((g) => g?.status === "active")
    .map((g) => g!)
    .sort((a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    games: page.map((g) => listed(c, { ...g, status: "active" })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** A game as a player's list shows it, from D1's row or from the game itself (the two answers above). */
function listed(
  c: Ctx,
  g: {
    id: string;
    status: "waiting" | "active" | "finished";
    seats: number;
    seat: number;
    options: unknown;
    players: { seat: number; id: string; name: string }[];
    round: number;
    toAct: number | null;
    deadline: number | null;
    createdAt: number;
    startedAt: number | null;
    endedAt: number | null;
  },
) {
  return {
    id: g.id,
    status: g.status,
    seats: g.seats,
    seat: g.seat,
    options: g.options as Record<string, unknown>,
    players: g.players,
    round: g.round,
    toAct: g.toAct,
    yourTurn: g.status === "active" && g.toAct === g.seat,
    deadline: iso(g.deadline),
    createdAt: iso(g.createdAt)!,
    startedAt: iso(g.startedAt),
    endedAt: iso(g.endedAt),
    url: `${origin(c)}/g/${g.id}`,
  };
}

/** A page's cursor: `<createdAt>:<id>` in base64, without its padding. */
function encodeCursor(createdAt: number, id: string): string {
  return encodeBase64(new TextEncoder().encode(`${createdAt}:${id}`).buffer).replace(/=+$/, "");
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const [t, id] = new TextDecoder().decode(decodeBase64(cursor)).split(":");
    const createdAt = Number(t);
    if (Number.isSafeInteger(createdAt) && /^[0-9a-z]{12}$/.test(id ?? "")) return { createdAt, id };
  } catch {
    /* fall through */
  }
  throw new ApiError(400, "VALIDATION_FAILED", "Invalid cursor.");
}
