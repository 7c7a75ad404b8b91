/**
 * zod schemas of table talk (issue 16): the seated players' messages of a game, and their mutes.
 * Only the seated players read these, with their key: no public view, embed or spectator socket
 * carries a message.
 */
import { z } from "@hono/zod-openapi";
import { MAX_PLAYERS } from "../../engine";
import { IdParam } from "./common";
import { hasLoneSurrogate } from "../player-name";
import { MESSAGE_MAX } from "../talk";

export const MessageSchema = z
  .object({
    n: z
      .number()
      .int()
      .min(1)
      .openapi({ description: "Its number: messages are numbered in the order the game took them." }),
    seat: z.number().int().min(0).openapi({ description: "The writer's seat." }),
    text: z.string().openapi({ description: `What they wrote: 1 to ${MESSAGE_MAX} characters, as plain text.` }),
    at: z.string().openapi({ description: "When the game took it (ISO 8601)." }),
  })
  .openapi("Message");

export const MessageListSchema = z
  .object({
    messages: z.array(MessageSchema).openapi({
      description: "Oldest first, after `after`; deleted messages and those of seats you muted are left out.",
    }),
    last: z.number().int().openapi({ description: "The number of the game's newest message (0: none yet)." }),
    muted: z.array(z.number().int()).openapi({ description: "The seats whose messages you muted." }),
  })
  .openapi("MessageList");

export const MessageEnvelopeSchema = z.object({ message: MessageSchema }).openapi("MessageEnvelope");

export const WriteMessageBody = z
  .object({
    // Longer than a message may be, so that a long message gets MESSAGE_TOO_LONG rather than a schema error.
    text: z
      .string()
      .max(MESSAGE_MAX * 8)
      // Refused like a name's (400 VALIDATION_FAILED, field text): kept, it would read as U+FFFD.
      .refine((s) => !hasLoneSurrogate(s), "a message cannot contain an unpaired surrogate (broken UTF-16)")
      .openapi({
        description: `1 to ${MESSAGE_MAX} characters after trimming; not only invisible characters; no unpaired surrogate.`,
      }),
  })
  .openapi("WriteMessage");

export const MessagesQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const MessageParam = IdParam.extend({
  n: z.coerce
    .number()
    .int()
    .min(1)
    .openapi({ param: { name: "n", in: "path" }, example: 3 }),
});

export const SeatParam = IdParam.extend({
  // A string in the path (a coerced number would let an empty one through as seat 0).
  seat: z
    .string()
    .regex(new RegExp(`^[0-${MAX_PLAYERS - 1}]$`), `a seat: 0 to ${MAX_PLAYERS - 1}`)
    .transform(Number)
    .openapi({ param: { name: "seat", in: "path" }, example: "1" }),
});

export const MutesSchema = z
  .object({ muted: z.array(z.number().int()).openapi({ description: "The seats whose messages you muted." }) })
  .openapi("Mutes");
