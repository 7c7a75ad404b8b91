/**
 * The five languages of the rulebooks. The browser's language is the default; a choice is
 * remembered in localStorage. Every language, English too, is a small chunk loaded on demand, so a
 * page carries exactly one (index.html preloads the one `initialLang` will pick, alongside app.js).
 * `t` is the live dictionary: main.tsx sets a language before the first render; re-render after setLang.
 * The texts of the parts loaded after a game page's first paint (start page, lobby, log, going away,
 * final scores, notifications box) are a second chunk per language, ./parts/: those parts' loaders
 * await `loadPartTexts()`, which merges them into `t` (and `setLang` keeps them, once asked for).
 */
import type { Messages as PageMessages } from "./en";
import type { PartMessages } from "./parts/en";

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
/** Every text: the page's own and, once `loadPartTexts` has been awaited, the later parts'. */
export type Messages = PageMessages & PartMessages;

const LOADERS: Record<Lang, () => Promise<PageMessages>> = {
  en: () => import("./en").then((m) => m.default),
  nl: () => import("./nl").then((m) => m.default),
  fr: () => import("./fr").then((m) => m.default),
  de: () => import("./de").then((m) => m.default),
  ja: () => import("./ja").then((m) => m.default),
};
const PART_LOADERS: Record<Lang, () => Promise<PartMessages>> = {
  en: () => import("./parts/en").then((m) => m.default),
  nl: () => import("./parts/nl").then((m) => m.default),
  fr: () => import("./parts/fr").then((m) => m.default),
  de: () => import("./parts/de").then((m) => m.default),
  ja: () => import("./parts/ja").then((m) => m.default),
};
const loaded: Partial<Record<Lang, PageMessages>> = {};
const loadedParts: Partial<Record<Lang, PartMessages>> = {};
/** Whether a later part has asked for its texts (then a change of language loads them too). */
let partsWanted = false;
/** Whether `t` has the later parts' texts. */
let withParts = false;

const partsOf = async (l: Lang) => (loadedParts[l] ??= await PART_LOADERS[l]());

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
  const [dict, parts] = await Promise.all([loaded[l] ?? LOADERS[l](), partsWanted ? partsOf(l) : undefined]);
  loaded[l] = dict;
  lang = l;
  withParts = !!parts;
  t = (parts ? { ...dict, ...parts } : dict) as Messages;
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
 * it renders; a failure is the part's failure to load).
 */
export async function loadPartTexts(): Promise<void> {
  partsWanted = true;
  // (Until `t` has them in the language it is in: the language may change while they load.)
  while (!withParts) {
    const l = lang;
    const parts = await partsOf(l);
    if (lang === l && !withParts) {
      t = { ...t, ...parts };
      withParts = true;
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
