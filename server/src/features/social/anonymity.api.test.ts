import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentList, FeedItem, FeedResponse } from '@common/schemas/social';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { addComment, shareDream } from '../../../test/community';

/**
 * An anonymous share or comment exposes nothing of its poster — username, user id, avatar — in any
 * JSON answer another user or a visitor sees. Its author and admins still see who wrote it.
 */

let ctx: TestContext;
let admin: SignedInUser;
let poster: SignedInUser;
let reader: SignedInUser;
let visitor: ApiClient;
let anonymousShare: FeedItem;
let anonymousCommentId: number;

/** The poster's distinctive values: none may appear anywhere in the text of an answer. */
function identityOf(user: SignedInUser): string[] {
  return [user.user.username, user.user.email, '#C0FFEE'];
}

/** Every place in an answer that names a user by id (a `user` object's id, a `userId`, a `posterId`). */
function userIdsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => userIdsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'userId' || key === 'posterId') && typeof v === 'number') found.push(v);
      if (key === 'user' && v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number') {
        found.push((v as { id: number }).id);
      }
      userIdsIn(v, found);
    }
  }
  return found;
}

function expectNoTraceOf(user: SignedInUser, body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of identityOf(user)) expect(text).not.toContain(secret);
  expect(userIdsIn(body)).not.toContain(user.user.id);
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUp(ctx.baseUrl);
  poster = await signUp(ctx.baseUrl, { username: `secret_poster_${Date.now() % 100000}` });
  reader = await signUp(ctx.baseUrl);
  visitor = new ApiClient(ctx.baseUrl);
  // A distinctive avatar colour, so a leaked avatar would be found in the text.
  await ctx.db.$client.query(`update users set avatar_color = '#C0FFEE' where id = $1`, [poster.user.id]);
  anonymousShare = await shareDream(poster.client, { isAnonymous: true, title: 'A masked dream' });
  const comment = await addComment(poster.client, anonymousShare.sharedDream.id, {
    isAnonymous: true,
    content: 'Written behind a mask',
  });
  anonymousCommentId = comment.comment.id;
  // Another comment under the reader's name on the same dream, and the poster's anonymous comment on
  // the reader's own share: every list holds both kinds.
  await addComment(reader.client, anonymousShare.sharedDream.id, { content: 'Signed by me' });
  const readersShare = await shareDream(reader.client, { title: 'The reader’s own dream' });
  await addComment(poster.client, readersShare.sharedDream.id, { isAnonymous: true, content: 'Masked again' });
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('anonymous shares and comments', () => {
  it('never show the poster to another user or a visitor, in any answer', async () => {
    const id = anonymousShare.sharedDream.id;
    for (const client of [reader.client, visitor]) {
      const answers = [
        await client.get<FeedResponse>('/api/social/dream-feed?page=1&limit=10'),
        await client.get<FeedItem>(`/api/social/shared-dream/${id}`),
        await client.get<CommentList>(`/api/social/shared-dream/${id}/comments`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(200);
        expectNoTraceOf(poster, res.body);
      }
      const feed = answers[0]?.body as FeedResponse;
      const item = feed.sharedDreams.find((i) => i.sharedDream.id === id);
      expect(item?.user).toBeNull();
      expect(item?.sharedDream.isAnonymous).toBe(true);
      const comments = (answers[2]?.body as CommentList).comments;
      expect(comments.find((c) => c.comment.id === anonymousCommentId)?.user).toBeNull();
      // The signed comment beside it does name its author: the test would see a leak.
      expect(comments.some((c) => c.user?.username === reader.user.username)).toBe(true);
    }
    // The reader's own shares list: the poster's anonymous comment there stays anonymous too.
    const mine = await reader.client.get<FeedResponse>('/api/social/my-shared-dreams');
    const ownId = mine.body.sharedDreams[0]?.sharedDream.id;
    const ownComments = await reader.client.get<CommentList>(`/api/social/shared-dream/${ownId}/comments`);
    expectNoTraceOf(poster, ownComments.body);
    expectNoTraceOf(poster, mine.body);
    // The checks can fail: the poster's own view of the same answers does carry the identity.
    const posterView = await poster.client.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
    expect(userIdsIn(posterView.body)).toContain(poster.user.id);
    expect(JSON.stringify(posterView.body)).toContain(poster.user.username);
  });

  it('show the poster to the poster and to admins', async () => {
    const id = anonymousShare.sharedDream.id;
    for (const client of [poster.client, admin.client]) {
      const detail = await client.get<FeedItem>(`/api/social/shared-dream/${id}`);
      expect(detail.body.user?.username).toBe(poster.user.username);
      const comments = await client.get<CommentList>(`/api/social/shared-dream/${id}/comments`);
      expect(comments.body.comments.find((c) => c.comment.id === anonymousCommentId)?.user?.id).toBe(poster.user.id);
    }
    const own = await poster.client.get<FeedItem>(`/api/social/shared-dream/${id}`);
    expect(own.body.sharedDream.isOwner).toBe(true);
  });
});
