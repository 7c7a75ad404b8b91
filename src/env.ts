import type { GameRoom } from "./game/room";

/** Bindings the Worker receives (see wrangler.toml). */
export interface Env {
  GAME: DurableObjectNamespace<GameRoom>;
  DB: D1Database;
  ASSETS: Fetcher;
}

declare global {
  namespace Cloudflare {
    interface Env {
      GAME: DurableObjectNamespace<GameRoom>;
      DB: D1Database;
      ASSETS: Fetcher;
    }
    interface GlobalProps {
      mainModule: typeof import("./index");
      durableNamespaces: "GameRoom";
    }
  }
}
