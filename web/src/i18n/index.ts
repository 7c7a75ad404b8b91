/**
 * The five languages of the rulebooks. The browser's language is the default; a choice is
 * remembered in localStorage. Every language, English too, is a small chunk loaded on demand, so a
 * page carries exactly one (index.html preloads the one `initialLang` will pick, alongside app.js).
 * `t` is the live dictionary: main.tsx sets a language before the first render; re-render after setLang.
 * The language's chunk has the texts of the parts a game page and the start page load at once after
 * their first paint too (./parts/: the log, the notices of a turn, the notifications box, the
 * scoring stacks; one chunk weighs less than two, docs/web.md "Weights"). Those of the parts other
 * pages and some moments show are one more chunk per language, ./rest/ (going away, the final
 * scores, the legend, a chosen cell, the profile form and the start page's fields). Those parts'
 * loaders await `loadPartTexts()` (the log's: `loadPartTexts(false)`, which has nothing more to
 * load), which merges them into `t` (and `setLang` keeps them, once asked for).
 */
import type { Messages as PageMessages } from "./en";
import type { PartMessages } from "./parts/en";
import type { RestMessages } from "./rest/en";

export type Lang = "en" | "nl" | "fr" | "de" | "ja";
export const LANGS: readonly Lang[] = ["en", "nl", "fr", "de", "ja"];
/** Each language's own name, for the switcher (without loading it). */
export const LANG_NAMES: Record<Lang, string> = {
  en: "English",
  nl: "Nederlands",
  fr: "Français",
  de: "Deutsch",
  ja: "日本語",
};
/** Every text: the page's own with ./parts/ and, once `loadPartTexts` has been awaited, ./rest/. */
export type Messages = PageMessages & PartMessages & RestMessages;

const LOADERS: Record<Lang, () => Promise<PageMessages & PartMessages>> = {
  en: () => import("./en").then((m) => m.default),
  nl: () => import("./nl").then((m) => m.default),
  fr: () => import("./fr").then((m) => m.default),
  de: () => import("./de").then((m) => m.default),
  ja: () => import("./ja").then((m) => m.default),
};
type Extra = RestMessages;
/** The later parts' dictionary of each language that the page's leaves out (./rest/). */
const EXTRA_LOADERS: Record<"rest", Record<Lang, () => Promise<Extra>>> = {
  rest: {
    en: () => import("./rest/en").then((m) => m.default),
    nl: () => import("./rest/nl").then((m) => m.default),
    fr: () => import("./rest/fr").then((m) => m.default),
    de: () => import("./rest/de").then((m) => m.default),
    ja: () => import("./rest/ja").then((m) => m.default),
  },
};
type ExtraName = keyof typeof EXTRA_LOADERS;
const loaded: Partial<Record<Lang, PageMessages & PartMessages>> = {};
const loadedExtra: Record<ExtraName, Partial<Record<Lang, Extra>>> = { rest: {} };
/** Which of the later parts' dictionaries a part has asked for (then a change of language loads them too). */
const wanted = new Set<ExtraName>();
/** Which of them `t` has, in its language. */
let withExtra = new Set<ExtraName>();

const extraOf = async (name: ExtraName, l: Lang) => (loadedExtra[name][l] ??= await EXTRA_LOADERS[name][l]());

const KEY = "canopy.lang";

/** Set by `setLang` (main.tsx awaits it before the first render). */
export let t: Messages = undefined as unknown as Messages;
export let lang: Lang = "en";

/** The first of the browser's preferred languages that we speak. */
export function browserLang(preferred: readonly string[]): Lang {
  for (const p of preferred) {
    const base = p.toLowerCase().split("-")[0] as Lang;
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(KEY) as Lang | null;
    if (saved && LANGS.includes(saved)) return saved;
  } catch {
    /* storage blocked */
  }
  const nav =
    typeof navigator !== "undefined" ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  return browserLang(nav.filter(Boolean));
}

/** Switch language (loading it first if needed); `remember` keeps the choice for next time. */
export async function setLang(l: Lang, remember = false): Promise<void> {
  const names = [...wanted];
  const [dict, ...extra] = await Promise.all([loaded[l] ?? LOADERS[l](), ...names.map((n) => extraOf(n, l))]);
  loaded[l] = dict;
  lang = l;
  withExtra = new Set(names);
  t = Object.assign({}, dict, ...extra) as Messages;
  if (typeof document !== "undefined") document.documentElement.lang = l;
  if (remember) {
    try {
      localStorage.setItem(KEY, l);
    } catch {
      /* storage blocked */
    }
  }
}

/**
 * The later parts' texts in the page's language, merged into `t` (a part's loader awaits this before
 * it renders; a failure is the part's failure to load): ./rest/, or with `rest` false nothing more
 * (./parts/, what the game page's log and its turn's notices say, came with the page's language).
 */
export async function loadPartTexts(rest = true): Promise<void> {
  const names: ExtraName[] = rest ? ["rest"] : [];
  for (const n of names) wanted.add(n);
  // (Until `t` has them in the language it is in: the language may change while they load.)
  while (names.some((n) => !withExtra.has(n))) {
    const l = lang;
    const missing = names.filter((n) => !withExtra.has(n));
    const extra = await Promise.all(missing.map((n) => extraOf(n, l)));
    if (lang === l) {
      const still = missing.filter((n) => !withExtra.has(n));
      t = Object.assign({}, t, ...extra.filter((_, i) => still.includes(missing[i]))) as Messages;
      for (const n of still) withExtra.add(n);
    }
  }
}

/** Names joined as a list in the current language ("A, B and C"). */
export function listOf(names: readonly string[]): string {
  try {
    return new Intl.ListFormat(lang, { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}
