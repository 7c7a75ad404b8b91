/**
 * The player page (/p/<id>) and the leaderboards (/leaderboard, /leaderboard/moonlight): a chunk of
 * their own, loaded when one of them is opened (the game page only carries links here).
 */
import { useEffect, useState } from "preact/hooks";
import type { Answer } from "../../../src/contract/api";
import { type Ladder, PROVISIONAL_GAMES } from "../../../src/contract/views";
import { ApiError, request } from "../api";
import { errorText } from "../errors";
import { lang, t, type Lang } from "../i18n";
import { type MoonMessages, useMoonText } from "../moon/i18n";
import { Link } from "../nav";
import { setTitle } from "../title";
import { ratingChart } from "./chart";
import { SOCIAL_TEXT, type SocialMessages } from "./i18n";

type Page = Answer<"/api/players/{id}", "get">;
type Board = Answer<"/api/leaderboards/{ladder}", "get">;

const LADDERS: readonly Ladder[] = ["base", "moonlight"];

function useLoad<T>(load: () => Promise<T>, key: string): { data: T | null; error: unknown } {
  const [state, setState] = useState<{ key: string; data: T | null; error: unknown }>({ key, data: null, error: null });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key, data, error: null }),
      (error) => live && setState({ key, data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { data: null, error: null };
}

/** The page for a path of /p/<id> or /leaderboard[/moonlight] (anything else: the start page's link). */
export function SocialPage(p: { path: string }) {
  const player = /^\/p\/([0-9a-z]{12})\/?$/.exec(p.path);
  if (player) return <PlayerPage id={player[1]} />;
  const board = /^\/leaderboard(?:\/(base|moonlight))?\/?$/.exec(p.path);
  if (board) return <LeaderboardPage ladder={board[1] === "moonlight" ? "moonlight" : "base"} />;
  return (
    <p class="card error" role="alert">
      {SOCIAL_TEXT[lang].notFound} <Link href="/">Canopy</Link>
    </p>
  );
}

const day = (iso: string, l: string) => new Date(iso).toLocaleDateString(l);

export function PlayerPage(p: { id: string }) {
  const s = SOCIAL_TEXT[lang];
  // asked at once, so the animals' names are there with the page
  const moon = useMoonText(lang as Lang);
  const { data, error } = useLoad(() => request("get", "/api/players/{id}", { params: { path: { id: p.id } } }), p.id);
  useEffect(() => {
    if (data) setTitle(data.name);
  }, [data?.name]);
  if (error)
    return (
      <p class="card error" role="alert">
        {error instanceof ApiError && error.status === 404 ? s.notFound : errorText(error)}
      </p>
    );
  if (!data) return <p class="card center muted">{t.loading}</p>;
  return (
    <div class="social">
      <section class="card" aria-labelledby="player-h">
        <h1 id="player-h">{data.name}</h1>
        <p class="muted">{s.memberSince(day(data.createdAt, lang))}</p>
      </section>
      <Ratings s={s} data={data} />
      <InProgress s={s} games={data.inProgress} />
      <Finished s={s} games={data.finished} />
      <Stats s={s} data={data} moon={moon} />
    </div>
  );
}

/** The player's rating on each ladder they played, with its games, whether it is provisional, and its chart. */
function Ratings({ s, data }: { s: SocialMessages; data: Page }) {
  return (
    <section class="card" aria-labelledby="ratings-h">
      <h2 id="ratings-h">{s.ratingsTitle}</h2>
      {data.ratings.length === 0 && <p class="muted">{s.noRatings}</p>}
      {LADDERS.map((ladder) => {
        const r = data.ratings.find((x) => x.ladder === ladder);
        if (!r) return null;
        const series = data.ratingHistory.filter((h) => h.ladder === ladder);
        return (
          <div class="ladder" key={ladder} data-ladder={ladder}>
            <h3>
              {s.ladder[ladder]}: <strong class="rating">{r.rating}</strong>
              {r.provisional && <span class="badge provisional">{s.provisional}</span>}
            </h3>
            <p class="muted">
              {s.ratedGames(r.games)}
              {r.provisional && ` · ${s.provisional}: ${s.provisionalHelp(Math.max(1, PROVISIONAL_GAMES - r.games))}`}
            </p>
            <RatingChart series={series} label={s.chartLabel(s.ladder[ladder])} />
          </div>
        );
      })}
      <p>
        <Link href="/leaderboard">{s.leaderboardTitle}</Link>
      </p>
    </section>
  );
}

function InProgress({ s, games }: { s: SocialMessages; games: Page["inProgress"] }) {
  return (
    <section class="card" aria-labelledby="progress-h">
      <h2 id="progress-h">{s.inProgressTitle}</h2>
      {games.length === 0 ? (
        <p class="muted">{s.none}</p>
      ) : (
        <ul class="plain">
          {games.map((g) => (
            <li key={g.id}>
              <Link href={`/g/${g.id}`}>{g.players.map((x) => x.name).join(", ") || g.id}</Link>{" "}
              <span class="muted">
                · {g.status === "waiting" ? s.waiting : s.active}
                {g.moonlight ? ` · ${s.ladder.moonlight}` : ""}
                {g.rated ? ` · ${s.rated}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Finished games, each with the player's place and score, then every seat by place. */
function Finished({ s, games }: { s: SocialMessages; games: Page["finished"] }) {
  return (
    <section class="card" aria-labelledby="finished-h">
      <h2 id="finished-h">{s.finishedTitle}</h2>
      {games.length === 0 ? (
        <p class="muted">{s.none}</p>
      ) : (
        <ul class="plain finished">
          {games.map((g) => (
            <li key={g.id}>
              <Link href={`/g/${g.id}`}>{day(g.endedAt, lang)}</Link> <strong>{s.place(g.place)}</strong> ·{" "}
              {s.points(g.score)}
              {g.moonlight ? ` · ${s.ladder.moonlight}` : ""}
              {g.rated ? ` · ${s.rated}` : ""}
              <span class="muted">
                {" — "}
                {g.seats
                  .slice()
                  .sort((a, b) => a.place - b.place)
                  .map((x, i) => (
                    <span key={x.seat}>
                      {i > 0 && ", "}
                      {s.place(x.place)} <PlayerLink id={x.player.id} name={x.player.name} /> ({x.score})
                    </span>
                  ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Average score, games and wins; by game and number of players; the animal played most (Under the Moonlight). */
function Stats({ s, data, moon }: { s: SocialMessages; data: Page; moon: MoonMessages }) {
  return (
    <section class="card" aria-labelledby="stats-h">
      <h2 id="stats-h">{s.statsTitle}</h2>
      <p>
        {t.score}: {data.stats.averageScore ?? "—"} · {s.statsGames}: {data.stats.gamesPlayed} · {s.statsWins}:{" "}
        {data.stats.wins}
      </p>
      {data.details.byMode.length > 0 && (
        <table class="stats">
          <thead>
            <tr>
              <th scope="col">{s.statsMode}</th>
              <th scope="col">{s.statsPlayers}</th>
              <th scope="col">{s.statsGames}</th>
              <th scope="col">{s.statsWins}</th>
              <th scope="col">{s.statsAverage}</th>
            </tr>
          </thead>
          <tbody>
            {data.details.byMode.map((m) => (
              <tr key={`${m.ladder}${m.players}`}>
                <td>{s.ladder[m.ladder]}</td>
                <td>{m.players}</td>
                <td>{m.games}</td>
                <td>{m.wins}</td>
                <td>{m.averageScore ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.details.favouriteAnimal && (
        <p>
          {s.favouriteAnimal}: <strong>{moon.animals[data.details.favouriteAnimal]}</strong>
        </p>
      )}
    </section>
  );
}

/** The rating after each rated game, as one SVG line drawn here (no chart library). */
function RatingChart(p: { series: Page["ratingHistory"]; label: string }) {
  const W = 480;
  const H = 160;
  const chart = ratingChart(p.series, W, H);
  if (!chart) return null;
  return (
    <svg class="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={p.label} width="100%">
      <title>{p.label}</title>
      {chart.ticks.map((tk) => (
        <g key={tk.rating}>
          <line x1={24} x2={W - 24} y1={tk.y} y2={tk.y} stroke="#ccc" stroke-width={0.5} />
          <text x={2} y={tk.y - 2} font-size={10} fill="#666">
            {tk.rating}
          </text>
        </g>
      ))}
      <polyline points={chart.points} fill="none" stroke="#4f8a3a" stroke-width={2} stroke-linejoin="round" />
    </svg>
  );
}

function PlayerLink(p: { id: string; name: string }) {
  return <Link href={`/p/${p.id}`}>{p.name}</Link>;
}

export function LeaderboardPage(p: { ladder: Ladder }) {
  const s = SOCIAL_TEXT[lang];
  const { data, error } = useLoad<Board>(
    () =>
      request("get", "/api/leaderboards/{ladder}", { params: { path: { ladder: p.ladder }, query: { limit: 100 } } }),
    p.ladder,
  );
  useEffect(() => setTitle(`${s.leaderboardTitle} · ${s.ladder[p.ladder]}`), [p.ladder]);
  return (
    <section class="card social" aria-labelledby="board-h">
      <h1 id="board-h">{s.leaderboardTitle}</h1>
      <nav class="tabs">
        {LADDERS.map((l) => (
          <span key={l}>
            {l === p.ladder ? (
              <strong aria-current="page">{s.ladder[l]}</strong>
            ) : (
              <Link href={l === "base" ? "/leaderboard" : `/leaderboard/${l}`}>{s.ladder[l]}</Link>
            )}{" "}
          </span>
        ))}
      </nav>
      {error ? (
        <p class="error" role="alert">
          {errorText(error)}
        </p>
      ) : !data ? (
        <p class="muted">{t.loading}</p>
      ) : (
        <>
          <p class="muted">{s.leaderboardHelp(data.minGames)}</p>
          {data.players.length === 0 ? (
            <p class="muted">{s.empty}</p>
          ) : (
            <table class="leaderboard">
              <thead>
                <tr>
                  <th scope="col">{s.rank}</th>
                  <th scope="col">{s.player}</th>
                  <th scope="col">{s.rating}</th>
                  <th scope="col">{s.statsGames}</th>
                  <th scope="col">{s.statsWins}</th>
                </tr>
              </thead>
              <tbody>
                {data.players.map((r) => (
                  <tr key={r.player.id}>
                    <td>{r.place}</td>
                    <td>
                      <PlayerLink id={r.player.id} name={r.player.name} />
                    </td>
                    <td>{r.rating}</td>
                    <td>{r.games}</td>
                    <td>{r.wins}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
