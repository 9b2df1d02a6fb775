import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import type { Dream } from '@common/schemas/dreams';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;

beforeAll(async () => {
  ctx = await startTestApp();
  alice = await signUp(ctx.baseUrl);
});
afterAll(async () => {
  await ctx.close();
});

const base = { narrative: 'A lighthouse walked into the sea.', tags: ['sea'] };

async function record(body: Record<string, unknown>): Promise<Dream> {
  const res = await alice.client.post<Dream>('/api/dreams', { title: 'Lighthouse', ...base, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function edit(id: number, body: Record<string, unknown>): Promise<Dream> {
  const res = await alice.client.patch<Dream>(`/api/dreams/${id}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('editing a dream keeps its date (issue 9.1)', () => {
  it('keeps the date of a dream with a time period, even when the edit sends "now" with the same period', async () => {
    const dream = await record({ date: '2026-01-10T08:00:00.000Z', timePeriod: 'early_childhood' });
    expect(dream.date).toBe('2026-01-10T08:00:00.000Z');

    // Only the title changes.
    expect((await edit(dream.id, { title: 'Lighthouse, renamed' })).date).toBe(dream.date);
    // What an older dialog sent for the same edit: the whole form with date = now.
    const resent = await edit(dream.id, {
      title: 'Lighthouse, renamed again',
      ...base,
      date: new Date().toISOString(),
      timePeriod: 'early_childhood',
      intentionId: null,
    });
    expect(resent.title).toBe('Lighthouse, renamed again');
    expect(resent.date).toBe(dream.date);
    expect(resent.timePeriod).toBe('early_childhood');
    // Another period is still a period: the date stays.
    expect((await edit(dream.id, { timePeriod: 'adult', date: new Date().toISOString() })).date).toBe(dream.date);
    expect((await alice.client.get<Dream>(`/api/dreams/${dream.id}`)).body.date).toBe(dream.date);
  });

  it('keeps an exact past date when the edit leaves it out, or sends null or an invalid date', async () => {
    const dream = await record({ date: '2025-11-17T12:00:00.000Z' });
    expect((await edit(dream.id, { title: 'Only the title' })).date).toBe('2025-11-17T12:00:00.000Z');
    expect((await edit(dream.id, { title: 'Null date', date: null })).date).toBe('2025-11-17T12:00:00.000Z');
    expect((await edit(dream.id, { title: 'Bad date', date: 'last tuesday-ish' })).date).toBe(
      '2025-11-17T12:00:00.000Z',
    );
    // Choosing another day still works.
    expect((await edit(dream.id, { date: '2025-11-18T12:00:00.000Z' })).date).toBe('2025-11-18T12:00:00.000Z');
  });

  it('resets the date only when the toggle is switched on, and takes the chosen date when it is switched off', async () => {
    const dated = await record({ date: '2025-06-01T12:00:00.000Z' });
    const before = Date.now();
    const switchedOn = await edit(dated.id, { timePeriod: 'adolescence', date: new Date().toISOString() });
    expect(switchedOn.timePeriod).toBe('adolescence');
    expect(new Date(switchedOn.date ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const switchedOff = await edit(dated.id, { timePeriod: null, date: '2025-02-03T12:00:00.000Z' });
    expect(switchedOff.timePeriod).toBeNull();
    expect(switchedOff.date).toBe('2025-02-03T12:00:00.000Z');
  });
});

describe('too long fields get their own message (issue 9.12)', () => {
  it('answers 400 naming the limit, not the empty-field message, and stores nothing', async () => {
    const title = 'x'.repeat(205);
    const tooLongTitle = await alice.client.post('/api/dreams', { title, ...base });
    expect(tooLongTitle.status).toBe(400);
    expect(tooLongTitle.body.message).toBe(MSG.titleTooLong);
    expect(MSG.titleTooLong).toBe(`Title must be at most ${LIMITS.dreamTitle.max} characters`);

    const narrative = 'y'.repeat(LIMITS.narrative.max + 1);
    const tooLongNarrative = await alice.client.post('/api/dreams', { title: 'Fine', narrative });
    expect(tooLongNarrative.status).toBe(400);
    expect(tooLongNarrative.body.message).toBe(MSG.narrativeTooLong);

    const dream = await record({});
    const edited = await alice.client.patch(`/api/dreams/${dream.id}`, { title });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(MSG.titleTooLong);
    expect((await alice.client.get<Dream>(`/api/dreams/${dream.id}`)).body.title).toBe('Lighthouse');

    const list = await alice.client.get<Dream[]>('/api/dreams');
    expect(list.body.some((d) => d.title === title || d.narrative === narrative)).toBe(false);
  });
});
