/**
 * A game stored by the code before table talk (the Durable Object's storage at migration 0000:
 * no `messages`, no `mutes`) is opened by today's code, migrated once (0001_talk), and plays on:
 * its turns, its log and its version are kept, and its players can talk.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import journal from "../../drizzle/room/meta/_journal.json";
import { call, roomStub, startedGame } from "../api/client";
import { playFirstLegal } from "../notify/helpers";
import { storeAsOf } from "./stored-as";

const tables = (id: string) =>
  runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((r) => r.name),
  );

describe("a game stored before table talk", () => {
  it("is migrated when it opens, keeps its game, and plays and talks on", async () => {
    const { id, players } = await startedGame(2);
    await playFirstLegal(id, players);
    await playFirstLegal(id, players);
    const before = (await call("GET", `/api/games/${id}/log`)).body;
    const talk = journal.entries.find((e) => e.tag === "0001_talk")!;
    expect(talk).toBeTruthy();
    // Put the storage back as the code before this change left it: migration 0000 only.
    await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
      const sql = state.storage.sql;
      storeAsOf(sql, "0000_init");
      expect(sql.exec("SELECT count(*) AS n FROM __drizzle_migrations").one().n).toBe(1);
      const names = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").toArray();
      expect(names.map((r) => r.name)).not.toContain("messages");
      expect(names.map((r) => r.name)).toContain("turns");
    });
    await evictDurableObject(roomStub(id));

    // Opened by today's code: the same game, and the new tables.
    const view = (await call("GET", `/api/games/${id}`)).body;
    expect(view).toMatchObject({ id, status: "active", actionCount: 2 });
    expect((await call("GET", `/api/games/${id}/log`)).body).toEqual(before);
    expect(await tables(id)).toEqual(expect.arrayContaining(["turns", "room", "messages", "mutes"]));
    const applied = await runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) =>
      state.storage.sql.exec("SELECT count(*) AS n FROM __drizzle_migrations").one(),
    );
    expect(applied.n).toBe(journal.entries.length);

    // It plays on, and its players talk.
    await playFirstLegal(id, players);
    expect((await call("GET", `/api/games/${id}`)).body.actionCount).toBe(3);
    const said = await call("POST", `/api/games/${id}/messages`, {
      token: players[1].token,
      body: { text: "still here" },
    });
    expect(said.status).toBe(201);
    await evictDurableObject(roomStub(id));
    const read = await call("GET", `/api/games/${id}/messages`, { token: players[0].token });
    expect(read.body.messages.map((m: any) => m.text)).toEqual(["still here"]);
  });
});
