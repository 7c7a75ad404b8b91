/**
 * A software passkey authenticator for API tests (the browser tests use Chromium's virtual one):
 * an ES256 key pair, "none" attestation, and assertions signed over authenticatorData and the hash
 * of clientDataJSON, exactly as WebAuthn specifies, so the server's real verification runs.
 */
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const enc = new TextEncoder();
const sha256 = async (b: BufferSource) => new Uint8Array(await crypto.subtle.digest("SHA-256", b));
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
};
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** ECDSA's raw r||s signature as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    let v = b.slice(i);
    if (v[0] & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([2, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export class SoftAuthenticator {
  private counter = 0;
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly origin: string,
    readonly rpId: string,
  ) {}

  static async create(origin = "http://canopy.test", rpId = "canopy.test"): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, origin, rpId);
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create for `options` (RegistrationResponseJSON). */
  async register(options: { challenge: string }, opts: { origin?: string } = {}) {
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const authData = concat(
      await sha256(enc.encode(this.rpId)),
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      new Uint8Array(16), // AAGUID
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      isoCBOR.encode(cose),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData("webauthn.create", options.challenge, opts.origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to navigator.credentials.get for `options` (AuthenticationResponseJSON). */
  async signIn(options: { challenge: string }, opts: { origin?: string } = {}) {
    this.counter++;
    const authData = concat(await sha256(enc.encode(this.rpId)), new Uint8Array([0x05]), u32(this.counter));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, opts.origin);
    const raw = new Uint8Array(
      await crypto.subtle.sign(
        { name: "ECDSA", hash: "SHA-256" },
        this.keys.privateKey,
        concat(authData, await sha256(clientDataJSON)),
      ),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(der(raw)),
      },
    };
  }
}
