import { render } from "preact";
import { App, pageReady } from "./app";
import { initialLang, setLang } from "./i18n";
import "./style.css";

const start = () => render(<App />, document.getElementById("app")!);
// The page appears in its language (English if that language cannot be loaded; if not even English
// can be, a plain line in the page says so), with its page's code (the game page's chunk) there.
Promise.all([setLang(initialLang()).catch(() => setLang("en")), pageReady()])
  .then(start, () => {
    document.getElementById("app")!.textContent = "Canopy could not be loaded. Check your connection and reload.";
  })
  // After the first paint, the service worker for offline use: a chunk of its own (the page's weight).
  .finally(() => import("./offline/register"));
