/**
 * The Moonlight texts in the page's language: English is built in, the others are chunks of their
 * own, loaded on demand (and before the panel first shows: see ready()).
 */
import { useEffect, useState } from "preact/hooks";
import type { Lang } from "../../i18n";
import en, { type MoonMessages } from "./en";

export type { MoonMessages };

const LOADERS: Record<Lang, () => Promise<MoonMessages>> = {
  en: async () => en,
  nl: () => import("./nl").then((m) => m.default),
  fr: () => import("./fr").then((m) => m.default),
  de: () => import("./de").then((m) => m.default),
  ja: () => import("./ja").then((m) => m.default),
};
const loaded: Partial<Record<Lang, MoonMessages>> = { en };
let last: MoonMessages = en;

/** Load the texts of `lang` (English if they cannot be loaded). */
export async function loadMoonText(lang: Lang): Promise<MoonMessages> {
  if (!loaded[lang]) {
    const loader = LOADERS[lang];
    if (!loader) return en;
    loaded[lang] = await loader();
  }
  return loaded[lang]!;
}

/** The texts for `lang`; while another language loads, the last one shown. */
export function useMoonText(lang: Lang): MoonMessages {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!loaded[lang])
      loadMoonText(lang).then(
        () => rerender((n) => n + 1),
        () => {},
      );
  }, [lang]);
  const d = loaded[lang];
  if (d) last = d;
  return d ?? last;
}
