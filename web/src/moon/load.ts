/**
 * Loads the Moonlight part of the game page (./ui.tsx, a chunk of its own) for a Moonlight game, with
 * its texts in the page's language; meanwhile the page works without it (the game controller asks:
 * web/src/game/ctrl.ts). Once loaded, the game log also words the expansion's events, and the board
 * its pieces (text.ts's hooks).
 */
import { setMoreBoardText, setMoreEventText } from "../text";

export type MoonUi = typeof import("./ui");
export type { MoonPick } from "./model";

let mod: MoonUi | null = null;

/** The Moonlight part, its texts in `lang`. */
export async function loadMoonUi(lang: string): Promise<MoonUi> {
  const m = mod ?? (await import("./ui"));
  await m.setMoonLang(lang);
  mod = m;
  setMoreEventText(m.moonEventText);
  setMoreBoardText(m.moonBoardText);
  return m;
}
