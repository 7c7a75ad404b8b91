/**
 * The HTTP API client and the saved identity (one profile per browser, in localStorage). Every call
 * goes through openapi-fetch typed by the contract's `paths` (src/contract/api.ts): paths, params,
 * bodies and answers are checked by the compiler against the server's own schemas and views.
 */
import createClient from "openapi-fetch";
import type { ErrorCode } from "../../src/contract/errors";
import type { Answer, paths } from "../../src/contract/api";
import type { Action } from "../../src/engine";
import type { ApiErrorBody, CreateGameOptions, GameView, Identity } from "./types";

const ID_KEY = "canopy.identity";

export function loadIdentity(): Identity | null {
  try {
    const raw = localStorage.getItem(ID_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Identity;
    return v && typeof v.token === "string" && typeof v.id === "string" ? v : null;
  } catch {
    return null;
  }
}

export function saveIdentity(id: Identity | null): void {
  try {
    if (id) localStorage.setItem(ID_KEY, JSON.stringify(id));
    else localStorage.removeItem(ID_KEY);
  } catch {
    /* storage blocked: the identity lives for this page only */
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | (string & {}),
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }
}

// fetch looked up per call (not captured once), so a page that swaps it later is still heard.
const client = createClient<paths>({ headers: { accept: "application/json" }, fetch: (req) => globalThis.fetch(req) });

/** The Authorization header: the saved identity's token unless one is given (null: none). */
function auth(token?: string | null): Record<string, string> {
  const t = token === undefined ? loadIdentity()?.token : token;
  return t ? { authorization: `Bearer ${t}` } : {};
}

/** The answer's data, or an ApiError with the server's code (status 0: the network failed). */
async function unwrap<T>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
async function unwrap<T>(p: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T>;
async function unwrap<T>(p: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T> {
  let r: Awaited<typeof p>;
  try {
    r = await p;
  } catch (e) {
    throw new ApiError(0, "NETWORK", (e as Error).message || "network error", null);
  }
  if (!r.response.ok) {
    const body = (r.error && typeof r.error === "object" ? r.error : null) as ApiErrorBody | null;
    const err = body?.error;
    throw new ApiError(r.response.status, err?.code ?? `HTTP_${r.response.status}`, err?.message ?? r.response.statusText, body);
  }
  return r.data as T;
}

const game = (id: string) => ({ params: { path: { id } }, headers: auth() });

/** One set of webhooks: a game's (gameId) or your own (null). */
function webhooks(gameId: string | null) {
  const headers = auth();
  if (gameId === null) {
    const wid = (w: string) => ({ params: { path: { wid: w } }, headers });
    return {
      list: () => unwrap(client.GET("/api/me/webhooks", { headers })),
      create: (body: paths["/api/me/webhooks"]["post"]["requestBody"]["content"]["application/json"]) =>
        unwrap(client.POST("/api/me/webhooks", { headers, body })),
      change: (w: string, body: paths["/api/me/webhooks/{wid}"]["patch"]["requestBody"]["content"]["application/json"]) =>
        unwrap(client.PATCH("/api/me/webhooks/{wid}", { ...wid(w), body })),
      remove: (w: string) => unwrap(client.DELETE("/api/me/webhooks/{wid}", wid(w))),
      test: (w: string) => unwrap(client.POST("/api/me/webhooks/{wid}/test", wid(w))),
    };
  }
  const at = (w: string) => ({ params: { path: { id: gameId, wid: w } }, headers });
  return {
    list: () => unwrap(client.GET("/api/games/{id}/webhooks", game(gameId))),
    create: (body: paths["/api/games/{id}/webhooks"]["post"]["requestBody"]["content"]["application/json"]) =>
      unwrap(client.POST("/api/games/{id}/webhooks", { ...game(gameId), body })),
    change: (w: string, body: paths["/api/games/{id}/webhooks/{wid}"]["patch"]["requestBody"]["content"]["application/json"]) =>
      unwrap(client.PATCH("/api/games/{id}/webhooks/{wid}", { ...at(w), body })),
    remove: (w: string) => unwrap(client.DELETE("/api/games/{id}/webhooks/{wid}", at(w))),
    test: (w: string) => unwrap(client.POST("/api/games/{id}/webhooks/{wid}/test", at(w))),
  };
}
export type WebhookApi = ReturnType<typeof webhooks>;

export const api = {
  createPlayer: (name: string) => unwrap(client.POST("/api/players", { body: { name }, headers: auth(null) })),
  me: (token?: string) => unwrap(client.GET("/api/me", { headers: auth(token) })),
  updateMe: (discordUserId: string | null) => unwrap(client.PATCH("/api/me", { body: { discordUserId }, headers: auth() })),
  games: (playerId: string, status: "waiting" | "active" | "finished", cursor?: string | null) =>
    unwrap(
      client.GET("/api/players/{id}/games", {
        params: { path: { id: playerId }, query: { status, limit: 20, ...(cursor ? { cursor } : {}) } },
        headers: auth(),
      }),
    ),
  createGame: (opts: CreateGameOptions) => unwrap(client.POST("/api/games", { body: opts, headers: auth() })),
  game: (id: string) => unwrap(client.GET("/api/games/{id}", game(id))),
  join: (id: string, code: string) => unwrap(client.POST("/api/games/{id}/join", { ...game(id), body: { code } })),
  leave: (id: string) => unwrap(client.POST("/api/games/{id}/leave", game(id))),
  start: (id: string) => unwrap(client.POST("/api/games/{id}/start", game(id))),
  resign: (id: string) => unwrap(client.POST("/api/games/{id}/resign", game(id))),
  submit: (id: string, version: number, actions: Action[], key: string) =>
    unwrap(
      client.POST("/api/games/{id}/actions", {
        params: { path: { id }, header: { "idempotency-key": key } },
        headers: auth(),
        body: { version, actions },
      }),
    ),
  // (typed from the contract: openapi-fetch's Readable<> would widen the engine's tuples)
  log: (id: string, after = 0) => unwrap<Answer<"/api/games/{id}/log", "get">>(client.GET("/api/games/{id}/log", { params: { path: { id }, query: { after } }, headers: auth() })),
  goAway: (id: string, hours: number) => unwrap(client.POST("/api/games/{id}/vacation", { ...game(id), body: { hours } })),
  comeBack: (id: string) => unwrap(client.DELETE("/api/games/{id}/vacation", game(id))),
  webhooks,
  deliveries: (id: string, q: { limit: number; before?: number }) =>
    unwrap(client.GET("/api/games/{id}/deliveries", { params: { path: { id }, query: q }, headers: auth() })),
  redeliver: (id: string, did: number) =>
    unwrap(client.POST("/api/games/{id}/deliveries/{did}/redeliver", { params: { path: { id, did } }, headers: auth() })),
};

/** Some lobby calls answer {game}, others the view itself. */
export function viewOf(x: unknown): GameView | null {
  if (!x || typeof x !== "object") return null;
  const o = x as { game?: GameView; id?: string; status?: string };
  if (o.game && typeof o.game === "object") return o.game;
  if (typeof o.id === "string" && typeof o.status === "string") return x as GameView;
  return null;
}

export function randomKey(): string {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
