/** Copy-on-write of the expansion's part of a state while a move is applied (the base Draft's `first`). */
import type { Draft } from "../draft";
import type { MoonPlayerState, MoonState } from "./types";

/** The `moon` part, copied on first use (its arrays are replaced, never mutated, except `players`). */
export function moonOf(d: Draft): MoonState {
  if (d.first(0)) {
    const m = d.s.moon!;
    d.s.moon = { ...m, players: m.players.slice() };
  }
  return d.s.moon!;
}

/** A seat's part of `moon`, copied on first use. */
export function moonPlayerOf(d: Draft, seat: number): MoonPlayerState {
  const m = moonOf(d);
  if (d.first(1 + seat)) {
    const p = m.players[seat];
    m.players[seat] = { ...p, babies: p.babies.slice(), spent: p.spent.slice() };
  }
  return m.players[seat];
}
