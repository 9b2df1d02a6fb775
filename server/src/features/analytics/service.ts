import { type SQL, sql } from 'drizzle-orm';
import {
  CALENDAR_WEEKS,
  type Calendar,
  type LucidFrequency,
  type OnThisDay,
  type Stats,
  type TopTag,
  WEEKDAYS,
} from '@common/schemas/analytics';
import type { Database } from '../../db/client';
import { badRequest, pgErrorCode } from '../../lib/http-error';

import type { InterpretationEngine } from '../../engine/types';
import { analyticsCacheFor } from './cache';
import { dreamSigns } from './dream-signs';

/**
 * The user's recurring symbols and motifs (read by the guided library's personalisation) through the per-user insights cache (the same entry rules as the route:
 * evicted when their dreams change; an answer still pending background analysis is not kept).
 */
export function cachedDreamSigns(db: Database, engine: InterpretationEngine, userId: number) {
  return analyticsCacheFor(db).get(
    userId,
    'dream-signs:value',
    () => dreamSigns(db, engine, userId),
    (answer) => answer.pending === 0,
  );
}

/**
 * Every figure here is an aggregate in PostgreSQL over the user's rows (the dreams_user_sort_idx,
 * dreams_tags_idx and intentions_user_date_idx indexes); no dream is loaded into memory.
 * A dream's day is its journal date (`sort_at`: its date, or when it was recorded if it only has a
 * time period) read in the client's zone.
 */

const LUCID_TAG = 'lucid';

/** One formatter per zone (making one costs far more than using it): its canonical name and local date. */
const zones = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = zones.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // IANA has about 600 names and their aliases; the bound only guards against junk that Intl accepts.
    if (zones.size >= 2_000) zones.clear();
    zones.set(timeZone, f);
  }
  return f;
}

/** The zone's canonical IANA name (the schema already checked that Intl knows it); UTC if absent. */
function zoneOf(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  return formatterOf(timeZone).resolvedOptions().timeZone;
}

/** The zone and its current local date: figures that depend on "today" are cached under this. */
export function dayKey(timeZone: string | undefined): string {
  const zone = zoneOf(timeZone);
  return `${zone}|${formatterOf(zone).format(new Date())}`;
}

/** A zone Intl knows but PostgreSQL's own zone list does not is the client's mistake: 400, not 500. */
async function inZone<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err).code === '22023') throw badRequest('timeZone is not a time zone this server knows');
    throw err;
  }
}

/** The user's most used tags, most frequent first; ties alphabetically, so the order is stable. */
export async function topTags(db: Database, userId: number, limit: number): Promise<TopTag[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select t.tag, count(*)::int as count
    from dreams d cross join lateral unnest(d.tags) as t(tag)
    where d.user_id = ${userId}
    group by t.tag
    order by count(*) desc, t.tag asc
    limit ${limit}`);
  return result.rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

/** Saved dreams' analyses, for the features that read a user's history (interpretations, lexicon). */
export { currentAnalyses, dreamAnalysisTable, ensureAnalyses, fillAnalyses, versionedDreamColumns } from './analyses';

/** A dream of the user's on the local day `day` (a date expression) in `zone`. */
function dreamOn(userId: number, zone: string, day: SQL) {
  return sql`select 1 from dreams where user_id = ${userId}
    and sort_at >= ((${day})::timestamp at time zone ${zone}) and sort_at < ((${day} + 1)::timestamp at time zone ${zone})`;
}

/** Totals, intention success and the current streak, in one round trip. */
export async function stats(db: Database, userId: number, timeZone?: string): Promise<Stats> {
  const zone = zoneOf(timeZone);
  const result = await inZone(() =>
    db.execute<{
      total_dreams: number;
      lucid_dreams: number;
      intentions_set: number;
      intention_success: number;
      current_streak: number;
    }>(sql`
    with recursive today as (select (now() at time zone ${zone})::date as d),
    -- Whether the user recorded a dream on a local day: one index probe on (user_id, sort_at).
    start as (
      select case
        when exists (${dreamOn(userId, zone, sql`t.d`)}) then t.d
        when exists (${dreamOn(userId, zone, sql`t.d - 1`)}) then t.d - 1
      end as d
      from today t
    ),
    -- Walk back one day at a time while each day has a dream: as many probes as the streak is long.
    streak(d) as (
      select d from start where d is not null
      union all
      select s.d - 1 from streak s where exists (${dreamOn(userId, zone, sql`s.d - 1`)})
    )
    select
      (select count(*)::int from dreams where user_id = ${userId}) as total_dreams,
      (select count(*)::int from dreams where user_id = ${userId} and tags @> array[${LUCID_TAG}]::text[]) as lucid_dreams,
      i.total as intentions_set,
      coalesce(round(100.0 * i.done / nullif(i.total, 0)), 0)::int as intention_success,
      (select count(*)::int from streak) as current_streak
    from (
      select count(*)::int as total, count(*) filter (where completed)::int as done
      from intentions where user_id = ${userId}
    ) i`),
  );
  const row = result.rows[0];
  return {
    totalDreams: Number(row?.total_dreams ?? 0),
    lucidDreams: Number(row?.lucid_dreams ?? 0),
    intentionsSet: Number(row?.intentions_set ?? 0),
    intentionSuccess: Number(row?.intention_success ?? 0),
    currentStreak: Number(row?.current_streak ?? 0),
  };
}

/** Dreams tagged "lucid" by weekday of their day in the zone: seven entries, Mon … Sun. */
export async function lucidFrequency(db: Database, userId: number, timeZone?: string): Promise<LucidFrequency> {
  const zone = zoneOf(timeZone);
  const result = await inZone(() =>
    db.execute<{ dow: number; count: number }>(sql`
    select extract(isodow from (sort_at at time zone ${zone}))::int as dow, count(*)::int as count
    from dreams
    where user_id = ${userId} and tags @> array[${LUCID_TAG}]::text[]
    group by 1`),
  );
  const counts = new Map(result.rows.map((r) => [Number(r.dow), Number(r.count)]));
  return WEEKDAYS.map((day, i) => ({ day, count: counts.get(i + 1) ?? 0 }));
}

/** Dreams per day over the calendar's weeks (Monday-based, ending with this week), days with dreams only. */
export async function calendar(db: Database, userId: number, timeZone?: string): Promise<Calendar> {
  const zone = zoneOf(timeZone);
  const result = await inZone(() =>
    db.execute<{ today: string; date: string | null; count: number | null }>(sql`
    with today as (select (now() at time zone ${zone})::date as d),
    span as (
      select (d - (extract(isodow from d)::int - 1) - ${(CALENDAR_WEEKS - 1) * 7}::int) as first, d as last from today
    ),
    counted as (
      select (sort_at at time zone ${zone})::date as day, count(*)::int as count
      from dreams, span
      where user_id = ${userId}
        -- A day's bounds as instants, so the index on (user_id, sort_at) narrows the scan.
        and sort_at >= (span.first::timestamp at time zone ${zone}) - interval '1 day'
        and sort_at < ((span.last + 1)::timestamp at time zone ${zone}) + interval '1 day'
      group by 1
    )
    select to_char(t.d, 'YYYY-MM-DD') as today, to_char(c.day, 'YYYY-MM-DD') as date, c.count
    from today t
    left join counted c on c.day between (select first from span) and (select last from span)
    order by c.day`),
  );
  const today = result.rows[0]?.today ?? new Date().toISOString().slice(0, 10);
  const days = result.rows
    .filter((r) => r.date !== null)
    .map((r) => ({ date: String(r.date), count: Number(r.count) }));
  return { today, days };
}

export const ON_THIS_DAY_MAX = 10;

/**
 * Dreams whose day is today's day of the month in an earlier month or year (a dream of
 * 14 January shows on 14 February and every 14th after), newest first.
 */
export async function onThisDay(db: Database, userId: number, timeZone?: string): Promise<OnThisDay> {
  const zone = zoneOf(timeZone);
  // One index range scan (user_id, sort_at) per earlier month that has this day, from the month of
  // the user's first dream: no row is converted to local time just to be compared.
  const result = await inZone(() =>
    db.execute<{ id: number; title: string; date: string; months_ago: number }>(sql`
    with today as (select (now() at time zone ${zone})::date as d),
    first as (select min(sort_at) as at from dreams where user_id = ${userId}),
    months as (
      select m::date as m
      from today, first,
        generate_series(date_trunc('month', first.at at time zone ${zone}), date_trunc('month', today.d) - interval '1 month', interval '1 month') as m
    ),
    days as (
      select (months.m + (extract(day from today.d)::int - 1))::date as day
      from months, today
      where extract(day from today.d) <= extract(day from months.m + interval '1 month' - interval '1 day')
    )
    select d.id, d.title, to_char(days.day, 'YYYY-MM-DD') as date,
      ((extract(year from t.d) - extract(year from days.day)) * 12 + extract(month from t.d) - extract(month from days.day))::int
        as months_ago
    from days
    cross join today t
    join lateral (
      select id, title, created_at from dreams
      where user_id = ${userId}
        and sort_at >= (days.day::timestamp at time zone ${zone})
        and sort_at < ((days.day + 1)::timestamp at time zone ${zone})
      -- The limit keeps this a per-day index probe: without it the planner may scan every dream once instead.
      order by created_at desc, id desc
      limit ${ON_THIS_DAY_MAX}
    ) d on true
    order by days.day desc, d.created_at desc, d.id desc
    limit ${ON_THIS_DAY_MAX}`),
  );
  return result.rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    date: r.date,
    monthsAgo: Number(r.months_ago),
  }));
}
