/** Every Moonlight dictionary at once, for tests. */
import de from "./de";
import en from "./en";
import fr from "./fr";
import ja from "./ja";
import nl from "./nl";

export const MOON_DICTS = { en, nl, fr, de, ja };
