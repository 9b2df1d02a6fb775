import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Interpretation } from '@common/schemas/interpretations';
import { startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
const engine = lazyEngine();

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function record(user: SignedInUser, title: string, narrative: string): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', { title, narrative, tags: [] });
  expect(res.status).toBe(201);
  return res.body;
}

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

  it('gives no evidence for another user’s dream (404, as if it did not exist)', async () => {
    const dream = await record(alice, 'Private', 'I walked along a beach at dawn.');
    expect((await alice.client.post('/api/interpretations/generate', { dreamId: dream.id })).status).toBe(201);
    const res = await bob.client.get(`/api/interpretations/dream/${dream.id}`);
    expect(res.status).toBe(404);
  });
});
