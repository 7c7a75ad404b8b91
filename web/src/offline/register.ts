/**
 * The service worker (web/src/sw/index.ts, served as /sw.js) on every visit, scope "/": checked for
 * a new version on each visit (`updateViaCache: "none"`: the browser asks the server, not its HTTP
 * cache). It keeps the app and your games for offline use and a turn sent offline until the
 * connection returns; what it reports, and going offline or online, are shown by offline/notice.tsx,
 * which comes in this chunk: the worker keeps the notice at install for every visitor anyway (to
 * show it offline), and one file weighs less than two (docs/web.md "Weights"). Registered when this
 * chunk is loaded (main.tsx, after the first paint): the page's weight budget counts every byte of app.js.
 */
import { show } from "./notice";

registerWorker();

export function registerWorker(): void {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw) return;
  const notice = show;
  sw.register("/sw.js", { scope: "/", updateViaCache: "none" }).then(
    async () => {
      // The files this page loaded before a worker controlled it (a first visit) are kept as well.
      (await sw.ready).active?.postMessage({
        type: "loaded",
        files: performance.getEntriesByType("resource").map((e) => e.name),
      });
    },
    () => {},
  );
  sw.addEventListener("message", (e: MessageEvent) => {
    if (/^canopy-/.test(e.data?.type)) notice(e.data);
  });
  addEventListener("online", () => {
    // Turns kept while offline go now (the worker also tries on its own: Background Sync, next request).
    sw.controller?.postMessage({ type: "flush" });
    notice({ type: "canopy-online" });
  });
  addEventListener("offline", () => notice({ type: "canopy-offline" }));
  if (!navigator.onLine) notice({ type: "canopy-offline" });
}
