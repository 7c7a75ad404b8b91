/** Token buckets per key (a player's writes to one game), so a runaway bot cannot flood a game. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {}

  /** Take one token for `key` at time `now` (ms); false when the bucket is empty. */
  take(key: string, now: number): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * this.perSecond);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    if (this.buckets.size > 1000) this.buckets.delete(this.buckets.keys().next().value!);
    return true;
  }
}
