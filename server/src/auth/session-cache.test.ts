import { describe, expect, it } from 'vitest';
import { HandFeed } from '../../test/hand-feed';
import { CHANNELS } from '../db/change-feed';
import type { UserRow } from '../db/schema';
import { SessionCache } from './session-cache';

const user = (id: number) => ({ id, username: `user${id}` }) as UserRow;
const later = () => new Date(Date.now() + 60_000);

describe('SessionCache', () => {
  it('evicts a session or every session of a user on announcement', () => {
    const feed = new HandFeed();
    const cache = new SessionCache(feed);
    cache.set('a', user(1), later(), cache.epoch);
    cache.set('b', user(1), later(), cache.epoch);
    cache.set('c', user(2), later(), cache.epoch);
    feed.announce(CHANNELS.auth, 'sid:a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(1);
    feed.announce(CHANNELS.auth, 'user:1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
  });

  it('does not store a lookup that was in flight while a session was deleted', () => {
    const feed = new HandFeed();
    const cache = new SessionCache(feed);
    const epoch = cache.epoch; // the lookup starts
    feed.announce(CHANNELS.auth, 'sid:a'); // logout commits meanwhile
    cache.set('a', user(1), later(), epoch); // the lookup, read before the logout, returns
    expect(cache.get('a')).toBeUndefined();
  });

  it('answers nothing while the feed is down, and never an expired session', () => {
    const feed = new HandFeed();
    const cache = new SessionCache(feed);
    cache.set('a', user(1), new Date(Date.now() - 1), cache.epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', user(1), later(), cache.epoch);
    feed.drop();
    expect(cache.get('b')).toBeUndefined();
  });
});
