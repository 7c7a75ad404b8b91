/**
 * The game's seeded random generator (mulberry32). Its whole state is one uint32 kept in the game
 * state, so a game replays exactly from its seed and action list.
 */
export interface Draw {
  value: number;
  rng: number;
}

/** A uniform integer in [0, n) and the generator's next state. */
export function nextInt(rng: number, n: number): Draw {
  const next = (rng + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value: Math.floor(u * n), rng: next };
}

/** Fisher–Yates shuffle driven by the generator; returns the shuffled copy and the next state. */
export function shuffle<T>(rng: number, items: readonly T[]): { items: T[]; rng: number } {
  const out = items.slice();
  let state = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const d = nextInt(state, i + 1);
    state = d.rng;
    const j = d.value;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return { items: out, rng: state };
}
