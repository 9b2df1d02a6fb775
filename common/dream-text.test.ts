import { describe, expect, it } from 'vitest';
import { dreamDateText, timePeriodLabel } from './dream-text';

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
