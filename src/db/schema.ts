/** D1 schema (drizzle): player profiles, the games index, and the history of finished games. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  tokenHash: text("token_hash").notNull().unique(),
  discordUserId: text("discord_user_id"),
  createdAt: integer("created_at").notNull(),
});

/*
 * games, game_players, results and result_seats are WITHOUT ROWID tables (migrations/0005, written
 * by hand: drizzle cannot say it): each row is stored in its key, so writing one is one row for D1,
 * not the row plus its key's index. A migration that rebuilds one of them must keep WITHOUT ROWID.
 */

/** One row per game, kept up to date from the game's Durable Object (through its outbox). */
export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: ["waiting", "active", "finished"] }).notNull(),
    seats: integer("seats").notNull(),
    options: text("options", { mode: "json" }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    endedAt: integer("ended_at"),
    round: integer("round").notNull().default(0),
    /** Seat to act while the game is active (for "your turn" in game lists). */
    toAct: integer("to_act"),
    /** The Durable Object's version this row reflects (older snapshots never overwrite newer). */
    version: integer("version").notNull(),
    /**
     * An open table on the list (issue 16): when it was listed; null when it is not listed (never
     * was, closed by its creator, expired, or started). Written by the game (snapshotOf).
     */
    listedAt: integer("listed_at"),
  },
  // Lists by player come through game_players; every index is rows written on each change, so the
  // open tables' index is partial: only listed games are in it (a turn of a game in play writes none).
  (t) => [index("games_open_tables").on(t.listedAt).where(sql`${t.listedAt} is not null`)],
);

export const gamePlayers = sqliteTable(
  "game_players",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    playerId: text("player_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("game_players_player").on(t.playerId, t.gameId)],
);

/** The result of a finished game. */
export const results = sqliteTable("results", {
  gameId: text("game_id").primaryKey(),
  rounds: integer("rounds").notNull(),
  actionCount: integer("action_count").notNull(),
  options: text("options", { mode: "json" }).notNull(),
  startedAt: integer("started_at").notNull(),
  endedAt: integer("ended_at").notNull(),
  winners: text("winners", { mode: "json" }).notNull(),
});

export const resultSeats = sqliteTable(
  "result_seats",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    playerId: text("player_id").notNull(),
    score: integer("score").notNull(),
    tokens: text("tokens", { mode: "json" }).notNull(),
    light: integer("light").notNull(),
    rank: integer("rank").notNull(),
    resigned: integer("resigned", { mode: "boolean" }).notNull(),
    /** Under the Moonlight: the animal the seat played (null in the base game, and in older results). */
    animal: text("animal"),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("result_seats_player").on(t.playerId)],
);

/**
 * Notification webhooks: a game's channels (scope "game", set by its seated players) and a
 * player's own (scope "player"). The URL and the signing secret are stored encrypted; only a
 * redacted URL is ever shown again.
 */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    scope: text("scope", { enum: ["game", "player"] }).notNull(),
    /** The game (scope "game"); null for a player's own. */
    gameId: text("game_id"),
    /** Who set it up: the player it belongs to (scope "player"), or who added it to the game. */
    ownerId: text("owner_id").notNull(),
    kind: text("kind", { enum: ["discord", "slack", "json"] }).notNull(),
    label: text("label"),
    urlEncrypted: text("url_encrypted").notNull(),
    urlRedacted: text("url_redacted").notNull(),
    /** The json kind's signing secret (encrypted). */
    secretEncrypted: text("secret_encrypted"),
    /** Event types to send (JSON array), or null for all. */
    events: text("events", { mode: "json" }).$type<string[] | null>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** 401/403/404/410 answers in a row; at GONE_LIMIT the webhook is switched off. */
    failures: integer("failures").notNull().default(0),
    disabledAt: integer("disabled_at"),
    disabledReason: text("disabled_reason"),
    lastStatus: integer("last_status"),
    lastAttemptAt: integer("last_attempt_at"),
  },
  (t) => [index("webhooks_game").on(t.gameId), index("webhooks_owner").on(t.ownerId, t.scope)],
);

/**
 * Web Push subscriptions: a browser (a device) that gets its player's personal notifications. The
 * endpoint and the keys are secrets (whoever has them can send to the device), stored encrypted
 * like webhook URLs; `endpointHash` (SHA-256) finds a browser's row again without decrypting. A
 * device belongs to the player who turned push on last on it.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    endpointHash: text("endpoint_hash").notNull().unique(),
    endpointEncrypted: text("endpoint_encrypted").notNull(),
    /** The subscription's p256dh and auth keys, JSON, encrypted. */
    keysEncrypted: text("keys_encrypted").notNull(),
    /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…): what is shown. */
    service: text("service").notNull(),
    /** The device, as the browser named it when push was turned on ("Firefox on Android"). */
    label: text("label"),
    /**
     * The device (its key) that turned push on; revoking that device removes the subscription.
     * Null for subscriptions made before devices had keys of their own (they follow the player).
     */
    deviceId: text("device_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** 401/403 answers in a row (the push service refuses our VAPID key); at GONE_LIMIT it is removed. */
    failures: integer("failures").notNull().default(0),
    lastStatus: integer("last_status"),
    lastAttemptAt: integer("last_attempt_at"),
  },
  (t) => [index("push_subscriptions_owner").on(t.ownerId), index("push_subscriptions_device").on(t.deviceId)],
);

export type PlayerRow = typeof players.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A profile's devices: each signed-in browser (or API client) holds a key of its own; only the
 * key's SHA-256 is stored. A revoked device keeps its row (so its next request is told why) and
 * is refused at once. The profile's first key (players.token_hash) is its first device.
 */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    /** SHA-256 (hex) of the device's bearer token. */
    tokenHash: text("token_hash").notNull().unique(),
    name: text("name").notNull(),
    /** How it was signed in: the profile's first key, a pairing code, or a passkey. */
    via: text("via", { enum: ["key", "pairing", "passkey", "discord", "slack"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    /** Updated at most every few minutes (each update is a row written). */
    lastSeenAt: integer("last_seen_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("devices_player").on(t.playerId)],
);

/** "Add a device": a short code, valid for minutes, used once; only its SHA-256 is stored. */
export const pairings = sqliteTable(
  "pairings",
  {
    codeHash: text("code_hash").primaryKey(),
    playerId: text("player_id").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** The device the code signed in. */
    deviceId: text("device_id"),
  },
  (t) => [index("pairings_player").on(t.playerId)],
);

/** Passkeys (WebAuthn credentials): the public key only. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id (base64url). */
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull(),
    transports: text("transports", { mode: "json" }).$type<string[] | null>(),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_player").on(t.playerId)],
);

/** WebAuthn challenges: single use, minutes long; only the SHA-256 of the challenge is stored. */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challengeHash: text("challenge_hash").primaryKey(),
  purpose: text("purpose", { enum: ["register", "signin"] }).notNull(),
  /** Who registers (purpose "register"); null for signing in. */
  playerId: text("player_id"),
  expiresAt: integer("expires_at").notNull(),
  /** Set when a ceremony used it: a second use is refused as such. */
  usedAt: integer("used_at"),
});

export type DeviceRow = typeof devices.$inferSelect;
export type PairingRow = typeof pairings.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;

/*
 * Ratings (issue 16): one row per player and ladder, and one row per rated game in each player's
 * history. WITHOUT ROWID (migrations/0007, edited by hand like 0005): each row is stored in its key.
 * What the numbers mean and how they change: src/db/ratings.ts.
 */

/** A player's current rating on a ladder ("base" or "moonlight"): Weng-Lin μ and σ. */
export const ratings = sqliteTable(
  "ratings",
  {
    playerId: text("player_id").notNull(),
    ladder: text("ladder", { enum: ["base", "moonlight"] }).notNull(),
    mu: real("mu").notNull(),
    sigma: real("sigma").notNull(),
    /** The shown, conservative figure (ratings.ts displayRating), kept for the leaderboard's order. */
    display: integer("display").notNull(),
    /** Rated games played on this ladder (also the `seq` of the latest history row). */
    games: integer("games").notNull(),
    wins: integer("wins").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.ladder] }), index("ratings_board").on(t.ladder, t.display)],
);

/**
 * A player's rating after each rated game, numbered 1, 2, … per ladder. The key (player, ladder, seq)
 * is what keeps two games that end at once from both building on the same previous rating: the second
 * batch to commit collides on the key, fails whole, and its outbox retries from the new rating.
 */
export const ratingHistory = sqliteTable(
  "rating_history",
  {
    playerId: text("player_id").notNull(),
    ladder: text("ladder", { enum: ["base", "moonlight"] }).notNull(),
    seq: integer("seq").notNull(),
    gameId: text("game_id").notNull(),
    mu: real("mu").notNull(),
    sigma: real("sigma").notNull(),
    display: integer("display").notNull(),
    /** Place in the game (1 = first; a resigned seat is last). */
    rank: integer("rank").notNull(),
    endedAt: integer("ended_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.ladder, t.seq] })],
);

export type RatingRow = typeof ratings.$inferSelect;
export type RatingHistoryRow = typeof ratingHistory.$inferSelect;

/*
 * Chat apps (issue 27; docs/chat-apps.md). A Discord or Slack account linked to a profile signs in
 * as a device of that profile (devices.via "discord" / "slack"; its key is random and held by
 * nobody): the Worker acts for the account with that device's key, listed and revoked like any
 * other device (revoking it unlinks the account).
 */

/** A chat account and the profile (device) it acts as. `account`: a Discord user id, or Slack's `<team>:<user>`. */
export const chatAccounts = sqliteTable(
  "chat_accounts",
  {
    platform: text("platform", { enum: ["discord", "slack"] }).notNull(),
    account: text("account").notNull(),
    playerId: text("player_id").notNull(),
    deviceId: text("device_id").notNull(),
    linkedAt: integer("linked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.account] }), index("chat_accounts_player").on(t.playerId)],
);

/**
 * One-time links from a chat (`/pair/<code>?chat=…`): a code like a pairing code (same alphabet,
 * length and lifetime; only its SHA-256 stored) that links the chat account it names to the profile
 * of the browser that opens it, or to a new profile.
 */
export const chatLinkCodes = sqliteTable("chat_link_codes", {
  codeHash: text("code_hash").primaryKey(),
  platform: text("platform", { enum: ["discord", "slack"] }).notNull(),
  account: text("account").notNull(),
  /** The name the account shows in the chat (a new profile takes it). */
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  playerId: text("player_id"),
});

/**
 * Interactions already handled (`<platform>:<id>`): a replay acts once (and is not answered again:
 * the first request's work answers). Kept an hour.
 */
export const chatInteractions = sqliteTable("chat_interactions", {
  id: text("id").primaryKey(),
  at: integer("at").notNull(),
});

/** The games started from a channel (`/photosynthesis games` lists them). */
export const chatGames = sqliteTable(
  "chat_games",
  {
    platform: text("platform", { enum: ["discord", "slack"] }).notNull(),
    channel: text("channel").notNull(),
    gameId: text("game_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.channel, t.gameId] })],
);

export type ChatAccountRow = typeof chatAccounts.$inferSelect;
export type ChatLinkCodeRow = typeof chatLinkCodes.$inferSelect;
