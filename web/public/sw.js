// Canopy's service worker: shows a push notification ("your turn", reminders, game over) and, when
// it is tapped, opens its game in this site (a window already showing it is focused instead). The
// message is what src/notify/push.ts sends: {v, id, type, title, body, url, gameId, tag}. Nothing
// is cached: the site needs the network anyway (moves go to the server).
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
