// Canopy's service worker: shows a push notification ("your turn", reminders, game over) and, when
// it is tapped, opens its game in this site (a window already showing it is focused instead). The
// message is what src/notify/push.ts sends: {v, id, type, title, body, url, gameId, tag}. Nothing
// is cached: the site needs the network anyway (moves go to the server). When the push service
// replaces the subscription (`pushsubscriptionchange`), the new one is sent to POST /api/push/renew,
// proven by the old one's endpoint and auth secret — the worker has no profile key.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a page of this site: the game's path when the message names another origin. */
function pageOf(data) {
  try {
    const u = new URL(String(data.url ?? ""), self.location.origin);
    if (u.origin === self.location.origin) return u.pathname + u.search;
  } catch {
    /* not a URL */
  }
  return data.gameId ? `/g/${encodeURIComponent(String(data.gameId))}` : "/";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Canopy";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" && data.tag ? data.tag : "canopy",
      renotify: true,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: pageOf(data), type: data.type ?? null },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});

/** base64url of an ArrayBuffer (a subscription's key, as toJSON() gives it). */
function b64url(buffer) {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

self.addEventListener("pushsubscriptionchange", (event) => {
  const old = event.oldSubscription;
  event.waitUntil(
    (async () => {
      const oldAuth = old?.getKey?.("auth");
      if (!old || !oldAuth) return; // nothing to prove it with: the notifications panel renews it when opened
      let next = event.newSubscription;
      if (!next) {
        let key = old.options?.applicationServerKey;
        if (!key) {
          const r = await fetch("/api/push/key");
          if (!r.ok) return;
          key = (await r.json()).publicKey;
        }
        next = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
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
});
