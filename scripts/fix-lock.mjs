// The package mirror these machines use serves no macOS/Windows builds of workerd (nor most of
// Biome's platform builds), so npm
// cannot record them in package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This records each missing optional platform package (never installed on Linux) so the lock
// stays complete. Run after any `npm install`: `node scripts/fix-lock.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "@cloudflare/workerd-darwin-64": { os: ["darwin"], cpu: ["x64"] },
  "@cloudflare/workerd-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@cloudflare/workerd-windows-64": { os: ["win32"], cpu: ["x64"] },
  "@biomejs/cli-android-arm64": { os: ["android"], cpu: ["arm64"] },
  "@biomejs/cli-android-x64": { os: ["android"], cpu: ["x64"] },
  "@biomejs/cli-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@biomejs/cli-darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "@biomejs/cli-linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "@biomejs/cli-linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "@biomejs/cli-win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "@biomejs/cli-win32-x64": { os: ["win32"], cpu: ["x64"] },
};
/** The packages whose optional platform builds are recorded, and the licence to record. */
const OWNERS = {
  workerd: { license: "Apache-2.0", engines: { node: ">=16" } },
  "@biomejs/biome": { license: "MIT OR Apache-2.0", engines: { node: ">=14.21.3" } },
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  const owner = Object.keys(OWNERS).find((o) => path.endsWith(`node_modules/${o}`));
  if (!owner || !entry.optionalDependencies) continue;
  const base = path.slice(0, -owner.length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const at = base + name;
    if (!PLATFORMS[name] || lock.packages[at] || lock.packages[`node_modules/${name}`]?.version === version) continue;
    lock.packages[at] = {
      version,
      dev: true,
      license: OWNERS[owner].license,
      optional: true,
      ...PLATFORMS[name],
      engines: OWNERS[owner].engines,
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lock: recorded ${added} platform package(s)`);
