/** Push on this device, the client's side: device names, the VAPID key's bytes, and the static files that make the site installable. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deviceLabel, keyBytes } from "../../web/src/notify/push";

const ROOT = join(import.meta.dirname, "../..");

describe("push client", () => {
  it("names the device from its user agent", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari on iPhone",
      ],
      ["Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0", "Firefox on Android"],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge on Windows",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
        "Chrome on Linux",
      ],
      ["curl/8.0", "Browser"],
    ];
    for (const [ua, label] of cases) expect(deviceLabel(ua), ua).toBe(label);
  });

  it("decodes the VAPID key (base64url) to the 65 bytes pushManager.subscribe takes", () => {
    const key = keyBytes("BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY");
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(Buffer.from(key).toString("base64url")).toBe(
      "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY",
    );
  });

  it("the page links a web app manifest whose icons exist; the service worker handles push and clicks", () => {
    const html = readFileSync(join(ROOT, "web/public/index.html"), "utf8");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const manifest = JSON.parse(readFileSync(join(ROOT, "web/public/manifest.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
    const sizes = manifest.icons
      .filter((i: { type: string }) => i.type === "image/png")
      .map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const bytes = readFileSync(join(ROOT, "web/public", icon.src));
      if (icon.type === "image/png") {
        expect(bytes.subarray(1, 4).toString()).toBe("PNG");
        const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
        expect(`${w}x${h}`).toBe(icon.sizes);
      }
    }
    const sw = readFileSync(join(ROOT, "web/src/sw/index.ts"), "utf8");
    expect(sw).toMatch(/addEventListener\("push"/);
    expect(sw).toMatch(/addEventListener\("notificationclick"/);
  });
});
