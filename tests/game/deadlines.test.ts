import { evictDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, inRoom, openLive, roomStub } from "../api/client";
import { DAY, HOUR, JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver } from "../notify/helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const view = async (id: string, token?: string) => (await call("GET", `/api/games/${id}`, { token })).body;
const iso = (t: number) => new Date(t).toISOString();

/** A channel webhook for the game, and each player's own json webhook; returns the requests seen. */
async function wire(g: { id: string; players: { token: string }[] }) {
  const channel = await call("POST", `/api/games/${g.id}/webhooks`, {
    token: g.players[0].token,
    body: { url: JSON_URL(0) },
  });
  expect(channel.status).toBe(201);
  for (let i = 0; i < g.players.length; i++)
    expect(
      (await call("POST", "/api/me/webhooks", { token: g.players[i].token, body: { url: JSON_URL(i + 1) } })).status,
    ).toBe(201);
  const calls = receiver();
  const at = (i: number | "channel") =>
    calls.filter((c) => c.url === JSON_URL(i === "channel" ? 0 : i + 1)).map((c) => c.json);
  return { calls, at };
}

describe("move deadlines", () => {
  it("the clock starts with the turn; reminders at half time and 10 % left; at the deadline the turn is played for the player, the next one notified", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 3600 });
    const { at } = await wire(g);
    const t0 = clock.t;
    let game = await g.join();
    expect(game.toAct).toBe(0);
    expect(game.deadline).toBe(iso(t0 + HOUR));
    expect(game.options).toMatchObject({ moveTimeSeconds: 3600, maxTimeouts: 3, vacationDays: 14 });
    await fireAlarm(g.id);
    expect(at("channel").map((n) => n.type)).toEqual(["player.joined", "game.started"]);
    expect(at("channel")[1].data.next).toEqual({ seat: 0, deadline: iso(t0 + HOUR) });

    // Half time: one reminder, once.
    clock.t = t0 + HOUR / 2 - 1;
    await fireAlarm(g.id);
    expect(at(0).filter((n) => n.type === "turn.reminder")).toHaveLength(0);
    clock.t = t0 + HOUR / 2;
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    expect(
      at(0)
        .filter((n) => n.type === "turn.reminder")
        .map((n) => [n.data.fraction, n.data.remainingSeconds]),
    ).toEqual([[0.5, 1800]]);
    // 10 % left.
    clock.t = t0 + HOUR - 360_000;
    await fireAlarm(g.id);
    expect(
      at(0)
        .filter((n) => n.type === "turn.reminder")
        .map((n) => n.data.fraction),
    ).toEqual([0.5, 0.1]);
    expect(at("channel").filter((n) => n.type === "turn.reminder")).toHaveLength(2);
    expect(at(1).filter((n) => n.type === "turn.reminder")).toHaveLength(0);
    expect((await view(g.id)).version).toBe(game.version); // reminders do not change the game

    // The deadline: a small tree is placed for seat 0 (setup), logged as automatic.
    clock.t = t0 + HOUR;
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    game = await view(g.id);
    expect(game.version).toBe(3);
    expect(game.toAct).toBe(1);
    expect(game.seats[0].timeouts).toBe(1);
    expect(game.deadline).toBe(iso(t0 + 2 * HOUR));
    const log = (await call("GET", `/api/games/${g.id}/log`)).body;
    expect(log.total).toBe(1);
    expect(log.entries[0]).toMatchObject({ seat: 0, auto: "timeout", entry: { type: "place" } });
    expect(log.entries[0].events[0]).toEqual({ type: "timedOut", seat: 0, strikes: 1, resigned: false });
    const timeout = at("channel").find((n) => n.type === "turn.timeout");
    expect(timeout.data).toMatchObject({
      seat: 0,
      timeout: { action: { type: "place" }, strikes: 1, maxTimeouts: 3, resigned: false },
      next: { seat: 1, deadline: iso(t0 + 2 * HOUR) },
    });
    expect(timeout.data.timeout.action.cell).toMatch(/^[a-g][1-7]$/);
    expect(at(0).map((n) => n.type)).toContain("turn.timeout");
    // The next player hears it is their turn on their own webhook; the channel already said so.
    const yourTurn = at(1).filter((n) => n.type === "turn.started");
    expect(yourTurn).toHaveLength(1);
    expect(yourTurn[0].data).toMatchObject({ seat: 1, deadline: iso(t0 + 2 * HOUR) });
    expect(at("channel").filter((n) => n.type === "turn.started")).toHaveLength(0);
    // Each event reached each webhook once.
    for (const i of ["channel", 0, 1] as const) {
      const ids = at(i).map((n) => n.data.id);
      expect(new Set(ids).size).toBe(ids.length);
    }

    // Moving yourself starts the next clock at once and resets nothing else's.
    clock.t = t0 + HOUR + 600_000;
    const moved = await playFirstLegal(g.id, g.players);
    expect(moved.game.deadline).toBe(iso(clock.t + HOUR));
    expect(moved.game.seats[1].timeouts).toBe(0);
    expect(moved.game.seats[0].timeouts).toBe(1);
  });

  it("in play a timeout ends the turn; after the allowed timeouts in a row the seat is resigned; moving resets the count", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock, { moveTimeSeconds: 3600, maxTimeouts: 2 });
    await g.join();
    for (let i = 0; i < 6; i++) await playFirstLegal(g.id, g.players); // setup
    let game = await view(g.id);
    expect(game.state.phase).toBe("play");
    expect(game.toAct).toBe(0);
    const { at } = await wire(g);
    await fireAlarm(g.id);

    // Seat 0 times out: its turn ends.
    clock.t += HOUR;
    await fireAlarm(g.id);
    game = await view(g.id);
    expect(game.toAct).toBe(1);
    expect(game.seats[0].timeouts).toBe(1);
    let log = (await call("GET", `/api/games/${g.id}/log?after=6`)).body;
    expect(log.entries.at(-1)).toMatchObject({ auto: "timeout", entry: { type: "endTurn" }, seat: 0 });
    expect(log.entries.at(-1).events.map((e: any) => e.type)).toEqual(["timedOut", "turnEnded", "turnStarted"]);
    // Seats 1 and 2 move (seat 2 after timing out once: its count goes back to 0).
    await playFirstLegal(g.id, g.players); // seat 1 (first legal action)
    while ((await view(g.id)).toAct === 1)
      await call("POST", `/api/games/${g.id}/actions`, {
        token: g.players[1].token,
        body: { version: (await view(g.id)).version, action: { type: "endTurn" } },
      });
    clock.t += HOUR;
    await fireAlarm(g.id);
    expect((await view(g.id)).seats[2].timeouts).toBe(1);
    // Round 2 starts with seat 1 holding the first-player token; seat 1 moves, then seat 2.
    for (let guard = 0; guard < 5 && (await view(g.id)).toAct !== 0; guard++) {
      const v = await view(g.id);
      await call("POST", `/api/games/${g.id}/actions`, {
        token: g.players[v.toAct].token,
        body: { version: v.version, action: { type: "endTurn" } },
      });
    }
    game = await view(g.id);
    expect(game.seats[2].timeouts).toBe(0);
    expect(game.toAct).toBe(0);
    // Seat 0's second timeout in a row: resigned.
    clock.t += HOUR;
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    game = await view(g.id);
    expect(game.seats[0].resigned).toBe(true);
    expect(game.status).toBe("active");
    expect(game.toAct).not.toBe(0);
    log = (await call("GET", `/api/games/${g.id}/log?after=6`)).body;
    expect(log.entries.at(-1)).toMatchObject({ auto: "timeout", entry: { type: "resign", seat: 0 } });
    const timeouts = at("channel").filter((n) => n.type === "turn.timeout");
    expect(timeouts.at(-1).data.timeout).toEqual({ action: null, strikes: 2, maxTimeouts: 2, resigned: true });
    expect(at("channel").filter((n) => n.type === "player.resigned")).toHaveLength(0);
  });

  it("a game without a time per move has no deadline and no timers", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    const game = await g.join();
    expect(game.deadline).toBeNull();
    expect(await inRoom(g.id, (room) => room.notificationQueue().timer)).toBeNull();
    clock.t += 30 * DAY;
    await fireAlarm(g.id);
    expect((await view(g.id)).version).toBe(game.version);
  });

  it("timers live in storage: an evicted game still times out, once", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 3 * 3600 });
    const { at } = await wire(g);
    const t0 = clock.t;
    await g.join();
    expect(await inRoom(g.id, (room) => room.notificationQueue().timer)).toBe(t0 + 1.5 * HOUR);
    await evictDurableObject(roomStub(g.id));
    clock.t = t0 + 3 * HOUR;
    await inRoom(g.id, (room) => {
      room.now = () => clock.t;
    });
    // The deadline has passed while it was away: no reminders any more, only the timeout.
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    await fireAlarm(g.id);
    const game = await view(g.id);
    expect(game.toAct).toBe(1);
    expect(game.seats[0].timeouts).toBe(1);
    expect((await call("GET", `/api/games/${g.id}/log`)).body.total).toBe(1);
    const told = at("channel").filter((n) => n.type.startsWith("turn."));
    expect(told.map((n) => n.type)).toEqual(["turn.timeout"]);
  });
});

describe("vacations", () => {
  it("pause the player's clock, show in the game view, end by themselves or early, within the game's allowance", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 3600, vacationDays: 3 });
    const { at } = await wire(g);
    const t0 = clock.t;
    await g.join();
    const [a, b] = g.players;

    clock.t = t0 + 600_000; // 10 minutes into seat 0's hour
    const away = await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { hours: 48 } });
    expect(away.status).toBe(200);
    const until = t0 + 600_000 + 48 * HOUR;
    let game = await view(g.id, b.token);
    expect(game.deadline).toBeNull();
    expect(game.vacations).toEqual([{ seat: 0, from: iso(t0 + 600_000), until: iso(until) }]);
    expect(game.seats[0].awayUntil).toBe(iso(until));
    await fireAlarm(g.id);
    expect(at(1).map((n) => n.type)).toContain("player.away");
    expect(at(1).find((n) => n.type === "player.away").data.until).toBe(iso(until));

    // Long past the hour: no timeout while away.
    clock.t = t0 + 24 * HOUR;
    await fireAlarm(g.id);
    expect((await view(g.id)).toAct).toBe(0);

    // The vacation ends by itself; the clock runs again with the 50 minutes that were left.
    clock.t = until;
    await fireAlarm(g.id);
    game = await view(g.id);
    expect(game.vacations).toEqual([]);
    expect(game.deadline).toBe(iso(until + 50 * 60_000));
    await fireAlarm(g.id);
    expect(
      at(0)
        .filter((n) => n.type === "player.away")
        .at(-1).data,
    ).toMatchObject({ seat: 0, deadline: iso(until + 50 * 60_000) });

    // Only 3 days per game: 2 used, 1 left.
    const tooLong = await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { hours: 25 } });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.error).toMatchObject({ code: "VACATION_EXHAUSTED", hoursLeft: 24 });
    // Away again, back early: the unused time stays available and the clock runs from now.
    clock.t = until + 10 * 60_000;
    expect((await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { hours: 24 } })).status).toBe(
      200,
    );
    clock.t = until + 70 * 60_000;
    const back = await call("DELETE", `/api/games/${g.id}/vacation`, { token: a.token });
    expect(back.status).toBe(200);
    expect(back.body.game.deadline).toBe(iso(clock.t + 40 * 60_000));
    expect((await call("DELETE", `/api/games/${g.id}/vacation`, { token: a.token })).body.error.code).toBe("NOT_AWAY");
    expect((await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { hours: 23 } })).status).toBe(
      200,
    );
    await call("DELETE", `/api/games/${g.id}/vacation`, { token: a.token });

    // A player away when their turn comes starts it with the clock paused.
    expect((await call("POST", `/api/games/${g.id}/vacation`, { token: b.token, body: { hours: 5 } })).status).toBe(
      200,
    );
    const moved = await playFirstLegal(g.id, g.players);
    expect(moved.game.toAct).toBe(1);
    expect(moved.game.deadline).toBeNull();
    clock.t += 5 * HOUR;
    await fireAlarm(g.id);
    expect((await view(g.id)).deadline).toBe(iso(clock.t + HOUR));

    // Spectators and strangers cannot declare one; the body is checked.
    expect((await call("POST", `/api/games/${g.id}/vacation`, { body: { hours: 1 } })).status).toBe(401);
    expect((await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { hours: 0 } })).status).toBe(
      400,
    );
    expect((await call("POST", `/api/games/${g.id}/vacation`, { token: a.token, body: { days: 1 } })).status).toBe(400);
  });

  it("going away and coming back are changes: each bumps the version and reaches the live sockets", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 86400 });
    const game = await g.join();
    const { ws, next } = await openLive(g.id);
    expect((await next(1)).game.version).toBe(game.version);

    clock.t += 60_000;
    const away = await call("POST", `/api/games/${g.id}/vacation`, { token: g.players[1].token, body: { hours: 2 } });
    expect(away.body.game.version).toBe(game.version + 1);
    const pushed = await next(2);
    expect(pushed.game.version).toBe(game.version + 1);
    expect(pushed.game.seats[1].awayUntil).toBe(iso(clock.t + 2 * HOUR));

    // Seat 0 goes away on its own turn: the deadline disappears, the version moves again.
    const away0 = await call("POST", `/api/games/${g.id}/vacation`, { token: g.players[0].token, body: { hours: 1 } });
    expect(away0.body.game.version).toBe(game.version + 2);
    expect(away0.body.game.deadline).toBeNull();
    expect((await next(3)).game.deadline).toBeNull();

    clock.t += 60_000;
    const back = await call("DELETE", `/api/games/${g.id}/vacation`, { token: g.players[0].token });
    expect(back.body.game.version).toBe(game.version + 3);
    const resumed = await next(4);
    expect(resumed.game.version).toBe(game.version + 3);
    expect(resumed.game.deadline).not.toBeNull();

    // The vacation that ends by itself (from the alarm) is a change too.
    clock.t += 2 * HOUR;
    await fireAlarm(g.id);
    const ended = await next(5);
    expect(ended.game.version).toBe(game.version + 4);
    expect(ended.game.seats[1].awayUntil).toBeNull();
    expect((await view(g.id)).version).toBe(game.version + 4);
    ws.close(1000);
  });
});
