/**
 * The webhooks of a game's channel or your own: their state and actions (useWebhooks: the list, one
 * action at a time, a refusal shown by its webhook, a new signing secret shown once, test results)
 * and the views reading it — the list, one webhook, its buttons.
 */
import { useEffect, useState } from "preact/hooks";
import type { WebhookApi } from "../api/more";
import { relativeTime } from "../time";
import type { Webhook, WebhookTestResult } from "../types";
import { CopyField } from "../ui/copy";
import { AddForm } from "./add-form";
import type { NotifyMessages } from "./i18n";
import { attemptError, hookErrorText, hookName, MAX_WEBHOOKS, offText } from "./words";

export interface WebhooksProps {
  n: NotifyMessages;
  base: string;
  hooks: WebhookApi;
  scope: "game" | "me";
  canAdd: boolean;
  lang: string;
  tick: number;
  onSent: () => void;
}

function useWebhooks(p: WebhooksProps) {
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
  const added = (w: Webhook, s: string | null) => {
    setHooks((hs) => [...(hs ?? []).filter((x) => x.id !== w.id), w]);
    if (s) setSecret({ id: w.id, value: s });
  };
  const secretSeen = () => setSecret(null);
  return { hooks, error, busy, secret, tests, itemError, test, toggle, rotate, remove, added, secretSeen };
}

type WebhooksCtrl = ReturnType<typeof useWebhooks>;

export function Webhooks(p: WebhooksProps) {
  const { n } = p;
  const ctrl = useWebhooks(p);
  const { hooks, error } = ctrl;
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
          {hooks.map((w) => (
            <Hook n={n} w={w} lang={p.lang} ctrl={ctrl} key={w.id} />
          ))}
        </ul>
      )}
      {p.canAdd &&
        hooks &&
        (hooks.length < MAX_WEBHOOKS ? (
          <AddForm n={n} hooks={p.hooks} scope={p.scope} onAdded={ctrl.added} />
        ) : (
          <p class="muted limit">{n.limitReached(MAX_WEBHOOKS)}</p>
        ))}
    </section>
  );
}

/** One webhook: its name, kind and state, address, what it sends and when it last did, then what was just done to it. */
function Hook({ n, w, lang, ctrl }: { n: NotifyMessages; w: Webhook; lang: string; ctrl: WebhooksCtrl }) {
  const result = ctrl.tests[w.id];
  return (
    <li class={`hook${w.enabled ? "" : " off"}`} data-id={w.id} data-kind={w.kind} data-enabled={String(w.enabled)}>
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
              ? n.lastNoAnswer(relativeTime(w.lastAttemptAt, lang))
              : n.lastAnswer(w.lastStatus, relativeTime(w.lastAttemptAt, lang))}
        </span>
      </p>
      {!w.mayManage && <p class="muted added-by">{n.addedBy(w.createdByName ?? "?")}</p>}
      {ctrl.secret?.id === w.id && <NewSecret n={n} value={ctrl.secret.value} onDone={ctrl.secretSeen} />}
      {result && <TestResult n={n} result={result} />}
      {ctrl.itemError?.id === w.id && (
        <p class="error" role="alert">
          {ctrl.itemError.text}
        </p>
      )}
      <HookButtons n={n} w={w} ctrl={ctrl} />
    </li>
  );
}

/** A json webhook's signing secret, shown once: when it is made and when a new one is asked for. */
function NewSecret({ n, value, onDone }: { n: NotifyMessages; value: string; onDone: () => void }) {
  return (
    <div class="secret" role="status">
      <strong>{n.secretTitle}</strong>
      <p class="hint">{n.secretHelp}</p>
      <CopyField value={value} label={n.secretTitle} />
      <button type="button" class="secret-done" onClick={onDone}>
        {n.secretDone}
      </button>
    </div>
  );
}

function TestResult({ n, result }: { n: NotifyMessages; result: WebhookTestResult }) {
  return (
    <p class={`test-result ${result.delivered ? "ok" : "fail"}`} role="status">
      {result.delivered
        ? n.testDelivered(result.status, result.latencyMs)
        : n.testFailed(result.status, result.latencyMs)}
      {!result.delivered && result.error ? ` — ${attemptError(n, result.error)}` : ""}
    </p>
  );
}

/** Send a test (anyone who sees the webhook); switch off/on, new signing secret, delete (who may manage it). */
function HookButtons({ n, w, ctrl }: { n: NotifyMessages; w: Webhook; ctrl: WebhooksCtrl }) {
  const busy = ctrl.busy !== null;
  return (
    <div class="hook-buttons">
      <button type="button" class="test" disabled={busy} onClick={() => void ctrl.test(w)}>
        {ctrl.busy === `${w.id}:test` ? n.testing : n.sendTest}
      </button>
      {w.mayManage && (
        <>
          <button type="button" class="toggle" disabled={busy} onClick={() => void ctrl.toggle(w)}>
            {w.enabled ? n.switchOff : n.switchOn}
          </button>
          {w.kind === "json" && (
            <button type="button" class="rotate" disabled={busy} onClick={() => ctrl.rotate(w)}>
              {n.rotateSecret}
            </button>
          )}
          <button type="button" class="danger link delete" disabled={busy} onClick={() => ctrl.remove(w)}>
            {n.remove}
          </button>
        </>
      )}
    </div>
  );
}
