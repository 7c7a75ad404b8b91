/**
 * Counted words by each language's plural rules (Intl.PluralRules): French says "0 point", English
 * "0 points", Japanese has one form. A module of its own: only the texts that count import it (the
 * Moonlight chunk's), not the game page.
 */
import type { Lang } from "./index";

/** `forms` for `n` by the plural rules of `l`, "#" replaced by the number. */
export function plural(l: Lang, n: number, forms: { one: string; other: string }): string {
  let k = "other";
  try {
    k = new Intl.PluralRules(l).select(n);
  } catch {
    /* no Intl: the other form */
  }
  return (k === "one" ? forms.one : forms.other).replace("#", String(n));
}
