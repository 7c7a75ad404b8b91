/** Every dictionary at once, for tests (the app loads languages one by one through ./index). */
import de from "./de";
import en from "./en";
import fr from "./fr";
import ja from "./ja";
import nl from "./nl";
import type { Lang, Messages } from "./index";

export const DICTS: Record<Lang, Messages> = { en, nl, fr, de, ja };
