/**
 * The coach's texts (web/src/coach/i18n.ts) in the five languages: every text there and its own
 * (not English left in place), counts of points through each language's plural rules.
 */
import { describe, expect, it } from "vitest";
import { COACH_TEXT } from "../../web/src/coach/i18n";
import { LANGS } from "../../web/src/i18n";

/** Words that are the same in a language as in English. */
const SAME = new Set(["Coach", "Points", "Blunder"]);

describe("the coach's texts", () => {
  it("every language has every text, its own", () => {
    const en = COACH_TEXT.en;
    for (const l of LANGS) {
      const s = COACH_TEXT[l];
      expect(Object.keys(s).sort(), l).toEqual(Object.keys(en).sort());
      for (const k of [
        "title",
        "help",
        "ask",
        "chartLabel",
        "round",
        "markedTitle",
        "noMarks",
        "played",
        "suggested",
      ] as const) {
        expect(s[k].length, `${l} ${k}`).toBeGreaterThan(1);
        if (l !== "en" && !SAME.has(en[k])) expect(s[k], `${l} ${k}`).not.toBe(en[k]);
      }
      for (const m of ["inaccuracy", "mistake", "blunder"] as const) expect(s.mark[m].length).toBeGreaterThan(1);
      expect(s.running(3, 36)).toContain("36");
      expect(s.thresholds(3, 6, 10)).toMatch(/3.*6.*10/);
    }
  });

  it("counts points by each language's plural rules", () => {
    expect(COACH_TEXT.en.lostPoints(1)).toBe("1 point lost");
    expect(COACH_TEXT.en.lostPoints(12.5)).toBe("12.5 points lost");
    // French counts 0 and 1 (and 1.5) as one, and writes a decimal comma
    expect(COACH_TEXT.fr.lostPoints(1.5)).toBe("1,5 point perdu");
    expect(COACH_TEXT.fr.lostPoints(4)).toBe("4 points perdus");
    expect(COACH_TEXT.de.lostPoints(1)).toBe("1 Punkt verloren");
    expect(COACH_TEXT.de.lostPoints(12.5)).toBe("12,5 Punkte verloren");
    expect(COACH_TEXT.nl.lostPoints(2)).toBe("2 punten verloren");
    expect(COACH_TEXT.ja.lostPoints(3)).toBe("3 点の損");
  });
});
