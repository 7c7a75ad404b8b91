/**
 * One attempt to deliver a notification to any target: a webhook gets the body of its kind
 * (deliver.ts), a device's push subscription the push message for its owner (push.ts). The outbox
 * and the "send test" endpoints go through here, so retries, ordering and the delivery log are
 * the same for both.
 */
import { bodyFor, sendOnce, type AttemptResult } from "./deliver";
import type { Target } from "./directory";
import { pushMessage, sendPush } from "./push";
import type { Notification } from "./types";

export function deliverTo(t: Target, n: Notification, now: number): Promise<AttemptResult> {
  // A game's chat channel is delivered by the game's outbox itself (src/chat/deliver.ts).
  if (t.kind === "chat")
    return Promise.resolve({
      outcome: "rejected",
      status: null,
      latencyMs: 0,
      retryAfterMs: null,
      error: "a channel message is edited by its game",
    });
  if (t.kind === "push") {
    if (!t.push)
      return Promise.resolve({
        outcome: "rejected",
        status: null,
        latencyMs: 0,
        retryAfterMs: null,
        error: "push is not configured",
      });
    return sendPush(
      { url: t.url, keys: t.push.keys, vapid: t.push.vapid, refused: t.refused },
      pushMessage(n, t.ownerId, now),
    );
  }
  return sendOnce({ kind: t.kind, url: t.url, secret: t.secret, refused: t.refused }, n.id, bodyFor(t.kind, n));
}
