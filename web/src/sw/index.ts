/**
 * Canopy's service worker (built to /sw.js by scripts/build-web.mjs; registered on every visit by
 * web/src/offline/register.ts, scope "/"). Three jobs:
 *
 * - Push: shows a pushed message (src/notify/push.ts sends {v, id, type, title, body, url, gameId,
 *   tag}); a tap focuses the tab already showing that game — sent to the message's moment when it
 *   shows another — or opens one. When the push service replaces the subscription, the new one is
 *   sent to POST /api/push/renew, proven by the old one's endpoint and auth secret (no profile key here).
 * - Offline: the app's files, the pages and the last view of each of your games (the game, its log,
 *   your games, your profile) are kept as they are fetched — a game page's view and log as its
 *   socket's greeting brings them (the page hands them over: it no longer reads them, sw/logic.ts
 *   keptReads), under the reads' own keys; without a connection they are answered
 *   from there, marked with the time they were saved (x-canopy-saved), and the page says it is
 *   offline and read-only (offline/notice.tsx). Online, everything comes from the network first.
 * - A turn sent without a connection is kept (one per game and key, in IndexedDB) and sent again
 *   when the connection returns — the page's `online`, Background Sync where the browser has it, or
 *   the next request that reaches the network, tried again for about a minute while it still fails
 *   (the page can hear `online` before the worker's connection works) — with the same
 *   Idempotency-Key, so the game plays it at most once; a turn that became stale is refused by the game (409) as always, and the pages
 *   are told what became of it.
 *
 * Updating: the file changes with every build of the app (the precache list below names the build's
 * files), so the browser installs the new worker, which takes over at once; the shell is cached per
 * version and the old version's dropped, hashed chunks are kept (a page still open may load them).
 */
import { sha256, viewKey } from "../offline/key";
import { keptReads, resendWaitMs, routeOf, sentOutcome, tabFor, turnGame } from "./logic";

// The Service Worker API's types are not in this project's libraries (DOM, Workers): the few used.
interface Ext extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEv extends Ext {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(m: unknown): void;
}
interface Scope {
  location: Location;
  registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, fn: (e: never) => void): void;
}
const sw = self as unknown as Scope;

/** The build's shell: the start page and the files it loads at once (scripts/build-web.mjs fills it in). */
declare const __PRECACHE__: { version: string; files: string[] };
const PRECACHE: { version: string; files: string[] } =
  typeof __PRECACHE__ === "undefined" ? { version: "dev", files: [] } : __PRECACHE__;

const SHELL = `canopy-shell-${PRECACHE.version}`;
const CHUNKS = "canopy-chunks";
const VIEWS = "canopy-views";
/** Cached copies kept per kind (the oldest go first). */
const KEEP = { [CHUNKS]: 200, [VIEWS]: 100 } as Record<string, number>;

sw.addEventListener("install", (e: Ext) => {
  e.waitUntil(
    (async () => {
      const c = await caches.open(SHELL);
      // One failure (a file gone mid-deploy) must not keep the new worker from installing.
      await Promise.all(["/", ...PRECACHE.files].map((f) => c.add(f).catch(() => undefined)));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (e: Ext) => {
  e.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k.startsWith("canopy-shell-") && k !== SHELL) await caches.delete(k);
      await sw.clients.claim();
      await flush();
    })(),
  );
});

// ---- answering requests ------------------------------------------------------------------

sw.addEventListener("fetch", (e: FetchEv) => {
  const req = e.request;
  const route = routeOf(req.method, req.mode, new URL(req.url), sw.location.origin);
  if (route === "turn") e.respondWith(sendOrKeep(req));
  else if (route === "page") e.respondWith(networkFirst(req, SHELL, pageKey(req)));
  else if (route === "static") e.respondWith(networkFirst(req, SHELL, req.url));
  else if (route === "view") e.respondWith(viewKeyOf(req).then((k) => networkFirst(req, VIEWS, k)));
  else if (route === "chunk") e.respondWith(cacheFirst(req));
});

/** A page is kept by its path (the moment in `?ply=` is the page's own business). */
const pageKey = (req: Request) => new URL(req.url).pathname;

/**
 * A view is kept per key (the token's hash, never the token): the view a seat sees is that seat's,
 * and another profile on this browser never gets it (offline/key.ts).
 */
const viewKeyOf = (req: Request): Promise<string> => viewKey(req.url, req.headers.get("authorization") ?? "");

async function networkFirst(req: Request, cache: string, key: string): Promise<Response> {
  try {
    const res = await fetch(req);
    if (res.ok) await keep(cache, key, res.clone());
    void flush();
    return res;
  } catch (err) {
    const c = await caches.open(cache);
    const hit = (await c.match(key)) ?? (req.mode === "navigate" ? await c.match("/") : undefined);
    if (!hit) throw err;
    if (cache === VIEWS) void tell({ type: "canopy-offline", saved: hit.headers.get("x-canopy-saved") });
    return hit;
  }
}

async function cacheFirst(req: Request): Promise<Response> {
  const hit = await caches.match(req.url);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await keep(CHUNKS, req.url, res.clone());
  return res;
}

/** Keep a copy, stamped with when it was saved; the oldest copies of the kind go past its limit. */
async function keep(cache: string, key: string, res: Response): Promise<void> {
  try {
    const headers = new Headers(res.headers);
    headers.set("x-canopy-saved", new Date().toISOString());
    const c = await caches.open(cache);
    await c.put(
      key,
      new Response(await res.arrayBuffer(), { status: res.status, statusText: res.statusText, headers }),
    );
    const limit = KEEP[cache];
    if (limit) {
      const keys = await c.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await c.delete(old);
    }
  } catch {
    /* storage full or blocked: the network still answers */
  }
}

// ---- turns kept while offline -------------------------------------------------------------

interface Kept {
  /** The game and the token's hash: one kept turn per seat and game (the newest plan wins). */
  id: string;
  game: string;
  url: string;
  key: string;
  authorization: string;
  body: string;
  at: number;
}

async function sendOrKeep(req: Request): Promise<Response> {
  const copy = req.clone();
  try {
    const res = await fetch(req);
    void flush();
    return res;
  } catch (err) {
    const key = copy.headers.get("idempotency-key");
    const game = turnGame(new URL(copy.url).pathname);
    if (!key || !game) throw err;
    const authorization = copy.headers.get("authorization") ?? "";
    const id = `${game}|${(await sha256(authorization)).slice(0, 24)}`;
    // Read before the transaction opens (an IndexedDB transaction closes on an await).
    const kept: Kept = { id, game, url: copy.url, key, authorization, body: await copy.text(), at: Date.now() };
    await store("readwrite", (s) => s.put(kept));
    await tell({ type: "canopy-turn", game, key, outcome: "kept" });
    try {
      await sw.registration.sync?.register("canopy-turns");
    } catch {
      /* no Background Sync: the page's `online` event or the next request sends it */
    }
    // The page sees what it would without this worker (a network error) and keeps its plan.
    throw err;
  }
}

let flushing: Promise<void> | null = null;
let wake: (() => void) | null = null;

/**
 * Send every kept turn (one run at a time). While one cannot reach the game yet, try again after
 * a wait (logic.ts resendWaitMs: about a minute in all); a call during the wait tries at once.
 */
function flush(): Promise<void> {
  if (flushing) {
    wake?.();
    return flushing;
  }
  flushing = (async () => {
    for (let failures = 0; ; failures++) {
      if ((await sendKept()) === "sent") return;
      const ms = resendWaitMs(failures);
      if (ms === null) return;
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, ms);
      });
      wake = null;
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Send the kept turns in turn; stop at the first that still cannot reach the game ("later"). */
async function sendKept(): Promise<"sent" | "later"> {
  const all = (await store("readonly", (s) => s.getAll())) as Kept[];
  for (const t of all) {
    let res: Response;
    try {
      res = await fetch(t.url, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": t.key, authorization: t.authorization },
        body: t.body,
      });
    } catch {
      return "later"; // still offline
    }
    const outcome = sentOutcome(res.status);
    if (outcome === "later") return "later";
    let code: string | null = null;
    try {
      code = ((await res.json()) as { error?: { code?: string } }).error?.code ?? null;
    } catch {
      /* not JSON */
    }
    // Forgotten only if no newer plan replaced it meanwhile.
    await store("readwrite", (s) => {
      const r = s.get(t.id);
      r.onsuccess = () => {
        if ((r.result as Kept | undefined)?.key === t.key) s.delete(t.id);
      };
      return r;
    });
    await tell({ type: "canopy-turn", game: t.game, key: t.key, outcome, code, status: res.status });
  }
  return "sent";
}

function db(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("canopy-offline", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("turns", { keyPath: "id" });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function store(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction("turns", mode);
    const r = f(tx.objectStore("turns"));
    tx.oncomplete = () => resolve(r.result);
    tx.onerror = () => reject(tx.error);
  });
}

/** Tell every tab of this site (offline/register.ts listens). */
async function tell(m: Record<string, unknown>): Promise<void> {
  for (const c of await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) c.postMessage(m);
}

sw.addEventListener("sync", (e: Ext & { tag: string }) => {
  if (e.tag === "canopy-turns") e.waitUntil(flush());
});

sw.addEventListener("message", (e: Ext & { data: unknown }) => {
  const m = e.data as {
    type?: string;
    files?: unknown;
    id?: unknown;
    token?: unknown;
    game?: unknown;
    log?: { after?: number } | null;
  } | null;
  if (m?.type === "flush") e.waitUntil(flush());
  // What a game page's socket greeted it with in place of its reads (game/live.ts): the view and the
  // whole log, kept as the answers to GET /api/games/:id and …/log?after=0 under those reads' own
  // keys (the token hashed, as for every read), so the game opens offline as last seen.
  else if (m?.type === "keep" && typeof m.id === "string" && m.game && m.log) {
    const who = typeof m.token === "string" ? `Bearer ${m.token}` : "";
    e.waitUntil(
      Promise.all(
        keptReads(sw.location.origin, m.id, m.game, m.log).map(
          async ([url, body]) =>
            routeOf("GET", "cors", new URL(url), sw.location.origin) === "view" &&
            keep(VIEWS, await viewKey(url, who), Response.json(body)),
        ),
      ),
    );
  }
  // The files the page loaded before this worker controlled it (its first visit): kept too.
  else if (m?.type === "loaded" && Array.isArray(m.files))
    e.waitUntil(
      Promise.all(
        m.files.map(async (f) => {
          const u = new URL(String(f), sw.location.origin);
          const route = routeOf("GET", "no-cors", u, sw.location.origin);
          if (route !== "chunk" && route !== "static") return;
          if (await caches.match(u.href)) return;
          const res = await fetch(u.href).catch(() => null);
          if (res?.ok) await keep(route === "chunk" ? CHUNKS : SHELL, u.href, res);
        }),
      ),
    );
});

// ---- push ---------------------------------------------------------------------------------

/** Only a page of this site: the game's path when the message names another origin. */
function pageOf(data: { url?: unknown; gameId?: unknown }): string {
  try {
    const u = new URL(String(data.url ?? ""), sw.location.origin);
    if (u.origin === sw.location.origin) return u.pathname + u.search;
  } catch {
    /* not a URL */
  }
  return data.gameId ? `/g/${encodeURIComponent(String(data.gameId))}` : "/";
}

sw.addEventListener("push", (e: Ext & { data: { json(): unknown; text(): string } | null }) => {
  let data: Record<string, unknown> = {};
  try {
    data = (e.data ? e.data.json() : {}) as Record<string, unknown>;
  } catch {
    data = { body: e.data ? e.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Canopy";
  e.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" && data.tag ? data.tag : "canopy",
      renotify: true,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: pageOf(data), type: data.type ?? null },
    } as NotificationOptions),
  );
});

sw.addEventListener("notificationclick", (e: Ext & { notification: Notification }) => {
  e.notification.close();
  const target = new URL((e.notification.data as { url?: string } | null)?.url ?? "/", sw.location.origin).href;
  e.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const { tab, navigate } = tabFor(
        windows.map((w) => w.url),
        target,
      );
      if (tab < 0) return sw.clients.openWindow(target);
      const w = await windows[tab].focus();
      // Elsewhere in that game: to the moment the notification is about (a tab this worker controls).
      if (navigate) await w.navigate(target).catch(() => null);
      return w;
    })(),
  );
});

/** base64url of an ArrayBuffer (a subscription's key, as toJSON() gives it). */
function b64url(buffer: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

sw.addEventListener(
  "pushsubscriptionchange",
  (e: Ext & { oldSubscription: PushSubscription | null; newSubscription: PushSubscription | null }) => {
    const old = e.oldSubscription;
    e.waitUntil(
      (async () => {
        const oldAuth = old?.getKey?.("auth");
        if (!old || !oldAuth) return; // nothing to prove it with: the notifications panel renews it when opened
        let next = e.newSubscription;
        if (!next) {
          let key: BufferSource | string | null | undefined = old.options?.applicationServerKey;
          if (!key) {
            const r = await fetch("/api/push/key");
            if (!r.ok) return;
            key = ((await r.json()) as { publicKey: string }).publicKey;
          }
          next = await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        }
        const json = next.toJSON();
        await fetch("/api/push/renew", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            oldEndpoint: old.endpoint,
            oldAuth: b64url(oldAuth),
            endpoint: json.endpoint ?? next.endpoint,
            keys: json.keys,
            expirationTime: json.expirationTime ?? null,
          }),
        });
      })(),
    );
  },
);
