/**
 * Real HTTP to a real receiver: a Node server on loopback (tests/notify/receiver.setup.ts) that
 * verifies signatures with the standardwebhooks package. Time is still the Durable Object's
 * injectable clock, alarms fired on demand: no sleeps.
 */
import { describe, expect, inject, it } from "vitest";
import { call } from "../api/client";
import { clockedGame, farFuture, fireAlarm, playFirstLegal } from "./helpers";

const base = () => `http://127.0.0.1:${inject("receiverPort")}`;
const seqOf = (id: string) => Number(id.split("_").at(-1));
const arrivals = async (name: string) =>
  (await (await fetch(`${base()}/log/${name}`)).json()) as {
    id: string;
    type: string;
    status: number;
    verified: boolean;
  }[];

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
    const test = await call("POST", `/api/games/${g.id}/webhooks/${hook.body.webhook.id}/test`, {
      token: g.players[1].token,
    });
    expect(test.body).toMatchObject({ delivered: true, status: 200 });
    expect((await arrivals(name)).at(-1)).toMatchObject({ type: "webhook.test", verified: true });
  });

  it("per webhook strictly in order: nothing newer goes out while an older one waits (500 then 200; 429 with Retry-After: 1); other webhooks go on", async () => {
    const stamp = Date.now();
    const [failing, limited, steady] = ["fifo500", "fifo429", "fifo200"].map((n) => `${n}${stamp}`);
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock);
    const hooks: Record<string, string> = {};
    for (const [name, script] of [
      [failing, "500"],
      [limited, "200-200-200-429?retryAfter=1"],
      [steady, ""],
    ] as const) {
      const hook = await call("POST", `/api/games/${g.id}/webhooks`, {
        token: g.players[0].token,
        body: { url: `${base()}/hook/${name}/${script}` },
      });
      expect(hook.status).toBe(201);
      hooks[name] = hook.body.webhook.id;
      await fetch(`${base()}/secret/${name}`, { method: "PUT", body: hook.body.secret });
    }
    const t0 = clock.t;
    await g.join(); // two "joined" and "started"
    await fireAlarm(g.id);
    // The first delivery to `failing` got a 500: its retry is due in 3.75 s.
    expect((await arrivals(failing)).map((a) => a.status)).toEqual([500]);
    expect((await arrivals(steady)).map((a) => a.type)).toEqual(["player.joined", "player.joined", "game.started"]);

    // Moves, each with its own alarm, while `failing` waits: nothing newer overtakes its retry.
    for (let i = 0; i < 3; i++) {
      clock.t += 100;
      await playFirstLegal(g.id, g.players);
      await fireAlarm(g.id);
    }
    expect(await arrivals(failing)).toHaveLength(1);
    // `limited` answered 429 to its 4th delivery (the first move's "turn.started") with Retry-After: 1;
    // later moves' notifications wait behind it, while `steady` got them all.
    expect((await arrivals(limited)).map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const steadyNow = (await arrivals(steady)).length;
    expect(steadyNow).toBe(6);

    // The 429 paused the whole webhook for 1 s (+ jitter 0.5 · 100 ms) from when it was answered.
    const answered = t0 + 100;
    clock.t = answered + 1049;
    await fireAlarm(g.id);
    expect(await arrivals(limited)).toHaveLength(4);
    clock.t = answered + 1050;
    await fireAlarm(g.id);
    expect((await arrivals(limited)).map((a) => a.status)).toEqual([200, 200, 200, 429, 200, 200, 200]);
    expect(await arrivals(failing)).toHaveLength(1);

    clock.t = t0 + 3750; // the 500's retry is due: everything queued behind it follows, in order
    await fireAlarm(g.id);
    expect((await arrivals(failing)).map((a) => a.status)).toEqual([500, 200, 200, 200, 200, 200, 200]);

    for (const name of [failing, limited, steady]) {
      const got = await arrivals(name);
      expect(
        got.every((a) => a.verified),
        name,
      ).toBe(true);
      const delivered = got.filter((a) => a.status === 200).map((a) => seqOf(a.id));
      // Every event once, in the order they happened.
      expect(delivered, name).toEqual([...delivered].sort((x, y) => x - y));
      expect(new Set(delivered).size, name).toBe(delivered.length);
      expect(delivered.length, name).toBe(steadyNow);
    }
    expect((await arrivals(failing))[0].id).toBe((await arrivals(failing))[1].id); // the retry is the same event
  });
});
