import { render } from "preact";
import { App } from "./app";
import { initialLang, setLang } from "./i18n";
import "./style.css";

const start = () => render(<App />, document.getElementById("app")!);
// The page appears in its language (English if that language cannot be loaded).
setLang(initialLang()).then(start, start);
