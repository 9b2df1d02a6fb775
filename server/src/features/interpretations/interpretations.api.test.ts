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

const NARRATIVE =
  'I was climbing a spiral staircase inside a lighthouse. Nobody chased me, but I felt panic rising. At the top a calm sea stretched out under the moon.';

describe('reading evidence', () => {
  it('links every paragraph to the words of the dream it came from, with the tone arc and what was left out', async () => {
    const dream = await record(alice, 'The lighthouse', NARRATIVE);
    const res = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(res.status).toBe(201);
    const { content, evidence } = res.body;
    expect(evidence).toBeDefined();
    if (!evidence) return;
    const paragraphs = content.split(/\n\s*\n/);
    expect(evidence.paragraphs.map((p) => p.paragraph)).toEqual(paragraphs.map((_, i) => i));
    for (const p of evidence.paragraphs)
      for (const span of p.spans) {
        expect(span.start).toBeGreaterThanOrEqual(0);
        expect(span.end).toBeGreaterThan(span.start);
        expect(span.end).toBeLessThanOrEqual(NARRATIVE.length);
      }
    // A paragraph that discusses the staircase points at the word in the dream.
    const staircase = evidence.paragraphs.find((p) => p.symbols.includes('staircase'));
    expect(staircase).toBeDefined();
    const words = (staircase?.spans ?? []).map((s) => NARRATIVE.slice(s.start, s.end).toLowerCase());
    expect(words.some((w) => w.includes('staircase'))).toBe(true);
    // Every quote in the reading is found in the dream.
    paragraphs.forEach((text, i) => {
      const quoted = [...text.matchAll(/“([^”]+)”/g)]
        .map((m) => (m[1] ?? '').replace(/…$/, ''))
        .filter((q) => q !== 'The lighthouse');
      const sources = (evidence.paragraphs[i]?.spans ?? []).map((s) => NARRATIVE.slice(s.start, s.end));
      for (const q of quoted) expect(sources.some((s) => s.includes(q) || q.includes(s))).toBe(true);
    });
    // The tone arc covers the dream's sentences; a feeling paragraph says it reads it.
    expect(evidence.tone.arc.map((a) => a.sentence)).toEqual([0, 1, 2]);
    expect(evidence.paragraphs.some((p) => p.tone)).toBe(true);
    // "Nobody chased me" is deliberately not read as a chase.
    expect(evidence.leftOut.map((l) => l.symbol)).toContain('chase');
    const left = evidence.leftOut.find((l) => l.symbol === 'chase');
    expect(NARRATIVE.slice(left?.start ?? 0, left?.end ?? 0).toLowerCase()).toContain('chased');
    expect(evidence.paragraphs.some((p) => p.symbols.includes('chase'))).toBe(false);

    // The latest reading comes back with the same evidence; the history list stays as it was.
    const latest = await alice.client.get<Interpretation>(`/api/interpretations/dream/${dream.id}`);
    expect(latest.body.evidence).toEqual(evidence);
    const history = await alice.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(history.body[0]?.content).toBe(content);
  });

  it('names the earlier dreams where a recurring symbol appeared, and only the owner’s', async () => {
    const carol = await signUp(ctx.baseUrl);
    const first = await record(carol, 'Staircase one', 'I ran up a wooden staircase in panic.');
    const second = await record(carol, 'Staircase two', 'The same staircase again, and this time I was curious.');
    await record(bob, 'Bob’s staircase', 'A staircase led into the clouds.');
    // Reading the earlier dreams stores their analyses.
    for (const d of [first, second])
      expect((await carol.client.post('/api/interpretations/generate', { dreamId: d.id })).status).toBe(201);
    const third = await record(
      carol,
      'Staircase three',
      'Once again the same staircase, and at the top I felt safe and calm.',
    );
    const res = await carol.client.post<Interpretation>('/api/interpretations/generate', { dreamId: third.id });
    expect(res.status).toBe(201);
    const recurring = res.body.evidence?.paragraphs.flatMap((p) => p.recurring) ?? [];
    const staircase = recurring.find((r) => r.key === 'staircase');
    expect(staircase?.dreams.map((d) => d.id).sort()).toEqual([first.id, second.id].sort());
    // The reading compares how it felt across them.
    expect(res.body.content).toMatch(/then/);
  });

  it('records every reading’s own evidence with it: regenerated, earlier and after the dream is edited', async () => {
    // A dreamer of their own, so the readings quote no other dream's title.
    const erin = await signUp(ctx.baseUrl);
    const dream = await record(erin, 'The lighthouse again', NARRATIVE);
    const first = await erin.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    const second = await erin.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.content).not.toBe(first.body.content);
    for (const reading of [first.body, second.body]) {
      // Each reading's evidence is about its own text: one entry per paragraph, every quote found
      // among that paragraph's source words in the narrative it read.
      const { evidence } = reading;
      expect(evidence?.narrative).toBe(NARRATIVE);
      const paragraphs = reading.content.split(/\n\s*\n/);
      expect(evidence?.paragraphs.map((p) => p.paragraph)).toEqual(paragraphs.map((_, i) => i));
      paragraphs.forEach((text, i) => {
        const sources = (evidence?.paragraphs[i]?.spans ?? []).map((s) => NARRATIVE.slice(s.start, s.end));
        const quoted = [...text.matchAll(/“([^”]+)”/g)]
          .map((m) => (m[1] ?? '').replace(/…$/, ''))
          .filter((q) => q !== dream.title);
        for (const q of quoted) expect(sources.some((s) => s.includes(q) || q.includes(s))).toBe(true);
      });
    }
    expect(second.body.evidence).not.toEqual(first.body.evidence);

    // The history gives the earlier reading the evidence it was written with, not the newest one's.
    const history = await erin.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((h) => [h.id, h.evidence])).toEqual([
      [second.body.id, second.body.evidence],
      [first.body.id, first.body.evidence],
    ]);

    // After an edit the readings still explain the text they read; nothing is recomputed against the new one.
    const edited = 'A green snake slid through a quiet forest at dusk.';
    expect((await erin.client.patch(`/api/dreams/${dream.id}`, { narrative: edited })).status).toBe(200);
    const latest = await erin.client.get<Interpretation>(`/api/interpretations/dream/${dream.id}`);
    expect(latest.body.evidence).toEqual(second.body.evidence);
    const after = await erin.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(after.body.map((h) => h.evidence?.narrative)).toEqual([NARRATIVE, NARRATIVE]);
    const third = await erin.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(third.body.evidence?.narrative).toBe(edited);
    expect(third.body.evidence?.paragraphs.flatMap((p) => p.symbols)).toContain('snake');

    // Another user learns nothing about the readings, their evidence or the dream.
    for (const path of [`/api/interpretations/dream/${dream.id}`, `/api/interpretations/dream/${dream.id}/history`])
      expect((await bob.client.get(path)).status).toBe(404);
  });

  it('returns a reading with no evidence recorded (older, or stored in another shape) without any', async () => {
    const dream = await record(alice, 'Before evidence', 'A staircase of glass led down into a quiet library.');
    const made = await alice.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
    expect(made.status).toBe(201);
    // A reading from before evidence was recorded, and one whose stored evidence is not what the client reads.
    const [older] = await ctx.db
      .insert(interpretations)
      .values({
        dreamId: dream.id,
        content: 'An older reading of the staircase.',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [odd] = await ctx.db
      .insert(interpretations)
      .values({ dreamId: dream.id, content: 'A reading of the library.', evidence: { paragraphs: 'none' } })
      .returning();
    const latest = await alice.client.get<Interpretation>(`/api/interpretations/dream/${dream.id}`);
    expect(latest.status).toBe(200);
    expect(latest.body.id).toBe(odd?.id);
    expect(latest.body).not.toHaveProperty('evidence');
    const history = await alice.client.get<Interpretation[]>(`/api/interpretations/dream/${dream.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((h) => [h.id, h.evidence !== undefined])).toEqual([
      [odd?.id, false],
      [made.body.id, true],
      [older?.id, false],
    ]);
    expect(history.body[1]?.evidence).toEqual(made.body.evidence);
  });

  it('gives no evidence for another user’s dream (404, as if it did not exist)', async () => {
    const dream = await record(alice, 'Private', 'I walked along a beach at dawn.');
    expect((await alice.client.post('/api/interpretations/generate', { dreamId: dream.id })).status).toBe(201);
    const res = await bob.client.get(`/api/interpretations/dream/${dream.id}`);
    expect(res.status).toBe(404);
  });
});

describe('variety across a dreamer’s readings', () => {
  it('uses no sentence of more than eight words in more than two of their readings', async () => {
    const dave = await signUp(ctx.baseUrl);
    const plain = [
      'I made tea and read the newspaper.',
      'I folded laundry and watched the news.',
      'I bought bread at the shop and walked home.',
      'I answered emails at my desk.',
      'I washed the dishes after dinner.',
      'I watered the plants on the balcony.',
      'I waited for the bus and checked my phone.',
    ];
    const readings: string[] = [];
    for (const [i, narrative] of plain.entries()) {
      const dream = await record(dave, `Plain day ${i + 1}`, narrative);
      const res = await dave.client.post<Interpretation>('/api/interpretations/generate', { dreamId: dream.id });
      expect(res.status).toBe(201);
      readings.push(res.body.content);
    }
    const counts = new Map<string, number>();
    for (const text of readings) {
      const long = text
        .split(/\n\s*\n/)
        .flatMap((p) => p.match(/[^.!?]+[.!?]+["”’)]*/g) ?? [])
        .map((s) => s.trim())
        .filter((s) => s.split(/\s+/).length > 8);
      for (const s of new Set(long)) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    expect([...counts].filter(([, n]) => n > 2)).toEqual([]);
  });
});
