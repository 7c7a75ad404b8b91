/**
 * Loads the Moonlight parts of the game page for a Moonlight game, each a chunk of its own: what it
 * shows at once (./ui.tsx, with its texts in the page's language), and what a turn is planned with
 * (./play.tsx: the expansion's engine, the rules, the controls), which the page asks for on its
 * first touch, for a kept planned turn or to replay the history (the game controller asks:
 * web/src/game/ctrl.ts); meanwhile the page works without them. Once the first is loaded, the game
 * log also words the expansion's events, and the board its pieces (text.ts's hooks).
 */
import { setMoreBoardText, setMoreEventText } from "../text";
import { loadSheet } from "../ui/part";

export type MoonUi = typeof import("./ui");
export type MoonPlay = typeof import("./play");
export type { MoonPick } from "./aim";

let mod: MoonUi | null = null;

/** What the page shows of the Moonlight, its texts in `lang`. */
export async function loadMoonUi(lang: string): Promise<MoonUi> {
  // (with its stylesheet, where the docked turn's Moonlight rows are styled; none in Node's tests)
  const sheet = typeof document === "undefined" ? null : loadSheet("moon");
  const [m] = mod ? [mod] : await Promise.all([import("./ui"), sheet]);
  await m.setMoonLang(lang);
  mod = m;
  setMoreEventText(m.moonEventText);
  setMoreBoardText(m.moonBoardText);
  return m;
}

/** What a Moonlight turn is planned with, worded in the texts `ui` has (once it is loaded: loadMoonUi). */
export const loadMoonPlay = (ui: MoonUi): Promise<MoonPlay> => ui.loadPlay();

/**
 * What replaying a Moonlight game's history needs besides (./replay.ts, a chunk of its own); the
 * abilities of the game's animals come as the controller asks (./play.tsx `animalReady`).
 */
export const loadMoonReplay = (): Promise<unknown> => import("./replay");
