import { CHANNELS, type ChangeFeed } from '../db/change-feed';
import { FeedCache } from '../db/feed-cache';
import type { UserRow } from '../db/schema';

export interface CachedSession {
  user: UserRow;
  expire: Date;
}

/**
 * Session lookups cached in process memory, so most authenticated requests make no query. Triggers
 * announce every deleted session ('sid:<hash>') and every changed or deleted user ('user:<id>')
 * (migration 0004), whoever made the change; an expired session is never answered.
 */
export class SessionCache {
  private readonly cache: FeedCache<string, CachedSession>;

  constructor(feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>, ttlMs = 30_000, maxEntries = 10_000) {
    this.cache = new FeedCache<string, CachedSession>(feed, {
      channel: CHANNELS.auth,
      ttlMs,
      maxSize: maxEntries,
      isStale: (entry, now) => entry.expire.getTime() <= now,
      onAnnouncement: (payload, cache) => {
        if (payload.startsWith('sid:')) cache.evict(payload.slice(4));
        else if (payload.startsWith('user:')) {
          const userId = Number(payload.slice(5));
          cache.evictWhere((entry) => entry.user.id === userId);
        }
      },
    });
  }

  /** Take this before reading a session from the database; pass it to set(). */
  get epoch(): number {
    return this.cache.epoch;
  }

  get(sid: string, now = Date.now()): CachedSession | undefined {
    return this.cache.get(sid, now);
  }

  set(sid: string, user: UserRow, expire: Date, epoch: number): void {
    this.cache.set(sid, { user, expire }, epoch);
  }

  evictSession(sid: string): void {
    this.cache.evict(sid);
  }
}
