import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { FeedCache } from '../../db/feed-cache';
import { perDatabase } from '../../db/per-database';
import type { FeedRow } from './presenter';

/**
 * A page of the feed as everyone who sees the public feed reads it (hidden items left out, their
 * comments not counted). The rows keep every poster, anonymous ones too: the presenter decides per
 * reader what leaves the process.
 */
export interface PublicPage {
  rows: FeedRow[];
  total: number;
  /** The page's shared dreams, to evict it when one of them gains a like or a comment. */
  ids: Set<number>;
  /** The serialised answer for a reader who neither posted nor liked anything on it (a visitor's). */
  body?: Buffer;
}

/** What a signed-in reader adds to the public pages: their likes, and whether they have hidden items. */
export interface ReaderState {
  liked: Set<number>;
  /**
   * The reader has a hidden shared dream or a hidden comment: their feed is not the public one (they
   * still see their own hidden items) and is read from the database.
   */
  hasHiddenItems: boolean;
}

/** Rough size of a page in memory (strings are UTF-16); an empty page past the end still counts. */
const sizeOfPage = (page: PublicPage) =>
  1024 +
  page.rows.reduce(
    (s, r) =>
      s + 400 + 2 * (r.title.length + r.content.length + (r.interpretation?.length ?? 0) + r.tags.join().length),
    page.body?.length ?? 0,
  );

/**
 * The community feed cached in process memory: the public pages (rows with like and comment counts,
 * and the page count) and, per signed-in reader, their likes. Two FeedCaches (db/feed-cache.ts) on the
 * `social` channel, whose triggers (migration 0015) announce every change to shared dreams, likes and
 * comments, whoever made it:
 * - 'share:<userId>' evicts every page (a share added, removed, hidden or restored moves all pages
 *   after it) and that user's reader state (their hidden items);
 * - 'like:<sharedDreamId>:<userId>' and 'comment:<sharedDreamId>:<userId>' evict the pages showing that
 *   dream and that user's reader state.
 * A changed or deleted user ('user:<id>' on the auth channel, migration 0004) evicts every page (a
 * deleted user's likes and comments change counts anywhere) and their reader state. The process's own
 * writes dispatch the same announcements at once, before answering (socialChanged in service.ts).
 * A read in flight during any eviction is not stored (the FeedCache epoch). Entries expire after a
 * minute as a safety net; pages are bounded by an estimate in bytes, readers by count.
 */
export class SocialFeedCache {
  private readonly pages: FeedCache<string, PublicPage>;
  private readonly readers: FeedCache<number, ReaderState>;
  /** Reads in progress: requests that miss together share one read, within one epoch. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>,
    ttlMs = 60_000,
    maxPageBytes = 16 * 1024 * 1024,
    maxReaders = 5_000,
  ) {
    this.pages = new FeedCache<string, PublicPage>(feed, {
      channel: CHANNELS.social,
      ttlMs,
      maxSize: maxPageBytes,
      sizeOf: sizeOfPage,
      onAnnouncement: (payload, cache) => {
        const { kind, sharedDreamId } = parse(payload);
        if (kind === 'share') cache.evictWhere(() => true);
        else if (kind === 'like' || kind === 'comment') cache.evictWhere((page) => page.ids.has(sharedDreamId));
      },
    });
    this.readers = new FeedCache<number, ReaderState>(feed, {
      channel: CHANNELS.social,
      ttlMs,
      maxSize: maxReaders,
      onAnnouncement: (payload, cache) => {
        const { kind, userId } = parse(payload);
        if (kind === 'share' || kind === 'like' || kind === 'comment') cache.evict(userId);
      },
    });
    feed.on(CHANNELS.auth, (payload) => {
      if (!payload.startsWith('user:')) return;
      this.pages.evictWhere(() => true);
      this.readers.evict(Number(payload.slice(5)));
    });
  }

  /** The public page, from memory or read by `read` (and kept unless something was evicted meanwhile). */
  async page(
    page: number,
    limit: number,
    read: () => Promise<{ rows: FeedRow[]; total: number }>,
  ): Promise<{ page: PublicPage; keepBody: (body: Buffer) => void }> {
    const key = `${page}|${limit}`;
    const hit = this.pages.get(key);
    const epoch = this.pages.epoch;
    const keepBody = (body: Buffer) => {
      this.pages.grow(key, epoch, (entry) => {
        if (entry.body) return 0;
        entry.body = body;
        return body.length;
      });
    };
    if (hit) return { page: hit, keepBody };
    const value = await this.shared(`page|${epoch}|${key}`, async () => {
      const { rows, total } = await read();
      const entry: PublicPage = { rows, total, ids: new Set(rows.map((r) => r.id)) };
      this.pages.set(key, entry, epoch);
      return entry;
    });
    return { page: value, keepBody };
  }

  /** The reader's likes and hidden-items flag, from memory or read by `read`. */
  async reader(userId: number, read: () => Promise<ReaderState>): Promise<ReaderState> {
    const hit = this.readers.get(userId);
    if (hit) return hit;
    const epoch = this.readers.epoch;
    return this.shared(`reader|${epoch}|${userId}`, async () => {
      const state = await read();
      this.readers.set(userId, state, epoch);
      return state;
    });
  }

  private async shared<T>(id: string, run: () => Promise<T>): Promise<T> {
    const running = this.pending.get(id);
    if (running) return running as Promise<T>;
    const read = run();
    this.pending.set(id, read);
    try {
      return await read;
    } finally {
      this.pending.delete(id);
    }
  }
}

function parse(payload: string): { kind: string; sharedDreamId: number; userId: number } {
  const [kind = '', a = '', b] = payload.split(':');
  // 'share:<userId>' has one number; 'like:' and 'comment:' have the shared dream's id, then the user's.
  return b === undefined
    ? { kind, sharedDreamId: NaN, userId: Number(a) }
    : { kind, sharedDreamId: Number(a), userId: Number(b) };
}

export const socialFeedCacheFor = perDatabase((db: Database) => new SocialFeedCache(changeFeedFor(db)));

/** The process's own write: evict now, not when the trigger's announcement arrives. */
export function socialChanged(db: Database, payload: string): void {
  changeFeedFor(db).dispatch(CHANNELS.social, payload);
}
