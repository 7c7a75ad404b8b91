/**
 * The rest of the API client: profiles, creating and joining games, going away, webhooks, push and
 * deliveries. The parts of the client loaded after a game page's first paint (the start page, the
 * lobby, the notifications panel…) import `api` from here; the game page's own calls are ./index.ts's.
 */
import type { paths } from "../../../src/contract/api";
import type { BotLevel } from "../../../src/contract/views";
import type { CreateGameOptions } from "../types";
import { api as pageApi, auth, game, request } from "./index";

export * from "./index";

/** One set of webhooks: a game's (gameId) or your own (null). */
function webhooks(gameId: string | null) {
  const headers = auth();
  if (gameId === null) {
    const wid = (w: string) => ({ params: { path: { wid: w } }, headers });
    return {
      list: () => request("get", "/api/me/webhooks", { headers }),
      create: (body: paths["/api/me/webhooks"]["post"]["requestBody"]["content"]["application/json"]) =>
        request("post", "/api/me/webhooks", { headers, body }),
      change: (
        w: string,
        body: paths["/api/me/webhooks/{wid}"]["patch"]["requestBody"]["content"]["application/json"],
      ) => request("patch", "/api/me/webhooks/{wid}", { ...wid(w), body }),
      remove: (w: string) => request("delete", "/api/me/webhooks/{wid}", wid(w)),
      test: (w: string) => request("post", "/api/me/webhooks/{wid}/test", wid(w)),
    };
  }
  const at = (w: string) => ({ params: { path: { id: gameId, wid: w } }, headers });
  return {
    list: () => request("get", "/api/games/{id}/webhooks", game(gameId)),
    create: (body: paths["/api/games/{id}/webhooks"]["post"]["requestBody"]["content"]["application/json"]) =>
      request("post", "/api/games/{id}/webhooks", { ...game(gameId), body }),
    change: (
      w: string,
      body: paths["/api/games/{id}/webhooks/{wid}"]["patch"]["requestBody"]["content"]["application/json"],
    ) => request("patch", "/api/games/{id}/webhooks/{wid}", { ...at(w), body }),
    remove: (w: string) => request("delete", "/api/games/{id}/webhooks/{wid}", at(w)),
    test: (w: string) => request("post", "/api/games/{id}/webhooks/{wid}/test", at(w)),
  };
}
export type WebhookApi = ReturnType<typeof webhooks>;

export const api = {
  ...pageApi,
  createPlayer: (name: string) => request("post", "/api/players", { body: { name }, headers: auth(null) }),
  me: (token?: string) => request("get", "/api/me", { headers: auth(token) }),
  updateMe: (discordUserId: string | null) => request("patch", "/api/me", { body: { discordUserId }, headers: auth() }),
  createGame: (opts: CreateGameOptions) => request("post", "/api/games", { body: opts, headers: auth() }),
  join: (id: string, code: string) => request("post", "/api/games/{id}/join", { ...game(id), body: { code } }),
  leave: (id: string) => request("post", "/api/games/{id}/leave", game(id)),
  start: (id: string) => request("post", "/api/games/{id}/start", game(id)),
  seatBot: (id: string, level: BotLevel, seat?: number) =>
    request("post", "/api/games/{id}/bots", { ...game(id), body: seat === undefined ? { level } : { level, seat } }),
  goAway: (id: string, hours: number) => request("post", "/api/games/{id}/vacation", { ...game(id), body: { hours } }),
  comeBack: (id: string) => request("delete", "/api/games/{id}/vacation", game(id)),
  webhooks,
  /** Push on this device (web/src/notify/push.ts). */
  push: {
    key: () => request("get", "/api/push/key", { headers: auth(null) }),
    subscribe: (body: paths["/api/me/push"]["post"]["requestBody"]["content"]["application/json"]) =>
      request("post", "/api/me/push", { body, headers: auth() }),
    remove: (pid: string) => request("delete", "/api/me/push/{pid}", { params: { path: { pid } }, headers: auth() }),
    test: (pid: string) => request("post", "/api/me/push/{pid}/test", { params: { path: { pid } }, headers: auth() }),
  },
  deliveries: (id: string, q: { limit: number; before?: number }) =>
    request("get", "/api/games/{id}/deliveries", { params: { path: { id }, query: q }, headers: auth() }),
  redeliver: (id: string, did: number) =>
    request("post", "/api/games/{id}/deliveries/{did}/redeliver", { params: { path: { id, did } }, headers: auth() }),
};
