import { CHANNELS, type ChangeFeed } from '../db/change-feed';
import type { UserRow } from '../db/schema';

interface Entry {
  user: UserRow;
  expire: Date;
  cachedAt: number;
}

/**
 * Session lookups cached in process memory, so most authenticated requests make no query.
 * Correctness across processes comes from PostgreSQL: triggers announce every deleted session and
 * every changed or deleted user (migration 0004), whoever made the change, and each process evicts
 * what it holds. The cache answers only while the change feed is listening; entries also expire
 * after a short time as a safety net.
 *
 * A lookup that was in flight while an eviction happened is not stored (`epoch`): its row may have
 * been read before the change it was evicted for.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private evictions = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {
    feed.on(CHANNELS.auth, (payload) => {
      if (payload.startsWith('sid:')) this.evictSession(payload.slice(4));
      else if (payload.startsWith('user:')) this.evictUser(Number(payload.slice(5)));
    });
    feed.onReset(() => {
      this.evictions++;
      this.entries.clear();
    });
  }

  /** Take this before reading a session from the database; pass it to set(). */
  get epoch(): number {
    return this.evictions;
  }

  get(sid: string, now = Date.now()): Entry | undefined {
    if (!this.feed.active) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.expire.getTime() <= now) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  set(sid: string, user: UserRow, expire: Date, epoch: number): void {
    if (!this.feed.active || epoch !== this.evictions) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sid, { user, expire, cachedAt: Date.now() });
  }

  evictSession(sid: string): void {
    this.evictions++;
    this.entries.delete(sid);
  }

  evictUser(userId: number): void {
    this.evictions++;
    for (const [sid, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(sid);
  }
}
