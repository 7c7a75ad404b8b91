/**
 * Loads the Moonlight part of the game page (./ui.tsx, a chunk of its own) when the game is a
 * Moonlight game, with its texts in the page's language; meanwhile the page works without it.
 * Once loaded, the game log also words the expansion's events, and the board its pieces (text.ts's hooks).
 */
import { useEffect, useState } from "preact/hooks";
import { setMoreBoardText, setMoreEventText } from "../text";

export type MoonUi = typeof import("./ui");
export type { MoonPick } from "./model";

let mod: MoonUi | null = null;
let modLang = "";

export function useMoonUi(on: boolean, lang: string): MoonUi | null {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!on || (mod && modLang === lang)) return;
    let live = true;
    (async () => {
      const m = mod ?? (await import("./ui"));
      await m.setMoonLang(lang);
      mod = m;
      modLang = lang;
      setMoreEventText(m.moonEventText);
      setMoreBoardText(m.moonBoardText);
      if (live) rerender((n) => n + 1);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [on, lang]);
  return on ? mod : null;
}
