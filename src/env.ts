/**
 * The bindings the Worker receives (see wrangler.toml). A leaf: it imports neither the Worker entry
 * nor the game, so GAME is an untyped namespace here; `roomStub` (src/game/stub.ts) gives the typed
 * stub, and src/index.ts declares the entry module for `cloudflare:workers`.
 */
interface Bindings {
  GAME: DurableObjectNamespace;
  /** Each player's inbox (src/player/inbox.ts): their turns, live. */
  PLAYER: DurableObjectNamespace;
  DB: D1Database;
  ASSETS: Fetcher;
  /** "1" enables the benchmark's probe routes. */
  BENCH_ROUTES?: string;
  /** Tests only: every new game uses this seed (so a browser test gets a known animal deal). */
  FIXED_SEED?: string;
  /** Profile creation per client address (Workers rate limiting binding). */
  SIGNUP_LIMITER?: RateLimit;
  /** Writes to one game by one player (Workers rate limiting binding). */
  WRITE_LIMITER?: RateLimit;
  /** Reads of a game's analysis, per client and game (Workers rate limiting binding). */
  ANALYSIS_LIMITER?: RateLimit;
  /** Test messages to your own webhooks, per player (Workers rate limiting binding). */
  WEBHOOK_TEST_LIMITER?: RateLimit;
  /** Web Push (VAPID): the server's P-256 key pair, base64url (public: 65 bytes; private: the 32-byte d). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** A mailto: or https: contact push services may use (default: PUBLIC_ORIGIN when https). */
  VAPID_SUBJECT?: string;
  /** Hints (GET /games/:id/hint, a search), per player and game (Workers rate limiting binding). */
  HINT_LIMITER?: RateLimit;
  /** Pairing codes and passkey ceremonies, per profile and per client address (Workers rate limiting binding). */
  PAIR_LIMITER?: RateLimit;
  /** Passkeys: the relying party id (the site's domain); unset: the host the request came to. */
  RP_ID?: string;
  /** Passkeys: the origins pages run on (comma-separated); unset: the origin the request came to. */
  RP_ORIGIN?: string;
  /** The Discord app (docs/chat-apps.md): its application id and public key (hex), and the bot's token (a secret). */
  DISCORD_APPLICATION_ID?: string;
  DISCORD_PUBLIC_KEY?: string;
  DISCORD_BOT_TOKEN?: string;
  /** The Slack app (docs/chat-apps.md): its signing secret and the bot's token (both secrets). */
  SLACK_SIGNING_SECRET?: string;
  SLACK_BOT_TOKEN?: string;
}

/** Bindings the Worker receives (see wrangler.toml). */
export type Env = Bindings;

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {}
  }
}
