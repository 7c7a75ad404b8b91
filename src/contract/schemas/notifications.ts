/** zod schemas of webhooks and the delivery log (src/api/notifications.ts), and a test's result (also push's). */
import { z } from "@hono/zod-openapi";
import { EVENT_TYPES, TARGET_KINDS } from "../notifications";
import { IdParam } from "./common";

export const WebhookKindSchema = z.enum(TARGET_KINDS).openapi("WebhookKind", {
  description:
    "discord (a Discord channel webhook), slack (a Slack incoming webhook, or any Slack-compatible one), json (signed JSON, Standard Webhooks).",
});

export const EventTypeSchema = z.enum(EVENT_TYPES).openapi("NotificationType");

export const WebhookParam = z.object({
  id: IdParam.shape.id,
  wid: z
    .string()
    .regex(/^wh_[0-9a-z]{16}$/, "webhook ids look like wh_ and 16 characters")
    .openapi({ param: { name: "wid", in: "path" }, example: "wh_0123456789abcdef" }),
});

export const MyWebhookParam = z.object({ wid: WebhookParam.shape.wid });

export const DeliveryParam = z.object({
  id: IdParam.shape.id,
  did: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { name: "did", in: "path" }, example: 12 }),
});

const webhookUrl = z.string().trim().min(10).max(2000).openapi({
  description:
    "https:// only. Discord (discord.com/api/webhooks/…) and Slack (hooks.slack.com/services/…) URLs are recognised.",
  example: "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
});

export const CreateWebhookBody = z
  .object({
    url: webhookUrl,
    kind: WebhookKindSchema.optional().openapi({
      description: "Detected from the URL when omitted (json for any other URL).",
    }),
    label: z.string().trim().min(1).max(60).optional().openapi({ example: "#photosynthesis" }),
    events: z
      .array(EventTypeSchema)
      .min(1)
      .max(EVENT_TYPES.length)
      .optional()
      .openapi({ description: "Only these notifications (all when omitted). webhook.* notices are always sent." }),
  })
  .strict()
  .openapi("CreateWebhook");

export const UpdateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    kind: WebhookKindSchema.optional(),
    label: z.string().trim().min(1).max(60).nullable().optional(),
    events: z.array(EventTypeSchema).min(1).max(EVENT_TYPES.length).nullable().optional(),
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: "Switch it off, or on again after it was switched off for failing." }),
    rotateSecret: z.boolean().optional().openapi({ description: "json kind: a new signing secret (returned once)." }),
  })
  .strict()
  .openapi("UpdateWebhook");

export const WebhookSchema = z
  .object({
    id: z.string(),
    scope: z.enum(["game", "player"]),
    gameId: z.string().nullable(),
    kind: WebhookKindSchema,
    label: z.string().nullable(),
    url: z.string().openapi({
      description: "Redacted: the URL is a secret and is never shown again.",
      example: "https://discord.com/api/webhooks/…/wxyz",
    }),
    events: z.array(EventTypeSchema).nullable(),
    enabled: z.boolean(),
    disabledAt: z.string().nullable(),
    disabledReason: z
      .string()
      .nullable()
      .openapi({ description: "Why it was switched off (e.g. it answered HTTP 404 repeatedly)." }),
    failures: z.number().int().openapi({ description: "401/403/404/410 answers in a row; at 3 it is switched off." }),
    lastStatus: z.number().int().nullable(),
    lastAttemptAt: z.string().nullable(),
    createdBy: z.string(),
    createdByName: z.string().nullable().openapi({ description: "The name of the player who added it." }),
    mayManage: z.boolean().openapi({
      description:
        "Whether you may change, switch off, rotate or remove it: yours, or a channel of a game you created. Others only see it, send a test and read its log.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Webhook");

export const WebhookEnvelopeSchema = z
  .object({
    webhook: WebhookSchema,
    secret: z.string().nullable().openapi({
      description:
        "json kind: the signing secret (whsec_…), shown only when it is created. Verify webhook-signature with it.",
    }),
  })
  .openapi("WebhookEnvelope");

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) }).openapi("WebhookList");

export const TestResultSchema = z
  .object({
    delivered: z.boolean(),
    status: z.number().int().nullable().openapi({ description: "The webhook's HTTP answer (null: no answer)." }),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    deliveryId: z.number().int().nullable().openapi({ description: "The entry in the game's delivery log." }),
  })
  .openapi("WebhookTestResult");

export const DeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z
      .string()
      .openapi({ description: "The notification's id, sent as webhook-id / Idempotency-Key on every attempt." }),
    eventType: z.string(),
    createdAt: z.string(),
    target: z.object({
      id: z.string(),
      scope: z.enum(["game", "player"]),
      kind: z.string(),
      label: z.string().nullable(),
      url: z.string().nullable().openapi({ description: "Redacted; null for another player's own webhook." }),
      ownerId: z.string().nullable(),
    }),
    state: z.enum(["pending", "delivered", "failed", "dropped"]),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        at: z.string(),
        status: z.number().int().nullable(),
        latencyMs: z.number().int(),
        outcome: z.string().openapi({ description: "delivered, retry, rate_limited, gone or rejected" }),
        error: z.string().nullable(),
      }),
    ),
    nextAttemptAt: z.string().nullable(),
  })
  .openapi("Delivery");

export const DeliveryLogSchema = z
  .object({
    deliveries: z.array(DeliverySchema),
    next: z.number().int().nullable().openapi({ description: "Pass as ?before= for older ones." }),
  })
  .openapi("DeliveryLog");

export const DeliveryEnvelopeSchema = z.object({ delivery: DeliverySchema }).openapi("DeliveryEnvelope");

export const DeliveriesQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
