/**
 * A profile on every device: devices (each its own key), pairing codes and passkeys, through HTTP.
 * Bad input (expired or used codes and challenges, a revoked device's key) is a structured error
 * that changes nothing.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import migration0006 from "../../migrations/0006_devices_pairing_passkeys.sql?raw";
import worker from "../../src/index";
import { SoftAuthenticator } from "./authenticator";
import { call, newPlayer, openLive, startedGame } from "./client";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_PAIR_LIMITER: RateLimit;
    }
  }
}

const devices = async (token: string) => (await call("GET", "/api/me/devices", { token })).body.devices as any[];

async function pair(token: string, deviceName = "Phone") {
  const made = await call("POST", "/api/me/pairings", { token });
  expect(made.status).toBe(201);
  const redeemed = await call("POST", "/api/pairings/redeem", { body: { code: made.body.code, deviceName } });
  expect(redeemed.status).toBe(201);
  return { code: made.body.code as string, url: made.body.url as string, ...redeemed.body };
}

const expectError = (r: { status: number; body: any }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
};

describe("devices", () => {
  it("a new profile is one device, its first key, named from the browser", async () => {
    const r = await call("POST", "/api/players", {
      body: { name: "Ann" },
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
    });
    const list = await devices(r.body.token);
    expect(list).toEqual([
      expect.objectContaining({ name: "Chrome on Linux", via: "key", current: true, lastSeenAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(list)).not.toContain(r.body.token);
  });

  it("a profile made before devices existed keeps its key, as its first device", async () => {
    const token = `cnp_old0player01_${"a".repeat(32)}`;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    await env.DB.prepare("insert into players (id, name, token_hash, created_at) values (?, ?, ?, ?)")
      .bind("old0player01", "Old", hash, 1)
      .run();
    expectError(await call("GET", "/api/me", { token }), 401, "UNAUTHORIZED");
    // The migration's last statement: every profile's key becomes a device.
    const insert = migration0006.split("--> statement-breakpoint").at(-1)!.trim();
    expect(insert).toMatch(/^-- .*\nINSERT INTO `devices`/);
    await env.DB.prepare(`${insert.replace(/;\s*$/, "")} WHERE id = 'old0player01'`).run();
    expect((await call("GET", "/api/me", { token })).body.name).toBe("Old");
    expect(await devices(token)).toEqual([expect.objectContaining({ name: "First device", via: "key" })]);
  });
});

describe("pairing a device", () => {
  it("a code signs another device in with a key of its own, once", async () => {
    const ann = await newPlayer("Ann");
    const made = await call("POST", "/api/me/pairings", { token: ann.token });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(made.body.url).toBe(`http://canopy.test/pair/${made.body.code}`);
    const ttl = Date.parse(made.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    // Typed sloppily: lower case, no dash, spaces.
    const typed = ` ${made.body.code.replace("-", "").toLowerCase()} `;
    const phone = await call("POST", "/api/pairings/redeem", { body: { code: typed, deviceName: "Ann's phone" } });
    expect(phone.status).toBe(201);
    expect(phone.body.player.id).toBe(ann.id);
    expect(phone.body.token).not.toBe(ann.token);
    expect(phone.body.device).toEqual(expect.objectContaining({ name: "Ann's phone", via: "pairing", current: true }));
    expect((await call("GET", "/api/me", { token: phone.body.token })).body.id).toBe(ann.id);
    const list = await devices(ann.token);
    expect(list.map((d) => [d.via, d.current])).toEqual([
      ["key", true],
      ["pairing", false],
    ]);

    // Used: refused, and no device is added.
    const again = await call("POST", "/api/pairings/redeem", { body: { code: made.body.code } });
    expectError(again, 410, "PAIRING_CODE_USED");
    expect(again.body.token).toBeUndefined();
    expect(await devices(ann.token)).toHaveLength(2);
  });

  it("an expired, unknown, malformed or replaced code is refused and changes nothing", async () => {
    const ann = await newPlayer("Ann");
    const first = (await call("POST", "/api/me/pairings", { token: ann.token })).body.code;
    // A new code replaces the unused one.
    const second = (await call("POST", "/api/me/pairings", { token: ann.token })).body.code;
    expectError(await call("POST", "/api/pairings/redeem", { body: { code: first } }), 404, "PAIRING_CODE_UNKNOWN");

    await env.DB.prepare("update pairings set expires_at = ? where player_id = ?")
      .bind(Date.now() - 1, ann.id)
      .run();
    expectError(await call("POST", "/api/pairings/redeem", { body: { code: second } }), 410, "PAIRING_CODE_EXPIRED");

    const bad = await call("POST", "/api/pairings/redeem", { body: { code: "not a code!" } });
    expectError(bad, 400, "VALIDATION_FAILED");
    expect(bad.body.error.field).toBe("code");
    expectError(await call("POST", "/api/pairings/redeem", { body: {} }), 400, "VALIDATION_FAILED");
    expectError(await call("POST", "/api/me/pairings", {}), 401, "UNAUTHORIZED");
    expect(await devices(ann.token)).toHaveLength(1);
  });

  it("two devices racing for one code: one is signed in", async () => {
    const ann = await newPlayer("Ann");
    const { code } = (await call("POST", "/api/me/pairings", { token: ann.token })).body;
    const tries = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/pairings/redeem", { body: { code, deviceName: "Racer" } })),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([201, 410, 410]);
    expect(await devices(ann.token)).toHaveLength(2);
  });
});

describe("a paired device plays, and revoking it signs it out at once", () => {
  it("plays in the player's games; revoked, its next request is refused and the others go on", async () => {
    const { id, players, game } = await startedGame(2);
    const p = game.toAct as number;
    const phone = await pair(players[p].token);
    const legal = await call("GET", `/api/games/${id}/legal-actions`, { token: phone.token });
    expect(legal.status).toBe(200);
    expect((await call("GET", `/api/games/${id}`, { token: phone.token })).body.you).toEqual({ seat: p });

    // Revoked from the first device: refused at once, with its reason, and nothing moves.
    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: players[p].token })).status).toBe(204);
    const move = await call("POST", `/api/games/${id}/actions`, {
      token: phone.token,
      body: { version: game.version, action: legal.body.actions[0] },
    });
    expectError(move, 401, "DEVICE_REVOKED");
    expectError(await call("GET", "/api/me", { token: phone.token }), 401, "DEVICE_REVOKED");
    expect((await call("GET", `/api/games/${id}`)).body.version).toBe(game.version);
    expect((await devices(players[p].token)).map((d) => d.via)).toEqual(["key"]);

    // Again, or someone else's device: 404.
    expectError(
      await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: players[p].token }),
      404,
      "NOT_FOUND",
    );
    const other = (await devices(players[1 - p].token))[0].id;
    expectError(await call("DELETE", `/api/me/devices/${other}`, { token: players[p].token }), 404, "NOT_FOUND");
    expectError(
      await call("DELETE", "/api/me/devices/NOT-AN-ID", { token: players[p].token }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("the first key can be revoked too: the paired device keeps the seat", async () => {
    const { id, players, game } = await startedGame(2);
    const p = game.toAct as number;
    const phone = await pair(players[p].token);
    const first = (await devices(phone.token)).find((d) => d.via === "key");
    expect((await call("DELETE", `/api/me/devices/${first.id}`, { token: phone.token })).status).toBe(204);
    expectError(
      await call("GET", `/api/games/${id}/legal-actions`, { token: players[p].token }),
      401,
      "DEVICE_REVOKED",
    );
    const legal = await call("GET", `/api/games/${id}/legal-actions`, { token: phone.token });
    const move = await call("POST", `/api/games/${id}/actions`, {
      token: phone.token,
      body: { version: game.version, action: legal.body.actions[0] },
    });
    expect(move.status).toBe(200);
  });

  it("a revoked device's push subscription goes with it; the other device's stays", async () => {
    const ann = await newPlayer("Ann");
    const phone = await pair(ann.token);
    // Two browsers, one per device (a P-256 point and a 16-byte secret; nothing is sent here).
    const keys = {
      p256dh: "BCLo6kMxKWxTCWNNS7p1gVCrD84-sCMfiWaASRl8xFBIpCKIMkqubHmaPKlvAE_KklmAyA0kxO8w1VsQDrew5QY",
      auth: "c2VjcmV0LWF1dGgtMTIzNA",
    };
    const subscribe = (token: string, endpoint: string) =>
      call("POST", "/api/me/push", { token, body: { endpoint, keys, expirationTime: null } });
    expect((await subscribe(ann.token, "https://fcm.googleapis.com/fcm/send/laptop-1")).status).toBe(201);
    expect((await subscribe(phone.token, "https://fcm.googleapis.com/fcm/send/phone-1")).status).toBe(201);
    const before = (await call("GET", "/api/me/push", { token: ann.token })).body.subscriptions;
    expect(before).toHaveLength(2);

    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: ann.token })).status).toBe(204);
    const after = (await call("GET", "/api/me/push", { token: ann.token })).body.subscriptions;
    expect(after).toHaveLength(1);
    const { results } = await env.DB.prepare("select device_id from push_subscriptions where owner_id = ?")
      .bind(ann.id)
      .all<{ device_id: string }>();
    expect(results.map((r) => r.device_id)).not.toContain(phone.device.id);
    expect(results).toHaveLength(1);
  });
});

describe("passkeys", () => {
  async function register(token: string, auth: SoftAuthenticator) {
    const options = await call("POST", "/api/me/passkeys/options", { token });
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: "Canopy", id: "canopy.test" });
    const response = await auth.register(options.body);
    return {
      options: options.body,
      response,
      res: await call("POST", "/api/me/passkeys", { token, body: { response } }),
    };
  }

  it("a profile adds a passkey and signs in with it on a new device; answers are single use", async () => {
    const ann = await newPlayer("Ann");
    const auth = await SoftAuthenticator.create();
    const reg = await register(ann.token, auth);
    expect(reg.res.status).toBe(201);
    expect(reg.res.body).toEqual(expect.objectContaining({ id: auth.id, lastUsedAt: null }));
    expect((await call("GET", "/api/me/passkeys", { token: ann.token })).body.passkeys).toHaveLength(1);
    // The same answer again: the challenge was used.
    const replay = await call("POST", "/api/me/passkeys", { token: ann.token, body: { response: reg.response } });
    expectError(replay, 410, "CHALLENGE_USED");

    const options = await call("POST", "/api/passkeys/options", {});
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe("canopy.test");
    const answer = await auth.signIn(options.body);
    const signedIn = await call("POST", "/api/passkeys/signin", { body: { response: answer, deviceName: "Laptop" } });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.player.id).toBe(ann.id);
    expect(signedIn.body.device).toEqual(expect.objectContaining({ name: "Laptop", via: "passkey" }));
    expect((await call("GET", "/api/me", { token: signedIn.body.token })).body.id).toBe(ann.id);
    expectError(await call("POST", "/api/passkeys/signin", { body: { response: answer } }), 410, "CHALLENGE_USED");
    expect(await devices(ann.token)).toHaveLength(2);
    const listed = (await call("GET", "/api/me/passkeys", { token: ann.token })).body.passkeys[0];
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it("expired, unknown, foreign-origin and wrong-ceremony answers are refused and sign nobody in", async () => {
    const ann = await newPlayer("Ann");
    const auth = await SoftAuthenticator.create();
    expect((await register(ann.token, auth)).res.status).toBe(201);

    const expired = await call("POST", "/api/passkeys/options", {});
    await env.DB.prepare(
      "update webauthn_challenges set expires_at = ? where challenge_hash in (select challenge_hash from webauthn_challenges where used_at is null and purpose = 'signin')",
    )
      .bind(Date.now() - 1)
      .run();
    const late = await call("POST", "/api/passkeys/signin", { body: { response: await auth.signIn(expired.body) } });
    expectError(late, 410, "CHALLENGE_EXPIRED");

    const madeUp = await auth.signIn({ challenge: "bm90LWEtY2hhbGxlbmdlLW1hZGUtaGVyZQ" });
    expectError(await call("POST", "/api/passkeys/signin", { body: { response: madeUp } }), 400, "CHALLENGE_UNKNOWN");

    const phishing = await call("POST", "/api/passkeys/options", {});
    const foreign = await auth.signIn(phishing.body, { origin: "https://evil.example" });
    expectError(await call("POST", "/api/passkeys/signin", { body: { response: foreign } }), 400, "PASSKEY_REFUSED");

    // A sign-in challenge cannot register a passkey.
    const signinOptions = await call("POST", "/api/passkeys/options", {});
    const other = await SoftAuthenticator.create();
    const misuse = await call("POST", "/api/me/passkeys", {
      token: ann.token,
      body: { response: await other.register(signinOptions.body) },
    });
    expectError(misuse, 400, "CHALLENGE_UNKNOWN");

    // A passkey no profile has.
    const stranger = await SoftAuthenticator.create();
    const o = await call("POST", "/api/passkeys/options", {});
    expectError(
      await call("POST", "/api/passkeys/signin", { body: { response: await stranger.signIn(o.body) } }),
      401,
      "PASSKEY_UNKNOWN",
    );

    expectError(
      await call("POST", "/api/passkeys/signin", { body: { response: { id: "x" } } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(await devices(ann.token)).toHaveLength(1);

    // Removed: it signs nobody in any more.
    expect((await call("DELETE", `/api/me/passkeys/${auth.id}`, { token: ann.token })).status).toBe(204);
    const after = await call("POST", "/api/passkeys/options", {});
    expectError(
      await call("POST", "/api/passkeys/signin", { body: { response: await auth.signIn(after.body) } }),
      401,
      "PASSKEY_UNKNOWN",
    );
    expectError(await call("DELETE", `/api/me/passkeys/${auth.id}`, { token: ann.token }), 404, "NOT_FOUND");
  });
});

describe("a revoked device's live game page", () => {
  it("loses its seat's view at once, and cannot take it again", async () => {
    const { id, players, game } = await startedGame(2);
    const phone = await pair(players[0].token);
    const { ws, next } = await openLive(id);
    expect((await next(1)).game.you).toBeNull();
    ws.send(JSON.stringify({ type: "auth", token: phone.token }));
    expect((await next(2)).game.you).toEqual({ seat: 0 });
    expect((await next(3)).type).toBe("talk.list");

    expect((await call("DELETE", `/api/me/devices/${phone.device.id}`, { token: players[0].token })).status).toBe(204);
    expect((await next(4)).error.code).toBe("DEVICE_REVOKED");
    const after = await next(5);
    expect(after.type).toBe("game");
    expect(after.game.you).toBeNull();
    expect(after.game.version).toBe(game.version);
    ws.send(JSON.stringify({ type: "auth", token: phone.token }));
    const again = await next(6);
    expect(again.type).toBe("error");
    expect(again.error.code).toBe("DEVICE_REVOKED");
    ws.close(1000);

    // A new socket signing in with the revoked key is told the same, and never sees the seat's view.
    const fresh = await openLive(id);
    expect((await fresh.next(1)).game.you).toBeNull();
    fresh.ws.send(JSON.stringify({ type: "auth", token: phone.token }));
    const told = await fresh.next(2);
    expect(told).toMatchObject({ type: "error", error: { code: "DEVICE_REVOKED" } });
    fresh.ws.send(JSON.stringify({ type: "submit", key: "after-revoked", version: game.version, actions: [] }));
    expect(await fresh.next(3)).toMatchObject({
      type: "refused",
      key: "after-revoked",
      error: { code: "DEVICE_REVOKED" },
    });
    expect((await call("GET", `/api/games/${id}`)).body.version).toBe(game.version);
    fresh.ws.send(JSON.stringify({ type: "sync" }));
    expect((await fresh.next(4)).game.you).toBeNull();
    // A key that is no device's is still UNAUTHORIZED; the seat's own key still signs in.
    fresh.ws.send(JSON.stringify({ type: "auth", token: "cnp_not-a-device" }));
    expect((await fresh.next(5)).error.code).toBe("UNAUTHORIZED");
    fresh.ws.send(JSON.stringify({ type: "auth", token: players[0].token }));
    expect((await fresh.next(6)).game.you).toEqual({ seat: 0 });
    fresh.ws.close(1000);
  });
});

describe("pairing is rate limited", () => {
  it("ten tries a minute from one address, then 429 even for the right code (nothing signed in)", async () => {
    const ann = await newPlayer("Ann");
    const { code } = (await call("POST", "/api/me/pairings", { token: ann.token })).body;
    const limited = { ...env, PAIR_LIMITER: env.TEST_PAIR_LIMITER };
    const attempt = async (ip: string, c: string) => {
      const ctx = createExecutionContext();
      const req = new Request("http://canopy.test/api/pairings/redeem", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify({ code: c }),
      });
      const r = await worker.fetch(req, limited, ctx);
      await waitOnExecutionContext(ctx);
      return { status: r.status, body: (await r.json()) as any, headers: r.headers };
    };
    // workerd counts in fixed one-minute windows aligned to the clock: a run that crossed a window's
    // end is run again from a fresh address.
    for (let run = 1; ; run++) {
      const ip = `10.9.${run}.${Math.floor(Math.random() * 250)}`;
      const start = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await attempt(ip, `ZZZZ-ZZ${String(i).padStart(2, "0")}`)).status);
      const right = await attempt(ip, code);
      if (Math.floor(start / 60_000) !== Math.floor(Date.now() / 60_000) && run < 3) continue;
      expect(statuses).toEqual(Array(10).fill(404));
      expect(right.status).toBe(429);
      expect(right.body.error.code).toBe("RATE_LIMITED");
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
      break;
    }
    expect(await devices(ann.token)).toHaveLength(1);
  });
});
