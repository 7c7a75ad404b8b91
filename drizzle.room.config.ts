import { defineConfig } from "drizzle-kit";

/** The game Durable Object's storage (npm run db:generate:room; then scripts/room-migrations.mjs bundles them). */
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./src/game/store/schema.ts",
  out: "./drizzle/room",
});
