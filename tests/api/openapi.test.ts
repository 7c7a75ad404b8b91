import { Validator, type Schema } from "@cfworker/json-schema";
import oas31 from "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json";
import createClient from "openapi-fetch";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call } from "./client";

const REQUIRED_PATHS = [
  "post /api/players",
  "get /api/players/{id}",
  "get /api/players/{id}/games",
  "post /api/games",
  "post /api/games/{id}/join",
  "post /api/games/{id}/start",
  "get /api/games/{id}",
  "get /api/games/{id}/legal-actions",
  "post /api/games/{id}/actions",
  "get /api/games/{id}/log",
  "get /api/games/{id}/live",
  "get /api/games/{id}/messages",
  "post /api/games/{id}/messages",
  "delete /api/games/{id}/messages/{n}",
  "put /api/games/{id}/mutes/{seat}",
  "delete /api/games/{id}/mutes/{seat}",
];

async function loadDoc() {
  const res = await call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  return res.body;
}

/** A validator for one response of the document, with every component schema resolvable. */
function responseValidator(doc: any, method: string, path: string, status: number) {
  const op = doc.paths[path]?.[method];
  const schema = op?.responses?.[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`no ${status} schema for ${method} ${path}`);
  const root = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://canopy.test/openapi.json",
    ...schema,
    components: doc.components,
  } as Schema;
  // Component $refs point at "#/components/schemas/...": resolvable from this root.
  return new Validator(root, "2020-12", false);
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document covering every route", async () => {
    const doc = await loadDoc();
    expect(doc.openapi).toBe("3.1.0");
    const meta = new Validator(oas31 as unknown as Schema, "2020-12", false);
    const result = meta.validate(doc);
    expect(result.errors.slice(0, 3)).toEqual([]);
    expect(result.valid).toBe(true);
    // The meta-schema does reject what is not OpenAPI 3.1.
    expect(meta.validate({ openapi: "3.1.0", paths: { "/x": { get: { responses: "nope" } } } }).valid).toBe(false);
    const ops = Object.entries(doc.paths).flatMap(([p, item]: [string, any]) =>
      Object.keys(item).map((m) => `${m} ${p}`),
    );
    for (const r of REQUIRED_PATHS) expect(ops).toContain(r);
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
  });

  it("a client driven only by the document plays a game, and every answer matches its schema", async () => {
    const doc = await loadDoc();
    const client = createClient<any>({ baseUrl: BASE, fetch: (req: Request) => exports.default.fetch(req) });
    const check = (method: string, path: string, status: number, body: unknown) => {
      const v = responseValidator(doc, method, path, status).validate(body);
      if (!v.valid) throw new Error(`${method} ${path} ${status}: ${JSON.stringify(v.errors.slice(0, 3))}`);
    };
    // The response schemas do reject what is not a game.
    expect(responseValidator(doc, "get", "/api/games/{id}", 200).validate({ id: "x" }).valid).toBe(false);
    const players: any[] = [];
    for (const name of ["Ada", "Bea"]) {
      const r = await client.POST("/api/players", { body: { name } });
      check("post", "/api/players", 201, r.data);
      players.push(r.data);
    }
    const auth = (i: number) => ({ headers: { authorization: `Bearer ${players[i].token}` } });
    const created = await client.POST("/api/games", { body: { seats: 2 }, ...auth(0) });
    check("post", "/api/games", 201, created.data);
    const id = created.data.game.id;
    const joined = await client.POST("/api/games/{id}/join", {
      params: { path: { id } },
      body: { code: created.data.invite.code },
      ...auth(1),
    });
    check("post", "/api/games/{id}/join", 200, joined.data);

    const bad = await client.POST("/api/games/{id}/actions", {
      params: { path: { id } },
      body: { version: 0, action: { type: "endTurn" } },
      ...auth(0),
    });
    check("post", "/api/games/{id}/actions", bad.response.status, bad.error);

    let moves = 0;
    for (;;) {
      const game = await client.GET("/api/games/{id}", { params: { path: { id } } });
      check("get", "/api/games/{id}", 200, game.data);
      if (game.data.status === "finished" || moves >= 60) break;
      const seat = game.data.toAct;
      const legal = await client.GET("/api/games/{id}/legal-actions", { params: { path: { id } }, ...auth(seat) });
      check("get", "/api/games/{id}/legal-actions", 200, legal.data);
      const action = legal.data.actions[moves % legal.data.actions.length];
      const played = await client.POST("/api/games/{id}/actions", {
        params: { path: { id } },
        body: { version: legal.data.version, action },
        ...auth(seat),
      });
      check("post", "/api/games/{id}/actions", 200, played.data);
      moves++;
    }
    const log = await client.GET("/api/games/{id}/log", { params: { path: { id } } });
    check("get", "/api/games/{id}/log", 200, log.data);
    expect(log.data.total).toBe(moves);
    const list = await client.GET("/api/players/{id}/games", { params: { path: { id: players[0].player.id } } });
    check("get", "/api/players/{id}/games", 200, list.data);
    const profile = await client.GET("/api/players/{id}", { params: { path: { id: players[0].player.id } } });
    check("get", "/api/players/{id}", 200, profile.data);
  });
});
