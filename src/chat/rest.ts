/**
 * The platforms' Web APIs, called with the bot token (a Worker secret; never logged, never in a
 * message or an error): post the game's message, edit it, post a turn ping. Used when a game is
 * created from a channel (the Worker) and by the game's outbox (its Durable Object), so for days
 * after: an interaction token lasts 15 minutes and a Slack response_url 30 minutes (5 uses), a bot
 * token until it is revoked. Every call answers an AttemptResult (src/notify/deliver.ts), so the
 * outbox retries, pauses on 429 and logs these as it does webhooks. Never throws.
 */
import { type AttemptResult, BASE_DELAY_MS, deadline, fetchFailure, retryAfterOf, TIMEOUT_MS } from "../notify/deliver";
import { scrub } from "../notify/targets";

export const DISCORD_API = "https://discord.com/api/v10";
export const SLACK_API = "https://slack.com/api";

/** The chat apps' settings, from Worker secrets and vars (docs/deploying.md). */
export interface ChatConfig {
  discord: { applicationId: string; publicKey: string; botToken: string | null } | null;
  slack: { signingSecret: string; botToken: string | null } | null;
}

export function chatConfig(env: unknown): ChatConfig {
  const e = (env ?? {}) as Record<string, unknown>;
  const str = (k: string) =>
    typeof e[k] === "string" && (e[k] as string).trim() !== "" ? (e[k] as string).trim() : null;
  const appId = str("DISCORD_APPLICATION_ID");
  const publicKey = str("DISCORD_PUBLIC_KEY");
  const secret = str("SLACK_SIGNING_SECRET");
  return {
    discord: appId && publicKey ? { applicationId: appId, publicKey, botToken: str("DISCORD_BOT_TOKEN") } : null,
    slack: secret ? { signingSecret: secret, botToken: str("SLACK_BOT_TOKEN") } : null,
  };
}

export interface Sent extends AttemptResult {
  /** What the platform answered (Discord's message, Slack's `{ok, ts, channel}`), when it was JSON. */
  body: Record<string, unknown> | null;
}

const fail = (outcome: AttemptResult["outcome"], error: string, status: number | null = null): Sent => ({
  outcome,
  status,
  latencyMs: 0,
  retryAfterMs: null,
  error,
  body: null,
});

async function call(url: string, init: RequestInit, token: string, secrets: string[]): Promise<Sent> {
  const started = Date.now();
  const limit = deadline(TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      signal: limit.signal,
      headers: { ...(init.headers as Record<string, string>), "user-agent": "Canopy (https://canopy.invalid, 1.0)" },
    });
    const text = (await res.text().catch(() => "")).slice(0, 100_000);
    let body: Record<string, unknown> | null = null;
    try {
      const j = JSON.parse(text);
      if (j && typeof j === "object") body = j;
    } catch {
      /* not JSON */
    }
    const latencyMs = Date.now() - started;
    const status = res.status;
    const outcome: AttemptResult["outcome"] =
      status >= 200 && status < 300
        ? "delivered"
        : status === 429
          ? "rate_limited"
          : status === 408 || status >= 500
            ? "retry"
            : "rejected";
    const retryAfterMs =
      outcome === "rate_limited" ? (retryAfterOf(res.headers, text, Date.now()) ?? BASE_DELAY_MS) : null;
    const error =
      outcome === "delivered"
        ? null
        : scrub(`HTTP ${status}: ${text.replace(/\s+/g, " ").slice(0, 200)}`, [token, ...secrets]);
    return { outcome, status, latencyMs, retryAfterMs, error, body };
  } catch (e) {
    const msg = fetchFailure(e, TIMEOUT_MS);
    return { ...fail("retry", scrub(msg.slice(0, 200), [token, ...secrets])), latencyMs: Date.now() - started };
  } finally {
    limit.done();
  }
}

const snowflake = /^\d{15,21}$/;

// ---- Discord ------------------------------------------------------------------------------------

function discord(token: string, method: string, path: string, body: unknown): Promise<Sent> {
  return call(
    `${DISCORD_API}${path}`,
    {
      method,
      headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    token,
    [],
  );
}

/** POST /channels/{channel.id}/messages: a new message in the channel, as the bot. */
export function discordPost(token: string, channel: string, body: unknown): Promise<Sent> {
  if (!snowflake.test(channel)) return Promise.resolve(fail("rejected", "not a channel id"));
  return discord(token, "POST", `/channels/${channel}/messages`, body);
}

/** PATCH /channels/{channel.id}/messages/{message.id}: edit the bot's own message, for as long as it exists. */
export function discordEdit(token: string, channel: string, message: string, body: unknown): Promise<Sent> {
  if (!snowflake.test(channel) || !snowflake.test(message))
    return Promise.resolve(fail("rejected", "not a message id"));
  return discord(token, "PATCH", `/channels/${channel}/messages/${message}`, body);
}

/**
 * An interaction's follow-up webhook: `PATCH /webhooks/{application.id}/{interaction.token}/messages/@original`
 * (the answer that replaces a deferred command's "thinking") or `POST /webhooks/{application.id}/{interaction.token}`
 * (a new follow-up message, the answer to a deferred click). No bot token: the interaction token is
 * the credential, valid 15 minutes (redacted from every error like a token).
 */
export function discordFollowUp(
  appId: string,
  interactionToken: string,
  how: "edit" | "post",
  body: unknown,
): Promise<Sent> {
  if (!snowflake.test(appId)) return Promise.resolve(fail("rejected", "not an application id"));
  const path = `/webhooks/${appId}/${encodeURIComponent(interactionToken)}${how === "edit" ? "/messages/@original" : ""}`;
  return call(
    `${DISCORD_API}${path}`,
    {
      method: how === "edit" ? "PATCH" : "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    interactionToken,
    [],
  );
}

// ---- Slack --------------------------------------------------------------------------------------

/**
 * A Slack Web API method. Slack answers HTTP 200 with `{ok: false, error}` for most failures: those
 * that will not mend by themselves (a channel the bot is not in, a deleted message, a revoked
 * token) are "rejected", the rest retried.
 */
export async function slackCall(
  token: string,
  method: "chat.postMessage" | "chat.update",
  body: unknown,
): Promise<Sent> {
  const r = await call(
    `${SLACK_API}/${method}`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(body),
    },
    token,
    [],
  );
  return slackOk(r);
}

/** Slack's `{ok: false, error}` read into an outcome. */
function slackOk(r: Sent): Sent {
  if (r.outcome !== "delivered" || r.body?.ok === true) return r;
  const code = typeof r.body?.error === "string" ? r.body.error.slice(0, 60) : "not ok";
  const passing = ["internal_error", "fatal_error", "service_unavailable", "request_timeout", "ratelimited"];
  return { ...r, outcome: passing.includes(code) ? "retry" : "rejected", error: `Slack: ${code}` };
}

/**
 * `conversations.replies`: the replies in a message's thread since `oldest` (a Slack ts), with the
 * messages' metadata (`include_all_metadata`). A read method, so sent as a form, not JSON. Needs
 * the `channels:history` scope (`groups:history` in private channels).
 */
export async function slackReplies(token: string, channel: string, ts: string, oldest: string): Promise<Sent> {
  const form = new URLSearchParams({
    channel,
    ts,
    oldest,
    include_all_metadata: "true",
    limit: "50",
  });
  const r = await call(
    `${SLACK_API}/conversations.replies`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    },
    token,
    [],
  );
  return slackOk(r);
}

/** Answer one invocation through its response_url (a click's ephemeral answer; valid 30 minutes, 5 uses). */
export function slackRespond(responseUrl: string, body: unknown): Promise<Sent> {
  return call(
    responseUrl,
    { method: "POST", headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) },
    responseUrl,
    [],
  );
}
