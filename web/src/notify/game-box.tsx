/**
 * A seated player's notifications box on the game page (the game's webhooks and delivery log),
 * closed: opened, it loads the panel (its own chunk, with its own texts and sheet). The same box as
 * ../ui/notify-box.tsx, which the start page and the lobby show, written again here so that it comes
 * in the game page's chunk (through ../game/more.tsx), shown with the log's sheet: as that module, it
 * is a chunk shared with the start page and the lobby, one file more on every seated player's page
 * (0.7 KB gz with the texts' loader it is grouped with: docs/web.md "Weights"). Kept outside
 * web/src/game/ so that the panel it loads stays apart from the game page (scripts/build-web.mjs:
 * a module loaded from the game page's own folders becomes one of its parts, and imports it).
 * `#notifications` in the address opens it at once (links in "webhook switched off" notices point there).
 */
import { useState } from "preact/hooks";
import { lang, t } from "../i18n";
import { Glyph } from "../ui/icons";
import { lazy } from "../ui/lazy";
import { loadPart } from "../ui/part";
import type { PanelProps } from "./panel";

/** The panel with its sheet and texts (in the page's language when first opened: it follows the page's after). */
const Panel = lazy(
  () => loadPart("notify", import("./panel")).then((m) => m.ready(lang).then(() => m.Panel)),
  () => <p class="muted">{t.loading}</p>,
);

export function GameNotify(p: Extract<PanelProps, { scope: "game" }>) {
  const [open, setOpen] = useState(() => location.hash === "#notifications");
  return (
    <details
      class="notify-box"
      id="notifications"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span class="notify-title">
          <Glyph name="bell" /> {t.notificationsTitle}
        </span>
        <span class="muted notify-hint">{t.notificationsGameHint}</span>
      </summary>
      {open && <Panel {...p} />}
    </details>
  );
}
