/** Copy-on-write of the expansion's part of a state while a move is applied (the base Draft's `first`). */
import type { Draft } from "../draft";
import type { MoonPlayerState, MoonState } from "./types";

/** The `moon` part, copied on first use (its arrays are replaced, never mutated; `players` is copied by moonPlayerOf). */
export function moonOf(d: Draft): MoonState {
  if (d.first(0)) d.s.moon = { ...d.s.moon! };
  return d.s.moon!;
}

/**
 * A seat's part of `moon`, copied on first use (the players array too). Its `babies` and `spent`
 * arrays stay shared with the state before: replace them, never mutate them.
 */
export function moonPlayerOf(d: Draft, seat: number): MoonPlayerState {
  const m = moonOf(d);
  if (d.first(5)) m.players = m.players.slice();
  if (d.first(1 + seat)) m.players[seat] = { ...m.players[seat] };
  return m.players[seat];
}
