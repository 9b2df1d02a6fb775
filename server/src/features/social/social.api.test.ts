import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { ReportedItem } from '@common/schemas/admin';
import type { CommentList, FeedItem, FeedResponse, SharedStatus } from '@common/schemas/social';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { addComment, recordDream, shareDream } from '../../../test/community';

let ctx: TestContext;
let admin: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let visitor: ApiClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUp(ctx.baseUrl);
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
  visitor = new ApiClient(ctx.baseUrl);
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const message = (body: unknown) => (body as { message: string }).message;

describe('sharing', () => {
  it('shares one of the user’s dreams once, reports its status and unshares it', async () => {
    const dreamId = await recordDream(alice.client);
    const before = await alice.client.get<SharedStatus>(`/api/social/dream/${dreamId}/shared-status`);
    expect(before.body).toEqual({ isShared: false, sharedDreamId: null });

    const res = await alice.client.post<FeedItem>('/api/social/share-dream', {
      dreamId,
      userId: 12345,
      title: '  Lantern boats  ',
      content: 'The sea was warm. <b>not bold</b>',
      interpretation: 'Boats as lights: guidance through the unknown.',
      tags: ['Sea', 'sea', ' flying '],
      isAnonymous: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.sharedDream).toMatchObject({
      title: 'Lantern boats',
      content: 'The sea was warm. <b>not bold</b>',
      interpretation: 'Boats as lights: guidance through the unknown.',
      tags: ['sea', 'flying'],
      isOwner: true,
    });
    expect(res.body.user?.username).toBe(alice.user.username);
    const status = await alice.client.get<SharedStatus>(`/api/social/dream/${dreamId}/shared-status`);
    expect(status.body).toEqual({ isShared: true, sharedDreamId: res.body.sharedDream.id });

    const again = await alice.client.post('/api/social/share-dream', { dreamId, title: 'x', content: 'y' });
    expect(again.status).toBe(409);
    expect(message(again.body)).toBe(MSG.alreadyShared);

    const removed = await alice.client.delete(`/api/social/shared-dream/${res.body.sharedDream.id}`);
    expect(removed.status).toBe(200);
    const after = await alice.client.get<SharedStatus>(`/api/social/dream/${dreamId}/shared-status`);
    expect(after.body).toEqual({ isShared: false, sharedDreamId: null });
  });

  it('refuses bad bodies with the spec’s messages and changes nothing', async () => {
    const dreamId = await recordDream(alice.client);
    const cases: [unknown, string][] = [
      [{ dreamId, title: '   ', content: 'c' }, MSG.titleRequired],
      [{ dreamId, title: 't', content: '' }, MSG.sharedContentRequired],
      [{ dreamId, title: 't', content: 'x'.repeat(20_001) }, MSG.sharedContentTooLong],
      [{ dreamId: 'one', title: 't', content: 'c' }, 'dreamId must be a number'],
      [{ dreamId, title: 't', content: 'c', isAnonymous: 'yes' }, 'isAnonymous must be true or false'],
    ];
    for (const [body, expected] of cases) {
      const res = await alice.client.post('/api/social/share-dream', body);
      expect(res.status).toBe(400);
      expect(message(res.body)).toContain(expected);
    }
    const status = await alice.client.get<SharedStatus>(`/api/social/dream/${dreamId}/shared-status`);
    expect(status.body.isShared).toBe(false);
    // Another user's dream is not theirs to share: 404 as if missing.
    const foreign = await bob.client.post('/api/social/share-dream', { dreamId, title: 't', content: 'c' });
    expect(foreign.status).toBe(404);
  });
});

describe('feed', () => {
  it('pages 10 at a time, newest first, with counts, readable by a visitor', async () => {
    const poster = await signUp(ctx.baseUrl);
    const mine: number[] = [];
    for (let i = 0; i < 12; i += 1)
      mine.push((await shareDream(poster.client, { title: `Page dream ${i}` })).sharedDream.id);
    const newest = mine[11] ?? 0;
    await addComment(bob.client, newest);
    await bob.client.post('/api/social/like', { sharedDreamId: newest });

    const first = await visitor.get<FeedResponse>('/api/social/dream-feed?page=1&limit=10');
    expect(first.status).toBe(200);
    expect(first.body.sharedDreams).toHaveLength(10);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 10));
    expect(first.body.sharedDreams[0]).toMatchObject({
      sharedDream: { id: mine[11], title: 'Page dream 11', isOwner: false },
      likeCount: 1,
      commentCount: 1,
      userHasLiked: false,
    });
    const asBob = await bob.client.get<FeedResponse>('/api/social/dream-feed?page=1&limit=10');
    expect(asBob.body.sharedDreams[0]?.userHasLiked).toBe(true);
    const second = await visitor.get<FeedResponse>('/api/social/dream-feed?page=2&limit=10');
    expect(second.body.sharedDreams[0]?.sharedDream.id).toBe(mine[1]);

    const own = await poster.client.get<FeedResponse>('/api/social/my-shared-dreams?page=2&limit=10');
    expect(own.body).toMatchObject({ total: 12, totalPages: 2, page: 2 });
    expect(own.body.sharedDreams.map((i) => i.sharedDream.id)).toEqual([mine[1], mine[0]]);

    for (const bad of ['page=0', 'limit=51', 'page=x']) {
      const res = await visitor.get(`/api/social/dream-feed?${bad}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('comments', () => {
  it('adds, lists and deletes comments; trims and refuses empty ones', async () => {
    const share = await shareDream(alice.client);
    const id = share.sharedDream.id;
    const empty = await bob.client.post('/api/social/comments', { sharedDreamId: id, content: '   ' });
    expect(empty.status).toBe(400);
    expect(message(empty.body)).toContain(MSG.commentEmpty);
    const c = await addComment(bob.client, id, { content: '  Beautiful  ' });
    expect(c.comment).toMatchObject({ content: 'Beautiful', isOwner: true, isAnonymous: false });
    const listed = await visitor.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(listed.body.comments.map((x) => x.comment.content)).toEqual(['Beautiful']);
    expect((await alice.client.delete(`/api/social/comments/${c.comment.id}`)).status).toBe(404);
    expect((await bob.client.delete(`/api/social/comments/${c.comment.id}`)).status).toBe(200);
    const gone = await visitor.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(gone.body.comments).toEqual([]);
    expect((await bob.client.post('/api/social/comments', { sharedDreamId: 999_999, content: 'x' })).status).toBe(404);
  });
});

describe('reports and moderation', () => {
  it('reports once per user, refuses one’s own item, hides at 3 reporters, and admins decide', async () => {
    const share = await shareDream(alice.client, { title: 'Reported dream' });
    const id = share.sharedDream.id;
    const own = await alice.client.post(`/api/social/report/dream/${id}`);
    expect(own.status).toBe(400);
    expect(message(own.body)).toBe(MSG.reportOwnDream);

    expect((await bob.client.post(`/api/social/report/dream/${id}`)).status).toBe(200);
    const twice = await bob.client.post(`/api/social/report/dream/${id}`);
    expect(twice.status).toBe(409);
    expect(message(twice.body)).toBe(MSG.alreadyReportedDream);
    // Reported by one user: still visible.
    expect((await visitor.get(`/api/social/shared-dream/${id}`)).status).toBe(200);

    const carol = await signUp(ctx.baseUrl);
    const dave = await signUp(ctx.baseUrl);
    await Promise.all([
      carol.client.post(`/api/social/report/dream/${id}`),
      dave.client.post(`/api/social/report/dream/${id}`),
    ]);
    // Three different reporters: hidden for everyone but its author and admins.
    expect((await visitor.get(`/api/social/shared-dream/${id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/social/shared-dream/${id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/social/shared-dream/${id}/comments`)).status).toBe(404);
    const feed = await visitor.get<FeedResponse>('/api/social/dream-feed?limit=50');
    expect(feed.body.sharedDreams.some((i) => i.sharedDream.id === id)).toBe(false);
    const authorView = await alice.client.get<FeedItem>(`/api/social/shared-dream/${id}`);
    expect(authorView.body.sharedDream.isHidden).toBe(true);
    expect((await admin.client.get(`/api/social/shared-dream/${id}`)).status).toBe(200);

    const listed = await admin.client.get<{ items: ReportedItem[] }>('/api/admin/reports');
    expect(listed.body.items.find((i) => i.kind === 'dream' && i.id === id)).toMatchObject({
      openReports: 3,
      isHidden: true,
      author: alice.user.username,
    });

    expect((await admin.client.post(`/api/admin/moderation/dream/${id}`, { action: 'restore' })).status).toBe(200);
    expect((await visitor.get(`/api/social/shared-dream/${id}`)).status).toBe(200);
    const after = await admin.client.get<{ items: ReportedItem[] }>('/api/admin/reports');
    expect(after.body.items.some((i) => i.kind === 'dream' && i.id === id)).toBe(false);

    expect((await admin.client.post(`/api/admin/moderation/dream/${id}`, { action: 'hide' })).status).toBe(200);
    expect((await visitor.get(`/api/social/shared-dream/${id}`)).status).toBe(404);
    const bad = await admin.client.post(`/api/admin/moderation/dream/${id}`, { action: 'burn' });
    expect(bad.status).toBe(400);
    expect((await admin.client.post(`/api/admin/moderation/dream/999999`, { action: 'hide' })).status).toBe(404);
  });

  it('reports comments; a hidden comment leaves the list and the count for others', async () => {
    const share = await shareDream(alice.client);
    const id = share.sharedDream.id;
    const c = await addComment(bob.client, id, { content: 'Rude words' });
    expect((await bob.client.post(`/api/social/report-comment/${c.comment.id}`)).status).toBe(400);
    expect((await alice.client.post(`/api/social/report-comment/${c.comment.id}`)).status).toBe(200);
    expect((await alice.client.post(`/api/social/report-comment/${c.comment.id}`)).status).toBe(409);
    const listed = await admin.client.get<{ items: ReportedItem[] }>('/api/admin/reports');
    expect(listed.body.items.find((i) => i.kind === 'comment' && i.id === c.comment.id)).toMatchObject({
      openReports: 1,
      isHidden: false,
      sharedDreamId: id,
    });
    await admin.client.post(`/api/admin/moderation/comment/${c.comment.id}`, { action: 'hide' });
    const forAlice = await alice.client.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(forAlice.body.comments).toEqual([]);
    expect((await alice.client.get<FeedItem>(`/api/social/shared-dream/${id}`)).body.commentCount).toBe(0);
    const forBob = await bob.client.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(forBob.body.comments[0]?.comment).toMatchObject({ isHidden: true, content: 'Rude words' });
    await admin.client.post(`/api/admin/moderation/comment/${c.comment.id}`, { action: 'dismiss' });
    const back = await alice.client.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(back.body.comments).toHaveLength(1);
  });
});
