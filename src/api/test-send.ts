/**
 * "Send a test" to one of a player's own targets (a webhook of theirs, a device's Web Push), shared
 * by src/api/notifications.ts and src/api/push.ts: the test notification, sent once now with no
 * retry, its answer recorded on the target (a failure to record it does not fail the call), and
 * reported to the caller. A game webhook's test goes through its game instead (it is logged there).
 */
import { totalRounds } from "../engine";
import type { AttemptResult } from "../notify/deliver";
import { notifyConfig, type Target } from "../notify/directory";
import { deliverTo } from "../notify/send";
import type { Notification, NotifyPlayer } from "../notify/types";
import { randomId } from "./auth";
import { origin, type Ctx } from "./context";

/** Send the test notification to `target` (about `player`, alone in no game) and answer with the result. */
export async function sendTest(
  c: Ctx,
  target: Target,
  player: Omit<NotifyPlayer, "seat" | "resigned">,
  record: (r: AttemptResult, at: number) => Promise<unknown>,
) {
  const now = Date.now();
  const n: Notification = {
    id: `evt_test_${randomId(16)}`,
    type: "webhook.test",
    at: now,
    game: {
      id: "",
      url: `${notifyConfig(c.env).publicOrigin ?? origin(c)}/`,
      status: "active",
      round: 0,
      totalRounds: totalRounds({ longGame: false }),
      phase: "lobby",
      seats: 1,
      players: [{ seat: 0, ...player, resigned: false }],
    },
  };
  const r = await deliverTo(target, n, now);
  try {
    await record(r, now);
  } catch {
    /* the answer is reported anyway */
  }
  return c.json(
    {
      delivered: r.outcome === "delivered",
      status: r.status,
      latencyMs: r.latencyMs,
      error: r.error,
      deliveryId: null,
    },
    200,
  );
}
