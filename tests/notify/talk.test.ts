/**
 * Table talk reaches the other players' personal notifications through the game's one outbox: in
 * the same order as the turn notifications, once, with the same retries; never the game's channels,
 * never the writer, never a player who muted the writer.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, inRoom } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const personal = async (token: string, url: string) => {
  const r = await call("POST", "/api/me/webhooks", { token, body: { url } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
};

describe("table talk in the notifications", () => {
  it("'Ann wrote' goes to the others' personal webhooks once, in order with the turns, retried like them", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock, {}, ["Ann", "Ben", "Cy"]);
    await g.join();
    await fireAlarm(g.id); // the lobby's notifications are out before the webhooks exist
    const [ann, ben, cy] = g.players;
    await personal(ann.token, JSON_URL(1));
    await personal(ben.token, JSON_URL(2));
    await personal(cy.token, JSON_URL(3));
    const channel = await call("POST", `/api/games/${g.id}/webhooks`, { token: ann.token, body: { url: JSON_URL(9) } });
    expect(channel.status).toBe(201);
    // Ben's receiver fails the first attempt: everything after waits behind it, in order.
    let benAttempts = 0;
    const calls = receiver((r) =>
      r.url === JSON_URL(2) && benAttempts++ === 0
        ? new Response("down", { status: 503 })
        : new Response(null, { status: 204 }),
    );

    const said = await call("POST", `/api/games/${g.id}/messages`, {
      token: ann.token,
      body: { text: "Hello @everyone <b>hi</b>" },
    });
    expect(said.status).toBe(201);
    expect(calls).toHaveLength(0); // nothing leaves before the alarm
    await playFirstLegal(g.id, g.players); // Ann places: Ben's turn starts
    await fireAlarm(g.id);
    clock.t += 60_000;
    await fireAlarm(g.id);
    clock.t += 86_400_000;
    await fireAlarm(g.id);

    const to = (url: string) => calls.filter((c) => c.url === url).map((c) => [c.json.type, c.headers["webhook-id"]]);
    const ids = (url: string) => [...new Set(to(url).map(([type, id]) => `${type} ${id}`))];
    // Ben: the message first (tried twice, the same event), then his turn.
    expect(to(JSON_URL(2)).map(([t]) => t)).toEqual(["message.written", "message.written", "turn.started"]);
    expect(ids(JSON_URL(2))).toHaveLength(2);
    // Cy hears of the message only; Ann (the writer) and the game's channel never of it.
    expect(to(JSON_URL(3)).map(([t]) => t)).toEqual(["message.written"]);
    expect(to(JSON_URL(1)).map(([t]) => t)).toEqual([]);
    expect(to(JSON_URL(9)).map(([t]) => t)).toEqual(["turn.started"]);
    const body = calls.find((c) => c.url === JSON_URL(3))!.json;
    expect(body.data.message).toEqual({ n: 1, text: "Hello @everyone <b>hi</b>" });
    expect(body.data.player).toEqual({ id: ann.id, name: "Ann" });
    expect(body.data.seat).toBe(0);
    // The message and the turn share the game's numbering of events, in order.
    const seq = (id: string) => Number(id.split("_").at(-1));
    const [msgId, turnId] = [to(JSON_URL(2))[0][1], to(JSON_URL(2))[2][1]];
    expect(seq(msgId)).toBeLessThan(seq(turnId));
    expect(to(JSON_URL(3))[0][1]).toBe(msgId);

    const queue = await inRoom(g.id, (room) => room.notificationQueue());
    expect(queue).toMatchObject({ notifications: 0, deliveries: 0 });
  });

  it("a player who muted the writer is not notified; unmuted, the next message reaches them", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, {}, ["Ann", "Ben"]);
    await g.join();
    await fireAlarm(g.id);
    const [ann, ben] = g.players;
    await personal(ben.token, JSON_URL(4));
    const calls = receiver();
    expect((await call("PUT", `/api/games/${g.id}/mutes/0`, { token: ben.token })).status).toBe(200);
    expect(
      (await call("POST", `/api/games/${g.id}/messages`, { token: ann.token, body: { text: "psst" } })).status,
    ).toBe(201);
    await fireAlarm(g.id);
    expect(calls.filter((c) => c.json?.type === "message.written")).toEqual([]);
    // Unmuted, the next one reaches him.
    expect((await call("DELETE", `/api/games/${g.id}/mutes/0`, { token: ben.token })).status).toBe(200);
    await call("POST", `/api/games/${g.id}/messages`, { token: ann.token, body: { text: "hello again" } });
    await fireAlarm(g.id);
    const got = calls.filter((c) => c.json?.type === "message.written");
    expect(got.map((c) => c.json.data.message.text)).toEqual(["hello again"]);
  });
  it("a message deleted while its delivery waits for a retry is withdrawn: no retry carries its text", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, {}, ["Ann", "Ben"]);
    await g.join();
    await fireAlarm(g.id);
    const [ann, ben] = g.players;
    await personal(ben.token, JSON_URL(5));
    const calls = receiver(() => new Response("down", { status: 503 }));
    const said = await call("POST", `/api/games/${g.id}/messages`, { token: ann.token, body: { text: "regret this" } });
    await fireAlarm(g.id);
    const tries = () => calls.filter((c) => c.json?.type === "message.written");
    expect(tries()).toHaveLength(1);
    const n = said.body.message.n;
    expect((await call("DELETE", `/api/games/${g.id}/messages/${n}`, { token: ann.token })).status).toBe(204);
    clock.t += 86_400_000;
    await fireAlarm(g.id);
    expect(tries()).toHaveLength(1);
    const log = await call("GET", `/api/games/${g.id}/deliveries`, { token: ben.token });
    const d = log.body.deliveries.find((x: any) => x.eventType === "message.written");
    expect(d.state).toBe("dropped");
    expect(await inRoom(g.id, (room) => room.notificationQueue())).toMatchObject({ deliveries: 0 });
  });
});
