// A delivery log row for the tests of the game's delivery log (tests/game/deliveries-range.test.ts,
// tests/game/webhook-answers.test.ts): a game webhook's JSON delivery of event `<prefix>-<i>`.
import type { NewDelivery } from "../../src/game/store/deliveries";

export const logRow = (
  prefix: string,
  i: number,
  target: string,
  state: NewDelivery["state"],
  due: number,
  at: number,
): NewDelivery => ({
  id: `${prefix}-${i}:${target}`,
  eventId: `${prefix}-${i}`,
  eventType: "turn.started",
  targetId: target,
  targetScope: "game",
  targetKind: "json",
  targetOwner: "nobody",
  targetLabel: null,
  targetRedacted: "https://receiver.example.net/…",
  notification: "{}",
  state,
  due,
  createdAt: at,
  updatedAt: at,
});
