/**
 * Under the Moonlight through the API: game creation offers the modes, the new actions go through
 * the same validation and error shape, every answer matches the OpenAPI document, and the hidden
 * animal choice reaches no one else — not in the game view, the submit answer, or the log.
 */
import { Validator, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { call, newPlayer, playToEnd, startedGame } from "./client";

async function validatorFor(method: string, path: string, status: number) {
  const doc = (await call("GET", "/api/openapi.json")).body;
  const schema = doc.paths[path][method].responses[String(status)].content["application/json"].schema;
  const root = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://canopy.test/openapi.json",
    ...schema,
    components: doc.components,
  } as Schema;
  const v = new Validator(root, "2020-12", false);
  return (body: unknown) => {
    const r = v.validate(body);
    if (!r.valid) throw new Error(`${method} ${path} ${status}: ${JSON.stringify(r.errors.slice(-3))}`);
  };
}

describe("Under the Moonlight through the API", () => {
  it("creating a game offers the modes; bad values are a validation error", async () => {
    const p = await newPlayer("M");
    for (const [moonlight, expected] of [
      [true, { greatTree: false, moonstones: false }],
      [{ greatTree: true }, { greatTree: true, moonstones: false }],
      [
        { greatTree: true, moonstones: true },
        { greatTree: true, moonstones: true },
      ],
      [false, null],
    ] as const) {
      const r = await call("POST", "/api/games", { token: p.token, body: { seats: 2, moonlight } });
      expect(r.status).toBe(201);
      expect(r.body.game.options.moonlight).toEqual(expected);
    }
    const plain = await call("POST", "/api/games", { token: p.token, body: { seats: 2 } });
    expect(plain.body.game.options.moonlight).toBeNull();
    for (const moonlight of ["yes", { greatTree: "no" }, { dragons: true }, { greatTree: true, dragons: true }]) {
      const r = await call("POST", "/api/games", { token: p.token, body: { seats: 2, moonlight } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
    }
    // An option the service does not know is refused by name, never dropped.
    const unknown = await call("POST", "/api/games", { token: p.token, body: { seats: 2, colour: "red" } });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(unknown.body.error.message).toContain("colour");
  });

  it("the choice is private until both have chosen, in the view, the submit answer and the log; answers match the document", async () => {
    const { id, players, game } = await startedGame(2, {
      firstPlayer: 0,
      moonlight: { greatTree: true, moonstones: true },
    });
    const [a, b] = players;
    const checkGame = await validatorFor("get", "/api/games/{id}", 200);
    const checkLegal = await validatorFor("get", "/api/games/{id}/legal-actions", 200);
    const checkSubmit = await validatorFor("post", "/api/games/{id}/actions", 200);
    const checkLog = await validatorFor("get", "/api/games/{id}/log", 200);
    checkGame(game);
    expect(game.state.moon.stage).toBe("choose");
    expect(game.notation).toMatch(/^PS2 2MGS:00000000:a S0 /);
    const mine = (await call("GET", `/api/games/${id}`, { token: a.token })).body;
    const deal: string[] = mine.state.moon.players[0].deal;
    expect(deal).toHaveLength(2);
    expect(game.state.moon.players[0].deal).toBeNull(); // a spectator sees no deal
    const legal = (await call("GET", `/api/games/${id}/legal-actions`, { token: a.token })).body;
    checkLegal(legal);
    expect(legal.actions).toEqual(deal.map((animal) => ({ type: "chooseAnimal", animal })));
    // a wrong animal: the engine's refusal, in the usual error shape
    const other = ["boar", "hedgehog", "squirrel", "fox", "owl", "badger", "beaver", "turtle"].find(
      (x) => !deal.includes(x),
    )!;
    const bad = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: legal.version, action: { type: "chooseAnimal", animal: other } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("NOT_DEALT");
    const malformed = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: legal.version, action: { type: "chooseAnimal", animal: "unicorn" } },
    });
    expect(malformed.status).toBe(400);
    const chose = await call("POST", `/api/games/${id}/actions`, {
      token: a.token,
      body: { version: legal.version, action: { type: "chooseAnimal", animal: deal[1] } },
    });
    expect(chose.status).toBe(200);
    checkSubmit(chose.body);
    expect(chose.body.events).toEqual([{ type: "animalChosen", seat: 0, animal: deal[1] }]);
    // b, and a spectator, do not learn it
    for (const token of [b.token, undefined]) {
      const view = (await call("GET", `/api/games/${id}`, { token })).body;
      checkGame(view);
      expect(view.state.moon.players[0].animal).toBeNull();
      // the deals are disjoint and nothing else names an animal yet: the name appears nowhere
      expect(JSON.stringify(view)).not.toContain(`"${deal[1]}"`);
      const log = (await call("GET", `/api/games/${id}/log`, { token })).body;
      checkLog(log);
      expect(log.entries[0].entry).toEqual({ type: "chooseAnimal" });
      expect(log.entries[0].events).toEqual([{ type: "animalChosen", seat: 0 }]);
      expect(JSON.stringify(log)).not.toContain(`"${deal[1]}"`);
    }
    const ownLog = (await call("GET", `/api/games/${id}/log`, { token: a.token })).body;
    expect(ownLog.entries[0].entry).toEqual({ type: "chooseAnimal", animal: deal[1] });
    // b chooses: both are revealed
    const bDeal: string[] = (await call("GET", `/api/games/${id}`, { token: b.token })).body.state.moon.players[1].deal;
    const v = (await call("GET", `/api/games/${id}`)).body.version;
    const r = await call("POST", `/api/games/${id}/actions`, {
      token: b.token,
      body: { version: v, action: { type: "chooseAnimal", animal: bDeal[0] } },
    });
    expect(r.status).toBe(200);
    expect(r.body.events.map((e: { type: string }) => e.type).slice(0, 2)).toEqual(["animalChosen", "animalsRevealed"]);
    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after.state.moon.players.map((p: { animal: string }) => p.animal)).toEqual([deal[1], bDeal[0]]);
  });

  it("a Moonlight game plays to its end through HTTP with every mode; scores count moon points", async () => {
    const { id, players } = await startedGame(3, { moonlight: { greatTree: true, moonstones: true } });
    const done = await playToEnd(id, players, 5, 8000);
    const checkGame = await validatorFor("get", "/api/games/{id}", 200);
    checkGame(done);
    expect(done.status).toBe("finished");
    expect(done.round).toBe(18);
    for (const s of done.scores) expect(typeof s.moon).toBe("number");
    const log = (await call("GET", `/api/games/${id}/log?limit=1000`)).body;
    expect(log.replay.options.moonlight).toEqual({ greatTree: true, moonstones: true });
  }, 120_000);
});
