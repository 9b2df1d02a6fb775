import { CHANNELS, changeFeedFor, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import type { StoredDream } from './service';

/** Home asks for 3 dreams and the Journal for 20: one read of 20 answers both. */
export const RECENT_FETCH_MIN = 20;

interface Entry {
  /** The user's newest dreams, newest first. */
  rows: StoredDream[];
  /** True when the user has no more dreams than these. */
  complete: boolean;
  cachedAt: number;
  bytes: number;
  /** Ready-to-send JSON answers by limit, so a repeated request costs no serialisation. */
  bodies: Map<number, Buffer>;
}

/** Rough size of a dream in memory (strings are UTF-16). */
const sizeOf = (d: StoredDream) => 200 + 2 * (d.title.length + d.narrative.length + d.tags.join().length);

/**
 * Each user's newest dreams, cached in process memory: Home and the Journal read them on every
 * visit, and the list only changes when the user writes. Kept correct across processes the same
 * way as the session cache: a trigger announces every insert, update and delete on `dreams`
 * (migration 0005), whoever made it, and the process evicts that user's entry. The process's own
 * writes evict at once, before the response. Nothing is answered from memory while the change feed
 * is down, and entries expire after a minute as a safety net. A read that was in flight during an
 * eviction is not stored (`epoch`). Memory is bounded by an estimate in bytes (least recently used
 * users go first).
 *
 * Besides the rows, an entry keeps the serialised answer for each limit asked (`body`), made by
 * the route's own response serialiser.
 */
export class RecentDreamsCache {
  private readonly entries = new Map<number, Entry>();
  private evictions = 0;
  private bytes = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'active' | 'on' | 'onReset'>,
    private readonly ttlMs = 60_000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {
    feed.on(CHANNELS.dreams, (payload) => {
      if (payload.startsWith('dreams:')) this.evictUser(Number(payload.slice(7)));
    });
    feed.onReset(() => {
      this.evictions++;
      this.entries.clear();
      this.bytes = 0;
    });
  }

  /** Take this before reading from the database; pass it to set(). */
  get epoch(): number {
    return this.evictions;
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(userId: number, now: number): Entry | undefined {
    if (!this.feed.active) return undefined;
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs) {
      this.remove(userId, entry);
      return undefined;
    }
    // Most recently used last: Map iteration order is insertion order.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
  }

  get(userId: number, limit: number, now = Date.now()): StoredDream[] | undefined {
    const entry = this.fresh(userId, now);
    if (!entry || (limit > entry.rows.length && !entry.complete)) return undefined;
    return entry.rows.length > limit ? entry.rows.slice(0, limit) : entry.rows;
  }

  /** The serialised answer for this limit, when one was kept. */
  body(userId: number, limit: number, now = Date.now()): Buffer | undefined {
    return this.fresh(userId, now)?.bodies.get(limit);
  }

  /** Keeps a serialised answer next to the rows it was made from (same epoch rule as set()). */
  setBody(userId: number, limit: number, body: Buffer, epoch: number): void {
    const entry = this.entries.get(userId);
    if (!entry || !this.feed.active || epoch !== this.evictions || entry.bodies.has(limit)) return;
    entry.bodies.set(limit, body);
    entry.bytes += body.length;
    this.bytes += body.length;
    this.trim();
  }

  /** `fetched` is the limit the rows were read with: fewer rows than that means the list is complete. */
  set(userId: number, rows: StoredDream[], fetched: number, epoch: number): void {
    if (!this.feed.active || epoch !== this.evictions) return;
    const old = this.entries.get(userId);
    if (old) this.remove(userId, old);
    const entry: Entry = {
      rows,
      complete: rows.length < fetched,
      cachedAt: Date.now(),
      bytes: rows.reduce((s, d) => s + sizeOf(d), 0),
      bodies: new Map(),
    };
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(userId, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  private trim(): void {
    for (const [id, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(id, e);
    }
  }

  evictUser(userId: number): void {
    this.evictions++;
    const entry = this.entries.get(userId);
    if (entry) this.remove(userId, entry);
  }

  private remove(userId: number, entry: Entry): void {
    this.entries.delete(userId);
    this.bytes -= entry.bytes;
  }
}

export const recentDreamsCacheFor = perDatabase((db) => new RecentDreamsCache(changeFeedFor(db)));

/** The process's own write to a user's dreams: forget their list now, not when the announcement arrives. */
export function dreamsChanged(db: Database, userId: number): void {
  changeFeedFor(db).dispatch(CHANNELS.dreams, `dreams:${userId}`);
}
