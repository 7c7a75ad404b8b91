/**
 * The shell: the header (with the language switcher and the sign-in link) and the router. Every page
 * lives in a folder of its own, web/src/<page>/page.tsx, a chunk loaded when first shown (one `lazy`
 * loader for all). The game page's chunk is named in index.html for preloading on a game's address
 * (scripts/build-web.mjs), and main.tsx waits for it there before the first paint: the board shows at
 * once, and the start page does not carry the game's code (issue 25: the pages' weights).
 */
import { useEffect, useState } from "preact/hooks";
import { api, loadIdentity, saveIdentity } from "./api";
// Small modules the game page and the other pages both use: in the shell's chunk rather than in
// chunks of a few hundred bytes each (scripts/build-web.mjs; issue 25, the pages' weights).
import "./errors";
import "./time";
import "./ui/icons";
import { LANG_NAMES, LANGS, lang, setLang, t, type Lang } from "./i18n";
import { Link } from "./nav";
import { seen, setTitle, setTitleCount, whenSeen } from "./title";
import type { Identity } from "./types";
import { lazy } from "./ui/lazy";
import { loadPart } from "./ui/part";

type Where =
  | { page: "home" }
  | { page: "game"; id: string; invite: string | null }
  | { page: "signin"; code: string | null; next: string }
  | { page: "social"; path: string }
  | { page: "tables" }
  | { page: "learn" };

const loading = () => <p class="card center muted">{t.loading}</p>;
// The game page (/g/<id>).
const GamePage = lazy(() => import("./game/page").then((m) => m.GamePage));
// The start page (a game page, what most visits are, does not carry it) and signing in, with the
// start page's stylesheet and texts.
const Home = lazy(() => loadPart("home", import("./home/page")).then((m) => m.HomePage), loading);
const SignIn = lazy(() => loadPart("home", import("./signin/page")).then((m) => m.SignInPage), loading);
// Player pages (/p/<id>) and leaderboards (/leaderboard…): a chunk that reads its own path.
const Social = lazy(() => loadPart("home", import("./social/page")).then((m) => m.SocialPage));
// The open tables (/tables).
const Tables = lazy(() => loadPart("home", import("./tables/page")).then((m) => m.TablesPage));
// "How to play" (/how-to-play).
const HowToPlay = lazy(() => import("./how-to-play/page").then((m) => m.HowToPlayPage));

function route(): Where {
  const m = /^\/g\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (m) return { page: "game", id: m[1], invite: new URLSearchParams(location.search).get("invite") };
  if (/^\/(p\/|leaderboard)/.test(location.pathname)) return { page: "social", path: location.pathname };
  // Signing this device in: /pair, or the QR code's link /pair/<code>.
  const pair = /^\/pair(?:\/([A-Za-z0-9-]{1,20}))?\/?$/.exec(location.pathname);
  if (pair) {
    // Back to the page that sent the player here (a path of this site only).
    const next = new URLSearchParams(location.search).get("next");
    return { page: "signin", code: pair[1] ?? null, next: next && /^\/(?!\/)/.test(next) ? next : "/" };
  }
  if (/^\/how-to-play\/?$/.test(location.pathname)) return { page: "learn" };
  if (/^\/tables\/?$/.test(location.pathname)) return { page: "tables" };
  return { page: "home" };
}

/** Settles when the page at this address can paint (main.tsx waits for it): the game page's chunk. */
export function pageReady(): Promise<unknown> {
  return route().page === "game" ? GamePage.preload() : Promise.resolve();
}

/** Whether the poll of your turns (./turns) has been started on this page. */
let turnsWatched = false;

export function App() {
  const [, setLangState] = useState<Lang>(lang);
  const [where, setWhere] = useState(route);
  const [identity, setIdentityState] = useState<Identity | null>(loadIdentity);

  useEffect(() => {
    const on = () => setWhere(route());
    addEventListener("popstate", on);
    // Another tab created or forgot the profile.
    const onStorage = (e: StorageEvent) => {
      if (e.key === "canopy.identity") setIdentityState(loadIdentity());
    };
    addEventListener("storage", onStorage);
    return () => {
      removeEventListener("popstate", on);
      removeEventListener("storage", onStorage);
    };
  }, []);

  // The count of games waiting for you, in the tab's title on every page (loaded after the page):
  // your inbox's socket alone (./inbox.ts), or on the start page, which lists them, with their list
  // (./turns.ts). A visitor without a profile has none: the count's chunk comes once there is one
  // (then stays, to clear the count if the profile goes), not on a spectator's or a new visitor's page.
  useEffect(() => {
    const id = identity?.id ?? null;
    if (id === null && !turnsWatched) return;
    turnsWatched = true;
    void import("./inbox").then((m) =>
      m.watchTurns(
        id,
        {
          list: (player) => api.games(player, "active", null, 100),
          seen,
          whenSeen,
          setTitleCount,
          token: identity?.token ?? null,
        },
        route().page === "home",
        () => import("./turns"),
      ),
    );
  }, [identity?.id]);

  // The start page's title (the game page sets its own; see title.ts for the count in front).
  useEffect(() => {
    if (where.page === "home") setTitle("Canopy");
  }, [where.page]);

  const setIdentity = (id: Identity | null) => {
    saveIdentity(id);
    setIdentityState(id);
  };
  const changeLang = (l: Lang) => {
    void setLang(l, true).then(() => setLangState(l));
  };

  return (
    <>
      {where.page === "game" && (
        // The first Tab stop of a game page: straight to the board, past the header.
        <a class="skip" href="#board">
          {t.skipToBoard}
        </a>
      )}
      <header class="top">
        <Link href="/" class="brand">
          <svg viewBox="-12 -12 24 24" width="26" height="26" aria-hidden="true">
            <polygon points="0,-11 9.5,-5.5 9.5,5.5 0,11 -9.5,5.5 -9.5,-5.5" fill="#4f8a3a" />
            <circle cx="0" cy="-1" r="5.5" fill="#ffc20a" />
            <rect x="-1" y="2" width="2" height="6" fill="#5a3a1a" />
          </svg>
          <span>Canopy</span>
        </Link>
        <span class="tagline">{t.appTagline}</span>
        <Link href="/tables" class="tables-link">
          {t.openTables}
        </Link>
        <Link href="/how-to-play" class="learn-link">
          <span>{t.howToPlay}</span>
        </Link>
        {!identity && where.page !== "signin" && (
          <Link href={`/pair?next=${encodeURIComponent(location.pathname)}`} class="signin-link">
            {t.signInHere}
          </Link>
        )}
        <label class="lang">
          <span class="sr-only">{t.language}</span>
          <select
            aria-label={t.language}
            value={lang}
            onChange={(e) => changeLang((e.target as HTMLSelectElement).value as Lang)}
          >
            {LANGS.map((l) => (
              <option value={l} lang={l} key={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main">
        {where.page === "game" ? (
          <GamePage
            key={where.id}
            id={where.id}
            invite={where.invite}
            identity={identity}
            setIdentity={setIdentity}
            lang={lang}
          />
        ) : where.page === "social" ? (
          <Social key={where.path} path={where.path} />
        ) : where.page === "tables" ? (
          <Tables identity={identity} />
        ) : where.page === "learn" ? (
          <HowToPlay lang={lang} />
        ) : where.page === "signin" ? (
          <SignIn code={where.code} next={where.next} identity={identity} setIdentity={setIdentity} />
        ) : (
          <Home identity={identity} setIdentity={setIdentity} lang={lang} />
        )}
      </main>
    </>
  );
}
