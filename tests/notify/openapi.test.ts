import { Validator, type Schema } from "@cfworker/json-schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../api/client";
import { JSON_URL, clockedGame, farFuture, fireAlarm, playFirstLegal, receiver } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

function validator(doc: any, method: string, path: string, status: number) {
  const schema = doc.paths[path]?.[method]?.responses?.[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`no ${status} schema for ${method} ${path}`);
  return new Validator(
    { $schema: "https://json-schema.org/draft/2020-12/schema", ...schema, components: doc.components } as Schema,
    "2020-12",
    false,
  );
}

describe("the notification routes in the OpenAPI document", () => {
  it("are all documented, and their answers match their schemas", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    const ops = Object.entries(doc.paths).flatMap(([p, item]: [string, any]) =>
      Object.keys(item).map((m) => `${m} ${p}`),
    );
    const routes = [
      "get /api/games/{id}/webhooks",
      "post /api/games/{id}/webhooks",
      "patch /api/games/{id}/webhooks/{wid}",
      "delete /api/games/{id}/webhooks/{wid}",
      "post /api/games/{id}/webhooks/{wid}/test",
      "get /api/games/{id}/deliveries",
      "post /api/games/{id}/deliveries/{did}/redeliver",
      "get /api/me/webhooks",
      "post /api/me/webhooks",
      "patch /api/me/webhooks/{wid}",
      "delete /api/me/webhooks/{wid}",
      "post /api/me/webhooks/{wid}/test",
      "patch /api/me",
      "post /api/games/{id}/vacation",
      "delete /api/games/{id}/vacation",
    ];
    for (const r of routes) expect(ops).toContain(r);

    const check = (method: string, path: string, status: number, res: { status: number; body: unknown }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      const v = validator(doc, method, path, status).validate(res.body);
      if (!v.valid) throw new Error(`${method} ${path}: ${JSON.stringify(v.errors.slice(0, 3))}`);
    };
    const clock = { t: farFuture() };
    const g = await clockedGame(2, clock, { moveTimeSeconds: 3600 });
    const token = g.players[0].token;
    receiver();
    const created = await call("POST", `/api/games/${g.id}/webhooks`, {
      token,
      body: { url: JSON_URL(9), label: "hook" },
    });
    check("post", "/api/games/{id}/webhooks", 201, created);
    const wid = created.body.webhook.id;
    check("get", "/api/games/{id}/webhooks", 200, await call("GET", `/api/games/${g.id}/webhooks`, { token }));
    check(
      "patch",
      "/api/games/{id}/webhooks/{wid}",
      200,
      await call("PATCH", `/api/games/${g.id}/webhooks/${wid}`, { token, body: { events: ["turn.started"] } }),
    );
    check(
      "post",
      "/api/games/{id}/webhooks/{wid}/test",
      200,
      await call("POST", `/api/games/${g.id}/webhooks/${wid}/test`, { token }),
    );
    await g.join();
    await playFirstLegal(g.id, g.players);
    await fireAlarm(g.id);
    const log = await call("GET", `/api/games/${g.id}/deliveries`, { token });
    check("get", "/api/games/{id}/deliveries", 200, log);
    check(
      "post",
      "/api/games/{id}/deliveries/{did}/redeliver",
      202,
      await call("POST", `/api/games/${g.id}/deliveries/${log.body.deliveries[0].id}/redeliver`, { token }),
    );
    const away = await call("POST", `/api/games/${g.id}/vacation`, { token, body: { hours: 2 } });
    check("post", "/api/games/{id}/vacation", 200, away);
    check("get", "/api/games/{id}", 200, await call("GET", `/api/games/${g.id}`));
    check("delete", "/api/games/{id}/vacation", 200, await call("DELETE", `/api/games/${g.id}/vacation`, { token }));
    check("get", "/api/games/{id}/log", 200, await call("GET", `/api/games/${g.id}/log`));
    check(
      "patch",
      "/api/me",
      200,
      await call("PATCH", "/api/me", { token, body: { discordUserId: "323456789012345678" } }),
    );
    const mine = await call("POST", "/api/me/webhooks", { token, body: { url: JSON_URL(10) } });
    check("post", "/api/me/webhooks", 201, mine);
    check("get", "/api/me/webhooks", 200, await call("GET", "/api/me/webhooks", { token }));
    check(
      "post",
      "/api/me/webhooks/{wid}/test",
      200,
      await call("POST", `/api/me/webhooks/${mine.body.webhook.id}/test`, { token }),
    );
    check(
      "patch",
      "/api/me/webhooks/{wid}",
      200,
      await call("PATCH", `/api/me/webhooks/${mine.body.webhook.id}`, { token, body: { enabled: false } }),
    );
    expect((await call("DELETE", `/api/me/webhooks/${mine.body.webhook.id}`, { token })).status).toBe(204);
    const missing = await call("DELETE", `/api/me/webhooks/${mine.body.webhook.id}`, { token });
    check("delete", "/api/me/webhooks/{wid}", 404, missing);
  });
});
