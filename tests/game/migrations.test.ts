/// <reference types="vite/client" />
/**
 * The bundled Durable Object migrations (src/game/store/migrations.gen.ts, what `migrate` applies)
 * are exactly drizzle-kit's files in drizzle/room/: a migration generated without
 * `npm run db:generate:room` (which bundles them) fails here. And a new game, made in one step from
 * the bundle's `fresh` schema, has the tables, columns and indexes a game migrated step by step has.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import bundled from "../../src/game/store/migrations.gen";
import journal from "../../drizzle/room/meta/_journal.json";
import { inRoom, roomStub, startedGame } from "../api/client";
import { storeAsOf } from "./stored-as";

/** A game's schema, by name: each table's columns (in name order) and indexes, and the migration records. */
const schemaOf = (id: string) =>
  runInDurableObject(roomStub(id) as never, (_o: unknown, state: DurableObjectState) => {
    const sql = state.storage.sql;
    const all = <T>(q: string, ...b: SqlStorageValue[]) => sql.exec(q, ...b).toArray() as T[];
    const tables = all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).map((t) => t.name);
    return {
      tables: Object.fromEntries(
        tables.map((t) => [
          t,
          {
            columns: all<Record<string, SqlStorageValue>>(
              'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY name',
              t,
            ),
            indexes: all<{ name: string; unique: number }>(
              'SELECT name, "unique" FROM pragma_index_list(?) ORDER BY name',
              t,
            ).map((i) => ({
              ...i,
              name: i.name.startsWith("sqlite_autoindex") ? "autoindex" : i.name,
              columns: all<{ name: string }>("SELECT name FROM pragma_index_info(?) ORDER BY seqno", i.name).map(
                (c) => c.name,
              ),
            })),
          },
        ]),
      ),
      autoincrement: all<{ name: string }>("SELECT name FROM sqlite_master WHERE sql LIKE '%AUTOINCREMENT%'"),
      newest: all<{ at: number }>("SELECT max(created_at) AS at FROM __drizzle_migrations")[0].at,
    };
  });

const files = import.meta.glob("../../drizzle/room/*.sql", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;

describe("room migrations", () => {
  it("the bundle holds drizzle-kit's journal and every .sql file, unchanged", () => {
    expect(bundled.journal).toEqual(journal);
    const tags = Object.keys(files)
      .map((f) => f.replace(/^.*\/(.*)\.sql$/, "$1"))
      .sort();
    // Every .sql file is in the journal, and every journal entry has its file.
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(tags);
    expect(tags.length).toBeGreaterThan(0);
    const expected = Object.fromEntries(
      journal.entries.map((e) => [`m${String(e.idx).padStart(4, "0")}`, files[`../../drizzle/room/${e.tag}.sql`]]),
    );
    expect(bundled.migrations).toEqual(expected);
  });

  it("a new game is made in one step with the tables the migrations make, and the newest recorded", async () => {
    const fresh = await startedGame(2);
    const made = await schemaOf(fresh.id);
    expect(Object.keys(made.tables)).toEqual(
      expect.arrayContaining(["turns", "room", "deliveries", "messages", "analysis", "__drizzle_migrations"]),
    );
    expect(made.newest).toBe(journal.entries.at(-1)!.when);
    const records = await inRoom(
      fresh.id,
      (room) => (room as any).ctx.storage.sql.exec("SELECT count(*) AS n FROM __drizzle_migrations").one().n,
    );
    expect(records).toBe(1);
    // Another game put back to the first migration, then migrated step by step when it opens.
    const stepped = await startedGame(2);
    await runInDurableObject(roomStub(stepped.id) as never, (_o: unknown, state: DurableObjectState) => {
      storeAsOf(state.storage.sql, journal.entries[0].tag);
    });
    await evictDurableObject(roomStub(stepped.id));
    expect(await inRoom(stepped.id, (room) => room.ping())).toBe("pong");
    const migrated = await schemaOf(stepped.id);
    expect(migrated.newest).toBe(made.newest);
    expect(made.tables).toEqual(migrated.tables);
    expect(made.autoincrement).toEqual([]);
    expect(migrated.autoincrement).toEqual([]);
  });
});
