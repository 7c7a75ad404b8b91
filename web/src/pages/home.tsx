/** The start page: your profile, a new game, joining by link, and your games. */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../api";
import { Link, navigate } from "../nav";
import { errorText } from "../errors";
import { listOf, t } from "../i18n";
import { durationText } from "../text";
import type { GameStatus, GameSummary, Identity, Me } from "../types";
import { CopyField } from "../ui/copy";
import { NotifyBox } from "../ui/notify-box";
import { MoonlightFields, type MoonMode } from "../moon/form";
import { ProfileForm } from "../ui/profile-form";

export { ProfileForm };

interface PageProps {
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  lang: string;
}

function ProfileCard(p: PageProps & { identity: Identity }) {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    let live = true;
    api
      .me()
      .then((m) => live && setMe(m))
      .catch((e) => {
        // The key no longer exists on the server (for example a wiped local database).
        if (live && e instanceof ApiError && e.status === 401) p.setIdentity(null);
      });
    return () => {
      live = false;
    };
  }, [p.identity.token]);
  return (
    <section class="card" aria-labelledby="profile-h">
      <h2 id="profile-h">{t.profileTitle}</h2>
      <p class="signed-in">{t.signedInAs(p.identity.name)}</p>
      {me && (
        <p class="muted">
          {t.stats(
            me.stats.gamesPlayed,
            me.stats.wins,
            me.stats.averageScore === null ? "–" : me.stats.averageScore.toFixed(1),
          )}
        </p>
      )}
      <details>
        <summary>{t.keyTitle}</summary>
        <p class="muted">{t.keyHelp}</p>
        <CopyField value={p.identity.token} label={t.keyLabel} />
        <p>
          <button
            type="button"
            class="danger link"
            onClick={() => {
              if (confirm(t.signOutConfirm)) p.setIdentity(null);
            }}
          >
            {t.signOut}
          </button>
        </p>
      </details>
      <NotifyBox scope="me" lang={p.lang} />
    </section>
  );
}

const MOVE_TIMES: (number | null)[] = [
  null,
  3600,
  6 * 3600,
  12 * 3600,
  86400,
  2 * 86400,
  3 * 86400,
  7 * 86400,
  14 * 86400,
];
const MAX_TIMEOUTS: (number | null)[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null];

function NewGame() {
  const [seats, setSeats] = useState(2);
  const [longGame, setLong] = useState(false);
  const [heavyShade, setHeavy] = useState(false);
  const [moonlight, setMoonlight] = useState<MoonMode>(false);
  const [moveTime, setMoveTime] = useState<number | null>(null);
  const [maxTimeouts, setMaxTimeouts] = useState<number | null>(3);
  const [vacationDays, setVacationDays] = useState(14);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.createGame({
        seats,
        longGame,
        heavyShade,
        ...(moonlight ? { moonlight } : {}),
        moveTimeSeconds: moveTime,
        maxTimeouts,
        vacationDays,
      });
      navigate(`/g/${r.game.id}`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  const timeLabel = (s: number | null) => (s === null ? t.moveTimeNone : durationText(s));
  const pick = <T,>(v: string, parse: (x: string) => T) => (v === "null" ? null : parse(v));
  return (
    <section class="card" aria-labelledby="new-h">
      <h2 id="new-h">{t.newGameTitle}</h2>
      <form onSubmit={submit} class="stack">
        <fieldset class="seats">
          <legend>{t.playersLabel}</legend>
          {[2, 3, 4].map((n) => (
            <label class="pill" key={n}>
              <input type="radio" name="seats" value={n} checked={seats === n} onChange={() => setSeats(n)} />
              <span>{n}</span>
            </label>
          ))}
        </fieldset>
        <label class="check">
          <input
            type="checkbox"
            name="longGame"
            checked={longGame}
            onChange={(e) => setLong((e.target as HTMLInputElement).checked)}
          />
          <span>{t.longGame}</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            name="heavyShade"
            checked={heavyShade}
            onChange={(e) => setHeavy((e.target as HTMLInputElement).checked)}
          />
          <span>{t.heavyShade}</span>
        </label>
        <MoonlightFields value={moonlight} onChange={setMoonlight} />
        <fieldset class="deadlines" aria-describedby="deadline-help">
          <label>
            <span>{t.moveTime}</span>
            <select
              name="moveTime"
              value={String(moveTime)}
              onChange={(e) => setMoveTime(pick((e.target as HTMLSelectElement).value, Number))}
            >
              {MOVE_TIMES.map((s) => (
                <option value={String(s)} key={String(s)}>
                  {timeLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.maxTimeouts}</span>
            <select
              name="maxTimeouts"
              value={String(maxTimeouts)}
              disabled={moveTime === null}
              onChange={(e) => setMaxTimeouts(pick((e.target as HTMLSelectElement).value, Number))}
            >
              {MAX_TIMEOUTS.map((n) => (
                <option value={String(n)} key={String(n)}>
                  {n === null ? t.maxTimeoutsNever : t.maxTimeoutsAfter(n)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.vacationDays}</span>
            <input
              type="number"
              name="vacationDays"
              min={0}
              max={30}
              step={1}
              required
              value={vacationDays}
              onInput={(e) => {
                const v = (e.target as HTMLInputElement).valueAsNumber;
                if (Number.isInteger(v)) setVacationDays(Math.max(0, Math.min(30, v)));
              }}
            />
          </label>
          <p class="muted hint" id="deadline-help">
            {t.deadlineHelp}
          </p>
        </fieldset>
        <div>
          <button type="submit" class="primary" disabled={busy}>
            {t.createGame}
          </button>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function JoinByLink() {
  const [link, setLink] = useState("");
  const [error, setError] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    try {
      const u = new URL(link.trim(), location.origin);
      const m = /^\/g\/([A-Za-z0-9_-]+)/.exec(u.pathname);
      if (!m) throw new Error("no game");
      navigate(`/g/${m[1]}${u.search}`);
    } catch {
      setError(true);
    }
  };
  return (
    <section class="card" aria-labelledby="join-h">
      <h2 id="join-h">{t.joinTitle}</h2>
      <form onSubmit={submit} class="row">
        <label class="grow">
          <span>{t.joinLabel}</span>
          <input
            name="invite"
            value={link}
            inputMode="url"
            onInput={(e) => {
              setLink((e.target as HTMLInputElement).value);
              setError(false);
            }}
            placeholder="https://…/g/…?invite=…"
          />
        </label>
        <button type="submit" disabled={!link.trim()}>
          {t.joinButton}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {t.badInviteLink}
        </p>
      )}
    </section>
  );
}

function GameList(p: { identity: Identity }) {
  const [status, setStatus] = useState<GameStatus>("active");
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (s: GameStatus, after: string | null) => {
    setError(null);
    api
      .games(p.identity.id, s, after)
      .then((r) => {
        setGames((g) => (after && g ? [...g, ...r.games] : r.games));
        setCursor(r.nextCursor);
      })
      .catch((e) => setError(errorText(e)));
  };
  useEffect(() => {
    setGames(null);
    load(status, null);
  }, [status, p.identity.id]);
  const tabs: [GameStatus, string][] = [
    ["active", t.statusActive],
    ["waiting", t.statusWaiting],
    ["finished", t.statusFinished],
  ];
  return (
    <section class="card wide" aria-labelledby="games-h">
      <h2 id="games-h">{t.yourGames}</h2>
      <div class="tabs" role="tablist">
        {tabs.map(([s, label]) => (
          <button
            type="button"
            role="tab"
            aria-selected={status === s}
            class={status === s ? "tab on" : "tab"}
            onClick={() => setStatus(s)}
            key={s}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {error && <p class="error">{error}</p>}
        {!games && !error && <p class="muted">{t.loading}</p>}
        {games && games.length === 0 && <p class="muted">{t.noGames}</p>}
        {games && games.length > 0 && (
          <ul class="games">
            {games.map((g) => {
              const others = g.players.filter((x) => x.id !== p.identity.id).map((x) => x.name);
              return (
                <li key={g.id}>
                  <Link href={`/g/${g.id}`}>
                    <strong>{others.length ? t.gameWith(listOf(others)) : `${g.seats} × ?`}</strong>
                    <span class="muted">
                      {g.status === "active" ? ` · ${t.roundShort(g.round)}` : ""} ·{" "}
                      {new Date(g.createdAt).toLocaleDateString()}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {cursor && (
          <button type="button" onClick={() => load(status, cursor)}>
            {t.moreGames}
          </button>
        )}
      </div>
    </section>
  );
}

export function HomePage(p: PageProps) {
  useEffect(() => {
    document.title = "Canopy";
  }, []);
  if (!p.identity)
    return (
      <div class="home">
        <section class="card hero" aria-labelledby="create-h">
          <h1 id="create-h">{t.createProfileTitle}</h1>
          <ProfileForm setIdentity={p.setIdentity} />
        </section>
        <JoinByLink />
      </div>
    );
  return (
    <div class="home">
      <ProfileCard {...p} identity={p.identity} />
      <NewGame />
      <JoinByLink />
      <GameList identity={p.identity} />
    </div>
  );
}
