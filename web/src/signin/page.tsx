/**
 * Signing this device in to a profile that lives on another: by a pairing code (typed, or from the
 * QR code's link /pair/<code>) or with a passkey. Each way gives this device a key of its own.
 * A chunk of its own, loaded for /pair only.
 */
import { startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "preact/hooks";
import { deviceNameFrom, normalizePairingCode } from "../../../src/contract/identity";
import { errorText } from "../errors";
import { lang } from "../i18n";
import { navigate } from "../nav";
import type { Identity } from "../types";
import { identityApi } from "../devices/api";
import { DEVICE_TEXT } from "../devices/i18n";

export function SignInPage(p: {
  code: string | null;
  /** Where to go once signed in (a path of this site). */
  next: string;
  identity: Identity | null;
  setIdentity: (id: Identity) => void;
}) {
  // A one-time link from Discord or Slack (/pair/<code>?chat=discord): it links that chat account.
  // Read here, in this chunk, so the game page's first wave carries nothing of the chat apps.
  const chat = new URLSearchParams(location.search).get("chat");
  if (p.code && (chat === "discord" || chat === "slack"))
    return <ChatLinkPage key={`${p.code}:${chat}`} {...p} code={p.code} chat={chat} />;
  return <SignInCard {...p} />;
}

const PLATFORM = { discord: "Discord", slack: "Slack" } as const;

/**
 * A one-time link from Discord or Slack: signed in, link the chat account to this profile; not
 * signed in, make a profile named as in the chat (this browser signed in to it) — or sign in below
 * first (the sign-in comes back here).
 */
function ChatLinkPage(p: Parameters<typeof SignInPage>[0] & { code: string; chat: "discord" | "slack" }) {
  const d = DEVICE_TEXT[lang];
  const platform = PLATFORM[p.chat];
  const [link, setLink] = useState<{ name: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    identityApi.chatLink(p.code).then(setLink, (e) => setError(errorText(e)));
  }, [p.code]);
  const use = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await identityApi.useChatLink(p.code, deviceNameFrom(navigator.userAgent), p.identity?.token ?? null);
      // 201: a new profile, this browser signed in to it (its token); 200: linked to the profile signed in here.
      const signed = r as { token?: string; player: { id: string; name: string } };
      if (signed.token) p.setIdentity({ id: signed.player.id, name: signed.player.name, token: signed.token });
      setDone(true);
    } catch (e) {
      setError(errorText(e));
    }
    setBusy(false);
  };
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <div class="home">
        <section class="card hero" aria-labelledby="chatlink-h">
          <h1 id="chatlink-h">{d.chatLinkTitle(platform)}</h1>
          {link && !done && <p>{d.chatLinkIntro(platform, link.name)}</p>}
          {done ? (
            <p role="status">{d.chatLinked(platform)}</p>
          ) : (
            link && (
              <p>
                <button type="button" class="primary" disabled={busy} onClick={use}>
                  {p.identity ? d.chatLinkToMine(p.identity.name) : d.chatLinkNew(link.name)}
                </button>
              </p>
            )
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {!p.identity && link && !done && <p class="muted">{d.chatLinkOther}</p>}
        </section>
      </div>
      {!p.identity && link && !done && <SignInCard {...p} code={null} next={here} />}
    </>
  );
}

function SignInCard(p: Parameters<typeof SignInPage>[0]) {
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
