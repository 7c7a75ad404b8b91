/** The profile form, shared by the start page and a game's lobby (so the game page does not carry the start page). */
import { useState } from "preact/hooks";
import { api, ApiError } from "../api/more";
import { errorText } from "../errors";
import { t } from "../i18n";
import type { Identity } from "../types";

/** The form's state and its two actions: create a profile with a name, or adopt one from its key. */
function useProfileForm(setIdentity: (id: Identity) => void) {
  const [name, setName] = useState("");
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.createPlayer(name.trim());
      setIdentity({ id: r.player.id, name: r.player.name, token: r.token });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const adopt = async (e: Event) => {
    e.preventDefault();
    const token = key.trim();
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const me = await api.me(token);
      setIdentity({ id: me.id, name: me.name, token });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? t.badKey : errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { name, setName, key, setKey, busy, error, create, adopt };
}

/** Create a profile, or adopt one from its key. Used on the start page and in a game's lobby. */
export function ProfileForm(p: { setIdentity: (id: Identity) => void; compact?: boolean }) {
  const { name, setName, key, setKey, busy, error, create, adopt } = useProfileForm(p.setIdentity);
  return (
    <div class="profile-form">
      {!p.compact && <p class="muted">{t.createProfileIntro}</p>}
      <form onSubmit={create} class="row">
        <label class="grow">
          <span>{t.nameLabel}</span>
          <input
            name="name"
            value={name}
            maxLength={40}
            required
            autoComplete="nickname"
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" class="primary" disabled={busy || !name.trim()}>
          {t.createProfile}
        </button>
      </form>
      <details>
        <summary>{t.useKey}</summary>
        <form onSubmit={adopt} class="row">
          <label class="grow">
            <span>{t.keyLabel}</span>
            <input
              name="key"
              value={key}
              autoComplete="off"
              spellcheck={false}
              onInput={(e) => setKey((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" disabled={busy || !key.trim()}>
            {t.useKeyButton}
          </button>
        </form>
      </details>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
