/**
 * Counts events per key in a sliding window. Kept in process memory on purpose: losing it on a
 * restart only resets a brute-force counter, and it answers without a database round trip.
 * With several app processes each keeps its own counts (documented in docs/decisions).
 */
export class SlidingWindowCounter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  record(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > this.maxKeys) {
      // Drop the oldest key; Map keeps insertion order.
      const oldest = this.hits.keys().next();
      if (!oldest.done) this.hits.delete(oldest.value);
    }
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}
