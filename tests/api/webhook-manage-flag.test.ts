import { describe, expect, it } from "vitest";
import { call } from "./client";
import { JSON_URL, clockedGame, farFuture } from "../notify/helpers";

describe("the webhook list says, per caller, who may manage each webhook", () => {
  it("mayManage is true for the player who added it and the game's creator, false for the other players; every list names who added it", async () => {
    const clock = { t: farFuture() };
    const g = await clockedGame(3, clock, {}, ["Ann", "Ben", "Cat"]);
    await g.join();
    const [ann, ben, cat] = g.players; // Ann created the game
    const path = `/api/games/${g.id}/webhooks`;
    const byBen = await call("POST", path, { token: ben.token, body: { url: JSON_URL(1), label: "Ben's bot" } });
    const byCat = await call("POST", path, { token: cat.token, body: { url: JSON_URL(2), label: "Cat's bot" } });
    expect([byBen.status, byCat.status]).toEqual([201, 201]);
    expect(byBen.body.webhook).toMatchObject({ mayManage: true, createdBy: ben.id, createdByName: "Ben" });

    const seen = async (token: string) => {
      const r = await call("GET", path, { token });
      expect(r.status).toBe(200);
      return Object.fromEntries(r.body.webhooks.map((w: any) => [w.label, [w.mayManage, w.createdByName]]));
    };
    expect(await seen(ann.token)).toEqual({ "Ben's bot": [true, "Ben"], "Cat's bot": [true, "Cat"] });
    expect(await seen(ben.token)).toEqual({ "Ben's bot": [true, "Ben"], "Cat's bot": [false, "Cat"] });
    expect(await seen(cat.token)).toEqual({ "Ben's bot": [false, "Ben"], "Cat's bot": [true, "Cat"] });

    // The flag says what the server does: Cat's change to Ben's bot is refused, Ann's is not.
    const wid = byBen.body.webhook.id;
    expect((await call("PATCH", `${path}/${wid}`, { token: cat.token, body: { label: "x" } })).body.error.code).toBe(
      "NOT_WEBHOOK_OWNER",
    );
    const changed = await call("PATCH", `${path}/${wid}`, { token: ann.token, body: { label: "renamed" } });
    expect(changed.status).toBe(200);
    expect(changed.body.webhook).toMatchObject({ mayManage: true, createdBy: ben.id, createdByName: "Ben" });

    // Your own webhooks are always yours.
    const mine = await call("POST", "/api/me/webhooks", { token: cat.token, body: { url: JSON_URL(3) } });
    expect(mine.body.webhook).toMatchObject({ mayManage: true, createdByName: "Cat" });
    const list = await call("GET", "/api/me/webhooks", { token: cat.token });
    expect(list.body.webhooks).toEqual([
      expect.objectContaining({ id: mine.body.webhook.id, mayManage: true, createdByName: "Cat" }),
    ]);
  });
});
