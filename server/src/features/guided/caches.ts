import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import { FeedCache } from '../../db/feed-cache';
import { perDatabase } from '../../db/per-database';

type Feed = Pick<ChangeFeed, 'active' | 'on' | 'onReset'>;

/**
 * The guided library's answers (serialised, by list: 'all' or a type), kept in process memory: the
 * library changes only when it is seeded. A FeedCache (db/feed-cache.ts): a trigger announces every
 * change to guided_content (migration 0012), whoever made it, and each process drops its answers.
 * (A user's dream signs for personalised scripts come from the insights cache: analytics/service.ts.)
 */
export class GuidedCaches {
  readonly library: FeedCache<string, Buffer>;

  constructor(feed: Feed, ttlMs = 60_000) {
    this.library = new FeedCache<string, Buffer>(feed, {
      channel: CHANNELS.guided,
      ttlMs: 10 * ttlMs,
      maxSize: 16 * 1024 * 1024,
      sizeOf: (body) => body.length,
      onAnnouncement: (_payload, cache) => cache.clear(),
    });
  }
}

export const guidedCachesFor = perDatabase((db) => new GuidedCaches(changeFeedFor(db)));
