/**
 * The notifications panel (loaded on demand by ui/notify-box.tsx): webhooks of a game's channel or
 * your own (list, add, send a test, switch off/on, new signing secret, delete), the game's delivery
 * log with Resend, and your Discord id. The API: src/api/notifications.ts (URLs come back redacted;
 * a json webhook's secret only in the answer that makes it).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { detectKind, EVENT_TYPES } from "../../../src/contract/notifications";
import { ApiError, api, type WebhookApi } from "../api/more";
import { errorText } from "../errors";
import type { Lang } from "../i18n";
import { relativeTime, whenText } from "../text";
import type { Delivery, EventType, Webhook, WebhookKind, WebhookTestResult } from "../types";
import { CopyField } from "../ui/copy";
import { loadNotifyText, useNotifyText, type NotifyMessages } from "./i18n";
import { PushToggle } from "./push-toggle";

export type PanelProps =
  | { scope: "game"; gameId: string; lang: string; canAdd: boolean }
  | { scope: "me"; lang: string };

/** Webhooks per game and per player (the server's limit). */
export const MAX_WEBHOOKS = 5;
/** The notifications one may choose (webhook.* notices are always sent). */
export const CHOOSABLE: readonly EventType[] = EVENT_TYPES.filter((e) => !e.startsWith("webhook."));
const PAGE = 10;
const enc = encodeURIComponent;

/** An error in the panel's words: the refusals of a webhook explained, anything else as the page says it. */
export function hookErrorText(n: NotifyMessages, e: unknown): string {
  if (e instanceof ApiError) {
    // The server's own words say exactly what was wrong with an address; they follow the explanation.
    const detail = e.message && e.message !== e.code ? ` (${e.message})` : "";
    switch (e.code) {
      case "WEBHOOKS_NOT_CONFIGURED":
        return n.errNotConfigured;
      case "BAD_WEBHOOK_URL":
        return n.errBadUrl + detail;
      case "BAD_WEBHOOK_KIND":
        return n.errBadKind + detail;
      case "TOO_MANY_WEBHOOKS":
        return n.errTooMany;
      case "NOT_WEBHOOK_OWNER":
        return n.errNotOwner;
    }
  }
  return errorText(e);
}

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

// ---- webhooks -------------------------------------------------------------------------------

const hookName = (n: NotifyMessages, w: Webhook) => w.label ?? n.kindNames[w.kind];

/** How the server words a webhook switched off because its address is refused (src/notify/directory.ts). */
const REFUSED = "address refused:";

/**
 * A delivery attempt's error in the panel's words: a connection that could not be made is said
 * plainly (older deliveries kept the runtime's "internal error; reference = …"); others as stored.
 */
export function attemptError(n: NotifyMessages, error: string): string {
  return /internal error|reference\s*=|^could not connect to the address/i.test(error) ? n.connectFailed : error;
}

function offText(n: NotifyMessages, reason: string | null): string {
  if (!reason || reason === "switched off by a player") return n.offByPlayer;
  if (reason === "no answer") return n.offNoAnswer;
  if (reason.startsWith(REFUSED)) return n.offRefused;
  return n.offAfter(reason);
}

function Webhooks(p: {
  n: NotifyMessages;
  base: string;
  hooks: WebhookApi;
  scope: "game" | "me";
  canAdd: boolean;
  lang: string;
  tick: number;
  onSent: () => void;
}) {
  const { n } = p;
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null);
  const [tests, setTests] = useState<Record<string, WebhookTestResult>>({});
  const [itemError, setItemError] = useState<{ id: string; text: string } | null>(null);

  const load = () =>
    p.hooks.list().then(
      (r) => {
        setHooks(r.webhooks);
        setError(null);
      },
      (e) => setError(hookErrorText(n, e)),
    );
  useEffect(() => void load(), [p.base, p.tick]);

  const replace = (w: Webhook) => setHooks((hs) => (hs ?? []).map((x) => (x.id === w.id ? w : x)));
  const act = async (w: Webhook, what: string, f: () => Promise<void>) => {
    setBusy(`${w.id}:${what}`);
    setItemError(null);
    try {
      await f();
    } catch (e) {
      setItemError({ id: w.id, text: hookErrorText(n, e) });
    } finally {
      setBusy(null);
    }
  };
  const test = (w: Webhook) =>
    act(w, "test", async () => {
      setTests(({ [w.id]: _, ...rest }) => rest);
      const r = await p.hooks.test(w.id);
      setTests((x) => ({ ...x, [w.id]: r }));
      p.onSent();
    });
  const toggle = (w: Webhook) =>
    act(w, "toggle", async () => replace((await p.hooks.change(w.id, { enabled: !w.enabled })).webhook));
  const rotate = (w: Webhook) => {
    if (!confirm(n.rotateConfirm)) return;
    void act(w, "rotate", async () => {
      const r = await p.hooks.change(w.id, { rotateSecret: true });
      replace(r.webhook);
      if (r.secret) setSecret({ id: w.id, value: r.secret });
    });
  };
  const remove = (w: Webhook) => {
    if (!confirm(n.removeConfirm(hookName(n, w)))) return;
    void act(w, "delete", async () => {
      await p.hooks.remove(w.id);
      setHooks((hs) => (hs ?? []).filter((x) => x.id !== w.id));
      setSecret((s) => (s?.id === w.id ? null : s));
    });
  };

  const titleId = `hooks-${p.scope}-h`;
  return (
    <section class="hooks" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {p.scope === "game" ? n.gameHooksTitle : n.myHooksTitle}
        {hooks && <span class="muted count"> · {n.count(hooks.length, MAX_WEBHOOKS)}</span>}
      </h3>
      <p class="muted hint">{p.scope === "game" ? n.gameHooksHelp : n.myHooksHelp}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {hooks && hooks.length === 0 && !error && <p class="muted">{n.noHooks}</p>}
      {hooks && hooks.length > 0 && (
        <ul class="hook-list">
          {hooks.map((w) => {
            const result = tests[w.id];
            const doing = (what: string) => busy === `${w.id}:${what}`;
            return (
              <li
                class={`hook${w.enabled ? "" : " off"}`}
                key={w.id}
                data-id={w.id}
                data-kind={w.kind}
                data-enabled={String(w.enabled)}
              >
                <div class="hook-head">
                  <strong class="hook-name">{hookName(n, w)}</strong>
                  <span class="badge kind">{n.kindNames[w.kind]}</span>
                  <span class={`badge ${w.enabled ? "on" : "out"}`}>{w.enabled ? n.on : n.off}</span>
                </div>
                <code class="hook-url">{w.url}</code>
                {!w.enabled && <p class="warn-line off-reason">{offText(n, w.disabledReason)}</p>}
                <p class="muted hook-meta">
                  {w.events ? n.someEvents(w.events.map((e) => n.eventNames[e] ?? e).join(", ")) : n.allEvents}
                  {" · "}
                  <span class="last">
                    {w.lastAttemptAt === null
                      ? n.neverUsed
                      : w.lastStatus === null
                        ? n.lastNoAnswer(relativeTime(w.lastAttemptAt, p.lang))
                        : n.lastAnswer(w.lastStatus, relativeTime(w.lastAttemptAt, p.lang))}
                  </span>
                </p>
                {!w.mayManage && <p class="muted added-by">{n.addedBy(w.createdByName ?? "?")}</p>}
                {secret?.id === w.id && (
                  <div class="secret" role="status">
                    <strong>{n.secretTitle}</strong>
                    <p class="hint">{n.secretHelp}</p>
                    <CopyField value={secret.value} label={n.secretTitle} />
                    <button type="button" class="secret-done" onClick={() => setSecret(null)}>
                      {n.secretDone}
                    </button>
                  </div>
                )}
                {result && (
                  <p class={`test-result ${result.delivered ? "ok" : "fail"}`} role="status">
                    {result.delivered
                      ? n.testDelivered(result.status, result.latencyMs)
                      : n.testFailed(result.status, result.latencyMs)}
                    {!result.delivered && result.error ? ` — ${attemptError(n, result.error)}` : ""}
                  </p>
                )}
                {itemError?.id === w.id && (
                  <p class="error" role="alert">
                    {itemError.text}
                  </p>
                )}
                <div class="hook-buttons">
                  <button type="button" class="test" disabled={busy !== null} onClick={() => void test(w)}>
                    {doing("test") ? n.testing : n.sendTest}
                  </button>
                  {w.mayManage && (
                    <>
                      <button type="button" class="toggle" disabled={busy !== null} onClick={() => void toggle(w)}>
                        {w.enabled ? n.switchOff : n.switchOn}
                      </button>
                      {w.kind === "json" && (
                        <button type="button" class="rotate" disabled={busy !== null} onClick={() => rotate(w)}>
                          {n.rotateSecret}
                        </button>
                      )}
                      <button
                        type="button"
                        class="danger link delete"
                        disabled={busy !== null}
                        onClick={() => remove(w)}
                      >
                        {n.remove}
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {p.canAdd &&
        hooks &&
        (hooks.length < MAX_WEBHOOKS ? (
          <AddForm
            n={n}
            base={p.base}
            hooks={p.hooks}
            scope={p.scope}
            onAdded={(w, s) => {
              setHooks((hs) => [...(hs ?? []).filter((x) => x.id !== w.id), w]);
              if (s) setSecret({ id: w.id, value: s });
            }}
          />
        ) : (
          <p class="muted limit">{n.limitReached(MAX_WEBHOOKS)}</p>
        ))}
    </section>
  );
}

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

function AddForm(p: {
  n: NotifyMessages;
  base: string;
  hooks: WebhookApi;
  scope: string;
  onAdded: (w: Webhook, secret: string | null) => void;
}) {
  const { n } = p;
  const [url, setUrl] = useState("");
  const [kind, setKind] = useState<WebhookKind | "">("");
  const [label, setLabel] = useState("");
  const [events, setEvents] = useState<ReadonlySet<EventType>>(() => new Set(CHOOSABLE));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const detected = detectedKind(url);
  const id = (x: string) => `hook-${p.scope}-${x}`;

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
      setError(hookErrorText(n, err));
    } finally {
      setBusy(false);
    }
  };
  const flip = (ev: EventType, on: boolean) =>
    setEvents((s) => {
      const next = new Set(s);
      if (on) next.add(ev);
      else next.delete(ev);
      return next;
    });

  return (
    <form class="hook-add stack" onSubmit={submit} aria-labelledby={id("h")}>
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
          value={url}
          placeholder="https://discord.com/api/webhooks/…"
          aria-describedby={id("url-help")}
          onInput={(e) => {
            setUrl((e.target as HTMLInputElement).value);
            setDone(false);
          }}
        />
      </label>
      <p class="muted hint" id={id("url-help")}>
        {detected ? <strong class="detected">{n.detected(n.kindNames[detected])}. </strong> : null}
        {n.urlHelp}
      </p>
      <div class="row">
        <label class="grow">
          <span>{n.kindLabel}</span>
          <select
            name="hookKind"
            value={kind}
            onChange={(e) => setKind((e.target as HTMLSelectElement).value as WebhookKind | "")}
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
            value={label}
            placeholder={n.labelPlaceholder}
            onInput={(e) => setLabel((e.target as HTMLInputElement).value)}
          />
        </label>
      </div>
      <fieldset class="events">
        <legend>{n.eventsLabel}</legend>
        {CHOOSABLE.map((ev) => (
          <label class="check" key={ev}>
            <input
              type="checkbox"
              name="hookEvent"
              value={ev}
              checked={events.has(ev)}
              onChange={(e) => flip(ev, (e.target as HTMLInputElement).checked)}
            />
            <span>{n.eventNames[ev] ?? ev}</span>
          </label>
        ))}
      </fieldset>
      {events.size === 0 && <p class="warn-line">{n.eventsNone}</p>}
      <div>
        <button type="submit" class="primary add-hook" disabled={busy || !url.trim() || events.size === 0}>
          {busy ? n.adding : n.add}
        </button>
      </div>
      {done && (
        <p class="ok-line" role="status">
          {n.added}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

// ---- the delivery log -----------------------------------------------------------------------

function Deliveries(p: { n: NotifyMessages; gameId: string; lang: string; tick: number; onResent: () => void }) {
  const { n } = p;
  const [rows, setRows] = useState<Delivery[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState<{ id: number; text: string; ok: boolean } | null>(null);
  // A refresh shows the newest deliveries again, as many as were shown. Only the latest request
  // (a refresh or a page of older ones) is taken, so the two never mix.
  const shown = useRef(PAGE);
  const latest = useRef(0);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    const mine = ++latest.current;
    setLoadingOlder(false);
    api.deliveries(p.gameId, { limit: Math.min(200, Math.max(PAGE, shown.current)) }).then(
      (r) => {
        if (mine !== latest.current) return;
        setRows(r.deliveries);
        setNext(r.next);
        setError(null);
      },
      (e) => mine === latest.current && setError(hookErrorText(n, e)),
    );
  }, [p.gameId, p.tick]);

  const older = () => {
    if (next === null) return;
    const mine = ++latest.current;
    // Count the page asked for as shown already: a refresh that lands meanwhile supersedes this
    // request and then loads it too, so the click is never lost.
    shown.current = (rows?.length ?? 0) + PAGE;
    setLoadingOlder(true);
    api.deliveries(p.gameId, { limit: PAGE, before: next }).then(
      (r) => {
        if (mine !== latest.current) return;
        setRows((rs) => {
          const all = [...(rs ?? []), ...r.deliveries.filter((d) => !(rs ?? []).some((x) => x.id === d.id))];
          shown.current = all.length;
          return all;
        });
        setNext(r.next);
        setLoadingOlder(false);
      },
      (e) => {
        if (mine !== latest.current) return;
        setError(hookErrorText(n, e));
        setLoadingOlder(false);
      },
    );
  };

  const resend = async (d: Delivery) => {
    setBusy(d.id);
    setNote(null);
    try {
      const r = await api.redeliver(p.gameId, d.id);
      setRows((rs) => (rs ?? []).map((x) => (x.id === d.id ? r.delivery : x)));
      setNote({ id: d.id, text: n.resent, ok: true });
      p.onResent();
    } catch (e) {
      setNote({ id: d.id, text: hookErrorText(n, e), ok: false });
    } finally {
      setBusy(null);
    }
  };

  const target = (d: Delivery) => {
    const who = d.target.label ?? d.target.url ?? n.someonesOwn;
    const kind = n.kindNames[d.target.kind as WebhookKind] ?? d.target.kind;
    return `${who} (${kind})`;
  };

  return (
    <section class="deliveries" aria-labelledby="deliveries-h">
      <h3 id="deliveries-h">{n.deliveriesTitle}</h3>
      <p class="muted hint">{n.deliveriesHelp}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && !error && <p class="muted">{n.noDeliveries}</p>}
      {rows && rows.length > 0 && (
        <ol class="delivery-list">
          {rows.map((d) => {
            const last = d.attempts.at(-1);
            return (
              <li class={`delivery ${d.state}`} key={d.id} data-id={d.id} data-state={d.state} data-event={d.eventType}>
                <div class="d-head">
                  <strong>{n.eventNames[d.eventType] ?? d.eventType}</strong>
                  <span class="muted d-target">{n.to(target(d))}</span>
                  <span class={`badge state ${d.state}`}>{n.states[d.state] ?? d.state}</span>
                </div>
                <div class="muted d-sub">
                  <time dateTime={d.createdAt} title={new Date(d.createdAt).toLocaleString(p.lang)}>
                    {whenText(d.createdAt, p.lang)}
                  </time>
                  {" · "}
                  {n.attempts(d.attempts.length)}
                  {last &&
                    ` · ${n.attemptLine(last.attempt, last.status, last.latencyMs, n.outcomes[last.outcome] ?? last.outcome)}`}
                  {d.state === "pending" &&
                    d.nextAttemptAt &&
                    ` · ${n.nextAttempt(relativeTime(d.nextAttemptAt, p.lang))}`}
                </div>
                {d.attempts.length > 1 && (
                  <details class="d-attempts">
                    <summary>{n.attempts(d.attempts.length)}</summary>
                    <ol>
                      {d.attempts.map((a) => (
                        <li key={a.attempt}>
                          <time dateTime={a.at}>{whenText(a.at, p.lang)}</time>{" "}
                          {n.attemptLine(a.attempt, a.status, a.latencyMs, n.outcomes[a.outcome] ?? a.outcome)}
                          {a.error ? ` — ${attemptError(n, a.error)}` : ""}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
                {last?.error && d.attempts.length === 1 && (
                  <div class="muted d-error">{attemptError(n, last.error)}</div>
                )}
                <button type="button" class="resend" disabled={busy !== null} onClick={() => void resend(d)}>
                  ↻ {n.resend}
                </button>
                {note?.id === d.id && (
                  <p class={note.ok ? "ok-line" : "error"} role={note.ok ? "status" : "alert"}>
                    {note.text}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {next !== null && rows && rows.length > 0 && (
        <button type="button" class="older" disabled={loadingOlder} onClick={older}>
          {n.older}
        </button>
      )}
    </section>
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
