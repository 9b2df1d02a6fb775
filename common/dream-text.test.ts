import { describe, expect, it } from 'vitest';
import {
  dreamDateText,
  dreamWhenFull,
  dreamWhenLine,
  dreamWhenText,
  formatShortDate,
  hasTimePeriod,
  recordedText,
  timePeriodLabel,
} from './dream-text';

const now = new Date(2026, 10, 23, 9, 30); // Nov 23, 2026, local time
const daysAgo = (n: number, hour = 12) => new Date(2026, 10, 23 - n, hour, 0);

describe('dreamDateText', () => {
  it('says Today for 0 days, including earlier the same day', () => {
    expect(dreamDateText(daysAgo(0, 0), now)).toBe('Today');
    expect(dreamDateText(daysAgo(0, 9), now)).toBe('Today');
  });
  it('says Yesterday for 1 day, even less than 24 hours ago', () => {
    expect(dreamDateText(daysAgo(1, 23), now)).toBe('Yesterday');
    expect(dreamDateText(daysAgo(1, 0), now)).toBe('Yesterday');
  });
  it('counts days under a week', () => {
    expect(dreamDateText(daysAgo(2), now)).toBe('2 days ago');
    expect(dreamDateText(daysAgo(6), now)).toBe('6 days ago');
  });
  it('switches to MMM d, yyyy at 7 days', () => {
    expect(dreamDateText(daysAgo(7), now)).toBe('Nov 16, 2026');
    expect(dreamDateText(new Date(2025, 0, 5), now)).toBe('Jan 5, 2025');
  });
  it('accepts ISO strings', () => {
    expect(dreamDateText(daysAgo(3).toISOString(), now)).toBe('3 days ago');
  });
  it('says Unknown date for a missing or invalid date', () => {
    expect(dreamDateText(null, now)).toBe('Unknown date');
    expect(dreamDateText(undefined, now)).toBe('Unknown date');
    expect(dreamDateText('', now)).toBe('Unknown date');
    expect(dreamDateText('not a date', now)).toBe('Unknown date');
  });
  it('shows a future date in full rather than a negative count', () => {
    expect(dreamDateText(new Date(2026, 10, 30), now)).toBe('Nov 30, 2026');
  });
});

describe('timePeriodLabel', () => {
  it('labels the eight periods, with Unknown Time on cards', () => {
    expect(timePeriodLabel('early_childhood')).toBe('Early Childhood');
    expect(timePeriodLabel('adolescence')).toBe('Adolescence');
    expect(timePeriodLabel('young_adult')).toBe('Young Adult');
    expect(timePeriodLabel('adult')).toBe('Adult');
    expect(timePeriodLabel('middle_age')).toBe('Middle Age');
    expect(timePeriodLabel('senior')).toBe('Senior');
    expect(timePeriodLabel('unknown')).toBe('Unknown Time');
    expect(timePeriodLabel('recurring')).toBe('Recurring Dream');
  });
  it('shows any other value as it is', () => {
    expect(timePeriodLabel('mid_life_crisis')).toBe('mid_life_crisis');
  });
});

describe('formatShortDate', () => {
  it('uses the US short form', () => {
    expect(formatShortDate(new Date(2025, 0, 5, 8))).toBe('Jan 5, 2025');
    expect(formatShortDate(new Date(2026, 10, 23, 12).toISOString())).toBe('Nov 23, 2026');
  });
  it('says Unknown date for a missing or invalid date', () => {
    expect(formatShortDate(null)).toBe('Unknown date');
    expect(formatShortDate('soon')).toBe('Unknown date');
  });
});

describe('when a dream happened', () => {
  const recorded = new Date(2026, 10, 23, 8, 15);
  const withPeriod = { date: recorded, timePeriod: 'early_childhood', createdAt: recorded };
  const exact = { date: new Date(2026, 10, 17, 12), timePeriod: null, createdAt: recorded };

  it('shows the period, never the recording moment as a date, for a dream with a time period', () => {
    expect(dreamWhenText(withPeriod, now)).toBe('Early Childhood');
    expect(dreamWhenFull(withPeriod)).toBe('Early Childhood');
    expect(dreamWhenLine(withPeriod)).toBe('Early Childhood · Recorded Nov 23, 2026');
    expect(recordedText(recorded, 'relative', now)).toBe('Recorded Today');
  });
  it('shows the date, and no period label, for a dream with an exact date', () => {
    expect(dreamWhenText(exact, now)).toBe('6 days ago');
    expect(dreamWhenFull(exact)).toBe('Nov 17, 2026');
    expect(dreamWhenLine(exact)).toBe('Nov 17, 2026');
    expect(dreamWhenLine({ ...exact, timePeriod: undefined })).not.toContain('Unknown Time');
  });
  it('says Unknown Time only for the period value unknown', () => {
    expect(dreamWhenLine({ ...withPeriod, timePeriod: 'unknown' })).toBe('Unknown Time · Recorded Nov 23, 2026');
    expect(hasTimePeriod({ timePeriod: '' })).toBe(false);
    expect(hasTimePeriod({ timePeriod: null })).toBe(false);
  });
});
