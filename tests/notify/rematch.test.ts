/**
 * "Play again" reaches the other players through the old game's outbox, as `game.rematch` on their
 * personal targets (the invite is in it): never the one who asked, never the game's channels.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, receiver } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a rematch in the notifications", () => {
  it("the others' personal webhooks get the new game with its invite, once", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock, {}, ["Ann", "Ben", "Cy"]);
    await g.join();
    const [ann, ben, cy] = g.players;
    for (const [p, n] of [
      [ann, 1],
      [ben, 2],
      [cy, 3],
    ] as const)
      expect((await call("POST", "/api/me/webhooks", { token: p.token, body: { url: JSON_URL(n) } })).status).toBe(201);
    expect(
      (await call("POST", `/api/games/${g.id}/webhooks`, { token: ann.token, body: { url: JSON_URL(9) } })).status,
    ).toBe(201);
    // Every receiver answers (a failed delivery would hold the ones behind it back, in order).
    const calls = receiver(() => new Response(null, { status: 204 }));
    for (const p of g.players) await call("POST", `/api/games/${g.id}/resign`, { token: p.token });
    await fireAlarm(g.id);
    expect(calls.filter((c) => c.json?.type === "game.rematch")).toEqual([]);
    const asked = await call("POST", `/api/games/${g.id}/rematch`, { token: ann.token });
    expect(asked.status).toBe(201);
    expect((await call("POST", `/api/games/${g.id}/rematch`, { token: ann.token })).status).toBe(200);
    await fireAlarm(g.id);

    const of = (n: number) => calls.filter((c) => c.url === JSON_URL(n) && c.json.type === "game.rematch");
    expect(of(1)).toHaveLength(0);
    expect(of(9)).toHaveLength(0);
    for (const n of [2, 3]) {
      expect(of(n)).toHaveLength(1);
      const data = of(n)[0].json.data;
      expect(data.player).toEqual({ id: ann.id, name: "Ann" });
      expect(data.rematch.id).toBe(asked.body.rematch.id);
      expect(data.rematch.url).toMatch(new RegExp(`/g/${asked.body.rematch.id}\\?invite=[0-9a-z]{16}$`));
    }
    // The invite in it seats Ben in one step.
    const code = new URL(of(2)[0].json.data.rematch.url).searchParams.get("invite");
    const joined = await call("POST", `/api/games/${asked.body.rematch.id}/join`, { token: ben.token, body: { code } });
    expect(joined.status).toBe(200);
  });
});
