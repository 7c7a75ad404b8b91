/**
 * No emoji in the client (issue 25 item 5): a character drawn from an emoji font (💡, 🌲, 🔔…) shows
 * as an empty box where none is installed, as on many Linux desktops; the client draws its icons as
 * SVG (web/src/ui/icons.tsx). Text symbols the page's fonts carry (☀ ☾ ↶ ★) stay.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../web/src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(tsx?|css|html)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

// Characters shown as emoji by default, and the selector that asks for the emoji form of another.
const EMOJI = /\p{Emoji_Presentation}|\uFE0F/u;

describe("the client's texts and icons", () => {
  it("contain no emoji, in any file of web/src", () => {
    const found: string[] = [];
    for (const f of files(ROOT))
      readFileSync(f, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const m = line.match(EMOJI);
          if (m) found.push(`${f.slice(ROOT.length + 1)}:${i + 1}: ${m[0]}`);
        });
    expect(found).toEqual([]);
  });

  it("would find one (the check can fail)", () => {
    expect("💡 Hint").toMatch(EMOJI);
    expect("🌲").toMatch(EMOJI);
    expect("☀ ☾ ★ ↶").not.toMatch(EMOJI);
  });
});
