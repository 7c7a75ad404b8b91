/**
 * One delivery of a notification to a game's channel (the game's outbox calls it, in order, one at
 * a time per game): the game's message is edited to show the game as of that notification, and when
 * the notification hands the turn to a seated player whose chat account is known, a ping mentions
 * them. The edit is idempotent (the same body every attempt), so a retry after a ping failed edits
 * again and pings once more; Discord's `enforce_nonce` keeps a repeated ping one message.
 */
import type { AttemptResult } from "../notify/deliver";
import type { Notification } from "../notify/types";
import { gameMessage as discordGameMessage, turnPing as discordPing } from "./discord/message";
import { cardOf, editsCard, pingSeat, type ChannelRef } from "./model";
import { type ChatConfig, discordEdit, discordPost, slackCall } from "./rest";
import { gameBlocks, turnPing as slackPing } from "./slack/message";

const refused = (error: string): AttemptResult => ({
  outcome: "rejected",
  status: null,
  latencyMs: 0,
  retryAfterMs: null,
  error,
});

function roundText(n: Notification): string {
  if (n.game.phase === "setup") return "setup";
  return `round ${n.game.round} of ${n.game.totalRounds}`;
}

/** Who a ping for `n` mentions: the chat user of the seat it hands the turn to, if known. */
export function pinged(ref: ChannelRef, n: Notification): string | null {
  const seat = pingSeat(n);
  if (seat === null) return null;
  const p = n.game.players.find((x) => x.seat === seat);
  if (!p || p.bot) return null;
  return ref.members[p.id] ?? null;
}

export async function deliverToChannel(ref: ChannelRef, n: Notification, config: ChatConfig): Promise<AttemptResult> {
  const token = ref.platform === "discord" ? config.discord?.botToken : config.slack?.botToken;
  if (!token) return refused(`the ${ref.platform === "discord" ? "Discord" : "Slack"} app has no bot token`);
  const user = pinged(ref, n);
  let last: AttemptResult | null = null;
  if (editsCard(n)) {
    const card = cardOf(n);
    last =
      ref.platform === "discord"
        ? await discordEdit(token, ref.channel, ref.message, discordGameMessage(card))
        : await slackCall(token, "chat.update", { channel: ref.channel, ts: ref.message, ...gameBlocks(card) });
    if (last.outcome !== "delivered") return last;
  }
  if (user) {
    const url = n.game.url;
    last =
      ref.platform === "discord"
        ? await discordPost(
            token,
            ref.channel,
            discordPing({ userId: user, round: roundText(n), url, gameMessage: ref.message, nonce: n.id.slice(-25) }),
          )
        : await slackCall(token, "chat.postMessage", {
            channel: ref.channel,
            thread_ts: ref.message,
            ...slackPing({ userId: user, round: roundText(n), url }),
          });
  }
  return last ?? { outcome: "delivered", status: null, latencyMs: 0, retryAfterMs: null, error: null };
}
