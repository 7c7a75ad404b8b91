/**
 * Test helpers for notifications and deadlines: a game whose Durable Object runs on a clock the
 * test drives, a fake webhook receiver (outbound fetch from the Durable Object runs in the test
 * isolate, so a spy on globalThis.fetch sees it), and alarms fired on demand.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { vi } from "vitest";
import { call, inRoom, newPlayer, roomStub } from "../api/client";

export const DAY = 24 * 3600_000;
export const HOUR = 3600_000;

/** A start time far from now: alarms scheduled on this clock never fire by themselves. */
export const farFuture = () => Math.floor((Date.now() + 365 * DAY) / 1000) * 1000;

export interface Clock {
  t: number;
}

/**
 * A game with `n` players whose Durable Object uses `clock` (and random() = 0.5) from before the
 * first player joins; started by the last join.
 */
export async function clockedGame(n: number, clock: Clock, options: Record<string, unknown> = {}, names?: string[]) {
  const players: { id: string; token: string }[] = [];
  for (let i = 0; i < n; i++) players.push(await newPlayer(names?.[i] ?? `P${i}`));
  const created = await call("POST", "/api/games", {
    token: players[0].token,
    body: { seats: n, firstPlayer: 0, ...options },
  });
  if (created.status !== 201) throw new Error(`create game: ${created.status} ${JSON.stringify(created.body)}`);
  const id: string = created.body.game.id;
  await inRoom(id, (room) => {
    room.now = () => clock.t;
    room.random = () => 0.5;
  });
  return {
    id,
    code: created.body.invite.code as string,
    players,
    async join() {
      for (let i = 1; i < n; i++) {
        const j = await call("POST", `/api/games/${id}/join`, {
          token: players[i].token,
          body: { code: created.body.invite.code },
        });
        if (j.status !== 200) throw new Error(`join: ${j.status} ${JSON.stringify(j.body)}`);
      }
      return (await call("GET", `/api/games/${id}`)).body;
    },
  };
}

/** Fire the game's alarm now (whatever time it was set for). */
export async function fireAlarm(id: string): Promise<boolean> {
  return runDurableObjectAlarm(roomStub(id));
}

export interface Received {
  url: string;
  headers: Record<string, string>;
  body: string;
  json: any;
}

/**
 * Answer every outbound request with `answer` (default 204) and record it. Returns the list of
 * requests; restore with vi.restoreAllMocks().
 */
export function receiver(
  answer: (r: Received, index: number) => Response | Promise<Response> = () => new Response(null, { status: 204 }),
) {
  const calls: Received[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input as RequestInfo, init);
    const body = await req.text();
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      /* not JSON */
    }
    const r: Received = { url: req.url, headers: Object.fromEntries(req.headers), body, json };
    calls.push(r);
    return answer(r, calls.length - 1);
  });
  return calls;
}

/** Play the first legal action of whoever is to act. */
export async function playFirstLegal(id: string, players: { token: string }[]) {
  const g = (await call("GET", `/api/games/${id}`)).body;
  const token = players[g.toAct].token;
  const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token })).body;
  const r = await call("POST", `/api/games/${id}/actions`, {
    token,
    body: { version: legal.version, action: legal.actions[0] },
  });
  if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export const DISCORD_URL = (n: number) =>
  `https://discord.com/api/webhooks/12345678901234567${n}/tok3n-${"x".repeat(40)}-${n}abcd`;
export const SLACK_URL = (n: number) =>
  `https://hooks.slack.com/services/T0000000${n}/B0000000${n}/s3cr3tSlackTokenXYZ${n}`;
export const JSON_URL = (n: number) => `https://receiver.example.net/hooks/canopy-secret-path-${n}`;
