/**
 * The signature checks on their own, with key pairs and secrets made here: what Discord and Slack
 * sign passes, and a missing, malformed, altered, wrongly keyed or stale request does not.
 */
import { describe, expect, it } from "vitest";
import { FRESH_SECONDS, verifyDiscord, verifySlack } from "../../src/chat/signature";

const enc = new TextEncoder();
const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

async function ed25519() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicHex = hex((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const sign = async (ts: string, body: string) =>
    hex(await crypto.subtle.sign("Ed25519", pair.privateKey, enc.encode(ts + body)));
  return { publicHex, sign };
}

async function hmac(secret: string, ts: string, body: string) {
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return `v0=${hex(await crypto.subtle.sign("HMAC", key, enc.encode(`v0:${ts}:${body}`)))}`;
}

const NOW = 1_800_000_000_000;
const ts = (offsetSeconds = 0) => String(NOW / 1000 + offsetSeconds);

describe("Discord: Ed25519 over timestamp + body", () => {
  it("passes what the application's key signed, and nothing else", async () => {
    const k = await ed25519();
    const other = await ed25519();
    const body = '{"type":1}';
    const good = { signature: await k.sign(ts(), body), timestamp: ts() };
    expect(await verifyDiscord(k.publicHex, good, body, NOW)).toEqual({ ok: true });
    expect(await verifyDiscord(k.publicHex, good, `${body} `, NOW)).toEqual({ ok: false, reason: "bad" });
    expect(await verifyDiscord(k.publicHex, { ...good, timestamp: ts(1) }, body, NOW)).toEqual({
      ok: false,
      reason: "bad",
    });
    expect(await verifyDiscord(other.publicHex, good, body, NOW)).toEqual({ ok: false, reason: "bad" });
    const flipped = (good.signature[0] === "0" ? "1" : "0") + good.signature.slice(1);
    expect(await verifyDiscord(k.publicHex, { ...good, signature: flipped }, body, NOW)).toEqual({
      ok: false,
      reason: "bad",
    });
  });

  it("refuses a missing or unreadable signature, a timestamp more than 5 minutes away, and no configured key", async () => {
    const k = await ed25519();
    const body = "{}";
    const sig = await k.sign(ts(), body);
    expect(await verifyDiscord(k.publicHex, { signature: null, timestamp: ts() }, body, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(await verifyDiscord(k.publicHex, { signature: sig, timestamp: null }, body, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(await verifyDiscord(k.publicHex, { signature: "zz", timestamp: ts() }, body, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await verifyDiscord(k.publicHex, { signature: sig.slice(2), timestamp: ts() }, body, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await verifyDiscord(k.publicHex, { signature: sig, timestamp: "1e9" }, body, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    for (const off of [-FRESH_SECONDS - 1, FRESH_SECONDS + 1, -86_400]) {
      const old = { signature: await k.sign(ts(off), body), timestamp: ts(off) };
      expect(await verifyDiscord(k.publicHex, old, body, NOW)).toEqual({ ok: false, reason: "stale" });
    }
    // Just inside the window either way.
    for (const off of [-FRESH_SECONDS, FRESH_SECONDS]) {
      const edge = { signature: await k.sign(ts(off), body), timestamp: ts(off) };
      expect(await verifyDiscord(k.publicHex, edge, body, NOW)).toEqual({ ok: true });
    }
    expect(await verifyDiscord(undefined, { signature: sig, timestamp: ts() }, body, NOW)).toEqual({
      ok: false,
      reason: "unconfigured",
    });
    expect(await verifyDiscord("abcd", { signature: sig, timestamp: ts() }, body, NOW)).toEqual({
      ok: false,
      reason: "unconfigured",
    });
  });
});

describe("Slack: v0= HMAC-SHA256 of v0:timestamp:body", () => {
  it("passes what the signing secret signed, and nothing else", async () => {
    const secret = hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const body = "command=%2Fphotosynthesis&text=games";
    const good = { signature: await hmac(secret, ts(), body), timestamp: ts() };
    expect(await verifySlack(secret, good, body, NOW)).toEqual({ ok: true });
    expect(await verifySlack(`${secret}x`, good, body, NOW)).toEqual({ ok: false, reason: "bad" });
    expect(await verifySlack(secret, good, `${body}&x=1`, NOW)).toEqual({ ok: false, reason: "bad" });
    expect(await verifySlack(secret, { ...good, timestamp: ts(-1) }, body, NOW)).toEqual({ ok: false, reason: "bad" });
    expect(await verifySlack(secret, { ...good, signature: good.signature.replace("v0=", "v1=") }, body, NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await verifySlack(secret, { ...good, signature: null }, body, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    const old = { signature: await hmac(secret, ts(-301), body), timestamp: ts(-301) };
    expect(await verifySlack(secret, old, body, NOW)).toEqual({ ok: false, reason: "stale" });
    expect(await verifySlack(undefined, good, body, NOW)).toEqual({ ok: false, reason: "unconfigured" });
  });
});
