/** The typed stub of a game's Durable Object (env.ts, a leaf, declares the namespace untyped). */
import type { GameRoom } from "./room";

export function roomStub(ns: DurableObjectNamespace, id: string): DurableObjectStub<GameRoom> {
  return ns.get(ns.idFromName(id)) as unknown as DurableObjectStub<GameRoom>;
}
