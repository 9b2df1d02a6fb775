import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import type { Dream } from '@common/schemas/dreams';
import type { Interpretation } from '@common/schemas/interpretations';
import { dreams } from '../../db/schema';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;

const dreamCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(dreams))[0]?.n ?? -1;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await startTestApp();
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function record(user: SignedInUser, overrides: Record<string, unknown> = {}): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', {
    title: 'The glass staircase',
    narrative: 'A staircase of glass rose out of the sea and I climbed it without fear.',
    date: '2026-03-02T12:00:00.000Z',
    tags: ['stairs'],
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('updatedAt: when a dream last changed', () => {
  it('starts at the creation time and moves on a real edit only', async () => {
    const dream = await record(alice);
    expect(dream.updatedAt).toBe(dream.createdAt);

    // The same values again, or only fields that are not content, leave it where it was.
    await pause(20);
    const same = await alice.client.patch<Dream>(`/api/dreams/${dream.id}`, {
      title: dream.title,
      narrative: dream.narrative,
      date: dream.date,
      tags: ['Stairs'],
    });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(dream.updatedAt);
    expect((await alice.client.patch<Dream>(`/api/dreams/${dream.id}`, {})).body.updatedAt).toBe(dream.updatedAt);

    let last = dream.updatedAt;
    for (const change of [
      { title: 'The glass staircase, again' },
      { narrative: 'The staircase was made of ice this time.' },
      { date: '2026-03-01T12:00:00.000Z' },
      { timePeriod: 'recurring' },
      { tags: ['stairs', 'ice'] },
    ]) {
      await pause(20);
      const edited = await alice.client.patch<Dream>(`/api/dreams/${dream.id}`, change);
      expect(edited.status, JSON.stringify(change)).toBe(200);
      expect(new Date(edited.body.updatedAt).getTime(), JSON.stringify(change)).toBeGreaterThan(
        new Date(last).getTime(),
      );
      expect(edited.body.createdAt).toBe(dream.createdAt);
      last = edited.body.updatedAt;
    }
    const read = await alice.client.get<Dream>(`/api/dreams/${dream.id}`);
    expect(read.body.updatedAt).toBe(last);
    expect((await alice.client.get<Dream[]>('/api/dreams/recent?limit=1')).body[0]?.updatedAt).toBe(last);
    const found = await alice.client.get<{ results: Array<{ dream: Dream }> }>('/api/dreams/search?q=ice');
    expect(found.body.results.find((r) => r.dream.id === dream.id)?.dream.updatedAt).toBe(last);
  });

  it('is not moved by a refused edit or by another user', async () => {
    const dream = await record(alice, { title: 'Owl at the window' });
    await pause(20);
    expect((await bob.client.patch(`/api/dreams/${dream.id}`, { title: 'Taken' })).status).toBe(404);
    expect((await alice.client.patch(`/api/dreams/${dream.id}`, { title: '' })).status).toBe(400);
    expect((await alice.client.get<Dream>(`/api/dreams/${dream.id}`)).body.updatedAt).toBe(dream.updatedAt);
  });

  it('tells a reading written before the last edit from one written after it', async () => {
    const dream = await record(alice, { title: 'Snake in the garden', narrative: 'A snake crossed the garden path.' });
    const first = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(first.status).toBe(201);
    const fresh = await alice.client.get<Dream>(`/api/dreams/${dream.id}`);
    expect(new Date(first.body.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(fresh.body.updatedAt).getTime());

    await pause(20);
    const edited = await alice.client.patch<Dream>(`/api/dreams/${dream.id}`, {
      narrative: 'A snake crossed the garden path and turned into a river.',
    });
    expect(new Date(first.body.createdAt).getTime()).toBeLessThan(new Date(edited.body.updatedAt).getTime());

    const second = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(new Date(second.body.createdAt).getTime()).toBeGreaterThan(new Date(edited.body.updatedAt).getTime());
    const history = await alice.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(history.body.map((r) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(history.body[1]?.content).toBe(first.body.content);
    expect((await bob.client.get(`/api/interpretations/dream/${dream.id}/history`)).status).toBe(404);
  });
});

describe('tag limits', () => {
  it('refuses a tag over the length limit or one tag too many with the same message the form shows', async () => {
    const before = await dreamCount();
    const tooLong = 'x'.repeat(LIMITS.tags.maxLength + 1);
    const tooMany = Array.from({ length: LIMITS.tags.maxCount + 1 }, (_, i) => `tag${i}`);
    for (const [tags, message] of [
      [[tooLong], MSG.tagTooLong],
      [['fine', 'y'.repeat(500)], MSG.tagTooLong],
      [tooMany, MSG.tooManyTags],
      [Array.from({ length: 200 }, (_, i) => `t${i}`), MSG.tooManyTags],
    ] as const) {
      const res = await alice.client.post('/api/dreams', {
        title: 'Tagged',
        narrative: 'A dream with tags.',
        tags,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await dreamCount()).toBe(before);

    const dream = await record(alice, { tags: ['keep'] });
    const patched = await alice.client.patch(`/api/dreams/${dream.id}`, { tags: tooMany });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe(MSG.tooManyTags);
    expect((await alice.client.get<Dream>(`/api/dreams/${dream.id}`)).body.tags).toEqual(['keep']);

    // Exactly at the limits is fine; 21 entries that collapse to 20 distinct tags are too.
    const atLimit = Array.from({ length: LIMITS.tags.maxCount }, (_, i) => `${'z'.repeat(38)}${i}`.slice(-40));
    expect((await alice.client.patch(`/api/dreams/${dream.id}`, { tags: atLimit })).status).toBe(200);
    expect(
      (await alice.client.patch(`/api/dreams/${dream.id}`, { tags: [...atLimit, 'Z'.repeat(38) + '0'] })).status,
    ).toBe(200);
  });
});
