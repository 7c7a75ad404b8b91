import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, newPlayer, startedGame } from "./client";

const junk = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.record({ version: fc.anything(), action: fc.anything() }),
  fc.record({ version: fc.integer(), actions: fc.array(fc.anything(), { maxLength: 5 }) }),
  fc.record({
    version: fc.integer({ min: -5, max: 50 }),
    action: fc.record({
      type: fc.constantFrom("place", "buy", "plant", "grow", "collect", "endTurn", "resign", "", "PLACE"),
      cell: fc.oneof(
        fc.anything(),
        fc.record({ q: fc.integer({ min: -9, max: 9 }), r: fc.integer({ min: -9, max: 9 }) }),
        fc.string(),
      ),
      piece: fc.oneof(fc.anything(), fc.constantFrom("seed", "small", "medium", "large", "huge")),
      from: fc.anything(),
      to: fc.anything(),
      seat: fc.anything(),
    }),
  }),
);

describe("fuzzing the write endpoints", () => {
  it("random and malformed bodies always get a structured 4xx and change nothing", async () => {
    const { id, players, code } = await startedGame(2, { firstPlayer: 0 });
    const stranger = await newPlayer("Stranger");
    const before = (await call("GET", `/api/games/${id}`)).body;
    const token = players[0].token; // seat 0 is to act (setup: only "place" is legal)
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(junk, fc.boolean(), async (body, asRaw) => {
        // Only an action of the right version on an empty edge cell could be legal: keep those out.
        const b = body as any;
        if (b && typeof b === "object" && b.version === before.version && b.action?.type === "place") return;
        const raw = asRaw ? (typeof body === "string" ? body : JSON.stringify(body).slice(0, -1)) : undefined;
        const r = await call("POST", `/api/games/${id}/actions`, { token, body, raw });
        seen.add(r.status);
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(typeof r.body?.error?.code).toBe("string");
        expect(typeof r.body?.error?.message).toBe("string");
      }),
      { numRuns: 300, seed: 20261121 },
    );
    expect([...seen].some((s) => s === 400)).toBe(true);
    expect([...seen].some((s) => s === 409 || s === 422)).toBe(true);

    // The other write endpoints, with bodies that can never be valid.
    const invalid = fc.oneof(
      fc.string(),
      fc.array(fc.anything()),
      fc.record({ zz: fc.jsonValue() }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        invalid,
        fc.constantFrom("/api/players", "/api/games", `/api/games/${id}/join`),
        async (body, path) => {
          const r = await call("POST", path, { token: stranger.token, body });
          expect(r.status).toBe(400);
          expect(r.body.error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
    for (const path of ["start", "leave", "resign"]) {
      const r = await call("POST", `/api/games/${id}/${path}`, { token: stranger.token, body: { x: 1 } });
      expect(r.status).toBe(403);
    }
    const wrongCode = await call("POST", `/api/games/${id}/join`, {
      token: stranger.token,
      body: { code: `${code}x` },
    });
    expect(wrongCode.status).toBe(409); // already started
    const huge = await call("POST", `/api/games/${id}/actions`, {
      token,
      raw: JSON.stringify({ version: 1, pad: "x".repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    const badId = await call("POST", `/api/games/NOT-AN-ID/actions`, {
      token,
      body: { version: 1, action: { type: "endTurn" } },
    });
    expect(badId.status).toBe(400);
    const unknown = await call("POST", `/api/games/zzzzzzzzzzzz/actions`, {
      token,
      body: { version: 1, action: { type: "endTurn" } },
    });
    expect(unknown.status).toBe(404);

    const after = (await call("GET", `/api/games/${id}`)).body;
    expect(after).toEqual(before);
    expect((await call("GET", `/api/games/${id}/log`)).body.total).toBe(0);
  });
});
