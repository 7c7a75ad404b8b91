/**
 * A game's delivery log: the views reading its controller (./deliveries-ctrl.ts: the newest
 * deliveries, older ones a page at a time, Resend) — the log and one delivery with its attempts.
 */
import { useEffect, useMemo, useReducer } from "preact/hooks";
import { api } from "../api/more";
import { relativeTime, whenText } from "../time";
import type { Delivery, WebhookKind } from "../types";
import { DeliveryLog } from "./deliveries-ctrl";
import type { NotifyMessages } from "./i18n";
import { attemptError, hookErrorText } from "./words";

interface DeliveriesProps {
  n: NotifyMessages;
  gameId: string;
  lang: string;
  tick: number;
  onResent: () => void;
}

/** The log's controller (./deliveries-ctrl.ts) for this game, loaded again on every tick. */
function useDeliveries(p: DeliveriesProps) {
  const c = useMemo(
    () =>
      new DeliveryLog({
        page: (q) => api.deliveries(p.gameId, q),
        redeliver: (id) => api.redeliver(p.gameId, id),
      }),
    [p.gameId],
  );
  const [, redraw] = useReducer((x: number) => x + 1, 0);
  c.redraw = () => redraw(0);
  useEffect(() => void c.refresh(), [c, p.tick]);
  return c;
}

export function Deliveries(p: DeliveriesProps) {
  const { n } = p;
  const ctrl = useDeliveries(p);
  const { rows } = ctrl;
  const error = ctrl.error === null ? null : hookErrorText(n, ctrl.error);
  const resend = (d: Delivery) => void ctrl.resend(d).then((ok) => ok && p.onResent());
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
          {rows.map((d) => (
            <DeliveryItem n={n} d={d} lang={p.lang} ctrl={ctrl} resend={resend} key={d.id} />
          ))}
        </ol>
      )}
      {ctrl.next !== null && rows && rows.length > 0 && (
        <button type="button" class="older" disabled={ctrl.loadingOlder} onClick={ctrl.older}>
          {n.older}
        </button>
      )}
    </section>
  );
}

/** Where a delivery went: the webhook's label or address (or "someone's own"), and its kind. */
function target(n: NotifyMessages, d: Delivery) {
  const who = d.target.label ?? d.target.url ?? n.someonesOwn;
  const kind = n.kindNames[d.target.kind as WebhookKind] ?? d.target.kind;
  return `${who} (${kind})`;
}

/** One delivery: what, to whom, its state, when, its last attempt (every attempt when there were several), Resend. */
function DeliveryItem(p: {
  n: NotifyMessages;
  d: Delivery;
  lang: string;
  ctrl: DeliveryLog;
  resend: (d: Delivery) => void;
}) {
  const { n, d, lang, ctrl } = p;
  const last = d.attempts.at(-1);
  const note = ctrl.note;
  return (
    <li class={`delivery ${d.state}`} data-id={d.id} data-state={d.state} data-event={d.eventType}>
      <div class="d-head">
        <strong>{n.eventNames[d.eventType] ?? d.eventType}</strong>
        <span class="muted d-target">{n.to(target(n, d))}</span>
        <span class={`badge state ${d.state}`}>{n.states[d.state] ?? d.state}</span>
      </div>
      <div class="muted d-sub">
        <time dateTime={d.createdAt} title={new Date(d.createdAt).toLocaleString(lang)}>
          {whenText(d.createdAt, lang)}
        </time>
        {" · "}
        {n.attempts(d.attempts.length)}
        {last &&
          ` · ${n.attemptLine(last.attempt, last.status, last.latencyMs, n.outcomes[last.outcome] ?? last.outcome)}`}
        {d.state === "pending" && d.nextAttemptAt && ` · ${n.nextAttempt(relativeTime(d.nextAttemptAt, lang))}`}
      </div>
      {d.attempts.length > 1 && <Attempts n={n} d={d} lang={lang} />}
      {last?.error && d.attempts.length === 1 && <div class="muted d-error">{attemptError(n, last.error)}</div>}
      <button type="button" class="resend" disabled={ctrl.busy !== null} onClick={() => p.resend(d)}>
        ↻ {n.resend}
      </button>
      {note?.id === d.id && (
        <p class={note.ok ? "ok-line" : "error"} role={note.ok ? "status" : "alert"}>
          {note.ok ? n.resent : hookErrorText(n, note.error)}
        </p>
      )}
    </li>
  );
}

function Attempts({ n, d, lang }: { n: NotifyMessages; d: Delivery; lang: string }) {
  return (
    <details class="d-attempts">
      <summary>{n.attempts(d.attempts.length)}</summary>
      <ol>
        {d.attempts.map((a) => (
          <li key={a.attempt}>
            <time dateTime={a.at}>{whenText(a.at, lang)}</time>{" "}
            {n.attemptLine(a.attempt, a.status, a.latencyMs, n.outcomes[a.outcome] ?? a.outcome)}
            {a.error ? ` — ${attemptError(n, a.error)}` : ""}
          </li>
        ))}
      </ol>
    </details>
  );
}
