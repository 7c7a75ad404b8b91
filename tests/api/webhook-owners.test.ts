import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "./client";
import { JSON_URL, clockedGame, farFuture } from "../notify/helpers";

const row = async (id: string) =>
  JSON.stringify(await env.DB.prepare("SELECT * FROM webhooks WHERE id = ?").bind(id).first());

describe("a game's channel webhooks: who may change them", () => {
  it("only the player who added one, or the game's creator, changes, rotates, switches off or removes it; others see it and its log", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock, {}, ["Ann", "Ben", "Cat"]);
    await g.join();
    const [ann, ben, cat] = g.players; // Ann created the game
    const path = `/api/games/${g.id}/webhooks`;
    const added = await call("POST", path, { token: ben.token, body: { url: JSON_URL(1), label: "Ben's bot" } });
    expect(added.status).toBe(201);
    const wid: string = added.body.webhook.id;
    expect(added.body.webhook.createdBy).toBe(ben.id);
    const firstSecret: string = added.body.secret;
    expect(firstSecret).toMatch(/^whsec_/);

    // Cat, seated but neither its creator nor the game's: every change is refused, nothing changes.
    const before = await row(wid);
    const attempts: [string, unknown][] = [
      ["PATCH", { url: JSON_URL(2) }],
      ["PATCH", { rotateSecret: true }],
      ["PATCH", { enabled: false }],
      ["PATCH", { label: "mine now" }],
      ["PATCH", { events: ["game.ended"] }],
      ["PATCH", { kind: "slack" }],
      ["DELETE", undefined],
    ];
    for (const [method, body] of attempts) {
      const r = await call(method, `${path}/${wid}`, { token: cat.token, body });
      expect(r.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(r.body.error).toMatchObject({ code: "NOT_WEBHOOK_OWNER", createdBy: ben.id });
      expect(typeof r.body.error.message).toBe("string");
      expect(JSON.stringify(r.body)).not.toContain("whsec_");
    }
    expect(await row(wid)).toBe(before);

    // Cat still sees that it exists (redacted, no secret) and the delivery log.
    const list = await call("GET", path, { token: cat.token });
    expect(list.status).toBe(200);
    expect(list.body.webhooks).toEqual([
      expect.objectContaining({ id: wid, label: "Ben's bot", createdBy: ben.id, enabled: true }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(JSON_URL(1));
    expect(JSON.stringify(list.body)).not.toContain("whsec_");
    const log = await call("GET", `/api/games/${g.id}/deliveries`, { token: cat.token });
    expect(log.status).toBe(200);
    expect(Array.isArray(log.body.deliveries)).toBe(true);

    // Ben rotates his own webhook's secret and sees the new one.
    const rotated = await call("PATCH", `${path}/${wid}`, { token: ben.token, body: { rotateSecret: true } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(firstSecret);

    // Ann, the game's creator, may change it too (e.g. switch off a noisy channel) and rotate it.
    const off = await call("PATCH", `${path}/${wid}`, { token: ann.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.webhook).toMatchObject({ enabled: false, disabledReason: "switched off by a player" });
    const annRotated = await call("PATCH", `${path}/${wid}`, { token: ann.token, body: { rotateSecret: true } });
    expect(annRotated.body.secret).toMatch(/^whsec_/);

    // Cat's own webhook is Cat's to remove; Ben cannot, Cat can; Ann removes Ben's.
    const cats = await call("POST", path, { token: cat.token, body: { url: JSON_URL(3) } });
    expect((await call("DELETE", `${path}/${cats.body.webhook.id}`, { token: ben.token })).status).toBe(403);
    expect((await call("DELETE", `${path}/${cats.body.webhook.id}`, { token: cat.token })).status).toBe(204);
    expect((await call("DELETE", `${path}/${wid}`, { token: ann.token })).status).toBe(204);
    expect((await call("GET", path, { token: cat.token })).body.webhooks).toEqual([]);
  });
});
