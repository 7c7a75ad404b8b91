/**
 * Table talk's texts in the page's language: every language, English too, a chunk of its own,
 * loaded on demand (before the panel first shows: game/view/lazy.tsx awaits `loadTalkText`), so a
 * page carries only its own language's (docs/web.md "Weights").
 */
import { lazyTexts } from "../../i18n/lazy";
import type { TalkMessages } from "./en";

export type { TalkMessages };

const texts = lazyTexts<TalkMessages>(() => import("./en"), {
  nl: () => import("./nl"),
  fr: () => import("./fr"),
  de: () => import("./de"),
  ja: () => import("./ja"),
});
/** Load the texts of `lang` (English if they cannot be loaded). */
export const loadTalkText = texts.load;
/** The texts for `lang`; while another language loads, the last one shown. */
export const useTalkText = texts.use;
