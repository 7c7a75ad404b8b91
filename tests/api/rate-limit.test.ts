/**
 * Rate limits come from the Workers rate-limiting bindings of wrangler.toml (WRITE_LIMITER: 60 writes
 * per player and game in 10 s; WEBHOOK_TEST_LIMITER: 5 tests of your own webhooks a minute;
 * HINT_LIMITER: 30 hints per player and game a minute), which
 * workerd enforces locally. The other tests run with generous limits; here the Worker gets the
 * limiters as wrangler.toml configures them (TEST_*, vitest.config.ts). Over the limit: 429 with the
 * shared error shape and a retry-after, and nothing changes.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { SLACK_URL, receiver } from "../notify/helpers";
import { BASE, call as callGenerous, newPlayer, type Res, startedGame } from "./client";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_WRITE_LIMITER: RateLimit;
      TEST_WEBHOOK_TEST_LIMITER: RateLimit;
      TEST_HINT_LIMITER: RateLimit;
    }
  }
}

/** A request to the Worker with the production limiters in place. */
async function call(method: string, path: string, opts: { token: string; body?: unknown }): Promise<Res> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const req = new Request(`${BASE}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const limited = {
    ...env,
    WRITE_LIMITER: env.TEST_WRITE_LIMITER,
    WEBHOOK_TEST_LIMITER: env.TEST_WEBHOOK_TEST_LIMITER,
    HINT_LIMITER: env.TEST_HINT_LIMITER,
  };
  const ctx = createExecutionContext();
  const res = await worker.fetch(req, limited, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

afterEach(() => vi.restoreAllMocks());

/**
 * workerd counts in fixed windows aligned to the clock: run `fn` (which makes its own fresh keys), and
 * again if a window boundary fell inside the run — the next run then starts just after that boundary,
 * early in its window. (No wait for a window's start: a run is short beside its window.)
 */
async function inOneWindow<T>(periodSeconds: number, fn: () => Promise<T>): Promise<T> {
  const period = periodSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const start = Date.now();
    const result = await fn();
    if (Math.floor(start / period) === Math.floor(Date.now() / period) || attempt === 3) return result;
  }
}

const stale = { version: 999, action: { type: "endTurn" } };

describe("rate limits", () => {
  it("a runaway client gets 429 RATE_LIMITED on one game; others and other games are not affected", async () => {
    const run = await inOneWindow(10, async () => {
      const { id, players, game } = await startedGame(2);
      const token = players[game.toAct].token;
      const responses: Res[] = [];
      for (let i = 0; i < 70; i++)
        responses.push(await call("POST", `/api/games/${id}/actions`, { token, body: stale }));
      return { id, players, game, responses };
    });
    const { id, players, game, responses } = run;
    expect(responses.map((r) => r.status)).toEqual([...Array(60).fill(409), ...Array(10).fill(429)]);
    expect(responses[60].body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
    expect(Number(responses[60].headers.get("retry-after"))).toBeGreaterThan(0);

    // Nothing was applied, reads still answer, and the other player and another game are not limited.
    const view = await callGenerous("GET", `/api/games/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.version).toBe(game.version);
    const other = players[1 - game.toAct].token;
    expect((await call("POST", `/api/games/${id}/actions`, { token: other, body: stale })).status).toBe(409);
    const second = await startedGame(2);
    const token2 = second.players[second.game.toAct].token;
    expect((await call("POST", `/api/games/${second.id}/actions`, { token: token2, body: stale })).status).toBe(409);
  }, 60_000);

  it("tests of your own webhooks: five a minute, then 429 (and nothing sent)", async () => {
    const calls = receiver();
    const responses = await inOneWindow(60, async () => {
      const { players } = await startedGame(2);
      const token = players[0].token;
      const mine = await callGenerous("POST", "/api/me/webhooks", { token, body: { url: SLACK_URL(3) } });
      expect(mine.status).toBe(201);
      calls.length = 0;
      const out: Res[] = [];
      for (let i = 0; i < 7; i++)
        out.push(await call("POST", `/api/me/webhooks/${mine.body.webhook.id}/test`, { token }));
      return out;
    });
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(calls).toHaveLength(5);
    expect(responses[5].body.error.code).toBe("RATE_LIMITED");
    expect(responses[5].headers.get("retry-after")).toBe("60");
  }, 150_000);

  it("hints: thirty a minute per player and game, then 429 (the game unchanged, another game not limited)", async () => {
    const practice = async (token: string) =>
      (await callGenerous("POST", "/api/games", { token, body: { seats: 2, bots: ["easy"], firstPlayer: 0 } })).body
        .game.id as string;
    const ann = await newPlayer("Ann");
    const run = await inOneWindow(60, async () => {
      const id = await practice(ann.token);
      const out: Res[] = [];
      for (let i = 0; i < 32; i++) out.push(await call("GET", `/api/games/${id}/hint`, { token: ann.token }));
      return { id, out };
    });
    expect(run.out.map((r) => r.status)).toEqual([...Array(30).fill(200), 429, 429]);
    expect(run.out[30].body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
    expect(run.out[30].headers.get("retry-after")).toBe("60");
    expect((await callGenerous("GET", `/api/games/${run.id}`)).body.version).toBe(run.out[0].body.version);
    const other = await practice(ann.token);
    expect((await call("GET", `/api/games/${other}/hint`, { token: ann.token })).status).toBe(200);
  }, 150_000);
});
