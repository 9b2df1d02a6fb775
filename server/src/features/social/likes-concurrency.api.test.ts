import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem, LikeResult } from '@common/schemas/social';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { shareDream } from '../../../test/community';

let ctx: TestContext;
let likers: SignedInUser[];
let sharedDreamId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  const poster = await signUp(ctx.baseUrl);
  sharedDreamId = (await shareDream(poster.client)).sharedDream.id;
  likers = [];
  for (let i = 0; i < 10; i += 1) likers.push(await signUp(ctx.baseUrl));
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const firstLiker = (): SignedInUser => {
  const u = likers[0];
  if (!u) throw new Error('no likers');
  return u;
};

async function rowsPresent(): Promise<number> {
  const res = await ctx.db.$client.query<{ n: number }>(
    'select count(*)::int as n from dream_likes where shared_dream_id = $1',
    [sharedDreamId],
  );
  return res.rows[0]?.n ?? -1;
}

describe('likes under concurrency', () => {
  it('50 parallel toggles from 10 users end with likeCount equal to the rows present', async () => {
    // Each user toggles 5 times at once: serialised per user and dream, an odd count ends liked.
    const toggles = likers.flatMap((u) =>
      Array.from({ length: 5 }, () => u.client.post<LikeResult>('/api/social/like', { sharedDreamId })),
    );
    const answers = await Promise.all(toggles);
    for (const a of answers) expect(a.status).toBe(200);
    const rows = await rowsPresent();
    expect(rows).toBe(10);
    const detail = await firstLiker().client.get<FeedItem>(`/api/social/shared-dream/${sharedDreamId}`);
    expect(detail.body.likeCount).toBe(rows);
    expect(detail.body.userHasLiked).toBe(true);
    // Each user's five answers alternate: three say liked, two say unliked.
    for (const u of likers) {
      const mine = answers.filter((_a, i) => likers[Math.floor(i / 5)] === u).map((a) => a.body.liked);
      expect(mine.filter(Boolean)).toHaveLength(3);
    }
  });

  it('a double click that sets the state (liked: false twice at once) changes it once', async () => {
    const [a, b] = await Promise.all([
      firstLiker().client.post<LikeResult>('/api/social/like', { sharedDreamId, liked: false }),
      firstLiker().client.post<LikeResult>('/api/social/like', { sharedDreamId, liked: false }),
    ]);
    expect(a.body).toMatchObject({ liked: false });
    expect(b.body).toMatchObject({ liked: false, likeCount: 9 });
    expect(await rowsPresent()).toBe(9);
  });

  it('a like on a missing shared dream is 404 and adds nothing', async () => {
    const res = await firstLiker().client.post('/api/social/like', { sharedDreamId: 999_999 });
    expect(res.status).toBe(404);
    const bad = await firstLiker().client.post('/api/social/like', { sharedDreamId: 'x' });
    expect(bad.status).toBe(400);
  });
});
