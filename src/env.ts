import type { GameRoom } from "./game/room";

interface Bindings {
  GAME: DurableObjectNamespace<GameRoom>;
  DB: D1Database;
  ASSETS: Fetcher;
  /** Per player and game: burst of writes, and refill per second (strings from [vars]). */
  RATE_LIMIT_BURST?: string;
  RATE_LIMIT_PER_SECOND?: string;
  /** "1" enables the benchmark's probe routes. */
  BENCH_ROUTES?: string;
  /** Tests only: every new game uses this seed (so a browser test gets a known animal deal). */
  FIXED_SEED?: string;
  /** Profile creation per client address (Workers rate limiting binding). */
  SIGNUP_LIMITER?: RateLimit;
}

/** Bindings the Worker receives (see wrangler.toml). */
export type Env = Bindings;

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {}
    interface GlobalProps {
      mainModule: typeof import("./index");
      durableNamespaces: "GameRoom";
    }
  }
}
