/**
 * Counted words by each language's plural rules (Intl.PluralRules): French says "0 point", English
 * "0 points", Japanese has one form. Every text with a count goes through here (tests/web/plurals.test.ts
 * feeds 0, 1, 2 and 5 to each and forbids `n === 1 ? … : …` in web/src): a few hundred bytes, in the
 * page's dictionary chunk.
 */
import type { Lang } from "./index";

/** The forms of a counted text: `other` always, `one` (and for ordinals `two`, `few`) where a language has them. */
export type Forms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/**
 * The form of `forms` that the plural rules of `l` select for `n` ("#" replaced by the number);
 * `ordinal` for ranks (French "1er", "2e").
 */
export function plural(l: Lang, n: number, forms: Forms, ordinal?: boolean): string {
  let k: Intl.LDMLPluralRule = "other";
  try {
    k = new Intl.PluralRules(l, ordinal ? { type: "ordinal" } : undefined).select(n);
  } catch {
    /* no Intl: the other form */
  }
  return (forms[k] ?? forms.other).replace("#", String(n));
}

/** `plural` for one language, the two forms as arguments: the dictionaries' short form. */
export const plurals =
  (l: Lang) =>
  (n: number, one: string, other: string): string =>
    plural(l, n, { one, other });
