/**
 * The profile's devices and passkeys: the list (name, last seen) with "Sign out" on each, "Add a
 * device" (a QR code and a short code, valid 10 minutes, one use), and passkeys (add, remove).
 * Part of the start page's chunk, with @simplewebauthn/browser and the QR encoder (imported
 * statically: loaded on demand as chunks of their own, they split esbuild's shared helpers off
 * into one more chunk the game page would load).
 */
import { startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState } from "preact/hooks";
import { renderSVG } from "uqr";
import { PAIRING_TTL_MS } from "../../../src/contract/identity";
import { deviceNameFrom } from "../../../src/contract/identity";
import { ApiError } from "../api";
import { errorText } from "../errors";
import { lang } from "../i18n";
import { relativeTime } from "../time";
import type { Identity } from "../types";
import { identityApi } from "./api";
import { DEVICE_TEXT } from "./i18n";

type Device = Awaited<ReturnType<typeof identityApi.devices>>["devices"][number];
type Passkey = Awaited<ReturnType<typeof identityApi.passkeys>>["passkeys"][number];
type Pairing = Awaited<ReturnType<typeof identityApi.newPairing>>;

/** Whether the browser's WebAuthn call failed because the player cancelled it. */
const cancelled = (e: unknown) => (e as Error)?.name === "NotAllowedError";

export function DevicesBox(p: { identity: Identity; setIdentity: (id: Identity | null) => void }) {
  const d = DEVICE_TEXT[lang];
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    try {
      const [ds, ps] = await Promise.all([identityApi.devices(), identityApi.passkeys()]);
      setDevices(ds.devices);
      setPasskeys(ps.passkeys);
    } catch (e) {
      // This device was signed out from another one: forget it here too.
      if (e instanceof ApiError && e.status === 401) p.setIdentity(null);
      else setError(errorText(e));
    }
  };
  useEffect(() => {
    void load();
  }, [p.identity.token]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(cancelled(e) ? d.cancelled : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const addDevice = () =>
    act(async () => {
      const made = await identityApi.newPairing();
      setQr(renderSVG(made.url, { border: 1 }));
      setPairing(made);
      // A device that used the code shows up in the list; the code is gone when it expires.
      setTimeout(() => setPairing((cur) => (cur === made ? null : cur)), Date.parse(made.expiresAt) - Date.now());
    });

  const revoke = (dev: Device) => {
    if (!confirm(dev.current ? d.signOutHereConfirm : d.revokeConfirm(dev.name))) return;
    void act(async () => {
      await identityApi.revoke(dev.id);
      if (dev.current) p.setIdentity(null);
      else await load();
    });
  };

  const addPasskey = () =>
    act(async () => {
      const options = await identityApi.passkeyOptions();
      // biome-ignore lint/suspicious/noExplicitAny: the server's options, passed through as JSON
      const response = await startRegistration({ optionsJSON: options as any });
      await identityApi.addPasskey(response, deviceNameFrom(navigator.userAgent));
      await load();
    });

  const removePasskey = (k: Passkey) => {
    if (!confirm(d.removePasskeyConfirm(k.name))) return;
    void act(async () => {
      await identityApi.removePasskey(k.id);
      await load();
    });
  };

  const canPasskey = typeof window !== "undefined" && "PublicKeyCredential" in window;

  return (
    <div class="devices">
      <h3>{d.devicesTitle}</h3>
      <p class="muted">{d.devicesHelp}</p>
      {devices && (
        <ul class="device-list" aria-label={d.devicesTitle}>
          {devices.map((dev) => (
            <li key={dev.id} class="device" data-device={dev.id}>
              <span class="grow">
                <strong>{dev.name}</strong>
                {dev.current && <em> ({d.thisDevice})</em>}
                <br />
                <span class="muted">
                  {d.via[dev.via] ?? dev.via} · {d.lastSeen(relativeTime(dev.lastSeenAt, lang))}
                </span>
              </span>
              <button type="button" class="danger link" disabled={busy} onClick={() => revoke(dev)}>
                {dev.current ? d.signOutHere : d.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pairing ? (
        <div class="pairing" aria-live="polite">
          <p class="muted">{d.addDeviceHelp}</p>
          {qr && (
            // The QR code of our own pairing link, drawn by uqr as an SVG string (no user text in it).
            <div class="qr" role="img" aria-label={pairing.url} dangerouslySetInnerHTML={{ __html: qr }} />
          )}
          <p>
            {d.codeLabel}: <code class="pairing-code">{pairing.code}</code>
          </p>
          <p class="muted">{d.codeValid(Math.round(PAIRING_TTL_MS / 60_000))}</p>
          <button type="button" disabled={busy} onClick={addDevice}>
            {d.newCode}
          </button>
        </div>
      ) : (
        <button type="button" class="primary" disabled={busy} onClick={addDevice}>
          {d.addDevice}
        </button>
      )}

      <h3>{d.passkeysTitle}</h3>
      <p class="muted">{d.passkeysHelp}</p>
      {passkeys && passkeys.length === 0 && <p class="muted">{d.noPasskeys}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul class="passkey-list" aria-label={d.passkeysTitle}>
          {passkeys.map((k) => (
            <li key={k.id} class="passkey">
              <span class="grow">{k.name}</span>
              <button type="button" class="danger link" disabled={busy} onClick={() => removePasskey(k)}>
                {d.removePasskey}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canPasskey ? (
        <button type="button" disabled={busy} onClick={addPasskey}>
          {d.addPasskey}
        </button>
      ) : (
        <p class="muted">{d.passkeysUnsupported}</p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
