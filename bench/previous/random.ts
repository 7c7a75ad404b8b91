/**
 * The bots' own generator (mulberry32, as src/engine/rng.ts), seeded by the uint32 the game's
 * generator drew for the turn: a bot's turn is a function of (view, seat, level, seed).
 */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** A fresh uint32 (a seed for a playout or a sub-search). */
  uint32(): number {
    return (this.next() * 4294967296) >>> 0;
  }
}
