/**
 * A game's delivery log: its state and actions (useDeliveries: the newest deliveries, older ones a
 * page at a time, Resend) and the views reading it — the log and one delivery with its attempts.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api/more";
import { relativeTime, whenText } from "../time";
import type { Delivery, WebhookKind } from "../types";
import type { NotifyMessages } from "./i18n";
import { attemptError, hookErrorText } from "./words";

const PAGE = 10;

interface DeliveriesProps {
  n: NotifyMessages;
  gameId: string;
  lang: string;
  tick: number;
  onResent: () => void;
}

function useDeliveries(p: DeliveriesProps) {
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
  return { rows, next, error, busy, note, loadingOlder, older, resend };
}

type DeliveriesCtrl = ReturnType<typeof useDeliveries>;

export function Deliveries(p: DeliveriesProps) {
  const { n } = p;
  const ctrl = useDeliveries(p);
  const { rows, error } = ctrl;
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
            <DeliveryItem n={n} d={d} lang={p.lang} ctrl={ctrl} key={d.id} />
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
function DeliveryItem({ n, d, lang, ctrl }: { n: NotifyMessages; d: Delivery; lang: string; ctrl: DeliveriesCtrl }) {
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
      <button type="button" class="resend" disabled={ctrl.busy !== null} onClick={() => void ctrl.resend(d)}>
        ↻ {n.resend}
      </button>
      {note?.id === d.id && (
        <p class={note.ok ? "ok-line" : "error"} role={note.ok ? "status" : "alert"}>
          {note.text}
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
