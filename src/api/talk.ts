/**
 * Table talk (issue 16): the seated players' messages of a game and their mutes, through the game's
 * Durable Object (src/game/talk.ts). Only a seated player's key reads or writes them (403
 * NOT_SEATED otherwise); no public route, embed or spectator socket carries a message.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../contract/schemas/common";
import {
  MessageEnvelopeSchema,
  MessageListSchema,
  MessageParam,
  MessagesQuery,
  MutesSchema,
  SeatParam,
  WriteMessageBody,
} from "../contract/schemas/talk";
import { answer, room } from "./games";
import { askGame, bearer, errorResponses, json, subApp } from "./context";
import { limitGameWrites } from "./limits";

export const talk = subApp();

talk.openapi(
  createRoute({
    method: "get",
    path: "/games/{id}/messages",
    tags: ["table talk"],
    summary: "The game's messages you may read (seated players only), oldest first, and the seats you muted",
    security: bearer,
    request: { params: IdParam, query: MessagesQuery },
    responses: { 200: json(MessageListSchema, "The messages"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const q = c.req.valid("query");
    return answer(c, await askGame(c, (who) => room(c, id).messages(who, q.after, q.limit)));
  },
);

talk.openapi(
  createRoute({
    method: "post",
    path: "/games/{id}/messages",
    tags: ["table talk"],
    summary:
      "Write to the table (seated players only): 1–500 characters, at most 5 in 10 seconds; the others get it live and in their personal notifications",
    security: bearer,
    request: {
      params: IdParam,
      body: { content: { "application/json": { schema: WriteMessageBody } }, required: true },
    },
    responses: { 201: json(MessageEnvelopeSchema, "Written"), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await limitGameWrites(c, id);
    const text = c.req.valid("json").text;
    const reply = await askGame(c, (who) => room(c, id).say(who, text));
    return answer(c, reply.ok ? { ...reply, value: { message: reply.value } } : reply);
  },
);

talk.openapi(
  createRoute({
    method: "delete",
    path: "/games/{id}/messages/{n}",
    tags: ["table talk"],
    summary: "Delete a message you wrote: it leaves every seated player's page at once",
    security: bearer,
    request: { params: MessageParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { id, n } = c.req.valid("param");
    await limitGameWrites(c, id);
    const reply = await askGame(c, (who) => room(c, id).unsay(who, n));
    return reply.ok ? c.body(null, 204) : answer(c, reply);
  },
);

const muteRoute = (method: "put" | "delete", summary: string) =>
  createRoute({
    method,
    path: "/games/{id}/mutes/{seat}",
    tags: ["table talk"],
    summary,
    security: bearer,
    request: { params: SeatParam },
    responses: { 200: json(MutesSchema, "The seats you muted now"), ...errorResponses(400, 401, 403, 404, 429) },
  });

for (const [method, on] of [
  ["put", true],
  ["delete", false],
] as const)
  talk.openapi(
    muteRoute(
      method,
      on
        ? "Mute a seat's messages for yourself: not listed, not sent to you live, not notified to you"
        : "Unmute a seat's messages",
    ),
    async (c) => {
      const { id, seat } = c.req.valid("param");
      await limitGameWrites(c, id);
      return answer(c, await askGame(c, (who) => room(c, id).mute(who, seat, on)));
    },
  );
