/** A tiny HTTP client for tests: talks to the Worker exactly as an outside client would. */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { GameRoom } from "../../src/game/room";

export const BASE = "http://canopy.test";

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
  const res = await exports.default.fetch(`${BASE}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function newPlayer(name: string): Promise<{ id: string; token: string }> {
  const r = await call("POST", "/api/players", { body: { name } });
  if (r.status !== 201) throw new Error(`create player: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.player.id, token: r.body.token };
}

/** A game with `n` seated players, started; returns the players in seat order. */
export async function startedGame(n: number, options: Record<string, unknown> = {}) {
  const players = [];
  for (let i = 0; i < n; i++) players.push(await newPlayer(`P${i}`));
  const created = await call("POST", "/api/games", { token: players[0].token, body: { seats: n, ...options } });
  if (created.status !== 201) throw new Error(`create game: ${created.status} ${JSON.stringify(created.body)}`);
  const id: string = created.body.game.id;
  const code: string = created.body.invite.code;
  for (let i = 1; i < n; i++) {
    const j = await call("POST", `/api/games/${id}/join`, { token: players[i].token, body: { code } });
    if (j.status !== 200) throw new Error(`join: ${j.status} ${JSON.stringify(j.body)}`);
  }
  const game = (await call("GET", `/api/games/${id}`)).body;
  return { id, code, players, game };
}

/** Play the game to its end through HTTP, each action chosen at random from the legal ones. */
export async function playToEnd(id: string, players: { token: string }[], seed = 1, maxRequests = 5000) {
  let rnd = seed;
  const random = (n: number) => {
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    return rnd % n;
  };
  for (let i = 0; i < maxRequests; i++) {
    const game = (await call("GET", `/api/games/${id}`)).body;
    if (game.status === "finished") return game;
    const token = players[game.toAct].token;
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
    const action = legal.actions[random(legal.actions.length)];
    const r = await call("POST", `/api/games/${id}/actions`, { token, body: { version: legal.version, action } });
    if (r.status !== 200) throw new Error(`action refused: ${r.status} ${JSON.stringify(r.body)}`);
  }
  throw new Error("game did not end");
}

/** The game's Durable Object stub, and a way to reach inside it (clock, D1 writer, limiter). */
export function roomStub(id: string): DurableObjectStub {
  return env.GAME.get(env.GAME.idFromName(id)) as unknown as DurableObjectStub;
}

export async function inRoom<R>(id: string, fn: (room: GameRoom) => R | Promise<R>): Promise<R> {
  const run = runInDurableObject as unknown as (
    stub: DurableObjectStub,
    f: (room: GameRoom) => R | Promise<R>,
  ) => Promise<R>;
  return run(roomStub(id), fn);
}

/**
 * A live socket on a game, as a page opens it (`query`: e.g. "?after=0&auth=1"): every message
 * parsed, and `next(n)` waits for the n-th.
 */
export async function openLive(id: string, query = "") {
  const { exports } = await import("cloudflare:workers");
  const res = await exports.default.fetch(`${BASE}/api/games/${id}/live${query}`, {
    headers: { upgrade: "websocket" },
  });
  const ws = res.webSocket!;
  const messages: any[] = [];
  let wake: () => void = () => {};
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
    wake();
  });
  ws.accept();
  const next = async (n: number) => {
    while (messages.length < n) await new Promise<void>((r) => (wake = r));
    return messages[n - 1];
  };
  return { res, ws, messages, next };
}
