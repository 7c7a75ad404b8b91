/** The shell: header with the language switcher, and a two-route router (/ and /g/<id>). */
import { useEffect, useState } from "preact/hooks";
import { api, loadIdentity, saveIdentity } from "./api";
import { LANG_NAMES, LANGS, lang, setLang, t, type Lang } from "./i18n";
import { Link } from "./nav";
import { GamePage } from "./pages/game";
import { seen, setTitle, setTitleCount, whenSeen } from "./title";
import { loadPart } from "./ui/part";
import { lazy } from "./ui/lazy";
// The start page is a chunk of its own: a game page (what most visits are) does not carry it.
type Home = typeof import("./pages/home").HomePage;
let homePage: Home | null = null;
import type { Identity } from "./types";

type Where =
  | { page: "home" }
  | { page: "game"; id: string; invite: string | null }
  | { page: "signin"; code: string | null; next: string }
  | { page: "social"; path: string }
  | { page: "tables" }
  | { page: "learn" };

// Player pages (/p/<id>) and leaderboards (/leaderboard…): a chunk that reads its own path.
const Social = lazy(() => loadPart("home", import("./social/pages")).then((m) => m.SocialPage));
// The open tables (/tables): a chunk of its own, with the start page's stylesheet and texts.
const Tables = lazy(() => loadPart("home", import("./tables/page")).then((m) => m.TablesPage));
// "How to play" (/how-to-play): a chunk of its own too.
const HowToPlay = lazy(() => import("./pages/how-to-play").then((m) => m.HowToPlayPage));

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

  // The count of games waiting for you, in the tab's title on every page (loaded after the page).
  useEffect(() => {
    const id = identity?.id ?? null;
    void import("./turns").then((m) =>
      m.watchTurns(id, {
        list: (player) => api.games(player, "active", null, 100),
        seen,
        whenSeen,
        setTitleCount,
      }),
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
          <LazySignIn code={where.code} next={where.next} identity={identity} setIdentity={setIdentity} />
        ) : (
          <LazyHome identity={identity} setIdentity={setIdentity} lang={lang} />
        )}
      </main>
    </>
  );
}

function LazyHome(p: Parameters<Home>[0]) {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (homePage) return;
    let live = true;
    void loadPart("home", import("./pages/home")).then((m) => {
      homePage = m.HomePage;
      if (live) loaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, []);
  const Page = homePage;
  return Page ? <Page {...p} /> : <p class="card center muted">{t.loading}</p>;
}

type SignIn = typeof import("./devices/signin").SignInPage;
let signInPage: SignIn | null = null;

/** The sign-in page (/pair): a chunk of its own, like the start page. */
function LazySignIn(p: Parameters<SignIn>[0]) {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (signInPage) return;
    let live = true;
    void loadPart("home", import("./devices/signin")).then((m) => {
      signInPage = m.SignInPage;
      if (live) loaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, []);
  const Page = signInPage;
  return Page ? <Page {...p} /> : <p class="card center muted">{t.loading}</p>;
}
