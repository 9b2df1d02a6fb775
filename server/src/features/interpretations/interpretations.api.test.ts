import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Interpretation, RecentInterpretation } from '@common/schemas/interpretations';
import { interpretations } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';
import { seedDictionary } from '../symbols/service';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
const engine = lazyEngine();

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
  await seedDictionary(ctx.db, engine);
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const readingCount = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(interpretations))[0]?.n ?? -1;

async function record(user: SignedInUser, title: string, narrative: string, tags: string[] = []): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', { title, narrative, tags });
  expect(res.status).toBe(201);
  return res.body;
}

describe('interpretations', () => {
  it('generates a reading about the dream, regenerates a different one, and keeps the history', async () => {
    const dream = await record(
      alice,
      'Snake in the garden',
      'A green snake slid through my grandmother’s garden. I was frightened at first, then I followed it to a hidden door.',
    );
    expect((await alice.client.get(`/api/interpretations/dream/${dream.id}`)).body).toBeNull();

    const first = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(first.status).toBe(201);
    expect(first.body.dreamId).toBe(dream.id);
    const paragraphs = first.body.content.split(/\n\s*\n/);
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(paragraphs.length).toBeLessThanOrEqual(7);
    expect(first.body.content.toLowerCase()).toContain('snake');
    expect(first.body.content.toLowerCase()).toContain('garden');

    const second = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(second.body.content).not.toBe(first.body.content);
    expect(second.body.content.toLowerCase()).toContain('snake');

    const latest = await alice.client.get<Interpretation>(`/api/interpretations/dream/${dream.id}`);
    expect(latest.body.id).toBe(second.body.id);
    const history = await alice.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(history.body.map((h) => h.id)).toEqual([second.body.id, first.body.id]);

    const recent = await alice.client.get<RecentInterpretation>('/api/interpretations/recent');
    expect(recent.body).toMatchObject({
      interpretation: { id: second.body.id },
      dream: { id: dream.id, title: 'Snake in the garden' },
    });
  });

  it('gives two different dreams different readings', async () => {
    const a = await record(
      alice,
      'Flying over the city',
      'I flew over the city at night and the streets were rivers of light.',
    );
    const b = await record(
      alice,
      'Exam in the basement',
      'I was late for an exam held in the basement of my old school and had not studied.',
    );
    const ra = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: a.id });
    const rb = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: b.id });
    expect(ra.body.content).not.toBe(rb.body.content);
    expect(rb.body.content.toLowerCase()).toMatch(/exam|school|basement/);
  });

  it('answers 404 for another user’s dream and 400/401 for bad requests, changing nothing', async () => {
    const dream = await record(alice, 'Private moon', 'A moon rose out of my teacup.');
    const before = await readingCount();
    expect((await bob.client.post('/api/interpretations/generate', { dreamId: dream.id })).status).toBe(404);
    expect((await bob.client.get(`/api/interpretations/dream/${dream.id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/interpretations/dream/${dream.id}/history`)).status).toBe(404);
    expect((await alice.client.post('/api/interpretations/generate', { dreamId: 'one' })).status).toBe(400);
    expect((await alice.client.post('/api/interpretations/generate', {})).status).toBe(400);
    expect((await alice.client.get('/api/interpretations/dream/abc')).status).toBe(400);
    const visitor = new ApiClient(ctx.baseUrl);
    expect((await visitor.post('/api/interpretations/generate', { dreamId: dream.id })).status).toBe(401);
    expect((await visitor.get('/api/interpretations/recent')).status).toBe(401);
    expect(await readingCount()).toBe(before);
    const fresh = await signUp(ctx.baseUrl);
    expect((await fresh.client.get('/api/interpretations/recent')).body).toBeNull();
  });
});

describe('dream signs', () => {
  it('reports recurring symbols and motifs with counts, dates and dreams, and re-reads an edited dream', async () => {
    const user = await signUp(ctx.baseUrl);
    const d1 = await record(user, 'Ocean stairs', 'I walked down stairs into the ocean and kept breathing.');
    const d2 = await record(user, 'The ocean again', 'The ocean filled my bedroom and I swam out of the window.');
    await record(user, 'Desert road', 'A long road through a dry desert.');
    const res = await user.client.get<{
      analysedDreams: number;
      signs: Array<{ kind: string; key: string; count: number; dreamIds: number[]; lastSeen: string | null }>;
    }>('/api/analytics/dream-signs');
    expect(res.status).toBe(200);
    expect(res.body.analysedDreams).toBe(3);
    const ocean = res.body.signs.find((s) => s.kind === 'symbol' && s.key === 'ocean');
    expect(ocean?.count).toBe(2);
    expect(ocean?.dreamIds.sort()).toEqual([d1.id, d2.id].sort());
    expect(res.body.signs.find((s) => s.key === 'desert')).toBeUndefined();

    await user.client.patch(`/api/dreams/${d2.id}`, {
      title: 'Clearing',
      narrative: 'A quiet forest clearing at dusk.',
    });
    const after = await user.client.get<{ signs: Array<{ key: string }> }>('/api/analytics/dream-signs');
    expect(after.body.signs.find((s) => s.key === 'ocean')).toBeUndefined();
    expect((await new ApiClient(ctx.baseUrl).get('/api/analytics/dream-signs')).status).toBe(401);
  });
});
