import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { checkPublicUrl, checkUrl, hostRefusal } from "../../src/notify/targets";
import { call, newPlayer } from "../api/client";
import { clockedGame, farFuture } from "./helpers";

const prod = { allowHttpLocalhost: false };
const dev = { allowHttpLocalhost: true };

/**
 * Webhook URLs that must be refused with production settings: every spelling in issue 12 and
 * more. [url, a word the refusal names]
 */
const REFUSED: [string, RegExp][] = [
  // names of this machine and of private networks
  ["https://localhost/", /localhost/],
  ["https://localhost./", /localhost/],
  ["https://LOCALHOST../", /localhost/],
  ["https://foo.localhost./", /localhost/],
  ["https://%6c%6fcalhost/", /localhost/],
  ["https://ｌｏｃａｌｈｏｓｔ/", /localhost/],
  ["https://metadata.google.internal./computeMetadata/v1/", /internal/],
  ["https://metadata/", /single-label/],
  ["https://wiki/", /single-label/],
  ["https://printer.local/", /\.local/],
  ["https://router.home.arpa/", /home\.arpa/],
  ["https://nas.lan/", /\.lan/],
  ["https://1.0.0.127.in-addr.arpa/", /arpa/],
  // IPv4 spelled every way the URL parser accepts
  ["https://127.0.0.1/", /loopback/],
  ["https://127.0.0.1./", /loopback/],
  ["https://127.1/", /loopback/],
  ["https://2130706433/", /loopback/],
  ["https://0x7f000001/", /loopback/],
  ["https://0x7f.0.0.1/", /loopback/],
  ["https://0177.0.0.1/", /loopback/],
  ["https://017700000001/", /loopback/],
  ["https://127。0。0。1/", /loopback/],
  ["https://0/", /this network/],
  ["https://0.0.0.0/", /this network/],
  ["https://10.0.0.1/", /private/],
  ["https://172.16.0.1/", /private/],
  ["https://172.31.255.254/", /private/],
  ["https://192.168.1.1/", /private/],
  ["https://169.254.169.254/latest/meta-data/", /link-local/],
  ["https://0xa9fea9fe/", /link-local/],
  ["https://100.64.0.1/", /carrier-grade/],
  ["https://100.100.100.200/", /carrier-grade/],
  ["https://192.0.0.192/", /IETF/],
  ["https://192.0.2.1/", /documentation/],
  ["https://198.18.0.1/", /benchmarking/],
  ["https://198.19.255.255/", /benchmarking/],
  ["https://198.51.100.7/", /documentation/],
  ["https://203.0.113.9/", /documentation/],
  ["https://192.88.99.1/", /6to4 relay/],
  ["https://224.0.0.1/", /multicast/],
  ["https://239.255.255.250/", /multicast/],
  ["https://240.0.0.1/", /reserved/],
  ["https://255.255.255.255/", /reserved|broadcast/],
  // IPv6, and IPv4 inside IPv6
  ["https://[::1]/", /loopback/],
  ["https://[::]/", /unspecified/],
  ["https://[0:0:0:0:0:0:0:1]/", /loopback/],
  ["https://[::ffff:127.0.0.1]/", /mapped.*127\.0\.0\.1/],
  ["https://[::ffff:7f00:1]/", /mapped.*127\.0\.0\.1/],
  ["https://[::ffff:169.254.169.254]/", /mapped.*169\.254\.169\.254/],
  ["https://[::ffff:0:10.0.0.1]/", /translated.*10\.0\.0\.1/],
  ["https://[::127.0.0.1]/", /compatible.*127\.0\.0\.1/],
  ["https://[::7f00:1]/", /compatible.*127\.0\.0\.1/],
  ["https://[::8.8.8.8]/", /compatible/],
  ["https://[2002:7f00:1::]/", /6to4.*127\.0\.0\.1/],
  ["https://[2002:a9fe:a9fe::1]/", /6to4.*169\.254\.169\.254/],
  ["https://[2002:808:808::1]/", /6to4/],
  ["https://[64:ff9b::a9fe:a9fe]/", /NAT64.*169\.254\.169\.254/],
  ["https://[64:ff9b::127.0.0.1]/", /NAT64.*127\.0\.0\.1/],
  ["https://[64:ff9b:1::808:808]/", /local-use NAT64/],
  ["https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", /Teredo.*127\.0\.0\.1/],
  ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", /Teredo/],
  ["https://[2001:2::1]/", /IETF protocol/],
  ["https://[2001:20::1]/", /IETF protocol/],
  ["https://[2001:db8::1]/", /documentation/],
  ["https://[3fff::1]/", /documentation/],
  ["https://[fc00::1]/", /unique local/],
  ["https://[fd12:3456:789a::1]/", /unique local/],
  ["https://[fe80::1]/", /link-local/],
  ["https://[fec0::1]/", /site-local/],
  ["https://[ff02::1]/", /multicast/],
  ["https://[100::1]/", /discard-only/],
  ["https://[5f00::1]/", /global unicast/],
  // wildcard DNS names that answer with a private address
  ["https://127.0.0.1.nip.io/", /nip\.io.*127\.0\.0\.1/],
  ["https://app.10.0.0.5.nip.io/", /nip\.io.*10\.0\.0\.5/],
  ["https://magic-169-254-169-254.nip.io/", /nip\.io.*169\.254\.169\.254/],
  ["https://7f000001.nip.io/", /nip\.io.*127\.0\.0\.1/],
  ["https://192-168-0-1.sslip.io/", /sslip\.io.*192\.168\.0\.1/],
  ["https://--1.sslip.io/", /sslip\.io.*loopback/],
  ["https://10.1.2.3.xip.io/", /xip\.io/],
  ["https://127.0.0.1.nip.io./", /nip\.io/],
  ["https://nip.io/", /nip\.io/],
  ["https://anything.localtest.me/", /localtest\.me/],
  ["https://lvh.me/", /lvh\.me/],
  ["https://www.localhost.direct/", /localhost\.direct/],
  // not https, or with parts a webhook URL never has
  ["http://example.com/hook", /https/],
  ["ftp://example.com/x", /https/],
  ["file:///etc/passwd", /https/],
  ["javascript:alert(1)", /https/],
  ["https://user:pass@example.com/hook", /user name or password/],
  ["https://example.com/hook#frag", /fragment/],
  ["not a url", /not a URL/],
];

/** URLs that must still be accepted. */
const ACCEPTED = [
  "https://example.com/hooks/canopy",
  "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-wxyz",
  "https://hooks.slack.com/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXabcd",
  "https://hooks.example.com./x",
  "https://8.8.8.8/hook",
  "https://1.1.1.1:8443/hook",
  "https://[2606:4700:4700::1111]/hook",
  "https://[::ffff:8.8.8.8]/hook",
  "https://[64:ff9b::808:808]/hook",
  "https://8.8.8.8.nip.io/hook",
  "https://172.32.0.1/",
  "https://100.128.0.1/",
  "https://deadbeef-cafe.example.org/",
  "https://my-local-app.com/",
];

describe("checkPublicUrl", () => {
  it.each(REFUSED)("refuses %s (production)", (url, why) => {
    const r = checkPublicUrl(url, prod);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(why);
    expect(checkUrl(url, prod).ok).toBe(false);
  });

  it.each(ACCEPTED)("accepts %s", (url) => {
    expect(checkPublicUrl(url, prod)).toMatchObject({ ok: true });
  });

  it("the development escape hatch opens only localhost, 127.0.0.1 and [::1], exactly", () => {
    for (const url of [
      "http://localhost:8788/hook",
      "http://127.0.0.1:9000/x",
      "http://[::1]:9000/x",
      "https://localhost/x",
    ]) {
      expect(checkPublicUrl(url, dev).ok, url).toBe(true);
      expect(checkPublicUrl(url, prod).ok, url).toBe(false);
    }
    for (const url of [
      "http://localhost./x",
      "https://foo.localhost/",
      "http://10.0.0.1/",
      "https://[::ffff:127.0.0.1]/",
      "https://127.0.0.1.nip.io/",
    ])
      expect(checkPublicUrl(url, dev).ok, url).toBe(false);
  });

  it("hostRefusal reads hosts as the URL parser writes them", () => {
    expect(hostRefusal("example.com")).toBeNull();
    expect(hostRefusal("[2001:4860:4860::8888]")).toBeNull();
    expect(hostRefusal("[::ffff:a9fe:a9fe]")).toMatch(/169\.254\.169\.254/);
    expect(hostRefusal("localhost...")).toMatch(/localhost/);
  });
});

describe("webhook URLs through the API, with production settings", () => {
  /** The real Worker, with ALLOW_HTTP_WEBHOOKS off as in production. */
  async function prodCall(method: string, path: string, token: string, body: unknown) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://canopy.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { ...env, ALLOW_HTTP_WEBHOOKS: "0" } as never,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: (await res.json()) as any };
  }
  const stored = async () => (await env.DB.prepare("SELECT count(*) AS n FROM webhooks").first<{ n: number }>())!.n;

  it.each(REFUSED)("POST /api/me/webhooks %s: 400 BAD_WEBHOOK_URL, nothing stored", async (url, why) => {
    const me = await newPlayer("Probe");
    const before = await stored();
    const r = await prodCall("POST", "/api/me/webhooks", me.token, { url });
    expect(r.status).toBe(400);
    // (Text that is no URL at all is already refused by the request schema.)
    expect(r.body.error.code).toBe(url === "not a url" ? "VALIDATION_FAILED" : "BAD_WEBHOOK_URL");
    if (url !== "not a url") expect(r.body.error.message).toMatch(why);
    expect(await stored()).toBe(before);
    expect((await call("GET", "/api/me/webhooks", { token: me.token })).body.webhooks).toEqual([]);
  });

  it("a game's channel and a change of URL are checked the same way", async () => {
    const g = await clockedGame(2, { t: farFuture() });
    const [ann] = g.players;
    const before = await stored();
    for (const url of [
      "https://[2002:7f00:1::]/",
      "https://127.0.0.1.nip.io/",
      "https://198.18.0.1/",
      "https://localhost./",
    ]) {
      const r = await prodCall("POST", `/api/games/${g.id}/webhooks`, ann.token, { url });
      expect(r.status, url).toBe(400);
      expect(r.body.error.code).toBe("BAD_WEBHOOK_URL");
    }
    expect(await stored()).toBe(before);
    const ok = await prodCall("POST", `/api/games/${g.id}/webhooks`, ann.token, {
      url: "https://receiver.example.net/hook-abcdefgh",
    });
    expect(ok.status).toBe(201);
    const wid = ok.body.webhook.id;
    const row = async () =>
      JSON.stringify(await env.DB.prepare("SELECT * FROM webhooks WHERE id = ?").bind(wid).first());
    const was = await row();
    const moved = await prodCall("PATCH", `/api/games/${g.id}/webhooks/${wid}`, ann.token, {
      url: "https://[64:ff9b::a9fe:a9fe]/",
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.code).toBe("BAD_WEBHOOK_URL");
    expect(await row()).toBe(was);
  });
});
