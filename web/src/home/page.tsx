/**
 * The start page: signed in, the games where it is your turn first, then those waiting on others,
 * gathering players and finished; then a new game, joining by link, and your profile.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../api/more";
import { Link, navigate } from "../nav";
import { errorText } from "../errors";
import { lang, listOf, t, type Lang } from "../i18n";
import { HOME_TEXT } from "../i18n/home";
import { durationText, relativeTime } from "../time";
// The poll of your games in play is a chunk of its own that the shell loads (app.tsx); this page
// asks for the same module instead of carrying a copy of it.
type Turns = typeof import("../turns");
import type { GameSummary, Identity, Me } from "../types";
import { Check } from "../ui/check";
import { lazy } from "../ui/lazy";
import { NotifyBox } from "../ui/notify-box";
import { MoonlightFields, type MoonMode } from "../moon/form";
import { ProfileForm } from "../ui/profile-form";
import { groupGames, othersOf, waitingOn } from "./model";
import { BOT_LEVELS, type BotLevel } from "../../../src/contract/views";

export { ProfileForm };

interface PageProps {
  identity: Identity | null;
  setIdentity: (id: Identity | null) => void;
  lang: string;
}

// This device's profile key, devices and passkeys (with WebAuthn and the QR code's drawing): a
// chunk loaded when its box is opened.
const DevicesBox = lazy(() => import("../devices/devices").then((m) => m.DevicesBox));

function ProfileCard(p: PageProps & { identity: Identity }) {
  const [me, setMe] = useState<Me | null>(null);
  const [devicesOpen, setDevicesOpen] = useState(false);
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
  // The whole width: the notifications box opens into its panel here (no empty column beside it).
  return (
    <section class="card wide" aria-labelledby="profile-h">
      <h2 id="profile-h">{HOME_TEXT[lang].profileTitle}</h2>
      <p class="signed-in">{HOME_TEXT[lang].signedInAs(p.identity.name)}</p>
      <p>
        <Link href={`/p/${p.identity.id}`}>{HOME_TEXT[lang].yourPage}</Link> ·{" "}
        <Link href="/leaderboard">{HOME_TEXT[lang].leaderboardTitle}</Link>
      </p>
      {me && (
        <p class="muted">
          {HOME_TEXT[lang].stats(
            me.stats.gamesPlayed,
            me.stats.wins,
            me.stats.averageScore === null ? "–" : me.stats.averageScore.toFixed(1),
          )}
        </p>
      )}
      <details onToggle={(e) => setDevicesOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>{HOME_TEXT[lang].keyTitle}</summary>
        {devicesOpen && <DevicesBox identity={p.identity} setIdentity={p.setIdentity} />}
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

function NewGame(p: { lang: string }) {
  const h = HOME_TEXT[p.lang as Lang] ?? HOME_TEXT.en;
  const [seats, setSeats] = useState(2);
  const [longGame, setLong] = useState(false);
  const [heavyShade, setHeavy] = useState(false);
  const [moonlight, setMoonlight] = useState<MoonMode>(false);
  const [moveTime, setMoveTime] = useState<number | null>(null);
  const [maxTimeouts, setMaxTimeouts] = useState<number | null>(3);
  const [vacationDays, setVacationDays] = useState(14);
  const [rated, setRated] = useState(false);
  const [open, setOpen] = useState(false);
  const [botCount, setBotCount] = useState(0);
  const [botLevel, setBotLevel] = useState<BotLevel>("easy");
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
        rated,
        open,
        bots: Array.from({ length: Math.min(botCount, seats - 1) }, () => botLevel),
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
      <h2 id="new-h">{HOME_TEXT[lang].newGameTitle}</h2>
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
        <Check name="longGame" checked={longGame} onChange={setLong}>
          {t.longGame}
        </Check>
        <Check name="heavyShade" checked={heavyShade} onChange={setHeavy}>
          {t.heavyShade}
        </Check>
        <MoonlightFields value={moonlight} onChange={setMoonlight} />
        <Check name="rated" checked={rated} onChange={setRated}>
          {HOME_TEXT[lang].ratedGame}
        </Check>
        <Check name="open" checked={open} onChange={setOpen}>
          {h.listOpen}
        </Check>
        <fieldset class="deadlines bots" aria-describedby="bots-help">
          <legend>{h.botsLabel}</legend>
          <label>
            <span>{h.botCount}</span>
            <select
              name="bots"
              value={String(Math.min(botCount, seats - 1))}
              onChange={(e) => setBotCount(Number((e.target as HTMLSelectElement).value))}
            >
              {Array.from({ length: seats }, (_, n) => (
                <option value={String(n)} key={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{h.botLevel}</span>
            <select
              name="botLevel"
              value={botLevel}
              disabled={botCount === 0}
              onChange={(e) => setBotLevel((e.target as HTMLSelectElement).value as BotLevel)}
            >
              {BOT_LEVELS.map((l) => (
                <option value={l} key={l}>
                  {h[l]}
                </option>
              ))}
            </select>
          </label>
          <p class="muted hint" id="bots-help">
            {h.botsHelp}
          </p>
        </fieldset>
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
            <span>{HOME_TEXT[lang].maxTimeouts}</span>
            <select
              name="maxTimeouts"
              value={String(maxTimeouts)}
              disabled={moveTime === null}
              onChange={(e) => setMaxTimeouts(pick((e.target as HTMLSelectElement).value, Number))}
            >
              {MAX_TIMEOUTS.map((n) => (
                <option value={String(n)} key={String(n)}>
                  {n === null ? HOME_TEXT[lang].maxTimeoutsNever : HOME_TEXT[lang].maxTimeoutsAfter(n)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{HOME_TEXT[lang].vacationDays}</span>
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
            {HOME_TEXT[lang].deadlineHelp}
          </p>
        </fieldset>
        <div>
          <button type="submit" class="primary" disabled={busy}>
            {HOME_TEXT[lang].createGame}
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
      <h2 id="join-h">{HOME_TEXT[lang].joinTitle}</h2>
      <p>
        <Link href="/tables">{HOME_TEXT[lang].findTable}</Link>
      </p>
      <form onSubmit={submit} class="row">
        <label class="grow">
          <span>{HOME_TEXT[lang].joinLabel}</span>
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
          {HOME_TEXT[lang].joinButton}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {HOME_TEXT[lang].badInviteLink}
        </p>
      )}
    </section>
  );
}

type Summary = GameSummary;

/** One game of a list: a link to it, what it is about, and a line of details. */
function GameItem(p: { game: Summary; title: string; details: (string | null | false)[] }) {
  return (
    <li data-game={p.game.id}>
      <Link href={`/g/${p.game.id}`}>
        <strong>{p.title}</strong>
        <span class="muted">
          {p.details
            .filter(Boolean)
            .map((d) => ` · ${d}`)
            .join("")}
        </span>
      </Link>
    </li>
  );
}

/**
 * Your games, the ones waiting for you first: your turn (the nearest deadline first), then the
 * games waiting on others, those still gathering players, and the finished ones. The games in play
 * come from the poll that keeps the title's count (turns.ts), so the page costs no extra request
 * for them and follows it live.
 */
function Games(p: { identity: Identity; lang: string }) {
  const h = HOME_TEXT[p.lang as Lang] ?? HOME_TEXT.en;
  const [turns, setTurns] = useState<Turns | null>(null);
  const [active, setActive] = useState<ReturnType<Turns["activeGames"]>>({ games: null, failed: false });
  const [gathering, setGathering] = useState<Summary[]>([]);
  const [finished, setFinished] = useState<Summary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let off = () => {};
    void import("../turns").then((m) => {
      if (!live) return;
      setTurns(m);
      setActive(m.activeGames());
      off = m.onTurns(() => setActive(m.activeGames()));
      // Coming back from a game just created or joined: the list may be a minute old.
      m.refreshTurns(10_000);
    });
    return () => {
      live = false;
      off();
    };
  }, []);
  const loadFinished = (after: string | null) =>
    api
      .games(p.identity.id, "finished", after)
      .then((r) => {
        setFinished((g) => (after ? [...g, ...r.games] : r.games));
        setCursor(r.nextCursor);
      })
      .catch((e) => setError(errorText(e)));
  useEffect(() => {
    setError(null);
    api
      .games(p.identity.id, "waiting", null, 100)
      .then((r) => setGathering(r.games))
      .catch((e) => setError(errorText(e)));
    void loadFinished(null);
  }, [p.identity.id]);

  const you = p.identity.id;
  const groups = groupGames([gathering, finished, active.games ?? []]);
  const names = (g: Summary) => listOf(othersOf(g, you));
  const round = (g: Summary) => HOME_TEXT[lang].roundShort(g.round);
  const deadline = (g: Summary) => g.deadline !== null && t.deadline(relativeTime(g.deadline, p.lang));
  const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(p.lang) : null);
  const count = groups.yourTurn.length;
  return (
    <>
      <section class="card wide" aria-labelledby="turns-h" id="turns">
        <h1 id="turns-h">
          {t.yourTurn} {active.games && count > 0 && <span class="badge act">{count}</span>}
        </h1>
        {!active.games &&
          (active.failed ? (
            <p class="error">
              {t.loadFailed}{" "}
              <button type="button" class="link" onClick={() => turns?.refreshTurns()}>
                {h.retry}
              </button>
            </p>
          ) : (
            <p class="muted">{t.loading}</p>
          ))}
        {active.games && count === 0 && <p class="muted">{h.noTurns}</p>}
        {count > 0 && (
          <ul class="games">
            {groups.yourTurn.map((g) => {
              const others = othersOf(g, you);
              return (
                <GameItem
                  key={g.id}
                  game={g}
                  title={others.length ? h.waitFor(listOf(others), others.length) : t.yourTurn}
                  details={[round(g), deadline(g)]}
                />
              );
            })}
          </ul>
        )}
      </section>
      {groups.others.length > 0 && (
        <section class="card wide" aria-labelledby="others-h" id="others">
          <h2 id="others-h">{h.othersTitle}</h2>
          <ul class="games">
            {groups.others.map((g) => {
              const on = waitingOn(g);
              return (
                <GameItem
                  key={g.id}
                  game={g}
                  title={HOME_TEXT[lang].gameWith(names(g))}
                  details={[on && h.waitingOn(on), round(g), deadline(g)]}
                />
              );
            })}
          </ul>
        </section>
      )}
      {groups.gathering.length > 0 && (
        <section class="card wide" aria-labelledby="gathering-h" id="gathering">
          <h2 id="gathering-h">{HOME_TEXT[lang].statusWaiting}</h2>
          <ul class="games">
            {groups.gathering.map((g) => (
              <GameItem
                key={g.id}
                game={g}
                title={othersOf(g, you).length ? HOME_TEXT[lang].gameWith(names(g)) : `${g.seats} × ?`}
                details={[h.seatsTaken(g.players.length, g.seats), day(g.createdAt)]}
              />
            ))}
          </ul>
        </section>
      )}
      {error && (
        <p class="card wide error" role="alert">
          {error}
        </p>
      )}
      {groups.finished.length > 0 && (
        <section class="card wide" aria-labelledby="finished-h" id="finished">
          <h2 id="finished-h">{HOME_TEXT[lang].statusFinished}</h2>
          <ul class="games">
            {groups.finished.map((g) => (
              <GameItem
                key={g.id}
                game={g}
                title={HOME_TEXT[lang].gameWith(names(g))}
                details={[g.endedAt && h.endedOn(day(g.endedAt)!)]}
              />
            ))}
          </ul>
          {cursor && (
            <button type="button" onClick={() => void loadFinished(cursor)}>
              {HOME_TEXT[lang].moreGames}
            </button>
          )}
        </section>
      )}
    </>
  );
}

export function HomePage(p: PageProps) {
  if (!p.identity)
    return (
      <div class="home">
        <section class="card hero" aria-labelledby="create-h">
          <h1 id="create-h">{HOME_TEXT[lang].createProfileTitle}</h1>
          <ProfileForm setIdentity={p.setIdentity} />
          <p>
            <Link href="/pair">{HOME_TEXT[lang].signInLink}</Link>
          </p>
        </section>
        <JoinByLink />
      </div>
    );
  return (
    <div class="home">
      <Games identity={p.identity} lang={p.lang} />
      <NewGame lang={p.lang} />
      <JoinByLink />
      <ProfileCard {...p} identity={p.identity} />
    </div>
  );
}
