import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { FeedCache } from '../../db/feed-cache';
import { perDatabase } from '../../db/per-database';

/**
 * Each user's insights figures, cached in process memory: they only change when the user's dreams
 * or intentions do. A FeedCache (db/feed-cache.ts) on the dreams channel: triggers announce every
 * change to a user's dreams ('dreams:<id>', migration 0005) and intentions ('intentions:<id>',
 * migration 0011), whoever made it, and the process's own writes dispatch the same at once. An
 * announcement evicts all of that user's figures. Figures that depend on the day (streak, calendar,
 * "on this day") carry the user's local date in their key, so a new day never reads yesterday's.
 * Entries expire after five minutes as a safety net; at most 2,000 users are kept.
 */
export class AnalyticsCache {
  private readonly cache: FeedCache<number, Map<string, unknown>>;
  /** Reads in progress: requests that miss together share one computation. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>, ttlMs = 300_000, maxUsers = 2_000) {
    this.cache = new FeedCache<number, Map<string, unknown>>(feed, {
      channel: CHANNELS.dreams,
      ttlMs,
      maxSize: maxUsers,
      onAnnouncement: (payload, cache) => {
        const at = payload.indexOf(':');
        const kind = payload.slice(0, at);
        if (kind === 'dreams' || kind === 'intentions') cache.evict(Number(payload.slice(at + 1)));
      },
    });
  }

  /** The cached figure, or compute it (the read starts after the epoch is taken, so a change during it is never kept). */
  async get<T>(
    userId: number,
    key: string,
    compute: () => Promise<T>,
    /** Whether an answer may be kept (an answer still being completed in the background is not). */
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const hit = this.cache.get(userId)?.get(key);
    if (hit !== undefined) return hit as T;
    const epoch = this.cache.epoch;
    // Shared only within one epoch: a request arriving after a change never gets a read begun before it.
    const id = `${epoch}|${userId}|${key}`;
    const running = this.pending.get(id);
    if (running) return running as Promise<T>;
    const read = compute().then((value) => {
      if (!keep(value)) return value;
      if (!this.cache.grow(userId, epoch, (entries) => (entries.set(key, value), 0))) {
        this.cache.set(userId, new Map([[key, value]]), epoch);
      }
      return value;
    });
    this.pending.set(id, read);
    try {
      return await read;
    } finally {
      this.pending.delete(id);
    }
  }
}

export const analyticsCacheFor = perDatabase((db: Database) => new AnalyticsCache(changeFeedFor(db)));
