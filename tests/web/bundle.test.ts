/** The client bundle stays light and self-contained. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildOptions, gzipSize, root } from "../../scripts/build-web.mjs";

describe("web bundle", () => {
  it("keeps the game page within 60 KB of gzipped JS+CSS, loading nothing from other origins", async () => {
    const result = await build({ ...buildOptions(), write: false });
    const files = new Map((result.outputFiles ?? []).map((f) => [f.path.split("/").pop()!, f.contents]));
    const js = files.get("app.js")!;
    const css = files.get("app.css")!;
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    const total = gzipSize(js) + gzipSize(css);
    expect(total).toBeLessThanOrEqual(60 * 1024);

    const html = readFileSync(join(root, "web/public/index.html"), "utf8");
    // Only same-origin scripts, styles and icons.
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1].startsWith("/")).toBe(true);
    const text = new TextDecoder().decode(css);
    expect(text).not.toMatch(/@import|url\(\s*["']?https?:/);
    const code = new TextDecoder().decode(js);
    // No fetches or imports of absolute URLs (the SVG namespace is a name, not a load).
    const urls = [...code.matchAll(/https?:\/\/[^"'`\s)]+/g)].map((m) => m[0]);
    // (The invite field's placeholder "https://…/g/…" is text, not a load.)
    expect(urls.filter((u) => !u.startsWith("http://www.w3.org/") && !/\\u2026|…/.test(u))).toEqual([]);
  }, 30_000);
});
