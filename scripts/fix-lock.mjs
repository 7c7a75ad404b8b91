// The package mirror these machines use serves no macOS/Windows builds of workerd, so npm
// cannot record them in package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This records each missing optional platform package (never installed on Linux) so the lock
// stays complete. Run after any `npm install`: `node scripts/fix-lock.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "@cloudflare/workerd-darwin-64": { os: ["darwin"], cpu: ["x64"] },
  "@cloudflare/workerd-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@cloudflare/workerd-windows-64": { os: ["win32"], cpu: ["x64"] },
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith("node_modules/workerd") || !entry.optionalDependencies) continue;
  const base = path.slice(0, -"workerd".length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const at = base + name;
    if (!PLATFORMS[name] || lock.packages[at] || lock.packages[`node_modules/${name}`]?.version === version) continue;
    lock.packages[at] = { version, dev: true, license: "Apache-2.0", optional: true, ...PLATFORMS[name], engines: { node: ">=16" } };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lock: recorded ${added} platform package(s)`);
