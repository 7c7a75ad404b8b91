/**
 * The zod schemas of the chat apps' one-time links (docs/chat-apps.md): a link made in Discord or
 * Slack (`/pair/<code>?chat=<platform>`) links the chat account to the profile signed in on the
 * browser that opens it, or to a new profile.
 */
import { z } from "@hono/zod-openapi";
import { SignedInSchema } from "./identity";
import { PlayerNameSchema, PlayerSchema } from "./players";

export const ChatLinkParam = z.object({
  code: z
    .string()
    .max(20)
    .openapi({ param: { name: "code", in: "path" }, example: "7KQ2-M9XD" }),
});

const Platform = z.enum(["discord", "slack"]);

export const ChatLinkSchema = z
  .object({
    platform: Platform,
    name: z.string().openapi({ description: "The account's name in the chat (a new profile takes it)." }),
    expiresAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ChatLink");

export const UseChatLinkBody = z
  .object({
    name: PlayerNameSchema.optional().openapi({
      description: "A new profile's name (default: the account's name in the chat). Not used when signed in.",
    }),
    deviceName: z.string().trim().min(1).max(60).optional().openapi({ example: "Firefox on Android" }),
  })
  .strict()
  .openapi("UseChatLink");

const Linked = z.object({ platform: Platform, name: z.string() });

export const ChatLinkedSchema = z
  .object({ linked: Linked, player: PlayerSchema })
  .openapi("ChatLinked", { description: "The chat account now acts for your profile." });

export const ChatSignedInSchema = SignedInSchema.extend({ linked: Linked }).openapi("ChatSignedIn", {
  description:
    "A new profile, this browser signed in to it (its token, shown once), and the chat account linked to it.",
});
