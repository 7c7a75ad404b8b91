/**
 * The "Notifications" box of the game page (the game's webhooks and delivery log) and of the profile
 * (your own webhooks, your Discord id). The panel itself is loaded when the box is first opened
 * (its own chunk, with its own texts), so the game page stays light. `#notifications` in the
 * address opens it at once (links in "webhook switched off" notices point there).
 */
import { useEffect, useState } from "preact/hooks";
import { t, type Lang } from "../i18n";
import { Glyph } from "./icons";
import { loadPart } from "./part";
import type { PanelProps } from "../notify/panel";

type PanelModule = typeof import("../notify/panel");

let loading: Promise<PanelModule> | null = null;

/** The panel's code and its texts in `lang` (once; a failure may be retried). */
function loadPanel(lang: Lang): Promise<PanelModule> {
  loading ??= loadPart("notify", import("../notify/panel")).catch((e) => {
    loading = null;
    throw e;
  });
  return loading.then((m) => m.ready(lang).then(() => m));
}

export function NotifyBox(p: PanelProps) {
  const [open, setOpen] = useState(() => typeof location !== "undefined" && location.hash === "#notifications");
  const [panel, setPanel] = useState<PanelModule | null>(null);
  const [failed, setFailed] = useState(false);
  // (the closed box is styled by the sheet of the part that shows it; the panel's sheet comes with it)
  useEffect(() => {
    if (!open || panel) return;
    let live = true;
    setFailed(false);
    loadPanel(p.lang as Lang).then(
      (m) => live && setPanel(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, failed]);
  const Panel = panel?.Panel;
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
      {open &&
        (Panel ? (
          <Panel {...p} />
        ) : failed ? (
          <p class="error" role="alert">
            {t.loadFailed}{" "}
            <button type="button" onClick={() => setFailed(false)}>
              {t.retry}
            </button>
          </p>
        ) : (
          <p class="muted">{t.loading}</p>
        ))}
    </details>
  );
}
