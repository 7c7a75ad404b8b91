/**
 * Push notifications on this device (loaded with the notifications panel, never with the game
 * page): the service worker (/sw.js, registered on every visit by offline/register.ts; again here,
 * the same script and scope, in case that has not finished), the browser subscribes
 * with the server's VAPID key, and the subscription goes to the server (POST /api/me/push). The
 * server removes a subscription its push service calls expired; the browser's own is renewed each
 * time the panel opens.
 */
import { api } from "../api/more";

export type PushState = "unsupported" | "denied" | "off" | "on";

/** Where the id of this device's subscription is kept (to turn it off). */
const KEY = "canopy.push";

export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** "Firefox on Android", "Chrome on Windows"…: what the device is called in the list (a guess from the user agent). */
export function deviceLabel(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPod/.test(ua)
      ? "iPhone"
      : /iPad/.test(ua)
        ? "iPad"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  return system ? `${browser} on ${system}` : browser;
}

/** base64url → bytes (the VAPID key as pushManager.subscribe takes it). */
export function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64url.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration("/");
}

/** Send this browser's subscription to the server (again): it is then this profile's device. */
async function save(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  const r = await api.push.subscribe({
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    expirationTime: json.expirationTime ?? null,
    label: deviceLabel(navigator.userAgent),
  });
  try {
    localStorage.setItem(KEY, r.subscription.id);
  } catch {
    /* storage blocked: turning off then only unsubscribes the browser */
  }
}

/** Whether push is on here; an existing subscription is sent to the server again (renewed). */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub || Notification.permission !== "granted") return "off";
  await save(sub);
  return "on";
}

/** Turn push on: permission, service worker, subscription with the server's key, then the server. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const { publicKey } = await api.push.key();
  const key = keyBytes(publicKey);
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  // Made with another server key (the server's keys changed): subscribe afresh.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await save(sub);
  return "on";
}

/** Turn push off here: the server forgets this device, the browser unsubscribes. */
export async function turnPushOff(): Promise<PushState> {
  let id: string | null = null;
  try {
    id = localStorage.getItem(KEY);
  } catch {
    /* storage blocked */
  }
  if (id) {
    await api.push.remove(id).catch((e: { status?: number }) => {
      if (e?.status !== 404) throw e;
    });
    try {
      localStorage.removeItem(KEY);
    } catch {
      /* storage blocked */
    }
  }
  await (await (await registration())?.pushManager.getSubscription())?.unsubscribe();
  return "off";
}

/** Send a test to this device (the server answers what the push service said). */
export async function testPush(): Promise<{ delivered: boolean; error: string | null }> {
  let id: string | null = null;
  try {
    id = localStorage.getItem(KEY);
  } catch {
    /* storage blocked */
  }
  if (!id) return { delivered: false, error: null };
  return api.push.test(id);
}
