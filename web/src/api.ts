/** The HTTP API client and the saved identity (one profile per browser, in localStorage). */
import type { Action } from "../../src/engine";
import type { ApiErrorBody, CreateGameOptions, GameLog, GameSummary, GameView, Identity, Me } from "./types";

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
    readonly code: string,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, opts: { token?: string | null; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = opts.token === undefined ? loadIdentity()?.token : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
    const err = (data as ApiErrorBody | null)?.error;
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText, (data as ApiErrorBody) ?? null);
  }
  return data as T;
}

const enc = encodeURIComponent;

export const api = {
  createPlayer: (name: string) => call<{ player: { id: string; name: string }; token: string }>("POST", "/api/players", { name }, { token: null }),
  me: (token?: string) => call<Me>("GET", "/api/me", undefined, token ? { token } : {}),
  games: (playerId: string, status: string, cursor?: string | null) =>
    call<{ games: GameSummary[]; nextCursor: string | null }>(
      "GET",
      `/api/players/${enc(playerId)}/games?status=${enc(status)}&limit=20${cursor ? `&cursor=${enc(cursor)}` : ""}`,
    ),
  createGame: (opts: CreateGameOptions) =>
    call<{ game: GameView; invite: { code: string; url: string } }>("POST", "/api/games", opts),
  game: (id: string) => call<GameView>("GET", `/api/games/${enc(id)}`),
  join: (id: string, code: string) => call<{ game: GameView; seat: number }>("POST", `/api/games/${enc(id)}/join`, { code }),
  leave: (id: string) => call<unknown>("POST", `/api/games/${enc(id)}/leave`, {}),
  start: (id: string) => call<unknown>("POST", `/api/games/${enc(id)}/start`, {}),
  resign: (id: string) => call<unknown>("POST", `/api/games/${enc(id)}/resign`, {}),
  submit: (id: string, version: number, actions: Action[], key: string) =>
    call<{ version: number; game: GameView }>("POST", `/api/games/${enc(id)}/actions`, { version, actions }, { headers: { "idempotency-key": key } }),
  log: (id: string, after = 0) => call<GameLog>("GET", `/api/games/${enc(id)}/log?after=${after}`),
  goAway: (id: string, hours: number) => call<{ game: GameView }>("POST", `/api/games/${enc(id)}/vacation`, { hours }),
  comeBack: (id: string) => call<{ game: GameView }>("DELETE", `/api/games/${enc(id)}/vacation`),
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
