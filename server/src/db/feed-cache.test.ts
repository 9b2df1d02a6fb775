import { describe, expect, it } from 'vitest';
import { HandFeed } from '../../test/hand-feed';
import { CHANNELS } from './change-feed';
import { FeedCache } from './feed-cache';

function cacheOf(feed: HandFeed, maxSize = 100, ttlMs = 60_000) {
  return new FeedCache<number, string>(feed, {
    channel: CHANNELS.dreams,
    ttlMs,
    maxSize,
    sizeOf: (value) => value.length,
    onAnnouncement: (payload, cache) => cache.evict(Number(payload)),
  });
}

describe('FeedCache', () => {
  it('evicts what an announcement names, and refuses a read that was in flight meanwhile', () => {
    const feed = new HandFeed();
    const cache = cacheOf(feed);
    cache.set(1, 'one', cache.epoch);
    cache.set(2, 'two', cache.epoch);
    const epoch = cache.epoch;
    feed.announce(CHANNELS.dreams, '1');
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBe('two');
    expect(cache.set(1, 'stale one', epoch)).toBe(false);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.grow(2, epoch, () => 1)).toBe(false);
  });

  it('keeps memory under its bound, least recently used first', () => {
    const feed = new HandFeed();
    const cache = cacheOf(feed, 10);
    cache.set(1, 'aaaa', cache.epoch);
    cache.set(2, 'bbbb', cache.epoch);
    expect(cache.get(1)).toBe('aaaa'); // 1 is now the most recently used
    cache.set(3, 'cccc', cache.epoch); // 12 > 10: 2 goes
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('aaaa');
    expect(cache.get(3)).toBe('cccc');
    expect(cache.grow(3, cache.epoch, () => 5)).toBe(true); // 13 > 10: 1 goes
    expect(cache.get(1)).toBeUndefined();
    expect(cache.set(4, 'x'.repeat(11), cache.epoch)).toBe(false);
  });

  it('answers nothing while the feed is down, and nothing older than its time limit', () => {
    const feed = new HandFeed();
    const cache = cacheOf(feed, 100, 1_000);
    cache.set(1, 'one', cache.epoch);
    expect(cache.get(1, Date.now() + 2_000)).toBeUndefined();
    cache.set(2, 'two', cache.epoch);
    feed.drop();
    expect(cache.get(2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
