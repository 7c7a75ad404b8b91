/**
 * What Canopy's Discord app says: the game's channel message (an embed with the board picture, the
 * seats and the buttons Join, Add a bot, Start, Open), the turn ping, and the ephemeral answers to
 * commands and clicks. Every body is typed with discord-api-types and kept within Discord's limits
 * (DISCORD_LIMITS of src/notify/discord.ts, and the component limits below); user text goes
 * through src/notify/escape.ts, and no message may ping anyone but the user it names
 * (`allowed_mentions`).
 *
 * The numbers of Discord's enums are written as constants checked against discord-api-types' enum
 * types (the package is types only in the Worker: its enums would bring the whole module along).
 */
import type {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIInteractionResponse,
  APIInteractionResponseCallbackData,
  APIInteractionResponseDeferredChannelMessageWithSource,
  APIInteractionResponseDeferredMessageUpdate,
  ButtonStyle,
  ComponentType,
  InteractionResponseType,
  MessageFlags,
  RESTPatchAPIChannelMessageJSONBody,
  RESTPatchAPIInteractionOriginalResponseJSONBody,
  RESTPostAPIChannelMessageJSONBody,
  RESTPostAPIInteractionFollowupJSONBody,
} from "discord-api-types/v10";
import { clip, userText } from "../../notify/escape";
import { DISCORD_LIMITS, fitEmbed } from "../../notify/discord";
import type { ButtonAction, Card } from "../model";

/** Discord's component limits (https://discord.com/developers/docs/components/reference). */
export const COMPONENT_LIMITS = {
  rows: 5,
  buttonsPerRow: 5,
  customId: 100,
  label: 80,
  url: 512,
} as const;

export const RESPONSE = {
  pong: 1 as InteractionResponseType.Pong,
  message: 4 as InteractionResponseType.ChannelMessageWithSource,
  deferredMessage: 5 as InteractionResponseType.DeferredChannelMessageWithSource,
  deferredUpdate: 6 as InteractionResponseType.DeferredMessageUpdate,
} as const;
const ACTION_ROW = 1 as ComponentType.ActionRow;
const BUTTON = 2 as ComponentType.Button;
const STYLE = {
  primary: 1 as ButtonStyle.Primary,
  secondary: 2 as ButtonStyle.Secondary,
  success: 3 as ButtonStyle.Success,
  link: 5 as ButtonStyle.Link,
} as const;
export const EPHEMERAL = 64 as MessageFlags.Ephemeral;

const GREEN = 0x3f9b4f;
const BLUE = 0x2f6fb5;
const GREY = 0x7f8c8d;

/** A button's custom id: `cnp:<action>:<game id>` (the game id is 12 characters). */
export function customId(action: ButtonAction, gameId: string): string {
  return `cnp:${action}:${gameId}`;
}

const LABELS: Record<ButtonAction, string> = { join: "Join", bot: "Add a bot", start: "Start" };

const name = (s: string) => userText(s, "discord") || "Someone";

function seatLine(s: Card["seats"][number]): string {
  const marks = [s.toAct ? "▶ " : "", s.winner ? "🏆 " : ""].join("");
  const extra = [s.bot ? "bot" : null, s.resigned ? "resigned" : null].filter(Boolean).join(", ");
  const points = s.points === null ? "" : ` — ${s.points} point${s.points === 1 ? "" : "s"}`;
  return `${marks}${s.seat + 1}. ${name(s.name)}${extra ? ` (${extra})` : ""}${points}`;
}

/** The embed of the game's message. */
export function gameEmbed(card: Card): APIEmbed {
  const headline = card.headline.who ? `${card.headline.text} **${name(card.headline.who)}**` : card.headline.text;
  const free = card.status === "waiting" ? card.seatCount - card.seats.length : 0;
  const seats = [...card.seats.map(seatLine), ...Array.from({ length: Math.max(0, free) }, () => "· a free seat")];
  const embed: APIEmbed = {
    title: card.title,
    url: card.url,
    description: [headline, card.moon ? `🌙 ${card.moon}` : null].filter(Boolean).join("\n"),
    color: card.status === "finished" ? GREY : card.status === "active" ? GREEN : BLUE,
    fields: [{ name: "Seats", value: seats.join("\n") || "—", inline: false }],
    footer: { text: `Game ${card.gameId}` },
  };
  if (card.imageUrl) embed.image = { url: card.imageUrl };
  return fitEmbed(embed);
}

/** The game's buttons: Join, Add a bot, Start (a waiting game), and Open (always, a link). */
export function gameComponents(card: Card): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = card.buttons.map((a) => ({
    type: BUTTON,
    style: a === "join" ? STYLE.primary : a === "start" ? STYLE.success : STYLE.secondary,
    label: LABELS[a],
    custom_id: customId(a, card.gameId),
  }));
  buttons.push({
    type: BUTTON,
    style: STYLE.link,
    label: card.status === "finished" ? "See the game" : "Open",
    url: card.url,
  });
  return [{ type: ACTION_ROW, components: buttons }];
}

/** The game's message, to post (with the bot token) and to edit later (the same body). */
export function gameMessage(card: Card): RESTPostAPIChannelMessageJSONBody & RESTPatchAPIChannelMessageJSONBody {
  return {
    content: "",
    embeds: [gameEmbed(card)],
    components: gameComponents(card),
    // Names in the message are escaped; nothing in an edit may ping anyone.
    allowed_mentions: { parse: [] },
  };
}

/**
 * The turn ping: a reply to the game's message that mentions the linked user whose turn it is, and
 * nobody else (`allowed_mentions.users`). `nonce` with `enforce_nonce` makes a retried ping one
 * message (Discord returns the first one when the same nonce comes again within minutes).
 */
export function turnPing(p: {
  userId: string;
  round: string;
  url: string;
  gameMessage: string;
  nonce: string;
}): RESTPostAPIChannelMessageJSONBody {
  return {
    content: clip(`<@${p.userId}> your turn in Photosynthesis (${p.round}): ${p.url}`, DISCORD_LIMITS.content),
    allowed_mentions: { parse: [], users: [p.userId] },
    message_reference: { message_id: p.gameMessage, fail_if_not_exists: false },
    nonce: p.nonce,
    enforce_nonce: true,
    // A link to the game page needs no preview: the game's message has the board.
    flags: 4 as MessageFlags.SuppressEmbeds,
  };
}

/** An answer's words and link button (no flags: whether it is ephemeral is the response's or the deferral's). */
function answerData(text: string, link?: { label: string; url: string }): APIInteractionResponseCallbackData {
  const data: APIInteractionResponseCallbackData = {
    content: clip(text, DISCORD_LIMITS.content),
    allowed_mentions: { parse: [] },
  };
  if (link)
    data.components = [
      {
        type: ACTION_ROW,
        components: [
          { type: BUTTON, style: STYLE.link, label: clip(link.label, COMPONENT_LIMITS.label), url: link.url },
        ],
      },
    ];
  return data;
}

/** An answer only the person who clicked or typed sees, given at once (type 4, ephemeral). */
export function ephemeral(text: string, link?: { label: string; url: string }): APIInteractionResponse {
  return { type: RESPONSE.message, data: { ...answerData(text, link), flags: EPHEMERAL } };
}

/**
 * The answer at once to a command whose work takes I/O: "thinking", seen by its author only
 * (type 5, ephemeral); the answer replaces it later (`deferredAnswer`, PATCH …/messages/@original).
 */
export const deferredCommand: APIInteractionResponseDeferredChannelMessageWithSource = {
  type: RESPONSE.deferredMessage,
  data: { flags: EPHEMERAL },
};

/**
 * The answer at once to a click: acknowledged, the game's message left as it is (type 6; its
 * `@original` is the game's message, which only the game's outbox edits). The answer comes as an
 * ephemeral follow-up message (`clickAnswer`, POST /webhooks/{application.id}/{token}).
 */
export const deferredClick: APIInteractionResponseDeferredMessageUpdate = { type: RESPONSE.deferredUpdate };

/** The answer to a deferred command: the edit of its "thinking" response (ephemeral already). */
export function deferredAnswer(
  text: string,
  link?: { label: string; url: string },
): RESTPatchAPIInteractionOriginalResponseJSONBody {
  return answerData(text, link);
}

/** The answer to a deferred click: a new follow-up message only the clicker sees. */
export function clickAnswer(
  text: string,
  link?: { label: string; url: string },
): RESTPostAPIInteractionFollowupJSONBody {
  return { ...answerData(text, link), flags: EPHEMERAL };
}
