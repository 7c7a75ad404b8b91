/**
 * What Canopy's Slack app says: the game's channel message in Block Kit (the board picture, the
 * seats, the buttons Join, Add a bot, Start, Open), the turn ping (a reply in the message's
 * thread), and ephemeral answers. Typed with @slack/types and kept within Slack's limits
 * (SLACK_LIMITS of src/notify/slack.ts). User text goes through src/notify/escape.ts: `&`, `<`, `>`
 * become entities, so a name can neither format nor mention; mrkdwn is `verbatim` (Slack links
 * nothing by itself).
 */
import type { ActionsBlock, Button, KnownBlock } from "@slack/types";
import { clip, userText } from "../../notify/escape";
import { SLACK_LIMITS } from "../../notify/slack";
import type { ButtonAction, Card } from "../model";

/** Slack limits besides SLACK_LIMITS: per actions block, action ids, a button's value. */
export const SLACK_ELEMENT_LIMITS = {
  actionsElements: 25,
  actionId: 255,
  value: 2000,
  url: 3000,
  altText: 2000,
} as const;

export interface SlackGameMessage {
  text: string;
  blocks: KnownBlock[];
  unfurl_links: false;
  unfurl_media: false;
}

/** An answer to a slash command or a click that only its author sees. */
export interface SlackEphemeral {
  response_type: "ephemeral";
  text: string;
  blocks?: KnownBlock[];
  /** When sent to a click's response_url: leave the game's message alone. */
  replace_original?: false;
}

/** A button's action id: `cnp_<action>`; its value is the game id. */
export const actionId = (a: ButtonAction | "open") => `cnp_${a}`;

const LABELS: Record<ButtonAction, string> = { join: "Join", bot: "Add a bot", start: "Start" };

const name = (s: string) => userText(s, "slack") || "Someone";

function seatLine(s: Card["seats"][number]): string {
  const marks = [s.toAct ? "▶ " : "", s.winner ? "🏆 " : ""].join("");
  const extra = [s.bot ? "bot" : null, s.resigned ? "resigned" : null].filter(Boolean).join(", ");
  const points = s.points === null ? "" : ` — ${s.points} point${s.points === 1 ? "" : "s"}`;
  return `${marks}${s.seat + 1}. ${name(s.name)}${extra ? ` (${extra})` : ""}${points}`;
}

function headline(card: Card, bold: (s: string) => string): string {
  return card.headline.who ? `${card.headline.text} ${bold(name(card.headline.who))}` : card.headline.text;
}

/** The game's message (chat.postMessage, then chat.update with the same body and the message's ts). */
export function gameBlocks(card: Card): SlackGameMessage {
  const free = card.status === "waiting" ? card.seatCount - card.seats.length : 0;
  const seats = [...card.seats.map(seatLine), ...Array.from({ length: Math.max(0, free) }, () => "· a free seat")];
  const blocks: KnownBlock[] = [
    { type: "header", text: { type: "plain_text", text: clip(card.title, SLACK_LIMITS.header), emoji: true } },
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: clip(
          [headline(card, (s) => `*${s}*`), card.moon ? `🌙 ${card.moon}` : null].filter(Boolean).join("\n"),
          SLACK_LIMITS.section,
        ),
        verbatim: true,
      },
    },
    {
      type: "section",
      text: { type: "mrkdwn", text: clip(`*Seats*\n${seats.join("\n")}`, SLACK_LIMITS.section), verbatim: true },
    },
  ];
  if (card.imageUrl)
    blocks.push({
      type: "image",
      image_url: card.imageUrl,
      alt_text: clip(`The board: ${headline(card, (s) => s)}`, SLACK_ELEMENT_LIMITS.altText),
    });
  const buttons: Button[] = card.buttons.map((a) => ({
    type: "button",
    text: { type: "plain_text", text: LABELS[a] },
    action_id: actionId(a),
    value: card.gameId,
    ...(a === "join" ? { style: "primary" as const } : {}),
  }));
  buttons.push({
    type: "button",
    text: { type: "plain_text", text: card.status === "finished" ? "See the game" : "Open" },
    action_id: actionId("open"),
    url: card.url,
  });
  const actions: ActionsBlock = { type: "actions", block_id: `cnp_${card.gameId}`, elements: buttons };
  blocks.push(actions);
  blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: `Game ${card.gameId}`, verbatim: true }] });
  const text = clip(`${card.title}: ${headline(card, (s) => s)}`, SLACK_LIMITS.text);
  return { text, blocks, unfurl_links: false, unfurl_media: false };
}

/**
 * The turn ping: a reply in the game message's thread that mentions the linked user whose turn it
 * is (`<@U…>`, the only mention in it; the user id comes from Slack's own payload, never typed).
 */
export function turnPing(p: { userId: string; round: string; url: string }): { text: string; unfurl_links: false } {
  return {
    text: clip(`<@${p.userId}> your turn in Photosynthesis (${p.round}): <${p.url}|open the game>`, SLACK_LIMITS.text),
    unfurl_links: false,
  };
}

/** An answer only its author sees, with at most one link button. */
export function ephemeral(text: string, link?: { label: string; url: string }): SlackEphemeral {
  const t = clip(text, SLACK_LIMITS.section);
  const out: SlackEphemeral = { response_type: "ephemeral", text: t };
  if (link)
    out.blocks = [
      { type: "section", text: { type: "mrkdwn", text: t, verbatim: true } },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: clip(link.label, SLACK_LIMITS.button) },
            action_id: actionId("open"),
            url: link.url,
            style: "primary",
          },
        ],
      },
    ];
  return out;
}
