/**
 * The host of a waiting game (lobby.leave, heirOf): when the creator leaves while another human
 * sits in it, the human seated longest takes over everything the creator could do in the lobby,
 * within the open-table cap; D1's index follows (the list, the tables count, everyone's games).
 */
import { describe, expect, it } from "vitest";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../src/game/room";
import { call, newPlayer, roomStub } from "./client";

const view = async (id: string, token?: string) => (await call("GET", `/api/games/${id}`, { token })).body;
const listedIds = async (): Promise<string[]> => (await call("GET", "/api/tables")).body.tables.map((t: any) => t.id);
const gamesOf = async (playerId: string): Promise<string[]> =>
  (await call("GET", `/api/players/${playerId}/games`)).body.games.map((g: any) => g.id);
const codeOf = (r: { status: number; body: any }) => [r.status, r.body?.error?.code ?? null];

/** A listed waiting game of 4 seats: `creator` in seat 0, then `others` by invite, in that order. */
async function hosted(creator: { token: string }, others: { token: string }[], open = true) {
  const created = await call("POST", "/api/games", { token: creator.token, body: { seats: 4, open } });
  expect(created.status).toBe(201);
  const { game, invite } = created.body;
  for (const p of others) {
    const j = await call("POST", `/api/games/${game.id}/join`, { token: p.token, body: { code: invite.code } });
    expect(j.status).toBe(200);
  }
  return { id: game.id as string, code: invite.code as string };
}

describe("the host of a waiting game", () => {
  it("the creator leaving hands the game to the human seated longest: they start it, seat a bot and list or close its table; the old creator, the others and a stranger cannot", async () => {
    const [ann, bob, cat, dan] = await Promise.all(["Ann", "Bob", "Cat", "Dan"].map(newPlayer));
    const { id } = await hosted(ann, [bob, cat]);
    expect((await view(id)).createdBy).toBe(ann.id);

    const left = await call("POST", `/api/games/${id}/leave`, { token: ann.token });
    expect(left.status).toBe(200);
    expect(left.body.game.createdBy).toBe(bob.id);
    expect(left.body.game.seats.map((s: any) => s.player?.name ?? null)).toEqual(["Bob", "Cat", null, null]);
    // Bob has no other table: his stays on the list, shown as his, and it is in Ann's games no more.
    expect(left.body.game.table).toMatchObject({ open: true, closed: null });
    const row = (await call("GET", "/api/tables")).body.tables.find((t: any) => t.id === id);
    expect(row.creator).toEqual({ id: bob.id, name: "Bob" });
    expect(await gamesOf(ann.id)).not.toContain(id);
    expect(await gamesOf(bob.id)).toContain(id);
    const seen = await view(id, bob.token);
    expect([seen.createdBy, seen.you]).toEqual([bob.id, { seat: 0 }]);

    // Nobody else may act as the host; none of the refusals changes anything.
    const version = (await view(id)).version;
    for (const [who, code] of [
      [ann, "NOT_SEATED"],
      [dan, "NOT_SEATED"],
      [cat, "NOT_CREATOR"],
    ] as const) {
      expect(codeOf(await call("POST", `/api/games/${id}/start`, { token: who.token }))).toEqual([403, code]);
      expect(
        codeOf(await call("POST", `/api/games/${id}/bots`, { token: who.token, body: { level: "easy" } })),
      ).toEqual([403, code]);
      expect(codeOf(await call("PUT", `/api/games/${id}/table`, { token: who.token, body: { open: false } }))).toEqual([
        403,
        code,
      ]);
    }
    expect((await view(id)).version).toBe(version);

    // Bob closes the table, lists it again, seats a bot, and starts the game.
    const closed = await call("PUT", `/api/games/${id}/table`, { token: bob.token, body: { open: false } });
    expect([closed.status, closed.body.game.table.closed]).toEqual([200, "closed"]);
    expect(await listedIds()).not.toContain(id);
    const relisted = await call("PUT", `/api/games/${id}/table`, { token: bob.token, body: { open: true } });
    expect([relisted.status, relisted.body.game.table.open]).toEqual([200, true]);
    expect(await listedIds()).toContain(id);
    const bot = await call("POST", `/api/games/${id}/bots`, { token: bob.token, body: { level: "medium" } });
    expect([bot.status, bot.body.seat]).toEqual([200, 2]);
    const started = await call("POST", `/api/games/${id}/start`, { token: bob.token });
    expect([started.status, started.body.game.status, started.body.game.createdBy]).toEqual([200, "active", bob.id]);
    expect(started.body.game.seats.map((s: any) => s.player.name)).toEqual(["Bob", "Cat", "Linnaeus ★★"]);
  });

  it("the heir is the human seated longest: a bot seated before them is passed over, and it passes on again", async () => {
    const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
    const created = await call("POST", "/api/games", { token: ann.token, body: { seats: 4, bots: ["easy"] } });
    const { game, invite } = created.body;
    await call("POST", `/api/games/${game.id}/join`, { token: bob.token, body: { code: invite.code } });
    const left = await call("POST", `/api/games/${game.id}/leave`, { token: ann.token });
    expect(left.body.game.createdBy).toBe(bob.id);
    expect(left.body.game.seats.map((s: any) => s.player?.name ?? null)).toEqual(["Linnaeus ★", "Bob", null, null]);
    // A player who is not the host leaving changes nothing of the host.
    await call("POST", `/api/games/${game.id}/join`, { token: cat.token, body: { code: invite.code } });
    const catLeft = await call("POST", `/api/games/${game.id}/leave`, { token: cat.token });
    expect(catLeft.body.game.createdBy).toBe(bob.id);
    await call("POST", `/api/games/${game.id}/join`, { token: cat.token, body: { code: invite.code } });
    // When Bob leaves too, Cat hosts it and starts it with the bot.
    const next = await call("POST", `/api/games/${game.id}/leave`, { token: bob.token });
    expect(next.body.game.createdBy).toBe(cat.id);
    const started = await call("POST", `/api/games/${game.id}/start`, { token: cat.token });
    expect([started.status, started.body.game.status]).toEqual([200, "active"]);
    expect(started.body.game.seats.map((s: any) => s.player.name)).toEqual(["Linnaeus ★", "Cat"]);
  });

  it("the cap holds for the new host: one who has 3 tables listed takes the game over off the list, and cannot list it", async () => {
    const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
    for (let i = 0; i < 3; i++) await hosted(bob, []);
    const { id } = await hosted(ann, [bob, cat]);
    expect(await listedIds()).toContain(id);

    const left = await call("POST", `/api/games/${id}/leave`, { token: ann.token });
    expect(left.status).toBe(200);
    expect(left.body.game.createdBy).toBe(bob.id);
    expect(left.body.game.table).toMatchObject({ open: false, closed: "closed" });
    expect(await listedIds()).not.toContain(id);
    const over = await call("PUT", `/api/games/${id}/table`, { token: bob.token, body: { open: true } });
    expect(over.body.error).toMatchObject({ code: "TOO_MANY_TABLES", open: 3, max: 3 });
    // Bob hosts it all the same: he starts it.
    const started = await call("POST", `/api/games/${id}/start`, { token: bob.token });
    expect([started.status, started.body.game.status]).toEqual([200, "active"]);
  });

  it("when the new host's tables cannot be counted, the table leaves the list rather than risk the cap", async () => {
    const [ann, bob] = await Promise.all(["Ann", "Bob"].map(newPlayer));
    const { id } = await hosted(ann, [bob]);
    await runInDurableObject(roomStub(id), (room: GameRoom) => {
      room.tables = {
        claim: async () => {
          throw new Error("D1 unavailable");
        },
        settle: async () => {},
      };
    });
    const left = await call("POST", `/api/games/${id}/leave`, { token: ann.token });
    expect([left.status, left.body.game.createdBy]).toEqual([200, bob.id]);
    expect(left.body.game.table).toMatchObject({ open: false, closed: "closed" });
    expect(await listedIds()).not.toContain(id);
  });

  it("the creator leaving while the game is started, by them or the heir, in parallel: one state, the same in D1", async () => {
    for (let round = 0; round < 4; round++) {
      const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map(newPlayer));
      const { id } = await hosted(ann, [bob, cat]);
      const requests: [string, { token: string }][] = [
        ["leave", ann],
        ["start", round % 2 ? ann : bob],
        ["start", bob],
      ];
      const answers = await Promise.all(
        (round < 2 ? requests : [...requests].reverse()).map(([what, who]) =>
          call("POST", `/api/games/${id}/${what}`, { token: who.token }),
        ),
      );
      for (const a of answers) expect([200, 403, 409]).toContain(a.status);

      const g = await view(id);
      const seated = g.seats.filter((s: any) => s.player).map((s: any) => s.player.id);
      // The host is always a seated player; the game started with whoever sat then.
      expect(seated).toContain(g.createdBy);
      expect(["waiting", "active"]).toContain(g.status);
      if (g.status === "active") expect(g.state.options.players).toBe(seated.length);
      // Ann either left (Bob hosts) or the game started before she could (she still hosts it).
      expect(g.createdBy).toBe(seated.includes(ann.id) ? ann.id : bob.id);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      // D1 says the same: everyone's games and the open tables.
      for (const p of [ann, bob, cat]) expect((await gamesOf(p.id)).includes(id)).toBe(seated.includes(p.id));
      expect((await listedIds()).includes(id)).toBe(g.status === "waiting" && g.table.open);
      const row = (await call("GET", "/api/tables")).body.tables.find((t: any) => t.id === id);
      if (row) expect(row.creator.id).toBe(g.createdBy);
    }
  });
});
