/**
 * The HTTP API client and the saved identity (one profile per browser, in localStorage). Every call
 * goes through `request`, typed by the contract's `paths` (src/contract/api.ts): paths, params,
 * bodies and answers are checked by the compiler against the server's own schemas and views.
 */
import type { Answer, paths } from "../../../src/contract/api";
import type { ErrorCode } from "../../../src/contract/errors";
import type { Action } from "../../../src/engine";
import type { ApiErrorBody, GameView, Identity } from "../types";

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

type Method = "get" | "post" | "put" | "patch" | "delete";
type ParamsOf<O> = O extends { parameters: infer P } ? P : never;
type BodyOf<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
type Init<O> = { params?: ParamsOf<O>; body?: BodyOf<O>; headers?: Record<string, string> };
type Loose = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  header?: Record<string, string>;
};

/**
 * One call of a route of `paths`: its answer, or an ApiError with the server's code (status 0: the
 * network failed). Hand-written rather than openapi-fetch (which takes the same `paths`): the game
 * page has a 40 KB budget (tests/web/bundle.test.ts) and these routes need only path parameters,
 * flat query strings and JSON bodies, not openapi-fetch's 2.6 KB gz of serializers.
 */
export async function request<P extends keyof paths, M extends keyof paths[P] & Method>(
  method: M,
  path: P,
  init: Init<paths[P][M]> = {},
): Promise<Answer<P, M>> {
  const par = (init.params ?? {}) as Loose;
  let url = (path as string).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(par.path?.[k] ?? "")));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(par.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
  if (query.size) url += `?${query}`;
  const headers: Record<string, string> = { accept: "application/json", ...par.header, ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (e) {
    throw new ApiError(0, "NETWORK", (e as Error).message || "network error", null);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const body = (data && typeof data === "object" ? data : null) as ApiErrorBody | null;
    const err = body?.error;
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText, body);
  }
  return data as Answer<P, M>;
}

/** The Authorization header: the saved identity's token unless one is given (null: none). */
export function auth(token?: string | null): Record<string, string> {
  const t = token === undefined ? loadIdentity()?.token : token;
  return t ? { authorization: `Bearer ${t}` } : {};
}

export const game = (id: string) => ({ params: { path: { id } }, headers: auth() });

export const api = {
  games: (playerId: string, status: "waiting" | "active" | "finished", cursor?: string | null, limit = 20) =>
    request("get", "/api/players/{id}/games", {
      params: { path: { id: playerId }, query: { status, limit, ...(cursor ? { cursor } : {}) } },
      headers: auth(),
    }),
  game: (id: string) => request("get", "/api/games/{id}", game(id)),
  resign: (id: string) => request("post", "/api/games/{id}/resign", game(id)),
  submit: (id: string, version: number, actions: Action[], key: string) =>
    request("post", "/api/games/{id}/actions", {
      params: { path: { id }, header: { "idempotency-key": key } },
      headers: auth(),
      body: { version, actions },
    }),
  log: (id: string, after = 0) =>
    request("get", "/api/games/{id}/log", { params: { path: { id }, query: { after } }, headers: auth() }),
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
