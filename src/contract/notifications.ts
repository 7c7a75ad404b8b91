/**
 * Notifications as the API names them: the event types a webhook may subscribe to, the kinds of
 * target, and how a URL's kind is recognised (the client shows it while you type; the server decides
 * with the same function). No I/O: shared by the Worker and the web client.
 */

/** Every kind of notification, as sent in the JSON payload's `type`. */
export const EVENT_TYPES = [
  "game.started",
  "turn.started",
  "turn.reminder",
  "turn.timeout",
  "player.joined",
  "player.left",
  "player.resigned",
  "player.away",
  "game.ended",
  "game.rematch",
  "message.written",
  "webhook.disabled",
  "webhook.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events a target may not opt out of: they are about the target itself. */
export const ALWAYS_SENT: readonly EventType[] = ["webhook.disabled", "webhook.test"];

export const TARGET_KINDS = ["discord", "slack", "json"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

const DISCORD_HOSTS = new Set(["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"]);

/** What kind of target a URL looks like (json when it is neither Discord nor Slack). */
export function detectKind(url: URL): TargetKind {
  if (DISCORD_HOSTS.has(url.hostname) && /^\/api(?:\/v\d+)?\/webhooks\//.test(url.pathname)) return "discord";
  if (url.hostname === "hooks.slack.com" && url.pathname.startsWith("/services/")) return "slack";
  return "json";
}
