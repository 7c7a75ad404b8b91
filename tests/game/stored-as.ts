/**
 * A game's storage put back as an older version of the code left it: the tables the room's
 * migrations up to `tag` make (from their own SQL, drizzle/room/), holding the game's rows in the
 * columns those tables had, and `__drizzle_migrations` ending at `tag`. Built from the migrations
 * themselves, so a new migration needs no undo of its own in the tests that use it (undoing each by
 * hand missed 0003_deliveries_lean: its index and column stayed, and the migration ran on a storage
 * it had already changed). Deliveries that share a row (`deliveries.batch`, 0005) are put back as a
 * row each, as the code before it wrote them.
 */
import migrations from "../../src/game/store/migrations.gen";

export type Rows = Record<string, Record<string, SqlStorageValue>[]>;

/** Runs inside the Durable Object (`runInDurableObject`); returns the rows as they were before. */
export function storeAsOf(sql: SqlStorage, tag: string): Rows {
  const { entries } = migrations.journal;
  const upTo = entries.find((e) => e.tag === tag);
  if (!upTo) throw new Error(`no room migration ${tag}`);
  const tables = sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != '__drizzle_migrations'",
    )
    .toArray()
    .map((t) => t.name);
  const rows: Rows = {};
  for (const t of tables) {
    rows[t] = sql.exec(`SELECT * FROM "${t}"`).toArray();
    sql.exec(`DROP TABLE "${t}"`);
  }
  for (const e of entries.filter((x) => x.idx <= upTo.idx)) {
    const text = (migrations.migrations as Record<string, string>)[`m${String(e.idx).padStart(4, "0")}`];
    for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) sql.exec(statement);
  }
  for (const [t, list] of Object.entries(rows)) {
    const columns = sql
      .exec<{ name: string }>("SELECT name FROM pragma_table_info(?)", t)
      .toArray()
      .map((c) => c.name);
    if (columns.length === 0) continue; // a table made by a later migration
    for (const row of unbatched(list, columns)) {
      const kept = columns.filter((c) => c in row);
      sql.exec(
        `INSERT INTO "${t}" (${kept.map((c) => `"${c}"`).join(", ")}) VALUES (${kept.map(() => "?").join(", ")})`,
        ...kept.map((c) => row[c]),
      );
    }
  }
  // The records as that code left them: one per migration up to `tag` (a game made since holds the
  // newest only, src/game/store/index.ts create).
  sql.exec("DELETE FROM __drizzle_migrations");
  for (const e of entries.filter((x) => x.idx <= upTo.idx))
    sql.exec('INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)', "", e.when);
  return rows;
}

/** The delivery log's shared rows (`batch`, room migration 0005) as a row each, for tables without it. */
function unbatched(list: Record<string, SqlStorageValue>[], columns: string[]): Record<string, SqlStorageValue>[] {
  if (columns.includes("batch")) return list;
  const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return list
    .flatMap((row) => {
      if (typeof row.batch !== "string") return [row];
      const entries = JSON.parse(row.batch) as Record<string, SqlStorageValue>[];
      const n = row.n as number;
      const own = entries.map((e, i) => ({
        ...Object.fromEntries(Object.entries(e).map(([k, v]) => [column(k), v])),
        n: n - entries.length + i,
      }));
      return [...own, row];
    })
    .sort((a, b) => (a.n as number) - (b.n as number));
}
