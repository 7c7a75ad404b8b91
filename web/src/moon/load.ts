/**
 * Loads the Moonlight part of the game page (./ui.tsx, a chunk of its own) for a Moonlight game, with
 * its texts in the page's language; meanwhile the page works without it (the game controller asks:
 * web/src/game/ctrl.ts). Once loaded, the game log also words the expansion's events, and the board
 * its pieces (text.ts's hooks).
 */
import { setMoreBoardText, setMoreEventText } from "../text";
import { loadSheet } from "../ui/part";

export type MoonUi = typeof import("./ui");
export type { MoonPick } from "./model";

let mod: MoonUi | null = null;

/** The Moonlight part, its texts in `lang`. */
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

/**
 * What replaying a Moonlight game's history needs besides (./replay.ts, a chunk of its own); the
 * abilities of the game's animals come as the controller asks (./ui.tsx `animalReady`).
 */
export const loadMoonReplay = (): Promise<unknown> => import("./replay");
