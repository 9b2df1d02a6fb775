import { LIST_SIZES } from '@common/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import { startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';
import { fillAnalyses, INLINE_READS } from './analyses';

/**
 * Dream signs over the whole journal: a request reads a bounded few unread dreams and answers from
 * stored analyses; the rest are read in the background and join the next answer.
 */

const engine = lazyEngine();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

interface SignsBody {
  analysedDreams: number;
  pending: number;
  signs: Array<{ key: string; count: number; dreamIds: number[] }>;
}

async function record(user: SignedInUser, title: string, narrative: string): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', { title, narrative, tags: [] });
  expect(res.status).toBe(201);
  return res.body;
}

describe('dream signs at scale', () => {
  it('answers at once from what is stored and completes the rest in the background', async () => {
    const user = await signUp(ctx.baseUrl);
    const other = await signUp(ctx.baseUrl);
    const total = INLINE_READS + 5;
    const ids: number[] = [];
    for (let i = 0; i < total; i++)
      ids.push((await record(user, `Staircase ${i}`, `I climbed a spiral staircase for the ${i + 1}th time.`)).id);
    await record(other, 'Staircase elsewhere', 'A staircase in a stranger’s house.');

    const first = await user.client.get<SignsBody>('/api/analytics/dream-signs');
    expect(first.status).toBe(200);
    expect(first.body.analysedDreams).toBe(INLINE_READS);
    expect(first.body.pending).toBeGreaterThan(0);
    expect(first.body.pending).toBeLessThanOrEqual(total - INLINE_READS);
    expect(first.body.signs.find((s) => s.key === 'staircase')?.count).toBe(INLINE_READS);

    await fillAnalyses(ctx.db, engine, user.user.id);
    const later = await user.client.get<SignsBody>('/api/analytics/dream-signs');
    expect(later.body).toMatchObject({ analysedDreams: total, pending: 0 });
    const staircase = later.body.signs.find((s) => s.key === 'staircase');
    expect(staircase?.count).toBe(total);
    // Newest first (recorded in this order, no dream dates), at most the links a sign shows.
    expect(staircase?.dreamIds).toEqual([...ids].reverse().slice(0, LIST_SIZES.dreamSignLinks));
  }, 120_000);
});
