/**
 * A profile on every device: its devices (each with a key of its own; list, revoke), "Add a
 * device" pairing codes, and passkeys (WebAuthn, through @simplewebauthn/server). No e-mail, no
 * password. Keys, codes and challenges are stored as SHA-256 hashes only and never logged.
 */
import type { PlayerInbox } from "../player/inbox";
import { createRoute } from "@hono/zod-openapi";
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import {
  CHALLENGE_TTL_MS,
  challengeState,
  deviceNameFrom,
  formatPairingCode,
  normalizePairingCode,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_TTL_MS,
  pairingState,
} from "../contract/identity";
import {
  DeviceListSchema,
  DeviceParam,
  PairingSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyParam,
  PasskeySchema,
  PasskeySignInBody,
  RedeemPairingBody,
  RegisterPasskeyBody,
  SignedInSchema,
} from "../contract/schemas/identity";
import {
  challengeByHash,
  devicesOf,
  dropExpired,
  insertChallenge,
  insertPairing,
  insertPasskey,
  pairingByHash,
  passkeyById,
  passkeySignIn,
  passkeysOf,
  redeemPairing,
  removePasskey,
  revokeDevice,
  revokedDeviceOf,
  takeChallenge,
} from "../db/identity";
import { db, playerById, unfinishedGameIds } from "../db/queries";
import type { DeviceRow, PasskeyRow, PlayerRow } from "../db/schema";
import { hashToken, newToken, randomId } from "./auth";
import { background, bearer, errorResponses, json, origin, requirePlayer, subApp, type Ctx } from "./context";
import { ApiError } from "./errors";
import { room } from "./games";

export const identity = subApp();

const iso = (t: number) => new Date(t).toISOString();

const deviceView = (d: DeviceRow, currentId: string | null) => ({
  id: d.id,
  name: d.name,
  via: d.via,
  createdAt: iso(d.createdAt),
  lastSeenAt: iso(d.lastSeenAt),
  current: d.id === currentId,
});

const passkeyView = (p: PasskeyRow) => ({
  id: p.id,
  name: p.name,
  createdAt: iso(p.createdAt),
  lastUsedAt: p.lastUsedAt === null ? null : iso(p.lastUsedAt),
});

/** Pairing codes and passkey ceremonies: a few a minute per client address and per profile. */
async function limit(c: Ctx, what: string): Promise<void> {
  const limiter = c.env.PAIR_LIMITER;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: what });
  if (success) return;
  c.header("retry-after", "60");
  throw new ApiError(429, "RATE_LIMITED", "Too many tries; wait a minute and try again.");
}

const clientKey = (c: Ctx) => c.req.header("cf-connecting-ip") ?? "local";

/** A device's name: what the client sent, else a guess from its user agent. */
const nameOf = (c: Ctx, given: string | undefined) => given ?? deviceNameFrom(c.req.header("user-agent") ?? "");

/** A new device for `player`: its key (to hand over once) and its row. */
async function newDevice(player: { id: string }, name: string, via: DeviceRow["via"], now: number) {
  const token = newToken(player.id);
  const row = {
    id: randomId(),
    playerId: player.id,
    tokenHash: await hashToken(token),
    name,
    via,
    createdAt: now,
    lastSeenAt: now,
    revokedAt: null,
  } satisfies DeviceRow;
  return { token, row };
}

const signedIn = (player: PlayerRow, token: string, device: DeviceRow) => ({
  player: { id: player.id, name: player.name, createdAt: iso(player.createdAt) },
  token,
  device: deviceView(device, device.id),
});

// ---- devices -------------------------------------------------------------------------------

identity.openapi(
  createRoute({
    method: "get",
    path: "/me/devices",
    tags: ["devices"],
    summary: "The devices signed in to your profile (name, last seen); `current` is the one asking",
    security: bearer,
    responses: { 200: json(DeviceListSchema, "Your devices"), ...errorResponses(401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const rows = await devicesOf(db(c.env.DB), me.id);
    return c.json({ devices: rows.map((d) => deviceView(d, me.device.id)) }, 200);
  },
);

identity.openapi(
  createRoute({
    method: "delete",
    path: "/me/devices/{did}",
    tags: ["devices"],
    summary: "Sign a device out: its key is refused from its next request on (this device too, if you name it)",
    security: bearer,
    request: { params: DeviceParam },
    responses: { 204: { description: "Signed out" }, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const { did } = c.req.valid("param");
    const d = db(c.env.DB);
    const revoked = await revokeDevice(d, me.id, did, Date.now());
    // A device of yours signed out before: nothing to revoke, but its games are told again (if
    // telling them failed the first time, they would otherwise keep trusting its key).
    const before = !revoked && (await revokedDeviceOf(d, me.id, did));
    if (revoked || before) {
      // Its key is struck off its games, and its open game pages lose their seat's view, now.
      // Its inbox forgets its key and closes its pages' inbox sockets too (src/player/inbox.ts).
      const games = await unfinishedGameIds(d, me.id);
      const inbox = c.env.PLAYER.get(c.env.PLAYER.idFromName(me.id)) as unknown as DurableObjectStub<PlayerInbox>;
      await Promise.all([...games.map((id) => room(c, id).deviceRevoked(did)), inbox.deviceRevoked(did)]);
    }
    if (!revoked) throw new ApiError(404, "NOT_FOUND", "No such device signed in to your profile.");
    return c.body(null, 204);
  },
);

// ---- pairing -------------------------------------------------------------------------------

function newPairingCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PAIRING_CODE_LENGTH));
  let out = "";
  for (const b of bytes) out += PAIRING_ALPHABET[b & 31];
  return out;
}

const codeHash = (code: string) => hashToken(`pairing:${code}`);

identity.openapi(
  createRoute({
    method: "post",
    path: "/me/pairings",
    tags: ["devices"],
    summary:
      "Add a device: a short code (and its link, for a QR code), valid 10 minutes, for one use; a new code replaces an unused one",
    security: bearer,
    responses: { 201: json(PairingSchema, "The code"), ...errorResponses(401, 429) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    await limit(c, `pair:${me.id}`);
    const code = newPairingCode();
    const now = Date.now();
    const d = db(c.env.DB);
    await insertPairing(d, {
      codeHash: await codeHash(code),
      playerId: me.id,
      createdAt: now,
      expiresAt: now + PAIRING_TTL_MS,
    });
    await background(c, dropExpired(d, now), "drop expired");
    const shown = formatPairingCode(code);
    return c.json({ code: shown, url: `${origin(c)}/pair/${shown}`, expiresAt: iso(now + PAIRING_TTL_MS) }, 201);
  },
);

identity.openapi(
  createRoute({
    method: "post",
    path: "/pairings/redeem",
    tags: ["devices"],
    summary: "Sign this device in with a pairing code; the answer carries this device's own token (shown once)",
    request: { body: { content: { "application/json": { schema: RedeemPairingBody } }, required: true } },
    responses: { 201: json(SignedInSchema, "Signed in"), ...errorResponses(400, 404, 410, 429) },
  }),
  async (c) => {
    await limit(c, `redeem:${clientKey(c)}`);
    const body = c.req.valid("json");
    const code = normalizePairingCode(body.code);
    if (!code)
      throw new ApiError(400, "VALIDATION_FAILED", "A pairing code is 8 letters and digits, like 7KQ2-M9XD.", {
        field: "code",
      });
    const d = db(c.env.DB);
    const hash = await codeHash(code);
    const now = Date.now();
    const refuse = (state: ReturnType<typeof pairingState>): never => {
      if (state === "expired")
        throw new ApiError(410, "PAIRING_CODE_EXPIRED", "That code has expired; make a new one on your other device.");
      if (state === "used")
        throw new ApiError(
          410,
          "PAIRING_CODE_USED",
          "That code was already used; make a new one on your other device.",
        );
      throw new ApiError(
        404,
        "PAIRING_CODE_UNKNOWN",
        "No such code; check it, or make a new one on your other device.",
      );
    };
    const pairing = await pairingByHash(d, hash);
    const state = pairingState(pairing, now);
    if (state !== "open") refuse(state);
    const player = pairing ? await playerById(d, pairing.playerId) : null;
    if (!player) return refuse("unknown");
    const device = await newDevice(player, nameOf(c, body.deviceName), "pairing", now);
    // Atomic and conditional: of two devices racing for one code, one is signed in.
    if (!(await redeemPairing(c.env.DB, hash, device.row, now)))
      refuse(pairingState(await pairingByHash(d, hash), now));
    return c.json(signedIn(player, device.token, device.row), 201);
  },
);

// ---- passkeys ------------------------------------------------------------------------------

/**
 * The relying party: RP_ID and RP_ORIGIN (comma-separated origins) from the configuration; when
 * unset (local development, tests), the host and origin the request came to. A Worker is only
 * reached through its own routes, so the request's origin is where the page runs.
 */
function relyingParty(c: Ctx): { rpID: string; origins: string[] } {
  const url = new URL(c.req.url);
  const rpID = c.env.RP_ID?.trim() || url.hostname;
  const origins = c.env.RP_ORIGIN?.split(",")
    .map((o) => o.trim())
    .filter(Boolean) ?? [url.origin];
  return { rpID, origins: origins.length ? origins : [url.origin] };
}

/** The challenge a browser's answer signed (from its clientDataJSON), or a 400. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === "string" && data.challenge.length <= 256) return data.challenge;
  } catch {
    /* below */
  }
  throw new ApiError(400, "VALIDATION_FAILED", "The passkey answer carries no readable challenge.", {
    field: "response",
  });
}

/** Use the challenge an answer signed, once; refused with its reason otherwise. */
async function useChallenge(c: Ctx, clientDataJSON: string, purpose: "register" | "signin", playerId: string | null) {
  const challenge = challengeOf(clientDataJSON);
  const d = db(c.env.DB);
  const hash = await hashToken(`webauthn:${challenge}`);
  const now = Date.now();
  let state = challengeState(await challengeByHash(d, hash), purpose, playerId, now);
  if (state === "open" && !(await takeChallenge(d, hash, now))) state = "used"; // another request took it first
  if (state === "expired")
    throw new ApiError(410, "CHALLENGE_EXPIRED", "That passkey request took too long; try again.");
  if (state === "used") throw new ApiError(410, "CHALLENGE_USED", "That passkey answer was already used; try again.");
  if (state !== "open")
    throw new ApiError(400, "CHALLENGE_UNKNOWN", "That passkey answer is not for a request made here.");
  return challenge;
}

async function storeChallenge(c: Ctx, challenge: string, purpose: "register" | "signin", playerId: string | null) {
  const now = Date.now();
  const d = db(c.env.DB);
  await insertChallenge(d, {
    challengeHash: await hashToken(`webauthn:${challenge}`),
    purpose,
    playerId,
    expiresAt: now + CHALLENGE_TTL_MS,
  });
  await background(c, dropExpired(d, now), "drop expired");
}

const refused = (e: unknown): never => {
  if (e instanceof ApiError) throw e;
  // The library's reason (origin, rp id, signature, counter...): no secret in it.
  throw new ApiError(400, "PASSKEY_REFUSED", `The passkey was refused: ${(e as Error)?.message ?? "not verified"}.`);
};

identity.openapi(
  createRoute({
    method: "get",
    path: "/me/passkeys",
    tags: ["passkeys"],
    summary: "Your passkeys",
    security: bearer,
    responses: { 200: json(PasskeyListSchema, "Your passkeys"), ...errorResponses(401) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    return c.json({ passkeys: (await passkeysOf(db(c.env.DB), me.id)).map(passkeyView) }, 200);
  },
);

identity.openapi(
  createRoute({
    method: "post",
    path: "/me/passkeys/options",
    tags: ["passkeys"],
    summary: "Start adding a passkey: options for navigator.credentials.create (a challenge valid 5 minutes, once)",
    security: bearer,
    responses: { 200: json(PasskeyOptionsSchema, "Creation options (JSON)"), ...errorResponses(401, 429) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    await limit(c, `passkey:${me.id}`);
    const { rpID } = relyingParty(c);
    const existing = await passkeysOf(db(c.env.DB), me.id);
    const options = await generateRegistrationOptions({
      rpName: "Canopy",
      rpID,
      userName: me.name,
      userDisplayName: me.name,
      userID: new TextEncoder().encode(me.id),
      attestationType: "none",
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({
        id: p.id,
        transports: (p.transports ?? undefined) as AuthenticatorTransport[] | undefined,
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await storeChallenge(c, options.challenge, "register", me.id);
    return c.json(options as unknown as { challenge: string }, 200);
  },
);

identity.openapi(
  createRoute({
    method: "post",
    path: "/me/passkeys",
    tags: ["passkeys"],
    summary: "Finish adding a passkey with the browser's answer",
    security: bearer,
    request: { body: { content: { "application/json": { schema: RegisterPasskeyBody } }, required: true } },
    responses: { 201: json(PasskeySchema, "Added"), ...errorResponses(400, 401, 409, 410) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    const body = c.req.valid("json");
    const challenge = await useChallenge(c, body.response.response.clientDataJSON, "register", me.id);
    const { rpID, origins } = relyingParty(c);
    const result = await verifyRegistrationResponse({
      // biome-ignore lint/suspicious/noExplicitAny: checked by the library itself
      response: body.response as any,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(refused);
    if (!result.verified || !result.registrationInfo) refused(new Error("not verified"));
    const cred = result.registrationInfo!.credential;
    const d = db(c.env.DB);
    if (await passkeyById(d, cred.id)) throw new ApiError(409, "CONFLICT", "That passkey is already registered.");
    const now = Date.now();
    const row = {
      id: cred.id,
      playerId: me.id,
      publicKey: isoBase64URL.fromBuffer(cred.publicKey),
      counter: cred.counter,
      transports: cred.transports ?? null,
      name: nameOf(c, body.name),
      createdAt: now,
      lastUsedAt: null,
    } satisfies PasskeyRow;
    await insertPasskey(d, row);
    return c.json(passkeyView(row), 201);
  },
);

identity.openapi(
  createRoute({
    method: "delete",
    path: "/me/passkeys/{pid}",
    tags: ["passkeys"],
    summary: "Remove a passkey (devices it signed in stay signed in; revoke them under devices)",
    security: bearer,
    request: { params: PasskeyParam },
    responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const me = await requirePlayer(c);
    if (!(await removePasskey(db(c.env.DB), me.id, c.req.valid("param").pid)))
      throw new ApiError(404, "NOT_FOUND", "No such passkey on your profile.");
    return c.body(null, 204);
  },
);

identity.openapi(
  createRoute({
    method: "post",
    path: "/passkeys/options",
    tags: ["passkeys"],
    summary: "Start signing in with a passkey: options for navigator.credentials.get (valid 5 minutes, once)",
    responses: { 200: json(PasskeyOptionsSchema, "Request options (JSON)"), ...errorResponses(429) },
  }),
  async (c) => {
    await limit(c, `signin:${clientKey(c)}`);
    const { rpID } = relyingParty(c);
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: "preferred",
      timeout: CHALLENGE_TTL_MS,
    });
    await storeChallenge(c, options.challenge, "signin", null);
    return c.json(options as unknown as { challenge: string }, 200);
  },
);

identity.openapi(
  createRoute({
    method: "post",
    path: "/passkeys/signin",
    tags: ["passkeys"],
    summary: "Sign this device in with a passkey; the answer carries this device's own token (shown once)",
    request: { body: { content: { "application/json": { schema: PasskeySignInBody } }, required: true } },
    responses: { 201: json(SignedInSchema, "Signed in"), ...errorResponses(400, 401, 410, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const challenge = await useChallenge(c, body.response.response.clientDataJSON, "signin", null);
    const d = db(c.env.DB);
    const passkey = await passkeyById(d, body.response.id);
    const player = passkey ? await playerById(d, passkey.playerId) : null;
    if (!passkey || !player)
      throw new ApiError(401, "PASSKEY_UNKNOWN", "That passkey belongs to no profile here (it may have been removed).");
    const { rpID, origins } = relyingParty(c);
    const result = await verifyAuthenticationResponse({
      // biome-ignore lint/suspicious/noExplicitAny: checked by the library itself
      response: body.response as any,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: (passkey.transports ?? undefined) as AuthenticatorTransport[] | undefined,
      },
      requireUserVerification: false,
    }).catch(refused);
    if (!result.verified) refused(new Error("not verified"));
    const now = Date.now();
    const device = await newDevice(player, nameOf(c, body.deviceName), "passkey", now);
    await passkeySignIn(d, passkey.id, result.authenticationInfo.newCounter, device.row, now);
    return c.json(signedIn(player, device.token, device.row), 201);
  },
);
