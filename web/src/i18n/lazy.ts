/**
 * A feature's texts loaded on demand, one chunk per language (the Moonlight's, the notifications
 * panel's): English is built in, the others are fetched when first asked for. One loader for every such
 * feature; each passes its own `import()`s (literal, so the bundler splits them).
 */
import { useEffect, useState } from "preact/hooks";
import type { Lang } from "./index";

export interface LazyTexts<M> {
  /** Load the texts of `lang` (English if they cannot be loaded). */
  load(lang: Lang): Promise<M>;
  /** The texts for `lang`; while another language loads, the last one shown (re-renders once loaded). */
  use(lang: Lang): M;
}

export function lazyTexts<M>(en: M, loaders: Record<Exclude<Lang, "en">, () => Promise<{ default: M }>>): LazyTexts<M> {
  const loaded: Partial<Record<Lang, M>> = { en };
  let last = en;
  const load = async (lang: Lang): Promise<M> => {
    if (!loaded[lang]) {
      const loader = lang === "en" ? undefined : loaders[lang];
      if (!loader) return en;
      loaded[lang] = (await loader()).default;
    }
    return loaded[lang] as M;
  };
  const use = (lang: Lang): M => {
    const [, rerender] = useState(0);
    useEffect(() => {
      if (!loaded[lang])
        load(lang).then(
          () => rerender((n) => n + 1),
          () => {},
        );
    }, [lang]);
    const d = loaded[lang];
    if (d) last = d;
    return d ?? last;
  };
  return { load, use };
}
