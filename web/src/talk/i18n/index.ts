/**
 * Table talk's texts in the page's language: English is built in, the others are chunks of their
 * own, loaded on demand (before the panel first shows: game/view/lazy.tsx awaits `loadTalkText`).
 */
import { lazyTexts } from "../../i18n/lazy";
import en, { type TalkMessages } from "./en";

export type { TalkMessages };

const texts = lazyTexts<TalkMessages>(en, {
  nl: () => import("./nl"),
  fr: () => import("./fr"),
  de: () => import("./de"),
  ja: () => import("./ja"),
});
/** Load the texts of `lang` (English if they cannot be loaded). */
export const loadTalkText = texts.load;
/** The texts for `lang`; while another language loads, the last one shown. */
export const useTalkText = texts.use;
