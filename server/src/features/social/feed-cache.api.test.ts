import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem, FeedResponse } from '@common/schemas/social';
import { dreamComments, dreamLikes, sharedDreams, users } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { addComment, recordDream, shareDream } from '../../../test/community';

/**
 * The community feed is answered from a per-process cache (feed-cache.ts). These tests read a page,
 * read it again (from memory), change something and read once more: the change must show at once when
 * this process made it, and once PostgreSQL announces it when someone else did.
 */

let ctx: TestContext;
let admin: SignedInUser;
let visitor: ApiClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUp(ctx.baseUrl);
  visitor = new ApiClient(ctx.baseUrl);
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const TRIGGERS = [
  ['shared_dreams', 'shared_dreams_changed_notify'],
  ['dream_likes', 'dream_likes_changed_notify'],
  ['dream_comments', 'dream_comments_changed_notify'],
  ['users', 'users_changed_notify'],
  ['dreams', 'dreams_changed_notify'],
] as const;

/**
 * Runs `body` with the announcing triggers off, so the only evictions are the ones this process
 * makes for its own writes (what another process would hear later must not be what makes these pass).
 */
async function withoutAnnouncements(body: () => Promise<void>): Promise<void> {
  for (const [table, trigger] of TRIGGERS)
    await ctx.db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    await body();
  } finally {
    for (const [table, trigger] of TRIGGERS)
      await ctx.db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
}

async function page(client: ApiClient, n = 1): Promise<FeedResponse> {
  const res = await client.get<FeedResponse>(`/api/social/dream-feed?page=${n}&limit=10`);
  expect(res.status).toBe(200);
  return res.body;
}

const itemOf = (feed: FeedResponse, id: number): FeedItem | undefined =>
  feed.sharedDreams.find((i) => i.sharedDream.id === id);

/** Reads the page twice, so the second answer (and the next) come from the cache. */
async function warm(...clients: ApiClient[]): Promise<void> {
  for (const client of clients) {
    await page(client);
    await page(client);
  }
}

describe('community feed cache', () => {
  it('answers from memory: a change that no one announces is not seen', async () => {
    const poster = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Quiet change' });
    await warm(visitor);
    await withoutAnnouncements(async () => {
      await ctx.db
        .update(sharedDreams)
        .set({ title: 'Renamed unannounced' })
        .where(eq(sharedDreams.id, share.sharedDream.id));
      expect(itemOf(await page(visitor), share.sharedDream.id)?.sharedDream.title).toBe('Quiet change');
    });
    // The next announced change evicts the page.
    await ctx.db.update(sharedDreams).set({ title: 'Renamed aloud' }).where(eq(sharedDreams.id, share.sharedDream.id));
    await expect
      .poll(async () => itemOf(await page(visitor), share.sharedDream.id)?.sharedDream.title, { timeout: 2000 })
      .toBe('Renamed aloud');
  });

  it('shows the process’s own writes in the very next request (likes, comments, shares, deletions)', async () => {
    const poster = await signUp(ctx.baseUrl);
    const fan = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Counted at once' });
    const id = share.sharedDream.id;
    await warm(visitor, fan.client, poster.client);
    await withoutAnnouncements(async () => {
      const liked = await fan.client.post('/api/social/like', { sharedDreamId: id });
      expect(liked.body).toMatchObject({ liked: true, likeCount: 1 });
      expect(itemOf(await page(visitor), id)).toMatchObject({ likeCount: 1, userHasLiked: false });
      expect(itemOf(await page(fan.client), id)).toMatchObject({ likeCount: 1, userHasLiked: true });
      expect(itemOf(await page(poster.client), id)).toMatchObject({ likeCount: 1, userHasLiked: false });

      await fan.client.post('/api/social/like', { sharedDreamId: id });
      expect(itemOf(await page(fan.client), id)).toMatchObject({ likeCount: 0, userHasLiked: false });

      const comment = await addComment(fan.client, id);
      expect(itemOf(await page(visitor), id)?.commentCount).toBe(1);
      expect((await fan.client.delete(`/api/social/comments/${comment.comment.id}`)).status).toBe(200);
      expect(itemOf(await page(visitor), id)?.commentCount).toBe(0);

      const newer = await shareDream(poster.client, { title: 'Newest at once' });
      expect((await page(visitor)).sharedDreams[0]?.sharedDream.id).toBe(newer.sharedDream.id);
      expect((await poster.client.delete(`/api/social/shared-dream/${newer.sharedDream.id}`)).status).toBe(200);
      expect(itemOf(await page(visitor), newer.sharedDream.id)).toBeUndefined();

      // Deleting the dream takes its share with it (foreign key).
      const dreamId = await recordDream(poster.client);
      const third = await shareDream(poster.client, { dreamId, title: 'Dream deleted' });
      expect(itemOf(await page(visitor), third.sharedDream.id)).toBeDefined();
      expect((await poster.client.delete(`/api/dreams/${dreamId}`)).status).toBe(200);
      expect(itemOf(await page(visitor), third.sharedDream.id)).toBeUndefined();
    });
  });

  it('shows a renamed poster and drops a deleted user’s share and likes at once', async () => {
    const poster = await signUp(ctx.baseUrl);
    const liker = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Poster renamed' });
    const id = share.sharedDream.id;
    await liker.client.post('/api/social/like', { sharedDreamId: id });
    await warm(visitor);
    await withoutAnnouncements(async () => {
      const renamed = `${poster.user.username.slice(0, 20)}_r`;
      const changed = await admin.client.patch(`/api/admin/users/${poster.user.id}`, { username: renamed });
      expect(changed.status).toBe(200);
      expect(itemOf(await page(visitor), id)?.user?.username).toBe(renamed);

      expect(itemOf(await page(visitor), id)?.likeCount).toBe(1);
      expect((await admin.client.delete(`/api/admin/users/${liker.user.id}`)).status).toBe(200);
      expect(itemOf(await page(visitor), id)?.likeCount).toBe(0);
      expect((await admin.client.delete(`/api/admin/users/${poster.user.id}`)).status).toBe(200);
      expect(itemOf(await page(visitor), id)).toBeUndefined();
    });
  });

  it('sees writes made directly in SQL (as another process would) once PostgreSQL announces them', async () => {
    const poster = await signUp(ctx.baseUrl);
    const fan = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Written elsewhere' });
    const id = share.sharedDream.id;
    await warm(visitor, fan.client);

    await ctx.db.insert(dreamLikes).values({ userId: fan.user.id, sharedDreamId: id });
    await expect.poll(async () => itemOf(await page(visitor), id)?.likeCount, { timeout: 2000 }).toBe(1);
    await expect.poll(async () => itemOf(await page(fan.client), id)?.userHasLiked, { timeout: 2000 }).toBe(true);

    await ctx.db.insert(dreamComments).values({ sharedDreamId: id, userId: fan.user.id, content: 'From SQL' });
    await expect.poll(async () => itemOf(await page(visitor), id)?.commentCount, { timeout: 2000 }).toBe(1);

    await ctx.db.update(sharedDreams).set({ isHidden: true }).where(eq(sharedDreams.id, id));
    await expect.poll(async () => itemOf(await page(visitor), id), { timeout: 2000 }).toBeUndefined();
    await expect.poll(async () => itemOf(await page(fan.client), id), { timeout: 2000 }).toBeUndefined();

    await ctx.db.update(sharedDreams).set({ isHidden: false }).where(eq(sharedDreams.id, id));
    await expect.poll(async () => itemOf(await page(visitor), id)?.likeCount, { timeout: 2000 }).toBe(1);
    await ctx.db.delete(users).where(eq(users.id, poster.user.id));
    await expect.poll(async () => itemOf(await page(visitor), id), { timeout: 2000 }).toBeUndefined();
  });

  it('hides a moderated or auto-hidden item at once, except from its author and admins', async () => {
    const poster = await signUp(ctx.baseUrl);
    const firstReporter = await signUp(ctx.baseUrl);
    const reporters = [firstReporter, await signUp(ctx.baseUrl), await signUp(ctx.baseUrl)];
    const moderated = await shareDream(poster.client, { title: 'Hidden by an admin' });
    const reported = await shareDream(poster.client, { title: 'Hidden by reports' });
    await warm(visitor, firstReporter.client, poster.client);
    const before = (await page(visitor)).total;
    await withoutAnnouncements(async () => {
      const hide = await admin.client.post(`/api/admin/moderation/dream/${moderated.sharedDream.id}`, {
        action: 'hide',
      });
      expect(hide.status).toBe(200);
      expect(itemOf(await page(visitor), moderated.sharedDream.id)).toBeUndefined();
      expect(itemOf(await page(firstReporter.client), moderated.sharedDream.id)).toBeUndefined();
      expect((await page(visitor)).total).toBe(before - 1);
      // Its author still sees it (their feed is not the public one), and so do admins.
      expect(itemOf(await page(poster.client), moderated.sharedDream.id)?.sharedDream.isHidden).toBe(true);
      expect(itemOf(await page(admin.client), moderated.sharedDream.id)?.sharedDream.isHidden).toBe(true);

      for (const r of reporters) {
        expect((await r.client.post(`/api/social/report/dream/${reported.sharedDream.id}`)).status).toBe(200);
      }
      expect(itemOf(await page(visitor), reported.sharedDream.id)).toBeUndefined();
      expect((await page(visitor)).total).toBe(before - 2);

      const restore = await admin.client.post(`/api/admin/moderation/dream/${moderated.sharedDream.id}`, {
        action: 'restore',
      });
      expect(restore.status).toBe(200);
      expect(itemOf(await page(visitor), moderated.sharedDream.id)?.sharedDream.isHidden).toBe(false);
    });
  });

  it('counts a reader’s own hidden comment for them only', async () => {
    const poster = await signUp(ctx.baseUrl);
    const commenter = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Hidden comment' });
    const id = share.sharedDream.id;
    const comment = await addComment(commenter.client, id);
    await warm(visitor, commenter.client);
    await withoutAnnouncements(async () => {
      const hide = await admin.client.post(`/api/admin/moderation/comment/${comment.comment.id}`, { action: 'hide' });
      expect(hide.status).toBe(200);
      expect(itemOf(await page(visitor), id)?.commentCount).toBe(0);
      expect(itemOf(await page(commenter.client), id)?.commentCount).toBe(1);
      expect(itemOf(await page(admin.client), id)?.commentCount).toBe(1);
    });
  });

  it('never lets an anonymous poster’s identity out of the cache to another reader', async () => {
    const poster = await signUp(ctx.baseUrl);
    const other = await signUp(ctx.baseUrl);
    const share = await shareDream(poster.client, { title: 'Anonymous and cached', isAnonymous: true });
    const id = share.sharedDream.id;
    const leaks = (feed: FeedResponse) => {
      const text = JSON.stringify(feed);
      return text.includes(poster.user.username) || itemOf(feed, id)?.user !== null;
    };
    // The poster reads first, so the page is cached from a read that saw their identity.
    for (let i = 0; i < 2; i++) {
      const own = itemOf(await page(poster.client), id);
      expect(own?.user?.username).toBe(poster.user.username);
      expect(own?.sharedDream.isOwner).toBe(true);
    }
    for (let i = 0; i < 2; i++) {
      expect(leaks(await page(visitor))).toBe(false);
      expect(leaks(await page(other.client))).toBe(false);
    }
    // And the other way round: the visitor's serialised answer is never the poster's.
    await ctx.db
      .update(sharedDreams)
      .set({ title: 'Anonymous, read by a visitor first' })
      .where(eq(sharedDreams.id, id));
    await expect
      .poll(async () => itemOf(await page(visitor), id)?.sharedDream.title, { timeout: 2000 })
      .toBe('Anonymous, read by a visitor first');
    await page(visitor);
    const own = itemOf(await page(poster.client), id);
    expect(own).toMatchObject({ user: { username: poster.user.username }, sharedDream: { isOwner: true } });
    expect(itemOf(await page(admin.client), id)?.user?.id).toBe(poster.user.id);
    expect(leaks(await page(other.client))).toBe(false);
  });
});
