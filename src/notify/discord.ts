/**
 * Discord webhook messages: one embed per notification (game, round, whose turn, the deadline as
 * a Discord timestamp, a link to play), pings only through `allowed_mentions` (never parsed from
 * text), user text escaped by ./escape.ts, and Discord's documented limits always respected.
 */
import type { APIEmbed, RESTPostAPIWebhookWithTokenJSONBody } from "discord-api-types/v10";
import { userText } from "./escape";
import { clip, gameTitle, render, type Markup } from "./text";
import type { Notification } from "./types";

/** Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const DISCORD_LIMITS = {
  content: 2000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
  username: 80,
} as const;

export type DiscordMessage = RESTPostAPIWebhookWithTokenJSONBody;

const unix = (ms: number) => Math.floor(ms / 1000);

function markup(): Markup {
  return {
    // Content, embed titles, descriptions and fields are all markdown on Discord.
    text: (s, max) => userText(s, "discord", max),
    title: (s) => userText(s, "discord"),
    bold: (s) => `**${s}**`,
    relative: (ms) => `<t:${unix(ms)}:R>`,
    absolute: (ms) => `<t:${unix(ms)}:f>`,
    link: (url, label) => `[${label}](${url})`,
    code: (s) => `\`${s.replace(/[`\u0000-\u001f]/g, "'")}\``,
    who: (p) =>
      p.discordUserId && /^\d{15,21}$/.test(p.discordUserId)
        ? `<@${p.discordUserId}>`
        : `**${userText(p.name, "discord") || "Someone"}**`,
  };
}

/** The webhook body for one notification. */
export function discordMessage(n: Notification): DiscordMessage {
  const m = markup();
  const r = render(n, m);
  const pinged = r.pings.filter((p) => p.discordUserId && /^\d{15,21}$/.test(p.discordUserId));
  const lines = [...r.lines];
  if (n.type !== "webhook.disabled" && n.type !== "webhook.test")
    lines.push(m.link(n.game.url, n.game.status === "finished" ? "See the game" : "Open the game"));
  const embed: APIEmbed = {
    title: r.title,
    // A rematch's title opens the new game, with its invite.
    url: n.type === "game.rematch" && n.rematch ? n.rematch.url : n.game.url,
    description: lines.join("\n"),
    color: r.color,
    fields: r.fields.map((f) => ({ name: f.name, value: f.value, inline: f.inline })),
    // Footers are shown as typed (no markdown, no mentions).
    footer: { text: gameTitle(n, "discord-plain") },
    timestamp: new Date(n.at).toISOString(),
  };
  if (n.game.imageUrl) embed.image = { url: n.game.imageUrl };
  const body: DiscordMessage = {
    username: "Canopy",
    embeds: [fitEmbed(embed)],
    // Nothing in the text may ping anyone but the players named here (names cannot @everyone).
    allowed_mentions: { parse: [], users: pinged.map((p) => p.discordUserId!) },
  };
  if (pinged.length)
    body.content = clip(`${pinged.map((p) => `<@${p.discordUserId}>`).join(" ")} ${r.title}`, DISCORD_LIMITS.content);
  return body;
}

/** Characters of an embed that count towards Discord's 6000 total. */
export function embedLength(e: APIEmbed): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.author?.name.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/** Clip every part to its limit, then drop fields and shorten the description to fit the total. */
export function fitEmbed(e: APIEmbed): APIEmbed {
  const L = DISCORD_LIMITS;
  const out: APIEmbed = { ...e };
  if (out.title !== undefined) out.title = clip(out.title, L.title);
  if (out.description !== undefined) out.description = clip(out.description, L.description);
  if (out.footer) out.footer = { ...out.footer, text: clip(out.footer.text, L.footer) };
  if (out.author) out.author = { ...out.author, name: clip(out.author.name, L.author) };
  if (out.fields)
    out.fields = out.fields.slice(0, L.fields).map((f) => ({
      ...f,
      name: clip(f.name || "\u200b", L.fieldName),
      value: clip(f.value || "\u200b", L.fieldValue),
    }));
  while (embedLength(out) > L.total && out.fields && out.fields.length > 0) out.fields = out.fields.slice(0, -1);
  if (embedLength(out) > L.total && out.footer) out.footer = { ...out.footer, text: clip(out.footer.text, 100) };
  const over = embedLength(out) - L.total;
  if (over > 0 && out.description) out.description = clip(out.description, Math.max(1, out.description.length - over));
  return out;
}
