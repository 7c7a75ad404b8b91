/// <reference types="vite/client" />
/**
 * The bundled Durable Object migrations (src/game/store/migrations.gen.ts, what `migrate` applies)
 * are exactly drizzle-kit's files in drizzle/room/: a migration generated without
 * `npm run db:generate:room` (which bundles them) fails here.
 */
import { describe, expect, it } from "vitest";
import bundled from "../../src/game/store/migrations.gen";
import journal from "../../drizzle/room/meta/_journal.json";

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
});
