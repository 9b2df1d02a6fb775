import { describe, expect, it } from 'vitest';
import { HandFeed } from '../../../test/hand-feed';
import { CHANNELS } from '../../db/change-feed';
import { SocialFeedCache } from './feed-cache';
import type { FeedRow } from './presenter';

const row = (id: number, userId = 1): FeedRow => ({
  id,
  userId,
  title: `Shared ${id}`,
  content: 'The boats were lanterns.',
  interpretation: null,
  tags: [],
  createdAt: new Date(0),
  isAnonymous: false,
  isHidden: false,
  likeCount: 0,
  commentCount: 0,
  userHasLiked: false,
  posterId: userId,
  username: `user${userId}`,
  avatarColor: '#000000',
  avatarElement: 'water',
  avatarSymbol: 'moon',
  hairColor: '#000000',
  eyeColor: '#000000',
  profileImageUrl: null,
});

/** A page reader that counts its reads; `during` runs while the read is in flight. */
function reader(rows: FeedRow[], during?: () => void) {
  const calls = { n: 0 };
  const read = async () => {
    calls.n++;
    during?.();
    return { rows, total: rows.length };
  };
  return { read, calls };
}

describe('SocialFeedCache', () => {
  it('keeps a page until a like or comment on one of its dreams, or any share change, is announced', async () => {
    const feed = new HandFeed();
    const cache = new SocialFeedCache(feed);
    const first = reader([row(10), row(9)]);
    const second = reader([row(8), row(7)]);
    await cache.page(1, 2, first.read);
    await cache.page(2, 2, second.read);
    await cache.page(1, 2, first.read);
    await cache.page(2, 2, second.read);
    expect([first.calls.n, second.calls.n]).toEqual([1, 1]);

    feed.announce(CHANNELS.social, 'like:9:5'); // on page 1 only
    await cache.page(1, 2, first.read);
    await cache.page(2, 2, second.read);
    expect([first.calls.n, second.calls.n]).toEqual([2, 1]);

    feed.announce(CHANNELS.social, 'comment:7:5');
    await cache.page(2, 2, second.read);
    expect(second.calls.n).toBe(2);

    feed.announce(CHANNELS.social, 'share:3'); // a share added or removed anywhere moves every page
    await cache.page(1, 2, first.read);
    await cache.page(2, 2, second.read);
    expect([first.calls.n, second.calls.n]).toEqual([3, 3]);

    feed.announce(CHANNELS.auth, 'user:5'); // a deleted user's likes and comments may be on any page
    await cache.page(1, 2, first.read);
    expect(first.calls.n).toBe(4);
  });

  it('does not store a page or a reader read while an eviction happened', async () => {
    const feed = new HandFeed();
    const cache = new SocialFeedCache(feed);
    const racing = reader([row(10)], () => feed.announce(CHANNELS.social, 'like:10:2'));
    await cache.page(1, 10, racing.read);
    await cache.page(1, 10, racing.read);
    expect(racing.calls.n).toBe(2);

    let reads = 0;
    const readState = async () => {
      reads++;
      if (reads === 1) feed.announce(CHANNELS.social, 'like:10:2');
      return { liked: new Set<number>(), hasHiddenItems: false };
    };
    await cache.reader(2, readState);
    await cache.reader(2, readState);
    await cache.reader(2, readState);
    expect(reads).toBe(2);
  });

  it('forgets a reader’s likes on their own like, comment, share or account change only', async () => {
    const feed = new HandFeed();
    const cache = new SocialFeedCache(feed);
    const reads = new Map<number, number>();
    const state = (userId: number) => async () => {
      reads.set(userId, (reads.get(userId) ?? 0) + 1);
      return { liked: new Set<number>(), hasHiddenItems: false };
    };
    for (const payload of ['like:10:2', 'comment:10:2', 'share:2']) {
      await cache.reader(2, state(2));
      await cache.reader(3, state(3));
      feed.announce(CHANNELS.social, payload);
    }
    await cache.reader(2, state(2));
    await cache.reader(3, state(3));
    feed.announce(CHANNELS.auth, 'user:2');
    await cache.reader(2, state(2));
    await cache.reader(3, state(3));
    expect(reads.get(2)).toBe(5);
    expect(reads.get(3)).toBe(1);
  });

  it('keeps the serialised answer with its page and drops it when the page goes', async () => {
    const feed = new HandFeed();
    const cache = new SocialFeedCache(feed);
    const first = reader([row(10)]);
    const got = await cache.page(1, 10, first.read);
    expect(got.page.body).toBeUndefined();
    got.keepBody(Buffer.from('{"page":1}'));
    expect((await cache.page(1, 10, first.read)).page.body?.toString()).toBe('{"page":1}');
    // A body made from a page read before an eviction is not kept.
    const stale = await cache.page(1, 10, first.read);
    feed.announce(CHANNELS.social, 'like:99:1'); // not on this page: the page stays, the epoch moves
    const kept = await cache.page(1, 10, first.read);
    expect(kept.page.body?.toString()).toBe('{"page":1}');
    feed.announce(CHANNELS.social, 'like:10:1');
    const fresh = await cache.page(1, 10, first.read);
    expect(fresh.page.body).toBeUndefined();
    stale.keepBody(Buffer.from('{"stale":true}'));
    expect((await cache.page(1, 10, first.read)).page.body).toBeUndefined();
    fresh.keepBody(Buffer.from('{"fresh":true}'));
    expect((await cache.page(1, 10, first.read)).page.body?.toString()).toBe('{"fresh":true}');
  });
});
