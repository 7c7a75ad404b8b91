/**
 * Table talk before its panel is loaded: a seated player's page whose game's talk holds nothing
 * offers this button (the panel, its texts and its code, come when it is pressed: docs/web.md
 * "Weights"); the panel shows at once when the talk holds a message, or one comes (../ctrl.ts
 * `talk`). Pressed, it says it is loading (it keeps the focus meanwhile), then the panel takes its
 * place with the focus in its box — as when a message comes while the focus is on it.
 */
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { t } from "../../i18n";

/** Table talk's card and heading, as its panel (web/src/talk/panel.tsx) has them: the place reads the same before and after the panel comes. */
export function TalkCard(p: { children: ComponentChildren }) {
  return (
    <section class="card talk" aria-labelledby="talk-h">
      <h2 id="talk-h">{t.talkTitle}</h2>
      {p.children}
    </section>
  );
}

export function TalkButton(p: {
  open: () => Promise<unknown>;
  /** It goes with the focus on it (a message came, and the panel takes its place): the panel's box takes the focus. */
  leftFocused: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // (a layout effect's cleanup runs before the button leaves the page, the focus still on it; an
  // effect's runs after the paint, when it has gone with the focus)
  useLayoutEffect(
    () => () => {
      if (button.current && document.activeElement === button.current) p.leftFocused();
    },
    [],
  );
  return (
    <TalkCard>
      <p class="talk-open">
        <button
          ref={button}
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
    </TalkCard>
  );
}
