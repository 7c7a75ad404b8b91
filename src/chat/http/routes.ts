/**
 * The chat apps' endpoints (docs/chat-apps.md): Discord's interactions endpoint and Slack's request
 * URL (slash command and interactivity). Each request is read raw (at most MAX_BODY bytes: more is
 * a 400), its signature checked before anything else (missing, bad or stale: 401, nothing done),
 * then parsed (a body Canopy cannot read: 400), and its interaction id claimed in D1 so a replay
 * acts once (it gets the first answer again). What the commands and buttons do is ./service.ts.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "../../contract/errors";
import { notifyConfig } from "../../notify/directory";
import { db } from "../../db/queries";
import { claimInteraction, interactionAnswer, rememberAnswer } from "../../db/chat";
import type { Env } from "../../env";
import { COMMAND, parseSlackText } from "../commands";
import { commandOf } from "../discord/commands";
import { parseInteraction } from "../discord/interaction";
import { ephemeral as discordEphemeral, gameMessage as discordGameMessage, RESPONSE } from "../discord/message";
import { chatConfig, discordEdit, discordPost, slackCall, slackRespond } from "../rest";
import { verifyDiscord, verifySlack, type SignatureCheck } from "../signature";
import { parseSlack } from "../slack/payload";
import { ephemeral as slackEphemeral, gameBlocks } from "../slack/message";
import { button, command, type Asker, type Poster, type Reply, type Service } from "./service";

type C = Context<{ Bindings: Env }>;

/** Interactions are small (Discord's carry the clicked message: a few KB). */
export const MAX_BODY = 64 * 1024;

export const chat = new Hono<{ Bindings: Env }>();

const problem = (c: C, status: ContentfulStatusCode, code: string, message: string) =>
  c.json(errorBody(code, message), status);

/** The raw body, or null when it is larger than MAX_BODY. */
async function rawBody(c: C): Promise<string | null> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_BODY) return null;
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > MAX_BODY) return null;
  return new TextDecoder().decode(buf);
}

const SIGNATURE_WORDS: Record<Exclude<SignatureCheck, { ok: true }>["reason"], string> = {
  missing: "The request is not signed.",
  malformed: "The request's signature or timestamp cannot be read.",
  stale: "The request's timestamp is more than 5 minutes away: refused (a replay, or a clock far off).",
  bad: "The request's signature does not match.",
  unconfigured: "The app is not set up here.",
};

function service(c: C): Service {
  const url = new URL(c.req.url);
  return { env: c.env, origin: notifyConfig(c.env).publicOrigin ?? url.origin, now: Date.now() };
}

/**
 * Handle an interaction once: the first request with this id runs `work` and its answer is kept;
 * a replay gets that answer again (or, while the first still runs, `busy`).
 */
async function once(c: C, id: string, busy: string, work: () => Promise<string>): Promise<string> {
  const d = db(c.env.DB);
  const now = Date.now();
  if (!(await claimInteraction(d, id, now))) return (await interactionAnswer(d, id)) ?? busy;
  const answer = await work();
  await rememberAnswer(d, id, answer);
  return answer;
}

// ---- Discord ------------------------------------------------------------------------------------

const discordReply = (r: Reply) => discordEphemeral(r.text, r.link);

chat.post("/api/chat/discord/interactions", async (c) => {
  const config = chatConfig(c.env).discord;
  if (!config) return problem(c, 404, "CHAT_NOT_CONFIGURED", "The Discord app is not set up on this server.");
  const body = await rawBody(c);
  if (body === null) return problem(c, 400, "PAYLOAD_TOO_LARGE", `Interactions are at most ${MAX_BODY / 1024} KB.`);
  const check = await verifyDiscord(
    config.publicKey,
    {
      signature: c.req.header("x-signature-ed25519") ?? null,
      timestamp: c.req.header("x-signature-timestamp") ?? null,
    },
    body,
    Date.now(),
  );
  if (!check.ok) return problem(c, 401, "BAD_SIGNATURE", SIGNATURE_WORDS[check.reason]);
  const i = parseInteraction(body);
  if (!i) return problem(c, 400, "BAD_REQUEST", "That is not an interaction Canopy can read.");
  if (i.appId !== config.applicationId)
    return problem(c, 400, "BAD_REQUEST", "That interaction is for another application.");
  if (i.kind === "ping") return c.json({ type: RESPONSE.pong });
  const s = service(c);
  const answer = await once(
    c,
    `discord:${i.id}`,
    JSON.stringify(discordReply({ text: "Already on it." })),
    async () => {
      const reply = await discordAnswer(s, config.botToken, i);
      return JSON.stringify(discordReply(reply));
    },
  );
  return c.body(answer, 200, { "content-type": "application/json" });
});

async function discordAnswer(
  s: Service,
  token: string | null,
  i: Exclude<ReturnType<typeof parseInteraction>, null | { kind: "ping" }>,
): Promise<Reply> {
  if (!i.user) return { text: "Canopy cannot tell who you are here." };
  const asker: Asker = {
    platform: "discord",
    workspace: i.guild,
    channel: i.channel,
    user: i.user,
    account: i.user.id,
  };
  if (i.kind === "other") return { text: "Canopy does not handle that here." };
  if (i.kind === "button") {
    if (!i.action || !i.gameId) return { text: "That button is not one of Canopy's." };
    return button(s, asker, i.action, i.gameId);
  }
  const parsed = commandOf(i.name, i.options);
  if (!parsed.ok) return { text: parsed.message };
  const poster: Poster = {
    async post(card) {
      if (!token || !i.channel)
        return {
          ok: false,
          text: "The Discord app has no bot token here: whoever runs Canopy sets DISCORD_BOT_TOKEN (docs/deploying.md).",
        };
      const r = await discordPost(token, i.channel, discordGameMessage(card));
      const id = typeof r.body?.id === "string" ? r.body.id : null;
      if (r.outcome === "delivered" && id) return { ok: true, message: id };
      if (r.status === 403 || r.status === 404)
        return {
          ok: false,
          text: "Canopy's bot cannot post in this channel: give it View Channel, Send Messages and Embed Links here.",
        };
      return { ok: false, text: "Discord did not take the game's message; try again in a moment." };
    },
    async withdraw(message, text) {
      if (token && i.channel)
        await discordEdit(token, i.channel, message, { content: text, embeds: [], components: [] });
    },
  };
  return command(s, asker, parsed.command, poster);
}

// ---- Slack --------------------------------------------------------------------------------------

chat.post("/api/chat/slack", async (c) => {
  const config = chatConfig(c.env).slack;
  if (!config) return problem(c, 404, "CHAT_NOT_CONFIGURED", "The Slack app is not set up on this server.");
  const body = await rawBody(c);
  if (body === null) return problem(c, 400, "PAYLOAD_TOO_LARGE", `Requests are at most ${MAX_BODY / 1024} KB.`);
  const check = await verifySlack(
    config.signingSecret,
    {
      signature: c.req.header("x-slack-signature") ?? null,
      timestamp: c.req.header("x-slack-request-timestamp") ?? null,
    },
    body,
    Date.now(),
  );
  if (!check.ok) return problem(c, 401, "BAD_SIGNATURE", SIGNATURE_WORDS[check.reason]);
  const r = parseSlack(body);
  if (!r) return problem(c, 400, "BAD_REQUEST", "That is not a Slack request Canopy can read.");
  if (r.kind === "other") return c.body(null, 200);
  const s = service(c);
  const asker: Asker = {
    platform: "slack",
    workspace: r.team,
    channel: r.channel,
    user: { id: r.user.id, name: r.user.name },
    account: `${r.team}:${r.user.id}`,
  };
  if (r.kind === "button") {
    // A link button (Open) is acknowledged and nothing else: the browser opens it.
    const action = r.action;
    if (action === "open") return c.body(null, 200);
    await once(c, `slack:${r.trigger}`, "", async () => {
      const reply: Reply =
        action && r.gameId ? await button(s, asker, action, r.gameId) : { text: "That button is not one of Canopy's." };
      // A click's answer goes to its response_url (the HTTP answer to a click shows nothing).
      if (r.responseUrl)
        await slackRespond(r.responseUrl, { ...slackEphemeral(reply.text, reply.link), replace_original: false });
      return JSON.stringify(reply);
    });
    return c.body(null, 200);
  }
  const answer = await once(c, `slack:${r.trigger}`, JSON.stringify(slackEphemeral("Already on it.")), async () => {
    const reply = await slackCommand(s, config.botToken, asker, r.command, r.text);
    return JSON.stringify(slackEphemeral(reply.text, reply.link));
  });
  return c.body(answer, 200, { "content-type": "application/json" });
});

async function slackCommand(
  s: Service,
  token: string | null,
  asker: Asker,
  name: string,
  text: string,
): Promise<Reply> {
  if (name !== `/${COMMAND}`) return { text: `Canopy answers \`/${COMMAND}\` only.` };
  const parsed = parseSlackText(text);
  if (!parsed.ok) return { text: parsed.message };
  const poster: Poster = {
    async post(card) {
      if (!token || !asker.channel)
        return {
          ok: false,
          text: "The Slack app has no bot token here: whoever runs Canopy sets SLACK_BOT_TOKEN (docs/deploying.md).",
        };
      const r = await slackCall(token, "chat.postMessage", { channel: asker.channel, ...gameBlocks(card) });
      const ts = typeof r.body?.ts === "string" ? r.body.ts : null;
      if (r.outcome === "delivered" && ts) return { ok: true, message: ts };
      if (/not_in_channel|channel_not_found/.test(r.error ?? ""))
        return {
          ok: false,
          text: "Canopy's app is not in this channel: add it first (`/invite @Canopy`), then try again.",
        };
      return { ok: false, text: "Slack did not take the game's message; try again in a moment." };
    },
    async withdraw(message, text) {
      if (token && asker.channel)
        await slackCall(token, "chat.update", { channel: asker.channel, ts: message, text, blocks: [] });
    },
  };
  return command(s, asker, parsed.command, poster);
}
