/** A game's webhooks from the players' side: a test message, the delivery log, a delivery sent again. */
import type { Target } from "../notify/directory";
import type { Notification } from "../notify/types";
import type { Seated } from "./access";
import { type Authority, reply } from "./authority";
import { notifyGame } from "./notifications";
import { done, refuse, type RoomReply } from "./outcome";

/** What the "send test" endpoint reports. */
export interface TestResult {
  delivered: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
  deliveryId: number | null;
}

/** Send a test message to one of the game's webhooks (or a player's own, from here), logged. */
export async function sendTest(a: Authority, s: Seated, target: Target, at: number): Promise<RoomReply<TestResult>> {
  const g = s.game;
  const seq = (g.notifySeq ?? 0) + 1;
  a.game = { ...g, notifySeq: seq };
  a.write({ record: a.game, entries: [], notes: [], sync: false, at });
  const n: Notification = {
    id: `evt_${g.id}_${seq}`,
    type: "webhook.test",
    at,
    game: notifyGame(g, a.origin(g), false),
  };
  const r = await a.outbox.sendTest(target, n);
  a.counted();
  return reply(
    done({
      delivered: r.outcome === "delivered",
      status: r.status,
      latencyMs: r.latencyMs,
      error: r.error,
      deliveryId: r.delivery,
    }),
  );
}

/** The delivery log, as the seated player may see it. */
export function deliveries(a: Authority, s: Seated, opts: { before?: number; limit: number }): RoomReply {
  return reply(done(a.outbox.log(s.game.seats[s.seat].playerId, opts)));
}

/** Send a delivery again (same event id). A player's own webhook's deliveries are theirs to resend. */
export async function redeliver(a: Authority, s: Seated, id: number, now: number): Promise<RoomReply> {
  const me = s.game.seats[s.seat].playerId;
  const row = a.outbox.row(id);
  if (!row) return reply(refuse("NOT_FOUND", "No such delivery."));
  if (row.targetScope === "player" && row.targetOwner !== me)
    return reply(refuse("FORBIDDEN", "Only its owner can resend to a personal webhook."));
  if (row.eventType === "webhook.test") return reply(refuse("CONFLICT", "Send a new test instead."));
  const again = a.outbox.redeliver(id, now)!;
  a.counted();
  await a.scheduleAlarm();
  return reply(done({ delivery: a.outbox.view(again, me) }, "accepted"));
}
