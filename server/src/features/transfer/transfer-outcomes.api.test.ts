import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Intention, IntentionOutcome } from '@common/schemas/intentions';
import type { ImportResult, JournalExport } from '@common/schemas/transfer';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const outcomesOf = (list: Intention[]) =>
  Object.fromEntries(list.map((i) => [i.text, i.outcome])) as Record<string, IntentionOutcome>;

describe('intention outcomes in the JSON export', () => {
  it('exports each outcome and restores it, and reads files written before outcomes existed', async () => {
    const source = await signUp(ctx.baseUrl);
    const wanted: Record<string, IntentionOutcome> = {
      'Fly over the bay': 'success',
      'Find the blue door': 'failed',
      'Count my fingers': 'pending',
    };
    for (const [index, [text, outcome]] of Object.entries(wanted).entries()) {
      const made = await source.client.post<Intention>('/api/intentions', {
        text,
        date: new Date(Date.UTC(2026, 2, index + 1, 21)).toISOString(),
      });
      await source.client.patch(`/api/intentions/${made.body.id}`, { outcome });
    }
    const exported = await source.client.get<JournalExport>('/api/export?format=json');
    expect(Object.fromEntries(exported.body.intentions.map((i) => [i.text, [i.outcome, i.completed]]))).toEqual({
      'Fly over the bay': ['success', true],
      'Find the blue door': ['failed', false],
      'Count my fingers': ['pending', false],
    });

    const target = await signUp(ctx.baseUrl);
    const imported = await target.client.post<ImportResult>('/api/import', { format: 'json', data: exported.body });
    expect(imported.body.added.intentions).toBe(3);
    const restored = await target.client.get<Intention[]>('/api/intentions/previous?limit=10');
    expect(outcomesOf(restored.body)).toEqual(wanted);

    // A backup from before outcomes: completed true is success, false is pending.
    const older = await signUp(ctx.baseUrl);
    const legacy = {
      ...exported.body,
      intentions: exported.body.intentions.map(({ outcome: _outcome, ...rest }) => rest),
    };
    expect((await older.client.post('/api/import', { format: 'json', data: legacy })).status).toBe(200);
    expect(outcomesOf((await older.client.get<Intention[]>('/api/intentions/previous?limit=10')).body)).toEqual({
      'Fly over the bay': 'success',
      'Find the blue door': 'pending',
      'Count my fingers': 'pending',
    });
  });

  it('refuses an unknown outcome and imports nothing', async () => {
    const user = await signUp(ctx.baseUrl);
    const file: JournalExport = {
      format: 'dream-traveler-journal',
      version: 1,
      exportedAt: new Date().toISOString(),
      username: 'someone',
      dreams: [],
      intentions: [
        {
          ref: 1,
          text: 'Meet my guide',
          date: '2026-03-01T21:00:00.000Z',
          completed: false,
          outcome: 'maybe' as IntentionOutcome,
          notes: null,
          dreamRef: null,
          createdAt: '2026-03-01T21:00:00.000Z',
        },
      ],
    };
    const res = await user.client.post<{ message: string }>('/api/import', { format: 'json', data: file });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/outcome must be one of/);
    expect((await user.client.get<Intention[]>('/api/intentions/previous?limit=10')).body).toEqual([]);
  });

  it('keeps imported readings current: an imported dream was last changed when it was created', async () => {
    const source = await signUp(ctx.baseUrl);
    const dream = await source.client.post<Dream>('/api/dreams', {
      title: 'Lantern fox',
      narrative: 'A fox with lantern eyes led me through the snow.',
    });
    await source.client.post('/api/interpretations/generate', { dreamId: dream.body.id });
    const exported = await source.client.get<JournalExport>('/api/export?format=json');
    const target = await signUp(ctx.baseUrl);
    await target.client.post('/api/import', { format: 'json', data: exported.body });
    const [copy] = (await target.client.get<Dream[]>('/api/dreams')).body;
    expect(copy?.createdAt).toBe(dream.body.createdAt);
    expect(copy?.updatedAt).toBe(dream.body.createdAt);
    const reading = await target.client.get<{ createdAt: string }>(`/api/interpretations/dream/${copy?.id}`);
    expect(new Date(reading.body.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(copy?.updatedAt ?? 0).getTime());
  });
});
