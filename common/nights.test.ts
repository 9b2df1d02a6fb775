import { describe, expect, it } from 'vitest';
import { isTonight, nightOf } from './nights';

// Local times: the test runs in whatever time zone the machine has, and so does the rule.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('nights', () => {
  it('names a night by its evening, with the small hours counted to the night before', () => {
    expect(nightOf(at(1, 22))).toBe('2026-03-01');
    expect(nightOf(at(2, 1, 30))).toBe('2026-03-01');
    expect(nightOf(at(2, 5, 59))).toBe('2026-03-01');
    expect(nightOf(at(2, 6))).toBe('2026-03-02');
    expect(nightOf(at(2, 10))).toBe('2026-03-02');
  });

  it('keeps an intention as tonight’s until the morning after', () => {
    const setAt = at(1, 22, 15);
    expect(isTonight(setAt, at(1, 22, 16))).toBe(true);
    expect(isTonight(setAt, at(2, 3))).toBe(true);
    expect(isTonight(setAt, at(2, 6, 1))).toBe(false);
    expect(isTonight(setAt.toISOString(), at(3, 22))).toBe(false);
    // Set in the morning, it is for the coming night.
    expect(isTonight(at(2, 9), at(2, 23))).toBe(true);
    expect(isTonight(at(2, 9), at(1, 23))).toBe(false);
    expect(isTonight('not a date', at(2, 9))).toBe(false);
  });
});
