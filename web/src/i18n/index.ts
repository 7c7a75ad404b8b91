/**
 * The five languages of the rulebooks. The browser's language is the default; a choice is
 * remembered in localStorage. `t` is the live dictionary (re-render after setLang).
 */
import de from "./de";
import en, { type Messages } from "./en";
import fr from "./fr";
import ja from "./ja";
import nl from "./nl";

export type Lang = "en" | "nl" | "fr" | "de" | "ja";
export const LANGS: readonly Lang[] = ["en", "nl", "fr", "de", "ja"];
export const DICTS: Record<Lang, Messages> = { en, nl, fr, de, ja };
export type { Messages };

const KEY = "canopy.lang";

export let t: Messages = en;
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
  const nav = typeof navigator !== "undefined" ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  return browserLang(nav.filter(Boolean));
}

export function setLang(l: Lang, remember = false): void {
  lang = l;
  t = DICTS[l];
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
