import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          // The pure rules engine: plain Node, fast.
          test: { name: "engine", include: ["tests/engine/**/*.test.ts"], environment: "node" },
        },
        {
          // Everything that needs workerd: real Durable Object storage and a real local D1.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, RATE_LIMIT_BURST: "1000000" } },
            }),
          ],
          test: {
            name: "workers",
            include: ["tests/{api,game,db,notify,render}/**/*.test.ts"],
            setupFiles: ["./tests/apply-migrations.ts"],
          },
        },
      ],
    },
  };
});
