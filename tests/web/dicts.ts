/** Every dictionary of the web client at once, for tests (the app loads languages one by one: web/src/i18n/index.ts). */
import nde from "../../web/src/notify/i18n/de";
import nen, { type NotifyMessages } from "../../web/src/notify/i18n/en";
import nfr from "../../web/src/notify/i18n/fr";
import nja from "../../web/src/notify/i18n/ja";
import nnl from "../../web/src/notify/i18n/nl";
import de from "../../web/src/i18n/de";
import en from "../../web/src/i18n/en";
import fr from "../../web/src/i18n/fr";
import ja from "../../web/src/i18n/ja";
import nl from "../../web/src/i18n/nl";
import type { Lang, Messages } from "../../web/src/i18n/index";
import lde from "../../web/src/game/lobby-i18n/de";
import len, { type LobbyMessages } from "../../web/src/game/lobby-i18n/en";
import lfr from "../../web/src/game/lobby-i18n/fr";
import lja from "../../web/src/game/lobby-i18n/ja";
import lnl from "../../web/src/game/lobby-i18n/nl";
import tde from "../../web/src/talk/i18n/de";
import ten, { type TalkMessages } from "../../web/src/talk/i18n/en";
import tfr from "../../web/src/talk/i18n/fr";
import tja from "../../web/src/talk/i18n/ja";
import tnl from "../../web/src/talk/i18n/nl";
import mde from "../../web/src/moon/i18n/de";
import men from "../../web/src/moon/i18n/en";
import mfr from "../../web/src/moon/i18n/fr";
import mja from "../../web/src/moon/i18n/ja";
import mnl from "../../web/src/moon/i18n/nl";
import mpde from "../../web/src/moon/i18n/play/de";
import mpen from "../../web/src/moon/i18n/play/en";
import mpfr from "../../web/src/moon/i18n/play/fr";
import mpja from "../../web/src/moon/i18n/play/ja";
import mpnl from "../../web/src/moon/i18n/play/nl";
import pde from "../../web/src/i18n/parts/de";
import pen from "../../web/src/i18n/parts/en";
import pfr from "../../web/src/i18n/parts/fr";
import pja from "../../web/src/i18n/parts/ja";
import pnl from "../../web/src/i18n/parts/nl";
import rde from "../../web/src/i18n/rest/de";
import ren from "../../web/src/i18n/rest/en";
import rfr from "../../web/src/i18n/rest/fr";
import rja from "../../web/src/i18n/rest/ja";
import rnl from "../../web/src/i18n/rest/nl";

/** Each language's texts, the page's and the later parts' (./parts/, ./rest/) together, as `t` has them. */
export const DICTS: Record<Lang, Messages> = {
  en: { ...en, ...pen, ...ren },
  nl: { ...nl, ...pnl, ...rnl },
  fr: { ...fr, ...pfr, ...rfr },
  de: { ...de, ...pde, ...rde },
  ja: { ...ja, ...pja, ...rja },
};
/** The notifications panel's texts (a chunk of their own). */
export const NOTIFY_DICTS: Record<Lang, NotifyMessages> = { en: nen, nl: nnl, fr: nfr, de: nde, ja: nja };
/** Under the Moonlight's texts (a chunk of their own). */
export const LOBBY_DICTS: Record<Lang, LobbyMessages> = { en: len, nl: lnl, fr: lfr, de: lde, ja: lja };

export const TALK_DICTS: Record<Lang, TalkMessages> = { en: ten, nl: tnl, fr: tfr, de: tde, ja: tja };

/** Under the Moonlight's texts: what the page shows at once (a chunk of their own a language), … */
export const MOON_TEXTS = { en: men, nl: mnl, fr: mfr, de: mde, ja: mja };
/** … and with those of the part a turn is planned with (./play/), as that part has them. */
export const MOON_DICTS = {
  en: { ...men, ...mpen },
  nl: { ...mnl, ...mpnl },
  fr: { ...mfr, ...mpfr },
  de: { ...mde, ...mpde },
  ja: { ...mja, ...mpja },
};
