/** The zod schemas of devices, pairing and passkeys (the Worker validates with them; OpenAPI from them). */
import { z } from "@hono/zod-openapi";
import { PlayerSchema } from "./players";

const iso = () => z.string().openapi({ format: "date-time" });
const DeviceName = z.string().trim().min(1).max(60);

export const DeviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    via: z.enum(["key", "pairing", "passkey", "discord", "slack"]).openapi({
      description:
        "How it was signed in: the profile's first key, a pairing code, a passkey, or a linked Discord or Slack account (revoking it unlinks the account).",
    }),
    createdAt: iso(),
    lastSeenAt: iso(),
    current: z.boolean().openapi({ description: "The device making this request." }),
  })
  .openapi("Device");

export const DeviceListSchema = z.object({ devices: z.array(DeviceSchema) }).openapi("DeviceList");

export const DeviceParam = z.object({
  did: z
    .string()
    .regex(/^[0-9a-z]{12}$/, "device ids are 12 lower-case base-32 characters")
    .openapi({ param: { name: "did", in: "path" }, example: "a1b2c3d4e5f6" }),
});

export const PairingSchema = z
  .object({
    code: z.string().openapi({ example: "7KQ2-M9XD", description: "Type it on the other device; one use." }),
    url: z.string().openapi({ description: "Open it on the other device (the QR code's link)." }),
    expiresAt: iso(),
  })
  .openapi("Pairing");

export const RedeemPairingBody = z
  .object({
    code: z.string().max(64).openapi({ example: "7KQ2-M9XD" }),
    deviceName: DeviceName.optional().openapi({ example: "Firefox on Android" }),
  })
  .openapi("RedeemPairing");

export const SignedInSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({ description: "This device's own bearer token; shown once, keep it secret." }),
    device: DeviceSchema,
  })
  .openapi("SignedIn");

export const PasskeySchema = z
  .object({ id: z.string(), name: z.string(), createdAt: iso(), lastUsedAt: iso().nullable() })
  .openapi("Passkey");

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) }).openapi("PasskeyList");

export const PasskeyParam = z.object({
  pid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1400}$/, "passkey ids are base64url")
    .openapi({ param: { name: "pid", in: "path" } }),
});

/** What the browser's WebAuthn call is given (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const PasskeyOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .openapi("PasskeyOptions", { description: "Pass to the browser's WebAuthn call (JSON form)." });

/** What the browser's WebAuthn call answered (RegistrationResponseJSON / AuthenticationResponseJSON). */
const CredentialResponse = z
  .looseObject({
    id: z.string().max(1400),
    rawId: z.string().max(1400),
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  })
  .openapi("PasskeyCredential");

export const RegisterPasskeyBody = z
  .object({ response: CredentialResponse, name: DeviceName.optional() })
  .openapi("RegisterPasskey");

export const PasskeySignInBody = z
  .object({ response: CredentialResponse, deviceName: DeviceName.optional() })
  .openapi("PasskeySignIn");
