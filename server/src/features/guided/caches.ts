import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import { FeedCache } from '../../db/feed-cache';
import { perDatabase } from '../../db/per-database';

type Feed = Pick<ChangeFeed, 'active' | 'on' | 'onReset'>;

/**
 * The guided library's answers (serialised, by list: 'all' or a type) and each user's recurring
 * dream signs, kept in process memory: the library changes only when it is seeded, and a user's
 * dream signs only when their dreams change. FeedCaches (db/feed-cache.ts): a trigger announces
 * every change to guided_content (migration 0012) and to dreams (migration 0005), whoever made it,
 * and each process drops what it names.
 */
export class GuidedCaches {
  readonly library: FeedCache<string, Buffer>;
  readonly signs: FeedCache<number, string[]>;
  /** Dream-sign reads under way, by user: a second request joins the first instead of reading again. */
  readonly signsInFlight = new Map<number, Promise<string[]>>();

  constructor(feed: Feed, ttlMs = 60_000) {
    this.library = new FeedCache<string, Buffer>(feed, {
      channel: CHANNELS.guided,
      ttlMs: 10 * ttlMs,
      maxSize: 16 * 1024 * 1024,
      sizeOf: (body) => body.length,
      onAnnouncement: (_payload, cache) => cache.clear(),
    });
    this.signs = new FeedCache<number, string[]>(feed, {
      channel: CHANNELS.dreams,
      ttlMs,
      maxSize: 50_000,
      onAnnouncement: (payload, cache) => {
        if (payload.startsWith('dreams:')) cache.evict(Number(payload.slice(7)));
      },
    });
  }
}

export const guidedCachesFor = perDatabase((db) => new GuidedCaches(changeFeedFor(db)));
