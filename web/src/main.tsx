import { render } from "preact";
import { App } from "./app";
import { initialLang, setLang } from "./i18n";
import "./style.css";

setLang(initialLang());
render(<App />, document.getElementById("app")!);
