/**
 * The coach's analysis (issue 23 item 5, docs/coach.md) through the API: reviewed in the game's
 * alarm after the end (202 with the progress until then), stored once, the same as a fresh review
 * of the log; a practice game's player may ask during the game (their own turns); refusals: an
 * unknown game (404, no storage created), a game not over outside practice (409), a flood (429).
 * Reading never changes the game.
 */
import {
  createExecutionContext,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AnalysisSchema } from "../../src/contract/schemas/analysis";
import type { LogEntry } from "../../src/engine";
import { MARKS, reviewOne, turnsOf } from "../../src/game/analysis";
import type { GameRecord } from "../../src/game/model";
import worker from "../../src/index";
import { BASE, call, newPlayer, roomStub, startedGame } from "./client";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_ANALYSIS_LIMITER: RateLimit;
    }
  }
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const unknownId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => ALPHABET[b & 31]).join("");

async function tablesOf(id: string): Promise<string[]> {
  return runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) =>
    state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((r) => r.name),
  );
}

/**
 * A practice game, the person against one easy bot, up to `until` (finished, or round ≥ n): the
 * person places where the rules let them and then only ends their turns; the bot plays from the alarm.
 */
async function practiceGame(until: "finished" | number) {
  const ann = await newPlayer("Ann");
  const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 2, bots: ["easy"] } });
  expect(created.status).toBe(201);
  const id: string = created.body.game.id;
  for (let i = 0; i < 400; i++) {
    const game = (await call("GET", `/api/games/${id}`, { token: ann.token })).body;
    if (game.status === "finished" || (until !== "finished" && game.round >= until && game.toAct === 0))
      return { id, ann, game };
    if (game.seats[game.toAct].bot) {
      await runDurableObjectAlarm(roomStub(id));
      continue;
    }
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: ann.token })).body;
    const action = legal.actions.find((a: { type: string }) => a.type === "endTurn") ?? legal.actions[0];
    const r = await call("POST", `/api/games/${id}/actions`, {
      token: ann.token,
      body: { version: legal.version, action },
    });
    expect(r.status).toBe(200);
  }
  throw new Error("the game did not get there");
}

/** Ask until the analysis is ready, firing the game's alarm in between (each fire: one slice). */
async function analysisOf(id: string, token?: string) {
  const progress: { reviewed: number; total: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await call("GET", `/api/games/${id}/analysis`, { token });
    if (r.status === 200) return { body: r.body, progress };
    expect(r.status).toBe(202);
    expect(r.body.status).toBe("running");
    progress.push({ reviewed: r.body.reviewed, total: r.body.total });
    await runDurableObjectAlarm(roomStub(id));
  }
  throw new Error("the analysis never got ready");
}

describe("the coach's analysis", () => {
  it("after the end: 202 with the progress, then every play-phase turn reviewed, stored, the same as a fresh review of the log; the game unchanged", async () => {
    const { id, game } = await practiceGame("finished");
    expect(game.status).toBe("finished");
    const before = (await call("GET", `/api/games/${id}`)).body;

    const { body: a, progress } = await analysisOf(id);
    expect(AnalysisSchema.safeParse(a).success).toBe(true);
    expect(a.complete).toBe(true);
    // 18 rounds of two seats' turns, all reviewed, in order
    expect(a.total).toBe(36);
    expect(a.turns.map((t: { turn: number }) => t.turn)).toEqual([...Array(36).keys()]);
    expect(a.final).toEqual(game.scores.map((s: { total: number }) => s.total));
    // progress moved forward slice by slice
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].reviewed).toBeGreaterThanOrEqual(progress[i - 1].reviewed);
    for (const t of a.turns) {
      expect(t.lost).toBeGreaterThanOrEqual(0);
      expect(t.expected).toHaveLength(2);
      if (t.mark) expect(t.lost).toBeGreaterThanOrEqual(MARKS[t.mark as keyof typeof MARKS]);
      if (t.mark) expect(t.lost).toBeGreaterThanOrEqual(2 * t.spread);
    }
    // the last turn's expectation is the end itself: nothing is left to play
    const last = a.turns[35];
    expect(last.expected).toEqual(a.final.map((x: number) => Math.round(x * 10) / 10));
    // a person who only ends their turns loses points the coach sees: some of their turns are marked
    expect(a.turns.filter((t: { seat: number; mark: string | null }) => t.seat === 0 && t.mark).length).toBeGreaterThan(
      0,
    );

    // the same as a review made now from the public log and the seed (deterministic, stored as made)
    const log = (await call("GET", `/api/games/${id}/log?limit=1000`)).body;
    const record = { ...(await recordOf(id)) };
    const entries = log.entries.map(
      (e: { index: number; seat: number | null; entry: LogEntry; auto: string | null }) => ({
        index: e.index,
        seat: e.seat,
        entry: e.entry,
        events: [],
        version: 0,
        at: 0,
        ...(e.auto ? { timedOut: { type: "timedOut", seat: e.seat, strikes: 1, resigned: false } } : {}),
      }),
    );
    const turns = turnsOf(record, entries);
    for (const i of [0, 7, 20, 35]) expect(reviewOne(turns[i]).record).toEqual(a.turns[i]);

    // asked again: the same stored answer, and no slice is waiting
    expect((await call("GET", `/api/games/${id}/analysis`)).body).toEqual(a);
    expect(await dueOf(id)).toBe(false);
    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after.version).toBe(before.version);
    expect(after).toEqual(before);
  }, 180_000);

  it("on demand: a finished game nobody asked about is not reviewed, whatever its alarm does; the first ask starts the review, which goes on through a restart", async () => {
    const { id, game } = await practiceGame("finished");
    expect(game.status).toBe("finished");
    // the game's end, its last notifications, its alarm fired again and again: no review
    for (let i = 0; i < 5; i++) await runDurableObjectAlarm(roomStub(id));
    expect(await dueOf(id)).toBe(false);
    expect(await reviewedOf(id)).toBe(0);

    // the first ask: 202, nothing reviewed yet, and a slice is now due
    const first = await call("GET", `/api/games/${id}/analysis`);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: "running", reviewed: 0, total: 36 });
    expect(await dueOf(id)).toBe(true);
    // The first alarm stores one slice. Its next alarm is taken away here, so that the object
    // restarts before it (one the ask set may have fired already: then it was that first alarm).
    const one = await inRoom(id, async (room, state) => {
      await state.storage.deleteAlarm();
      if (room.a.store.analysis.reviewed() === 0) await room.alarm();
      await state.storage.deleteAlarm();
      return room.a.store.analysis.reviewed() as number;
    });
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThan(36);
    expect(await rowsOf(id)).toBe(1);

    // the object restarts (what was asked lived in its memory): the stored slice carries the review on
    await evictDurableObject(roomStub(id));
    expect(await dueOf(id)).toBe(true);
    // Its next alarm reviews the rest and lets the game's requests in between two slices: a look
    // at the game is answered before that alarm ends.
    const order: string[] = [];
    const rest = inRoom(id, async (room) => {
      await room.alarm();
      order.push("alarm");
    });
    const look = call("GET", `/api/games/${id}`).then((r) => {
      order.push("look");
      return r;
    });
    expect((await look).status).toBe(200);
    await rest;
    expect(order).toEqual(["look", "alarm"]);
    expect(await reviewedOf(id)).toBe(36);
    // the rest of the finished game in one alarm, kept as one row (not a row and an alarm a slice)
    expect(await rowsOf(id)).toBe(2);
    const ready = await call("GET", `/api/games/${id}/analysis`);
    expect(ready.status).toBe(200);
    expect(ready.body.turns).toHaveLength(36);
  }, 180_000);

  it("a practice game in play: its player asks, gets their own turns so far; a spectator is refused", async () => {
    const { id, ann, game } = await practiceGame(4);
    expect(game.status).toBe("active");
    const spectator = await call("GET", `/api/games/${id}/analysis`);
    expect(spectator.status).toBe(401);
    const first = await call("GET", `/api/games/${id}/analysis`, { token: ann.token });
    expect(first.status).toBe(202);
    const { body: a } = await analysisOf(id, ann.token);
    expect(a.complete).toBe(false);
    expect(a.final).toBeNull();
    expect(a.turns.length).toBeGreaterThan(0);
    expect(a.turns.every((t: { seat: number }) => t.seat === 0)).toBe(true);
    expect((await call("GET", `/api/games/${id}`)).body.version).toBe(game.version);
  }, 120_000);

  it("refuses: an unknown game (404, no storage), a game not over outside practice (409), a malformed id (400)", async () => {
    const id = unknownId();
    const r = await call("GET", `/api/games/${id}/analysis`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("NOT_FOUND");
    expect(await tablesOf(id)).toEqual([]);

    const { id: live, players, game } = await startedGame(2);
    for (const token of [undefined, players[0].token]) {
      const n = await call("GET", `/api/games/${live}/analysis`, { token });
      expect(n.status).toBe(409);
      expect(n.body.error.code).toBe("GAME_NOT_OVER");
    }
    expect((await call("GET", `/api/games/${live}`)).body.version).toBe(game.version);
    expect(await dueOf(live)).toBe(false);

    const bad = await call("GET", "/api/games/no%20such!/analysis");
    expect(bad.status).toBe(400);
  });

  it("a flood is refused with 429 (ANALYSIS_LIMITER as wrangler.toml sets it), before the game is asked", async () => {
    const id = unknownId();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${BASE}/api/games/${id}/analysis`, { headers: { "cf-connecting-ip": "203.0.113.9" } }),
        { ...env, ANALYSIS_LIMITER: env.TEST_ANALYSIS_LIMITER },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toBe("10");
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
        break;
      }
      await res.text();
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(40);
    expect(await tablesOf(id)).toEqual([]);
  });
});

/** The game record as the room holds it (its seed is public once the game is over). */
async function recordOf(id: string): Promise<GameRecord> {
  return runInDurableObject(roomStub(id) as never, (room: unknown) => (room as { a: { game: GameRecord } }).a.game);
}

/** How many turns the coach has reviewed and stored in the game's Durable Object. */
async function reviewedOf(id: string): Promise<number> {
  return runInDurableObject(roomStub(id) as never, (room: unknown) =>
    (room as { a: { store: { analysis: { reviewed(): number } } } }).a.store.analysis.reviewed(),
  );
}

/** `fn` inside the game's Durable Object (the room as any: its private parts are what is looked at). */
function inRoom<T>(id: string, fn: (room: any, state: DurableObjectState) => Promise<T>): Promise<T> {
  return runInDurableObject(roomStub(id) as never, fn as never) as Promise<T>;
}

/** The rows the coach's review is stored in. */
async function rowsOf(id: string): Promise<number> {
  return runInDurableObject(
    roomStub(id) as never,
    (room: unknown) => (room as { a: { store: { analysis: { all(): unknown[] } } } }).a.store.analysis.all().length,
  );
}

/** Whether the coach has a slice waiting in the game's Durable Object. */
async function dueOf(id: string): Promise<boolean> {
  return runInDurableObject(roomStub(id) as never, (room: unknown) =>
    (room as { a: { coach: { due(): boolean } } }).a.coach.due(),
  );
}
