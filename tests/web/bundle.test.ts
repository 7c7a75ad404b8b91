/** The client bundle stays light and self-contained. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildOptions, gamePageKbGz, pageBytesGz, root } from "../../scripts/build-web.mjs";

describe("web bundle", () => {
  it("keeps the game page within 60 KB of gzipped JS+CSS, loading nothing from other origins", async () => {
    const result = await build({ ...buildOptions(), write: false });
    const out = result.outputFiles ?? [];
    const files = new Map(out.map((f) => [f.path.split("/dist/web/")[1], f.contents]));
    const js = files.get("app.js")!;
    const css = files.get("app.css")!;
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    // Four language chunks (English is built in), nothing else split off.
    const chunks = [...files.keys()].filter((f) => f.startsWith("chunks/"));
    expect(chunks.map((c) => c.replace(/-[A-Z0-9]+\.js$/, "")).sort()).toEqual(["chunks/de", "chunks/fr", "chunks/ja", "chunks/nl"]);
    const size = pageBytesGz(out);
    expect(size.total).toBeLessThanOrEqual(60 * 1024);
    expect(await gamePageKbGz()).toBeCloseTo(size.total / 1024, 1);

    const html = readFileSync(join(root, "web/public/index.html"), "utf8");
    // Only same-origin scripts, styles and icons.
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1].startsWith("/")).toBe(true);
    const text = new TextDecoder().decode(css);
    expect(text).not.toMatch(/@import|url\(\s*["']?https?:/);
    const code = out.filter((f) => f.path.endsWith(".js")).map((f) => new TextDecoder().decode(f.contents)).join("\n");
    // No fetches or imports of absolute URLs (the SVG namespace is a name, not a load).
    const urls = [...code.matchAll(/https?:\/\/[^"'`\s)]+/g)].map((m) => m[0]);
    // (The invite field's placeholder "https://…/g/…" is text, not a load.)
    expect(urls.filter((u) => !u.startsWith("http://www.w3.org/") && !/\\u2026|…/.test(u))).toEqual([]);
  }, 30_000);
});
