/**
 * The "Notifications" box of the game page (the game's webhooks and delivery log) and of the profile
 * (your own webhooks, your Discord id). The panel itself is loaded when the box is first opened
 * (its own chunk, with its own texts), so the game page stays light. `#notifications` in the
 * address opens it at once (links in "webhook switched off" notices point there).
 */
import { useState } from "preact/hooks";
import { lang, t } from "../i18n";
import type { PanelProps } from "../notify/panel";
import { Glyph } from "./icons";
import { lazy } from "./lazy";
import { loadPart } from "./part";

/** The panel with its sheet and texts (in the page's language when first opened: it follows the page's after). */
const Panel = lazy(
  () => loadPart("notify", import("../notify/panel")).then((m) => m.ready(lang).then(() => m.Panel)),
  () => <p class="muted">{t.loading}</p>,
);

export function NotifyBox(p: PanelProps) {
  const [open, setOpen] = useState(() => typeof location !== "undefined" && location.hash === "#notifications");
  return (
    <details
      class="notify-box"
      id={p.scope === "game" ? "notifications" : "my-notifications"}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span class="notify-title">
          <Glyph name="bell" /> {t.notificationsTitle}
        </span>
        <span class="muted notify-hint">{p.scope === "game" ? t.notificationsGameHint : t.notificationsMeHint}</span>
      </summary>
      {open && <Panel {...p} />}
    </details>
  );
}
