/**
 * One delivery of a notification to a game's channel (the game's outbox calls it, in order, one at
 * a time per game): the game's message is edited to show the game as of that notification, and when
 * them. The edit is idempotent (the same body every attempt), so a retry after a ping failed edits
 * again and pings once more — and the ping must not show twice when its first attempt reached the
 * platform but its answer was lost (a timeout, a dropped connection, a 5xx after the fact):
 *
 * - Discord: the ping carries a `nonce` with `enforce_nonce`: the same nonce again within a few
 *   minutes returns the first message, no new one.
 * - Slack: chat.postMessage has no idempotency key. The ping carries message metadata
 *   (`event_type` canopy_turn_ping, `event_payload.notification` the notification's id); on a
 *   retry, before posting, the thread's replies since the notification (conversations.replies,
 *   include_all_metadata) are read, and a ping with that id already there counts as delivered. If
 *   that read fails, nothing is posted: the delivery is retried later (at most once visible, never
 *   twice). The outbox sends one delivery of a game at a time, in order, so no later ping can be
 *   in the thread meanwhile.
 */
import type { AttemptResult } from "../notify/deliver";
import type { Notification } from "../notify/types";
import { gameMessage as discordGameMessage, turnPing as discordPing } from "./discord/message";
import { cardOf, editsCard, pingSeat, type ChannelRef } from "./model";
import { type ChatConfig, discordEdit, discordPost, slackCall, slackReplies } from "./rest";
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

/** The metadata a Slack turn ping carries: how a retry finds it again. */
export const PING_EVENT = "canopy_turn_ping";

/** How far before the notification a retry looks for its ping (clocks of Slack and the Worker differ). */
const LOOKBACK_S = 120;

const delivered: AttemptResult = { outcome: "delivered", status: null, latencyMs: 0, retryAfterMs: null, error: null };

/**
 * Whether the Slack ping of notification `n` is already in the thread of the game's message: true,
 * false, or the failed read (then the delivery is retried, nothing posted).
 */
async function slackPingThere(token: string, ref: ChannelRef, n: Notification): Promise<boolean | AttemptResult> {
  const oldest = (Math.floor(Math.min(n.at, Date.now()) / 1000) - LOOKBACK_S).toFixed(6);
  const r = await slackReplies(token, ref.channel, ref.message, oldest);
  if (r.outcome !== "delivered") return r.outcome === "rejected" ? { ...r, outcome: "retry" } : r;
  const messages = Array.isArray(r.body?.messages) ? (r.body.messages as Record<string, unknown>[]) : null;
  if (!messages) return { ...r, outcome: "retry", error: "Slack: conversations.replies without messages" };
  return messages.some((m) => {
    const meta = m.metadata as { event_type?: unknown; event_payload?: { notification?: unknown } } | undefined;
    return meta?.event_type === PING_EVENT && meta.event_payload?.notification === n.id;
  });
}

/**
 * One delivery of `n` to the game's channel. `retry`: an earlier attempt of this delivery was made
 * (its ping may have been posted though its answer was lost).
 */
export async function deliverToChannel(
  ref: ChannelRef,
  n: Notification,
  config: ChatConfig,
  opts: { retry?: boolean } = {},
): Promise<AttemptResult> {
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
        : await postSlackPing(token, ref, n, user, url, opts.retry === true);
  }
  return last ?? delivered;
}

async function postSlackPing(
  token: string,
  ref: ChannelRef,
  n: Notification,
  user: string,
  url: string,
  retry: boolean,
): Promise<AttemptResult> {
  if (retry) {
    const there = await slackPingThere(token, ref, n);
    if (there === true) return delivered;
    if (there !== false) return there;
  }
  return slackCall(token, "chat.postMessage", {
    channel: ref.channel,
    thread_ts: ref.message,
    ...slackPing({ userId: user, round: roundText(n), url }),
    metadata: { event_type: PING_EVENT, event_payload: { notification: n.id } },
  });
}
