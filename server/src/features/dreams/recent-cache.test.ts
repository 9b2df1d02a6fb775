import { describe, expect, it } from 'vitest';
import { HandFeed } from '../../../test/hand-feed';
import { CHANNELS } from '../../db/change-feed';
import { RecentDreamsCache } from './recent-cache';
import type { StoredDream } from './presenter';

const dream = (id: number, userId = 1, narrative = 'A dream.'): StoredDream => ({
  id,
  userId,
  title: `Dream ${id}`,
  narrative,
  date: new Date(0),
  timePeriod: null,
  tags: [],
  intentionId: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});
const dreamsDesc = (n: number, userId = 1) => Array.from({ length: n }, (_, i) => dream(n - i, userId));

describe('RecentDreamsCache', () => {
  it('answers smaller limits from one read, and larger ones only when the list is complete', () => {
    const cache = new RecentDreamsCache(new HandFeed());
    cache.set(1, dreamsDesc(20), 20, cache.epoch);
    expect(cache.get(1, 3)?.map((d) => d.id)).toEqual([20, 19, 18]);
    expect(cache.get(1, 20)).toHaveLength(20);
    expect(cache.get(1, 21)).toBeUndefined();
    cache.set(2, dreamsDesc(4, 2), 20, cache.epoch);
    expect(cache.get(2, 100)).toHaveLength(4);
    expect(cache.get(3, 5)).toBeUndefined();
  });

  it('forgets a user on their announcement, and only that user', () => {
    const feed = new HandFeed();
    const cache = new RecentDreamsCache(feed);
    cache.set(1, dreamsDesc(5), 20, cache.epoch);
    cache.set(2, dreamsDesc(5, 2), 20, cache.epoch);
    feed.announce(CHANNELS.dreams, 'dreams:1');
    expect(cache.get(1, 5)).toBeUndefined();
    expect(cache.get(2, 5)).toHaveLength(5);
  });

  it('does not store a read that was in flight while an eviction happened', () => {
    const feed = new HandFeed();
    const cache = new RecentDreamsCache(feed);
    const epoch = cache.epoch; // the read starts
    feed.announce(CHANNELS.dreams, 'dreams:1'); // a write commits meanwhile
    cache.set(1, dreamsDesc(5), 20, epoch); // the read, possibly from before the write, returns
    expect(cache.get(1, 5)).toBeUndefined();
    cache.set(1, dreamsDesc(6), 20, cache.epoch);
    expect(cache.get(1, 5)).toHaveLength(5);
  });

  it('keeps a serialised answer per limit next to the rows, and forgets it with them', () => {
    const feed = new HandFeed();
    const cache = new RecentDreamsCache(feed);
    const epoch = cache.epoch;
    cache.set(1, dreamsDesc(5), 20, epoch);
    cache.setBody(1, 3, Buffer.from('[3]'), epoch);
    cache.setBody(1, 20, Buffer.from('[20]'), epoch);
    expect(cache.body(1, 3)?.toString()).toBe('[3]');
    expect(cache.body(1, 20)?.toString()).toBe('[20]');
    expect(cache.body(1, 5)).toBeUndefined();
    feed.announce(CHANNELS.dreams, 'dreams:1');
    expect(cache.body(1, 3)).toBeUndefined();
    // An answer made from rows read before that eviction is not kept.
    cache.set(1, dreamsDesc(5), 20, cache.epoch);
    cache.setBody(1, 3, Buffer.from('[stale]'), epoch);
    expect(cache.body(1, 3)).toBeUndefined();
  });

  it('answers nothing while the feed is down, and forgets everything when it drops', () => {
    const feed = new HandFeed();
    const cache = new RecentDreamsCache(feed);
    cache.set(1, dreamsDesc(5), 20, cache.epoch);
    feed.drop();
    expect(cache.get(1, 5)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set(1, dreamsDesc(5), 20, cache.epoch);
    expect(cache.size).toBe(0);
  });

  it('expires entries and keeps within its memory budget, least recently used first', () => {
    const cache = new RecentDreamsCache(new HandFeed(), 1000, 3 * 1500);
    const big = (userId: number) => [dream(1, userId, 'x'.repeat(600))]; // ≈ 1,400 bytes each
    cache.set(1, big(1), 20, cache.epoch);
    cache.set(2, big(2), 20, cache.epoch);
    cache.set(3, big(3), 20, cache.epoch);
    expect(cache.get(1, 1)).toHaveLength(1); // user 1 is now the most recently used
    cache.set(4, big(4), 20, cache.epoch); // over budget: user 2 goes
    expect(cache.get(2, 1)).toBeUndefined();
    expect([1, 3, 4].map((u) => cache.get(u, 1)?.length)).toEqual([1, 1, 1]);
    expect(cache.get(1, 1, Date.now() + 1001)).toBeUndefined();
  });
});
