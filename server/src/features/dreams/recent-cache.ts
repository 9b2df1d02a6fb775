import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { FeedCache } from '../../db/feed-cache';
import { perDatabase } from '../../db/per-database';
import type { StoredDream } from './presenter';

/** Home asks for 3 dreams and the Journal for 20: one read of 20 answers both. */
export const RECENT_FETCH_MIN = 20;

interface Entry {
  /** The user's first dreams in journal order (newest dream first: the service's JOURNAL_ORDER). */
  rows: StoredDream[];
  /** True when the user has no more dreams than these. */
  complete: boolean;
  /** Ready-to-send JSON answers by limit, so a repeated request costs no serialisation. */
  bodies: Map<number, Buffer>;
}

/** Rough size of a dream in memory (strings are UTF-16). */
const sizeOf = (d: StoredDream) => 200 + 2 * (d.title.length + d.narrative.length + d.tags.join().length);

/**
 * Each user's newest dreams, cached in process memory: Home and the Journal read them on every
 * visit, and the list only changes when the user writes. A FeedCache (db/feed-cache.ts) on the
 * `dreams` channel: a trigger announces every insert, update and delete on `dreams` (migration
 * 0005), whoever made it, and the process evicts that user's entry; the process's own writes evict
 * at once, before the response (dreamsChanged). Entries expire after a minute as a safety net and
 * memory is bounded by an estimate in bytes.
 *
 * Besides the rows, an entry keeps the serialised answer for each limit asked (`body`), made by
 * the route's own response serialiser.
 */
export class RecentDreamsCache {
  private readonly cache: FeedCache<number, Entry>;

  constructor(feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>, ttlMs = 60_000, maxBytes = 32 * 1024 * 1024) {
    this.cache = new FeedCache<number, Entry>(feed, {
      channel: CHANNELS.dreams,
      ttlMs,
      maxSize: maxBytes,
      sizeOf: (entry) => entry.rows.reduce((s, d) => s + sizeOf(d), 0),
      onAnnouncement: (payload, cache) => {
        if (payload.startsWith('dreams:')) cache.evict(Number(payload.slice(7)));
      },
    });
  }

  /** Take this before reading from the database; pass it to set(). */
  get epoch(): number {
    return this.cache.epoch;
  }

  get size(): number {
    return this.cache.size;
  }

  get(userId: number, limit: number, now = Date.now()): StoredDream[] | undefined {
    const entry = this.cache.get(userId, now);
    if (!entry || (limit > entry.rows.length && !entry.complete)) return undefined;
    return entry.rows.length > limit ? entry.rows.slice(0, limit) : entry.rows;
  }

  /** The serialised answer for this limit, when one was kept. */
  body(userId: number, limit: number, now = Date.now()): Buffer | undefined {
    return this.cache.get(userId, now)?.bodies.get(limit);
  }

  /** Keeps a serialised answer next to the rows it was made from (same epoch rule as set()). */
  setBody(userId: number, limit: number, body: Buffer, epoch: number): void {
    this.cache.grow(userId, epoch, (entry) => {
      if (entry.bodies.has(limit)) return 0;
      entry.bodies.set(limit, body);
      return body.length;
    });
  }

  /** `fetched` is the limit the rows were read with: fewer rows than that means the list is complete. */
  set(userId: number, rows: StoredDream[], fetched: number, epoch: number): void {
    this.cache.set(userId, { rows, complete: rows.length < fetched, bodies: new Map() }, epoch);
  }

  evictUser(userId: number): void {
    this.cache.evict(userId);
  }
}

export const recentDreamsCacheFor = perDatabase((db) => new RecentDreamsCache(changeFeedFor(db)));

/** The process's own write to a user's dreams: forget their list now, not when the announcement arrives. */
export function dreamsChanged(db: Database, userId: number): void {
  changeFeedFor(db).dispatch(CHANNELS.dreams, `dreams:${userId}`);
}
