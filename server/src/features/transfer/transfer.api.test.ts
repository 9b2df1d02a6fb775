import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Intention } from '@common/schemas/intentions';
import type { ImportResult, JournalExport } from '@common/schemas/transfer';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { parseCsv } from './csv';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);

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

const inZone = (iso: string | null | undefined, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(
        new Date(iso),
      )
    : null;

async function importCsv(client: SignedInUser['client'], csv: string, extra: Record<string, unknown> = {}) {
  return client.post<ImportResult & { message?: string }>('/api/import', { format: 'csv', data: csv, ...extra });
}

describe('CSV dates', () => {
  it('reads day/month order from the whole file: a first number over 12 means day first', async () => {
    const user = await signUp(ctx.baseUrl);
    const csv = 'date,title,narrative\n02/10/2026,Ambiguous,Fog\n13/02/2026,Decides,Rain\n';
    const preview = await importCsv(user.client, csv, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.dateOrder).toMatchObject({
      needsChoice: false,
      order: 'day-month',
      decidedBy: 'file',
      example: { line: 3, text: '13/02/2026' },
    });
    expect(preview.body.preview.map((p) => [p.title, p.date, p.dateText])).toEqual([
      ['Ambiguous', '2026-10-02T12:00:00.000Z', '02/10/2026'],
      ['Decides', '2026-02-13T12:00:00.000Z', '13/02/2026'],
    ]);
    expect((await importCsv(user.client, csv)).status).toBe(200);
    const list = (await user.client.get<Dream[]>('/api/dreams')).body;
    expect(list.find((d) => d.title === 'Ambiguous')?.date).toBe('2026-10-02T12:00:00.000Z');
  });

  it('a second number over 12 means month first', async () => {
    const user = await signUp(ctx.baseUrl);
    const res = await importCsv(
      user.client,
      'date,title,narrative\n02/10/2026,Ambiguous,Fog\n02/13/2026,Decides,Rain\n',
    );
    expect(res.status).toBe(200);
    expect(res.body.dateOrder).toMatchObject({ order: 'month-day', decidedBy: 'file' });
    const list = (await user.client.get<Dream[]>('/api/dreams')).body;
    expect(list.find((d) => d.title === 'Ambiguous')?.date).toBe('2026-02-10T12:00:00.000Z');
  });

  it('asks when the file leaves the order open, refuses to guess, and uses the answer', async () => {
    const user = await signUp(ctx.baseUrl);
    const csv = 'date,title,narrative\n02/10/2026,First,Fog\n05/06/2026,Second,Rain\n2026-01-05,Third,Snow\n';
    const asked = await importCsv(user.client, csv, { dryRun: true });
    expect(asked.status).toBe(200);
    expect(asked.body.dateOrder).toEqual({
      needsChoice: true,
      order: null,
      decidedBy: null,
      example: {
        line: 2,
        text: '02/10/2026',
        monthDay: '2026-02-10T12:00:00.000Z',
        dayMonth: '2026-10-02T12:00:00.000Z',
      },
    });
    expect(asked.body.preview.map((p) => p.date)).toEqual([null, null, '2026-01-05T12:00:00.000Z']);

    const refused = await importCsv(user.client, csv);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(
      'line 2 has 02/10/2026, which is Feb 10, 2026 as Month/Day or Oct 2, 2026 as Day/Month',
    );
    expect((await user.client.get<Dream[]>('/api/dreams')).body).toHaveLength(0);

    const chosen = await importCsv(user.client, csv, { dryRun: true, dateOrder: 'day-month' });
    expect(chosen.body.dateOrder).toMatchObject({ needsChoice: false, order: 'day-month', decidedBy: 'choice' });
    expect(chosen.body.preview.map((p) => p.date)).toEqual([
      '2026-10-02T12:00:00.000Z',
      '2026-06-05T12:00:00.000Z',
      '2026-01-05T12:00:00.000Z',
    ]);
    expect((await importCsv(user.client, csv, { dateOrder: 'day-month' })).status).toBe(200);
    const list = (await user.client.get<Dream[]>('/api/dreams')).body;
    expect(list.find((d) => d.title === 'Second')?.date).toBe('2026-06-05T12:00:00.000Z');
  });

  it('refuses a file whose dates contradict each other, naming the rows, and a choice the file rules out', async () => {
    const user = await signUp(ctx.baseUrl);
    const mixed = await importCsv(
      user.client,
      'date,title,narrative\n13/02/2026,A,a\n02/10/2026,B,b\n02/13/2026,C,c\n',
      { dryRun: true },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(
      'The dates in this file use two orders: line 2 (13/02/2026) can only be Day/Month, but line 4 (02/13/2026) can only be Month/Day. Write them all in one order and import again. Nothing was imported.',
    );
    const ruledOut = await importCsv(user.client, 'date,title,narrative\n13/02/2026,A,a\n', {
      dateOrder: 'month-day',
    });
    expect(ruledOut.status).toBe(400);
    expect(ruledOut.body.message).toContain('line 2 (13/02/2026) can only be Day/Month');
    const noSuchDay = await importCsv(user.client, 'date,title,narrative\n31/02/2026,A,a\n');
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.message).toContain('line 2: date "31/02/2026" is not a day when read as Day/Month');
    expect((await user.client.get<Dream[]>('/api/dreams')).body).toHaveLength(0);
  });

  it("keeps date-only values as calendar dates in the user's zone", async () => {
    const user = await signUp(ctx.baseUrl);
    const csv =
      'date,title,narrative\n2026-10-02,Iso day,a\nOct 3 2026,Named day,b\n10/04/2026,Slashed day,c\n2026-10-05 23:30,Wall time,d\n2026-10-06T01:00:00Z,Instant,e\n';
    const ny = await importCsv(user.client, csv, { timeZone: 'America/New_York', dateOrder: 'month-day' });
    expect(ny.status).toBe(200);
    const list = (await user.client.get<Dream[]>('/api/dreams')).body;
    const date = (title: string) => list.find((d) => d.title === title)?.date;
    // Noon of the day in New York (EDT, UTC-4): the same calendar day for that user.
    expect(date('Iso day')).toBe('2026-10-02T16:00:00.000Z');
    expect(inZone(date('Iso day'), 'America/New_York')).toBe('Oct 2, 2026');
    expect(inZone(date('Named day'), 'America/New_York')).toBe('Oct 3, 2026');
    expect(inZone(date('Slashed day'), 'America/New_York')).toBe('Oct 4, 2026');
    expect(date('Wall time')).toBe('2026-10-06T03:30:00.000Z');
    expect(date('Instant')).toBe('2026-10-06T01:00:00.000Z');

    // Far east of UTC the day still holds; without a zone the day is kept at noon UTC.
    const kiritimati = await signUp(ctx.baseUrl);
    await importCsv(kiritimati.client, 'date,title,narrative\n2026-10-02,Iso day,a\n', {
      timeZone: 'Pacific/Kiritimati',
    });
    const k = (await kiritimati.client.get<Dream[]>('/api/dreams')).body[0];
    expect(inZone(k?.date, 'Pacific/Kiritimati')).toBe('Oct 2, 2026');
    const utc = await signUp(ctx.baseUrl);
    await importCsv(utc.client, 'date,title,narrative\n2026-10-02,Iso day,a\n');
    expect((await utc.client.get<Dream[]>('/api/dreams')).body[0]?.date).toBe('2026-10-02T12:00:00.000Z');

    const badZone = await importCsv(utc.client, 'date,title,narrative\n2026-10-02,X,x\n', { timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toMatch(/timeZone must be a time zone name/);
  });

  it('treats a bare day in a JSON file as a calendar date too', async () => {
    const user = await signUp(ctx.baseUrl);
    const file: JournalExport = {
      format: 'dream-traveler-journal',
      version: 1,
      exportedAt: '2026-10-03T00:00:00.000Z',
      username: 'someone',
      dreams: [
        {
          ref: 1,
          title: 'Hand-written',
          narrative: 'Typed into a JSON file.',
          date: '2026-10-02',
          timePeriod: null,
          tags: [],
          intentionRef: null,
          createdAt: '2026-10-02',
          interpretations: [],
        },
      ],
      intentions: [],
    };
    const res = await user.client.post('/api/import', { format: 'json', data: file, timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    const [dream] = (await user.client.get<Dream[]>('/api/dreams')).body;
    expect(inZone(dream?.date, 'America/New_York')).toBe('Oct 2, 2026');
  });
});

describe('Markdown export and import', () => {
  it('exports a dream with a time period with its period and recording day, never a made-up date', async () => {
    const user = await signUp(ctx.baseUrl);
    const created = await user.client.post<Dream>('/api/dreams', {
      title: 'Childhood garden',
      narrative: 'Sunflowers taller than the house.',
      timePeriod: 'early_childhood',
      tags: [],
    });
    const text = (await user.client.get<string>('/api/export?format=markdown&timeZone=America/New_York')).body;
    const recorded = inZone(created.body.createdAt, 'America/New_York');
    expect(text).toContain(`## Childhood garden\n\n**Time of life:** Early Childhood · *Recorded ${recorded}*\n`);
    expect(text).not.toContain('**Date:**');
  });

  it('round-trips a journal through Markdown into a fresh account, then skips it all as duplicates', async () => {
    const source = await signUp(ctx.baseUrl);
    const intention = await source.client.post<Intention>('/api/intentions', {
      text: 'Meet my guide at the gate',
      date: '2026-03-02T02:00:00.000Z',
    });
    await source.client.patch(`/api/intentions/${intention.body.id}`, {
      notes: 'It worked.\n**Notes:** in the notes\n\n# not a heading',
      completed: true,
    });
    await source.client.post('/api/intentions', { text: 'Fly over the sea', date: '2026-04-01T15:00:00.000Z' });
    const guide = await source.client.post<Dream>('/api/dreams', {
      title: 'Guide at the gate',
      narrative:
        'A fox with lantern eyes.\n\n## Not a new dream\n# Intentions\n\\ a backslash line\n### Interpretation\nStill the narrative.',
      tags: ['guide', 'lucid'],
      date: '2026-03-02T03:30:00.000Z',
      intentionId: intention.body.id,
    });
    await source.client.post('/api/interpretations/generate', { dreamId: guide.body.id });
    await source.client.post('/api/dreams', {
      title: 'Childhood garden',
      narrative: 'Sunflowers taller than the house.',
      timePeriod: 'early_childhood',
      tags: ['garden'],
    });
    await source.client.post('/api/dreams', { title: 'Intentions', narrative: 'A dream named like a section.' });

    const zone = 'America/New_York';
    const exported = await source.client.get<string>(`/api/export?format=markdown&timeZone=${zone}`);
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('**Date:** Mar 1, 2026'); // 03:30 UTC is the evening of Mar 1 in New York

    const target = await signUp(ctx.baseUrl);
    const preview = await target.client.post<ImportResult>('/api/import', {
      format: 'markdown',
      data: exported.body,
      dryRun: true,
      timeZone: zone,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ added: { dreams: 3, intentions: 2, interpretations: 1 } });
    expect(preview.body.preview.find((p) => p.title === 'Childhood garden')).toMatchObject({
      timePeriod: 'early_childhood',
    });
    const imported = await target.client.post<ImportResult>('/api/import', {
      format: 'markdown',
      data: exported.body,
      timeZone: zone,
    });
    expect(imported.status).toBe(200);

    const sameDream = (d: Dream) => ({
      title: d.title,
      narrative: d.narrative,
      day: d.timePeriod ? null : inZone(d.date, zone),
      recorded: inZone(d.createdAt, zone),
      timePeriod: d.timePeriod,
      tags: d.tags,
    });
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
    const sourceDreams = (await source.client.get<Dream[]>('/api/dreams')).body.sort(byTitle);
    const targetDreams = (await target.client.get<Dream[]>('/api/dreams')).body.sort(byTitle);
    expect(targetDreams.map(sameDream)).toEqual(sourceDreams.map(sameDream));

    const sameIntention = (i: Intention) => ({
      text: i.text,
      day: inZone(i.date, zone),
      completed: i.completed,
      notes: i.notes,
    });
    const sourceIntentions = (await source.client.get<Intention[]>('/api/intentions/previous?limit=10')).body;
    const targetIntentions = (await target.client.get<Intention[]>('/api/intentions/previous?limit=10')).body;
    expect(targetIntentions.map(sameIntention).sort(byText)).toEqual(sourceIntentions.map(sameIntention).sort(byText));

    const targetGuide = targetDreams.find((d) => d.title === 'Guide at the gate');
    const linked = targetIntentions.find((i) => i.text === 'Meet my guide at the gate');
    expect(targetGuide?.intentionId).toBe(linked?.id);
    expect(linked?.dreamId).toBe(targetGuide?.id);
    const sourceReading = await source.client.get<{ content: string }>(`/api/interpretations/dream/${guide.body.id}`);
    const targetReading = await target.client.get<{ content: string }>(
      `/api/interpretations/dream/${targetGuide?.id ?? 0}`,
    );
    expect(targetReading.body.content).toBe(sourceReading.body.content.trim());

    const again = await target.client.post<ImportResult>('/api/import', {
      format: 'markdown',
      data: exported.body,
      timeZone: zone,
    });
    expect(again.body).toMatchObject({ added: { dreams: 0, intentions: 0 }, skipped: { dreams: 3, intentions: 2 } });
  });

  it('answers a file that is neither our JSON, our Markdown nor a CSV with the files that can be imported', async () => {
    const user = await signUp(ctx.baseUrl);
    const listed =
      'You can import a Dream Traveler export (.json or .md) or a CSV file (.csv) with the columns date,title,narrative,tags.';
    const bodies = [
      { format: 'markdown', data: '# My notes\n\nSomething else entirely.' },
      { format: 'json', data: '# Dream Journal of someone' },
      { format: 'csv', data: 'name,when\nx,y' },
    ];
    for (const body of bodies) {
      const res = await user.client.post<{ message: string }>('/api/import', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(listed);
      expect(res.body.message).not.toMatch(/not valid JSON/);
    }
    const broken = await user.client.post<{ message: string }>('/api/import', {
      format: 'markdown',
      data: '# Dream Journal of someone\n\n## A dream\n\nno meta line here',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^line 5: the dream "A dream" needs its line of \*\*Date:\*\*/);
  });
});

describe('JSON intentions', () => {
  it('keeps an intention linked to a dream already in the journal', async () => {
    const source = await signUp(ctx.baseUrl);
    const intention = await source.client.post<Intention>('/api/intentions', { text: 'See the lighthouse' });
    await source.client.patch(`/api/intentions/${intention.body.id}`, { notes: 'Saw it', completed: true });
    await source.client.post('/api/dreams', {
      title: 'Lighthouse',
      narrative: 'Its beam swept the bay.',
      intentionId: intention.body.id,
    });
    const full = (await source.client.get<JournalExport>('/api/export?format=json')).body;
    const dreamsOnly: JournalExport = {
      ...full,
      intentions: [],
      dreams: full.dreams.map((d) => ({ ...d, intentionRef: null })),
    };
    const target = await signUp(ctx.baseUrl);
    await target.client.post('/api/import', { format: 'json', data: dreamsOnly });
    const res = await target.client.post<ImportResult>('/api/import', { format: 'json', data: full });
    expect(res.body).toMatchObject({ added: { dreams: 0, intentions: 1 }, skipped: { dreams: 1, intentions: 0 } });
    const [dream] = (await target.client.get<Dream[]>('/api/dreams')).body;
    const [kept] = (await target.client.get<Intention[]>('/api/intentions/previous?limit=10')).body;
    expect(kept).toMatchObject({ text: 'See the lighthouse', notes: 'Saw it', completed: true, dreamId: dream?.id });
  });
});

describe('an imported dream is held to the dream rules', () => {
  it('refuses what POST /api/dreams refuses, with the same message, and imports nothing', async () => {
    const user = await signUp(ctx.baseUrl);
    const fine = { title: 'Moon bridge', narrative: 'I walked across moonlight.', timePeriod: null, tags: [] };
    const wrong = [
      { title: 'x'.repeat(201) },
      { narrative: 'y'.repeat(20_001) },
      { timePeriod: 'someday' },
      { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
      { tags: ['t'.repeat(41)] },
    ];
    for (const change of wrong) {
      const dream = { ...fine, ...change };
      const direct = await user.client.post<{ message: string }>('/api/dreams', dream);
      expect(direct.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      const file: JournalExport = {
        format: 'dream-traveler-journal',
        version: 1,
        exportedAt: '2026-10-03T00:00:00.000Z',
        username: 'someone',
        dreams: [{ ...dream, ref: 1, date: null, intentionRef: null, createdAt: '2026-10-02', interpretations: [] }],
        intentions: [],
      };
      const imported = await user.client.post<{ message: string }>('/api/import', { format: 'json', data: file });
      expect(imported.status).toBe(400);
      expect(imported.body.message).toMatch(/^dreams\[0\] "[^"]*": [\w.]+ — /);
      expect(imported.body.message.endsWith(` — ${direct.body.message}`), imported.body.message).toBe(true);
    }
    expect((await user.client.get<Dream[]>('/api/dreams')).body).toHaveLength(0);
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
