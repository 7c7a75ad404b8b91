/**
 * The notifications panel (loaded on demand by ui/notify-box.tsx): webhooks of a game's channel or
 * your own (list, add, send a test, switch off/on, new signing secret, delete), the game's delivery
 * log with Resend, and your Discord id. The API: src/api/notifications.ts (URLs come back redacted;
 * a json webhook's secret only in the answer that makes it).
 * Its parts, each a small controller hook and the views reading it: webhooks.tsx (with
 * add-form.tsx), deliveries.tsx, push-toggle.tsx; words.ts says the server's answers in its words.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api/more";
import type { Lang } from "../i18n";
import { Deliveries } from "./deliveries";
import { loadNotifyText, useNotifyText, type NotifyMessages } from "./i18n";
import { PushToggle } from "./push-toggle";
import { Webhooks } from "./webhooks";
import { hookErrorText } from "./words";

export { createBody, detectedKind } from "./add-form";
export { attemptError, CHOOSABLE, hookErrorText, MAX_WEBHOOKS } from "./words";

export type PanelProps =
  | { scope: "game"; gameId: string; lang: string; canAdd: boolean }
  | { scope: "me"; lang: string };

const enc = encodeURIComponent;

/** Resolves when the panel's texts in `lang` are there (so it first shows in the page's language). */
export async function ready(lang: Lang): Promise<void> {
  await loadNotifyText(lang).catch(() => undefined);
}

export function Panel(p: PanelProps) {
  const n = useNotifyText(p.lang as Lang);
  // Bumped to reload the lists (the Refresh button, and a little after a test or a resend).
  const [tick, setTick] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refreshSoon = () => {
    setTick((x) => x + 1);
    // Deliveries go out from the game's alarm, a moment later.
    for (const ms of [1500, 5000]) timers.current.push(setTimeout(() => setTick((x) => x + 1), ms));
  };
  const base = p.scope === "game" ? `/api/games/${enc(p.gameId)}/webhooks` : "/api/me/webhooks";
  const hooks = api.webhooks(p.scope === "game" ? p.gameId : null);
  return (
    <div class="notify-panel" data-scope={p.scope}>
      <p class="notify-tools">
        <button type="button" class="refresh" onClick={() => setTick((x) => x + 1)}>
          ↻ {n.refresh}
        </button>
      </p>
      {p.scope === "me" && <PushToggle n={n} />}
      {p.scope === "me" && <DiscordId n={n} />}
      <Webhooks
        n={n}
        base={base}
        hooks={hooks}
        scope={p.scope}
        canAdd={p.scope === "me" || p.canAdd}
        lang={p.lang}
        tick={tick}
        onSent={refreshSoon}
      />
      {p.scope === "game" && <Deliveries n={n} gameId={p.gameId} lang={p.lang} tick={tick} onResent={refreshSoon} />}
    </div>
  );
}

// ---- your Discord id ------------------------------------------------------------------------

function DiscordId({ n }: { n: NotifyMessages }) {
  const [value, setValue] = useState("");
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.me().then(
      (me) => {
        setValue(me.discordUserId ?? "");
        setLoaded(true);
      },
      (e) => setError(hookErrorText(n, e)),
    );
  }, []);
  const save = async (e: Event) => {
    e.preventDefault();
    const v = value.trim();
    setSaved(false);
    if (v && !/^\d{15,21}$/.test(v)) return setError(n.discordInvalid);
    setBusy(true);
    setError(null);
    try {
      const me = await api.updateMe(v || null);
      setValue(me.discordUserId ?? "");
      setSaved(true);
    } catch (err) {
      setError(hookErrorText(n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="discord" aria-labelledby="discord-h">
      <h3 id="discord-h">{n.discordTitle}</h3>
      <form class="row" onSubmit={save}>
        <label class="grow">
          <span>{n.discordLabel}</span>
          <input
            name="discordUserId"
            inputMode="numeric"
            autoComplete="off"
            spellcheck={false}
            maxLength={21}
            value={value}
            placeholder="123456789012345678"
            aria-describedby="discord-help"
            onInput={(e) => {
              setValue((e.target as HTMLInputElement).value);
              setSaved(false);
            }}
          />
        </label>
        <button type="submit" class="save-discord" disabled={busy || !loaded}>
          {n.save}
        </button>
      </form>
      <p class="muted hint" id="discord-help">
        {n.discordHelp}
      </p>
      {saved && (
        <p class="ok-line" role="status">
          {n.saved}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
