/**
 * Webhook targets: which URLs are accepted, what kind a URL is, and how it is shown once stored
 * (redacted: the URL is a secret, as anyone who has it can post to the channel).
 */
import type { TargetKind } from "./types";

export interface UrlPolicy {
  /** Allow plain http:// to localhost / 127.0.0.1 / [::1] (development and tests only). */
  allowHttpLocalhost: boolean;
}

const DISCORD_HOSTS = new Set(["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"]);
const DISCORD_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d{15,21}\/[A-Za-z0-9_-]{20,200}\/?$/;
const SLACK_PATH = /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/?$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type UrlCheck = { ok: true; url: URL; detected: TargetKind } | { ok: false; message: string };

/** What kind of target a URL looks like (json when it is neither Discord nor Slack). */
export function detectKind(url: URL): TargetKind {
  if (DISCORD_HOSTS.has(url.hostname) && /^\/api(?:\/v\d+)?\/webhooks\//.test(url.pathname)) return "discord";
  if (url.hostname === "hooks.slack.com" && url.pathname.startsWith("/services/")) return "slack";
  return "json";
}

function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost") || h === "::1" || h === "::" || h.endsWith(".local") || h.endsWith(".internal")) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  if (h.includes(":")) return h.startsWith("fc") || h.startsWith("fd") || h.startsWith("fe80") || h.startsWith("::ffff:");
  return false;
}

/** Check a URL someone wants notifications sent to. */
export function checkUrl(raw: string, policy: UrlPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: "That is not a URL." };
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === "http:") {
    if (!(policy.allowHttpLocalhost && local))
      return { ok: false, message: "Webhook URLs must use https:// (plain http:// only to localhost, in development)." };
  } else if (url.protocol !== "https:") {
    return { ok: false, message: "Webhook URLs must use https://." };
  } else if (isPrivateAddress(url.hostname) && !(policy.allowHttpLocalhost && local)) {
    return { ok: false, message: "Webhook URLs must point at a public host." };
  }
  if (url.hash) return { ok: false, message: "Webhook URLs cannot have a #fragment." };
  const detected = detectKind(url);
  if (detected === "discord" && !DISCORD_PATH.test(url.pathname))
    return { ok: false, message: "That Discord webhook URL is incomplete: copy it again from the channel's Integrations → Webhooks." };
  if (detected === "slack" && !SLACK_PATH.test(url.pathname))
    return { ok: false, message: "That Slack webhook URL is incomplete: copy it again from the app's Incoming Webhooks page." };
  return { ok: true, url, detected };
}

/**
 * The kind to use: the one asked for, else the one detected. A Discord or Slack URL only takes
 * its own format (anything else would be refused there); other URLs may take any format (for
 * example a Slack-compatible chat server).
 */
export function chooseKind(detected: TargetKind, asked: TargetKind | undefined): { ok: true; kind: TargetKind } | { ok: false; message: string } {
  if (!asked) return { ok: true, kind: detected };
  if (detected !== "json" && asked !== detected)
    return { ok: false, message: `That is a ${detected === "discord" ? "Discord" : "Slack"} webhook URL: its kind must be "${detected}".` };
  return { ok: true, kind: asked };
}

/** How a stored URL is shown: scheme, host and the fixed start of the path, then the last 4 characters. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "…";
  }
  // The last 4 characters of the path and query, when there is enough of it to keep most hidden.
  const rest = (url.pathname + url.search).replace(/[/?#=&]+$/, "");
  const tail = rest.length > 8 ? rest.slice(-4).replace(/^.*[/?#=&]/, "") : "";
  const kind = detectKind(url);
  const prefix = kind === "discord" ? "/api/webhooks" : kind === "slack" ? "/services" : "";
  const port = url.port ? `:${url.port}` : "";
  return `${url.protocol}//${url.hostname}${port}${prefix}/…${tail ? `/${tail}` : ""}`;
}

/** Remove a secret URL (and its parts) from a message before it is logged or shown. */
export function scrub(message: string, secrets: (string | null | undefined)[]): string {
  let out = message;
  for (const s of secrets) {
    if (!s || s.length < 8) continue;
    out = out.split(s).join("[redacted]");
    try {
      const u = new URL(s);
      if (u.pathname.length > 8) out = out.split(u.pathname).join("/[redacted]");
    } catch {
      /* not a URL */
    }
  }
  return out;
}
