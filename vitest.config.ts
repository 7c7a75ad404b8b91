import { defineConfig } from "vitest/config";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";

/**
 * The rate limiters of wrangler.toml, for the workerd tests: each one generous under its own name
 * (tests play whole games fast), and as configured under TEST_<name>, which
 * tests/api/rate-limit.test.ts puts in its place to prove the limits.
 */
function testRateLimits() {
  const toml = readFileSync("./wrangler.toml", "utf8");
  const blocks = toml.matchAll(
    /\[\[ratelimits\]\]\s*name = "(\w+)"\s*namespace_id = "(\d+)"\s*simple = \{ limit = (\d+), period = (\d+) \}/g,
  );
  const out: Record<string, { namespace_id: string; simple: { limit: number; period: 10 | 60 } }> = {};
  for (const [, name, id, limit, period] of blocks) {
    const p = Number(period) as 10 | 60;
    out[name] = { namespace_id: id, simple: { limit: 1_000_000, period: p } };
    out[`TEST_${name}`] = { namespace_id: `9${id}`, simple: { limit: Number(limit), period: p } };
  }
  if (!out.TEST_WRITE_LIMITER) throw new Error("wrangler.toml: WRITE_LIMITER not found");
  return out;
}

/** A VAPID key pair for tests only (P-256, base64url; made with crypto.subtle.generateKey). */
export const TEST_VAPID = {
  publicKey: "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY",
  privateKey: "2-9pqSMpnMP9e_zqGr0ZheVgkmdPeUNMEAdpx2HrNps",
};

/**
 * The chat apps' test credentials, made for each run (tests/chat): an Ed25519 key pair as a Discord
 * application's (the Worker gets the public key, the tests sign with the private one, exactly as
 * Discord does) and a Slack signing secret; the bot tokens are stand-ins the fake platform checks.
 */
async function chatCredentials() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const hex = (b: ArrayBuffer) => Buffer.from(b).toString("hex");
  return {
    DISCORD_APPLICATION_ID: "100000000000000001",
    DISCORD_PUBLIC_KEY: hex(await crypto.subtle.exportKey("raw", pair.publicKey)),
    DISCORD_BOT_TOKEN: `test-discord-bot-${hex(crypto.getRandomValues(new Uint8Array(12)).buffer)}`,
    TEST_DISCORD_PRIVATE_KEY: Buffer.from(await crypto.subtle.exportKey("pkcs8", pair.privateKey)).toString("base64"),
    SLACK_SIGNING_SECRET: hex(crypto.getRandomValues(new Uint8Array(16)).buffer),
    SLACK_BOT_TOKEN: `xoxb-test-${hex(crypto.getRandomValues(new Uint8Array(12)).buffer)}`,
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const chat = await chatCredentials();
  return {
    test: {
      // At least two files at a time: vitest's default (cores - 1) runs one at a time on two cores,
      // leaving one idle while a browser test waits on its page.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          // The pure rules engine: plain Node, fast. Each file its own modules: an expansion
          // registers itself when imported, and tests/engine/base-options.test.ts checks that
          // engine/base alone has none.
          test: { name: "engine", include: ["tests/engine/**/*.test.ts"], environment: "node" },
        },
        {
          // The bots (src/bots): plain Node. Its files change no global and all load the whole
          // engine, so they share their workers' modules (isolate: false) rather than each paying
          // for a fresh process.
          test: { name: "bots", include: ["tests/bots/**/*.test.ts"], environment: "node", isolate: false },
        },
        {
          // The web client's view-model, texts and build: plain Node.
          test: { name: "web", include: ["tests/web/**/*.test.ts", "tests/deploy/**/*.test.ts"], environment: "node" },
        },
        {
          // Real Chromium against local workers shared by the files (tests/e2e/workers.setup.ts).
          test: {
            name: "e2e",
            include: ["tests/e2e/**/*.test.ts"],
            environment: "node",
            // One process runs file after file (isolate: false): playwright-core and the support
            // module are loaded once, not for each of 30 files. The files share one Chromium (launched by
            // the global setup), each with contexts of its own.
            isolate: false,
            globalSetup: ["./tests/e2e/workers.setup.ts"],
            testTimeout: 240_000,
            hookTimeout: 120_000,
          },
        },
        {
          // Everything that needs workerd: real Durable Object storage and a real local D1.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                ratelimits: testRateLimits(),
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  // Webhooks: a test-only encryption key, and http:// to localhost allowed.
                  WEBHOOK_KEY: "test-only-webhook-key-0123456789abcdef",
                  ALLOW_HTTP_WEBHOOKS: "1",
                  // Web Push: a test-only VAPID key pair (tests/notify/push-service.setup.ts checks its signatures).
                  VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
                  VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
                  VAPID_SUBJECT: "mailto:tests@canopy.invalid",
                  // The chat apps (tests/chat): this run's own keys and secrets.
                  ...chat,
                },
              },
            }),
          ],
          test: {
            name: "workers",
            // The files share their workers' runtimes (one workerd each, its local D1 and Durable
            // Objects) instead of starting one for every file: ~2.5 s a file, 233 -> 145 s for the
            // project alone (2026-11-27). Safe because every test makes its own profiles, games and
            // ids and reads only those; the migrations are applied idempotently by every file.
            isolate: false,
            include: ["tests/{api,game,player,db,notify,render,embed,contract,chat}/**/*.test.ts"],
            setupFiles: ["./tests/apply-migrations.ts"],
            // Some tests play whole games through the API; on a loaded 2-core machine the default 5 s
            // is too short for them (a timeout there is the machine, not the code).
            testTimeout: 60_000,
            // A webhook receiver on loopback, in Node (tests/notify/loopback.test.ts).
            // A local Web Push service that decrypts what it receives (tests/notify/push.test.ts).
            // A fake Discord and Slack Web API on loopback (tests/chat/platform.setup.ts).
            globalSetup: [
              "./tests/notify/receiver.setup.ts",
              "./tests/notify/push-service.setup.ts",
              "./tests/chat/platform.setup.ts",
            ],
          },
        },
      ],
    },
  };
});
