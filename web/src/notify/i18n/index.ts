/**
 * The panel's texts in the page's language: English is built in, the others are chunks of their
 * own, loaded on demand (and before the panel first shows: see ready()).
 */
import { useEffect, useState } from "preact/hooks";
import type { Lang } from "../../i18n";
import en, { type NotifyMessages } from "./en";

export type { NotifyMessages };

const LOADERS: Record<Lang, () => Promise<NotifyMessages>> = {
  en: async () => en,
  nl: () => import("./nl").then((m) => m.default),
  fr: () => import("./fr").then((m) => m.default),
  de: () => import("./de").then((m) => m.default),
  ja: () => import("./ja").then((m) => m.default),
};
const loaded: Partial<Record<Lang, NotifyMessages>> = { en };
let last: NotifyMessages = en;

/** Load the texts of `lang` (English if they cannot be loaded). */
export async function loadNotifyText(lang: Lang): Promise<NotifyMessages> {
  if (!loaded[lang]) {
    const loader = LOADERS[lang];
    if (!loader) return en;
    loaded[lang] = await loader();
  }
  return loaded[lang]!;
}

/** The texts for `lang`; while another language loads, the last one shown. */
export function useNotifyText(lang: Lang): NotifyMessages {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!loaded[lang])
      loadNotifyText(lang).then(
        () => rerender((n) => n + 1),
        () => {},
      );
  }, [lang]);
  const d = loaded[lang];
  if (d) last = d;
  return d ?? last;
}
