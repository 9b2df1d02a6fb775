import { describe, expect, it } from 'vitest';
import { createDreamBodySchema, parseDreamDate, updateDreamBodySchema } from './dreams';

describe('parseDreamDate', () => {
  it('reads a calendar day alone as noon UTC of that day, so every time zone shows the same day', () => {
    expect(parseDreamDate('2026-10-02')?.toISOString()).toBe('2026-10-02T12:00:00.000Z');
    expect(parseDreamDate(' 2024-02-29 ')?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
  });

  it('keeps a full moment as sent', () => {
    expect(parseDreamDate('2026-10-02T23:30:00-04:00')?.toISOString()).toBe('2026-10-03T03:30:00.000Z');
  });

  it('gives undefined for days that do not exist and for text that is no date', () => {
    expect(parseDreamDate('2026-02-30')).toBeUndefined();
    expect(parseDreamDate('2026-13-01')).toBeUndefined();
    expect(parseDreamDate('last tuesday')).toBeUndefined();
    expect(parseDreamDate(null)).toBeUndefined();
  });
});

describe('dream date in request bodies', () => {
  it('a create with an invalid date means now; an update with one keeps the stored date', () => {
    const before = Date.now();
    const created = createDreamBodySchema.parse({ title: 't', narrative: 'n', date: 'nonsense' });
    expect(created.date.getTime()).toBeGreaterThanOrEqual(before);
    expect(updateDreamBodySchema.parse({ date: 'nonsense' }).date).toBeUndefined();
    expect(updateDreamBodySchema.parse({ date: '2026-10-02' }).date?.toISOString()).toBe('2026-10-02T12:00:00.000Z');
  });
});
