/**
 * The chat apps' endpoints (docs/chat-apps.md): Discord's interactions endpoint and Slack's request
 * URL (slash command and interactivity). Each request is read raw (at most MAX_BODY bytes: more is
 * a 400), its signature checked before anything else (missing, bad or stale: 401, nothing done),
 * then parsed (a body Canopy cannot read: 400).
 *
 * Both platforms wait 3 seconds for the answer. What is decided from the request alone (an unknown
 * command or option, the usage, a button Canopy never made) is answered at once; everything that
 * needs I/O (D1, the game's Durable Object, the platform's API) is acknowledged at once — Discord:
 * a deferred response (type 5 for a command, ephemeral; type 6 for a click), Slack: an empty 200 —
 * and done after the answer went back (`ctx.waitUntil`); its answer then goes through the
 * interaction's own follow-up webhook (Discord) or response_url (Slack), and a failure becomes an
 * answer saying so, never silence. The deferred work first claims the interaction id in D1, so a
 * replay acts once (it is acknowledged the same way, and its work stops at the claim). What the
 * commands and buttons do is ./service.ts.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "../../contract/errors";
import { notifyConfig } from "../../notify/directory";
import { db } from "../../db/queries";
import { claimInteraction } from "../../db/chat";
import type { Env } from "../../env";
import type { Sent } from "../rest";
import { COMMAND, parseSlackText, SLACK_USAGE, USAGE, type Command } from "../commands";
import { commandOf } from "../discord/commands";
import { parseInteraction, type Interaction } from "../discord/interaction";
import {
  clickAnswer,
  deferredAnswer,
  deferredClick,
  deferredCommand,
  ephemeral as discordEphemeral,
  gameMessage as discordGameMessage,
  RESPONSE,
} from "../discord/message";
import { chatConfig, discordEdit, discordFollowUp, discordPost, slackCall, slackRespond } from "../rest";
import type { ButtonAction } from "../model";
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

/** The answer when the deferred work failed on Canopy's side: said, never silence. */
export const FAILED: Reply = {
  text: "Something went wrong on Canopy's side and this was not done (or not all of it). Try again in a moment; if it keeps failing, tell whoever runs Canopy.",
};

/** How many times an answer is sent when the platform is busy (5xx, 429), within waitUntil's 30 seconds. */
const ANSWER_TRIES = 3;

/**
 * Send an answer through the interaction's own channel back, again on 5xx or 429 (its retry_after,
 * at most 5 s). A dropped connection or a timeout is tried again only for an answer that replaces
 * one (`repeatable`: Discord's edit of the deferred reply): a new message (a click's follow-up,
 * Slack's response_url) may have been posted before the connection dropped, and sent again it
 * would show twice. A refusal (the token expired, the interaction unknown) is final. Logged without
 * the URL or token when it never went.
 */
async function sendAnswer(what: string, repeatable: boolean, send: () => Promise<Sent>): Promise<void> {
  let last: Sent | null = null;
  for (let i = 1; i <= ANSWER_TRIES; i++) {
    last = await send();
    if (last.outcome === "delivered" || last.outcome === "rejected" || last.outcome === "gone") break;
    if (last.status === null && !repeatable) break;
    if (i < ANSWER_TRIES) await new Promise((r) => setTimeout(r, Math.min(5_000, last!.retryAfterMs ?? 500 * i)));
  }
  if (last && last.outcome !== "delivered") console.warn(`chat: the ${what} answer did not go through: ${last.error}`);
}

/**
 * An interaction's work, after its answer went back: claim its id (a replay stops here: the first
 * request with that id does the work and answers), do it, and answer through `send`. Anything that
 * throws on the way is answered FAILED.
 */
async function later(env: Env, id: string, work: () => Promise<Reply>, send: (r: Reply) => Promise<void>) {
  let reply: Reply;
  try {
    if (!(await claimInteraction(db(env.DB), id, Date.now()))) return;
    reply = await work();
  } catch (e) {
    console.warn(`chat: an interaction failed: ${String((e as Error)?.message ?? e).slice(0, 200)}`);
    reply = FAILED;
  }
  await send(reply);
}

// ---- Discord ------------------------------------------------------------------------------------

type Acting = Exclude<Interaction, { kind: "ping" }>;

/** What an interaction asks, read without I/O: an answer to give at once, or work to defer. */
type Plan =
  | { now: Reply }
  | { later: { kind: "button"; action: ButtonAction; gameId: string } | { kind: "command"; command: Command } };

function discordPlan(i: Acting): Plan {
  if (!i.user) return { now: { text: "Canopy cannot tell who you are here." } };
  if (i.kind === "other") return { now: { text: "Canopy does not handle that here." } };
  if (i.kind === "button") {
    if (!i.action || !i.gameId) return { now: { text: "That button is not one of Canopy's." } };
    return { later: { kind: "button", action: i.action, gameId: i.gameId } };
  }
  const parsed = commandOf(i.name, i.options);
  if (!parsed.ok) return { now: { text: parsed.message } };
  if (parsed.command.name === "help") return { now: { text: USAGE } };
  return { later: { kind: "command", command: parsed.command } };
}

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
  const plan = discordPlan(i);
  if ("now" in plan) return c.json(discordEphemeral(plan.now.text, plan.now.link));
  const s = service(c);
  const job = plan.later;
  const click = job.kind === "button";
  c.executionCtx.waitUntil(
    later(
      c.env,
      `discord:${i.id}`,
      () => discordWork(s, config.botToken, i, job),
      (reply) =>
        sendAnswer("Discord", !click, () =>
          click
            ? discordFollowUp(i.appId, i.token, "post", clickAnswer(reply.text, reply.link))
            : discordFollowUp(i.appId, i.token, "edit", deferredAnswer(reply.text, reply.link)),
        ),
    ),
  );
  return c.json(click ? deferredClick : deferredCommand);
});

async function discordWork(
  s: Service,
  token: string | null,
  i: Acting,
  job: Extract<Plan, { later: unknown }>["later"],
): Promise<Reply> {
  const asker: Asker = {
    platform: "discord",
    workspace: i.guild,
    channel: i.channel,
    user: i.user!,
    account: i.user!.id,
  };
  if (job.kind === "button") return button(s, asker, job.action, job.gameId);
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
  return command(s, asker, job.command, poster);
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
  // A link button (Open) is acknowledged and nothing else: the browser opens it.
  if (r.kind === "button" && r.action === "open") return c.body(null, 200);
  let work: (s: Service, asker: Asker) => Promise<Reply>;
  if (r.kind === "command") {
    if (r.command !== `/${COMMAND}`) return c.json(slackEphemeral(`Canopy answers \`/${COMMAND}\` only.`));
    const parsed = parseSlackText(r.text);
    if (!parsed.ok) return c.json(slackEphemeral(parsed.message));
    if (parsed.command.name === "help") return c.json(slackEphemeral(SLACK_USAGE));
    const cmd = parsed.command;
    work = (s, asker) => slackCommand(s, config.botToken, asker, cmd);
  } else {
    const { action, gameId } = r;
    work = async (s, asker) =>
      action && action !== "open" && gameId
        ? button(s, asker, action, gameId)
        : { text: "That button is not one of Canopy's." };
  }
  const s = service(c);
  const asker: Asker = {
    platform: "slack",
    workspace: r.team,
    channel: r.channel,
    user: { id: r.user.id, name: r.user.name },
    account: `${r.team}:${r.user.id}`,
  };
  const responseUrl = r.responseUrl;
  c.executionCtx.waitUntil(
    later(
      c.env,
      `slack:${r.trigger}`,
      () => work(s, asker),
      async (reply) => {
        // A click carries no response_url when Slack has none to give: the work is done, unanswered.
        if (!responseUrl) return;
        // A click's answer leaves the game's message alone (replace_original: false).
        const answer = slackEphemeral(reply.text, reply.link);
        await sendAnswer("Slack", false, () =>
          slackRespond(responseUrl, r.kind === "button" ? { ...answer, replace_original: false } : answer),
        );
      },
    ),
  );
  // Acknowledged: an empty 200 shows nothing; the answer follows through the response_url.
  return c.body(null, 200);
});

async function slackCommand(s: Service, token: string | null, asker: Asker, cmd: Command): Promise<Reply> {
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
  return command(s, asker, cmd, poster);
}
