/**
 * "Push on this device", in your own notifications panel: turn push notifications on or off for
 * this browser, and send a test. The work is in ./push.ts (service worker, subscription, server).
 */
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api";
import { errorText } from "../errors";
import type { NotifyMessages } from "./i18n";
import { pushState, testPush, turnPushOff, turnPushOn, type PushState } from "./push";

function pushErrorText(n: NotifyMessages, e: unknown): string {
  if (e instanceof ApiError && e.code === "PUSH_NOT_CONFIGURED") return n.pushNotConfigured;
  if (e instanceof ApiError && e.code === "BAD_PUSH_ENDPOINT") return `${n.pushRefused} (${e.message})`;
  if (e instanceof Error && !(e instanceof ApiError)) return `${n.pushFailed} (${e.message})`;
  return errorText(e);
}

/** Push on this device: its state (on, off, denied, unsupported; null while asked), one action at a time, what the last one said. */
function usePush(n: NotifyMessages) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    pushState().then(setState, (e) => {
      setState("off");
      setError(pushErrorText(n, e));
    });
  }, []);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await f();
    } catch (e) {
      setError(pushErrorText(n, e));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = () => run(async () => setState(await turnPushOff()));
  const turnOn = () => run(async () => setState(await turnPushOn()));
  const test = () =>
    run(async () => {
      const r = await testPush();
      if (r.delivered) setNote(n.pushTestSent);
      else setError(n.pushTestFailed(r.error ?? "?"));
    });
  return { state, busy, error, note, turnOff, turnOn, test };
}

export function PushToggle({ n }: { n: NotifyMessages }) {
  const push = usePush(n);
  const { state } = push;
  const status =
    state === "on"
      ? n.pushIsOn
      : state === "off"
        ? n.pushIsOff
        : state === "denied"
          ? n.pushDenied
          : state === "unsupported"
            ? n.pushUnsupported
            : "…";
  return (
    <section class="push" aria-labelledby="push-h" data-state={state ?? "loading"}>
      <h3 id="push-h">{n.pushTitle}</h3>
      <p class="muted hint">{n.pushHelp}</p>
      <p class="push-status" role="status">
        {status}
      </p>
      <PushButtons n={n} push={push} />
      {push.note && (
        <p class="ok-line" role="status">
          {push.note}
        </p>
      )}
      {push.error && (
        <p class="error" role="alert">
          {push.error}
        </p>
      )}
    </section>
  );
}

/** Switched on: switch off, send a test; otherwise switch on (when the browser may). */
function PushButtons({ n, push }: { n: NotifyMessages; push: ReturnType<typeof usePush> }) {
  const { state, busy } = push;
  return (
    <p class="row">
      {state === "on" ? (
        <>
          <button type="button" class="push-off" disabled={busy} onClick={push.turnOff}>
            {n.pushOff}
          </button>
          <button type="button" class="push-test" disabled={busy} onClick={push.test}>
            {n.pushTest}
          </button>
        </>
      ) : (
        <button
          type="button"
          class="push-on"
          disabled={busy || state === null || state === "unsupported" || state === "denied"}
          onClick={push.turnOn}
        >
          {n.pushOn}
        </button>
      )}
    </p>
  );
}
