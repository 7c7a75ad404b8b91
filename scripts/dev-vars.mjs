// Local development settings for `npm start`: wrangler reads .dev.vars (git-ignored). Creates it
// once with a random WEBHOOK_KEY (webhook URLs and secrets are stored encrypted with it) and
// allows plain-http webhooks to localhost receivers. Production: `wrangler secret put WEBHOOK_KEY`.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  const key = randomBytes(32).toString("base64");
  writeFileSync(".dev.vars", `WEBHOOK_KEY="${key}"\nALLOW_HTTP_WEBHOOKS="1"\n`, { mode: 0o600 });
  console.log("dev-vars: wrote .dev.vars (a random WEBHOOK_KEY for local webhooks)");
}
