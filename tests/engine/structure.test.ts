/**
 * The engine's shape (issue 10): the base game knows nothing of its expansions. Base files (every
 * file of src/engine/ outside a module folder, but the registry expansions.ts) import no module
 * and name neither the moon nor an animal; nothing outside src/engine/ imports engine internals
 * (only index.ts, base.ts — the same without the modules, for the web client — or a module's folder).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ANIMAL_NAMES, expansions } from "../../src/engine";

const root = new URL("../../", import.meta.url).pathname;
const engine = join(root, "src/engine");

function files(dir: string, ext = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(name) ? [p] : [];
  });
}

/** Base files: directly in src/engine/ (module folders are expansions; `fast/` is the fast core's, outside this rule's scope). */
const base = readdirSync(engine)
  .filter((n) => n.endsWith(".ts") && n !== "expansions.ts")
  .map((n) => join(engine, n));
const MOON_WORDS = new RegExp(`\\b(moon\\w*|animals?|${ANIMAL_NAMES.join("|")})\\b`, "i");

describe("the engine's base files", () => {
  it("are found, and the registry is the one file naming the modules", () => {
    expect(base.length).toBeGreaterThan(10);
    expect(readFileSync(join(engine, "expansions.ts"), "utf8")).toMatch(/from "\.\/moonlight"/);
    expect(expansions().map((x) => x.key)).toContain("moonlight");
  });

  it.each(base.map((p) => [relative(root, p), p]))("%s imports no expansion module", (_name, path) => {
    const text = readFileSync(path, "utf8");
    const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    for (const i of imports) expect(i, `${path} imports ${i}`).toMatch(/^\.\/[a-z-]+$/);
    expect(imports.filter((i) => /moonlight/.test(i))).toEqual([]);
  });

  it.each(base.map((p) => [relative(root, p), p]))("%s does not mention the moon or an animal", (_name, path) => {
    const lines = readFileSync(path, "utf8").split("\n");
    const hits = lines.map((l, i) => [i + 1, l] as const).filter(([, l]) => MOON_WORDS.test(l));
    expect(hits).toEqual([]);
  });

  it("the word check is able to fail", () => {
    expect(MOON_WORDS.test("if (s.moon) resetTurn(d);")).toBe(true);
    expect(MOON_WORDS.test("the owl hunts")).toBe(true);
    expect(MOON_WORDS.test("the player board")).toBe(false);
  });
});

describe("outside src/engine/", () => {
  it("nothing imports an engine file but the public entries: index.ts, base.ts (the same without modules), reading.ts (base.ts's reading of a state), play.ts (reading with the legal actions, no replay), a module's folder, its reading.ts (for a client that only shows its games) and its make.ts (making and replaying its games, for a client that adds them on demand), and under the Moonlight an animal's abilities (for a client that enters them on demand)", () => {
    const owned = ["src/render", "src/embed", "web/src"].flatMap((d) => files(join(root, d)));
    expect(owned.length).toBeGreaterThan(10);
    const bad: string[] = [];
    for (const path of owned) {
      for (const m of readFileSync(path, "utf8").matchAll(/from\s+"([^"]*\/engine\/([^"]+))"/g)) {
        const rest = m[2];
        const entry =
          rest === "base" ||
          rest === "reading" ||
          rest === "play" ||
          (/^[a-z]+\/(make|reading)$/.test(rest) &&
            statSync(join(engine, `${rest}.ts`), { throwIfNoEntry: false })?.isFile()) ||
          /^moonlight\/abilities\/(boar|hedgehog|squirrel|fox|owl|badger|beaver|turtle)$/.test(rest) ||
          (!rest.includes("/") && statSync(join(engine, rest), { throwIfNoEntry: false })?.isDirectory());
        if (!entry) bad.push(`${relative(root, path)}: ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
