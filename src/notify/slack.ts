/**
 * Slack incoming-webhook messages: Block Kit blocks with a plain `text` fallback (what
 * notifications and screen readers show). User text is escaped by ./escape.ts (&, < and >, and
 * the formatting characters), so a name can neither break the markup nor mention anyone; mrkdwn
 * objects are `verbatim`, so Slack links nothing by itself.
 */
import type { ContextBlock, HeaderBlock, ImageBlock, KnownBlock, SectionBlock, ActionsBlock } from "@slack/types";
import { userText } from "./escape";
import { clip, gameTitle, render, type Markup } from "./text";
import type { Notification } from "./types";

export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** Slack's limits for the blocks used here. */
export const SLACK_LIMITS = {
  text: 3000,
  header: 150,
  section: 3000,
  fields: 10,
  field: 2000,
  button: 75,
  blocks: 50,
  context: 2000,
} as const;

const unix = (ms: number) => Math.floor(ms / 1000);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

const slackMarkup: Markup = {
  text: (s, max) => userText(s, "slack", max),
  // The title goes to the header, a plain_text object: shown as typed.
  title: (s) => userText(s, "slack-plain"),
  bold: (s) => `*${s}*`,
  relative: (ms) => `<!date^${unix(ms)}^{ago}|${iso(ms)}>`,
  absolute: (ms) => `<!date^${unix(ms)}^{date_short_pretty} at {time}|${iso(ms)}>`,
  link: (url, label) => `<${url}|${label}>`,
  code: (s) => `\`${userText(s, "slack", 200).replace(/ˋ/g, "'")}\``,
  who: (p) => `*${userText(p.name, "slack") || "Someone"}*`,
};

/** The fallback text: the same words without any markup, escaped. */
const fallbackMarkup: Markup = {
  text: (s, max) => userText(s, "slack", max),
  title: (s) => userText(s, "slack"),
  bold: (s) => s,
  relative: (ms) => iso(ms),
  absolute: (ms) => iso(ms),
  link: (_url, label) => label,
  code: (s) => userText(s, "slack", 200),
  who: (p) => userText(p.name, "slack") || "Someone",
};

export function slackMessage(n: Notification): SlackMessage {
  const r = render(n, slackMarkup);
  const plain = render(n, fallbackMarkup);
  const blocks: KnownBlock[] = [];
  const header: HeaderBlock = {
    type: "header",
    text: { type: "plain_text", text: clip(r.title, SLACK_LIMITS.header), emoji: true },
  };
  blocks.push(header);
  const section: SectionBlock = {
    type: "section",
    text: { type: "mrkdwn", text: clip(r.lines.join("\n") || " ", SLACK_LIMITS.section), verbatim: true },
  };
  blocks.push(section);
  if (r.fields.length) {
    const fields: SectionBlock = {
      type: "section",
      fields: r.fields
        .slice(0, SLACK_LIMITS.fields)
        // Field names are already in mrkdwn (user text in them escaped by render()).
        .map((f) => ({
          type: "mrkdwn" as const,
          text: clip(`*${f.name}*\n${f.value}`, SLACK_LIMITS.field),
          verbatim: true,
        })),
    };
    blocks.push(fields);
  }
  if (n.game.imageUrl) {
    const image: ImageBlock = { type: "image", image_url: n.game.imageUrl, alt_text: `The board, ${r.title}` };
    blocks.push(image);
  }
  if (n.type !== "webhook.disabled" && n.type !== "webhook.test") {
    const actions: ActionsBlock = {
      type: "actions",
      elements: [
        n.type === "game.rematch" && n.rematch
          ? {
              type: "button",
              text: { type: "plain_text", text: "Join the new game" },
              url: n.rematch.url,
              action_id: "join_rematch",
              style: "primary" as const,
            }
          : {
              type: "button",
              text: { type: "plain_text", text: n.game.status === "finished" ? "See the game" : "Open the game" },
              url: n.game.url,
              action_id: "open_game",
              ...(n.type === "turn.started" || n.type === "turn.reminder" ? { style: "primary" as const } : {}),
            },
      ],
    };
    blocks.push(actions);
  }
  const context: ContextBlock = {
    type: "context",
    elements: [{ type: "mrkdwn", text: clip(gameTitle(n, "slack"), SLACK_LIMITS.context), verbatim: true }],
  };
  blocks.push(context);
  const text = clip(`${plain.title}: ${plain.lines.join(" ")}`, SLACK_LIMITS.text);
  return { text, blocks, unfurl_links: false, unfurl_media: false };
}
