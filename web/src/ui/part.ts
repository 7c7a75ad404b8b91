/**
 * The parts of the client loaded after a game page's first paint (the start page and signing in, the
 * lobby, the log with going away and the final scores, the notifications panel) bring their own
 * stylesheet and texts, so a game page loads only what it shows at once (issue 10's 40 KB budget):
 * - the stylesheets split off app.css, web/src/styles/<name>.css, each an entry point of the build of
 *   its own (scripts/build-web.mjs) at a fixed address, /styles/<name>.css;
 * - the later parts' texts, a second dictionary per language (web/src/i18n/parts/).
 * A part's loader waits for all of it, fetched at once, so the part appears styled and worded.
 */
import { loadPartTexts } from "../i18n";

export type Sheet = "home" | "lobby" | "moments" | "moon" | "moon-play" | "notify" | "coach" | "end";

const sheets = new Map<Sheet, Promise<void>>();

/** Adds the sheet's <link> once; settles when it has loaded (or failed: the part shows unstyled rather than not at all). */
export function loadSheet(name: Sheet): Promise<void> {
  let p = sheets.get(name);
  if (!p) {
    p = new Promise<void>((done) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `/styles/${name}.css`;
      link.onload = link.onerror = () => done();
      document.head.appendChild(link);
    });
    sheets.set(name, p);
  }
  return p;
}

/**
 * A later part's chunk (`load`, its import), once its stylesheet and the later parts' texts are here
 * too (the game page's log, styled by app.css, needs only the first of their two dictionaries, which
 * comes with the page's language: i18n/index.ts).
 */
export function loadPart<T>(sheet: Sheet, load: Promise<T>): Promise<T> {
  return Promise.all([load, loadSheet(sheet), loadPartTexts()]).then(([m]) => m);
}
