import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar, LucidFrequency, OnThisDay, Stats, TopTag } from '@common/schemas/analytics';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

/**
 * The insights figures pinned on crafted journals: known instants, tags and zones. Zones without
 * daylight saving (UTC, Pacific/Kiritimati +14, Asia/Kolkata +5:30) keep "a day" exactly 24 hours.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function dream(user: SignedInUser, date: string, tags: string[] = [], title = 'A dream') {
  const res = await user.client.post('/api/dreams', { title, narrative: 'It happened at night.', tags, date });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** A day `n` days before `day` (YYYY-MM-DD), by calendar arithmetic. */
function minusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
}

const stats = async (user: SignedInUser, zone?: string) => {
  const res = await user.client.get<Stats>(
    `/api/analytics/stats${zone ? `?timeZone=${encodeURIComponent(zone)}` : ''}`,
  );
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/analytics/stats', () => {
  it('an empty account: all zeros, and seven zero weekdays', async () => {
    const user = await signUp(ctx.baseUrl);
    expect(await stats(user)).toEqual({
      totalDreams: 0,
      lucidDreams: 0,
      intentionsSet: 0,
      intentionSuccess: 0,
      currentStreak: 0,
    });
    const freq = await user.client.get<LucidFrequency>('/api/analytics/lucid-frequency');
    expect(freq.body).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day) => ({ day, count: 0 })));
    expect((await user.client.get<TopTag[]>('/api/analytics/top-tags')).body).toEqual([]);
    expect((await user.client.get<OnThisDay>('/api/analytics/on-this-day')).body).toEqual([]);
    const cal = await user.client.get<Calendar>('/api/analytics/calendar');
    expect(cal.body).toEqual({ today: dayIn(new Date(), 'UTC'), days: [] });
  });

  it('a streak of 40 days across a month boundary, ending yesterday; a gap ends it; an old run is no streak', async () => {
    const user = await signUp(ctx.baseUrl);
    const today = dayIn(new Date(), 'UTC');
    // Days yesterday … 40 days ago: 40 consecutive days always cross at least one month boundary.
    for (let n = 1; n <= 40; n++) await dream(user, `${minusDays(today, n)}T00:00:01Z`);
    // Two dreams on one day count as one day; a dream after the gap is not part of the streak.
    await dream(user, `${minusDays(today, 5)}T20:00:00Z`);
    await dream(user, `${minusDays(today, 42)}T12:00:00Z`);
    const first = new Set([minusDays(today, 1).slice(0, 7), minusDays(today, 40).slice(0, 7)]);
    expect(first.size).toBe(2);
    expect(await stats(user, 'UTC')).toMatchObject({ totalDreams: 42, currentStreak: 40 });

    // Recording today extends it by one.
    await dream(user, `${today}T00:00:02Z`);
    expect((await stats(user, 'UTC')).currentStreak).toBe(41);

    // A run that ended two days ago is no current streak.
    const old = await signUp(ctx.baseUrl);
    for (let n = 2; n <= 6; n++) await dream(old, `${minusDays(today, n)}T00:00:01Z`);
    expect((await stats(old, 'UTC')).currentStreak).toBe(0);
  });

  it('days follow the client’s time zone across the day line', async () => {
    const user = await signUp(ctx.baseUrl);
    const zone = 'Pacific/Kiritimati'; // UTC+14, no daylight saving
    const todayK = dayIn(new Date(), zone);
    // Local times in Kiritimati: yesterday 23:30, the day before 00:30, three days ago 12:00.
    await dream(user, `${minusDays(todayK, 1)}T23:30:00+14:00`);
    await dream(user, `${minusDays(todayK, 2)}T00:30:00+14:00`);
    await dream(user, `${minusDays(todayK, 3)}T12:00:00+14:00`);
    // There: three consecutive days ending yesterday.
    expect((await stats(user, zone)).currentStreak).toBe(3);
    // In UTC the same instants fall on todayK-1, todayK-3 and todayK-4: only one day in the current run.
    expect((await stats(user, 'UTC')).currentStreak).toBe(1);
    expect((await stats(user)).currentStreak).toBe(1);
  });

  it('intention success is the completed share rounded to a whole percent', async () => {
    const user = await signUp(ctx.baseUrl);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await user.client.post<{ id: number }>('/api/intentions', {
        text: `Intention ${i}`,
        date: new Date().toISOString(),
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const complete = async (id: number | undefined) =>
      expect((await user.client.patch(`/api/intentions/${id}`, { completed: true })).status).toBe(200);

    expect(await stats(user)).toMatchObject({ intentionsSet: 8, intentionSuccess: 0 });
    await complete(ids[0]); // 1/8 = 12.5 % → 13
    expect((await stats(user)).intentionSuccess).toBe(13);
    await complete(ids[1]);
    await complete(ids[2]); // 3/8 = 37.5 % → 38
    expect((await stats(user)).intentionSuccess).toBe(38);

    const three = await signUp(ctx.baseUrl);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await three.client.post<{ id: number }>('/api/intentions', { text: `T${i}`, date: new Date().toISOString() }))
          .body.id,
      );
    }
    await three.client.patch(`/api/intentions/${made[0]}`, { completed: true });
    expect((await stats(three)).intentionSuccess).toBe(33); // 33.3 %
    await three.client.patch(`/api/intentions/${made[1]}`, { completed: true });
    expect((await stats(three)).intentionSuccess).toBe(67); // 66.7 %
    // Another user's intentions never count.
    expect((await stats(user)).intentionsSet).toBe(8);
  });

  it('counts lucid dreams (tag "lucid", any case) and only the user’s own', async () => {
    const user = await signUp(ctx.baseUrl);
    const other = await signUp(ctx.baseUrl);
    await dream(user, '2026-03-02T12:00:00Z', ['Lucid', 'flying']);
    await dream(user, '2026-03-03T12:00:00Z', ['lucid']);
    await dream(user, '2026-03-04T12:00:00Z', ['lucidity']);
    await dream(other, '2026-03-04T12:00:00Z', ['lucid']);
    expect(await stats(user)).toMatchObject({ totalDreams: 3, lucidDreams: 2 });
  });

  it('refuses an unknown time zone with 400 and a visitor with 401', async () => {
    const user = await signUp(ctx.baseUrl);
    for (const path of ['stats', 'lucid-frequency', 'calendar', 'on-this-day']) {
      const bad = await user.client.get<{ message: string }>(`/api/analytics/${path}?timeZone=Mars%2FOlympus`);
      expect(bad.status, path).toBe(400);
      expect(bad.body.message).toMatch(/timeZone/);
      const visitor = await fetch(`${ctx.baseUrl}/api/analytics/${path}`);
      expect(visitor.status, path).toBe(401);
    }
  });
});

describe('GET /api/analytics/lucid-frequency', () => {
  it('counts lucid dreams by weekday of the day in the zone, always Mon … Sun', async () => {
    const user = await signUp(ctx.baseUrl);
    // 2026-03-02 is a Monday.
    await dream(user, '2026-03-02T12:00:00Z', ['lucid']); // Mon
    await dream(user, '2026-03-09T08:00:00Z', ['lucid', 'sea']); // Mon
    await dream(user, '2026-03-05T12:00:00Z', ['lucid']); // Thu
    await dream(user, '2026-03-08T20:00:00Z', ['lucid']); // Sun in UTC, Mon 01:30 in Kolkata
    await dream(user, '2026-03-07T12:00:00Z', ['sea']); // Sat, not lucid

    const utc = await user.client.get<LucidFrequency>('/api/analytics/lucid-frequency?timeZone=UTC');
    expect(utc.status).toBe(200);
    expect(utc.body).toEqual([
      { day: 'Mon', count: 2 },
      { day: 'Tue', count: 0 },
      { day: 'Wed', count: 0 },
      { day: 'Thu', count: 1 },
      { day: 'Fri', count: 0 },
      { day: 'Sat', count: 0 },
      { day: 'Sun', count: 1 },
    ]);
    const kolkata = await user.client.get<LucidFrequency>('/api/analytics/lucid-frequency?timeZone=Asia%2FKolkata');
    expect(kolkata.body.map((e) => e.count)).toEqual([3, 0, 0, 1, 0, 0, 0]);
  });
});

describe('GET /api/analytics/top-tags', () => {
  it('most frequent first, ties alphabetical', async () => {
    const user = await signUp(ctx.baseUrl);
    await dream(user, '2026-01-01T12:00:00Z', ['zebra', 'apple', 'moon']);
    await dream(user, '2026-01-02T12:00:00Z', ['moon', 'zebra']);
    await dream(user, '2026-01-03T12:00:00Z', ['kite', 'moon', 'apple']);
    await dream(user, '2026-01-04T12:00:00Z', ['banana']);
    const top = await user.client.get<TopTag[]>('/api/analytics/top-tags?limit=4');
    expect(top.body).toEqual([
      { tag: 'moon', count: 3 },
      { tag: 'apple', count: 2 },
      { tag: 'zebra', count: 2 },
      { tag: 'banana', count: 1 },
    ]);
  });
});

describe('GET /api/analytics/calendar and on-this-day', () => {
  it('counts dreams per local day over the last 12 weeks and finds the same day of earlier months', async () => {
    const user = await signUp(ctx.baseUrl);
    const zone = 'Asia/Kolkata';
    const today = dayIn(new Date(), zone);
    await dream(user, `${minusDays(today, 1)}T10:00:00+05:30`, [], 'Yesterday one');
    await dream(user, `${minusDays(today, 1)}T23:50:00+05:30`, [], 'Yesterday two');
    await dream(user, `${minusDays(today, 10)}T03:00:00+05:30`, [], 'Ten days ago');
    await dream(user, `${minusDays(today, 120)}T03:00:00+05:30`, [], 'Too old for the map');

    // The same day of the month, one month and one year back (skipped when that month lacks the day).
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const sameDay = (year: number, month: number) => {
      const when = new Date(Date.UTC(year, month - 1, d, 6));
      return when.getUTCDate() === d ? when.toISOString().slice(0, 10) : null;
    };
    const lastMonth = sameDay(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1);
    const lastYear = sameDay(y - 1, m);
    if (lastMonth) await dream(user, `${lastMonth}T12:00:00+05:30`, [], 'A month ago');
    if (lastYear) await dream(user, `${lastYear}T12:00:00+05:30`, [], 'A year ago');

    const cal = await user.client.get<Calendar>(`/api/analytics/calendar?timeZone=${encodeURIComponent(zone)}`);
    expect(cal.status).toBe(200);
    expect(cal.body.today).toBe(today);
    const byDay = new Map(cal.body.days.map((e) => [e.date, e.count]));
    expect(byDay.get(minusDays(today, 1))).toBe(2);
    expect(byDay.get(minusDays(today, 10))).toBe(1);
    expect(byDay.has(minusDays(today, 120))).toBe(false);

    const otd = await user.client.get<OnThisDay>(`/api/analytics/on-this-day?timeZone=${encodeURIComponent(zone)}`);
    expect(otd.status).toBe(200);
    const expected = [
      ...(lastMonth ? [{ title: 'A month ago', date: lastMonth, monthsAgo: 1 }] : []),
      ...(lastYear ? [{ title: 'A year ago', date: lastYear, monthsAgo: 12 }] : []),
    ];
    expect(otd.body.map(({ title, date, monthsAgo }) => ({ title, date, monthsAgo }))).toEqual(expected);
  });
});

describe('the per-process cache of the figures', () => {
  it('forgets a user’s figures when their dreams or intentions change outside this process', async () => {
    const user = await signUp(ctx.baseUrl);
    await dream(user, '2026-02-02T12:00:00Z', ['lucid']);
    expect(await stats(user)).toMatchObject({ totalDreams: 1, intentionsSet: 0 });
    // Written straight into PostgreSQL (another process, the CLI): only the triggers announce these.
    const until = async (done: (s: Stats) => boolean) => {
      const deadline = Date.now() + 10_000;
      let seen = await stats(user);
      while (!done(seen) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await stats(user);
      }
      return seen;
    };
    await ctx.db.execute(
      sql`insert into intentions (user_id, text, outcome) values (${user.user.id}, 'From elsewhere', 'success')`,
    );
    expect(await until((s) => s.intentionsSet === 1)).toMatchObject({ totalDreams: 1, intentionsSet: 1 });
    await ctx.db.execute(
      sql`insert into dreams (user_id, title, narrative, tags, date) values (${user.user.id}, 'Elsewhere', 'Text', '{lucid}', now())`,
    );
    const seen = await until((s) => s.totalDreams === 2);
    expect(seen).toMatchObject({ totalDreams: 2, lucidDreams: 2, intentionsSet: 1, intentionSuccess: 100 });
  });
});
