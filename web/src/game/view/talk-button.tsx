/**
 * Table talk before its panel is loaded: a seated player's page whose game's talk holds nothing
 * offers this button (the panel, its texts and its code, come when it is pressed: docs/web.md
 * "Weights"); the panel shows at once when the talk holds a message, or one comes (../ctrl.ts
 * `talk`). Pressed, it says it is loading (it keeps the focus meanwhile), then the panel takes its
 * place with the focus in its box.
 */
import { useState } from "preact/hooks";
import { t } from "../../i18n";

export function TalkButton(p: { open: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <p class="talk-open">
      <button
        type="button"
        aria-busy={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          void p.open();
        }}
      >
        {busy ? t.loading : t.talkOpen}
      </button>
    </p>
  );
}
