// Local development settings for `npm start`: wrangler reads .dev.vars (git-ignored). Creates it
// once with a random WEBHOOK_KEY (webhook URLs, secrets and push subscriptions are stored encrypted
// with it), allows plain-http webhooks and push endpoints to localhost receivers, and adds a VAPID
// key pair for Web Push when the file has none. Production: `wrangler secret put WEBHOOK_KEY` etc.
// (see docs/deploying.md).
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  const key = randomBytes(32).toString("base64");
  writeFileSync(".dev.vars", `WEBHOOK_KEY="${key}"\nALLOW_HTTP_WEBHOOKS="1"\n`, { mode: 0o600 });
  console.log("dev-vars: wrote .dev.vars (a random WEBHOOK_KEY for local webhooks)");
}

if (!/^VAPID_PRIVATE_KEY=/m.test(readFileSync(".dev.vars", "utf8"))) {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
  appendFileSync(
    ".dev.vars",
    `VAPID_PUBLIC_KEY="${point.toString("base64url")}"\nVAPID_PRIVATE_KEY="${jwk.d}"\nVAPID_SUBJECT="mailto:dev@localhost.invalid"\n`,
  );
  console.log("dev-vars: added a VAPID key pair to .dev.vars (Web Push)");
}
