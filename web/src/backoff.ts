/**
 * The client's one backoff: how long to wait before trying again after `failures` failures in a
 * row — `first`, doubled after each failure, never more than `max`. With `jitter` the wait is drawn
 * between half of it and all of it, so that clients cut off together (a deploy, a network blip) do
 * not all come back at the same moment. Used by the live socket (game/live.ts) and the poll of the
 * games waiting for you (turns.ts).
 */
export function backoff(failures: number, first: number, max: number, jitter = false): number {
  const ms = Math.min(max, first * 2 ** Math.min(failures, 30));
  return jitter ? ms / 2 + Math.random() * (ms / 2) : ms;
}
