import { describe, expect, it } from 'vitest';
import { calendarNoon, dayKey, instantOf, orderNumeric, readDateText, shortDay, wallTimeIn } from './dates';

const intlWall = (instant: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return { ...parts, hour: (parts.hour ?? 0) % 24 };
};

describe('zone arithmetic', () => {
  it('reads the wall clock as Intl does, every 13 minutes around each 2026 clock change', () => {
    const changes: Record<string, Array<[number, number]>> = {
      'America/New_York': [
        [2, 8],
        [10, 1],
      ],
      'Europe/London': [
        [2, 29],
        [9, 25],
      ],
      'Australia/Lord_Howe': [
        [3, 5],
        [9, 4],
      ],
      'Asia/Kolkata': [[5, 1]],
      'Pacific/Kiritimati': [[5, 1]],
    };
    for (const [timeZone, days] of Object.entries(changes)) {
      for (const [month, day] of days) {
        const start = Date.UTC(2026, month, day - 1);
        for (let ms = start; ms < start + 2 * 86_400_000; ms += 13 * 60_000) {
          expect(wallTimeIn(new Date(ms), timeZone), `${timeZone} ${new Date(ms).toISOString()}`).toEqual(
            intlWall(new Date(ms), timeZone),
          );
        }
      }
    }
  });

  it('puts a calendar day at noon of that day in the zone', () => {
    expect(calendarNoon(2026, 10, 2, 'America/New_York').toISOString()).toBe('2026-10-02T16:00:00.000Z');
    expect(calendarNoon(2026, 1, 2, 'America/New_York').toISOString()).toBe('2026-01-02T17:00:00.000Z');
    expect(calendarNoon(2026, 10, 2, 'UTC').toISOString()).toBe('2026-10-02T12:00:00.000Z');
    expect(dayKey(calendarNoon(2026, 10, 2, 'Pacific/Kiritimati'), 'Pacific/Kiritimati')).toBe('2026-10-02');
    // 02:30 on the spring-forward night does not exist in New York; it lands within the hour after.
    const gap = instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York');
    expect(shortDay(gap, 'America/New_York')).toBe('Mar 8, 2026');
  });
});

describe('readDateText', () => {
  it('tells calendar dates, wall times, instants and day/month numbers apart', () => {
    expect(readDateText('2026-10-02')).toEqual({
      kind: 'wall',
      wall: { year: 2026, month: 10, day: 2, hour: 12, minute: 0, second: 0 },
    });
    expect(readDateText('Oct 2, 2026')).toMatchObject({ kind: 'wall', wall: { month: 10, day: 2 } });
    expect(readDateText('2 October 2026')).toMatchObject({ kind: 'wall', wall: { month: 10, day: 2 } });
    expect(readDateText('2026-10-02 9:15 pm')).toMatchObject({ kind: 'wall', wall: { hour: 21, minute: 15 } });
    expect(readDateText('2026-10-02T06:00:00.000Z')).toEqual({
      kind: 'instant',
      date: new Date('2026-10-02T06:00:00.000Z'),
    });
    expect(readDateText('02/10/2026')).toEqual({
      kind: 'numeric',
      value: { first: 2, second: 10, year: 2026, time: null },
    });
    expect(readDateText('02/10/2026 14:00 GMT').kind).toBe('invalid');
    for (const bad of ['2026-02-30', '13/13/2026', 'yesterday', '2026-10-02 25:00', 'Foo 2, 2026', '02/10/26']) {
      expect(readDateText(bad).kind, bad).toBe('invalid');
    }
    expect(readDateText('  ').kind).toBe('empty');
  });

  it('orders day/month numbers and rejects days that do not exist', () => {
    const value = { first: 2, second: 10, year: 2026, time: null };
    expect(orderNumeric(value, 'month-day')).toMatchObject({ month: 2, day: 10, hour: 12 });
    expect(orderNumeric(value, 'day-month')).toMatchObject({ month: 10, day: 2, hour: 12 });
    expect(orderNumeric({ first: 31, second: 4, year: 2026, time: null }, 'day-month')).toBeNull();
  });
});
