/**
 * Signing this device in to a profile that lives on another: by a pairing code (typed, or from the
 * QR code's link /pair/<code>) or with a passkey. Each way gives this device a key of its own.
 * A chunk of its own, loaded for /pair only.
 */
import { startAuthentication } from "@simplewebauthn/browser";
import { useState } from "preact/hooks";
import { deviceNameFrom, normalizePairingCode } from "../../../src/contract/identity";
import { errorText } from "../errors";
import { lang } from "../i18n";
import { navigate } from "../nav";
import type { Identity } from "../types";
import { identityApi } from "./api";
import { DEVICE_TEXT } from "./i18n";

export function SignInPage(p: {
  code: string | null;
  /** Where to go once signed in (a path of this site). */
  next: string;
  identity: Identity | null;
  setIdentity: (id: Identity) => void;
}) {
  const d = DEVICE_TEXT[lang];
  const [code, setCode] = useState(p.code ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signedIn = (r: { player: { id: string; name: string }; token: string }) => {
    p.setIdentity({ id: r.player.id, name: r.player.name, token: r.token });
    navigate(p.next);
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error)?.name === "NotAllowedError" ? d.cancelled : errorText(e));
      setBusy(false);
    }
  };
  const withCode = (e: Event) => {
    e.preventDefault();
    void act(async () => signedIn(await identityApi.redeem(code, deviceNameFrom(navigator.userAgent))));
  };
  const withPasskey = () =>
    act(async () => {
      const options = await identityApi.signInOptions();
      // biome-ignore lint/suspicious/noExplicitAny: the server's options, passed through as JSON
      const response = await startAuthentication({ optionsJSON: options as any });
      signedIn(await identityApi.signIn(response, deviceNameFrom(navigator.userAgent)));
    });

  return (
    <div class="home">
      <section class="card hero" aria-labelledby="signin-h">
        <h1 id="signin-h">{d.signInTitle}</h1>
        {p.identity && <p class="muted">{d.alreadySignedIn(p.identity.name)}</p>}
        <p class="muted">{d.signInIntro}</p>
        <form onSubmit={withCode} class="row">
          <label class="grow">
            <span>{d.codeLabel}</span>
            <input
              name="code"
              value={code}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellcheck={false}
              maxLength={20}
              onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="primary" disabled={busy || !normalizePairingCode(code)}>
            {d.signInWithCode}
          </button>
        </form>
        {"PublicKeyCredential" in window && (
          <p>
            {d.or}{" "}
            <button type="button" disabled={busy} onClick={withPasskey}>
              {d.signInWithPasskey}
            </button>
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
