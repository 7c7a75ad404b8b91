import { describe, expect, it } from "vitest";
import { decrypt, encrypt, webhookKey } from "../../src/notify/crypto";
import { retryAfterOf, retryDelay } from "../../src/notify/deliver";
import { checkUrl, chooseKind, redactUrl } from "../../src/notify/targets";

const DISCORD = "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-wxyz";
const SLACK = "https://hooks.slack.com/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXabcd";
const dev = { allowHttpLocalhost: true };
const prod = { allowHttpLocalhost: false };

describe("webhook URLs", () => {
  it("the kind is detected from the URL, or chosen for other URLs", () => {
    expect(checkUrl(DISCORD, prod)).toMatchObject({ ok: true, detected: "discord" });
    expect(checkUrl(DISCORD.replace("/api/", "/api/v10/"), prod)).toMatchObject({ ok: true, detected: "discord" });
    expect(checkUrl(SLACK, prod)).toMatchObject({ ok: true, detected: "slack" });
    expect(checkUrl("https://example.com/hooks/canopy", prod)).toMatchObject({ ok: true, detected: "json" });
    expect(chooseKind("json", "slack")).toEqual({ ok: true, kind: "slack" });
    expect(chooseKind("discord", "json").ok).toBe(false);
    expect(chooseKind("slack", undefined)).toEqual({ ok: true, kind: "slack" });
  });

  it("only https://; plain http:// only to localhost, and only in development", () => {
    expect(checkUrl("http://example.com/hook", dev).ok).toBe(false);
    expect(checkUrl("http://localhost:8788/hook", prod).ok).toBe(false);
    expect(checkUrl("http://localhost:8788/hook", dev).ok).toBe(true);
    expect(checkUrl("http://127.0.0.1:9000/x", dev).ok).toBe(true);
    expect(checkUrl("ftp://example.com/x", dev).ok).toBe(false);
    expect(checkUrl("https://10.0.0.3/x", prod).ok).toBe(false);
    expect(checkUrl("https://192.168.1.2/x", prod).ok).toBe(false);
    expect(checkUrl("https://[::1]/x", prod).ok).toBe(false);
    expect(checkUrl("not a url", dev).ok).toBe(false);
    expect(checkUrl("https://discord.com/api/webhooks/123/", prod).ok).toBe(false);
  });

  it("is shown redacted: host, the fixed start of the path, and the last 4 characters", () => {
    expect(redactUrl(DISCORD)).toBe("https://discord.com/api/webhooks/…/wxyz");
    expect(redactUrl(SLACK)).toBe("https://hooks.slack.com/services/…/abcd");
    expect(redactUrl("https://example.com/secret-path/token1234?key=s3cr")).toBe("https://example.com/…/s3cr");
    expect(redactUrl("http://127.0.0.1:8898/hook/abc")).toBe("http://127.0.0.1:8898/…/abc");
    expect(redactUrl("https://example.com/")).toBe("https://example.com/…");
    expect(redactUrl("https://example.com/hook")).toBe("https://example.com/…");
  });
});

describe("secrets at rest", () => {
  it("AES-GCM round trip, bound to the webhook it belongs to", async () => {
    const key = await webhookKey("k".repeat(40));
    const stored = await encrypt(key, DISCORD, "url:wh_a");
    expect(stored).not.toContain("discord");
    expect(await decrypt(key, stored, "url:wh_a")).toBe(DISCORD);
    await expect(async () => await decrypt(key, stored, "url:wh_b")).rejects.toThrow();
    const other = await webhookKey("x".repeat(40));
    await expect(async () => await decrypt(other, stored, "url:wh_a")).rejects.toThrow();
    expect(() => webhookKey("short")).toThrow(/WEBHOOK_KEY/);
  });
});

describe("retry policy", () => {
  it("exponential backoff with jitter between half and all of the step", () => {
    expect(retryDelay(1, () => 0)).toBe(2500);
    expect(retryDelay(1, () => 1)).toBe(5000);
    expect(retryDelay(2, () => 0.5)).toBe(7500);
    expect(retryDelay(3, () => 1)).toBe(20000);
    expect(retryDelay(40, () => 1)).toBe(3600_000);
  });

  it("429 waits: Discord's retry_after, Retry-After seconds or date", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterOf(new Headers(), JSON.stringify({ retry_after: 1.25, global: false }), now)).toBe(1250);
    expect(retryAfterOf(new Headers({ "retry-after": "30" }), "", now)).toBe(30_000);
    expect(retryAfterOf(new Headers({ "retry-after": new Date(now + 90_000).toUTCString() }), "", now)).toBe(90_000);
    expect(retryAfterOf(new Headers({ "x-ratelimit-reset-after": "2.5" }), "rate limited", now)).toBe(2500);
    expect(retryAfterOf(new Headers(), "", now)).toBeNull();
    expect(retryAfterOf(new Headers({ "retry-after": "999999" }), "", now)).toBe(3600_000);
  });
});
