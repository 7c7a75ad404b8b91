/**
 * The five languages of the rulebooks. The browser's language is the default; a choice is
 * remembered in localStorage. Every language, English too, is a small chunk loaded on demand, so a
 * page carries exactly one (index.html preloads the one `initialLang` will pick, alongside app.js).
 * `t` is the live dictionary: main.tsx sets a language before the first render; re-render after setLang.
 */
import type { Messages } from "./en";

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
export type { Messages };

const LOADERS: Record<Lang, () => Promise<Messages>> = {
  en: () => import("./en").then((m) => m.default),
  nl: () => import("./nl").then((m) => m.default),
  fr: () => import("./fr").then((m) => m.default),
  de: () => import("./de").then((m) => m.default),
  ja: () => import("./ja").then((m) => m.default),
};
const loaded: Partial<Record<Lang, Messages>> = {};

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
  const dict = loaded[l] ?? (await LOADERS[l]());
  loaded[l] = dict;
  lang = l;
  t = dict;
  if (typeof document !== "undefined") document.documentElement.lang = l;
  if (remember) {
    try {
      localStorage.setItem(KEY, l);
    } catch {
      /* storage blocked */
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
