import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Intention } from '@common/schemas/intentions';
import type { ImportResult, JournalExport } from '@common/schemas/transfer';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/factories';
import { parseCsv } from './csv';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const strip = (d: Dream) => ({
  title: d.title,
  narrative: d.narrative,
  date: d.date,
  timePeriod: d.timePeriod,
  tags: d.tags,
  createdAt: d.createdAt,
});

describe('export and import', () => {
  it('round-trips a journal into a fresh account, then skips everything as duplicates', async () => {
    const source = await signUp(ctx.baseUrl);
    const intention = await source.client.post<Intention>('/api/intentions', {
      text: 'Meet my guide',
      date: '2026-03-01T21:00:00.000Z',
    });
    await source.client.patch(`/api/intentions/${intention.body.id}`, { notes: 'It worked', completed: true });
    await source.client.post('/api/dreams', {
      title: 'Guide at the gate',
      narrative: 'A fox with lantern eyes, "quoted", and a comma, here.',
      tags: ['guide', 'lucid'],
      date: '2026-03-02T06:00:00.000Z',
      intentionId: intention.body.id,
    });
    await source.client.post('/api/dreams', {
      title: 'Childhood garden',
      narrative: 'Sunflowers taller than the house.',
      timePeriod: 'early_childhood',
      tags: [],
    });

    const exported = await source.client.get<JournalExport>('/api/export?format=json');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="dream-journal-.*\.json"/);
    expect(exported.body).toMatchObject({ format: 'dream-traveler-journal', version: 1 });
    expect(exported.body.dreams).toHaveLength(2);

    const target = await signUp(ctx.baseUrl);
    const preview = await target.client.post<ImportResult>('/api/import', {
      format: 'json',
      data: exported.body,
      dryRun: true,
    });
    expect(preview.body).toMatchObject({ dryRun: true, added: { dreams: 2, intentions: 1 }, skipped: { dreams: 0 } });
    expect((await target.client.get<Dream[]>('/api/dreams')).body).toHaveLength(0);

    const imported = await target.client.post<ImportResult>('/api/import', { format: 'json', data: exported.body });
    expect(imported.body).toMatchObject({
      dryRun: false,
      added: { dreams: 2, intentions: 1 },
      skipped: { dreams: 0, intentions: 0 },
    });

    const sourceDreams = (await source.client.get<Dream[]>('/api/dreams')).body.map(strip);
    const targetDreams = (await target.client.get<Dream[]>('/api/dreams')).body;
    expect(targetDreams.map(strip)).toEqual(sourceDreams);
    const targetIntentions = (await target.client.get<Intention[]>('/api/intentions/previous?limit=10')).body;
    expect(targetIntentions).toHaveLength(1);
    expect(targetIntentions[0]).toMatchObject({ text: 'Meet my guide', notes: 'It worked', completed: true });
    const linked = targetDreams.find((d) => d.title === 'Guide at the gate');
    expect(linked?.intentionId).toBe(targetIntentions[0]?.id);
    expect(targetIntentions[0]?.dreamId).toBe(linked?.id);

    const again = await target.client.post<ImportResult>('/api/import', { format: 'json', data: exported.body });
    expect(again.body).toMatchObject({ added: { dreams: 0, intentions: 0 }, skipped: { dreams: 2, intentions: 1 } });
    expect((await target.client.get<Dream[]>('/api/dreams')).body).toHaveLength(2);
  });

  it('exports a readable Markdown document', async () => {
    const user = await signUp(ctx.baseUrl);
    await user.client.post('/api/dreams', {
      title: 'Moon bridge',
      narrative: 'I walked across a bridge made of moonlight.',
      tags: ['moon'],
    });
    const res = await fetch(`${ctx.baseUrl}/api/export?format=markdown`, {
      headers: { cookie: user.client.cookie ?? '' },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/markdown/);
    const text = await res.text();
    expect(text).toContain(`# Dream Journal of ${user.user.username}`);
    expect(text).toContain('## Moon bridge');
    expect(text).toContain('**Tags:** moon');
    expect(text).toContain('I walked across a bridge made of moonlight.');
  });

  it('imports a CSV with quoted fields and tags, and says what is wrong with a bad one', async () => {
    const user = await signUp(ctx.baseUrl);
    const csv =
      'date,title,narrative,tags\n2026-01-05,Snow owl,"An owl said ""hello"", twice.\nThen it flew.","owl; snow"\n,No date,Just fog,\n';
    const res = await user.client.post<ImportResult>('/api/import', { format: 'csv', data: csv });
    expect(res.status).toBe(200);
    expect(res.body.added.dreams).toBe(2);
    const list = (await user.client.get<Dream[]>('/api/dreams')).body;
    const owl = list.find((d) => d.title === 'Snow owl');
    expect(owl?.narrative).toBe('An owl said "hello", twice.\nThen it flew.');
    expect(owl?.tags).toEqual(['owl', 'snow']);
    expect(list.find((d) => d.title === 'No date')?.date).toBeNull();

    const bad = [
      { format: 'csv', data: 'when,what\n1,2' },
      { format: 'csv', data: 'date,title,narrative\nnot-a-date,A,B' },
      { format: 'csv', data: 'date,title,narrative\n2026-01-01,,B' },
      { format: 'csv', data: 'date,title,narrative\n2026-01-01,"unterminated,B' },
      { format: 'json', data: { format: 'something-else' } },
      { format: 'json', data: 'not an object' },
      { format: 'xml', data: '<dreams/>' },
    ];
    for (const body of bad) {
      const r = await user.client.post('/api/import', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await user.client.get<Dream[]>('/api/dreams')).body).toHaveLength(2);
  });
});

describe('parseCsv', () => {
  it('handles CRLF, a BOM, escaped quotes and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x ""y""",2\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['x "y"', '2'],
    ]);
  });
});
