/**
 * The panel's texts in the page's language: English is built in, the others are chunks of their
 * own, loaded on demand (and before the panel first shows: see ready()).
 */
import { lazyTexts } from "../../i18n/lazy";
import en, { type NotifyMessages } from "./en";

export type { NotifyMessages };

const texts = lazyTexts<NotifyMessages>(en, {
  nl: () => import("./nl"),
  fr: () => import("./fr"),
  de: () => import("./de"),
  ja: () => import("./ja"),
});
/** Load the texts of `lang` (English if they cannot be loaded). */
export const loadNotifyText = texts.load;
/** The texts for `lang`; while another language loads, the last one shown. */
export const useNotifyText = texts.use;
