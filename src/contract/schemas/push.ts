/** zod schemas of Web Push subscriptions (src/api/push.ts). */
import { z } from "@hono/zod-openapi";

const base64url = (what: string) =>
  z
    .string()
    .trim()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is base64url`);

export const PushSubscribeBody = z
  .object({
    endpoint: z.string().trim().min(10).max(2000).openapi({
      description:
        "The PushSubscription's endpoint (https://, on a public host: checked like a webhook URL). A secret: never shown again.",
      example: "https://fcm.googleapis.com/fcm/send/abc…",
    }),
    keys: z
      .object({
        p256dh: base64url("p256dh").openapi({ description: "The subscription's P-256 public key (65 bytes)." }),
        auth: base64url("auth").openapi({ description: "The subscription's 16-byte authentication secret." }),
      })
      .strict(),
    expirationTime: z.number().nullable().optional(),
    label: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .optional()
      .openapi({ description: "What this device is called in your list.", example: "Firefox on Android" }),
  })
  .strict()
  .openapi("PushSubscribe", { description: "A browser's PushSubscription.toJSON(), and a name for the device." });

/**
 * A browser renewing its subscription by itself (the service worker's `pushsubscriptionchange`,
 * which has no profile key): the old subscription's endpoint and auth secret, known only to that
 * browser and this server, prove it; the new one replaces it in place.
 */
export const PushRenewBody = z
  .object({
    oldEndpoint: z.string().trim().min(10).max(2000).openapi({ description: "The old subscription's endpoint." }),
    oldAuth: base64url("oldAuth").openapi({ description: "The old subscription's 16-byte authentication secret." }),
    endpoint: PushSubscribeBody.shape.endpoint,
    keys: PushSubscribeBody.shape.keys,
    expirationTime: z.number().nullable().optional(),
  })
  .strict()
  .openapi("PushRenew", {
    description: "The service worker's new PushSubscription, proven by the old one's endpoint and auth secret.",
  });

export const PushSubscriptionSchema = z
  .object({
    id: z.string(),
    service: z.string().openapi({ description: "The push service's host.", example: "fcm.googleapis.com" }),
    label: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastStatus: z.number().int().nullable().openapi({
      description:
        "The push service's last answer that changed anything: its first success, each failure, the first success after one (a success like the one before is not recorded again), or a test message.",
    }),
    lastAttemptAt: z.string().nullable().openapi({ description: "When that answer came (ISO 8601)." }),
  })
  .openapi("PushSubscription");

export const PushSubscriptionEnvelopeSchema = z
  .object({ subscription: PushSubscriptionSchema })
  .openapi("PushSubscriptionEnvelope");

export const PushSubscriptionListSchema = z
  .object({ subscriptions: z.array(PushSubscriptionSchema) })
  .openapi("PushSubscriptionList");

export const PushKeySchema = z
  .object({
    publicKey: z.string().openapi({
      description: "The server's VAPID public key: pass it as applicationServerKey to pushManager.subscribe().",
    }),
  })
  .openapi("PushKey");

export const PushParam = z.object({
  pid: z
    .string()
    .regex(/^push_[0-9a-z]{16}$/, "push subscription ids look like push_ and 16 characters")
    .openapi({ param: { name: "pid", in: "path" }, example: "push_0123456789abcdef" }),
});
