/**
 * Every count in the five languages goes through the plural helper (issue 25 item 6, issue 26 item 1):
 * each message of every dictionary is probed for number arguments, fed 0, 1, 2 and 5, and must give the
 * same text (the number aside) for every count its language's Intl.PluralRules put in the same category —
 * French "0 heure" like "1 heure", English "0 hours" like "2 hours", Japanese one form. And no hand-written
 * plural (`n === 1 ? "…" : "…"`) may come back anywhere in web/src.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COACH_TEXT } from "../../web/src/coach/i18n";
import { DEVICE_TEXT } from "../../web/src/devices/i18n";
import { END_TEXT } from "../../web/src/end/i18n";
import { HOME_TEXT } from "../../web/src/i18n/home";
import { HOW_TO_PLAY } from "../../web/src/i18n/how-to-play";
import { LANGS, type Lang } from "../../web/src/i18n/index";
import { plural } from "../../web/src/i18n/plural";
import { SOCIAL_TEXT } from "../../web/src/social/i18n";
import { TABLE_TEXT } from "../../web/src/tables/i18n";
import { DICTS, LOBBY_DICTS, MOON_DICTS, NOTIFY_DICTS, TALK_DICTS } from "./dicts";

/** Every dictionary of the client, by name, in the five languages. */
const ALL: Record<string, Record<Lang, unknown>> = {
  page: DICTS,
  notify: NOTIFY_DICTS,
  moon: MOON_DICTS,
  home: HOME_TEXT,
  howToPlay: HOW_TO_PLAY,
  tables: TABLE_TEXT,
  social: SOCIAL_TEXT,
  coach: COACH_TEXT,
  devices: DEVICE_TEXT,
  end: END_TEXT,
  talk: TALK_DICTS,
  lobby: LOBBY_DICTS,
};

/** Numbers that are not counts of things: a position, not a quantity (checked by the ordinal rules), or none. */
const ORDINALS = new Set(["page.rank", "social.place"]);
/** Numbers that are not counts: round 1 is the sunrise, the other rounds the sun moving on. */
const NOT_COUNTS = new Set([
  "page.evRoundStarted",
  // A rating's change, signed ("+2", "−1", "0"): not a count.
  "end.rating",
  // A Moonlight setup step's position (shown from 1).
  "moon.stageStatus",
]);

const COUNTS = [0, 1, 2, 5];
/** A number fed to the other arguments: none of COUNTS, and a valid index into a dictionary's four pieces. */
const OTHER = 3;

type Fn = (...a: unknown[]) => unknown;

function* functions(v: unknown, path: string): Generator<[string, Fn]> {
  if (typeof v === "function") yield [path, v as Fn];
  else if (v && typeof v === "object" && !Array.isArray(v))
    for (const [k, x] of Object.entries(v)) yield* functions(x, `${path}.${k}`);
}

const clean = (s: unknown): s is string =>
  typeof s === "string" && s.trim() !== "" && !/undefined|NaN|\[object/.test(s);

function call(f: Fn, args: unknown[]): string | null {
  try {
    const out = f(...args);
    return clean(out) ? out : null;
  } catch {
    return null;
  }
}

/**
 * Whether `a` (the text for `n`) and `b` (for `m`) are the same form: the same words, and the same numbers
 * but where one says `n` and the other `m` ("1 heure"/"0 heure", not "1 heure"/"2 heures"; "1分、1台"/"5分、1台").
 */
function sameForm(a: string, n: number, b: string, m: number): boolean {
  const x = a.split(/(\d+)/);
  const y = b.split(/(\d+)/);
  return x.length === y.length && x.every((t, i) => t === y[i] || (t === String(n) && y[i] === String(m)));
}

/**
 * The argument lists worth probing: every mix of a name ("Ann") and a number at each position that the
 * message turns into a clean text.
 */
function baseArgs(f: Fn): unknown[][] {
  const k = f.length;
  const out: unknown[][] = [];
  for (let mask = 0; mask < 1 << k; mask++) {
    const args = Array.from({ length: k }, (_, i) => ((mask >> i) & 1 ? "Ann" : OTHER));
    if (call(f, args) !== null) out.push(args);
  }
  return out;
}

interface Count {
  /** dictionary.key, without the language. */
  key: string;
  lang: Lang;
  /** The argument's position. */
  at: number;
  /** The texts for COUNTS. */
  texts: string[];
}

/** Every (message, number argument) whose text changes with the number, in every language. */
function counts(): Count[] {
  const found: Count[] = [];
  for (const [dict, byLang] of Object.entries(ALL))
    for (const l of LANGS)
      for (const [path, f] of functions(byLang[l], dict)) {
        const seen = new Set<number>();
        for (const base of baseArgs(f))
          base.forEach((a, at) => {
            if (a !== OTHER || seen.has(at)) return;
            const texts = COUNTS.map((n) =>
              call(
                f,
                base.map((x, i) => (i === at ? n : x)),
              ),
            );
            if (texts.some((s) => s === null) || new Set(texts).size === 1) return;
            seen.add(at);
            found.push({ key: path, lang: l, at, texts: texts as string[] });
          });
      }
  return found;
}

const FOUND = counts();

describe("every message with a count", () => {
  it("is found in every dictionary, in all five languages", () => {
    const keys = new Set(FOUND.map((c) => c.key));
    for (const k of [
      "page.hours",
      "page.days",
      "page.cellLeaves",
      "page.pieceCount",
      "page.costLong",
      "page.timeoutsBadge",
      "page.timeoutsLong",
      "home.maxTimeoutsAfter",
      "lobby.vacationRule",
      "lobby.startConfirm",
      "page.awayHelp",
      "page.errVacationExhausted",
      "notify.attempts",
      "moon.costLong",
      "home.waitFor",
      "howToPlay.moonWords.animalOf",
      "tables.free",
      "social.ratedGames",
      "social.provisionalHelp",
      "coach.running",
    ])
      expect(keys, k).toContain(k);
    // Each language has the same messages with a count.
    const of = (l: Lang) => new Set(FOUND.filter((c) => c.lang === l).map((c) => `${c.key}@${c.at}`));
    for (const l of LANGS) expect(of(l).size, l).toBeGreaterThan(50);
  });

  it("takes, for 0, 1, 2 and 5, the form its language's plural rules select", () => {
    const wrong: string[] = [];
    for (const c of FOUND) {
      if (NOT_COUNTS.has(c.key)) continue;
      const rules = new Intl.PluralRules(c.lang, ORDINALS.has(c.key) ? { type: "ordinal" } : undefined);
      const byCategory = new Map<string, [string, number]>();
      COUNTS.forEach((n, i) => {
        const text = c.texts[i];
        // A text of its own for none ("not tried yet", "no vacation"), without the number: not a plural form.
        if (n === 0 && !text.split(/(\d+)/).includes("0")) return;
        const cat = rules.select(n);
        const same = byCategory.get(cat);
        if (same === undefined) byCategory.set(cat, [text, n]);
        else if (!sameForm(text, n, ...same))
          wrong.push(`${c.lang} ${c.key} (argument ${c.at}), ${n}: "${text}", ${same[1]}: "${same[0]}"`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it("French says 0 like 1, English 0 like 2, Japanese one form", () => {
    expect(DICTS.fr.hours(0)).toBe("0 heure");
    expect(DICTS.fr.hours(1)).toBe("1 heure");
    expect(DICTS.fr.hours(2)).toBe("2 heures");
    expect(DICTS.en.hours(0)).toBe("0 hours");
    expect(DICTS.en.hours(1)).toBe("1 hour");
    expect(DICTS.de.cellLeaves(0)).toBe("0 Blätter");
    expect(DICTS.nl.days(1)).toBe("1 dag");
    expect(DICTS.fr.timeoutsBadge(0, null)).toBe("0 dépassement");
    expect(DICTS.fr.timeoutsBadge(0, 3)).toBe("0 dépassement sur 3");
    expect(DICTS.fr.rank(1)).toBe("1er");
    expect(DICTS.fr.rank(2)).toBe("2e");
    expect(HOME_TEXT.fr.waitFor("Ann", 1)).toBe("Ann vous attend");
    expect(HOME_TEXT.fr.waitFor("Ann et Bo", 2)).toBe("Ann et Bo vous attendent");
    // A name is never taken for the number's "#".
    expect(HOME_TEXT.en.waitFor("Ann#2", 1)).toBe("Ann#2 is waiting for you");
    expect(DICTS.ja.timeoutsLong(1)).toBe(DICTS.ja.timeoutsLong(2).replace("2", "1"));
  });

  it("the helper follows Intl.PluralRules, cardinal and ordinal", () => {
    const forms = { one: "# point", other: "# points" };
    expect([0, 1, 2].map((n) => plural("fr", n, forms))).toEqual(["0 point", "1 point", "2 points"]);
    expect([0, 1, 2].map((n) => plural("en", n, forms))).toEqual(["0 points", "1 point", "2 points"]);
    expect(plural("ja", 1, forms)).toBe("1 points");
    const ord = { one: "#st", two: "#nd", few: "#rd", other: "#th" };
    expect([1, 2, 3, 4, 11, 21].map((n) => plural("en", n, ord, true))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "21st",
    ]);
  });
});

/** web/src's .ts and .tsx files. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** A string literal; a template's `${…}` parts do not count as its words. */
const LIT = String.raw`("[^"]*"|'[^']*'|\x60(?:[^\x60$\\]|\\.|\$(?!\{)|\$\{[^}]*\})*\x60)`;
/** `x === 1 ? "…" : "…"` and friends (`!== 1`, `> 1`, `<= 1`, `< 2`, `>= 2`), across lines. */
const HAND_WRITTEN = new RegExp(String.raw`(?:[!=]==?\s*1|>\s*1|<=\s*1|<\s*2|>=\s*2)\s*\?\s*${LIT}\s*:\s*${LIT}`, "g");
/** Ternaries on 1 that are not plurals, each with its reason. */
const ALLOWED: { file: string; has: RegExp; why: string }[] = [
  ...["en", "nl", "fr", "de", "ja"].map((l) => ({
    file: `web/src/i18n/parts/${l}.ts`,
    has: /\br === 1\b/,
    why: "round 1 is the sunrise: a round's number, not a count",
  })),
];

describe("no hand-written plural in web/src", () => {
  it("finds none (the plural helper, web/src/i18n/plural.ts, says them)", () => {
    const root = join(__dirname, "../..");
    const found: string[] = [];
    for (const file of sources(join(root, "web/src"))) {
      const rel = file.slice(root.length + 1);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(HAND_WRITTEN)) {
        const words = (s: string) => /\p{L}/u.test(s.replace(/\$\{[^}]*\}/g, ""));
        if (!words(m[1]) && !words(m[2])) continue;
        const start = text.lastIndexOf("\n", m.index) + 1;
        const line = text.slice(start, text.indexOf("\n", m.index + m[0].length));
        if (ALLOWED.some((a) => a.file === rel && a.has.test(line))) continue;
        found.push(`${rel}:${text.slice(0, m.index).split("\n").length}: ${m[0].replace(/\s+/g, " ")}`);
      }
    }
    expect(found).toEqual([]);
    for (const a of ALLOWED) expect(readFileSync(join(root, a.file), "utf8"), a.why).toMatch(a.has);
  });

  it("would catch one", () => {
    const $ = "$";
    const samples = [
      `(n === 1 ? "1 hour" : \`${$}{n} hours\`)`,
      `\`${$}{n} point${$}{n > 1 ? "s" : ""}\``,
      `free !== 1\n  ? "seats"\n  : "seat"`,
      `n < 2 ? 'game' : 'games'`,
    ];
    for (const s of samples) expect([...s.matchAll(HAND_WRITTEN)], s).toHaveLength(1);
  });
});
