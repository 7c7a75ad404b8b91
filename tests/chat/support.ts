/**
 * The chat apps' test plumbing: requests signed exactly as Discord (Ed25519 over timestamp + body,
 * with this run's key pair: vitest.config.ts) and Slack (HMAC-SHA256 of `v0:timestamp:body` with
 * this run's signing secret) sign them, interaction payloads typed with discord-api-types, the
 * platforms' APIs sent to the fake platform on loopback (tests/chat/platform.setup.ts), and what it
 * received, in order.
 */
import { createExecutionContext, runDurableObjectAlarm, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type {
  APIInteractionResponse,
  APIChatInputApplicationCommandGuildInteraction,
  APIInteractionGuildMember,
  APIMessage,
  APIMessageComponentButtonInteraction,
  APIApplicationCommandInteractionDataOption,
  APIUser,
} from "discord-api-types/v10";
import { expect, inject, vi } from "vitest";
import worker from "../../src/index";
import type { Env } from "../../src/env";
import { call, roomStub } from "../api/client";
import { discordProblems, slackProblems } from "./limits";
import type { Call } from "./platform.setup";

const e = env as unknown as Record<string, string>;
export const APP_ID = e.DISCORD_APPLICATION_ID;
export const GUILD = "200000000000000001";

const platform = () => `http://127.0.0.1:${inject("platformPort")}`;

/** Send the Worker's calls to Discord and Slack to the fake platform (outbound fetch runs in the test isolate). */
export function redirectPlatforms(): void {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : null;
    const url = new URL(req ? req.url : String(input));
    const to = (prefix: string) => `${platform()}${prefix}${url.pathname}${url.search}`;
    if (url.host === "discord.com") return real(req ? new Request(to("/discord"), req) : to("/discord"), init);
    if (url.host === "slack.com") return real(req ? new Request(to("/slack"), req) : to("/slack"), init);
    if (url.host === "hooks.slack.com")
      return real(req ? new Request(to("/slack-hooks"), req) : to("/slack-hooks"), init);
    return real(input, init);
  });
}

/**
 * Fire the game's alarm until its outbox has nothing left to send (a test leaves no edit behind to
 * go out after it, when the platform is no longer faked). A delivery that failed for the network (a
 * dropped loopback connection) waits for its retry in real time: poll for it, up to a minute.
 */
export async function drain(id: string): Promise<void> {
  const stub = roomStub(id) as unknown as {
    notificationQueue(): Promise<{ notifications: number; deliveries: number }>;
  };
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    await runDurableObjectAlarm(roomStub(id));
    const q = await stub.notificationQueue();
    if (q.notifications === 0 && q.deliveries === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the outbox did not drain");
}

/** What the fake platform received for a channel (or a response_url path), in arrival order. */
export async function calls(channel: string): Promise<Call[]> {
  return (await (await fetch(`${platform()}/log/${encodeURIComponent(channel)}`)).json()) as Call[];
}

/** The next calls for `channel` answer these statuses (then 200). */
export async function script(channel: string, statuses: number[]): Promise<void> {
  await fetch(`${platform()}/script/${channel}`, { method: "PUT", body: statuses.join(",") });
}

/** Calls for `channel` wait unanswered (and unlogged) until `release(channel)`. */
export async function hold(channel: string): Promise<void> {
  await fetch(`${platform()}/hold/${channel}`, { method: "PUT" });
}

export async function release(channel: string): Promise<void> {
  await fetch(`${platform()}/release/${channel}`, { method: "PUT" });
}

/** Every call for `channel` is refused (Discord 403 Missing Access, Slack not_in_channel). */
export async function refuseChannel(channel: string): Promise<void> {
  await fetch(`${platform()}/refuse/${channel}`, { method: "PUT" });
}

// Where this file's ids start: at random, not at the clock. The fake platform is one for the whole
// run and keeps its log by channel and interaction token, and test files run at once in different
// runtimes, whose clocks can read the same millisecond (a run of 2026-11-27 18:45 UTC saw one
// interaction's answers twice: another file's interaction had the same token).
let seq = 100_000_000_000_000_000n + (crypto.getRandomValues(new BigUint64Array(1))[0] % 800_000_000_000_000_000n);
/** A fresh snowflake (ids of interactions, users, channels). */
export const snowflake = () => String(seq++).padStart(18, "1").slice(0, 19);

const encoder = new TextEncoder();
let privateKey: Promise<CryptoKey> | null = null;

function discordKey(): Promise<CryptoKey> {
  privateKey ??= crypto.subtle.importKey(
    "pkcs8",
    Uint8Array.from(atob(e.TEST_DISCORD_PRIVATE_KEY), (c) => c.charCodeAt(0)),
    { name: "Ed25519" },
    false,
    ["sign"],
  );
  return privateKey;
}

const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Discord's headers for a body: Ed25519 signature of `timestamp + body`. */
export async function discordHeaders(body: string, timestamp = nowSeconds()): Promise<Record<string, string>> {
  const sig = await crypto.subtle.sign("Ed25519", await discordKey(), encoder.encode(`${timestamp}${body}`));
  return {
    "x-signature-ed25519": hex(sig),
    "x-signature-timestamp": String(timestamp),
    "content-type": "application/json",
  };
}

/** Slack's headers for a body: `v0=` + hex HMAC-SHA256 of `v0:timestamp:body`. */
export async function slackHeaders(body: string, timestamp = nowSeconds(), secret = e.SLACK_SIGNING_SECRET) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`v0:${timestamp}:${body}`));
  return {
    "x-slack-signature": `v0=${hex(mac)}`,
    "x-slack-request-timestamp": String(timestamp),
    "content-type": "application/x-www-form-urlencoded",
  };
}

/**
 * POST to the Worker. `settled`: resolves once the work it left running after its answer
 * (ctx.waitUntil: a deferred interaction's work and answer) is over.
 */
export async function post(path: string, body: string, headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://canopy.test${path}`, { method: "POST", headers, body }),
    env as unknown as Env,
    ctx,
  );
  const settled = waitOnExecutionContext(ctx);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json as any, text, settled };
}

/** POST a signed interaction to the Discord endpoint; `token`: the interaction's, where its follow-ups go. */
export async function discord(payload: unknown, opts: { timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const r = await post("/api/chat/discord/interactions", body, await discordHeaders(body, opts.timestamp));
  return { ...r, token: (payload as { token?: string }).token ?? "" };
}

/**
 * Wait until `n` calls for `key` (a channel, an interaction token, a response_url path) reached
 * the fake platform, and return them all. The Worker answers first and works after
 * (ctx.waitUntil): what it sends arrives after its answer.
 */
export async function callsWhen(key: string, n = 1, within = 30_000): Promise<Call[]> {
  const until = Date.now() + within;
  for (;;) {
    const log = await calls(key);
    if (log.length >= n) return log;
    if (Date.now() > until) throw new Error(`fewer than ${n} calls for ${key} reached the platform`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface DiscordUser {
  id: string;
  name: string;
}

export const discordUser = (name: string): DiscordUser => ({ id: snowflake(), name });

function apiUser(u: DiscordUser): APIUser {
  return {
    id: u.id,
    username:
      u.name
        .toLowerCase()
        .replace(/[^a-z0-9_.]/g, "")
        .slice(0, 32) || "user",
    discriminator: "0",
    global_name: u.name,
    avatar: null,
  };
}

function member(u: DiscordUser): APIInteractionGuildMember {
  return {
    user: apiUser(u),
    roles: [],
    joined_at: "2026-01-01T00:00:00.000Z",
    deaf: false,
    mute: false,
    flags: 0 as APIInteractionGuildMember["flags"],
    permissions: "2147483647",
  };
}

const common = (u: DiscordUser, channel: string) => ({
  id: snowflake(),
  application_id: APP_ID,
  token: `itoken-${snowflake()}`,
  version: 1 as const,
  guild_id: GUILD,
  guild: {
    id: GUILD,
    locale: "en-US" as APIChatInputApplicationCommandGuildInteraction["guild_locale"] & string,
    features: [],
  },
  channel_id: channel,
  channel: { id: channel, type: 0 as const },
  member: member(u),
  app_permissions: "2147483647",
  locale: "en-US" as const,
  guild_locale: "en-US" as const,
  entitlements: [],
  authorizing_integration_owners: { "0": GUILD },
  context: 0 as const,
  attachment_size_limit: 8_388_608,
});

/** `/photosynthesis <sub> [options]` typed in `channel` by `u`, as Discord sends it. */
export function commandInteraction(
  u: DiscordUser,
  channel: string,
  sub: string,
  options: APIApplicationCommandInteractionDataOption[] = [],
  name = "photosynthesis",
): APIChatInputApplicationCommandGuildInteraction {
  return {
    ...common(u, channel),
    type: 2,
    data: {
      id: snowflake(),
      name,
      type: 1,
      options: [{ type: 1, name: sub, options } as APIApplicationCommandInteractionDataOption],
    },
  } as APIChatInputApplicationCommandGuildInteraction;
}

/** A click on a button (custom_id) of the bot's message `message` in `channel`, as Discord sends it. */
export function buttonInteraction(
  u: DiscordUser,
  channel: string,
  message: string,
  customId: string,
): APIMessageComponentButtonInteraction {
  const msg = {
    id: message,
    channel_id: channel,
    author: { ...apiUser({ id: APP_ID, name: "Canopy" }), bot: true },
    content: "",
    timestamp: "2026-01-01T00:00:00.000Z",
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    type: 0,
  } as APIMessage;
  return {
    ...common(u, channel),
    type: 3,
    message: msg,
    data: { custom_id: customId, component_type: 2 },
  } as APIMessageComponentButtonInteraction;
}

// ---- Slack ----------------------------------------------------------------------------------

export const TEAM = "T0CANOPY1";
let slackSeq = 0;
// (at random per file, like the snowflakes: another file's ids made in the same millisecond never match)
const slackRun = (crypto.getRandomValues(new Uint32Array(1))[0] % 36 ** 5).toString(36).toUpperCase().padStart(5, "0");
export const slackId = (prefix: string) => `${prefix}${slackRun}${(slackSeq++).toString(36).toUpperCase()}`;

export interface SlackUser {
  id: string;
  name: string;
}

/** A slash command's form, as Slack sends it. */
export function slashForm(u: SlackUser, channel: string, text: string, command = "/photosynthesis"): string {
  const trigger = `${Date.now()}.${slackSeq++}.${crypto.randomUUID().replace(/-/g, "")}`;
  return new URLSearchParams({
    token: "deprecated-verification-token",
    team_id: TEAM,
    team_domain: "canopy-test",
    channel_id: channel,
    channel_name: "games",
    user_id: u.id,
    user_name: u.name,
    command,
    text,
    api_app_id: "A0CANOPY1",
    is_enterprise_install: "false",
    response_url: `https://hooks.slack.com/commands/${TEAM}/${slackSeq}/${crypto.randomUUID().replace(/-/g, "")}`,
    trigger_id: trigger,
  }).toString();
}

/** A click on a button of the game's message, as Slack's block_actions payload (form field `payload`). */
export function clickForm(
  u: SlackUser,
  channel: string,
  ts: string,
  actionId: string,
  value: string | undefined,
): { form: string; responsePath: string } {
  const responsePath = `actions/${TEAM}/${slackSeq++}/${crypto.randomUUID().replace(/-/g, "")}`;
  const payload = {
    type: "block_actions",
    user: { id: u.id, username: u.name, name: u.name, team_id: TEAM },
    api_app_id: "A0CANOPY1",
    token: "deprecated-verification-token",
    container: { type: "message", message_ts: ts, channel_id: channel, is_ephemeral: false },
    trigger_id: `${Date.now()}.${slackSeq++}.${crypto.randomUUID().replace(/-/g, "")}`,
    team: { id: TEAM, domain: "canopy-test" },
    channel: { id: channel, name: "games" },
    message: { type: "message", ts, text: "Photosynthesis", blocks: [] },
    response_url: `https://hooks.slack.com/${responsePath}`,
    actions: [
      {
        action_id: actionId,
        block_id: "cnp_block",
        text: { type: "plain_text", text: "Join", emoji: true },
        ...(value === undefined ? {} : { value }),
        type: "button",
        action_ts: `${nowSeconds()}.000001`,
      },
    ],
  };
  return { form: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), responsePath };
}

/** Where a Slack form's answers go: its response_url's path on the fake platform (null: none). */
export function responsePathOf(form: string): string | null {
  const f = new URLSearchParams(form);
  let url = f.get("response_url");
  if (url === null && f.get("payload")) {
    try {
      url = JSON.parse(f.get("payload")!).response_url ?? null;
    } catch {
      url = null;
    }
  }
  return url ? new URL(url).pathname.slice(1) : null;
}

/** POST a signed form to the Slack endpoint; `responsePath`: where its deferred answers go. */
export async function slack(form: string, opts: { timestamp?: number } = {}) {
  const r = await post("/api/chat/slack", form, await slackHeaders(form, opts.timestamp));
  return { ...r, responsePath: responsePathOf(form) };
}

export const slackUser = (name: string): SlackUser => ({ id: slackId("U"), name });

type SlackAnswer = { response_type: string; text: string; blocks?: unknown[] };

/**
 * A Slack answer only its author sees, within Slack's limits: in the HTTP answer when it needed no
 * I/O, else (an empty 200, acknowledged at once) the one message that went to the request's
 * response_url after.
 */
export async function slackEphemeral(r: {
  status: number;
  body: SlackAnswer | null;
  settled: Promise<void>;
  responsePath: string | null;
}) {
  expect(r.status).toBe(200);
  let body = r.body;
  if (body === null) {
    await r.settled;
    const answers = await calls(r.responsePath!);
    expect(answers).toHaveLength(1);
    expect(answers[0].problems).toEqual([]);
    body = answers[0].body as SlackAnswer;
  }
  expect(body.response_type).toBe("ephemeral");
  expect(slackProblems(body)).toEqual([]);
  const link = (body.blocks?.[1] as { elements: { url: string }[] } | undefined)?.elements[0].url ?? null;
  return { text: body.text, link, deferred: r.body === null };
}

/** Link a Slack user to a new Canopy profile through the one-time link, as a browser does. */
export async function linkSlack(u: SlackUser) {
  const a = await slackEphemeral(await slack(slashForm(u, slackId("C"), "link")));
  expect(a.link).toMatch(/\/pair\/[0-9A-Z]{4}-[0-9A-Z]{4}\?chat=slack$/);
  const code = /\/pair\/([0-9A-Z-]+)\?/.exec(a.link!)![1];
  const used = await call("POST", `/api/chat/links/${code}`, { body: {} });
  expect(used.status).toBe(201);
  expect(used.body.linked).toEqual({ platform: "slack", name: u.name });
  return { player: used.body.player as { id: string }, token: used.body.token as string };
}

const linkOf = (data: Record<string, unknown>) =>
  ((data.components as { components: { url?: string }[] }[] | undefined)?.[0]?.components[0]?.url ?? null) as
    | string
    | null;

/**
 * An answer the typing or clicking user alone sees, within Discord's limits: its text and link.
 * Given at once (type 4, ephemeral) when it needed no I/O; else the interaction was deferred —
 * a command with type 5 (ephemeral), its answer then the PATCH of `@original` on its follow-up
 * webhook; a click with type 6, its answer then an ephemeral follow-up message (POST) — and the
 * answer is the first follow-up the fake Discord received for the interaction's token.
 */
export async function ephemeralOf(r: {
  status: number;
  body: APIInteractionResponse;
  token: string;
  settled: Promise<void>;
}) {
  expect(r.status).toBe(200);
  if (r.body.type === 4) {
    const data = (r.body as { data: Record<string, unknown> }).data;
    expect(discordProblems(data, { ephemeral: true })).toEqual([]);
    return { text: data.content as string, link: linkOf(data), deferred: null };
  }
  const command = r.body.type === 5;
  if (command) expect(r.body).toEqual({ type: 5, data: { flags: 64 } });
  else expect(r.body).toEqual({ type: 6 });
  await r.settled;
  const answers = await calls(r.token);
  expect(answers).toHaveLength(1);
  const [answer] = answers;
  expect(answer).toMatchObject({
    kind: "followup",
    method: command ? "PATCH" : "POST",
    path: `/discord/api/v10/webhooks/${APP_ID}/${r.token}${command ? "/messages/@original" : ""}`,
    problems: [],
  });
  return { text: answer.body.content as string, link: linkOf(answer.body), deferred: r.body.type as 5 | 6 };
}

/** Link a Discord user to a new Canopy profile through the one-time link, as a browser does. */
export async function linkDiscord(u: DiscordUser, channel = snowflake()) {
  const a = await ephemeralOf(await discord(commandInteraction(u, channel, "link")));
  expect(a.link).toMatch(/\/pair\/[0-9A-Z]{4}-[0-9A-Z]{4}\?chat=discord$/);
  const code = /\/pair\/([0-9A-Z-]+)\?/.exec(a.link!)![1];
  const shown = await call("GET", `/api/chat/links/${code}`);
  expect(shown.status).toBe(200);
  expect(shown.body).toMatchObject({ platform: "discord", name: u.name });
  const used = await call("POST", `/api/chat/links/${code}`, { body: {} });
  expect(used.status).toBe(201);
  return { code, player: used.body.player as { id: string; name: string }, token: used.body.token as string };
}
