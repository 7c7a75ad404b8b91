import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/** One Durable Object per game: the single authority that applies moves one at a time. */
export class GameRoom extends DurableObject<Env> {
  async ping(): Promise<string> {
    return "pong";
  }
}
