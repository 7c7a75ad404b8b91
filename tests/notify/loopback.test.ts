/**
 * Real HTTP to a real receiver: a Node server on loopback (tests/notify/receiver.setup.ts) that
 * verifies signatures with the standardwebhooks package. Time is still the Durable Object's
 * injectable clock, alarms fired on demand: no sleeps.
 */
import { describe, expect, inject, it } from "vitest";
import { call } from "../api/client";
import { clockedGame, farFuture, fireAlarm, playFirstLegal } from "./helpers";

const base = () => `http://127.0.0.1:${inject("receiverPort")}`;
const arrivals = async (name: string) => (await (await fetch(`${base()}/log/${name}`)).json()) as { id: string; type: string; status: number; verified: boolean }[];

describe("delivery to a receiver on loopback", () => {
  it("500, 500, 429 with Retry-After, then 200: one event, one success, every signature verified by the receiver", async () => {
    const name = `r${Date.now()}`;
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock);
    await g.join();
    await fireAlarm(g.id);
    const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
      token: g.players[0].token,
      body: { url: `${base()}/hook/${name}/500-500-429`, events: ["turn.started"] },
    });
    expect(hook.status).toBe(201);
    await fetch(`${base()}/secret/${name}`, { method: "PUT", body: hook.body.secret });

    await playFirstLegal(g.id, g.players);
    const t0 = clock.t;
    const waits = [0, 3750, 7500, 7000 + 350]; // backoff, backoff, Retry-After 7 s + jitter
    const seen: number[] = [];
    for (const w of waits) {
      clock.t += w - 1;
      await fireAlarm(g.id);
      seen.push((await arrivals(name)).length); // not yet
      clock.t += 1;
      await fireAlarm(g.id);
      seen.push((await arrivals(name)).length);
    }
    expect(seen).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
    clock.t += 86_400_000;
    await fireAlarm(g.id);
    const got = await arrivals(name);
    expect(got.map((a) => a.status)).toEqual([500, 500, 429, 200]);
    expect(got.every((a) => a.verified && a.type === "turn.started")).toBe(true);
    expect(new Set(got.map((a) => a.id)).size).toBe(1);
    expect(got.filter((a) => a.status === 200)).toHaveLength(1);

    const log = (await call("GET", `/api/games/${g.id}/deliveries`, { token: g.players[0].token })).body.deliveries;
    expect(log[0].attempts.map((a: any) => Date.parse(a.at) - t0)).toEqual([0, 3750, 11250, 18600]);
    expect(log[0].attempts.every((a: any) => a.latencyMs >= 0)).toBe(true);
    expect(log[0].target.url).toBe(`http://127.0.0.1:${inject("receiverPort")}/…/-429`);

    // "Send test" reaches it too, and reports the receiver's answer.
    const test = await call("POST", `/api/games/${g.id}/webhooks/${hook.body.webhook.id}/test`, { token: g.players[1].token });
    expect(test.body).toMatchObject({ delivered: true, status: 200 });
    expect((await arrivals(name)).at(-1)).toMatchObject({ type: "webhook.test", verified: true });
  });
});
