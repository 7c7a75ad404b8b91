/**
 * A feature's texts loaded on demand, one chunk per language (the Moonlight's, the notifications
 * panel's, table talk's): English is built in, or a chunk too, the others are fetched when first
 * asked for. One loader for every such
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

export function lazyTexts<M>(
  en: M | (() => Promise<{ default: M }>),
  loaders: Record<Exclude<Lang, "en">, () => Promise<{ default: M }>>,
): LazyTexts<M> {
  // English built in, or (a function) a chunk like the others: then a language that cannot be
  // loaded falls back to English's chunk.
  const lazyEn = typeof en === "function" ? (en as () => Promise<{ default: M }>) : null;
  const loaded: Partial<Record<Lang, M>> = lazyEn ? {} : { en: en as M };
  let last = loaded.en;
  const load = async (lang: Lang): Promise<M> => {
    if (!loaded[lang]) {
      const loader = lang === "en" ? lazyEn : loaders[lang];
      if (!loader) return loaded.en ?? load("en");
      loaded[lang] = (await (lazyEn && lang !== "en" ? loader().catch(() => lazyEn()) : loader())).default;
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
    // (a part using chunked English shows once its texts are loaded: its loader awaits `load`)
    return (d ?? last) as M;
  };
  return { load, use };
}
