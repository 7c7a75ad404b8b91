/**
 * The lobby's texts in the page's language (a game gathering players): English is built in, the
 * others are chunks of their own, loaded on demand (before the lobby first shows: game/view/lazy.tsx
 * awaits `loadLobbyText`), so a game in play carries none of them (issue 25's weights).
 */
import { lazyTexts } from "../../i18n/lazy";
import en, { type LobbyMessages } from "./en";

export type { LobbyMessages };

const texts = lazyTexts<LobbyMessages>(en, {
  nl: () => import("./nl"),
  fr: () => import("./fr"),
  de: () => import("./de"),
  ja: () => import("./ja"),
});
/** Load the texts of `lang` (English if they cannot be loaded). */
export const loadLobbyText = texts.load;
/** The texts for `lang`; while another language loads, the last one shown. */
export const useLobbyText = texts.use;
