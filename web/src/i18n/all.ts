/** Every dictionary at once, for tests (the app loads languages one by one through ./index). */
import nde from "../notify/i18n/de";
import nen, { type NotifyMessages } from "../notify/i18n/en";
import nfr from "../notify/i18n/fr";
import nja from "../notify/i18n/ja";
import nnl from "../notify/i18n/nl";
import de from "./de";
import en from "./en";
import fr from "./fr";
import ja from "./ja";
import nl from "./nl";
import type { Lang, Messages } from "./index";
import pde from "./parts/de";
import pen from "./parts/en";
import pfr from "./parts/fr";
import pja from "./parts/ja";
import pnl from "./parts/nl";

/** Each language's texts, the page's and the later parts' (./parts/) together, as `t` has them. */
export const DICTS: Record<Lang, Messages> = {
  en: { ...en, ...pen },
  nl: { ...nl, ...pnl },
  fr: { ...fr, ...pfr },
  de: { ...de, ...pde },
  ja: { ...ja, ...pja },
};
/** The notifications panel's texts (a chunk of their own). */
export const NOTIFY_DICTS: Record<Lang, NotifyMessages> = { en: nen, nl: nnl, fr: nfr, de: nde, ja: nja };
