/**
 * Global setup of the workers tests: a fake Discord and Slack Web API on loopback, in Node. The
 * tests send the Worker's calls to `https://discord.com/api/v10/…`, `https://slack.com/api/…` and
 * `https://hooks.slack.com/…` here instead (tests/chat/support.ts). It checks the bot token, runs
 * the platforms' limits on every body (tests/chat/limits.ts), keeps every call in arrival order
 * per channel, and answers as the platforms do:
 *
 *   POST  /discord/api/v10/channels/<c>/messages        a new message: {id, channel_id, …}; a
 *                                                       nonce sent again with enforce_nonce returns
 *                                                       the first message, no new one
 *   PATCH /discord/api/v10/channels/<c>/messages/<m>    edit: the message, or 404 (Unknown Message)
 *   POST  /slack/api/chat.postMessage                   {ok, channel, ts}
 *   POST  /slack/api/chat.update                        {ok, channel, ts}, or {ok:false, error:"message_not_found"}
 *   PATCH /discord/api/v10/webhooks/<app>/<token>/messages/@original
 *                                                       a deferred command's answer (kept under <token>)
 *   POST  /discord/api/v10/webhooks/<app>/<token>       a follow-up message (kept under <token>)
 *   POST  /slack/api/conversations.replies              a thread's replies since `oldest`, with metadata
 *   POST  /slack-hooks/<path>                           a response_url answer (kept under its path)
 *   PUT   /script/<channel>                             answer the next calls for <channel> (or an
 *                                                       interaction token) with these statuses
 *                                                       (comma-separated; 429 with retry_after; -1:
 *                                                       do the call, then drop the connection
 *                                                       unanswered, as when the answer is lost on
 *                                                       the way), then normally
 *   PUT   /hold/<channel>, /release/<channel>           hold calls for <channel> unanswered until
 *                                                       released
 *   PUT   /refuse/<channel>                             every call for <channel> is 403 (Missing Access)
 *   GET   /log/<channel>                                [{kind, method, path, status, body, problems, at}]
 */
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";
import { discordProblems, slackProblems } from "./limits";

declare module "vitest" {
  export interface ProvidedContext {
    platformPort: number;
  }
}

export interface Call {
  kind: "post" | "edit" | "response" | "followup" | "lookup";
  platform: "discord" | "slack";
  method: string;
  path: string;
  status: number;
  body: any;
  problems: string[];
  /** The message it posted or edited (Discord id, Slack ts). */
  message: string | null;
  at: number;
}

export default async function setup(project: TestProject) {
  const logs = new Map<string, Call[]>();
  const scripts = new Map<string, number[]>();
  const refused = new Set<string>();
  const messages = new Map<string, string>(); // message id -> channel
  const nonces = new Map<string, string>(); // channel:nonce -> message id
  /** Slack messages posted in a thread (channel:thread ts), as conversations.replies returns them. */
  const threads = new Map<string, { ts: string; text: string; metadata?: unknown }[]>();
  const held = new Map<string, (() => void)[]>();
  let next = 1_000_000_000_000_000_000n;
  let tsSeq = 100;

  /** The channel (or interaction token) a platform call is about, for holding it. */
  const subject = (parts: string[], raw: string): string | null => {
    if (parts[0] === "discord" && parts[3] === "channels") return parts[4];
    if (parts[0] === "discord" && parts[3] === "webhooks") return parts[5];
    if (parts[0] === "slack") {
      try {
        return String(JSON.parse(raw)?.channel ?? "") || null;
      } catch {
        return new URLSearchParams(raw).get("channel");
      }
    }
    return null;
  };

  const server = createServer((req, res) => {
    // One connection per call (the answer says "connection: close"): Node closes a kept-alive
    // connection idle for 5 s (keepAliveTimeout), and a client that sends its next request on it at
    // that moment sees "Network connection lost." (the CI run of 2026-11-27 failed a chat test so).
    // A new loopback connection costs nothing here; a lost answer would fail a test at random.
    res.setHeader("connection", "close");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://platform");
      const parts = url.pathname.split("/").filter(Boolean);
      if (req.method === "PUT" && parts[0] === "hold") {
        held.set(parts[1], held.get(parts[1]) ?? []);
        return res.writeHead(204).end();
      }
      if (req.method === "PUT" && parts[0] === "release") {
        const waiting = held.get(parts[1]) ?? [];
        held.delete(parts[1]);
        for (const go of waiting) go();
        return res.writeHead(204).end();
      }
      const on = subject(parts, raw);
      const queue = on ? held.get(on) : undefined;
      if (queue) queue.push(() => handle(req, res, raw, url, parts));
      else handle(req, res, raw, url, parts);
    });
  });

  function handle(
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
    raw: string,
    url: URL,
    parts: string[],
  ) {
    {
      /**
       * -1 scripted: the call is done, its answer never comes — the connection is dropped then, so
       * the client knows at once what it would learn from its 10 s deadline (an answer it never got;
       * both are the same failure to the Worker, src/chat/rest.ts), and a test need not wait it out.
       */
      let lost = false;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (lost) {
          res.destroy();
          return;
        }
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      };
      if (req.method === "GET" && parts[0] === "log") return send(200, logs.get(decodeURIComponent(parts[1])) ?? []);
      if (req.method === "PUT" && parts[0] === "script") {
        scripts.set(parts[1], raw.split(",").filter(Boolean).map(Number));
        return send(204, {});
      }
      if (req.method === "PUT" && parts[0] === "refuse") {
        refused.add(parts[1]);
        return send(204, {});
      }
      let body: any = null;
      const form = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
      try {
        body = form ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : null;
      } catch {
        return send(400, { message: "not JSON" });
      }
      const log = (channel: string, call: Omit<Call, "at">) => {
        const list = logs.get(channel) ?? [];
        list.push({ ...call, at: Date.now() });
        logs.set(channel, list);
      };
      const scripted = (channel: string): number | null => {
        const s = scripts.get(channel);
        if (!s?.length) return null;
        const status = s.shift()!;
        if (status !== -1) return status;
        lost = true;
        return null;
      };
      const auth = req.headers.authorization ?? "";

      // ---- Discord ------------------------------------------------------------------------
      if (parts[0] === "discord" && parts[3] === "webhooks") {
        // An interaction's follow-up webhook: no bot token; the interaction token in the path.
        const token = parts[5];
        const original = parts[6] === "messages" && parts[7] === "@original";
        const method = req.method!;
        const problems =
          method === "POST" && !original ? discordProblems(body, { ephemeral: true }) : discordProblems(body);
        if (auth) problems.push("a follow-up carries no Authorization");
        if (!/^\d{15,21}$/.test(parts[4])) problems.push("not an application id");
        if (method === "PATCH" && !original) problems.push("PATCH of a follow-up other than @original");
        if (method === "PATCH" && body && "flags" in body) problems.push("flags in an edit of the deferred answer");
        const failed = scripted(token);
        const status = failed && failed !== 200 ? failed : 200;
        log(token, {
          kind: "followup",
          platform: "discord",
          method,
          path: url.pathname,
          status,
          body,
          problems,
          message: null,
        });
        if (status === 429)
          return send(429, { message: "You are being rate limited.", retry_after: 0.2, global: false });
        if (status !== 200) return send(status, { message: "scripted", code: 0 });
        return send(200, { id: String(next++), type: 19, content: body?.content ?? "", flags: body?.flags ?? 64 });
      }
      if (parts[0] === "discord" && parts[3] === "channels") {
        const channel = parts[4];
        const messageId = parts[6] ?? null;
        const kind = req.method === "POST" ? "post" : "edit";
        const problems = discordProblems(body);
        if (!/^Bot test-discord-bot-[0-9a-f]{24}$/.test(auth)) problems.push("bad bot token");
        const failed = refused.has(channel) ? 403 : scripted(channel);
        if (failed && failed !== 200) {
          log(channel, {
            kind,
            platform: "discord",
            method: req.method!,
            path: url.pathname,
            status: failed,
            body,
            problems,
            message: messageId,
          });
          return failed === 429
            ? send(429, { message: "You are being rate limited.", retry_after: 2, global: false })
            : send(failed, {
                message: failed === 403 ? "Missing Access" : "scripted",
                code: failed === 403 ? 50001 : 0,
              });
        }
        if (kind === "post") {
          const key = body?.nonce && body?.enforce_nonce ? `${channel}:${body.nonce}` : null;
          const again = key ? nonces.get(key) : undefined;
          const id = again ?? String(next++);
          if (key && !again) nonces.set(key, id);
          messages.set(id, channel);
          if (!again)
            log(channel, {
              kind,
              platform: "discord",
              method: "POST",
              path: url.pathname,
              status: 200,
              body,
              problems,
              message: id,
            });
          return send(200, { id, channel_id: channel, type: 0, content: body?.content ?? "" });
        }
        if (!messageId || messages.get(messageId) !== channel) {
          log(channel, {
            kind,
            platform: "discord",
            method: "PATCH",
            path: url.pathname,
            status: 404,
            body,
            problems,
            message: messageId,
          });
          return send(404, { message: "Unknown Message", code: 10008 });
        }
        log(channel, {
          kind,
          platform: "discord",
          method: "PATCH",
          path: url.pathname,
          status: 200,
          body,
          problems,
          message: messageId,
        });
        return send(200, { id: messageId, channel_id: channel, type: 0 });
      }

      // ---- Slack --------------------------------------------------------------------------
      if (parts[0] === "slack" && parts[1] === "api") {
        const method = parts[2];
        const channel = String(body?.channel ?? "");
        const problems = slackProblems(
          method === "chat.postMessage" && body?.thread_ts ? { ...body, blocks: body.blocks ?? [] } : body,
        );
        if (!/^Bearer xoxb-test-[0-9a-f]{24}$/.test(auth)) problems.push("bad bot token");
        const kind = method === "chat.postMessage" ? "post" : "edit";
        if (refused.has(channel)) {
          log(channel, {
            kind,
            platform: "slack",
            method,
            path: url.pathname,
            status: 200,
            body,
            problems,
            message: body?.ts ?? null,
          });
          return send(200, { ok: false, error: "not_in_channel" });
        }
        const failed = scripted(channel);
        if (failed && failed !== 200) {
          log(channel, {
            kind,
            platform: "slack",
            method,
            path: url.pathname,
            status: failed,
            body,
            problems,
            message: body?.ts ?? null,
          });
          return failed === 429
            ? send(429, { ok: false, error: "ratelimited" }, { "retry-after": "2" })
            : send(failed, { ok: false });
        }
        if (method === "conversations.replies") {
          const list = threads.get(`${channel}:${body?.ts}`) ?? [];
          const oldest = Number(body?.oldest ?? 0);
          const metadata = body?.include_all_metadata === "true";
          log(channel, {
            kind: "lookup",
            platform: "slack",
            method,
            path: url.pathname,
            status: 200,
            body,
            problems: form ? [] : ["conversations.replies sent as JSON"],
            message: body?.ts ?? null,
          });
          return send(200, {
            ok: true,
            messages: list
              .filter((m) => Number(m.ts) > oldest)
              .map((m) => ({
                type: "message",
                ts: m.ts,
                thread_ts: body.ts,
                text: m.text,
                ...(metadata && m.metadata ? { metadata: m.metadata } : {}),
              })),
            has_more: false,
          });
        }
        if (method === "chat.postMessage") {
          const id = `${Math.floor(Date.now() / 1000)}.${String(tsSeq++).padStart(6, "0")}`;
          messages.set(id, channel);
          if (body?.thread_ts) {
            const key = `${channel}:${body.thread_ts}`;
            threads.set(key, [...(threads.get(key) ?? []), { ts: id, text: body.text, metadata: body.metadata }]);
          }
          log(channel, {
            kind,
            platform: "slack",
            method,
            path: url.pathname,
            status: 200,
            body,
            problems,
            message: id,
          });
          return send(200, { ok: true, channel, ts: id, message: { text: body?.text } });
        }
        if (method === "chat.update") {
          const known = messages.get(body?.ts) === channel;
          log(channel, {
            kind,
            platform: "slack",
            method,
            path: url.pathname,
            status: 200,
            body,
            problems,
            message: body?.ts ?? null,
          });
          return known
            ? send(200, { ok: true, channel, ts: body.ts })
            : send(200, { ok: false, error: "message_not_found" });
        }
        return send(200, { ok: false, error: "unknown_method" });
      }
      if (parts[0] === "slack-hooks") {
        const key = parts.slice(1).join("/");
        log(key, {
          kind: "response",
          platform: "slack",
          method: "POST",
          path: url.pathname,
          status: 200,
          body,
          problems: slackProblems(body),
          message: null,
        });
        return send(200, { ok: true });
      }
      return send(404, { message: "no such route" });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  project.provide("platformPort", typeof address === "object" && address ? address.port : 0);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
