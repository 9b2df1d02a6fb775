import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopTag } from '@common/schemas/analytics';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function record(user: SignedInUser, tags: string[]) {
  const res = await user.client.post('/api/dreams', { title: 'Tagged dream', narrative: 'Something happened.', tags });
  expect(res.status).toBe(201);
}

describe('top tags', () => {
  it('counts the user’s own tags, most used first, default 5, limit bounded', async () => {
    const alice = await signUp(ctx.baseUrl);
    const bob = await signUp(ctx.baseUrl);
    expect((await alice.client.get<TopTag[]>('/api/analytics/top-tags')).body).toEqual([]);

    await record(alice, ['water', 'Flying']);
    await record(alice, ['water', 'teeth']);
    await record(alice, ['water', 'flying', 'house']);
    await record(alice, ['school', 'house']);
    await record(alice, ['mother']);
    await record(alice, ['exam']);
    for (let i = 0; i < 5; i++) await record(bob, ['zebra', 'water']);

    const top = await alice.client.get<TopTag[]>('/api/analytics/top-tags');
    expect(top.status).toBe(200);
    expect(top.body).toHaveLength(5);
    // Ties go alphabetically.
    expect(top.body).toEqual([
      { tag: 'water', count: 3 },
      { tag: 'flying', count: 2 },
      { tag: 'house', count: 2 },
      { tag: 'exam', count: 1 },
      { tag: 'mother', count: 1 },
    ]);
    expect(top.body.map((t) => t.tag)).not.toContain('zebra');

    const two = await alice.client.get<TopTag[]>('/api/analytics/top-tags?limit=2');
    expect(two.body.map((t) => t.tag)).toEqual(['water', 'flying']);
    expect((await alice.client.get<TopTag[]>('/api/analytics/top-tags?limit=50')).body).toHaveLength(7);
    expect((await bob.client.get<TopTag[]>('/api/analytics/top-tags?limit=3')).body).toEqual([
      { tag: 'water', count: 5 },
      { tag: 'zebra', count: 5 },
    ]);
  });

  it('answers 400 for a bad limit and 401 for a visitor', async () => {
    const user = await signUp(ctx.baseUrl);
    for (const limit of ['0', '51', 'abc', '2.5', '-1']) {
      const res = await user.client.get<{ message: string }>(`/api/analytics/top-tags?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.message, limit).toMatch(/limit/);
    }
    expect((await new ApiClient(ctx.baseUrl).get('/api/analytics/top-tags')).status).toBe(401);
  });
});
