import type { Channel, ChangeFeed } from './change-feed';

export interface FeedCacheOptions<K, V> {
  /** The change-feed channel whose announcements evict entries. */
  channel: Channel;
  /** What an announcement evicts: call cache.evict(key) or cache.evictWhere(...) for it. */
  onAnnouncement: (payload: string, cache: FeedCache<K, V>) => void;
  /** Entries older than this are not answered (a safety net behind the announcements). */
  ttlMs: number;
  /** Memory bound, as a sum of sizeOf (entry count when sizeOf is absent); least recently used go first. */
  maxSize: number;
  sizeOf?: (value: V) => number;
  /** An entry that must not be answered any more for reasons of its own (e.g. an expired session). */
  isStale?: (value: V, now: number) => boolean;
}

interface Entry<V> {
  value: V;
  cachedAt: number;
  size: number;
}

/**
 * A per-process cache of database reads, kept correct across processes by PostgreSQL: triggers
 * announce every change on a change-feed channel, whoever made it, and each process evicts what the
 * announcement names. It answers only while the feed is listening and empties itself when the feed
 * drops. A read that was in flight while anything was evicted is not stored (`epoch`): its rows may
 * predate the change it was evicted for. Entries expire after a time limit and memory is bounded
 * (least recently used first).
 */
export class FeedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private evictions = 0;
  private total = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>,
    private readonly options: FeedCacheOptions<K, V>,
  ) {
    feed.on(options.channel, (payload) => options.onAnnouncement(payload, this));
    feed.onReset(() => this.clear());
  }

  /** Take this before reading from the database; pass it to set(). */
  get epoch(): number {
    return this.evictions;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    if (!this.feed.active) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.options.ttlMs || this.options.isStale?.(entry.value, now)) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last: Map iteration order is insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value read at `epoch`; refused when anything was evicted since, or the feed is down. */
  set(key: K, value: V, epoch: number): boolean {
    if (!this.feed.active || epoch !== this.evictions) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const size = this.options.sizeOf?.(value) ?? 1;
    if (size > this.options.maxSize) return false;
    this.entries.set(key, { value, cachedAt: Date.now(), size });
    this.total += size;
    this.trim();
    return true;
  }

  /**
   * Lets a stored value grow in place (e.g. a serialised answer kept beside its rows), under the same
   * epoch rule as set(). Returns false when the entry is gone or the epoch moved.
   */
  grow(key: K, epoch: number, change: (value: V) => number): boolean {
    const entry = this.entries.get(key);
    if (!entry || !this.feed.active || epoch !== this.evictions) return false;
    const added = change(entry.value);
    entry.size += added;
    this.total += added;
    this.trim();
    return true;
  }

  evict(key: K): void {
    this.evictions++;
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  evictWhere(matches: (value: V, key: K) => boolean): void {
    this.evictions++;
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.remove(key, entry);
  }

  clear(): void {
    this.evictions++;
    this.entries.clear();
    this.total = 0;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.options.maxSize) break;
      this.remove(key, entry);
    }
  }

  private remove(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
