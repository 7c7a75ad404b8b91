/**
 * Adding a webhook: the form's state and its submit (useAddForm), and the form reading it — the
 * address with the kind it will get, kind and label, the notifications to send.
 */
import { useState } from "preact/hooks";
import { detectKind } from "../../../src/contract/notifications";
import type { WebhookApi } from "../api/more";
import type { EventType, Webhook, WebhookKind } from "../types";
import type { NotifyMessages } from "./i18n";
import { CHOOSABLE, hookErrorText } from "./words";

/** The kind a typed address will get, if it is a web address at all. */
export function detectedKind(url: string): WebhookKind | null {
  try {
    const u = new URL(url.trim());
    return u.protocol === "https:" || u.protocol === "http:" ? detectKind(u) : null;
  } catch {
    return null;
  }
}

/** The body of POST …/webhooks from the form (events only when some were left out). */
export function createBody(f: { url: string; kind: WebhookKind | ""; label: string; events: ReadonlySet<EventType> }) {
  const label = f.label.trim();
  return {
    url: f.url.trim(),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(label ? { label } : {}),
    ...(f.events.size < CHOOSABLE.length ? { events: CHOOSABLE.filter((e) => f.events.has(e)) } : {}),
  };
}

interface AddFormProps {
  n: NotifyMessages;
  hooks: WebhookApi;
  scope: string;
  onAdded: (w: Webhook, secret: string | null) => void;
}

function useAddForm(p: AddFormProps) {
  const [url, setUrl] = useState("");
  const [kind, setKind] = useState<WebhookKind | "">("");
  const [label, setLabel] = useState("");
  const [events, setEvents] = useState<ReadonlySet<EventType>>(() => new Set(CHOOSABLE));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!url.trim() || events.size === 0) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await p.hooks.create(createBody({ url, kind, label, events }));
      p.onAdded(r.webhook, r.secret);
      setUrl("");
      setLabel("");
      setKind("");
      setEvents(new Set(CHOOSABLE));
      setDone(true);
    } catch (err) {
      setError(hookErrorText(p.n, err));
    } finally {
      setBusy(false);
    }
  };
  const typeUrl = (value: string) => {
    setUrl(value);
    setDone(false);
  };
  const flip = (ev: EventType, on: boolean) =>
    setEvents((s) => {
      const next = new Set(s);
      if (on) next.add(ev);
      else next.delete(ev);
      return next;
    });
  return { url, kind, label, events, busy, error, done, submit, typeUrl, setKind, setLabel, flip };
}

type AddFormCtrl = ReturnType<typeof useAddForm>;

export function AddForm(p: AddFormProps) {
  const { n } = p;
  const f = useAddForm(p);
  const detected = detectedKind(f.url);
  const id = (x: string) => `hook-${p.scope}-${x}`;
  return (
    <form class="hook-add stack" onSubmit={f.submit} aria-labelledby={id("h")}>
      <h4 id={id("h")}>{n.addTitle}</h4>
      <label>
        <span>{n.urlLabel}</span>
        <input
          name="hookUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          required
          value={f.url}
          placeholder="https://discord.com/api/webhooks/…"
          aria-describedby={id("url-help")}
          onInput={(e) => f.typeUrl((e.target as HTMLInputElement).value)}
        />
      </label>
      <p class="muted hint" id={id("url-help")}>
        {detected ? <strong class="detected">{n.detected(n.kindNames[detected])}. </strong> : null}
        {n.urlHelp}
      </p>
      <KindAndLabel n={n} f={f} />
      <EventChoice n={n} f={f} />
      {f.events.size === 0 && <p class="warn-line">{n.eventsNone}</p>}
      <div>
        <button type="submit" class="primary add-hook" disabled={f.busy || !f.url.trim() || f.events.size === 0}>
          {f.busy ? n.adding : n.add}
        </button>
      </div>
      {f.done && (
        <p class="ok-line" role="status">
          {n.added}
        </p>
      )}
      {f.error && (
        <p class="error" role="alert">
          {f.error}
        </p>
      )}
    </form>
  );
}

function KindAndLabel({ n, f }: { n: NotifyMessages; f: AddFormCtrl }) {
  return (
    <div class="row">
      <label class="grow">
        <span>{n.kindLabel}</span>
        <select
          name="hookKind"
          value={f.kind}
          onChange={(e) => f.setKind((e.target as HTMLSelectElement).value as WebhookKind | "")}
        >
          <option value="">{n.kindAuto}</option>
          {(["discord", "slack", "json"] as const).map((k) => (
            <option value={k} key={k}>
              {n.kindNames[k]}
            </option>
          ))}
        </select>
      </label>
      <label class="grow">
        <span>{n.labelLabel}</span>
        <input
          name="hookLabel"
          maxLength={60}
          value={f.label}
          placeholder={n.labelPlaceholder}
          onInput={(e) => f.setLabel((e.target as HTMLInputElement).value)}
        />
      </label>
    </div>
  );
}

/** The notifications the webhook sends: every choosable one, all ticked at first. */
function EventChoice({ n, f }: { n: NotifyMessages; f: AddFormCtrl }) {
  return (
    <fieldset class="events">
      <legend>{n.eventsLabel}</legend>
      {CHOOSABLE.map((ev) => (
        <label class="check" key={ev}>
          <input
            type="checkbox"
            name="hookEvent"
            value={ev}
            checked={f.events.has(ev)}
            onChange={(e) => f.flip(ev, (e.target as HTMLInputElement).checked)}
          />
          <span>{n.eventNames[ev] ?? ev}</span>
        </label>
      ))}
    </fieldset>
  );
}
