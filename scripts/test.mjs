// `npm test`: the static checks (lint: Biome and the layers; typecheck) and the tests (vitest run,
// given this script's arguments), all at once rather than one after the other: the checks take
// half a minute of one core that the tests, waiting on browsers and workers, leave free. The
// checks' output is printed as each ends (whole, not interleaved with the tests'); any failure
// fails the run (its exit status), as when the checks came first.
import { spawn } from "node:child_process";

// (npm puts node_modules/.bin first on the PATH of a script: the project's own vitest and Node)
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const vitest = process.platform === "win32" ? "vitest.cmd" : "vitest";

/** Run a command; `quiet`: collect its output and print it in one piece when it ends. */
function run(name, command, args, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks = [];
    if (quiet) {
      child.stdout.on("data", (c) => chunks.push(c));
      child.stderr.on("data", (c) => chunks.push(c));
    }
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (quiet) {
        const out = Buffer.concat(chunks).toString("utf8").trimEnd();
        process.stdout.write(
          `\n── ${name}: ${status === 0 ? "passed" : `FAILED (exit ${status})`}\n${out ? `${out}\n` : ""}`,
        );
      }
      resolve(status);
    });
  });
}

const results = await Promise.all([
  run("lint", npm, ["run", "--silent", "lint"], true),
  run("typecheck", npm, ["run", "--silent", "typecheck"], true),
  run("tests", vitest, ["run", ...process.argv.slice(2)], false),
]);
process.exit(results.find((s) => s !== 0) ?? 0);
